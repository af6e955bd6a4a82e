"""The opening explorer: its index (reversi/ui/explorer_index.py) and its panel (reversi/ui/explorer.py)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from support import random_records

from reversi import Rules
from reversi.core.game import Game
from reversi.core.position import Position
from reversi.formats.ggf import read_ggf
from reversi.formats.notation import play_transcript
from reversi.formats.record import Record
from reversi.formats.wthor import read_wtb, write_wtb
from reversi.ui import explorer_index
from reversi.ui.explorer import ExplorerRow, explorer_rows, explorer_view, plies_played, signed, table_markup
from reversi.ui.explorer_index import (
    Indexing,
    MoveStats,
    OpeningIndex,
    contribution,
    game_result,
    unpack,
)

G = Rules().geometry
START = Position.start(Rules())


def sq(name: str) -> int:
    return G.parse_square(name)


def finished(moves: str, rules: Rules | None = None) -> Game:
    """A game of ``moves`` from the start (not finished: no result)."""
    return play_transcript(Position.start(rules or Rules()), moves)


def with_result(moves: str, margin: str) -> Game:
    """A game of ``moves`` given a recorded result (a GGF ``RE``, Black's margin)."""
    game = finished(moves)
    game.tags["GGFResult"] = margin
    return game


def by_move(stats: list[MoveStats]) -> dict[str, MoveStats]:
    return {G.name(s.move): s for s in stats}


def test_counts_scores_and_disc_averages() -> None:
    index = OpeningIndex()
    index.add_game(with_result("f5d6c3", "+10.000"))  # Black wins by 10
    index.add_game(with_result("f5f6e6", "-4.000"))  # White wins by 4
    index.add_game(with_result("f5d6c5", "0.000"))  # a draw
    f5 = by_move(index.moves(START))["f5"]
    assert (f5.games, f5.scored, f5.points, f5.discs) == (3, 3, 1.5, 6)
    assert f5.score == 0.5 and f5.average == 2
    after = by_move(index.moves(play_transcript(START, "f5").position))
    assert list(after) == ["d6", "f6"]  # the most played first
    assert after["d6"].games == 2 and after["d6"].score == 0.75 and after["d6"].average == 5
    assert after["f6"].score == 0 and after["f6"].average == -4
    assert index.games == 3


def test_a_game_without_a_result_counts_for_frequency_not_for_the_score() -> None:
    index = OpeningIndex()
    index.add_game(finished("f5d6"))  # neither ended nor given a result
    index.add_game(with_result("f5f6", "+2.000"))
    f5 = by_move(index.moves(START))["f5"]
    assert (f5.games, f5.scored, f5.score, f5.average) == (2, 1, 1.0, 2)
    d6 = by_move(index.moves(play_transcript(START, "f5").position))["d6"]
    assert d6.games == 1 and d6.score is None and d6.average is None


def test_transpositions_count_together() -> None:
    """f5 f4 c3 c6 g3 and f5 f4 g3 c6 c3 reach one position: the games after it are counted there
    whichever order they took."""
    one, two = "f5f4c3c6g3", "f5f4g3c6c3"
    assert play_transcript(START, one).position == play_transcript(START, two).position
    index = OpeningIndex()
    index.add_game(with_result(one + "d3", "+6.000"))
    index.add_game(with_result(two + "d3", "+2.000"))
    index.add_game(with_result(two + "e6", "-8.000"))
    here = by_move(index.moves(play_transcript(START, one).position))
    assert here["d3"].games == 2 and here["d3"].average == 4
    assert here["e6"].games == 1
    # before the orders meet, each counts its own
    assert by_move(index.moves(play_transcript(START, "f5f4").position))["c3"].games == 1
    assert by_move(index.moves(play_transcript(START, "f5f4").position))["g3"].games == 2


def test_only_the_games_of_the_rules_shown_count() -> None:
    index = OpeningIndex()
    ten = Rules(size=10)
    anti = Rules(anti=True)
    index.add_game(finished("f5", Rules()))
    index.add_game(finished("g6", ten))
    index.add_game(finished("d3", anti))
    assert [G.name(s.move) for s in index.moves(START)] == ["f5"]
    assert [ten.geometry.name(s.move) for s in index.moves(Position.start(ten))] == ["g6"]
    assert [G.name(s.move) for s in index.moves(Position.start(anti))] == ["d3"]
    assert index.moves(Position.start(Rules(size=6))) == []
    assert index.knows(ten) and not index.knows(Rules(size=6))


def test_results_as_the_explorer_counts_them() -> None:
    ended = Record.from_game(random_records(1, seed=4)[0].to_game()).to_game()
    result = ended.live.position.result()
    assert result is not None
    assert game_result(ended) == ((2 if result.black > result.white else 0 if result.black < result.white else 1),
                                  result.black - result.white)
    assert game_result(finished("f5")) is None
    assert game_result(with_result("f5", "+8.5")) == (2, 8.5)  # a komi result: half discs kept
    resigned = read_ggf("(;GM[Othello]PC[x]PB[a]PW[b]TY[8]RE[-64.000:r]BO[8 ---------------------------O*------*O"
                        "--------------------------- *]B[F5]W[D6];)").to_game()
    assert game_result(resigned) == (0, -64)


def test_the_wthor_path_and_the_games_path_agree() -> None:
    """A database's move bytes indexed without positions give what the played games give, passes
    put in by the rules, at every position of their first moves."""
    records = random_records(40, seed=11)
    games = read_wtb(write_wtb(records, 2024)[0])[1]
    fast, slow = OpeningIndex(plies=60), OpeningIndex(plies=60)
    fast.add_wthor(games)
    for record in records:
        slow.add_game(record.to_game())
    for record in records[:10]:
        for node in record.to_game().main_line():
            assert fast.moves(node.position) == slow.moves(node.position)
    assert fast.entries == slow.entries


def test_a_wthor_game_stops_at_a_move_that_cannot_be_played() -> None:
    records = random_records(1, seed=2)
    wtb = bytearray(write_wtb(records, 2024)[0])
    game = read_wtb(bytes(wtb))[1][0]
    broken = game.moves[:3] + bytes([game.moves[0]]) + game.moves[4:]  # the first square again
    index = OpeningIndex()
    index.add_wthor([type(game)(1, 0, 0, 0, 70, 70, broken)])  # and a damaged score: no result
    line = Game(Rules())
    for move in records[0].moves[:3]:
        line.play(move)
    assert by_move(index.moves(line.position)) == {}  # nothing after the bad move
    first = index.moves(START)[0]
    assert first.games == 1 and first.scored == 0


def test_only_the_first_plies_are_indexed() -> None:
    index = OpeningIndex(plies=2)
    index.add_game(finished("f5d6c3d3"))
    assert index.moves(play_transcript(START, "f5").position)
    assert index.moves(play_transcript(START, "f5d6").position) == []
    assert plies_played(finished("f5d6c3")) == 3


def test_slices_and_frozen_runs_give_what_the_whole_gives(monkeypatch: pytest.MonkeyPatch) -> None:
    records = random_records(30, seed=5)
    games = read_wtb(write_wtb(records, 2024)[0])[1]
    whole = OpeningIndex()
    whole.add_wthor(games)
    monkeypatch.setattr(explorer_index, "MAX_HOT", 40)  # frozen into many small runs
    sliced = OpeningIndex()
    for k in range(0, len(games), 7):
        sliced.add_wthor(games[k:k + 7])
    sliced.add_game(records[0].to_game())  # a game as records give it, into the same positions
    whole.add_game(records[0].to_game())
    sliced.freeze()
    assert len(sliced._tables[Rules()].runs) > 10 and not sliced._tables[Rules()].hot
    for record in records:
        for node in record.to_game().main_line()[:30]:
            assert sliced.moves(node.position) == whole.moves(node.position)


def test_a_slice_freezes_a_full_table_first_and_then_indexes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(explorer_index, "HOT_ENTRIES", 100)
    games = read_wtb(write_wtb(random_records(20, seed=7), 2024)[0])[1]
    indexing = Indexing("x.wtb", total=20)
    indexing.feed_wthor(games)
    indexing.end()
    table_runs = []
    while indexing.work(0.0):  # a step a slice: a freeze is a slice of its own
        table = indexing.index._tables[Rules()]
        table_runs.append((len(table.hot), len(table.runs)))
    assert all(hot < 100 + 8 * 30 for hot, _runs in table_runs)
    grew = [k for k in range(1, len(table_runs)) if table_runs[k][1] > table_runs[k - 1][1]]
    assert grew and all(table_runs[k][0] == 0 for k in grew)  # the slice that froze did nothing else
    assert indexing.finished and not indexing.index.unfrozen()


def test_indexing_works_in_slices_of_time() -> None:
    records = random_records(20, seed=6)
    games = read_wtb(write_wtb(records, 2024)[0])[1]
    ticks = iter(range(10_000))
    indexing = Indexing("x.wtb", total=20)
    indexing.feed_wthor(games[:10])
    indexing.feed_wthor(games[10:])
    indexing.feed_games([r.to_game() for r in records[:3]])
    assert indexing.progress() == "Indexed 0 of 20 games"
    assert indexing.work(2.5, clock=lambda: next(ticks))  # a few games a look at the clock
    assert indexing.done == 18  # eight games, two, eight: then the time is up
    indexing.end()
    assert indexing.total == 23
    while indexing.work(1000.0, clock=lambda: next(ticks)):
        pass
    assert indexing.finished and indexing.done == 23
    assert not indexing.index._tables[Rules()].hot  # all frozen once done
    assert indexing.progress() == "Indexed 23 of 23 games"
    assert indexing.index.unfrozen() is False
    reading = Indexing("x.ggf")
    assert reading.progress() == "Indexed 0 games…"
    assert not reading.work(0.01) and not reading.finished


@given(st.lists(st.one_of(st.none(), st.tuples(st.integers(0, 2), st.integers(-256, 256).map(lambda d: d / 2))),
                min_size=1, max_size=50))
def test_packed_sums_add_up(results: list[tuple[int, float] | None]) -> None:
    packed = sum(contribution(r) for r in results)
    stats = unpack(7, packed)
    scored = [r for r in results if r is not None]
    assert stats.games == len(results) and stats.scored == len(scored)
    assert stats.points == sum(p for p, _d in scored) / 2 and stats.discs == sum(d for _p, d in scored)
    if len(results) == 1:
        assert explorer_index._unsingle(explorer_index._single(packed)) == packed


def test_rows_put_the_games_and_the_book_together() -> None:
    index = OpeningIndex()
    index.add_game(with_result("f5d6", "+4.000"))
    index.add_game(with_result("f5f6", "-2.000"))
    index.add_game(with_result("f5d6", "+2.000"))
    after = play_transcript(START, "f5").position  # White to move: the book's values are White's
    book = {sq("f6"): 300, sq("d6"): -150, sq("f4"): 50}
    rows = explorer_rows(after, index.moves(after), book)
    assert [r.name for r in rows] == ["d6", "f6", "f4"]  # the games' moves by count, then the book's
    assert [r.book for r in rows] == [1.5, -3.0, -0.5]  # from Black's side
    assert rows[0].stats is not None and rows[2].stats is None
    ties = explorer_rows(START, None, {sq("e6"): 0, sq("f5"): 0})
    assert [r.name for r in ties] == ["f5", "e6"]  # in board order
    markup = table_markup(rows, Rules(), games=True, book=True, playable=True)
    assert markup.count("<tr>") == 4 and 'data-move="d6"' in markup  # a row of headers, a row a move
    assert '<th scope="col">Move</th>' in markup and ">Black</th>" in markup and ">Book</th>" in markup
    assert "<td>2</td><td>100.0%</td><td>+3.0</td><td>+1.5</td>" in markup
    assert "<td>\u2013</td><td>\u2013</td><td>\u2013</td><td>\u22120.5</td>" in markup
    assert "disabled" in table_markup(rows, Rules(), games=False, book=True, playable=False)
    assert "<td>2</td>" not in table_markup(rows, Rules(), games=False, book=True, playable=True)
    assert "less Red&#x27;s" in table_markup(rows, Rules("classic"), games=True, book=False, playable=True)
    odd = table_markup([ExplorerRow(1, "<b>", None, None)], Rules(), True, False, True)
    assert odd.count("&lt;b&gt;") == 2 and "<b>" not in odd


def test_the_panel_says_where_the_games_come_from_and_what_is_known_here() -> None:
    book = {sq("d3"): 0, sq("c4"): 0, sq("f5"): 0, sq("e6"): 0}
    alone = explorer_view(None, START, 0, book, playable=True)
    assert alone.source.startswith("The opening book's moves.") and alone.note == ""
    assert alone.table.count('class="explorer-move"') == 4 and ">Games</th>" not in alone.table
    assert explorer_view(None, START, 0, None, True).table == ""  # the book not known yet
    assert explorer_view(None, START, 0, {}, True).note == "The opening book has no move here."
    indexing = Indexing("club.ggf", total=3)
    indexing.feed_games([with_result("f5d6", "+4.000"), with_result("f5f6", "-2.000"), finished("e6")])
    assert explorer_view(indexing, START, 0, None, True).source == "Indexed 0 of 3 games"
    indexing.end()
    while indexing.work(1.0):
        pass
    view = explorer_view(indexing, START, 0, book, playable=False)
    assert view.source == "3 games of club.ggf, their first 30 moves indexed"
    assert ">Games</th>" in view.table and ">Book</th>" in view.table and "disabled" in view.table
    assert view.legend == ("Black: Black's score, a draw counting half. Discs: the average final disc difference, "
                           "Black less White. Book: the opening book's value, in discs for Black.")
    assert alone.legend == "Book: the opening book's value, in discs for Black."
    assert view.table.index('data-move="f5"') < view.table.index('data-move="e6"') < view.table.index('"d3"')
    deep = play_transcript(START, "f5d6c3").position
    assert explorer_view(indexing, deep, 3, {}, True).note == "No game of the file goes on from this position."
    assert explorer_view(indexing, deep, 30, None, True).note == "Past move 30: the games are indexed to move 30."
    ten = Position.start(Rules(size=10))
    assert explorer_view(indexing, ten, 0, {}, True).note == "The file holds no game of Othello 10x10."
    ended = random_records(1, seed=3)[0].to_game().live.position
    assert explorer_view(indexing, ended, 60, None, True).note == "No move to play here."


def test_signed_values() -> None:
    assert [signed(v) for v in (3.46, -2.0, 0.04, -0.04, 0)] == ["+3.5", "\u22122.0", "0", "0", "0"]
