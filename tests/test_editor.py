"""The board editor: any position of any rule set, refused only where the rules cannot hold it."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reversi import Position, Rules
from reversi.core.rules import WHITE
from reversi.errors import ReversiError
from reversi.formats.notation import parse_position, position_to_string
from reversi.ui.controller import Controller
from reversi.ui.editor import TOOLS, Editor
from reversi.ui.players import Players
from reversi.ui.sharing import link_query


@pytest.mark.parametrize(
    "rules", [Rules(), Rules(size=10), Rules("octagon"), Rules("classic"), Rules(anti=True), Rules(blocked=("a1",))]
)
def test_the_start_comes_back_as_it_was(rules: Rules) -> None:
    start = Position.start(rules)
    editor = Editor(start)
    assert editor.position() == start and editor.problem() == ""
    assert parse_position(position_to_string(editor.position()), rules) == start


def test_a_composed_position_is_played_and_its_warnings_named() -> None:
    editor = Editor(Position.start(Rules()))
    editor.clear()
    for tool, squares in (("black", ["a1", "b2"]), ("white", ["c3", "h8"])):
        editor.set_tool(tool)
        for name in squares:
            assert editor.click(name)
    editor.set_turn(WHITE)
    warnings = " ".join(editor.warnings())
    assert "centre squares" in warnings and "touch" in warnings
    pos = editor.position()
    assert pos.turn == WHITE and pos.count(0) == 2 and pos.count(1) == 2
    editor.click("h8")  # a second click takes a disc off again
    assert editor.position().count(1) == 1


def test_blocked_squares_where_the_rules_allow_them_and_a_refusal_where_not() -> None:
    editor = Editor(Position.start(Rules()))
    editor.set_tool("blocked")
    editor.click("a1")
    assert editor.rules().blocked == ("a1",) and editor.position().rules.blocked == ("a1",)
    editor.click("d4")  # a starting square cannot be blocked: the rules' own message
    assert "starting square" in editor.problem()
    with pytest.raises(ReversiError):
        editor.position()


def test_classic_keeps_discs_in_hand() -> None:
    editor = Editor(Position.start(Rules("classic")))
    editor.set_supply(10, 12)
    problem = editor.problem()
    assert problem == "" or "hand" in problem or "disc" in problem


def test_the_controller_plays_or_studies_from_the_editor() -> None:
    c = Controller()
    assert c.open_editor() and c.editing and c.ai_request() is None
    assert c.status().message.startswith("Setting up")
    assert c.click("a1")  # the editor takes the click
    assert c.close_editor(play=True, study=True)
    a1 = c.rules.geometry.parse_square("a1")
    assert not c.editing and not c.players.any_computer and c.game.start.black >> a1 & 1
    assert "p=" in link_query(c.game)  # the position goes out in the link


def test_the_game_behind_the_editor_stays_as_it_is_and_is_said_to_be_in_progress() -> None:
    c = Controller()
    c.set_players(Players())  # two people at one board
    assert c.click("f5") and c.click("d6")
    assert c.open_editor() and c.editing_over_a_game
    moves = list(c.game.moves)
    assert not c.undo() and not c.redo() and c.game.moves == moves  # the buttons are off too
    assert c.close_editor() and c.undo() and c.game.moves == moves[:1]
    fresh = Controller()
    assert fresh.open_editor() and not fresh.editing_over_a_game  # nothing played: nothing to end


@settings(max_examples=60, deadline=None)
@given(st.sampled_from([Rules(), Rules(size=6), Rules("octagon"), Rules("classic")]),
       st.lists(st.tuples(st.sampled_from(TOOLS), st.integers(0, 255)), max_size=40), st.booleans())
def test_any_clicks_give_a_position_or_the_rules_message(rules: Rules, clicks, white: bool) -> None:
    editor = Editor(Position.start(rules))
    g = editor.base.geometry
    for tool, k in clicks:
        editor.set_tool(tool)
        editor.click(g.name(g.squares[k % len(g.squares)]))
    editor.set_turn(1 if white else 0)
    try:
        pos = editor.position()
    except ReversiError as e:
        assert str(e) and editor.problem() == str(e)
    else:
        assert editor.problem() == "" and isinstance(editor.warnings(), list)
        assert parse_position(position_to_string(pos), pos.rules) == pos
