"""The page's controller (reversi/ui/controller.py): intents in, views out, under CPython."""

from __future__ import annotations

import random

import pytest
from support import find_game_with_pass

from reversi import PASS, Game, Rules, RulesError
from reversi.core.rules import BLACK, WHITE, random_blocked
from reversi.ui.controller import Controller as _Controller
from reversi.ui.controller import legal_names
from reversi.ui.forms import FORM_DEFAULTS, form_side_names, preview_fields, rules_from_fields
from reversi.ui.players import Players


def Controller(rules: Rules | None = None) -> _Controller:  # stands in for the class
    """Two people at one board: these tests play both sides by hand."""
    return _Controller(rules, players=Players())


def form(**changes: str) -> dict[str, str]:
    fields = dict(FORM_DEFAULTS)
    fields.update(changes)
    return {k: v for k, v in fields.items() if v != ""}


# -- the new-game form ------------------------------------------------------------------


def test_default_form_is_standard_othello() -> None:
    assert rules_from_fields(FORM_DEFAULTS) == Rules()
    assert rules_from_fields({}) == Rules()


@pytest.mark.parametrize(
    "fields, expected",
    [
        (form(variant="classic"), Rules("classic")),
        (form(variant="octagon"), Rules("octagon")),
        (form(size="10"), Rules(size=10)),
        (form(size="4", anti="on"), Rules(size=4, anti=True)),
        (form(free_opening="on"), Rules(free_opening=True)),
        (form(blocked_mode="list", blocked_list="C3, f6  b7"), Rules(blocked=("c3", "f6", "b7"))),
        (form(blocked_mode="none", blocked_list="c3"), Rules()),
        (form(handicap="2"), Rules(handicap=2)),
        (form(handicap="3", handicap_color="white"), Rules(handicap=3, handicap_color=WHITE)),
        (form(variant="classic", size="12", anti="on"), Rules("classic", size=12, anti=True)),
        (form(variant="octagon", anti="on", free_opening="on"), Rules("octagon", anti=True, free_opening=True)),
    ],
)
def test_form_fields_give_the_rules(fields: dict[str, str], expected: Rules) -> None:
    assert rules_from_fields(fields) == expected


def test_random_blocked_squares_are_reproducible_from_the_seed() -> None:
    rules = rules_from_fields(form(blocked_mode="random", blocked_count="5", blocked_seed="42"))
    assert rules == random_blocked(Rules(), 5, 42)
    assert len(rules.blocked) == 5
    again = rules_from_fields(form(blocked_mode="random", blocked_count="5", blocked_seed="42"))
    assert again == rules
    fresh = rules_from_fields(form(blocked_mode="random", blocked_count="3"))  # no seed: a random one
    assert len(fresh.blocked) == 3
    assert rules_from_fields(form(blocked_mode="random", blocked_count="3"), seed=7) == random_blocked(Rules(), 3, 7)


@pytest.mark.parametrize(
    "fields, words",
    [
        (form(variant="octagon", handicap="1"), "no corners"),
        (form(variant="octagon", size="10"), "fixed board"),
        (form(size="9"), "board size 9"),
        (form(size="18"), "board size 18"),
        (form(size="big"), "'big' is not a whole number"),
        (form(variant="chess"), "unknown rule set 'chess'"),
        (form(blocked_mode="list", blocked_list="d4"), "d4 is a starting square"),
        (form(blocked_mode="list", blocked_list="z9"), "'z9'"),
        (form(blocked_mode="list", blocked_list=" "), "at least one square"),
        (form(blocked_mode="list", blocked_list="a1", handicap="1"), "handicap corner a1 is blocked"),
        (form(blocked_mode="random", blocked_count="61"), "cannot block 61 squares"),
        (form(blocked_mode="random", blocked_count="x"), "'x' is not a whole number"),
        (form(blocked_mode="random", blocked_seed="abc"), "seed 'abc'"),
        (form(handicap="5"), "handicap 5"),
    ],
)
def test_refused_forms_raise_the_engines_clear_message(fields: dict[str, str], words: str) -> None:
    with pytest.raises(RulesError, match=None) as info:
        rules_from_fields(fields)
    assert words in str(info.value)
    ok, text = preview_fields(fields)
    assert not ok and words in text


def test_preview_and_side_names() -> None:
    assert preview_fields(form(size="10", anti="on")) == (True, "Othello 10x10, anti")
    assert form_side_names(form(variant="classic")) == ("Black", "Red")
    assert form_side_names(form(variant="nonsense")) == ("Black", "White")


def test_a_refused_new_game_keeps_the_current_game() -> None:
    c = Controller()
    c.click("f5")
    with pytest.raises(RulesError):
        c.new_game(form(variant="octagon", handicap="2"))
    assert c.status().move_count == 1


# -- playing ---------------------------------------------------------------------------


def test_start_views_for_every_rule_set() -> None:
    for rules in (Rules(), Rules("classic"), Rules("octagon"), Rules(size=10), Rules(handicap=2)):
        c = Controller(rules)
        view = c.board_view()
        pos = Game(rules).position
        assert view.cells.count("black") == pos.count(BLACK)
        assert view.cells.count("white") == pos.count(WHITE)
        assert view.legal == frozenset(legal_names(pos))
        assert view.last_move is None and not view.flipped
        st = c.status()
        assert st.message == "Black to move" + (": place a disc in the centre" if rules.variant == "classic" else "")
        assert not st.can_undo and not st.can_redo
    assert Controller(Rules("classic")).status().colors == ("black", "red")
    assert Controller(Rules("classic")).status().supply == (32, 32)
    assert Controller(Rules("octagon")).board_view().cells.count("cut") == 12
    assert Controller(Rules(blocked=("c3",))).board_view().cells.count("blocked") == 1


def test_a_click_plays_a_legal_move_and_nothing_else() -> None:
    c = Controller()
    before = c.board_view()
    for name in ("a1", "d4", "e5", "z9", "", "f55", "pass"):
        assert not c.click(name)
        assert c.board_view() == before
    assert c.click("F5")
    view = c.board_view()
    assert view.last_move == "f5"
    assert view.flipped == frozenset({"e5"})
    assert view.turn == WHITE
    st = c.status()
    assert st.counts == (4, 1) and st.message == "White to move" and st.can_undo


def test_undo_and_redo() -> None:
    c = Controller()
    c.click("f5")
    c.click("d6")
    assert c.undo()
    view = c.board_view()
    assert view.last_move == "f5" and not view.flipped  # no animation when taking back
    assert c.status().can_redo
    assert c.redo()
    view = c.board_view()
    assert view.last_move == "d6" and view.flipped  # the replayed move animates
    assert c.undo() and c.undo() and not c.undo()
    assert c.board_view().last_move is None
    # the same move again follows the game's line (its continuation is kept to redo)
    c.click("f5")
    assert c.status().can_redo
    # another move after an undo continues the game there; the old line is kept as a variation
    assert c.undo() and c.click("d3")
    assert not c.status().can_redo and c.game.line == [c.rules.geometry.parse_square("d3")]
    old = c.game.root.children[1]
    assert old.move == c.rules.geometry.parse_square("f5") and old.children  # f5 d6 kept


@pytest.mark.parametrize("rules", [Rules(), Rules("classic"), Rules(size=6)], ids=str)
def test_a_pass_is_announced_with_the_side_names(rules: Rules) -> None:
    moves = find_game_with_pass(rules)
    c = Controller(rules)
    for move in moves:
        assert c.play(move)
    game = Game(rules)
    game.play_all(moves)
    passer = rules.side_names[game.position_at(game.ply - 1).turn]
    st = c.status()
    assert st.notice in (f"{passer} has no move and passes", f"{passer} has no discs left and passes")
    assert st.message == f"{rules.side_names[game.position.turn]} to move"
    # one more move and the notice is gone
    c.play(c.position.legal_moves()[0])
    assert c.status().notice == "" or c.game.line[-1] == PASS


@pytest.mark.parametrize(
    "rules", [Rules(), Rules(anti=True), Rules("classic"), Rules("octagon"), Rules(size=4)], ids=str
)
def test_the_end_shows_the_result_winner_first(rules: Rules) -> None:
    rng = random.Random(3)
    c = Controller(rules)
    while not c.position.is_over:
        c.play(rng.choice(c.position.legal_moves()))
    result = c.position.result()
    st = c.status()
    assert st.over and st.turn is None and st.score == result.score
    said = f"Draw {result.score}" if result.winner is None else f"{rules.side_names[result.winner]} wins {result.score}"
    if result.empties:  # the score is more than the counters show: the message says why
        assert st.message.startswith(f"{said} ({result.board_score} on the board, plus ")
    else:
        assert st.message == said
    if result.winner is not None:
        first, second = map(int, result.score.split(":"))
        assert (first < second) if rules.anti else (first > second)
    assert c.board_view().legal == frozenset() and c.board_view().turn is None


def test_known_score_in_the_status() -> None:
    # the shortest possible game: black wins 64:0 after nine moves
    c = Controller()
    for name in "e6 f4 e3 f6 g5 d6 e7 f5 c5".split():
        assert c.click(name), name
    # the counters show the discs on the board; the message says where the rest of the score comes from
    assert c.status().counts == (13, 0)
    assert c.status().message == "Black wins 64:0 (13:0 on the board, plus 51 empty squares for the winner)"
    # the status line draws it in two parts: the result, and why it is more than the counters
    st = c.status()
    assert st.headline == "Black wins 64:0"
    assert st.score_note == "13:0 on the board, plus 51 empty squares for the winner"
    c.undo()
    assert (c.status().headline, c.status().score_note) == ("", "")


def test_keyboard_cursor_moves_over_the_board_and_skips_holes() -> None:
    c = Controller(Rules("octagon"))
    assert c.move_cursor(1, 0)  # first press: the cursor appears on the first legal move
    assert c.board_view().cursor == legal_names(c.position)[0]
    g = c.rules.geometry
    c.cursor = g.parse_square("c1")
    assert c.move_cursor(-1, 0) is False  # b1 and a1 are cut: the cursor stays
    assert g.name(c.cursor) == "c1"
    c.cursor = g.parse_square("c2")
    assert c.move_cursor(-1, 0) is True  # b2 is on the board
    assert g.name(c.cursor) == "b2"
    assert c.move_cursor(-1, 0) is False  # a2 is cut
    c.cursor = g.parse_square("b3")
    assert c.move_cursor(0, -1) is True  # b2 is on the octagon board
    assert g.name(c.cursor) == "b2"
    c.cursor = g.parse_square("a3")
    assert not c.activate()  # not a legal move: nothing happens
    first = legal_names(c.position)[0]
    c.cursor = g.parse_square(first)
    assert c.activate() and c.board_view().last_move == first
    c2 = Controller(Rules(blocked=("e3",)))
    c2.cursor = c2.rules.geometry.parse_square("e4")
    assert c2.move_cursor(0, -1) and c2.board_view().cursor == "e2"
    c2.rotate()
    assert c2.move_cursor(0, -1) and c2.board_view().cursor == "e4"  # screen up is board down


def test_new_game_replaces_the_game() -> None:
    c = Controller()
    c.click("f5")
    rules = c.new_game(form(variant="classic"))
    assert rules == Rules("classic")
    st = c.status()
    assert st.side_names == ("Black", "Red") and st.counts == (0, 0) and st.move_count == 0
    assert c.board_view().legal == frozenset({"d4", "e4", "d5", "e5"})


def test_the_form_disables_what_the_rule_set_does_not_take() -> None:
    from reversi.ui.forms import form_applicable

    assert form_applicable({"variant": "othello"}) == dict.fromkeys(
        ("size", "free_opening", "handicap", "handicap_color"), True
    )
    octagon = form_applicable({"variant": "octagon"})
    assert not octagon["size"] and not octagon["handicap"] and octagon["free_opening"]
    classic = form_applicable({"variant": "classic"})
    assert not classic["free_opening"] and classic["size"] and classic["handicap"]
    # what a disabled field would have said is not sent: the defaults start a valid game
    fields = {k: v for k, v in FORM_DEFAULTS.items() if k not in ("size", "handicap", "handicap_color")}
    assert rules_from_fields({**fields, "variant": "octagon"}).variant == "octagon"


def test_a_persons_pass_stays_announced_until_the_person_moves() -> None:
    """Against the computer, the person's forced pass is not hidden by the computer's next move."""
    rules = Rules(size=6)
    for seed in range(3000):  # a game where a side passes, the other moves, then the first can move
        rng = random.Random(seed)
        game = Game(rules)
        while not game.is_over and not (game.line and game.line[-1] == PASS):
            game.play(rng.choice(game.position.legal_moves()))
        if game.is_over:
            continue
        human = game.position_at(len(game.line) - 1).turn  # the side that had to pass
        after = game.position.play(game.position.legal_moves()[0])
        if not after.is_over and after.turn == human and not after.must_pass:
            break
    else:
        raise AssertionError("no such game found")
    played = list(game.line)
    c = _Controller(rules, players=Players.vs_computer(human, 1))
    c.load_game(game)
    assert "passes" in c.status().notice
    assert c.place(c.position.legal_moves()[0])  # the computer moves on
    assert c.position.turn == human and "passes" in c.status().notice  # the pass stays said
    assert c.play(c.position.legal_moves()[0])  # the person moves: now it is gone
    assert "passes" not in c.status().notice
    # two people see it only right after the pass, as before
    c2 = _Controller(rules, players=Players())
    again = Game(rules)
    again.play_all(played)
    c2.load_game(again)
    assert "passes" in c2.status().notice
    c2.place(c2.position.legal_moves()[0])
    assert "passes" not in c2.status().notice
