"""Recent games: one entry per game, newest first, reopened as they were; bad stored text is no list."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reversi import PASS, Position, Rules
from reversi.core.game import Game
from reversi.formats.notation import parse_movetext, play_transcript, write_movetext
from reversi.ui.store.recent_games import MAX_RECENT, dump_recent, read_recent, remember, render_recent, reopen


def test_a_game_that_goes_on_keeps_one_entry_and_comes_back_whole() -> None:
    game = play_transcript(Position.start(Rules()), "f5d6")
    entries = remember([], game, "hc5", "2026-11-30 21:00")
    game.play(Rules().geometry.parse_square("c3"))
    entries = remember(entries, game, "hc5", "2026-11-30 21:01")
    assert len(entries) == 1 and entries[0].moves == 3 and entries[0].date.endswith("21:01")
    game.undo()
    game.play(Rules().geometry.parse_square("c5"))  # another move after an undo: still this game
    entries = remember(entries, game, "hc5", "2026-11-30 21:01")
    assert len(entries) == 1 and "(" in entries[0].query
    # a new game with the same first move is another game
    assert len(remember(entries, play_transcript(Position.start(Rules()), "f5"), "", "x")) == 2
    other = parse_movetext(Position.start(Rules("octagon")), "")
    other.play(other.position.legal_moves()[0])
    entries = remember(entries, other, "", "2026-11-30 21:02")
    assert [e.moves for e in entries] == [1, 3] and "Octagon" in entries[0].rules
    again = read_recent(dump_recent(entries))
    assert again == entries
    back, players = reopen(again, 1)
    assert back.live.depth == 3
    assert players == "hc5" and write_movetext(back) == write_movetext(game)
    html = render_recent(again)
    assert html.count('data-recent="') == 2 and "Computer level 5" in html
    with pytest.raises(Exception, match="no longer"):
        reopen(again, 5)


def test_no_moves_no_entry_and_the_list_is_bounded() -> None:
    assert remember([], Game(Rules()), "", "d") == []
    entries: list = []
    for size in range(4, 18, 2):
        for first in range(4):
            game = Game(Rules(size=size) if size <= 16 else Rules())
            game.play(game.position.legal_moves()[first])
            entries = remember(entries, game, "", f"{size}-{first}")
    assert len(entries) == MAX_RECENT and entries[0].date == "16-3"
    assert len({e.query for e in entries}) == MAX_RECENT


@pytest.mark.parametrize("text", [None, "", "{", "[1, 2]", '{"a": 1}', "[" + "[" * 5000, json.dumps([{"query": 5}]),
                                  json.dumps([{"query": "m=zz", "date": "", "rules": "", "players": "",
                                               "result": "", "moves": "x"}])])
def test_stored_text_that_cannot_be_read_is_an_empty_list(text) -> None:
    assert read_recent(text) == []


@settings(max_examples=60, deadline=None)
@given(st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=12),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
                        st.sampled_from(["query", "date", "rules", "players", "result", "moves", "key", "line"]),
                        inner, max_size=8), max_leaves=20))
def test_any_stored_json_is_a_list_or_nothing_and_renders(value) -> None:
    entries = read_recent(json.dumps(value))
    assert isinstance(entries, list)
    render_recent(entries)  # never raises: an entry that cannot be read is left out


def test_each_entry_says_who_won_and_how() -> None:
    from reversi.core.game import Ending, Termination

    # a game the rules ended (the score is the winner's count first)
    wipeout = play_transcript(Position.start(Rules()), "f5f6e6f4e3")
    rng = random.Random(11)
    while not wipeout.position.is_over:
        legal = wipeout.position.legal_moves()
        wipeout.play(rng.choice(legal) if legal else PASS)
    result = wipeout.position.result()
    assert result is not None and result.winner is not None
    shown = render_recent(remember([], wipeout, "hc5", "2026-12-01 10:00"))
    winner = ("Black", "White")[result.winner]
    assert f"{winner} wins {result.score}" in shown
    resigned = play_transcript(Position.start(Rules()), "f5d6c3d3")
    resigned.end(Ending(0, Termination.RESIGNATION))
    assert "White won: Black resigned" in render_recent(remember([], resigned, "hc5", "2026-12-01"))
    assert "4 moves" not in render_recent(remember([], resigned, "hc5", "2026-12-01"))
    flagged = play_transcript(Position.start(Rules()), "f5d6c3")
    flagged.end(Ending(1, Termination.TIME))
    assert "Black won on time" in render_recent(remember([], flagged, "", "2026-12-01"))
    going = play_transcript(Position.start(Rules()), "f5d6c3")
    assert "· 3 moves ·" in render_recent(remember([], going, "", "2026-12-01"))
    classic = play_transcript(Position.start(Rules("classic")), "")
    classic.play(classic.position.legal_moves()[0])
    classic.end(Ending(0, Termination.RESIGNATION))
    names = classic.rules.display_side_names()
    assert f"{names[1]} won: {names[0]} resigned" in render_recent(remember([], classic, "", "d"), names)


def test_a_recent_game_is_dated_by_the_readers_day() -> None:
    """The list keeps UTC times and shows the reader's day: late in the evening west of Greenwich, or
    after midnight east of it, the day is not UTC's."""
    game = play_transcript(Position.start(Rules()), "f5d6")
    late = remember([], game, "", "2026-12-04 23:30")  # UTC
    assert "· 2026-12-04</button>" in render_recent(late)
    assert "· 2026-12-05</button>" in render_recent(late, utc_offset=60)  # Warsaw: half past midnight
    early = remember([], game, "", "2026-12-05 02:00")
    assert "· 2026-12-04</button>" in render_recent(early, utc_offset=-300)  # New York: nine in the evening
    assert "· 2026-12-01</button>" in render_recent(remember([], game, "", "2026-12-01"), utc_offset=-300)


def test_a_game_studied_is_listed_by_its_players_names_and_comes_back_with_them() -> None:
    from reversi import Game, Rules

    game = Game(Rules())
    g = game.rules.geometry
    game.play_all([g.parse_square(s) for s in ("f5", "d6", "c3")])
    game.tags.update({"Black": "Saio3000", "White": "?"})
    entries = remember([], game, "", "2026-12-05 08:00")
    assert entries[0].names == "Saio3000 – ?"
    back = read_recent(dump_recent(entries))
    assert back[0].names == "Saio3000 – ?" and "Saio3000 – ?" in render_recent(back)
    played = remember([], game, "hc3", "2026-12-05 08:00")  # a game played: who played it is the players'
    assert played[0].names == "" and "Computer level 3" in render_recent(played)
