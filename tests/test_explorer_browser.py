"""The opening explorer in a real browser: the book's moves alone, a WTHOR database's and a GGF file's
games indexed, the rows the pure index gives, and a click or Enter on a move plays it (a variation
while a game is studied). Helpers come from tests/browser_support.py."""

from __future__ import annotations

import random

import pytest
from browser_support import ARTIFACTS, list_text, play

from reversi import Rules
from reversi.core.game import Game
from reversi.core.position import Position
from reversi.formats.ggf import write_ggf_games
from reversi.formats.notation import play_transcript
from reversi.formats.record import Record
from reversi.formats.wthor import write_wtb
from reversi.ui.explorer_index import OpeningIndex

pytestmark = pytest.mark.browser

#: The openings of the test's games: shared beginnings, so that moves have several games.
OPENINGS = ["f5d6c3d3c4", "f5d6c3d3c4", "f5d6c5f4e3", "f5f6e6f4", "f5f4e3f6d3", "e6f4c3c4d3", "d3c5f6f5e6"]


def games_of(count: int, seed: int) -> list[Record]:
    """``count`` finished games, each an opening of :data:`OPENINGS` played on at random."""
    rng = random.Random(seed)
    out = []
    for k in range(count):
        game = play_transcript(Position.start(Rules()), OPENINGS[k % len(OPENINGS)])
        while not game.is_over:
            game.play(rng.choice(game.position.legal_moves()))
        game.tags = {"Black": "Anna", "White": "Bo", "Event": "Club"}
        out.append(Record.from_game(game))
    return out


def rows(page) -> list[list[str]]:
    """The explorer's table, a list of cells a row (the move's name first)."""
    return page.eval_on_selector_all(
        "#explorer tbody tr", "trs => trs.map(tr => Array.from(tr.children).map(c => c.textContent))")


def expected_rows(index: OpeningIndex, position: Position) -> list[list[str]]:
    """The games' cells the pure index gives for ``position``: move, games, Black's score, discs."""
    g = position.rules.geometry
    out = []
    for s in index.moves(position):
        score = "\u2013" if s.score is None else f"{100 * s.score:.1f}%"
        average = s.average
        discs = "\u2013" if average is None else ("0" if round(abs(average), 1) == 0 else
                                                 ("+" if average > 0 else "\u2212") + f"{abs(average):.1f}")
        out.append([g.name(s.move), f"{s.games:,}", score, discs])
    return out


def open_file(page, name: str, data: bytes, mime: str = "application/octet-stream") -> None:
    page.set_input_files("#records-file", files=[{"name": name, "mimeType": mime, "buffer": data}])


def wait_indexed(page, count: int, name: str) -> None:
    page.wait_for_function(
        "text => document.querySelector('#explorer .explorer-source').textContent.startsWith(text)",
        arg=f"{count} games of {name}", timeout=60_000)


def test_the_book_alone_then_a_databases_games_and_a_click_plays_the_move(fresh) -> None:
    page = fresh().page
    page.click("#explorer summary")
    # no file: the book's four first moves (one position turned), with their values
    page.wait_for_function("document.querySelectorAll('#explorer tbody tr').length === 4", timeout=120_000)
    assert sorted(r[0] for r in rows(page)) == ["c4", "d3", "e6", "f5"]
    assert page.inner_text("#explorer .explorer-source").startswith("The opening book's moves.")
    headers = page.eval_on_selector_all("#explorer thead th", "ths => ths.map(t => t.textContent)")
    assert headers == ["Move", "Book"]

    records = games_of(21, seed=3)
    wtb = write_wtb(records, 2024)[0]
    index = OpeningIndex()
    for record in records:
        index.add_game(record.to_game())
    open_file(page, "CLUB.wtb", wtb)
    wait_indexed(page, 21, "CLUB.wtb")
    page.click('#games-dialog [data-games="close"]')
    headers = page.eval_on_selector_all("#explorer thead th", "ths => ths.map(t => t.textContent)")
    assert headers == ["Move", "Games", "Black", "Discs", "Book"]
    start = Position.start(Rules())
    assert [r[:4] for r in rows(page)[:3]] == expected_rows(index, start)  # f5, e6, d3: by count
    assert rows(page)[3][0] == "c4" and rows(page)[3][1:4] == ["\u2013"] * 3  # the book's only
    page.screenshot(path=str(ARTIFACTS / "explorer.png"))

    page.click('#explorer button[data-move="f5"]')
    page.wait_for_function("document.querySelector('#board').dataset.moves === '1'")
    assert list_text(page) == "1. f5"
    after = play_transcript(start, "f5").position
    page.wait_for_function("n => document.querySelectorAll('#explorer tbody tr').length >= n",
                           arg=len(expected_rows(index, after)))
    assert [r[:4] for r in rows(page)[:3]] == expected_rows(index, after)
    # Enter on a move's button plays it too, and the focus stays in the table
    page.focus('#explorer button[data-move="d6"]')
    page.keyboard.press("Enter")
    page.wait_for_function("document.querySelector('#board').dataset.moves === '2'")
    assert list_text(page) == "1. f5 d6"
    assert page.evaluate("document.activeElement.closest('#explorer') !== null")
    # the transposition of the file's f5d6c3d3c4 games: counted where the board is whichever order
    play(page, "c3d3c4")
    here = play_transcript(start, "f5d6c3d3c4").position
    page.wait_for_function("n => document.querySelectorAll('#explorer tbody tr').length >= n",
                           arg=len(expected_rows(index, here)))
    assert [r[:4] for r in rows(page)][: len(expected_rows(index, here))] == expected_rows(index, here)


def test_a_ggf_files_games_and_a_move_played_while_studying_is_a_variation(fresh) -> None:
    page = fresh(viewport={"width": 390, "height": 844}).page
    records = games_of(7, seed=5)
    open_file(page, "club.ggf", write_ggf_games(records).encode(), "text/plain")
    wait_indexed(page, 7, "club.ggf")
    assert page.get_attribute("#explorer", "open") is not None  # a file's games open the explorer
    page.click('#games-dialog button[data-game="2"]')  # f5d6c3d3c4..., opened for study
    page.wait_for_function("document.querySelector('#board').dataset.moves !== '0'")
    game_moves = list_text(page)
    page.focus("#move-list")
    page.keyboard.press("Home")
    page.keyboard.press("ArrowRight")  # after f5
    page.wait_for_function("document.querySelector('#board').dataset.moves === '1'")
    index = OpeningIndex()
    for record in records:
        index.add_game(record.to_game())
    after = play_transcript(Position.start(Rules()), "f5").position
    page.wait_for_function("n => document.querySelectorAll('#explorer tbody tr').length >= n",
                           arg=len(expected_rows(index, after)))
    expected = expected_rows(index, after)
    assert [r[:4] for r in rows(page)][: len(expected)] == expected  # d6 (3 games), f4 and f6 (1)
    page.click('#explorer button[data-move="f4"]')  # not the studied game's move: a variation
    page.wait_for_selector("#move-list .variation .ply.current")
    assert list_text(page).startswith(game_moves.split(" 2.")[0])  # the game's own moves are kept
    assert page.locator("#move-list .variation .ply").count() == 1
    width = page.evaluate("document.querySelector('#explorer table').getBoundingClientRect().right")
    assert width <= 390
    page.screenshot(path=str(ARTIFACTS / "explorer-phone.png"), full_page=True)


def test_a_file_whose_reading_stops_leaves_the_book_alone(fresh) -> None:
    page = fresh().page
    page.click("#explorer summary")
    game = Game(Rules())
    game.play(Rules().geometry.parse_square("f5"))
    text = write_ggf_games([Record.from_game(game)] * 6000).encode()
    open_file(page, "many.ggf", text, "text/plain")
    page.wait_for_function("document.querySelector('#explorer .explorer-source').textContent.startsWith('Indexed')")
    page.click('#games-dialog [data-games="close"]')  # while it is being read
    page.wait_for_function("document.querySelector('#explorer .explorer-source').textContent"
                           ".startsWith(\"The opening book's moves.\")")
    assert not page.get_attribute("#explorer", "data-indexing")
