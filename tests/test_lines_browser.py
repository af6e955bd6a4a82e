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
    page = f.page  # two people, the graph off: no engine until the hints ask for it
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


#: The same ten moves and Black's blunder g2: White to move, the review's better move is Black's.
BLUNDER = "?m=" + TEN + "g2"
#: One script, one moment: the line element's words, the board's line (square, number, colour) and
#: the label of the line's first square.
READ_LINE_JS = """selector => {
    const element = document.querySelector(selector);
    const squares = [...document.querySelectorAll('#board [data-line-move]')];
    const discs = squares.map(e => [e.dataset.square, +e.dataset.lineMove, e.querySelector('.line-disc').dataset.color])
        .sort((a, b) => a[1] - b[1]);
    const first = squares.find(e => e.dataset.lineMove === '1');
    return {words: element.getAttribute('aria-description'), discs,
            shown: document.querySelector('#board').dataset.lineShown,
            label: first ? first.getAttribute('aria-label') : ''};
}"""


def read_line(page, selector: str) -> dict:
    return page.evaluate(READ_LINE_JS, selector)


def words_of(discs: list) -> str:
    """The words a line without passes says, from the discs drawn."""
    return "Line: " + ", ".join(f"{n}. {color.title()} {square}" for square, n, color in discs)


def wait_line(page, source: str) -> None:
    page.wait_for_function(f"{BOARD}.lineShown === '{source}' && document.querySelector('#board .line-disc')")


def wait_no_line(page) -> None:
    page.wait_for_function(f"!{BOARD}.lineShown && !document.querySelector('#board .line-disc')")


def test_an_analysis_line_pointed_at_or_focused_is_drawn_on_the_board_and_said(page_for_lines) -> None:
    page = page_for_lines
    page.click('[data-study="analysis"]')
    page.select_option("#analysis-lines-count", "2")
    page.wait_for_function("document.querySelector('#analysis-lines li[data-line]')", timeout=60_000)
    assert page.get_attribute("#analysis", "data-line") == "analysis-1"
    assert page.get_attribute("#analysis", "tabindex") == "0"
    assert page.query_selector("#board .line-disc") is None
    page.hover("#analysis")
    wait_line(page, "analysis-1")
    seen = read_line(page, "#analysis")
    discs = seen["discs"]
    assert [n for _s, n, _c in discs] == list(range(1, len(discs) + 1)) and len(discs) >= 2
    assert [c for _s, _n, c in discs][:2] == ["white", "black"]  # White to move, then Black
    assert seen["words"] == words_of(discs), seen
    assert seen["label"].endswith(", in the line shown: 1. White"), seen["label"]
    first = discs[0][0]
    assert page.get_attribute(f'[data-square="{first}"]', "data-legal") == "true"
    assert page.query_selector(f'[data-square="{first}"] .dot') is None  # the disc stands where the dot was
    assert "line-shown" in page.get_attribute("#analysis", "class")
    page.hover("#analysis-lines li[data-line]")  # the second line
    wait_line(page, "analysis-2")
    other = read_line(page, '#analysis-lines li[data-line="analysis-2"]')
    assert other["discs"][0][0] != first and other["words"] == words_of(other["discs"])
    page.mouse.move(2, 2)  # the pointer leaves: the line goes
    wait_no_line(page)
    assert page.locator("#board .sq.legal .dot").count() == page.locator("#board .sq.legal").count()
    # the keyboard: the focus on a line draws it, the focus moving on takes it away
    page.focus("#analysis-lines-count")
    page.keyboard.press("Shift+Tab")
    wait_line(page, "analysis-2")
    page.keyboard.press("Shift+Tab")
    wait_line(page, "analysis-1")
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    wait_no_line(page)
    # a click with the mouse does not pin it: leaving still takes it away
    page.click("#analysis")
    wait_line(page, "analysis-1")
    page.mouse.move(2, 2)
    wait_no_line(page)


def test_the_reviews_better_move_pointed_at_draws_its_line(page_for_lines) -> None:
    page = page_for_lines
    page.click('[data-study="review"]')
    page.click('#move-list [data-ply="11"]')
    page.wait_for_selector("#review-line:not([hidden])", timeout=60_000)
    better = page.get_attribute('[data-better="true"]', "data-square")
    text = page.inner_text("#review-line")
    assert text.startswith(f"Better: {better}"), text
    page.hover("#review-line")
    wait_line(page, "better")
    seen = read_line(page, "#review-line")
    assert seen["discs"][0] == [better, 1, "black"]  # Black's, the side that played g2
    assert [c for _s, _n, c in seen["discs"]][1:2] == ["white"]
    assert seen["words"] == words_of(seen["discs"]) and " ".join(s for s, _n, _c in seen["discs"]) in text
    assert "better move instead of g2" in seen["label"] and seen["label"].endswith("in the line shown: 1. Black")
    page.mouse.move(2, 2)
    wait_no_line(page)
    page.hover(f'#board [data-square="{better}"]')  # the better move's square on the board: the same line
    wait_line(page, "better")
    assert read_line(page, "#review-line")["discs"] == seen["discs"]
    page.hover('#board [data-square="a1"]')
    wait_no_line(page)


@pytest.fixture
def page_for_lines(fresh):
    return fresh(path=BLUNDER).page  # the engine boots when the analysis or the review asks


def test_on_a_phone_a_tap_shows_a_line_and_a_second_tap_or_one_elsewhere_takes_it_away(browser, server_url) -> None:
    from browser_support import private_context

    context = private_context(browser, viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(server_url + BLUNDER)
        wait_ready(page, "engine-ready", 120_000)
        page.locator('[data-study="analysis"]').tap()
        page.wait_for_function("document.querySelector('#analysis').dataset.line === 'analysis-1'", timeout=60_000)
        page.locator("#analysis").tap()
        wait_line(page, "analysis-1")
        assert "line-shown" in page.get_attribute("#analysis", "class")
        page.wait_for_function("(box => box.top >= -1 && box.bottom <= innerHeight + 1)"  # brought into view
                               "(document.querySelector('#board').getBoundingClientRect())")
        page.locator("#analysis").tap()  # a second tap
        wait_no_line(page)
        page.locator("#analysis").tap()
        wait_line(page, "analysis-1")
        page.locator("#analysis-counts").tap()  # a tap elsewhere
        wait_no_line(page)
        page.locator("#analysis").tap()
        wait_line(page, "analysis-1")
        page.locator('#move-list [data-ply="10"]').tap()  # a tap elsewhere still does what it does
        page.wait_for_function("document.querySelector('#move-list').dataset.ply === '10'")
        wait_no_line(page)
        assert not errors, errors
    finally:
        context.close()
