"""Helpers for tests that drive the app in a real browser (Playwright + Debian Chromium).

* ``serve_repo()`` starts ``serve.py --port 0 --no-fetch`` as a subprocess and
  yields the base URL it prints (``http://127.0.0.1:PORT/``); the server is
  stopped on exit.
* ``launch_chromium(playwright)`` launches ``/usr/bin/chromium`` (``playwright
  install`` cannot download browsers here) with the arguments that keep it from
  phoning home.
* ``block_foreign_requests(target, base_url)`` routes every request of a page
  or context: those to the server's own origin go through, all others are
  aborted and their URLs appended to the returned list, so a test can assert
  that nothing left the machine.
* ``wait_for_html_class(page, name)``: the app signals readiness with a class
  on ``<html>`` (``py:all-done`` never fires without cross-origin isolation).

The runtime must already be installed (``python assets/fetch_runtime.py``).
"""

from __future__ import annotations

import contextlib
import os
import queue
import re
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

REPO_ROOT = Path(__file__).resolve().parent.parent
SERVE_PY = REPO_ROOT / "serve.py"
CHROMIUM_PATH = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
SERVING_LINE = re.compile(r"Serving on (http://\S+/)")


@contextlib.contextmanager
def serve_repo(timeout: float = 30.0, fetch: bool = False) -> Iterator[str]:
    """Run serve.py on a free port; yield its base URL (ending in '/')."""
    argv = [sys.executable, "-u", str(SERVE_PY), "--port", "0"]
    if not fetch:
        argv.append("--no-fetch")
    process = subprocess.Popen(
        argv,
        cwd=REPO_ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    lines: queue.Queue[str | None] = queue.Queue()

    def pump() -> None:
        # Keep draining stdout so the server never blocks on a full pipe.
        assert process.stdout is not None
        for line in process.stdout:
            lines.put(line)
        lines.put(None)

    threading.Thread(target=pump, daemon=True).start()
    seen: list[str] = []
    try:
        while True:
            try:
                line = lines.get(timeout=timeout)
            except queue.Empty:
                raise RuntimeError(f"serve.py printed no address within {timeout} s: {seen}") from None
            if line is None:
                raise RuntimeError(f"serve.py exited with {process.wait()}: {''.join(seen)}")
            seen.append(line)
            match = SERVING_LINE.search(line)
            if match:
                yield match.group(1)
                return
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def origin_of(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


def block_foreign_requests(target, base_url: str) -> list[str]:
    """Route all requests of a Page or BrowserContext; return the list of blocked URLs.

    Requests to base_url's origin (and data:/blob: URLs, which never leave the
    browser) continue; every other one is aborted and recorded.
    """
    own_origin = origin_of(base_url)
    foreign: list[str] = []

    def handle(route) -> None:
        url = route.request.url
        if url.startswith(("data:", "blob:")) or origin_of(url) == own_origin:
            route.continue_()
        else:
            foreign.append(url)
            route.abort()

    target.route("**/*", handle)
    return foreign


def launch_chromium(playwright, headless: bool = True):
    """Launch Debian's Chromium through Playwright (sync API)."""
    return playwright.chromium.launch(
        executable_path=CHROMIUM_PATH, headless=headless, args=CHROMIUM_ARGS
    )


def wait_for_html_class(page, name: str, timeout_ms: float = 60_000) -> None:
    """Wait until <html> carries the class name (the app's readiness signal)."""
    page.wait_for_function(
        "name => document.documentElement.classList.contains(name)",
        arg=name,
        timeout=timeout_ms,
    )


def two_players_state() -> str:
    """A saved state (autosave) of a new standard game between two people.

    The page's default is a game against the computer; tests that play both sides
    by clicking start from this saved choice instead (see :func:`seed_two_players`).
    """
    from reversi.core.game import Game
    from reversi.ui.players import Players
    from reversi.ui.session import SavedState, dump_state
    from reversi.ui.state import FORM_DEFAULTS, Controller

    c = Controller(players=Players())
    c.form_fields = {**FORM_DEFAULTS, "players": "two"}
    return dump_state(SavedState(Game(), c.settings(), None))


def seed_two_players(context) -> None:
    """Before any page of ``context`` loads, save "two players" unless a state is saved."""
    import json

    from reversi.ui.session import STORAGE_KEY

    context.add_init_script(
        f"if (!localStorage.getItem({json.dumps(STORAGE_KEY)})) "
        f"localStorage.setItem({json.dumps(STORAGE_KEY)}, {json.dumps(two_players_state())});"
    )


def open_app(browser, server_url: str, viewport: dict, reduced_motion: str = "no-preference",
             two_players: bool = False):
    """A new context and page on the app, with foreign requests blocked and recorded.

    Returns ``(context, page, foreign, requests, errors)``: the foreign requests
    blocked, every request made, and the page's errors (uncaught and console). With
    ``two_players`` a first visit opens as two players instead of against the computer.
    """
    # no service worker: these tests cut requests short (routes), which its cache would answer;
    # tests/test_offline.py tests the page with it
    context = browser.new_context(viewport=viewport, reduced_motion=reduced_motion, service_workers="block")
    foreign = block_foreign_requests(context, server_url)
    if two_players:
        seed_two_players(context)
    page = context.new_page()
    requests: list[str] = []
    errors: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(server_url)
    return context, page, foreign, requests, errors
