"""The position shown, kept beside the saved game for the first paint (reversi/ui/store/shown.py), under CPython.

The record is what the board shows once the saved game is restored (the page's own restore, on
a new controller), bound to the saved text it describes; ``assets/first-board.js`` reads it with
the same checks as :func:`~reversi.ui.store.shown.load_shown` and draws only what
:func:`~reversi.ui.store.shown.drawable` allows. A click kept by the first paint is played only on
the position it was made on (:func:`~reversi.ui.store.shown.early_click`). The browser's side:
tests/test_storage_browser.py and tests/test_hostile_storage_browser.py.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from shown_cases import ADDRESSES, STATE, VALID, hostile_shown, restored_view, state_of

from reversi import Rules
from reversi.core.game import PASS
from reversi.drawing.render import board_in_html, render_board
from reversi.formats.links import GAME_KEYS
from reversi.ui.controller import Controller
from reversi.ui.store.saved_state import STORAGE_KEY, SavedState, dump_state, load_state
from reversi.ui.store.shown import (
    DROP,
    FIELDS,
    MAX_SHOWN_CHARS,
    NONE,
    PLAY,
    SAVED,
    SHOWN_KEY,
    SHOWN_VERSION,
    START,
    WAITING,
    ShownError,
    drawable,
    dump_shown,
    early_click,
    first_paint,
    first_paint_mode,
    link_check,
    load_shown,
    restored_shown,
    shown_key,
    state_check,
    view_key,
)

ROOT = Path(__file__).resolve().parents[1]
FIRST_BOARD_JS = ROOT / "assets" / "first-board.js"


def record_for(state: SavedState) -> tuple[str, str]:
    """The saved text of ``state`` and its record, as the autosave writes them."""
    text = dump_state(state)
    return text, dump_shown(restored_shown(state, text))


GAMES = [
    ("f5d6c3", Rules(), "two"),
    ("f5d6c3", Rules(), "computer"),  # the computer's turn: no legal move drawn
    ("", Rules(), "two"),
    ("f5f6e6f4e3c5c4e7", Rules(anti=True), "two"),
    ("e4f4", Rules("octagon"), "two"),
    ("", Rules(size=10), "two"),
    ("", Rules(blocked=("a1", "h8")), "two"),
    ("d4e4", Rules("classic"), "two"),
    # a whole game, to its end: no side to move, no legal move
    ("d3c3b3b2b1a1c4c1c2d2d1e1a2a3f5e2f1g1f2e3b5b4a5a4c5a6f4f3g3g2h2h1h3h4g4c6g5h5b6c7d6e6f6g6h6h7a7b7a8d7e7f7g7"
     "g8b8c8d8e8f8h8", Rules(), "two"),
]


# -- the record ------------------------------------------------------------------------------


@pytest.mark.parametrize(("moves", "rules", "players"), GAMES)
def test_a_record_reads_back_as_it_was_written_and_is_the_board_python_restores(moves, rules, players) -> None:
    state = state_of(moves, rules, players)
    text, record = record_for(state)
    shown = load_shown(record)
    assert dump_shown(shown) == record  # a round trip
    assert len(record) < 400 or rules.size > 8  # small: a 10x10 board's cells are 100 characters
    view = restored_view(text)
    assert shown_key(*shown.size, shown.cells, "-" if not shown.turn else "XO"[shown.turn == "white"]) \
        == view_key(view)
    assert set(shown.legal) == set(view.legal) and shown.last == view.last_move
    assert shown.moves == len([m for m in load_state(text).game.moves if m != PASS])
    assert shown.state == state_check(text)


def test_what_the_first_paint_draws_is_standard_8x8_boards_only() -> None:
    drawn = {(moves, rules.describe(), players): first_paint(*record_for(state_of(moves, rules, players)))
             for moves, rules, players in GAMES}
    names = {key: shown is not None for key, shown in drawn.items()}
    assert [key[1] for key, yes in names.items() if not yes] == [
        "Octagon Reversi", "Othello 10x10", "Othello 8x8, 2 blocked", "Classic Reversi 8x8"], names
    plain = {key[1]: shown.plain for key, shown in drawn.items() if shown is not None}
    assert plain == {"Othello 8x8": True, "Othello 8x8, anti": False}


def test_the_page_default_game_against_the_computer_draws_its_legal_moves_on_a_persons_turn_only() -> None:
    mine = load_shown(record_for(state_of("f5d6", players="computer"))[1])  # Black (the person) to move
    theirs = load_shown(record_for(state_of("f5", players="computer"))[1])  # the computer's turn
    assert mine.turn == "black" and mine.legal == ("c3", "c4", "c5", "c6", "c7")
    assert theirs.turn == "white" and theirs.legal == ()
    assert mine.last == "d6" and mine.moves == 2 and mine.cells.count("X") == 3


def test_a_record_is_the_saved_texts_own() -> None:
    state = state_of("f5d6c3")
    text, record = record_for(state)
    assert first_paint(text, record) is not None
    other = dump_state(state_of("f5d6"))
    assert first_paint(other, record) is None  # another game saved since (another tab, an older page)
    assert first_paint(text + " ", record) is None
    assert first_paint(None, record) is None and first_paint(text, None) is None
    assert state_check("") == "00000000" and state_check("a") == "e8b7be43"  # CRC-32, as zlib's
    assert state_check("\ud83d") == state_check("\ufffd")  # a lone surrogate as the browser encodes it


def test_the_board_as_the_user_left_it_is_not_what_is_kept_but_the_restored_one() -> None:
    """A board turned by hand or the editor open are not restored: the record is the board after a reload."""
    state = state_of("f5d6c3", players="computer")
    before = restored_shown(state, dump_state(state))
    c = Controller()
    c.load_settings(state.settings)
    c.load_game(state.game)
    assert c.rotate() and c.open_editor()
    after = restored_shown(SavedState(c.game, c.settings()), dump_state(state))
    assert after == before and not after.rotated
    assert after.cells == "".join({"empty": "-", "black": "X", "white": "O"}[cell] for cell in restored_view(
        dump_state(state)).cells)


def test_the_valid_record_is_drawn() -> None:
    assert first_paint(STATE, json.dumps(VALID)) is not None
    assert set(VALID) == set(FIELDS)


@pytest.mark.parametrize(("what", "text"), hostile_shown(), ids=[what for what, _ in hostile_shown()])
def test_a_hostile_or_damaged_record_is_not_drawn(what: str, text: str) -> None:
    assert first_paint(STATE, text) is None, what
    try:
        shown = load_shown(text)
    except ShownError as e:
        assert str(e).startswith("shown: "), e
    else:  # read, but not for the static board, or not for this saved text
        assert not drawable(shown) or shown.state != state_check(STATE), what


# -- the address: a reload brings the game's own link, a friend's reply another ---------------------


@pytest.mark.parametrize(("what", "query", "mode"), ADDRESSES, ids=[what for what, _q, _m in ADDRESSES])
def test_a_returning_visit_draws_the_saved_game_at_its_own_address_only(what: str, query: str, mode: str) -> None:
    """The record is drawn at the plain address and at the game's own link (a reload: the address follows
    the game); any other game link waits for Python, which alone knows its game. What is drawn is the
    board Python restores at that address (the same squares, side to move, legal and last moves)."""
    record = json.dumps(VALID)
    assert first_paint_mode(STATE, record, query) == mode, what
    if mode == SAVED:
        shown = load_shown(record)
        view = restored_view(STATE, query)
        assert shown_key(*shown.size, shown.cells, "XO"[shown.turn == "white"]) == view_key(view), what
        assert set(shown.legal) == set(view.legal) and shown.last == view.last_move, what


def test_a_first_visit_shows_the_static_board_and_a_saved_game_without_a_record_waits() -> None:
    assert first_paint_mode(None, None, "?m=f5d6") == START and first_paint_mode(None, json.dumps(VALID)) == START
    assert first_paint_mode(STATE, None) == WAITING and first_paint_mode(STATE, None, "?m=f5d6c3") == WAITING


def test_the_record_names_the_address_the_restored_game_has() -> None:
    """After a friend's reply is taken, the page saves the game gone on and follows it with the address:
    the record written then names that address, so the next visit draws it."""
    from reversi.ui.sharing import link_query
    from reversi.ui.store.autosave import plan_start

    plan = plan_start(STATE, "?m=f5d6c3d3&pl=hc2")
    assert plan.replied == ("d3",) and plan.game is not None and plan.settings is not None
    c = Controller()
    c.load_settings(plan.settings)
    c.load_game(plan.game)
    state = SavedState(c.game, c.settings())
    text = dump_state(state)
    address = "?" + link_query(c.game, "lang=da", c.players.to_code())
    record = dump_shown(restored_shown(state, text))
    assert first_paint_mode(text, record, address) == SAVED
    assert load_shown(record).moves == 4 and load_shown(record).last == "d3"
    assert first_paint_mode(text, record, "?m=f5d6c3") == WAITING  # the link before the reply: another game
    assert link_check("?m=f5d6&lang=cs") == link_check("m=f5d6") == state_check("m=f5d6")
    assert link_check("?v=2&m=f5(d6)") == state_check("m=f5(d6)&v=2") and link_check("") == state_check("")


# -- the click made before Python was ready ----------------------------------------------------------


def test_an_early_click_is_played_only_on_the_position_it_was_made_on() -> None:
    text = dump_state(state_of("f5d6c3"))
    view = restored_view(text)
    shown = load_shown(dump_shown(restored_shown(load_state(text), text)))
    on_screen = shown_key(8, 8, shown.cells, "O")  # White to move: what first-board.js reads of the board
    assert early_click("d3", on_screen, view) == PLAY
    start = view_key(Controller().board_view())  # the static start board, or a record of another game
    assert start == shown_key(8, 8, "-" * 27 + "OX" + "-" * 6 + "XO" + "-" * 27, "X")
    assert early_click("d3", start, view) == DROP
    assert early_click("d3", None, view) == DROP  # a click without its position: never played
    assert early_click("d3", on_screen.replace(":O", ":X"), view) == DROP  # the same discs, the other side to move
    assert early_click(None, on_screen, view) == NONE and early_click("", on_screen, view) == NONE
    assert early_click("d3", {"shown": on_screen}, view) == DROP


def test_a_first_visit_plays_a_click_on_the_static_start_board() -> None:
    """No saved game: index.html's board (the generator's) is the game Python starts."""
    index = (ROOT / "index.html").read_text(encoding="utf-8")
    assert "board:start" in index
    markup = render_board(Controller().board_view())
    states = dict(re.findall(r'data-square="(\w+)" data-state="(\w+)"', markup))
    cells = "".join({"empty": "-", "black": "X", "white": "O"}[states[f"{c}{r}"]]
                    for r in range(1, 9) for c in "abcdefgh")
    assert early_click("f5", shown_key(8, 8, cells, "X"), Controller().board_view()) == PLAY
    assert board_in_html(index) == ""  # the page's own file: the generator draws it (reversi/tools/build.py)


# -- assets/first-board.js reads what Python writes -----------------------------------------------------


def js_list(name: str) -> list[str]:
    text = FIRST_BOARD_JS.read_text(encoding="utf-8")
    found = re.search(rf"var {name} = \[([^\]]*)\];", text)
    assert found, name
    return json.loads(f"[{found.group(1)}]")


def test_the_first_paint_reads_the_records_fields_keys_and_game_links_as_python_writes_them() -> None:
    text = FIRST_BOARD_JS.read_text(encoding="utf-8")
    assert js_list("FIELDS") == list(FIELDS)
    assert sorted(js_list("GAME_KEYS")) == sorted(GAME_KEYS)
    assert f'var STATE_KEY = "{STORAGE_KEY}";' in text and f'var SHOWN_KEY = "{SHOWN_KEY}";' in text
    assert f"var SHOWN_VERSION = {SHOWN_VERSION};" in text and f"var MAX_SHOWN_CHARS = {MAX_SHOWN_CHARS};" in text
    assert "innerHTML" not in text  # nothing stored is ever markup
