"""Screenshots of the page's views, in every language, on a desktop and a phone, to look at.

    python tests/bench/screenshots.py [--langs en,cs,da,pl,ja] [--out tests/artifacts/shots]

Drives headless Debian Chromium (Playwright) against ``serve.py`` and writes
``<lang>-<desktop|phone>-<view>.png`` for each view:

* ``main``: a game with a variation and a comment, the engine's graph filled in;
* ``study``: the same, browsing, with the review and the analysis on;
* ``editor``: the board editor open;
* ``dialog``: the new-game dialog.

Nothing is checked here (the browser tests check); this is for a person's eyes.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

TESTS = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(TESTS))
sys.path.insert(0, str(TESTS.parent))

from browser_support import block_foreign_requests, launch_chromium, serve_repo  # noqa: E402

GAME = "?m=f5d6c3d3c4f4f6f3e6e7g2(f7{the quiet move})"
DEVICES = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}


def ready(page) -> None:
    page.wait_for_function("document.documentElement.classList.contains('ready')", timeout=60_000)


def shoot(url: str, langs: list[str], out: Path) -> list[Path]:
    from playwright.sync_api import sync_playwright

    out.mkdir(parents=True, exist_ok=True)
    written = []
    with sync_playwright() as p:
        browser = launch_chromium(p)
        for lang in langs:
            for device, viewport in DEVICES.items():
                context = browser.new_context(viewport=viewport)
                block_foreign_requests(context, url)
                page = context.new_page()
                page.goto(url + GAME + f"&lang={lang}")
                ready(page)
                page.wait_for_function(
                    "document.querySelectorAll('#eval-graph [data-ply]').length === 12", timeout=120_000
                )

                def save(view: str, page=page, lang=lang, device=device) -> None:
                    path = out / f"{lang}-{device}-{view}.png"
                    page.screenshot(path=str(path), full_page=True)
                    written.append(path)

                save("main")
                page.click('[data-study="review"]')
                page.click('#move-list > .ply[data-ply="10"]')
                page.click('[data-study="analysis"]')
                time.sleep(1.5)
                save("study")
                page.click('[data-study="analysis"]')
                page.click('[data-study="review"]')
                page.click('[data-study="edit"]')
                save("editor")
                page.click('[data-editor="cancel"]')
                page.click("#btn-new")
                page.wait_for_selector("#new-game-dialog[open]")
                save("dialog")
                context.close()
        browser.close()
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--langs", default="en,cs,da,pl,ja")
    parser.add_argument("--out", default=str(TESTS / "artifacts" / "shots"))
    args = parser.parse_args(argv)
    langs = [c.strip() for c in args.langs.split(",") if c.strip()]
    with serve_repo() as url:
        for path in shoot(url, langs, Path(args.out)):
            print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
