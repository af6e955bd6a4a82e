"""The review in figures in a real browser (Chromium via Playwright, against serve.py): each valued
move's loss beside it in the move list and in its accessible name, both sides' figures in the study
bar and in the end-of-game panel, and the review in a downloaded ``.rev`` record when asked."""

from __future__ import annotations

from pathlib import Path

import pytest
from browser_support import wait_ready

from reversi.formats.record import read_record
from reversi.ui.drivers.study import BLUNDER_DISCS, MISTAKE_DISCS

pytestmark = pytest.mark.browser

#: Black's g2 (move 6, ply 11: an X-square next to the empty h1 corner) loses about 20 discs.
BLUNDERED = "f5d6c3d3c4f4f6f3e6e7g2"
#: A nine-move wipeout (Black wins 64:0): White's moves walk into it.
WIPEOUT = "e6f4e3f6g5d6e7f5c5"
MINUS = "\u2212"



def summary_rows(page, box: str) -> list[list[str]]:
    """The summary's table in ``box``: its head, then a row per figure (the name, Black's, White's)."""
    return page.eval_on_selector_all(
        f"{box} tr", "rows => rows.map(r => [...r.children].map(c => c.textContent.replaceAll('\\u00a0', ' ')))")


@pytest.fixture(scope="module")
def context(browser, server_url):
    from browser_support import app_context

    yield from app_context(browser, server_url, {"width": 1280, "height": 860})


@pytest.fixture
def page(context):
    from browser_support import page_without_errors

    yield from page_without_errors(context)


def test_the_review_shows_each_move_s_loss_the_sides_figures_and_goes_into_the_record(page, server_url) -> None:
    page.goto(server_url + "?m=" + BLUNDERED)
    wait_ready(page)
    assert page.is_hidden("#review-summary") and page.locator("#move-list .loss").count() == 0  # not asked
    page.click('[data-study="review"]')
    page.wait_for_selector("#review-summary:not([hidden])")
    page.wait_for_function("document.querySelectorAll('#move-list > .ply .loss').length === 11", timeout=120_000)
    plies = page.eval_on_selector_all(
        "#move-list > .ply[data-ply]",
        "els => els.map(e => [e.querySelector('.loss').textContent, e.getAttribute('aria-label'),"
        " e.querySelector('.loss').getAttribute('aria-hidden')])")
    losses = [0 if figure == "0" else int(figure.removeprefix(MINUS)) for figure, _label, _hidden in plies]
    figure, label, hidden = plies[10]
    assert figure.startswith(MINUS) and losses[10] >= BLUNDER_DISCS and hidden == "true"
    assert label.startswith(f"6. Black g2, a blunder: loses about {losses[10]} discs; ") and " was best" in label
    for (_figure, label, _hidden), loss in zip(plies, losses, strict=True):
        said = label.split(", ", 1)[1]  # every valued move says what it lost, not only the mistakes
        if loss == 0:
            assert said in ("the best move", "one of the best moves") or said.startswith("within a disc"), label
        else:
            assert f"loses about {loss} disc" in said, label
    # the summary: Black and White side by side, from the same figures, the review complete
    rows = summary_rows(page, "#review-summary")
    assert rows[0] == ["", "Black", "White"]
    black, white = losses[0::2], losses[1::2]
    assert rows[1] == ["Average loss (discs)", f"{sum(black) / 6:.1f}", f"{sum(white) / 5:.1f}"]
    best = [sum(1 for loss in side if loss == 0) for side in (black, white)]
    assert rows[2] == ["Best moves", f"{best[0]} of 6 ({round(100 * best[0] / 6)}%)",
                       f"{best[1]} of 5 ({round(100 * best[1] / 5)}%)"]
    mistakes = [sum(1 for loss in side if MISTAKE_DISCS <= loss < BLUNDER_DISCS) for side in (black, white)]
    assert rows[3] == ["Mistakes", str(mistakes[0]), str(mistakes[1])]
    assert rows[4] == ["Blunders", "1", "0"]
    assert page.query_selector("#review-summary .summary-progress") is None
    box = page.locator("#review-summary").bounding_box()
    assert box is not None and box["width"] <= 400
    # a download with the review: each valued move's words as its comment, the figures as tags
    page.click("#records summary")
    assert not page.is_checked('#records input[name="with-review"]')  # off unless asked
    with page.expect_download() as info:
        page.click('button[data-record="download"]')
    assert "best" not in Path(info.value.path()).read_text(encoding="utf-8")
    page.check('#records input[name="with-review"]')
    with page.expect_download() as info:
        page.click('button[data-record="download"]')
    text = Path(info.value.path()).read_text(encoding="utf-8")
    record = read_record(text)  # and it reads back
    game = record.to_game()
    assert len(game.moves) == 11
    comments = [n.comment for n in game.main_line()[1:]]
    # each comment is what the move's name says of it, without the coach's sentences after a mistake
    said = [label.split(", ", 1)[1] for _figure, label, _hidden in plies]
    assert all(s == c or s.startswith(c + ". ") for c, s in zip(comments, said, strict=True)), (comments, said)
    assert record.tags["BlackBlunders"] == "1" and record.tags["WhiteMovesValued"] == "5"
    assert record.tags["BlackAverageLoss"] == f"{sum(black) / 6:.1f}"


def test_the_end_of_a_game_shows_both_sides_figures_once_its_moves_are_valued(page, server_url) -> None:
    page.goto(server_url + "?m=" + WIPEOUT)
    wait_ready(page)
    page.wait_for_selector("#game-over:not([hidden])")
    # the graph values the moves by itself; the panel shows the figures once all are valued
    page.wait_for_selector("#game-over-summary:not([hidden])", timeout=120_000)
    rows = summary_rows(page, "#game-over-summary")
    assert rows[0] == ["", "Black", "White"] and [row[0] for row in rows[1:]] == [
        "Average loss (discs)", "Best moves", "Mistakes", "Blunders"]
    assert rows[2][1].endswith(tuple(f" of 5 ({p}%)" for p in range(101)))  # Black played five moves
    assert int(rows[4][2]) >= 1  # White walked into the wipeout
    assert page.query_selector("#game-over-summary .summary-progress") is None
    # Review: the panel closes, the study bar says the same
    page.click('#game-over [data-over="review"]')
    assert page.is_hidden("#game-over")
    page.wait_for_selector("#review-summary:not([hidden])")
    assert summary_rows(page, "#review-summary") == rows
