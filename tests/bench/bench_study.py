"""The engine's study in the browser: review time, the computer's move time with analysis on and off,
the main thread's longest task, and how long "Practise these positions" takes to show its puzzles.

    python tests/bench/bench_study.py [--moves 6] [--level 3]

Drives headless Debian Chromium (Playwright) against ``serve.py`` and prints:

* ``review``: seconds from the page being ready (with its engine) until the
  evaluation graph of a whole 8x8 game (60 moves, a link) has every point, i.e.
  the worker has evaluated all 61 positions in its idle slices;
* ``move``: the computer's reply time (from the person's click to the reply on
  the board), median over ``--moves`` replies at ``--level``, with analysis off
  and then on, and their ratio (target: at most 1.10);
* ``longest task``: the longest main-thread task the browser reported
  (``PerformanceObserver`` of ``longtask``: only tasks over 50 ms are reported,
  so "none" means none over 50 ms), over each run;
* ``practise``: seconds from the click on "Practise these positions" (after the review of a
  game with a blunder) until its puzzle set is ready to take a move, median of ``--practise``
  openings, and how: mounted on the page's interpreter (``board``) or in an ``<iframe>`` of the
  app that boots a runtime of its own (``iframe``, before 2026-12-04). Run it in another
  commit's tree for the figure before.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

TESTS = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(TESTS))
sys.path.insert(0, str(TESTS.parent))

from browser_support import block_foreign_requests, launch_chromium, serve_repo  # noqa: E402


def full_game() -> str:
    """A whole 8x8 game of 60 moves (a random one, the same every run)."""
    import random

    from reversi import Rules
    from reversi.core.game import Game
    from reversi.formats.notation import write_transcript

    rng = random.Random(2026)
    while True:
        game = Game(Rules())
        while not game.position.is_over:
            game.play(rng.choice(game.position.legal_moves()))
        if len([m for m in game.line if m >= 0]) == 60:
            return write_transcript(game.line, game.rules.geometry)


LONGTASKS_JS = """() => {
  window.__longest = 0;
  new PerformanceObserver(list => {
    for (const e of list.getEntries()) window.__longest = Math.max(window.__longest, e.duration);
  }).observe({type: 'longtask'});  // from now on: the page's start is not counted
}"""


def wait_engine(page) -> None:
    page.wait_for_function("document.documentElement.classList.contains('engine-ready')", timeout=120_000)


def review_seconds(context, url: str) -> tuple[float, float]:
    page = context.new_page()
    page.goto(url + "?m=" + full_game())
    wait_engine(page)
    page.evaluate(LONGTASKS_JS)
    started = time.perf_counter()
    page.wait_for_function("document.querySelectorAll('#eval-graph [data-ply]').length === 61", timeout=300_000)
    seconds = time.perf_counter() - started
    longest = float(page.evaluate("window.__longest"))
    page.close()
    return seconds, longest


def move_times(context, url: str, level: int, moves: int, analysis: bool) -> tuple[list[float], float]:
    page = context.new_page()
    page.goto(url + f"?m=f5&pl=hc{level}")
    wait_engine(page)
    page.wait_for_function("document.querySelectorAll('#move-list > .ply[data-ply]').length >= 2", timeout=60_000)
    if analysis:
        page.click('[data-study="analysis"]')
    page.evaluate(LONGTASKS_JS)
    times = []
    for _ in range(moves):
        legal = page.eval_on_selector_all('[data-legal="true"]', "els => els.map(e => e.dataset.square)")
        if not legal:
            break
        count = page.locator("#move-list > .ply[data-ply]").count()
        started = time.perf_counter()
        page.click(f'[data-square="{legal[0]}"]')
        page.wait_for_function(
            f"document.querySelectorAll('#move-list > .ply[data-ply]').length >= {count + 2}"
            " || document.querySelector('#message').classList.contains('result')",
            timeout=120_000,
        )
        times.append(time.perf_counter() - started)
        time.sleep(0.4)  # the analysis gets the worker between moves, as it would while a person thinks
    longest = float(page.evaluate("window.__longest"))
    page.close()
    return times, longest


#: The puzzle set of "Practise these positions" is ready: mounted and styled, or its iframe's page ready.
PRACTICE_READY_JS = """() => {
  if (document.querySelector('.practice-board[data-styled]')) return 'board';
  const frame = document.querySelector('.practice-frame iframe');
  const doc = frame && frame.contentDocument;
  return doc && doc.documentElement.classList.contains('ready') ? 'iframe' : false;
}"""


def practise_seconds(context, url: str, times: int) -> tuple[list[float], str]:
    page = context.new_page()
    page.goto(url + "?m=f5d6c3d3c4f4f6f3e6e7g2")  # Black's 11th move, g2, is a blunder
    wait_engine(page)
    page.click('[data-study="review"]')
    page.wait_for_selector('[data-study="practise"]:not([hidden])', timeout=120_000)
    seconds, how = [], ""
    for _ in range(times):
        started = time.perf_counter()
        page.click('[data-study="practise"]')
        how = str(page.wait_for_function(PRACTICE_READY_JS, timeout=120_000).json_value())
        seconds.append(time.perf_counter() - started)
        page.click('[data-practice="close"]')
    page.close()
    return seconds, how


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=6)
    parser.add_argument("--level", type=int, default=3)
    parser.add_argument("--practise", type=int, default=3, help="times to open Practise these positions")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    with serve_repo() as url, sync_playwright() as p:
        browser = launch_chromium(p)
        context = browser.new_context(viewport={"width": 1280, "height": 860})
        foreign = block_foreign_requests(context, url)
        seconds, longest_review = review_seconds(context, url)
        off, longest_off = move_times(context, url, args.level, args.moves, analysis=False)
        on, longest_on = move_times(context, url, args.level, args.moves, analysis=True)
        practise, how = practise_seconds(context, url, args.practise)
        context.close()
        browser.close()
    if foreign:
        raise SystemExit(f"requests to other origins: {foreign}")

    def fmt(ms: float) -> str:
        return f"{ms:.0f} ms" if ms else "none over 50 ms"

    print(f"review of a 60-move game: {seconds:.1f} s (61 positions); longest task {fmt(longest_review)}")
    m_off, m_on = statistics.median(off), statistics.median(on)
    print(f"computer's reply, level {args.level}, analysis off: median {m_off:.2f} s over {len(off)} "
          f"[{' '.join(f'{t:.2f}' for t in off)}]; longest task {fmt(longest_off)}")
    print(f"computer's reply, level {args.level}, analysis on:  median {m_on:.2f} s over {len(on)} "
          f"[{' '.join(f'{t:.2f}' for t in on)}]; longest task {fmt(longest_on)}")
    print(f"ratio on/off: {m_on / m_off:.2f}")
    print(f"Practise these positions, click to a ready puzzle ({how}): median {statistics.median(practise):.2f} s "
          f"over {len(practise)} [{' '.join(f'{t:.2f}' for t in practise)}]")
    return 0


if __name__ == "__main__":
    sys.exit(main())
