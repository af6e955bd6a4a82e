"""Live boards in a teacher's own page (``assets/embed.js``, ``reversi/ui/dom/boards.py``), and
what the app and the boards say when a file they need cannot be had.

The teacher's page is served from another origin than the site, with a strict
Content-Security-Policy that allows only the site's scripts (and WebAssembly) and connections,
its own style sheet and its own script. One script tag turns ten boards (viewers, lite
diagrams and a puzzle) live with one interpreter: each answers its own buttons and keys, the
page's styles and script are left alone, and nothing is fetched outside the two origins.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from browser_support import ARTIFACTS, origin_of, private_context
from support import static_host

pytestmark = pytest.mark.browser

GAME = "m=f5d6c3d3c4f4f6f3e6e7d7"
TEACHER_CSS = "body { font-family: serif; color: rgb(200, 0, 0); } button { background: rgb(255, 255, 0); }"
TEACHER_JS = "window.teacherScript = (window.teacherScript || 0) + 1;"


def teacher_page(site: str) -> str:
    from reversi.tools.build import teaching_puzzle
    from reversi.ui.embed.snippets import lite_snippet

    boards = [f'<div class="reversi" data-game="{GAME}&amp;at={k}&amp;caption=Board%20{k}"></div>' for k in range(7)]
    boards += [lite_snippet(site, f"{GAME}&at={k}", f"Lite {k}") for k in (3, 9)]
    puzzle = teaching_puzzle().replace("&", "&amp;")
    boards.append(f'<div class="reversi" id="the-puzzle" data-game="view=puzzle&amp;{puzzle}"></div>')
    policy = (f"default-src 'self'; script-src 'self' {site} 'wasm-unsafe-eval'; connect-src 'self' {site}; "
              "style-src 'self'; img-src 'self' data:")
    text = "".join(f"<p>Lesson text {k}.</p>\n{board}\n" for k, board in enumerate(boards))
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="{policy}">
<title>A lesson</title>
<link rel="stylesheet" href="teacher.css">
<script src="teacher.js"></script>
<script src="{site}assets/embed.js" defer></script>
</head><body><h1>A lesson</h1><button id="own" type="button">The teacher's own button</button>
{text}</body></html>"""


def wait_live(page, count: int, timeout: float = 90.0) -> dict:
    """The boards' status once ``count`` are live (polled: the teacher's policy forbids eval)."""
    deadline = time.monotonic() + timeout
    while True:
        status = page.evaluate("() => window.reversiBoards ? {...window.reversiBoards} : null")
        if status and (status["live"] >= count or status["state"] == "failed"):
            return status
        if time.monotonic() > deadline:
            raise AssertionError(f"the boards did not become live: {status}")
        time.sleep(0.1)


def plies(page) -> list[str]:
    return page.evaluate("""() => [...document.querySelectorAll('[data-reversi]')].map(
        b => b.shadowRoot.getElementById('board').dataset.ply)""")


def test_ten_boards_in_a_teachers_page_from_another_origin_share_one_interpreter(browser, server_url,
                                                                                  tmp_path: Path) -> None:
    (tmp_path / "index.html").write_text(teacher_page(server_url), encoding="utf-8")
    (tmp_path / "teacher.css").write_text(TEACHER_CSS, encoding="utf-8")
    (tmp_path / "teacher.js").write_text(TEACHER_JS, encoding="utf-8")
    context = private_context(browser, viewport={"width": 760, "height": 900}, service_workers="block")
    try:
        with static_host(tmp_path) as teacher:
            assert origin_of(teacher) != origin_of(server_url)
            page = context.new_page()
            requests: list[str] = []
            errors: list[str] = []
            page.on("request", lambda r: requests.append(r.url))
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.on("response", lambda r: errors.append(f"{r.status} {r.url}") if r.status >= 400 else None)
            page.goto(teacher)
            status = wait_live(page, 10)
            assert status["state"] == "live" and status["live"] == 10 and status["boards"] == 10, status
            assert status["interpreters"] == 1
            assert sum(url.endswith("/pyodide.asm.wasm") for url in requests) == 1
            assert sum(url.endswith("/package/page.zip") for url in requests) == 1
            outside = [u for u in requests if origin_of(u) not in (origin_of(teacher), origin_of(server_url))
                       and not u.startswith("data:")]
            assert outside == []
            assert [e for e in errors if not e.endswith("/favicon.ico")] == []

            # the page's own script ran once, its styles are its own, and none reach the boards
            assert page.evaluate("() => window.teacherScript") == 1
            assert page.evaluate("() => getComputedStyle(document.getElementById('own')).backgroundColor") == \
                "rgb(255, 255, 0)"
            inside = page.evaluate("""() => {
                const root = document.querySelector('[data-reversi]').shadowRoot;
                const button = root.querySelector('[data-action="next"]');
                const status = root.querySelector('.embed-status');
                return [getComputedStyle(button).backgroundColor, getComputedStyle(status).color];
            }""")
            assert inside[0] != "rgb(255, 255, 0)" and inside[1] != "rgb(200, 0, 0)"

            # each board answers its own controls
            before = plies(page)
            assert before[:7] == [str(k) for k in range(7)] and before[7:9] == ["3", "9"]
            boards = page.locator("[data-reversi]")
            boards.nth(2).locator('[data-action="next"]').click()
            after = plies(page)
            assert after[2] == "3" and after[:2] + after[3:] == before[:2] + before[3:]
            boards.nth(5).locator("#board").focus()
            page.keyboard.press("Home")
            after_keys = plies(page)
            assert after_keys[5] == "0" and after_keys[:5] + after_keys[6:] == after[:5] + after[6:]
            # the lite diagrams became boards in their place, with their captions
            assert boards.nth(8).locator(".embed-caption").inner_text() == "Lite 9"
            # the puzzle: the best answer is praised and played there only
            puzzle = page.locator("#the-puzzle")
            puzzle.locator('[data-square="e2"]').click()
            assert puzzle.locator(".puzzle-feedback").get_attribute("data-verdict") == "best"
            assert plies(page)[:9] == after_keys[:9]
            ARTIFACTS.mkdir(exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / "boards-teacher-page.png"), full_page=True)
    finally:
        context.close()


def test_a_board_that_cannot_load_says_so_and_keeps_its_picture_and_link(browser, server_url,
                                                                          tmp_path: Path) -> None:
    from reversi.ui.embed.snippets import lite_snippet

    (tmp_path / "index.html").write_text(f"""<!DOCTYPE html><html lang="cs"><head><meta charset="utf-8">
<script src="{server_url}assets/embed.js" defer></script></head>
<body>{lite_snippet(server_url, GAME, "A diagram")}</body></html>""", encoding="utf-8")
    context = private_context(browser, viewport={"width": 600, "height": 800}, service_workers="block")
    try:
        # the runtime cannot be had (a network that drops it): the board says so in the page's language
        context.route("**/pyodide.asm.wasm", lambda route: route.abort())
        with static_host(tmp_path) as teacher:
            page = context.new_page()
            page.goto(teacher)
            status = wait_live(page, 1)
            assert status["state"] == "failed" and status["live"] == 0
            box = page.locator("[data-reversi]")
            box.locator(".reversi-wait button").wait_for()
            assert box.get_attribute("data-reversi") == "failed"
            assert box.locator(".reversi-wait").inner_text() == "Desku se nepodařilo načíst. Zkusit znovu"
            assert page.locator("a.reversi-lite svg").is_visible()  # the picture and its link stay
            context.unroute("**/pyodide.asm.wasm")
            box.locator(".reversi-wait button").click()  # Try again: now it loads
            status = wait_live(page, 1)
            assert status["live"] == 1 and box.get_attribute("data-reversi") == "live"
    finally:
        context.close()


def test_the_app_says_when_a_file_it_needs_cannot_be_had_and_offers_a_reload(browser, server_url) -> None:
    """Not a spinner for ever: the runtime waits for ever on a lost file; the page says so."""
    lost = "package/stdlib.zip"  # the standard library the site makes (reversi/tools/bytecode.py)
    context = private_context(browser, viewport={"width": 1280, "height": 800}, service_workers="block")
    try:
        context.route(f"**/{lost}", lambda route: route.abort())
        page = context.new_page()
        page.goto(server_url)
        page.wait_for_selector(".load-problem", state="visible", timeout=60_000)
        assert page.inner_text(".load-problem") == "The page could not load all its files. Reload"
        assert lost in page.get_attribute("html", "data-load-failed")
        assert not page.is_visible(".loading-note")
        assert page.evaluate("document.documentElement.classList.contains('ready')") is False
        assert page.is_disabled('[data-study="analysis"]') and page.is_disabled("#comment")  # nothing looks usable
        page.click('[data-square="d3"]')  # not kept for a Python that is not coming
        assert page.locator("[data-queued]").count() == 0
        context.unroute(f"**/{lost}")
        page.click(".load-retry")  # Reload: now it loads
        page.wait_for_function("document.documentElement.classList.contains('ready')", timeout=60_000)
        assert not page.is_visible(".load-problem")
        assert page.is_enabled('[data-study="analysis"]') and page.is_enabled("#comment")
        assert page.get_attribute("html", "data-load-failed") is None  # nothing wrongly taken for lost
    finally:
        context.close()

