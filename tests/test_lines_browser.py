"""What the board shows of the engine, in a real browser: the hint modes, and the lines drawn on it.

* the hint modes (Settings: every move with its value, the best move only, the three best)
  change what the board and its squares' labels show, and are remembered after a reload;
* an analysis line pointed at or focused is drawn on the board as numbered discs in the colours of
  the sides that play them, said as text to screen readers, and goes when the pointer leaves or
  the focus moves on; on a phone a tap shows it and a second tap takes it away.
"""

from __future__ import annotations

import pytest
from browser_support import play, wait_ready

pytestmark = pytest.mark.browser

BOARD = "document.querySelector('#board').dataset"
HINTS_SHOWN = f"{BOARD}.hints === 'shown' || {BOARD}.hints === 'exact'"
#: Black to move after ten moves: g2 here is a known blunder, the moves' values differ.
TEN = "f5d6c3d3c4f4f6f3e6e7"


def hinted(page) -> dict[str, str]:
    """Each square with a hint: its text."""
    return dict(page.eval_on_selector_all(
        "#board .sq .hint", "els => els.map(e => [e.closest('[data-square]').dataset.square, e.textContent])"))


def wait_hints(page, count: str) -> None:
    """Until the hints are shown and ``count`` (a JS expression of ``n``, the squares hinted) holds."""
    page.wait_for_function(f"({HINTS_SHOWN}) && (n => {count})(document.querySelectorAll('#board .sq .hint').length)",
                           timeout=60_000)


def test_the_hint_modes_change_what_the_board_shows_and_survive_a_reload(fresh) -> None:
    f = fresh()
    page = f.page
    wait_ready(page, "engine-ready", 120_000)
    play(page, TEN)
    page.click("#btn-hints")
    legal = page.eval_on_selector_all('[data-legal="true"]', "els => els.map(e => e.dataset.square)")
    assert len(legal) > 3
    wait_hints(page, f"n === {len(legal)}")  # every move with its value (the default)
    every = hinted(page)
    values = {square: int(text.replace("\u2212", "-")) for square, text in every.items()}
    top = max(values.values())
    best = {square for square, value in values.items() if value == top}
    assert set(page.eval_on_selector_all(".sq .hint.best", "els => els.map(e => e.closest('.sq').dataset.square)")) \
        == best
    assert page.get_attribute("#btn-hints", "title") == "Show the value of every move"
    page.click("#settings summary")
    assert page.input_value('#settings select[name="hint_mode"]') == "all"
    page.select_option('#settings select[name="hint_mode"]', "best")
    wait_hints(page, f"n === {len(best)}")
    assert set(hinted(page)) == best and page.locator(".sq .hint.best").count() == len(best)
    assert page.locator(".sq.legal .dot").count() == len(legal) - len(best)  # the others: a plain dot
    other = next(square for square in legal if square not in best)
    label = page.get_attribute(f'[data-square="{other}"]', "aria-label")
    assert label == f"{other}, empty, legal move", label  # no value said
    assert ", best" in page.get_attribute(f'[data-square="{min(best)}"]', "aria-label")
    assert page.get_attribute("#btn-hints", "title") == "Show the best move"
    page.select_option('#settings select[name="hint_mode"]', "three")
    third = sorted(values.values(), reverse=True)[2]
    three = {square for square, value in values.items() if value >= third}
    wait_hints(page, f"n === {len(three)}")
    assert hinted(page) == {square: every[square] for square in three}
    page.wait_for_function("JSON.parse(localStorage.getItem('reversi.state')).settings.hint_mode === 'three'")
    page.reload()
    wait_ready(page, "engine-ready", 120_000)
    assert page.input_value('#settings select[name="hint_mode"]') == "three"
    assert page.get_attribute("#btn-hints", "aria-pressed") == "true"
    wait_hints(page, "n >= 3")
    assert len(hinted(page)) < len(legal)
