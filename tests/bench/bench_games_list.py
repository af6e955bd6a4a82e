"""How the page takes a large WTHOR database: the games list read a slice at a time.

    python tests/bench/bench_games_list.py [--games 100000]

Serves the site with ``serve.py``, opens the app in Debian's Chromium, and gives the Game
menu's Open a ``.wtb`` of ``--games`` games (written by :func:`reversi.formats.wthor.write_wtb`
from random games, repeated) with its ``.JOU`` and ``.TRN``. Prints the seconds until the list
shows every game, the main thread's longest task and its tasks over 50 ms in all meanwhile
(``longtask`` entries: a frozen page is one long task), then the same for a search typed in the
box (a player and an opening, until the list shows its matches).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

TESTS = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(TESTS))
sys.path.insert(0, str(TESTS.parent))

LONG_TASKS_JS = """() => {
    window.__long = [];
    new PerformanceObserver(list => { for (const e of list.getEntries()) window.__long.push(e.duration); })
        .observe({type: 'longtask'});
}"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000)
    args = parser.parse_args()
    from browser_support import launch_chromium, serve_repo
    from playwright.sync_api import sync_playwright
    from support import big_wthor

    wtb, jou, trn = big_wthor(args.games, seed=3)
    with serve_repo() as url, sync_playwright() as p:
        browser = launch_chromium(p)
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        page.goto(url)
        page.wait_for_function("document.documentElement.classList.contains('ready')", timeout=120_000)
        page.evaluate(LONG_TASKS_JS)
        started = time.perf_counter()
        page.set_input_files("#records-file", files=[
            {"name": "BIG.wtb", "mimeType": "application/octet-stream", "buffer": wtb},
            {"name": "BIG.JOU", "mimeType": "application/octet-stream", "buffer": jou},
            {"name": "BIG.TRN", "mimeType": "application/octet-stream", "buffer": trn},
        ])
        total = f"{args.games:,}"
        page.wait_for_function(f"(document.querySelector('#games-dialog .games-count') || {{}}).textContent"
                               f"?.startsWith('{total} of {total} games')", timeout=600_000)
        listed = time.perf_counter() - started
        tasks = page.evaluate("window.__long.splice(0)")
        print(f"{args.games:,} games ({len(wtb) / 1e6:.1f} MB): listed in {listed:.1f} s; main thread: "
              f"longest task {max(tasks, default=0):.0f} ms, {len(tasks)} tasks over 50 ms, {sum(tasks) / 1000:.1f} s "
              "in all")
        started = time.perf_counter()
        page.fill("#games-search", "anna f5d6")
        page.wait_for_function("!/^" + total.replace(",", ",") + " of/.test("
                               "document.querySelector('#games-dialog .games-count').textContent)", timeout=120_000)
        searched = time.perf_counter() - started
        tasks = page.evaluate("window.__long.splice(0)")
        print(f"a search ({page.inner_text('#games-dialog .games-count')}): {searched:.1f} s (with its 0.2 s wait "
              f"for the typing to pause); longest task {max(tasks, default=0):.0f} ms")
        browser.close()


if __name__ == "__main__":
    main()
