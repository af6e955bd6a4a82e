"""Embeds in a real browser: the viewer (``?view=embed``), the example teaching page, another site's iframe.

The viewer replays a game with buttons and keys and never starts the engine's worker, writes no
storage and registers no service worker; it fits widths from 240 to 1200 pixels. The example
page's lite diagrams load nothing until clicked. The viewer's state itself is tested under
CPython (tests/test_embed.py). Screenshots go to ``tests/artifacts/``.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from browser_support import ARTIFACTS, wait_ready
from support import static_host

pytestmark = pytest.mark.browser

TIGER = "v=2&m=f5d6c3d3c4%7BThe%20Tiger%3A%20Black%20takes%20c4%7Df4(b3)e3f6&at=5"
#: Counts what an embed must never do: write storage, register a service worker, start a worker.
SPY_JS = """
window.__spy = {storage: 0, serviceWorker: 0, workers: 0};
for (const store of [localStorage, sessionStorage]) {
  const set = store.setItem.bind(store);
  store.setItem = (k, v) => { window.__spy.storage++; return set(k, v); };
}
if (self.ServiceWorkerContainer) {
  const register = ServiceWorkerContainer.prototype.register;
  ServiceWorkerContainer.prototype.register = function () {
    window.__spy.serviceWorker++;
    return register.apply(this, arguments);
  };
}
const RealWorker = window.Worker;
window.Worker = function () { window.__spy.workers++; return new RealWorker(...arguments); };
"""



def status(page) -> str:
    return page.inner_text("#embed-status")


def ply(page) -> str:
    return page.get_attribute("#board", "data-ply")


def test_the_viewer_replays_by_buttons_and_keys_and_leaves_no_trace(browser, server_url) -> None:
    from browser_support import AppContext

    context = AppContext(browser, server_url, {"width": 900, "height": 640})
    page = context.new_page()
    page.add_init_script(SPY_JS)
    requests: list[str] = []
    errors: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    try:
        page.goto(server_url + "?view=embed&caption=The%20Tiger%20opening&" + TIGER)
        wait_ready(page)
        # index.html's preloads (reversi/tools/build.py preload_links) are the runtime's own requests:
        # each file once (an embed has no worker, so every request is the page's), and the runtime's
        # big files and the package asked for before PyScript has even read its config
        fetched = [u.removeprefix(server_url) for u in requests
                   if not u.startswith("blob:") and not u.endswith("favicon.svg")]  # the browser's own, per tab
        assert sorted(fetched) == sorted(set(fetched)), [u for u in fetched if fetched.count(u) > 1]
        for early in ("assets/runtime/pyodide/pyodide.asm.wasm", "assets/package/page.zip"):
            assert fetched.index(early) < fetched.index("pyscript.toml"), fetched
        assert page.evaluate("document.documentElement.classList.contains('view-embed')")
        assert page.inner_text("#embed-caption") == "The Tiger opening" and page.title() == "The Tiger opening"
        assert status(page) == "3. Black c4" and ply(page) == "5"  # at=5
        assert page.inner_text("#embed-comment") == "The Tiger: Black takes c4"
        assert page.is_hidden("#btn-new") and page.is_hidden(".topbar") and page.is_visible("#move-list")
        # buttons
        page.click('[data-action="next"]')
        assert status(page) == "3. White f4" and page.is_hidden("#embed-comment")
        page.click('[data-action="last"]')
        assert ply(page) == "8" and page.is_disabled('[data-action="next"]')
        page.click('[data-action="first"]')
        assert ply(page) == "0" and status(page) == "Black to move" and page.is_disabled('[data-action="prev"]')
        # keys, with the focus anywhere in the embed
        page.focus("#board")
        page.keyboard.press("End")
        assert ply(page) == "8"
        page.keyboard.press("ArrowLeft")
        assert ply(page) == "7"
        page.keyboard.press("Home")
        assert ply(page) == "0"
        # autoplay: space starts it, the moves come by themselves, a press stops it
        page.keyboard.press("Space")
        page.wait_for_function("document.querySelector('#board').dataset.ply === '2'", timeout=10_000)
        page.click('[data-action="play"]')
        assert page.get_attribute('[data-action="play"]', "aria-pressed") == "false"
        stopped = ply(page)
        page.wait_for_timeout(1_500)
        assert ply(page) == stopped
        # the variation, from the move list
        page.click('#move-list .variation [data-node]')
        assert status(page) == "3. White b3"
        # the move numbers: the game so far as a numbered diagram (the variation's b3 is move 6)
        numbers_js = "() => Array.from(document.querySelectorAll('#board [data-number]'), e => +e.dataset.number)"
        assert page.evaluate(numbers_js) == []
        page.click('[data-action="numbers"]')
        assert page.get_attribute('[data-action="numbers"]', "aria-pressed") == "true"
        assert sorted(page.evaluate(numbers_js)) == [1, 2, 3, 4, 5, 6]
        assert page.get_attribute('[data-square="b3"]', "aria-label").endswith("move 6")
        ARTIFACTS.mkdir(exist_ok=True)
        page.locator("#board").screenshot(path=str(ARTIFACTS / "embed-numbers.png"))
        page.focus("#board")
        page.keyboard.press("n")
        assert page.evaluate(numbers_js) == [] and status(page) == "3. White b3"
        page.click('[data-action="flip"]')
        x = {name: page.locator(f'[data-square="{name}"]').bounding_box()["x"] for name in ("a1", "h8")}
        assert x["a1"] > x["h8"]  # turned around
        # the app's link carries the game, not the embed's options
        href = page.get_attribute("#embed-open", "href")
        assert "m=f5d6c3d3c4" in href and "view=" not in href and "caption=" not in href
        # from 240 to 1200 pixels wide: nothing sticks out, the controls stay in the window
        ARTIFACTS.mkdir(exist_ok=True)
        for width in (240, 320, 600, 900, 1200):
            page.set_viewport_size({"width": width, "height": max(480, round(width * 0.95))})
            assert page.evaluate("document.documentElement.scrollWidth") <= width, width
            caption, board = page.locator("#embed-caption").bounding_box(), page.locator("#board").bounding_box()
            assert caption and board and caption["y"] + caption["height"] <= board["y"], width  # caption= is over it
            box = page.locator('[data-action="last"]').bounding_box()
            assert box is not None and box["x"] + box["width"] <= width, (width, box)
            if width in (240, 900):
                page.screenshot(path=str(ARTIFACTS / f"embed-{width}.png"), full_page=True)
        # nothing kept, nothing started, nothing fetched from elsewhere
        spy = page.evaluate("window.__spy")
        assert spy == {"storage": 0, "serviceWorker": 0, "workers": 0}, spy
        assert page.evaluate("localStorage.length + sessionStorage.length") == 0
        engine = ("reversi/engine/worker.py", "assets/package/engine.zip", "reversi/engine/data/")
        assert not [u for u in requests if u.removeprefix(server_url).startswith(engine)], "an engine file was fetched"
        assert page.locator('script[type="py"][worker]').count() == 0
        # another language and the light theme, from the address
        page.goto(server_url + "?view=embed&lang=pl&theme=light&" + TIGER)
        wait_ready(page)
        assert page.evaluate("document.documentElement.lang") == "pl"
        assert page.get_attribute("html", "data-theme") == "light"
        assert status(page) == "3. Czarne c4"
        page.set_viewport_size({"width": 360, "height": 640})
        page.screenshot(path=str(ARTIFACTS / "embed-pl-light-360.png"), full_page=True)
        assert page.evaluate("window.__spy.storage + localStorage.length") == 0  # the language is not remembered
    finally:
        context.close()
    assert not context.foreign, context.foreign
    assert not errors, errors


def test_a_bad_link_in_an_embed_shows_the_start_and_says_why(browser, server_url, tmp_path: Path) -> None:
    """In another site's iframe (another origin): the embed loads, and a bad game says so."""
    from browser_support import AppContext

    # another site (another origin: another port) whose page holds the embed
    (tmp_path / "host.html").write_text(
        f'<!DOCTYPE html><iframe src="{server_url}?view=embed&m=f5f5" style="width:600px;height:600px"></iframe>',
        encoding="utf-8",
    )
    context = AppContext(browser, server_url, {"width": 700, "height": 700})
    page = context.new_page()
    try:
        with static_host(tmp_path) as host:
            assert host != server_url
            page.goto(host + "host.html")
            page.wait_for_selector("iframe")
            frame = page.frame_locator("iframe")
            inner = page.main_frame.child_frames[0]
            wait_ready(inner)
            assert "This game could not be shown" in frame.locator("#embed-problem").inner_text()
            assert "f5" in frame.locator("#embed-problem").inner_text()
            assert frame.locator("#embed-status").inner_text() == "Black to move"
            assert frame.locator("[data-square]").count() == 64
            hosts_page = host + "host.html"
    finally:
        context.close()
    assert context.foreign == [hosts_page], context.foreign  # the other site's own page, and nothing else


def test_the_example_teaching_page_loads_a_viewer_and_lite_diagrams_on_demand(browser, server_url) -> None:
    from browser_support import AppContext

    context = AppContext(browser, server_url, {"width": 900, "height": 1200})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    try:
        page.goto(server_url + "assets/examples/teaching.html")
        assert page.locator("a.reversi-lite svg").count() == 4  # drawn before any script
        page.wait_for_selector("iframe >> nth=1")
        viewer, puzzle = page.main_frame.child_frames
        assert "view=puzzle" in puzzle.url
        wait_ready(viewer)
        wait_ready(puzzle)
        assert len(page.main_frame.child_frames) == 2  # the lite diagrams have loaded nothing
        # the puzzle: the answers come from the link (exact: the build solved it)
        assert puzzle.inner_text("#embed-status") == "Black to play: find the best move"
        assert puzzle.locator(".sq.legal").count() == 8
        puzzle.click('[data-square="h3"]')
        feedback = puzzle.locator("#puzzle-feedback")
        assert feedback.inner_text() == "h3 loses 22 discs against the best move. Try again."
        assert feedback.get_attribute("data-verdict") == "worse"
        assert puzzle.get_attribute("#board", "data-ply") == "0"  # a wrong try is not played
        puzzle.click('[data-square="e2"]')
        assert feedback.inner_text() == "Right: e2 is the best move."
        assert puzzle.get_attribute('[data-square="e2"]', "data-state") == "black"
        page.locator("iframe >> nth=1").scroll_into_view_if_needed()
        ARTIFACTS.mkdir(exist_ok=True)
        page.locator("iframe >> nth=1").screenshot(path=str(ARTIFACTS / "puzzle-solved.png"))
        puzzle.click('[data-action="retry"]')
        assert feedback.is_hidden() and puzzle.locator(".sq.legal").count() == 8
        # by keyboard: the arrows move a cursor over the board, Enter tries its square
        puzzle.focus("#board")
        puzzle.press("#board", "ArrowRight")
        cursor = puzzle.get_attribute(".sq.cursor", "data-square")
        assert cursor is not None and puzzle.is_visible(".sq.cursor .cursor-ring")
        puzzle.press("#board", "Enter")
        assert feedback.is_visible() and cursor in feedback.inner_text()
        puzzle.click('[data-action="retry"]')
        puzzle.click('[data-action="solution"]')
        puzzle.wait_for_function("document.querySelector('#board').dataset.ply === '1'", timeout=10_000)
        page.click("a.reversi-lite >> nth=2")
        page.wait_for_selector("iframe.reversi-lite-frame")
        lite = next(f for f in page.main_frame.child_frames if f not in (viewer, puzzle))
        wait_ready(lite)
        assert lite.inner_text("#embed-status") == "3. Black c4"
        assert page.locator("a.reversi-lite").count() == 3
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "teaching-example.png"), full_page=True)
    finally:
        context.close()
    assert not context.foreign, context.foreign
    assert not errors, errors


def test_show_solution_after_a_right_answer_try_again_and_a_wrong_answer(browser, server_url) -> None:
    """The solution becomes the main line (the earlier right answer, tied for best, a variation)
    and its message replaces the wrong answer's."""
    from browser_support import AppContext

    context = AppContext(browser, server_url, {"width": 700, "height": 660})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(server_url + "?view=puzzle&pz=d3:0.c4:0.f5:0.e6:18&sol=f5d6c3&caption=Find%20the%20best%20move")
        wait_ready(page)
        feedback = page.locator("#puzzle-feedback")
        page.click('[data-square="c4"]')
        assert feedback.inner_text() == "Right: c4 is one of the best moves."
        page.click('[data-action="retry"]')
        page.click('[data-square="e6"]')
        assert feedback.inner_text() == "e6 loses about 18 discs against the best move. Try again."
        page.click('[data-action="solution"]')
        assert feedback.inner_text() == "Solution: f5 d6 c3. d3, c4 are just as good."
        assert feedback.get_attribute("data-verdict") == "solution"
        main = page.eval_on_selector_all("#move-list > .ply[data-ply]", "els => els.map(e => e.textContent)")
        assert main == ["f5", "d6", "c3"]
        assert page.eval_on_selector_all("#move-list .variation .ply", "els => els.map(e => e.textContent)") == ["c4"]
        page.wait_for_function("document.querySelector('#board').dataset.ply === '3'", timeout=30_000)  # autoplay
        assert status(page) == "2. Black c3" and page.get_attribute('[data-square="c3"]', "data-state") == "black"
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "puzzle-solution.png"))
    finally:
        context.close()
    assert not context.foreign, context.foreign
    assert not errors, errors


def test_the_snippet_maker_writes_a_viewer_a_diagram_and_a_puzzle(browser, server_url) -> None:
    """Game menu, Embed in a page: the HTML for each kind, its preview, and a puzzle the engine answers."""
    from browser_support import AppContext

    context = AppContext(browser, server_url, {"width": 1100, "height": 900}, two_players=True)
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server_url.rstrip("/"))
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.emulate_media(color_scheme="light")
        page.goto(server_url + "?m=f5d6c3d3c4")
        wait_ready(page, "engine-idle")  # two people, the graph off: the puzzle below boots the engine
        # the theme: the system's, followed as it changes, until the switch chooses one (kept)
        theme = "document.documentElement.dataset.theme"
        assert page.evaluate(theme) == "light" and page.input_value("#theme-select") == "auto"
        page.emulate_media(color_scheme="dark")
        page.wait_for_function(f"{theme} === 'dark'")
        page.select_option("#theme-select", "light")
        assert page.evaluate(theme) == "light" and page.evaluate("localStorage.getItem('reversi.theme')") == "light"
        page.select_option("#theme-select", "auto")
        assert page.evaluate(theme) == "dark" and page.evaluate("localStorage.getItem('reversi.theme')") is None
        page.emulate_media(color_scheme="light")
        # the square values overlay of the study bar
        page.click('#study button[data-study="values"]')
        page.wait_for_function("document.querySelectorAll('#board [data-value]').length === 64")
        assert page.get_attribute('#study button[data-study="values"]', "aria-pressed") == "true"
        assert page.get_attribute('[data-square="a1"]', "data-value") == "4"
        assert page.get_attribute('[data-square="b2"]', "data-value") == "-4"
        ARTIFACTS.mkdir(exist_ok=True)
        page.locator("#board").screenshot(path=str(ARTIFACTS / "square-values.png"))
        page.click('#study button[data-study="values"]')
        page.wait_for_function("document.querySelectorAll('#board [data-value]').length === 0")
        page.click("#records summary")
        # the board as pictures: an SVG that needs no style sheet, and a PNG drawn from it
        with page.expect_download() as info:
            page.click('button[data-record="board-svg"]')
        svg = Path(info.value.path()).read_text(encoding="utf-8")
        assert info.value.suggested_filename.endswith("-board.svg") and svg.startswith("<svg ")
        assert svg.count('data-state="black"') == 6 and 'fill="#' in svg  # after f5 d6 c3 d3 c4: 6 to 3
        with page.expect_download() as info:
            page.click('button[data-record="board-png"]')
        png = Path(info.value.path()).read_bytes()
        assert info.value.suggested_filename.endswith("-board.png") and png[:8] == b"\x89PNG\r\n\x1a\n"
        assert int.from_bytes(png[16:20], "big") == 800  # its width
        # the game as a numbered diagram (f5 d6 c3 d3 c4: 1 to 5 on their squares), SVG and PNG
        with page.expect_download() as info:
            page.click('button[data-record="numbered-svg"]')
        numbered = Path(info.value.path()).read_text(encoding="utf-8")
        assert info.value.suggested_filename.endswith("-numbered.svg")
        assert sorted(int(n) for n in re.findall(r'data-number="(\d+)"', numbered)) == [1, 2, 3, 4, 5]
        with page.expect_download() as info:
            page.click('button[data-record="numbered-png"]')
        assert Path(info.value.path()).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        # while move 3 is shown, in two: moves 1 to 3, then 4 and 5 from the position after 3
        page.locator("#move-list [data-node]").nth(2).click()
        with page.expect_download() as info:
            page.click('button[data-record="numbered-svg"]')
        split = Path(info.value.path()).read_text(encoding="utf-8")
        assert split.count("<svg") == 3 and "moves 1 to 3 · Othello 8x8, moves 4 to 5" in split
        assert sorted(int(n) for n in re.findall(r'data-number="(\d+)"', split)) == [1, 2, 3, 4, 5]
        page.locator("#move-list [data-node]").last.click()  # back to the game's position
        page.click('button[data-record="embed"]')
        page.wait_for_selector("#embed-dialog[open]")
        code = page.locator("#embed-code")
        html = code.input_value()
        assert html.startswith(f'<iframe src="{server_url}?') and "view=embed" in html and "m=f5d6c3d3c4" in html
        assert page.locator("#embed-preview svg [data-square]").count() == 64
        # the preview in the colours chosen, not the page's (light here, then dark)
        preview_js = """() => { const p = document.querySelector('#embed-preview');
          return [p.dataset.theme, getComputedStyle(p.querySelector('.frame')).fill,
                  getComputedStyle(p).backgroundColor]; }"""
        dark = ["dark", "rgb(23, 69, 43)", "rgb(22, 21, 18)"]  # the dark palette's frame, the dark page's background
        light = ["light", "rgb(233, 239, 233)", "rgb(244, 242, 238)"]
        # at first the app's colours (light here: the snippet looks like what the teacher sees)
        assert page.evaluate(theme) == "light" and page.input_value('#embed-form select[name="theme"]') == "light"
        assert page.evaluate(preview_js) == light
        page.emulate_media(color_scheme="dark")
        page.wait_for_function(f"{theme} === 'dark'")
        assert page.evaluate(preview_js) == light
        page.select_option('#embed-form select[name="theme"]', "dark")
        assert page.evaluate(preview_js) == dark
        page.emulate_media(color_scheme="light")
        page.locator("#embed-preview").screenshot(path=str(ARTIFACTS / "embed-maker-preview-dark.png"))
        page.fill('#embed-form input[name="caption"]', 'The "Tiger" <b>')
        page.check('#embed-form input[name="flip"]')
        html = code.input_value()
        assert "caption=The%20%22Tiger%22%20%3Cb%3E" in html and "flip=1" in html and "<b>" not in html
        page.check('#embed-form input[name="kind"][value="lite"]')
        html = code.input_value()
        assert 'class="reversi-lite"' in html and f'<script src="{server_url}assets/lite.js" defer>' in html
        page.check('#embed-form input[name="kind"][value="puzzle"]')
        page.wait_for_function("document.querySelector('#embed-code').value.includes('view=puzzle')", timeout=30_000)
        html = code.input_value()
        assert "pz=" in html and "sol=" in html
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "embed-maker.png"))
        page.click('#embed-dialog button[data-embed="copy"]')
        page.wait_for_function("t => navigator.clipboard.readText().then(c => c === t)", arg=html)
        page.click('#embed-dialog button[data-embed="close"]')
        assert page.is_hidden("#embed-dialog")
        # the new-game dialog links to the rules of the rule set chosen, in the page's language
        page.click("#btn-new")
        page.check('#new-game-form input[name="variant"][value="octagon"]')
        href = page.get_attribute("#rules-link", "href")
        assert href == "./assets/rules/rules.en.html#octagon", href
        page.keyboard.press("Escape")
        page.goto(server_url + "assets/rules/rules.pl.html#octagon")
        assert page.locator("h2#octagon").is_visible() and page.locator("figure.diagram svg").count() == 4
        page.set_viewport_size({"width": 390, "height": 844})
        page.screenshot(path=str(ARTIFACTS / "rules-pl-phone.png"))
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
    finally:
        context.close()
    assert not context.foreign, context.foreign
    assert not errors, errors


def test_a_three_puzzle_set_is_solved_in_the_embed_with_its_summary(browser, server_url) -> None:
    """A set made by ``reversi puzzle --set``'s writer: one puzzle right at the first try, one after
    a wrong answer, one by its solution; the summary says each; Page Down goes on, Start again
    starts over."""
    from browser_support import AppContext
    from support import three_puzzles

    from reversi.core.rules import Rules
    from reversi.formats.links import record_from_query
    from reversi.ui.embed.puzzle_set import puzzle_set_query

    entries = three_puzzles()
    g = Rules().geometry
    best = [g.name(min(p.best)) for _pos, p in entries]
    worse = g.name(next(m for m, loss in sorted(entries[1][1].losses.items()) if loss))
    for width, height, name in ((900, 760, "puzzle-set"), (390, 844, "puzzle-set-phone")):
        context = AppContext(browser, server_url, {"width": width, "height": height})
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e, seen=errors: seen.append(str(e)))
        try:
            page.goto(server_url + "?view=puzzle&caption=Three%20puzzles&" + puzzle_set_query(entries))
            wait_ready(page)
            progress = page.locator(".puzzle-progress")
            assert progress.inner_text() == "Puzzle 1 of 3 · 0 of 0 right at the first try"
            assert page.is_disabled('[data-action="prev-puzzle"]')
            page.click(f'[data-square="{best[0]}"]')
            assert page.get_attribute("#puzzle-feedback", "data-verdict") == "best"
            page.click('[data-action="next-puzzle"]')
            assert progress.inner_text() == "Puzzle 2 of 3 · 1 of 1 right at the first try"
            # "Open in the app" opens the puzzle shown, at its start (not the set, not the answer)
            href = page.get_attribute("#embed-open", "href")
            assert "ps=" not in href and "view=" not in href
            assert record_from_query(href.split("?", 1)[1]).start == entries[1][0]
            page.click(f'[data-square="{worse}"]')
            assert page.get_attribute("#puzzle-feedback", "data-verdict") == "worse"
            page.click(f'[data-square="{best[1]}"]')
            page.locator("#board").focus()
            page.keyboard.press("PageDown")  # the keyboard's way to the next puzzle
            assert progress.inner_text() == "Puzzle 3 of 3 · 1 of 2 right at the first try"
            assert page.inner_text('[data-action="next-puzzle"]') == "Summary"
            page.click('[data-action="solution"]')
            page.click('[data-action="next-puzzle"]')
            summary = page.locator(".puzzle-summary")
            assert summary.is_visible() and page.is_hidden(".embed-controls")
            assert page.evaluate("document.activeElement.classList.contains('puzzle-summary')")
            assert page.inner_text(".puzzle-summary-text") == \
                "You found the best move at the first try in 1 of 3 puzzles."
            assert page.eval_on_selector_all(".puzzle-summary-list li", "els => els.map(e => e.textContent)") == [
                "Puzzle 1: right at the first try", "Puzzle 2: right after 2 tries", "Puzzle 3: solution shown"]
            ARTIFACTS.mkdir(exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)
            page.click('[data-action="restart-set"]')
            assert progress.inner_text() == "Puzzle 1 of 3 · 0 of 0 right at the first try"
            assert page.is_hidden(".puzzle-summary") and page.is_visible(".embed-controls")
        finally:
            context.close()
        assert not context.foreign, context.foreign
        assert not errors, errors
