"""Hostile text in the game's formats and fields under CPython: comments, tags and captions
with lone surrogates that every writer (address, record, saved state, embed snippet) must
survive, unclosed ``[%mark`` tags (once read in quadratic time), puzzle links, empty records
and transcripts, and clock fields a new game refuses.

Found by the probes of the second hardening round (issue 37).
"""

from __future__ import annotations

import pytest

from reversi import Position, Rules
from reversi.formats.notation import parse_movetext
from reversi.formats.record import Record, read_record, write_record
from reversi.ui.controller import Controller
from reversi.ui.embed.snippets import make_snippet
from reversi.ui.records import load_text, paste_overflow, paste_refused
from reversi.ui.sharing import link_query
from reversi.ui.store.saved_state import SavedState, dump_state


@pytest.mark.parametrize("comment", ["nice \ud83d", "\udc00", "a\ud800b"])
def test_a_lone_surrogate_never_reaches_a_written_address_file_or_state(comment: str) -> None:
    c = Controller()
    c.click("f5")
    assert c.set_comment(comment)
    assert "\ufffd" in c.game.current.comment
    link_query(c.game).encode("utf-8")
    write_record(Record.from_game(c.game)).encode("utf-8")
    dump_state(SavedState(c.game)).encode("utf-8")
    pasted = parse_movetext(Position.start(Rules()), "f5{" + comment + "}d6")
    assert link_query(pasted).encode("utf-8")
    record = read_record('[Event "' + comment + '"]\n\nf5 d6\n')
    assert "\ufffd" in record.tags["Event"]
    game, _kind, _players = load_text("f5{" + comment + "}", Rules())
    assert link_query(game).encode("utf-8")
    snippet = make_snippet("viewer", "./", "m=f5", caption=comment)
    snippet.encode("utf-8")


def test_unclosed_mark_tags_are_read_as_text_not_marks() -> None:
    game = parse_movetext(Position.start(Rules()), "f5{" + "[%mark " * 2855 + "}")
    node = game.main_line()[1]
    assert node.marks == frozenset() and node.comment.startswith("[%mark")
    closed = parse_movetext(Position.start(Rules()), "f5{[%mark [%mark c3 d3] tiger}")
    assert len(closed.main_line()[1].marks) == 2


def test_minor_inputs_are_refused_with_a_message() -> None:
    from reversi.errors import NotationError
    from reversi.formats.notation import play_transcript
    from reversi.ui.embed.puzzle import read_puzzle

    start = Position.start(Rules())
    with pytest.raises(NotationError, match="names f5 twice"):
        read_puzzle("pz=f5:0.f5:1.d3:0.c4:0.e6:0", start)
    assert read_puzzle("pz=f5:0.d3:1.c4:0.e6:0", start).losses
    for empty in ("", "  \n\t", "\ufeff"):
        with pytest.raises(NotationError, match="empty"):
            read_record(empty)
    assert read_record("f5 d6\n").to_game().ply == 2
    play_transcript(start, "")  # an empty transcript is still the start


def test_a_refused_clock_field_starts_no_game() -> None:
    from reversi.errors import RulesError
    from reversi.ui.forms import FORM_DEFAULTS

    c = Controller()
    c.click("f5")
    for clock in ("abc", "1" + "0" * 400 + "+1", "300+3+3"):
        with pytest.raises(RulesError, match="clock"):
            c.new_game({**FORM_DEFAULTS, "clock": clock})
        assert c.game.ply == 1  # the game in progress stays
    c.new_game({**FORM_DEFAULTS, "clock": "300+3"})
    assert c.game.ply == 0


@pytest.mark.parametrize("value, start, end, most, pasted, expected", [
    ("", 0, 0, 10, "f5d6c3", None),  # fits
    ("", 0, 0, 6, "f5d6c3", None),  # fills the field exactly
    ("", 0, 0, 5, "f5d6c3", (6, 5)),
    ("f5d6", 4, 4, 8, "c3f4e3", (6, 4)),  # after what the field holds
    ("f5d6", 0, 4, 8, "c3f4e3", None),  # over a selection of four: room for eight
    ("f5d6", 4, 0, 8, "c3f4e3", None),  # a selection made backwards
    ("abc", 3, 3, 4, "\U0001f600", (2, 1)),  # an emoji is two UTF-16 units, as the browser counts
    ("x" * 12, 12, 12, 10, "y", (1, 0)),  # a field already past its limit has no room
    ("x" * 12, 12, 12, 10, "", None),  # and pasting nothing into it is no paste to refuse
    ("", 0, 0, 0, "\ud83d", (1, 0)),  # half an emoji is one unit (and no encoding error)
    ("", 0, 0, -1, "z" * 500_000, None),  # no maxlength
])
def test_a_paste_past_a_fields_limit_is_found_in_the_browsers_units(
        value: str, start: int, end: int, most: int, pasted: str, expected: tuple[int, int] | None) -> None:
    assert paste_overflow(value, start, end, most, pasted) == expected


@pytest.mark.parametrize("file, words", [(True, "Open file…"), (False, "this comment")])
def test_a_refused_paste_says_its_length_and_the_room_left(file: bool, words: str) -> None:
    text = paste_refused(250_000, 1, file)
    assert text.startswith("Not pasted") and "250,000 characters" in text and "1 more character" in text, text
    assert words in text and "1 more characters" not in text
    assert "200,000 more characters" in paste_refused(250_000, 200_000, file)
