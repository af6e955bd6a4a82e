"""How the page looks, measured in a real browser (Chromium via Playwright, against serve.py).

* the move shown in the move list reads at 4.5:1 or more against its background (WCAG's
  contrast ratio, the background found by walking up to the first opaque one), in both
  themes: the live move, a move browsed to (under the mouse, as after its click), a move
  after the game's position, a variation's, and a move the review marks a mistake or a blunder;
* on a phone (390x844) the move list shows a dozen rows and more of a long game, and the
  desktop's stays as it was;
* the disc on a player's card has a ring that stands out from the card (3:1) in both themes:
  the black disc on the dark card, the white one on the light card.

Screenshots go to ``tests/artifacts/``.
"""

from __future__ import annotations

import pytest
from browser_support import ARTIFACTS, AppContext, wait_ready

pytestmark = pytest.mark.browser

#: A game whose 11th ply (Black's g2, next to the empty h1 corner) the review marks a blunder,
#: with a variation (f7) in its place; the link puts the game's position after ply 10.
STUDIED = "?m=f5d6c3d3c4f4f6f3e6e7g2(f7)&at=10"
#: A random game of 40 plies: 20 rows in the move list.
LONG = "?m=c4c5f6c3b5g7e3e6c2f3g3a5h8b3f4f2b4f5f7h3a3d2e2e1a6e7d7c1c6g8f1g4d1b6b1d3g6b7f8a7"

#: WCAG 2.x: an element's colour, its background (semi-transparent layers laid over the first
#: opaque one up the tree, the page's white if none), and the contrast ratio of the two.
CONTRAST_JS = """
(element, which) => {
  const parse = text => {
    let m = text.match(/^rgba?\\(([^)]*)\\)$/);
    if (m) {
      const [r, g, b, a] = m[1].split(/[ ,\\/]+/).filter(Boolean).map(Number);
      return [r / 255, g / 255, b / 255, a === undefined ? 1 : a];
    }
    m = text.match(/^color\\(srgb ([^)]*)\\)$/);
    if (m) {
      const [r, g, b, a] = m[1].split(/[ \\/]+/).filter(Boolean).map(Number);
      return [r, g, b, a === undefined ? 1 : a];
    }
    throw new Error('a colour not understood: ' + text);
  };
  const over = (top, below) => [0, 1, 2].map(k => top[k] * top[3] + below[k] * (1 - top[3])).concat([1]);
  const layers = [];
  for (let e = which === 'self' ? element : element.parentElement; e; e = e.parentElement) {
    const layer = parse(getComputedStyle(e).backgroundColor);
    if (layer[3] > 0) layers.push(layer);
    if (layer[3] >= 1) break;
  }
  let background = [1, 1, 1, 1];
  for (const layer of layers.reverse()) background = over(layer, background);
  const style = getComputedStyle(element);
  const property = which === 'self' ? style.color : style.borderTopColor;
  const fore = over(parse(property), background);
  const lum = c => {
    const lin = c.slice(0, 3).map(v => v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2];
  };
  const [hi, lo] = [lum(fore), lum(background)].sort((a, b) => b - a);
  return {ratio: (hi + 0.05) / (lo + 0.05), color: property, border: style.borderTopWidth,
          background: background.slice(0, 3).map(v => Math.round(v * 255))};
}
"""


def contrast(page, selector: str, which: str = "self") -> dict:
    """The contrast of ``selector``'s text (``self``) or border (``border``) against what is behind.

    The element is found and measured in one script: a locator's handle may be replaced by a
    redraw in between (the review filling in redraws the move list), and a detached element has
    no computed colours."""
    return page.evaluate(f"([selector, which]) => ({CONTRAST_JS})(document.querySelector(selector), which)",
                         [selector, which])


def set_theme(page, theme: str) -> None:
    page.select_option("#theme-select", theme)
    page.wait_for_function("t => document.documentElement.dataset.theme === t", arg=theme)


@pytest.fixture
def context(browser, server_url):
    # reduced motion: no transition (a card's colours) is half way when the theme changes
    context = AppContext(browser, server_url, {"width": 1280, "height": 800}, reduced_motion="reduce")
    yield context
    context.close()
    assert not context.foreign, context.foreign


def test_the_move_shown_reads_in_both_themes_however_it_is_marked(context, server_url) -> None:
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server_url + STUDIED)
    wait_ready(page)
    page.click('[data-study="review"]')
    page.wait_for_selector('#move-list .ply.blunder[data-ply="11"]', timeout=90_000)
    shown = "#move-list .ply.current"
    ARTIFACTS.mkdir(exist_ok=True)
    seen: dict[tuple[str, str], float] = {}

    def check(theme: str, case: str, kinds: set[str]) -> None:
        classes = set(str(page.get_attribute(shown, "class")).split())
        assert kinds <= classes, (case, classes)
        for hovered in (False, True):  # after its click the mouse is still on it
            if hovered:
                page.hover(shown)
            else:
                page.mouse.move(1, 1)
            found = contrast(page, shown)
            seen[theme, case + (" hovered" if hovered else "")] = round(found["ratio"], 2)
            assert found["ratio"] >= 4.5, (theme, case, hovered, found)

    for theme in ("light", "dark"):
        set_theme(page, theme)
        check(theme, "live", {"live"})
        page.click('#move-list [data-ply="5"]')
        check(theme, "browsed", set())
        page.click('#move-list .ply.var[data-ply="11"]')
        check(theme, "variation", {"var"})
        page.click('#move-list .ply.blunder[data-ply="11"]')
        check(theme, "blunder after the game's position", {"blunder", "ahead"})
        page.locator("#move-list").screenshot(path=str(ARTIFACTS / f"move-list-blunder-{theme}.png"))
        # a mistake is marked by its class alone: the review's mistake on the same move, and no mark
        page.eval_on_selector(shown, "e => e.classList.replace('blunder', 'mistake')")
        check(theme, "mistake after the game's position", {"mistake", "ahead"})
        page.eval_on_selector(shown, "e => e.classList.remove('mistake')")
        check(theme, "after the game's position", {"ahead"})
        page.click('#move-list [data-ply="10"]')
        page.eval_on_selector(shown, "e => e.classList.add('mistake')")
        check(theme, "mistake, live", {"mistake", "live"})
        page.eval_on_selector(shown, "e => e.classList.replace('mistake', 'blunder')")
        check(theme, "blunder, live", {"blunder", "live"})
    print(seen)  # -s shows the ratios
    assert not errors, errors


def test_the_phone_shows_a_dozen_rows_of_moves_and_the_desktop_keeps_its_list(context, server_url) -> None:
    page = context.new_page()
    page.goto(server_url + LONG)
    wait_ready(page)
    rows_js = """() => {
      const list = document.querySelector('#move-list');
      const numbers = list.querySelectorAll(':scope > .move-no');
      const pitch = numbers[1].offsetTop - numbers[0].offsetTop;  // a row and the gap under it
      const style = getComputedStyle(list);
      const inner = list.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
      return {rows: numbers.length, shown: inner / pitch, pitch, height: list.clientHeight};
    }"""
    desktop = page.evaluate(rows_js)
    assert desktop["rows"] == 20 and 6 <= desktop["shown"] < 10, desktop  # beside the board, as before
    board, panel = page.locator("#board").bounding_box(), page.locator(".panel").bounding_box()
    assert board and panel and panel["x"] > board["x"] + board["width"]  # beside it
    page.set_viewport_size({"width": 390, "height": 844})
    for theme in ("dark", "light"):
        set_theme(page, theme)
        phone = page.evaluate(rows_js)
        assert phone["shown"] >= 12, phone
        page.screenshot(path=str(ARTIFACTS / f"phone-move-list-{theme}.png"), full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_the_cards_discs_have_a_ring_that_stands_out_in_both_themes(context, server_url) -> None:
    page = context.new_page()
    page.goto(server_url + "?m=f5")  # White to move: one card marked, one not
    wait_ready(page)
    for viewport in ({"width": 1280, "height": 800}, {"width": 390, "height": 844}):
        page.set_viewport_size(viewport)
        for theme in ("dark", "light"):
            set_theme(page, theme)
            for side in (0, 1):
                found = contrast(page, f'.player[data-side="{side}"] .disc-icon', "border")
                assert float(found["border"].removesuffix("px")) >= 1.5, (theme, side, found)
                assert found["ratio"] >= 3, (theme, side, found)
            if viewport["width"] == 390:
                page.locator(".players").screenshot(path=str(ARTIFACTS / f"cards-{theme}.png"))
