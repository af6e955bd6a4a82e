"""Saved state, share link, pasted text and whose clock runs (reversi/ui/store/saved_state.py,
reversi/ui/sharing.py, reversi/ui/records.py, reversi/ui/clocks.py), under CPython."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import find_game_with_pass

from reversi import Game, Rules
from reversi.core.clock import Clock, TimeControl
from reversi.core.position import PASS, Position
from reversi.errors import IllegalMoveError, NotationError, ReversiError, RulesError
from reversi.formats.notation import play_transcript, position_to_string
from reversi.formats.record import MAX_RECORDS_TEXT, MAX_TEXT, Record, read_record, rules_to_dict
from reversi.ui.clocks import clock_turn
from reversi.ui.controller import Controller
from reversi.ui.players import Players
from reversi.ui.records import file_size_error, kind_of_text, load_text, record_text
from reversi.ui.sharing import game_from_link, is_game_link, link_query, read_link
from reversi.ui.store.saved_state import (
    STATE_VERSION,
    SavedState,
    StateError,
    dump_state,
    load_state,
    state_from_dict,
    state_to_dict,
)

RULES = [
    Rules(),
    Rules(size=6),
    Rules(size=10, anti=True),
    Rules("classic"),
    Rules("octagon", free_opening=True),
    Rules(blocked=("c3", "h8")),
    Rules(handicap=2, handicap_color=1),
]


def random_game(rules: Rules, seed: int, limit: int = 80) -> Game:
    rng = random.Random(seed)
    game = Game(rules)
    while not game.is_over and len(game.line) < limit:
        game.play(rng.choice(game.position.legal_moves()))
    return game


#: Remembered players: the computer (level 5) plays White.
PLAYERS = {"kinds": ["human", "computer"], "levels": [5, 5]}


def same_game(a: Game, b: Game) -> bool:
    return a.rules == b.rules and a.start == b.start and a.line == b.line and a.ply == b.ply


def good_state() -> dict:
    game = play_transcript(Position.start(Rules()), "f5d6c3")
    return state_to_dict(SavedState(game, {"form": {"variant": "othello", "clock": "300+3"}, "players": PLAYERS}))


# -- the saved state ---------------------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(RULES), st.integers(0, 10_000), st.data())
def test_saved_state_round_trips(rules: Rules, seed: int, data) -> None:
    game = random_game(rules, seed)
    game.go_to(data.draw(st.integers(0, len(game.line))))
    clock = data.draw(
        st.none() | st.builds(lambda b, i: Clock(TimeControl(b, i)), st.integers(1, 10**6), st.integers(0, 10**4))
    )
    text = dump_state(SavedState(game, {"form": {"variant": rules.variant}, "future": None}, clock))
    back = load_state(text)
    assert same_game(back.game, game)
    assert back.settings == {"form": {"variant": rules.variant}, "future": None}  # unknown settings kept
    if clock is None:
        assert back.clock is None
    else:
        assert back.clock.control == clock.control and back.clock.left(0, 0) == clock.left(0, 0)
    assert dump_state(back) == text


def test_a_set_up_start_round_trips() -> None:
    start = Position.start(Rules()).play(Rules().geometry.parse_square("f5"))
    game = play_transcript(start, "d6c3")
    data = state_to_dict(SavedState(game))
    assert data["start"] == position_to_string(start) and data["moves"] == "d6c3"
    assert same_game(load_state(json.dumps(data)).game, game)


def test_the_format_is_what_the_docs_say() -> None:
    data = good_state()
    assert data == {
        "version": STATE_VERSION,
        "rules": rules_to_dict(Rules()),
        "start": None,
        "moves": "f5d6c3",
        "live": 3,
        "shown": [0, 0, 0],
        "settings": {"form": {"variant": "othello", "clock": "300+3"}, "players": PLAYERS},
        "clock": None,
        "ending": None,
    }


def broken(**changes) -> str:
    data = good_state()
    for key, value in changes.items():
        if value is ...:
            del data[key]
        else:
            data[key] = value
    return json.dumps(data)


@pytest.mark.parametrize(
    "text, words",
    [
        (None, "nothing saved"),
        ("", "not valid JSON"),
        ("{", "not valid JSON"),
        ("[1, 2]", "expected a JSON object, not a list"),
        ('"text"', "not a string"),
        ("x" * 300_000, "too long"),
        (broken(version=4), "version 4 is not supported"),
        (broken(version="1"), "version '1' is not supported"),
        (broken(version=True), "version True"),
        (broken(version=...), "version None"),
        (broken(moves=...), "missing moves"),
        (broken(extra=1), "unknown field(s) extra"),
        (broken(rules=[]), "rules must be an object"),
        (broken(rules={"variant": "chess"}), "rules:"),
        (broken(rules={"size": "8"}), "size must be a whole number"),
        (broken(rules={"size": 9}), "rules:"),
        (broken(rules={"colour": "red"}), "unknown rule option"),
        (broken(start=5), "start must be a position string"),
        (broken(start="XO"), "start: position"),
        (broken(moves=["f5"]), "moves must be a transcript string"),
        (broken(moves="f5d6c3c3"), "moves: transcript: move 4"),
        (broken(moves="f5 z9"), "moves: transcript: cannot read"),
        (broken(moves="a1"), "moves: transcript: move 1"),
        (broken(live="3"), "live must be a whole number"),
        (broken(live=4), "live 4 is outside 0..3"),
        (broken(live=-1), "live -1 is outside"),
        (broken(live=2.0), "live must be a whole number"),
        (broken(shown=[0, 1]), "shown: 1 is not a move of the position at ply 1"),
        (broken(shown="0"), "shown must be a list"),
        (broken(shown=[True]), "shown: True is not a move"),
        (broken(ply=3), "unknown field(s) ply"),
        (broken(moves="f5d6(f6"), "moves: move text: the variation opened at character 5 is not closed"),
    ],
)
def test_every_kind_of_corruption_is_named(text, words: str) -> None:
    with pytest.raises(StateError) as info:
        load_state(text)
    assert isinstance(info.value, ReversiError)
    assert words in str(info.value), str(info.value)
    assert str(info.value).startswith("saved state")


@pytest.mark.parametrize(
    "text, words, kept",
    [
        (broken(settings=[]), "settings must be an object", set()),
        (broken(settings={"form": {"size": 8}, "hints": True}), "settings.form.size must be a string", {"hints"}),
        (broken(settings={"form": "x"}), "settings.form must be an object", set()),
        (broken(settings={"players": 3, "hints": False}), "settings.players: players setting must be an object",
         {"hints"}),
        (broken(settings={"players": [1, 2]}), "settings.players", set()),
        (broken(settings={"players": {"x": 1}}), "settings.players: players setting must name two sides", set()),
        (broken(settings={"players": {**PLAYERS, "levels": [99, 5]}, "form": {"size": "8"}}), "settings.players",
         {"form"}),
        (broken(settings={"players": {**PLAYERS, "levels": [float("inf"), 5]}}), "two levels", set()),
        (broken(settings={"players": {**PLAYERS, "seconds": 1e9}}), "settings.players: time per move", set()),
        (broken(settings={"hints": "on", "players": PLAYERS}), "settings.hints must be true or false", {"players"}),
        (broken(settings={"hint_mode": "loud", "hints": True}), "settings.hint_mode must be all, best or three",
         {"hints"}),
        (broken(clock=5), "clock must be an object", {"players", "form"}),
        (broken(clock={"base_ms": 1}), "clock: missing", {"players", "form"}),
        (broken(clock={"base_ms": 1000, "increment_ms": 0, "left_ms": [1, 2], "flagged": 7}), "flagged",
         {"players", "form"}),
    ],
)
def test_a_damaged_choice_is_reset_and_named_and_the_game_kept(text: str, words: str, kept: set[str]) -> None:
    """Who plays, the form, the hints or the clock damaged: that choice is reset (named in ``reset``),
    the others and the game are kept."""
    state = load_state(text)
    assert same_game(state.game, load_state(broken()).game)
    assert len(state.reset) == 1 and words in state.reset[0] and state.reset[0].startswith("saved state")
    assert kept <= set(state.settings) and state.clock is None
    assert not [e for e in state.reset if "settings" in e and any(k in e for k in kept)]


@settings(max_examples=200, deadline=None)
@given(st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                    max_leaves=12))
def test_any_json_is_either_a_state_or_a_clear_error(value) -> None:
    try:
        load_state(json.dumps(value))
    except StateError:
        pass


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(["version", "rules", "start", "moves", "live", "shown", "settings", "clock"]),
       st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12)
       | st.lists(st.integers(), max_size=3))
def test_any_wrong_field_is_refused_or_harmless(key: str, value) -> None:
    try:
        state = load_state(broken(**{key: value}))
    except StateError as e:
        assert str(e).startswith("saved state")
    else:
        assert isinstance(state.game, Game)


# -- the share link --------------------------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(RULES), st.integers(0, 10_000), st.data())
def test_link_round_trips_with_the_cursor(rules: Rules, seed: int, data) -> None:
    game = random_game(rules, seed)
    stops = [p for p in range(len(game.line) + 1) if p == len(game.line) or game.line[p] != PASS]
    ply = data.draw(st.sampled_from(stops))
    game.set_live(game.main_line()[ply])  # the game's position (moves after it kept to redo)
    query = link_query(game)
    back = game_from_link(query)
    assert same_game(back, game)
    assert ("at=" in query) == (game.ply < len(game.line))


def test_link_of_the_standard_game() -> None:
    game = play_transcript(Position.start(Rules()), "f5d6c3")
    assert link_query(game) == "m=f5d6c3"
    game.go_to(1)
    assert link_query(game) == "m=f5d6c3"  # browsing does not change the address
    game.set_live(game.main_line()[1])
    assert link_query(game) == "m=f5d6c3&at=1"
    assert link_query(Game(Rules())) == ""
    assert is_game_link("?m=f5") and is_game_link("s=10") and not is_game_link("?lang=en") and not is_game_link("")


@pytest.mark.parametrize(
    "query, error, words",
    [
        ("?m=f5d6c3c3", IllegalMoveError, "link: transcript: move 4"),
        ("?m=zz", NotationError, "link: transcript: cannot read"),
        ("?s=9", RulesError, "link:"),
        ("?a=2", NotationError, "a='2' should be 0 or 1"),
        ("?m=f5&at=7", StateError, "at='7'"),
        ("?m=f5&at=x", StateError, "at='x'"),
        ("?p=XO", NotationError, "link: position"),
        ("?m=f5&m=d6", NotationError, "appears twice"),
    ],
)
def test_bad_links_are_named(query: str, error: type, words: str) -> None:
    with pytest.raises(error) as info:
        game_from_link(query)
    assert words in str(info.value)


def test_read_link_names_any_address_it_cannot_read() -> None:
    game, error = read_link("?m=f5&lang=en")
    assert game is not None and len(game.line) == 1 and error == ""
    assert read_link("") == (None, "") and read_link("?lang=en") == (None, "")
    for query, words in (("?v=99", "newer version"), ("?x=" + "a" * 30_000, "too long"),
                         ("?lang=en&lang=da", "appears twice"), ("?m=f5f5", "move 2")):
        game, error = read_link(query)
        assert game is None and words in error, (query, error)


def test_an_address_that_cannot_be_read_is_replaced_whole() -> None:
    game = play_transcript(Position.start(Rules()), "f5")
    assert link_query(game, "?lang=en") == "lang=en&m=f5"  # another feature's parameter is kept
    assert link_query(game, "?v=99") == "m=f5"  # a newer link format is not kept
    assert link_query(game, "?x=" + "a" * 30_000) == "m=f5"
    assert link_query(game, "?lang=en&lang=da") == "m=f5"


# -- text brought in ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    ["f5d6c3", "F5D6C3", "f5 d6 c3", "1. F5 d6 2. C3", "1. f5 d6\n2. c3", " f5-d6-c3 ", "f5, d6, c3"],
)
def test_every_transcript_form_loads_the_same_game(text: str) -> None:
    game, kind, _code = load_text(text, Rules())
    assert kind == "transcript"
    assert same_game(game, play_transcript(Position.start(Rules()), "f5d6c3"))


def test_transcript_with_passes_loads() -> None:
    rules = Rules()
    game = Game(rules)
    game.play_all(find_game_with_pass(rules))
    g = rules.geometry
    text = " ".join("pass" if m == PASS else g.name(m).upper() for m in game.line)
    loaded, _, _code = load_text(text, rules)
    assert loaded.line == game.line


def test_a_transcript_is_read_under_the_current_rules() -> None:
    game, _, _code = load_text("e4 f4", Rules("octagon"))
    assert game.rules == Rules("octagon") and len(game.line) == 2


def test_positions_records_and_links_are_told_apart() -> None:
    pos = position_to_string(play_transcript(Position.start(Rules()), "f5d6").position)
    assert kind_of_text(pos) == "position"
    game, kind, _code = load_text(pos, Rules())
    assert kind == "position" and game.position == play_transcript(Position.start(Rules()), "f5d6").position
    big = position_to_string(Position.start(Rules(size=10)))
    game, kind, _code = load_text(big, Rules())
    assert kind == "position" and game.rules.size == 10
    record = record_text(play_transcript(Position.start(Rules(size=6)), "b3"))
    game, kind, _code = load_text(record, Rules())
    assert kind == "record" and game.rules == Rules(size=6) and len(game.line) == 1
    game, kind, _code = load_text("http://127.0.0.1:8000/?s=6&m=b3", Rules())
    assert kind == "link" and game.rules == Rules(size=6)
    assert kind_of_text("1. F5 d6") == "transcript"


@pytest.mark.parametrize(
    "text, words",
    [
        ("", "paste a transcript"),
        ("   ", "paste a transcript"),
        ("f5 f5", "transcript: move 2"),
        ("f5 d6 c3 zz", "cannot read"),
        ("i9", "outside the 8x8 board"),
        ("pass", "transcript: move 1"),
        ("XXXXXXXXXXXXXXXXXXXX O", "position:"),
        ("[Rules \"chess\"]\nf5", "record:"),
        ("?m=f5f5", "link: transcript"),
    ],
)
def test_bad_text_gives_the_engines_message(text: str, words: str) -> None:
    with pytest.raises(ReversiError) as info:
        load_text(text, Rules())
    assert words in str(info.value), str(info.value)


def test_record_file_round_trip() -> None:
    game = random_game(Rules("classic"), 3)
    assert read_record(record_text(game)).to_game().line == game.line
    assert Record.from_game(game).rules == Rules("classic")


# -- which clock runs ---------------------------------------------------------------------------


def test_the_clock_follows_the_controllers_events() -> None:
    c = Controller(players=Players())

    def turn(stopped: bool = False) -> tuple[int | None, int | None]:
        return clock_turn(c.game, c.take_events(), stopped=stopped)

    assert turn() == (0, None)  # Black's time runs from the start
    assert c.click("f5")
    assert turn() == (1, 0)  # Black moved: White runs, Black earns the increment
    assert c.undo()
    assert turn() == (None, None)  # looking back: paused
    assert c.redo()
    assert turn() == (1, None)  # redo is not a move
    assert c.undo()
    turn()
    assert c.click("f5")
    assert turn() == (1, None)  # nor is a move that follows the line already there
    assert c.undo()
    turn()
    assert c.click("d3")  # a new line from the earlier position
    assert turn() == (1, 0)
    assert turn(stopped=True) == (None, None)
    assert c.go_to(0) and c.click("f5")  # a variation played while browsing: the game's clock runs on
    assert turn() == (1, None)
    assert c.back_to_live() and c.click("c3")
    assert turn() == (0, 1)
    c.new_game(rules=Rules(), players=Players())
    assert turn() == (0, None)  # a new game is no move
    assert c.click("f5")
    c.load_game(Game(Rules()))
    assert turn() == (0, None)  # nor is a redraw that brings another game in


def test_a_file_too_big_to_be_a_game_is_refused_before_it_is_read() -> None:
    assert file_size_error("g.txt", MAX_TEXT) == ""
    message = file_size_error("huge.txt", MAX_TEXT + 1)
    assert message == f"huge.txt was not opened: it is {MAX_TEXT + 1:,} bytes, and a game file is at most {MAX_TEXT:,}."
    # a .rev file may hold many records (games --to rev): a list, each record at most MAX_TEXT
    assert file_size_error("club.rev", MAX_RECORDS_TEXT) == ""
    assert f"at most {MAX_RECORDS_TEXT:,}" in file_size_error("club.rev", MAX_RECORDS_TEXT + 1)


def test_the_records_box_takes_no_more_than_the_parsers_read() -> None:
    html = (Path(__file__).resolve().parent.parent / "index.html").read_text(encoding="utf-8")
    box = re.search(r'<textarea id="records-input"[^>]*>', html)
    assert box is not None and f'maxlength="{MAX_TEXT}"' in box.group(0)


def test_a_version_1_state_still_opens_with_its_position_as_the_games() -> None:
    """Version 1 saved the main line and the position shown, which was the game's: it becomes the live one."""
    old = {"version": 1, "rules": rules_to_dict(Rules()), "start": None, "moves": "f5d6c3", "ply": 2,
           "settings": {}, "clock": None}
    game = load_state(json.dumps(old)).game
    assert game.live.depth == 2 and not game.browsing and game.can_redo and len(game.main_line()) == 4


def test_the_tree_the_live_and_the_shown_positions_are_kept() -> None:
    game = play_transcript(Position.start(Rules()), "f5d6c3d3")
    g = game.rules.geometry
    game.go_to(2)
    game.play(g.parse_square("c5"))  # a variation at ply 2 (d6 c5 instead of d6 c3)
    game.set_comment(game.current, "the other way")
    back = load_state(dump_state(SavedState(game))).game
    assert back.live.depth == 4 and back.browsing and back.current.comment == "the other way"
    assert back.current.move == g.parse_square("c5") and not back.current.is_main
    assert [n.move for n in back.main_line()[1:]] == [n.move for n in game.main_line()[1:]]


def test_the_games_details_are_saved_and_restored_and_checked() -> None:
    c = Controller()
    c.click("f5")
    assert c.set_details({"Event": "Club night", "White": " Bob "})
    assert not c.set_details({"Event": "Club night"})  # no change
    state = load_state(dump_state(SavedState(c.game)))
    assert state.game.tags == {"Event": "Club night", "White": "Bob"}
    assert c.set_details({"Event": ""}) and c.game.tags == {"White": "Bob"}  # emptied: gone
    with pytest.raises(NotationError):
        c.set_details({"Black": "x" * 500})
    assert c.game.tags == {"White": "Bob"}  # a refused value changes nothing
    data = json.loads(dump_state(SavedState(c.game)))
    for bad in ([], {"Bad name": "x"}, {"Event": 3}):
        with pytest.raises(StateError, match="tags"):
            state_from_dict({**data, "tags": bad})
    plain = json.loads(dump_state(SavedState(Controller().game)))
    assert "tags" not in plain  # a game with no details saves as before
