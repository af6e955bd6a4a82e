"""Accessibility: axe-core's audit of every view of the page, in both themes (Chromium via Playwright).

axe-core (pinned in tests/run.py, which installs it with npm into ``tests/.axe/``) runs inside the
page with the rules of WCAG 2.0 and 2.1, levels A and AA, and its best practices. A finding of
impact "serious" or "critical" fails the test; the moderate and minor ones are printed.

* axe is first shown a broken snippet (an image with no text, grey on grey) and must find both
  faults: an audit that cannot fail proves nothing;
* the app as a first visit finds it (the board's grid focused, the settings open), the end of a
  game (its panel), the new-game dialog asking before it ends a game, and "Embed in a page…";
* a studied game: the evaluation graph, the review (a blunder marked), the analysis (three
  lines, the evaluation bar, stable discs), "Practise these positions", square values and the
  board editor;
* the embeds (the game viewer, a puzzle) and the rules page.

Each view is audited in the dark theme and in the light one: the page follows the system's
colours as they change (``emulate_media``), so one boot serves both. Kept few: each boot of the
app costs seconds. Screenshots of the app in each theme go to ``tests/artifacts/``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from browser_support import ARTIFACTS, resign

pytestmark = pytest.mark.browser

AXE_JS = Path(__file__).resolve().parent / ".axe" / "node_modules" / "axe-core" / "axe.min.js"
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]
FAILING = ("serious", "critical")
#: Runs axe on the document (or the element ``include`` names), less what ``exclude`` names, and keeps
#: what a report needs. Frames are left alone (axe would wait for an axe in each): the embed that a
#: dialog previews is audited on its own.
RUN_AXE = """async ([include, exclude, tags, most]) => {
  const context = {exclude: exclude.map(s => [s])};
  if (include) context.include = [[include]];
  const result = await axe.run(context, {runOnly: {type: 'tag', values: tags}, iframes: false,
                                         resultTypes: ['violations']});
  const why = n => [...n.any, ...n.all, ...n.none].map(c => c.message).join('; ');
  return result.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
                                      nodes: v.nodes.slice(0, most).map(n => n.target.join(' ')),
                                      why: v.nodes.slice(0, most).map(why)}));
}"""
#: The elements named for each finding (the first ones: a finding on every square says the same).
NODES = 5
#: A snippet axe must find fault with: an image with no text, grey text on grey (from script: the
#: page's Content-Security-Policy allows no inline style).
BROKEN_JS = """() => {
  const box = document.createElement('div');
  box.id = 'axe-canary';
  const img = document.createElement('img');
  img.src = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';
  const text = document.createElement('p');
  text.textContent = 'Hard to read';
  Object.assign(text.style, {color: '#777', background: '#888'});
  box.append(img, text);
  document.body.append(box);
}"""
#: Colour transitions (a theme switched, a button pressed) jump to their end: axe reads the colours.
SETTLE_JS = "document.getAnimations().forEach(a => { if (a instanceof CSSTransition) a.finish(); })"
#: A game whose 11th move (Black's g2) is a known blunder: the review marks it.
STUDIED = "?m=f5d6c3d3c4f4f6f3e6e7g2"
VIEWER = "?view=embed&caption=The%20Tiger&v=2&m=f5d6c3d3c4%7BBlack%20takes%20c4%7Df4(b3)e3f6&at=5"
PUZZLE = (
    "?p=OXXXOOOOOXXX-XOOXOOXXOO-OOXOOXXX-OOOOXXXXOOOXOXX--X-XXO--X-XXX-O_X"
    "&pz=e2:0.h3:22.a5:16.a7:10.b7:14.d7:8.h7:8.g8:14&sol=e2&px=1&view=puzzle&caption=Black%20to%20move"
)


@pytest.fixture(scope="module")
def axe_source() -> str:
    if not AXE_JS.exists():
        pytest.fail(f"{AXE_JS} is missing: `python tests/run.py` installs axe-core "
                    "(npm install --no-save --prefix tests/.axe axe-core@VERSION, the version in tests/run.py)")
    return AXE_JS.read_text(encoding="utf-8")


class Audit:
    """The findings of one test's audits; :meth:`verdict` prints the lesser ones and fails on the rest."""

    def __init__(self, axe_source: str) -> None:
        self.axe_source = axe_source
        self.findings: list[tuple[str, dict]] = []

    def load(self, page) -> None:
        """Put axe into the page (by the DevTools protocol, which the page's policy does not govern)."""
        if not page.evaluate("typeof axe !== 'undefined'"):
            page.evaluate(self.axe_source)
        assert page.evaluate("typeof axe.run") == "function"

    def run(self, page, where: str, exclude: tuple[str, ...] = ()) -> list[dict]:
        self.load(page)
        page.evaluate(SETTLE_JS)
        violations: list[dict] = page.evaluate(RUN_AXE, [None, list(exclude), TAGS, NODES])
        self.findings.extend((where, v) for v in violations)
        return violations

    def themes(self, page, where: str, themes: tuple[str, ...] = ("dark", "light")) -> None:
        """Audit the view as it is in each theme, the system's colours switched live (in the order
        given: starting with the theme the page is in saves a switch)."""
        for theme in themes:
            set_theme(page, theme)
            self.run(page, f"{where} ({theme})")

    def verdict(self, capsys) -> None:
        """Print every finding (one line for the views that share it), then fail on the serious ones."""
        seen: dict[tuple, list[str]] = {}
        for where, v in self.findings:
            key = (v["impact"], v["id"], v["help"], *zip(v["nodes"], v["why"], strict=True))
            seen.setdefault(key, []).append(where)
        lines = [f"{impact} {rule} in {', '.join(wheres)}: {text}" + "".join(f"\n      {n}: {why}" for n, why in nodes)
                 for (impact, rule, text, *nodes), wheres in seen.items()]
        with capsys.disabled():
            for line in lines:
                print("\n[axe] " + line, end="")
            if lines:
                print()
        assert not [line for line in lines if line.startswith(FAILING)], "\n".join(lines)


def set_theme(page, theme: str) -> None:
    page.emulate_media(color_scheme=theme)
    page.wait_for_function("theme => document.documentElement.dataset.theme === theme", arg=theme)


def wait_for_class(page, name: str) -> None:
    from browser_support import wait_ready

    wait_ready(page, name, timeout_ms=120_000 if name == "engine-ready" else 60_000)


@pytest.fixture
def audit(axe_source) -> Audit:
    return Audit(axe_source)


@pytest.fixture
def app_page(browser, server_url):
    from browser_support import AppContext

    context = AppContext(browser, server_url, {"width": 1280, "height": 860})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.emulate_media(color_scheme="dark")
    yield page
    context.close()
    assert not errors, errors
    assert not context.foreign, context.foreign


def test_the_app_and_its_dialogs(app_page, server_url, audit, capsys) -> None:
    page = app_page
    page.goto(server_url)
    wait_for_class(page, "ready")
    # the engine settled (booted, or not needed yet): its arrival enables Hints, whose fade-in
    # mid-audit would be measured half-way
    page.wait_for_function("['engine-ready', 'engine-idle', 'engine-unavailable']"
                           ".some(name => document.documentElement.classList.contains(name))", timeout=120_000)
    assert page.get_attribute("html", "data-theme") == "dark"
    # the audit can fail: a broken snippet is found out, then taken away
    audit.load(page)
    page.evaluate(BROKEN_JS)
    found = {v["id"] for v in page.evaluate(RUN_AXE, ["#axe-canary", [], TAGS, NODES])}
    assert {"image-alt", "color-contrast"} <= found, found
    page.evaluate("document.getElementById('axe-canary').remove()")
    ARTIFACTS.mkdir(exist_ok=True)
    page.focus("#board")  # the grid with its active cell (the keyboard's cursor)
    assert page.get_attribute("#board", "aria-activedescendant")
    page.click("#settings summary")  # the settings open
    for theme in ("dark", "light"):
        set_theme(page, theme)
        audit.run(page, f"the app ({theme})")
        page.screenshot(path=str(ARTIFACTS / f"access-{theme}.png"))
    page.click('#board [data-square="f5"]')  # a game in progress: the end's panel, New game's question
    resign(page)
    page.wait_for_selector("#game-over:not([hidden])")
    audit.themes(page, "the end of a game", ("light", "dark"))
    page.click("#btn-undo")  # the resignation taken back: the game goes on
    page.click("#btn-new")
    page.wait_for_selector("#new-game-dialog[open]")
    page.click("#btn-start")
    page.wait_for_selector("#btn-start-confirm:not([hidden])")
    audit.themes(page, "the new-game dialog, asking before it ends a game", ("dark", "light"))
    page.click('#new-game-dialog button[value="cancel"]')
    page.click("#records summary")
    page.click('button[data-record="embed"]')
    page.wait_for_selector("#embed-dialog[open]")
    audit.themes(page, "the embed dialog")
    audit.verdict(capsys)


def test_the_study_views(app_page, server_url, audit, capsys) -> None:
    page = app_page
    page.goto(server_url + STUDIED)
    wait_for_class(page, "ready")
    wait_for_class(page, "engine-ready")
    page.click('[data-study="review"]')
    page.wait_for_selector('#move-list .ply.blunder[data-ply="11"]')
    page.click('#move-list [data-ply="10"]')  # the blunder marked, not the current move; the study bar
    page.wait_for_selector('[data-study="live"]:not([hidden])')
    page.click('[data-study="analysis"]')
    page.wait_for_function("document.querySelector('#analysis').textContent.startsWith('Best for Black: ')")
    page.select_option("#analysis-lines-count", "3")  # three lines, the evaluation bar, the counts
    page.wait_for_function("document.querySelectorAll('#analysis-lines li').length === 2")
    page.click('[data-study="stable"]')
    page.wait_for_selector('[data-study="practise"]:not([hidden])')
    audit.themes(page, "the review and the analysis")
    page.click('[data-study="practise"]')
    page.wait_for_selector("#practice-dialog[open]")
    audit.themes(page, "practise these positions", ("light",))
    page.click('[data-practice="close"]')
    page.click('[data-study="values"]')
    page.wait_for_function("document.querySelector('[data-study=\"values\"]').ariaPressed === 'true'")
    audit.themes(page, "square values", ("light", "dark"))
    page.click('[data-study="edit"]')
    page.wait_for_selector("#editor:not([hidden])")
    audit.themes(page, "the board editor")
    page.click('[data-editor="clear"]')  # an empty board: the editor warns that no game reaches it
    page.wait_for_selector('#editor-message[data-kind="warning"]')
    audit.themes(page, "the board editor's warning", ("light", "dark"))
    audit.verdict(capsys)


def test_the_embeds_and_the_rules_page(app_page, server_url, audit, capsys) -> None:
    page = app_page
    for name, query in (("the game viewer", VIEWER), ("the puzzle", PUZZLE)):
        page.goto(server_url + query)
        wait_for_class(page, "ready")
        assert page.is_hidden("#embed-problem"), page.inner_text("#embed-problem")
        audit.themes(page, name, ("dark", "light") if name == "the game viewer" else ("light", "dark"))
    response = page.goto(server_url + "assets/rules/rules.en.html")
    assert response is not None and response.ok
    audit.run(page, "the rules page")  # one look, in light colours whatever the system's
    audit.verdict(capsys)
