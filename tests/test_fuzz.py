"""The fuzz suite: every parser and the command line, fed hostile input.

The only outcomes allowed are a result or the project's own error
(:class:`reversi.errors.ReversiError`, or exit status 2 with one line on the
command line): never another exception, a traceback, or a hang.

Every new input of the app (a link parameter, a record tag, an editor field)
joins this file. CI runs the ``ci`` profile (60 cases per parser: seconds);
run it wider on your own with the ``wide`` profile (5,000 per parser)::

    HYPOTHESIS_PROFILE=wide python -m pytest tests/test_fuzz.py -p no:cacheprovider

Strategies mix plain random text with text built from the grammar's own pieces
(square names, cell characters, tags, separators), and with the characters
that broke parsers before: digits that ``str.isdigit`` accepts and ``int``
does not (``²``), letters that change length when lower-cased (``İ``), huge
numbers, NaN and infinity.
"""

from __future__ import annotations

import contextlib
import functools
import io
import json
import math
import os
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from reversi import Position, ReversiError, Rules, parse_position, parse_transcript, play_transcript
from reversi.core.clock import Clock, parse_time_control
from reversi.core.game import Game
from reversi.core.geometry import COLUMN_LETTERS
from reversi.drawing.diagram import position_view, standalone_svg
from reversi.formats.links import record_from_query
from reversi.formats.notation import parse_movetext, position_to_string, rules_for_position
from reversi.formats.record import Record, read_record, rules_from_dict, write_record
from reversi.ui.editor import TOOLS, Editor
from reversi.ui.forms import players_from_fields, rules_from_fields
from reversi.ui.players import Players
from reversi.ui.records import load_text, paste_overflow, paste_refused, utf16_length
from reversi.ui.sharing import game_from_link
from reversi.ui.store.recent_games import read_recent, render_recent
from reversi.ui.store.saved_state import form_fields, load_state, state_from_dict

pytestmark = pytest.mark.slow  # seconds per parser: the fast subset leaves it to the full run

settings.register_profile(
    "ci", max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large]
)
settings.register_profile(
    "wide", max_examples=5000, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

#: Characters that broke parsers before, and their kin.
TRICKY = ["²", "³", "¹", "٣", "İ", "ı", "ß", "ﬀ", "\u0000", "\u200b", "\ufeff", "𝟓", "Ⅻ", "nan", "inf", "-0", "1e400",
          "\ud83d", "\udc00", "nice \ud83d", "{\ud800}", "1e999", "1" + "0" * 400, "[%mark "]
#: JSON nested deeper than any parser's stack (Pyodide's overflows long before CPython's).
deep_json = st.integers(min_value=1, max_value=9000).flatmap(
    lambda n: st.sampled_from(["[" * n + "]" * n, '{"a":' * n + "1" + "}" * n, "[" * n]))
SQUARES = [f"{c}{r}" for c in COLUMN_LETTERS for r in range(1, 17)]
CELLS = list("XxOoBbWw*-.#/ _")

tricky = st.sampled_from(TRICKY)
square = st.sampled_from(SQUARES)
number_text = st.one_of(
    st.integers(min_value=-(10**6), max_value=10**6).map(str),
    st.sampled_from(["0", "1", "8", "10", "16", "99", "9" * 50, "9" * 5000, "1.5", "-1", "+3", " 8", "0x10", "1_0"]),
    tricky,
)
#: Text built from the notations' own pieces: looks valid often, is valid sometimes.
grammar_text = st.lists(
    st.one_of(square, st.sampled_from(CELLS), st.sampled_from(["pass", "PA", "1.", " ", "\n", ",", "[", "]", '"']),
    tricky, number_text),
    max_size=80,
).map("".join)
any_text = st.one_of(st.text(max_size=300), grammar_text)

json_leaf = st.one_of(
    st.none(), st.booleans(), st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=30), tricky,
)
json_value = st.recursive(
    json_leaf,
    lambda children: st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=12), children, max_size=5),
    max_leaves=25,
)

RULES = [Rules(), Rules(anti=True), Rules("classic"), Rules("octagon"), Rules(size=10), Rules(size=4)]
rules_strategy = st.sampled_from(RULES)


def only_our_errors(fn: Callable[[], Any]) -> Any:
    """Run ``fn``: a result or a ReversiError (returned as None); anything else fails the test."""
    try:
        return fn()
    except ReversiError as e:
        assert str(e), "an error must say what is wrong"
        return None


# -- squares, transcripts, positions --------------------------------------------------


@given(any_text, rules_strategy)
def test_square_names(text: str, rules: Rules) -> None:
    index = only_our_errors(lambda: rules.geometry.parse_square(text))
    if index is not None:
        assert rules.geometry.name(index) == text.strip().lower()


@given(any_text, rules_strategy)
def test_transcripts(text: str, rules: Rules) -> None:
    only_our_errors(lambda: parse_transcript(text, rules.geometry))
    game = only_our_errors(lambda: play_transcript(Position.start(rules), text))
    if game is not None:
        assert len(game.line) <= rules.geometry.square_count * 2
    from reversi.formats.notation import FORM_WORDS, clean_copied, describe_form, transcript_form

    cleaned, removed = clean_copied(text)
    form = transcript_form(cleaned, removed)
    assert set(form) <= set(FORM_WORDS) and len(cleaned) <= len(text) * 2 + 1
    describe_form(form)


@given(any_text, st.one_of(st.none(), rules_strategy))
def test_position_strings(text: str, rules: Rules | None) -> None:
    only_our_errors(lambda: parse_position(text, rules))
    if rules is not None:
        only_our_errors(lambda: rules_for_position(text, rules))


@given(
    st.lists(st.sampled_from(["X", "O", "-", "#"]), min_size=64, max_size=100).map("".join),
    st.sampled_from([" X", " O", " x", " ?", "", " X 28 29", " X ² 3", " O 9999999999999999999"]),
)
def test_position_strings_near_valid(board: str, tail: str) -> None:
    only_our_errors(lambda: parse_position(board + tail))
    only_our_errors(lambda: parse_position(board + tail, Rules("classic")))


# -- records, links, rule dictionaries ------------------------------------------------

TAGS = ["Rules", "Size", "Anti", "FreeOpening", "Blocked", "Handicap", "HandicapColor", "Position", "Result", "Event"]
record_text = st.lists(
    st.one_of(
        st.tuples(st.sampled_from(TAGS), st.one_of(number_text, any_text, st.sampled_from(["yes", "no", "octagon"])))
        .map(lambda t: f'[{t[0]} "{t[1]}"]\n'),
        grammar_text,
    ),
    max_size=12,
).map("".join)


@given(st.one_of(record_text, any_text))
def test_record_files(text: str) -> None:
    record = only_our_errors(lambda: read_record(text))
    if record is not None:
        assert record.to_game().rules == record.rules


#: Any value a library caller might pass where text or an object is wanted.
any_value = st.one_of(st.none(), st.integers(), st.floats(), st.binary(max_size=80), any_text, st.booleans(),
                      st.lists(st.integers(), max_size=3), st.builds(Rules), st.builds(Game))


@given(any_value, st.one_of(st.none(), any_value))
def test_the_readers_and_writers_given_any_value(value: Any, other: Any) -> None:
    only_our_errors(lambda: parse_position(value, other))
    only_our_errors(lambda: read_record(value))
    only_our_errors(lambda: write_record(value))
    only_our_errors(lambda: Record.from_game(value))
    only_our_errors(lambda: position_to_string(value))
    only_our_errors(lambda: position_view(value, other))
    only_our_errors(lambda: standalone_svg(value))
    only_our_errors(lambda: standalone_svg(position_view(Rules(), Position.start()), size=value))


@given(any_text, any_text, st.integers(-5, 400), st.integers(-5, 400), st.integers(-3, 300))
def test_pastes_into_a_limited_field(value: str, pasted: str, start: int, end: int, most: int) -> None:
    # what the page reads of a paste event: any text, any selection the browser reports
    over = paste_overflow(value, start, end, most, pasted)
    if over is not None:
        length, room = over
        assert length == utf16_length(pasted) and 0 <= room < length
        assert paste_refused(length, room, file=True) and paste_refused(length, room, file=False)


@given(st.lists(st.one_of(record_text, any_text), max_size=4).map(lambda texts: "\n\n".join(texts)),
       st.sampled_from(["", "\ufeff"]))
def test_files_of_several_records(text: str, mark: str) -> None:
    from reversi.formats.record import read_records

    entries = only_our_errors(lambda: read_records(mark + text))
    for number, entry in enumerate(entries or [], 1):
        assert entry.number == number and (entry.record is None) == bool(entry.error)


GGF_KEYS = ["GM", "PC", "DT", "PB", "PW", "RB", "RW", "TI", "TY", "RE", "BO", "B", "W", "KM", "XX"]
ggf_text = st.lists(
    st.one_of(
        st.tuples(st.sampled_from(GGF_KEYS), st.one_of(number_text, any_text, st.sampled_from(
            ["Othello", "8", "8a", "s8", "10", "f5", "PA", "d6/1.2/3", "+12.000", "-64:r", "?",
             "8 " + "-" * 27 + "O*------*O" + "-" * 27 + " *",
             # GGS writes the board a row a word; and damaged kin of it
             "8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *",
             "8 -------- -------- -------- ---O*--- ---*O--- -------- -------- --------",
             "8 ---- ---- *", "8 -------- O", "+12.000:s", "-40.00"]))).map(lambda t: f"{t[0]}[{t[1]}]"),
        st.sampled_from(["(;", ";)", "\n", ";", "]", "["]),
    ),
    max_size=14,
).map(lambda parts: "(;" + "".join(parts) + ";)")


#: A GGS archive: a game a line after its count, perhaps after a byte-order mark.
ggs_archive = st.tuples(
    st.sampled_from(["", "\ufeff", " \ufeff\n", "\ufeff12"]),
    st.lists(st.tuples(st.one_of(st.integers(0, 10**6).map(str), tricky, st.just("")), ggf_text), max_size=4),
).map(lambda t: t[0] + "".join(f"{n} {game}\n" for n, game in t[1]))


@given(st.one_of(ggf_text, any_text, st.lists(ggf_text, max_size=4).map("\n".join), ggs_archive))
def test_ggf_games(text: str) -> None:
    from reversi.formats.ggf import is_ggf, read_ggf, read_ggf_games, write_ggf

    is_ggf(text)
    for entry in read_ggf_games(text):
        assert (entry.record is None) == bool(entry.error)
        if entry.record is not None:
            back = read_ggf(write_ggf(entry.record))
            assert back.moves == entry.record.moves
            assert back.tags.get("GGFResult") == entry.record.tags.get("GGFResult")  # the result given kept
    only_our_errors(lambda: read_ggf(text))


@given(st.binary(max_size=400), st.binary(min_size=60, max_size=60), st.integers(0, 2**16 - 1))
def test_wthor_files(data: bytes, moves: bytes, number: int) -> None:
    from reversi.formats.wthor import WthorGame, read_names, read_wtb, to_record

    games = only_our_errors(lambda: read_wtb(data))
    for game in games[1] if games else []:
        only_our_errors(lambda game=game: to_record(game, 2000))
    only_our_errors(lambda: read_names(data, "jou"))
    only_our_errors(lambda: read_names(data, "trn"))
    game = WthorGame(1, number, number, number, number % 256, number % 67, moves)
    record = only_our_errors(lambda: to_record(game, 2000, ["a"], ["b"]))
    assert len(game.opening(60)) <= 120
    if game.damage():
        assert record is None  # a damaged game is never played
    else:
        assert len(game.squares()) <= 60  # every byte before the zero is a square
    assert (game.result() == "") == (game.score > 64) == bool(game.score_note())
    from reversi.ui.explorer_index import OpeningIndex

    index = OpeningIndex(plies=60)  # the explorer reads any move bytes, played or not
    index.add_wthor([game])
    if record is not None:
        played = OpeningIndex(plies=60)
        played.add_game(record.to_game())
        for node in record.to_game().main_line():
            assert index.moves(node.position) == played.moves(node.position)
    assert sum(s.games for s in index.moves(Position.start(Rules()))) <= 1


LINK_KEYS = ["r", "s", "a", "f", "b", "h", "hc", "p", "m", "pl", "at", "v", "lang",
             "view", "caption", "flip", "theme", "controls", "pz", "sol", "px", "ps", "bo"]
query_text = st.lists(
    st.tuples(st.sampled_from(LINK_KEYS), st.one_of(number_text, grammar_text, st.sampled_from(
        ["octagon", "w", "1", "puzzle", "embed", "f5:0", "f5:0.d3:2.c4:1.e6:0",
         # puzzle sets: the start, Black to move, with answers, a solution, exact; and broken ones
         "2nssfldte290x.0-0-0-0.d3.x", "2nssfldte290x.0-0-0-0.d3.x~2nssfldte290x.0-5-5-5",
         "2nssfldte290x.0-0.d3", "zzzzzzzzzzzzzzzzzzzzzzzzz.0", "0x.0.", "~", "x.", "0o:3:3.0..",
         # balanced openings: valid, out of range, malformed
         "8.2.1234", "30.64.18446744073709551615", "0.2.1", "8.0.1", "31.2.1", "8.2.18446744073709551616",
         "8.2", "8..2.1", "-8.2.1", "8.2.1.", "８.2.1"]))),
    max_size=8,
).map(lambda pairs: "&".join(f"{k}={v}" for k, v in pairs))


@given(st.one_of(query_text, any_text))
def test_links(query: str) -> None:
    only_our_errors(lambda: record_from_query(query))
    only_our_errors(lambda: game_from_link(query))


@given(st.one_of(query_text, any_text))
def test_embed_addresses(query: str) -> None:
    """An embed shows any address: its game, or the start and why not; it never raises."""
    from reversi.ui.embed.viewer import Viewer

    viewer = Viewer.from_query(query)
    assert viewer.status() and viewer.board_view().cells
    viewer.last()
    viewer.status()


@given(st.lists(st.one_of(any_text, st.sampled_from(
    ["-" * 27 + "OX------XO" + "-" * 27, "X", "O", "x", "f5", "d6", "pass", "--------", "########"])), max_size=6))
def test_command_line_positions_and_moves(words: list[str]) -> None:
    """The words of ``legal``/``svg``/``solve``: a position string (quoted or split) and moves, or moves."""
    from reversi.cli.main import build_parser
    from reversi.cli.options import game_from_args

    args = build_parser().parse_args(["legal"])  # the parser's own defaults
    args.moves = words  # as the shell split them (a word may hold spaces: a quoted argument)
    only_our_errors(lambda: game_from_args(args))


@given(st.integers(min_value=-(2**70), max_value=2**70), st.sampled_from([Rules(), Rules(size=10), Rules("octagon")]))
def test_square_indices(index: int, rules: Rules) -> None:
    """A square index names a square that reads back to it, or is refused (ValueError)."""
    g = rules.geometry
    try:
        name = g.name(index)
    except ValueError:
        assert not 0 <= index < g.stride * g.height or not g.in_rectangle(index)
        return
    assert name[0] in COLUMN_LETTERS and g.in_rectangle(index)
    if g.mask >> index & 1:  # a square of the board (not a removed corner of the octagon)
        assert g.parse_square(name) == index


@given(st.lists(st.one_of(any_text, st.sampled_from(["cs", "da-DK", "PL", "en_GB", "x-klingon", ""])), max_size=6))
def test_a_teachers_page_languages(codes: list[str]) -> None:
    """assets/embed.js passes the script's data-lang, the page's <html lang> and the browser's."""
    from reversi.i18n import LANGUAGES, negotiate

    assert negotiate(codes) in LANGUAGES


@given(json_value)
def test_rule_dictionaries(data: Any) -> None:
    only_our_errors(lambda: rules_from_dict(data))


# -- the page's saved state, pasted text, form fields ---------------------------------


def writable(game: Any) -> None:
    """A game read from anywhere can be written everywhere: its link, its record, its saved state (UTF-8)."""
    from reversi.formats.record import Record, write_record
    from reversi.ui.sharing import link_query
    from reversi.ui.store.saved_state import SavedState, dump_state

    link_query(game).encode("utf-8")
    write_record(Record.from_game(game)).encode("utf-8")
    dump_state(SavedState(game)).encode("utf-8")


@given(st.one_of(json_value.map(json.dumps), any_text, st.none(), deep_json))
def test_saved_states(text: str | None) -> None:
    state = only_our_errors(lambda: load_state(text))
    if state is not None:
        writable(state.game)


@given(
    st.fixed_dictionaries(
        {},
        optional={
            "version": json_value, "rules": json_value, "start": json_value, "moves": json_value,
            "ply": json_value, "live": json_value, "shown": json_value, "settings": json_value,
            "clock": json_value, "ending": json_value, "tags": json_value,
        },
    ),
    st.sampled_from([1, 2, 3]),
)
def test_saved_state_fields(data: dict[str, Any], version: int) -> None:
    full: dict[str, Any] = {"version": version, "rules": {}, "start": None, "moves": "", "settings": {}, "clock": None}
    full.update({"ply": 0} if version == 1 else {"live": 0, "shown": []})
    full.update(data)
    only_our_errors(lambda: state_from_dict(full))


#: A good record of the position shown (reversi/ui/store/shown.py), whose fields the strategies below replace.
def _shown_record() -> tuple[str, dict[str, Any]]:
    from reversi.ui.store.saved_state import SavedState, dump_state
    from reversi.ui.store.shown import dump_shown, restored_shown

    state = SavedState(play_transcript(Position.start(Rules()), "f5d6c3"))
    text = dump_state(state)
    return text, json.loads(dump_shown(restored_shown(state, text)))


SHOWN_STATE, SHOWN_VALID = _shown_record()
shown_cells = st.one_of(st.text(alphabet="-XO#_xo.", min_size=60, max_size=68), any_text)


@given(st.one_of(json_value.map(json.dumps), any_text, st.none(), deep_json,
                 st.text(alphabet='{}[]":,-XO#_0123456789abcdefghtruelsn ', max_size=400)))
def test_records_of_the_position_shown(text: str | None) -> None:
    """The record the first paint draws (``localStorage`` "reversi.shown", another page of the origin may
    write it): read or refused with our error, and drawn only when whole, fitting and the saved text's."""
    from reversi.ui.store.shown import drawable, dump_shown, first_paint, load_shown, state_check

    shown = only_our_errors(lambda: load_shown(text))
    if shown is not None:
        assert load_shown(dump_shown(shown)) == shown
    drawn = first_paint(SHOWN_STATE, text)
    assert drawn is None or (drawable(drawn) and drawn.state == state_check(SHOWN_STATE))


@given(st.fixed_dictionaries(
    {},
    optional={"v": json_value, "board": st.one_of(st.sampled_from(["8x8", "10x10", "octagon", "4x4", "8x9", "99x99"]),
                                                  json_value),
              "cells": st.one_of(shown_cells, json_value), "turn": json_value, "moves": json_value,
              "last": st.one_of(square, json_value), "legal": st.one_of(st.lists(square, max_size=70), json_value),
              "colors": json_value, "rotated": json_value, "ring": json_value, "plain": json_value,
              "state": json_value, "link": json_value, "extra": json_value},
))
def test_record_of_the_position_shown_fields(fields: dict[str, Any]) -> None:
    from reversi.ui.store.shown import dump_shown, first_paint, load_shown

    text = json.dumps({**SHOWN_VALID, **fields})
    shown = only_our_errors(lambda: load_shown(text))
    if shown is not None:
        assert load_shown(dump_shown(shown)) == shown
    first_paint(SHOWN_STATE, text)


@given(st.dictionaries(st.one_of(st.sampled_from(["Event", "Site", "Date", "Round", "Black", "White"]), any_text),
                       st.one_of(any_text, st.text(min_size=190, max_size=260)), max_size=8))
def test_game_details(details: dict[str, str]) -> None:
    """The game's details form: a refused value leaves the details as they were; a kept one is
    clean and is written into a record that reads back the same."""
    from reversi.formats.record import DETAIL_TAGS, Record, read_record, write_record
    from reversi.ui.controller import Controller

    c = Controller()
    c.set_details({"Event": "kept"})
    before = dict(c.game.tags)
    if only_our_errors(lambda: c.set_details(details)) is None:
        assert c.game.tags == before
    assert set(c.game.tags) <= set(DETAIL_TAGS)
    assert read_record(write_record(Record.from_game(c.game))).tags == c.game.tags


@given(st.one_of(query_text.map(lambda q: "https://x/?" + q), record_text, grammar_text, any_text), rules_strategy)
def test_pasted_text(text: str, rules: Rules) -> None:
    loaded = only_our_errors(lambda: load_text(text, rules))
    if loaded is not None:
        writable(loaded[0])


FORM_KEYS = [
    "variant", "size", "anti", "free_opening", "blocked_mode", "blocked_list", "blocked_count", "blocked_seed",
    "handicap", "handicap_color", "players", "level", "level_black", "level_white", "think", "clock", "side",
    "opening", "opening_moves", "opening_within", "opening_seed",
]
form_strategy = st.dictionaries(
    st.sampled_from(FORM_KEYS), st.one_of(number_text, any_text, st.sampled_from(
        ["on", "none", "list", "random", "balanced", "standard", "99999999999999999999999"])),
    max_size=len(FORM_KEYS),
)


#: Move text: moves, parentheses, braces, marks, backslashes, numbers.
movetext_text = st.text(alphabet="abcdefgh12345678 ()[]{}%\\.pasmrkl,;-\n!?$RGYAZ", max_size=200)


@given(st.one_of(movetext_text, any_text), rules_strategy)
def test_move_text_with_variations_and_comments(text: str, rules: Rules) -> None:
    game = only_our_errors(lambda: parse_movetext(Position.start(rules), text))
    if game is not None:
        writable(game)


@given(st.one_of(st.text(alphabet="hct0123456789.", max_size=12), any_text))
def test_players_codes(text: str) -> None:
    only_our_errors(lambda: Players.from_code(text))


@given(st.one_of(json_value.map(json.dumps), any_text, st.none(), deep_json,
                 st.sampled_from(['[{"query":"","date":"","rules":"","players":"","result":"","moves":1e999}]'])))
def test_recent_games_list(text: str | None) -> None:
    entries = read_recent(text)  # never raises: what cannot be read is left out
    assert isinstance(entries, list)
    render_recent(entries)


@given(rules_strategy, st.lists(st.tuples(st.sampled_from(TOOLS), st.integers(0, 300)), max_size=30),
       st.integers(-5, 300), st.integers(-5, 300))
def test_board_editor(rules: Rules, clicks: list[tuple[str, int]], black: int, white: int) -> None:
    editor = Editor(Position.start(rules))
    squares = editor.base.geometry.squares
    for tool, k in clicks:
        editor.set_tool(tool)
        editor.click(editor.base.geometry.name(squares[k % len(squares)]))
    editor.set_supply(black, white)
    only_our_errors(editor.position)
    editor.warnings()


@given(form_strategy)
def test_new_game_form_fields(fields: dict[str, str]) -> None:
    from reversi.ui.forms import balanced_from_fields, preview_fields

    rules = only_our_errors(lambda: rules_from_fields(fields, seed=1))
    if rules is not None:
        only_our_errors(lambda: balanced_from_fields(fields, rules, seed=1))
    ok, text = preview_fields(fields)
    assert text or ok
    only_our_errors(lambda: players_from_fields(fields))
    only_our_errors(lambda: form_fields(fields))


@given(json_value)
def test_saved_players_and_form(data: Any) -> None:
    only_our_errors(lambda: form_fields(data))
    if isinstance(data, dict):
        only_our_errors(lambda: Players.from_dict(data))


@given(json_value)
def test_saved_settings(data: Any) -> None:
    """Stored settings of any shape: what is not understood is ignored, the display settings stay booleans."""
    from reversi.ui.controller import Controller
    from reversi.ui.drivers.hints import HINT_MODES
    from reversi.ui.settings import PREFERENCES

    c = Controller()
    if isinstance(data, dict):
        c.load_settings(data)
    assert all(isinstance(getattr(c, name), bool) for name in PREFERENCES)
    assert type(c.engine_workers) is int and 0 <= c.engine_workers <= 64
    assert c.hint_mode in HINT_MODES


@given(st.fixed_dictionaries({"coach": json_value}, optional={"sound": json_value}))
def test_saved_coach_setting(data: dict[str, Any]) -> None:
    """The Coach setting as stored (any value): a boolean is taken back, anything else leaves it off."""
    from reversi.ui.controller import Controller

    c = Controller()
    c.load_settings(data)
    assert c.coach is (data["coach"] if isinstance(data["coach"], bool) else False)


@given(st.fixed_dictionaries({"graph": json_value}, optional={"coach": json_value}))
def test_saved_graph_setting(data: dict[str, Any]) -> None:
    """The setting "Value each move as the game is played" as stored (any value): a boolean is taken
    back, anything else leaves it on."""
    from reversi.ui.controller import Controller

    c = Controller()
    c.load_settings(data)
    assert c.graph is (data["graph"] if isinstance(data["graph"], bool) else True)


@given(st.lists(st.text(max_size=400), min_size=11, max_size=11), st.dictionaries(st.integers(1, 11),
                                                                                    st.integers(0, 64)))
def test_a_viewer_s_review_over_any_comments(comments: list[str], losses: dict[int, int]) -> None:
    """A teacher's viewer with the review (reversi/ui/embed/snippets.py reviewed_query) over the
    game's own comments of any text: the game keeps them, the link stays short enough, and the
    viewer reads it back or refuses it with a message of ours."""
    from support import made_up_evaluations

    from reversi.core.game import Game
    from reversi.formats.links import MAX_QUERY_CHARS
    from reversi.ui.drivers.study import review_marks
    from reversi.ui.embed.snippets import LEFT_REVIEW, MARGIN_CHARS, reviewed_query
    from reversi.ui.embed.viewer import Viewer

    game = Game(Rules())
    for move in ("f5", "d6", "c3", "d3", "c4", "f4", "f6", "f3", "e6", "e7", "g2"):
        game.play(game.rules.geometry.parse_square(move))
    for node, comment in zip(game.main_line()[1:], comments, strict=True):
        node.comment = comment
    before = [node.comment for node in game.nodes()]
    marks = review_marks(game, made_up_evaluations(game, losses))
    query, left = reviewed_query(game, game.current, True, marks)
    assert [node.comment for node in game.nodes()] == before
    assert left == LEFT_REVIEW or len(query) <= MAX_QUERY_CHARS - MARGIN_CHARS
    only_our_errors(lambda: Viewer.from_query("?view=embed&" + query))


@given(
    st.fixed_dictionaries(
        {"workers": st.one_of(json_value, st.integers(-3, 70))},
        optional={"hints": json_value, "players": json_value, "sound": json_value},
    )
)
def test_saved_workers(data: dict[str, Any]) -> None:
    """The engine's workers as stored (any value): a bad one is left out, and only it; a good one is
    taken back as it was."""
    from reversi.ui.controller import Controller
    from reversi.ui.settings import MAX_WORKERS_CHOICE
    from reversi.ui.store.saved_state import readable_settings

    kept, reset = readable_settings(data)
    good = type(data["workers"]) is int and 0 <= data["workers"] <= MAX_WORKERS_CHOICE
    assert ("workers" in kept) == good and (not good) <= any("settings.workers" in r for r in reset)
    c = Controller()
    c.load_settings(kept)
    assert c.engine_workers == (data["workers"] if good else 0)
    assert ("workers" in c.settings()) == bool(good and data["workers"])


@given(
    st.fixed_dictionaries(
        {"hint_mode": st.one_of(json_value, st.sampled_from(["all", "best", "three", "Best", "best "]))},
        optional={"hints": json_value, "workers": json_value, "sound": json_value},
    )
)
def test_saved_hint_mode(data: dict[str, Any]) -> None:
    """What the hints show, as stored (any value): a bad one is left out, and only it, the mode staying
    every move's value; a good one is taken back as it was."""
    from reversi.ui.controller import Controller
    from reversi.ui.drivers.hints import HINT_ALL, HINT_MODES
    from reversi.ui.store.saved_state import readable_settings

    kept, reset = readable_settings(data)
    good = isinstance(data["hint_mode"], str) and data["hint_mode"] in HINT_MODES
    assert ("hint_mode" in kept) == good and (not good) <= any("settings.hint_mode" in r for r in reset)
    c = Controller()
    c.load_settings(kept)
    assert c.hint_mode == (data["hint_mode"] if good else HINT_ALL)
    assert c.settings()["hint_mode"] == c.hint_mode


@given(st.one_of(any_text, json_value.map(json.dumps)))
def test_worker_load_requests(text: str) -> None:
    """The worker's load: a request it cannot use (not an object, no page address) is refused
    with a message, never raised (under CPython there is no browser to fetch from either)."""
    from support import run

    from reversi.engine import worker

    # on a loop of its own, in a thread: a browser test in this process may hold this thread's loop
    reply = json.loads(run(worker.load(text)))
    assert reply["ok"] is False and reply["error"]


@given(st.one_of(number_text, any_text))
def test_time_controls(text: str) -> None:
    control = only_our_errors(lambda: parse_time_control(text))
    if control is not None:
        assert control.base_ms >= 0 and control.increment_ms >= 0


@given(json_value)
def test_saved_clocks(data: Any) -> None:
    clock = only_our_errors(lambda: Clock.from_dict(data))
    if clock is not None:
        assert all(math.isfinite(ms) for ms in clock.left_ms)


# -- the engine's requests (what crosses the worker boundary) --------------------------

#: The protocol's fields, and numbers that broke number checks before (huge, NaN, bools).
PROTOCOL_KEYS = [
    "rules", "start", "moves", "level", "seed", "time_limit", "node_limit", "max_depth", "exact_empties", "lang",
    "epoch", "positions", "seconds", "plies", "within", "lines", "helpers",
]
PROTOCOL_NUMBERS = [10**400, -(10**400), 1e999, -1e999, math.nan, True, False, 0, -1, 2**31, 1e-300]
#: What JSON text can carry (Python writes no int of more than 4300 digits), and more for Python callers.
protocol_json_value = st.one_of(json_value, grammar_text, st.sampled_from(PROTOCOL_NUMBERS))
protocol_value = st.one_of(protocol_json_value, st.just(10**5000))



@settings(max_examples=max(60, settings().max_examples // 20))  # each one searches briefly
@given(
    st.fixed_dictionaries(
        {},
        optional={
            "rules": json_value, "start": json_value, "moves": st.one_of(json_value, grammar_text),
            "level": json_value, "seed": json_value, "max_depth": protocol_json_value,
            "exact_empties": protocol_json_value, "node_limit": protocol_json_value, "epoch": protocol_json_value,
            "lines": protocol_json_value, "helpers": protocol_json_value,
        },
    )
)
def test_worker_requests(request: dict[str, Any]) -> None:
    from reversi.engine import worker

    request["time_limit"] = 0.02  # a valid request must stay quick
    for name in ("best_move", "analyse"):
        reply = json.loads(getattr(worker, name)(json.dumps(request, allow_nan=True)))
        assert isinstance(reply, dict) and (("error" in reply) != ("move" in reply or "scores" in reply))
    reply = json.loads(worker.best_move(json.dumps([request])))
    assert "error" in reply


@settings(max_examples=max(30, settings().max_examples // 40))  # each valid one searches
@given(
    st.fixed_dictionaries(
        {},
        optional={
            "rules": json_value, "plies": protocol_json_value, "seed": protocol_json_value, "lang": json_value,
            "within": st.sampled_from([64, 0, -1, 65, 1e999, "2", None, True, 10**30]),
        },
    )
)
def test_worker_opening_requests(request: dict[str, Any]) -> None:
    """A balanced opening is drawn or refused with a message (a wide window: found at once)."""
    from reversi.engine import worker

    reply = json.loads(worker.opening(json.dumps(request, allow_nan=True)))
    assert isinstance(reply, dict) and (("error" in reply) != ("moves" in reply))
    if "error" in reply:
        assert reply["error"] and "internal" not in reply


@given(st.one_of(any_text, json_value.map(json.dumps), deep_json, deep_json.map(lambda t: '{"moves":' + t + "}")))
def test_worker_text(text: str) -> None:
    """Anything but a JSON object (or nothing: the defaults) is refused with a message."""
    from reversi.engine import worker

    try:
        request = json.loads(text)
    except (ValueError, RecursionError):
        request = None
    if isinstance(request, dict) or not text.strip():
        return  # a real request: test_worker_requests covers those
    reply = json.loads(worker.analyse(text))
    assert set(reply) == {"error"} and reply["error"]


@given(
    st.sampled_from(["MoveRequest", "AnalyseRequest", "SolveRequest", "PingRequest", "BenchRequest", "OpeningRequest",
                     "BookRequest", "Request"]),
    st.fixed_dictionaries({}, optional=dict.fromkeys(PROTOCOL_KEYS, protocol_value)),
)
def test_protocol_requests(kind_name: str, data: dict[str, Any]) -> None:
    """A request is read or refused with a message; one read comes back from its own JSON."""
    from reversi.engine import protocol

    kind = getattr(protocol, kind_name)
    request = only_our_errors(lambda: kind.from_json(data))
    if request is None:
        return
    assert kind.from_json(json.loads(json.dumps(request.to_json()))) == request
    if isinstance(request, protocol.PositionRequest):
        only_our_errors(request.position)


@given(
    st.sampled_from(["MoveReply", "AnalysisReply", "SolveReply", "OpeningReply", "BookReply"]),
    st.one_of(
        protocol_value,
        st.fixed_dictionaries(
            {},
            optional=dict.fromkeys(
                ["move", "score", "depth", "nodes", "seconds", "exact", "level", "pv", "book", "scores", "best",
                 "moves", "error", "internal", "value", "tries", "lines"],
                protocol_value,
            ),
        ),
    ),
)
def test_protocol_replies(kind_name: str, data: Any) -> None:
    """Whatever the worker answers, the page reads a reply or an error reply: never an exception."""
    from reversi.engine import protocol

    kind = getattr(protocol, kind_name)
    reply = protocol.read_reply(kind, data)
    assert isinstance(reply, (kind, protocol.ErrorReply))
    if isinstance(reply, protocol.ErrorReply):
        assert reply.error and len(reply.error) <= protocol.MAX_REPLY_TEXT
    else:
        assert kind.from_json(json.loads(json.dumps(reply.to_json()))) == reply


# -- the command line -----------------------------------------------------------------

CLI_WORDS = [
    "perft", "legal", "replay", "solve", "best", "hints", "match", "--rules", "--size", "--anti", "--free-opening",
    "--blocked", "--seed", "--handicap", "--handicap-color", "--position", "--json", "--time", "--level",
    "--exact-empties", "--all", "--a", "--b", "--games", "--plies", "--processes", "white", "octagon", "classic",
    "f5", "d6", "f5d6c3", "pass", "level=3", "depth=1", "time=nan", "depth=-1", "level=1,time=-1", "nan", "inf",
    "-1", "0", "1", "2", "3", "4",
]
cli_args = st.lists(st.one_of(st.sampled_from(CLI_WORDS), number_text, tricky, grammar_text), max_size=8)
#: Arguments that keep a valid command quick: a short time and a small board.
QUICK = {
    "solve": ["--time", "0.05"], "best": ["--time", "0.05"], "hints": ["--time", "0.05"],
    "match": ["--games", "2", "--a", "depth=1", "--b", "depth=1", "--size", "4"],
    "perft": [],
}


@settings(max_examples=max(100, settings().max_examples // 10))
@given(command=st.sampled_from([*sorted(QUICK), "legal", "replay"]), args=cli_args)
def test_command_line(command: str, args: list[str]) -> None:
    from reversi.cli.main import main

    argv = [command, *args, *QUICK.get(command, [])]
    if command == "perft":
        argv = [command, str(min(3, len(args))), *args[1:]]
    out, errors = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(errors):
        try:
            code = main(argv)
        except SystemExit as e:  # argparse's own refusal of a bad command line
            code = e.code if isinstance(e.code, int) else 2
    err = errors.getvalue()
    assert code in (0, 2), (argv, code, err)
    if code == 2:
        assert err.strip() and "Traceback" not in err and len(err.strip().splitlines()) <= 2, err


def _utf8(text: str) -> bytes:
    return text.encode("utf-8", "surrogatepass")  # a lone surrogate as a file holds it: bytes UTF-8 refuses


@given(st.one_of(st.binary(max_size=400), ggs_archive.map(_utf8), record_text.map(_utf8)),
       st.sampled_from([".ggf", ".wtb", ".rev", ".WTB"]),
       st.lists(st.one_of(st.sampled_from(["--opening", "--player", "--json", "--to", "ggf", "rev", "f5", "1. f5 d6",
                                           "zz", "C", "", "-o", "-"]), tricky), max_size=4))
def test_the_games_command_on_any_file(tmp_path_factory: pytest.TempPathFactory, data: bytes, suffix: str,
                                       args: list[str]) -> None:
    """``games FILE``: lines, a count and exit 0, or a message and exit 2; never a traceback."""
    from reversi.cli.main import main

    folder = tmp_path_factory.mktemp("games")
    path = folder / ("file" + suffix)
    path.write_bytes(data)
    out, errors = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(errors), contextlib.chdir(folder):
        try:
            code = main(["games", str(path), *args])
        except SystemExit as e:
            code = e.code if isinstance(e.code, int) else 2
    err = errors.getvalue()
    assert code in (0, 2) and "Traceback" not in err, (args, code, err)
    if code == 2:
        assert err.strip()
    assert path.read_bytes() == data  # the file read is never written over (-o naming it, say)


# -- weights files' headers (the ``board`` a file is for, its patterns' squares) --------------

pattern_header = st.fixed_dictionaries(
    {},
    optional={
        "board": st.one_of(st.sampled_from([4, 6, 8, 10, 12, 16, 0, 3, 17, 2**70, "8", 8.0, True, None]), json_value),
        "patterns": st.one_of(
            st.lists(st.fixed_dictionaries({"squares": st.lists(
                st.lists(st.integers(min_value=-2, max_value=20), min_size=0, max_size=3), max_size=14)}), max_size=3),
            json_value,
        ),
        "scalars": st.one_of(st.just(["bias", "parity"]), json_value),
        "phases": st.one_of(st.integers(min_value=-1, max_value=300), json_value),
        "phase_of_empties": st.one_of(st.lists(st.integers(min_value=-1, max_value=8), max_size=5), json_value),
        "probcut": st.one_of(
            st.lists(st.tuples(
                st.integers(min_value=-1, max_value=70), st.integers(min_value=-1, max_value=70),
                st.lists(st.one_of(st.none(), st.lists(
                    st.one_of(st.floats(allow_nan=True), st.integers(), json_value), max_size=4)), max_size=8),
            ).map(list), max_size=3),
            json_value,
        ),
    },
)


@given(st.one_of(pattern_header, json_value))
def test_pattern_weights_headers(header: object) -> None:
    from reversi.engine.weights import check_pattern_header

    checked = only_our_errors(lambda: check_pattern_header(header, "fuzz.bin"))
    if checked is not None:  # a header it takes describes a board it can hold
        side = checked.get("board", 8)
        assert isinstance(side, int) and 4 <= side <= 16
        assert all(0 <= c < side for p in checked["patterns"] for sq in p["squares"] for c in sq)
        if checked.get("probcut") is not None:  # fits the search can use: positive slopes, finite numbers
            from reversi.engine.weights import probcut_by_empties

            for _shallow, fits in probcut_by_empties(checked, side * side).values():
                for fit in fits:
                    assert fit is None or (fit[0] > 0 and all(math.isfinite(x) for x in fit))


# -- opening book files ---------------------------------------------------------------------


@given(st.binary(max_size=200), st.sampled_from(["magic", "header", "raw"]))
def test_opening_book_files(tmp_path_factory: pytest.TempPathFactory, blob: bytes, where: str) -> None:
    """A damaged book file is refused with a message, and play goes on without a book."""
    import struct
    import zlib

    from reversi.engine.book import BOOK_MAGIC, book_for, load_book

    if where == "magic":
        data = blob
    elif where == "header":
        data = BOOK_MAGIC + struct.pack("<I", len(blob)) + blob + zlib.compress(b"")
    else:
        data = BOOK_MAGIC + struct.pack("<I", 2) + b"{}" + blob
    folder = tmp_path_factory.mktemp("book")
    path = folder / "book_8x8.bin"
    path.write_bytes(data)
    loaded = only_our_errors(lambda: load_book(str(path)))
    if loaded is not None:
        header, book = loaded
        assert isinstance(header, dict) and all(not p & o for p, o in book)
    book = book_for(Rules(), str(folder))
    assert book is None or isinstance(book, dict)


# -- a link opened over a saved game (a friend's reply, another game, the saved one) -----------------


@given(st.text(alphabet="cdef3456", max_size=16), st.one_of(query_text, any_text,
       st.text(alphabet="cdef3456", max_size=20).map(lambda m: "m=f5d6" + m)),
       st.sampled_from(["two", "computer"]))
def test_a_link_opened_over_a_saved_game(saved_moves: str, query: str, players: str) -> None:
    """Whatever the saved game and the link: a plan, never an exception; a reply only extends the
    saved game, with the side to move's moves, and keeps it; a game put aside is the saved text."""
    from reversi.formats.notation import write_movetext
    from reversi.ui.controller import Controller
    from reversi.ui.store.autosave import plan_start
    from reversi.ui.store.saved_state import SavedState, state_to_dict

    saved_game = only_our_errors(lambda: play_transcript(Position.start(Rules()), "f5d6" + saved_moves))
    if saved_game is None:
        return
    settings = Controller().settings()
    settings["players"] = {"kinds": ["human", "human" if players == "two" else "computer"], "levels": [5, 5]}
    text = json.dumps(state_to_dict(SavedState(saved_game, settings)))
    plan = plan_start(text, "?" + query)
    assert plan.game is not None and isinstance(plan.message(), str)
    if plan.replied:
        assert players == "two" and plan.previous is None
        mine = [n.move for n in saved_game.live.path()]
        assert [n.move for n in plan.game.live.path()][: len(mine)] == mine
        assert len(plan.game.live.path()) > len(mine)
    if plan.previous is not None:
        assert plan.previous == text
    write_movetext(plan.game)


# -- a match's record -------------------------------------------------------------------

#: A short match's record of 4x4 games, and its header: the pieces the record fuzz mixes.
_MATCH_RULES = Rules(size=4)


@functools.cache
def _a_short_match_record() -> tuple[dict[str, Any], list[bytes]]:
    from reversi.tools import match_record
    from reversi.tools.match import Player, match

    first = match_record.header(Player(depth=1), Player(depth=1), _MATCH_RULES, 0, 1, None)
    games = match(Player(depth=1), Player(depth=1), 2, rules=_MATCH_RULES, plies=1).games
    lines = [json.dumps(first).encode()] + [json.dumps(match_record.game_line(_MATCH_RULES, g)).encode()
                                            for g in games]
    return first, lines


record_line = st.one_of(
    st.integers(0, 2).map(lambda k: _a_short_match_record()[1][k]),
    json_value.map(lambda v: json.dumps(v).encode()),
    st.fixed_dictionaries({"game": st.one_of(st.integers(0, 3), json_value), "a_is_black": json_value,
                           "transcript": st.one_of(any_text, st.sampled_from(["a1", "b1a1c1", ""])),
                           "margin": st.one_of(st.integers(-16, 16), json_value)}).map(
        lambda d: json.dumps(d).encode()),
    any_text.map(lambda t: t.encode("utf-8", "surrogatepass")),
    st.binary(max_size=60),
)


@given(st.lists(record_line, max_size=5), st.booleans(), deep_json)
def test_match_records(lines: list[bytes], ended: bool, deep: str) -> None:
    """A match's record as the file holds it (any bytes; a last line cut short or not): the games
    it holds, each a game of these rules that ended with its margin, or a ReversiError saying
    where; never another exception."""
    import tempfile

    from reversi.tools import match_record

    header, good_lines = _a_short_match_record()
    for data in (b"\n".join(lines) + (b"\n" if ended else b""), good_lines[0] + b"\n" + deep.encode() + b"\n"):
        with tempfile.NamedTemporaryFile(suffix=".jsonl") as f:
            f.write(data)
            f.flush()
            found = only_our_errors(lambda: match_record.read(f.name, header, _MATCH_RULES))
        if found is not None:
            games, good = found
            kept = data[:good]
            # the header and each game a line; the last game's newline may be missing (a whole game)
            kept_lines = kept.count(b"\n") + (1 if kept and not kept.endswith(b"\n") else 0)
            assert good <= len(data) and kept_lines == (len(games) + 1 if good else 0)
            for n, g in enumerate(games, 1):
                assert g.number == n and g.moves
