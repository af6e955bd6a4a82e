"""How fast a search whose answer is no longer wanted stops (the page's shared stop flag).

    python tests/bench/bench_stop.py [--runs 5]
    python tests/bench/bench_stop.py --cpython [--runs 5]

Drives headless Debian Chromium against ``serve.py`` (which makes the page cross-origin
isolated): the computer plays Black as the Expert at 30 s a move; after each of White's moves,
1.5 s into the computer's search, an undo makes that search unwanted. It prints the time from
the undo to the worker's answer arriving in the page (``data-ai-pending`` cleared), median and
each run; target: within 100 ms. It also says whether the worker was ever replaced (it must
not be: stopping in place is the point).

``--cpython``: the same stops under CPython, no browser (the figures the tests do not assert:
tests/test_search.py and tests/test_parallel.py check what stops them, not how soon). It
prints the time from a stop check turning true to the midgame search's return (the worker's
stop flag: :func:`reversi.engine.solver.set_stop_check`), and how long past a 0.5 s limit
the exact solve of FFO #40 ends, on one process and on two
(:func:`reversi.engine.parallel.solve_parallel`: the master cancels its workers' jobs).
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(TESTS))
sys.path.insert(0, str(TESTS.parent))

from browser_support import block_foreign_requests, launch_chromium, serve_repo  # noqa: E402

WATCH_JS = """() => {
    window.__stopped = null;
    const board = document.querySelector('#board');
    new MutationObserver(() => {
        if (board.dataset.aiPending !== '1' && window.__stopped === null) window.__stopped = performance.now();
    }).observe(board, {attributes: true});
    window.__undone = performance.now();
}"""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--cpython", action="store_true", help="the stops under CPython (no browser)")
    args = parser.parse_args(argv)
    if args.cpython:
        return cpython(args.runs)
    from playwright.sync_api import sync_playwright

    latencies = []
    with serve_repo() as url, sync_playwright() as p:
        browser = launch_chromium(p)
        context = browser.new_context(service_workers="block")
        block_foreign_requests(context, url)
        page = context.new_page()
        page.goto(url + "?m=f5d6c3&pl=c7ht30")
        page.wait_for_function("document.documentElement.classList.contains('engine-ready')", timeout=120_000)
        isolated = page.evaluate("crossOriginIsolated")
        for _ in range(args.runs):
            legal = page.eval_on_selector_all('[data-legal="true"]', "els => els.map(e => e.dataset.square)")
            page.click(f'[data-square="{legal[0]}"]')
            page.wait_for_function("document.querySelector('#board').dataset.aiPending === '1'")
            page.wait_for_timeout(1500)
            page.evaluate(WATCH_JS)
            page.click("#btn-undo")
            page.wait_for_function("window.__stopped !== null", timeout=60_000)
            latencies.append(float(page.evaluate("window.__stopped - window.__undone")))
        restarts = page.get_attribute("#board", "data-engine-restarts") or "0"
        browser.close()
    runs = " ".join(f"{v:.0f}" for v in latencies)
    print(f"cross-origin isolated: {isolated}; worker replaced: {restarts} times")
    print(f"stop latency: median {statistics.median(latencies):.0f} ms over {len(latencies)} [{runs}] (target 100 ms)")
    return 0


def cpython(runs: int) -> int:
    import threading
    import time

    from reversi import Position, Rules
    from reversi.engine.parallel import solve_parallel
    from reversi.engine.protocol import Limits
    from reversi.engine.search import search, solve
    from reversi.engine.solver import clear_solvers, set_stop_check
    from reversi.errors import SolveTimeout
    from reversi.formats.notation import parse_position, play_transcript
    from tests.bench.positions import FFO

    pos = play_transcript(Position.start(Rules()), "f5d6c3d3c4").position
    search(pos, Limits(depth=1))  # the evaluator loaded: not a stop's cost
    latencies = []
    for _ in range(runs):
        asked: list[float] = []
        timer = threading.Timer(1.0, lambda asked=asked: asked.append(time.perf_counter()))
        set_stop_check(lambda asked=asked: bool(asked))
        try:
            timer.start()
            search(pos, Limits(seconds=30.0))
            latencies.append((time.perf_counter() - asked[0]) * 1000)
        finally:
            set_stop_check(None)
            timer.cancel()
    each = " ".join(f"{v:.1f}" for v in latencies)
    print(f"search, stop check to return: median {statistics.median(latencies):.1f} ms over {runs} [{each}]")
    ffo = parse_position(FFO[40][0])
    limit = 0.5
    for processes in (1, 2):
        label = "1 process" if processes == 1 else f"{processes} processes (their start and end included)"
        late = []
        for _ in range(runs):
            clear_solvers()
            started = time.perf_counter()
            try:
                if processes == 1:
                    solve(ffo, Limits(seconds=limit))
                else:
                    solve_parallel(ffo, processes, limits=Limits(seconds=limit))
            except SolveTimeout:
                late.append((time.perf_counter() - started - limit) * 1000)
            else:
                print(f"FFO #40 solved within {limit} s on {label}: nothing to measure")
                break
        if late:
            each = " ".join(f"{v:.0f}" for v in late)
            print(f"FFO #40 at a {limit} s limit, {label}: ends {statistics.median(late):.0f} ms past it "
                  f"(median over {len(late)} [{each}])")
    return 0


if __name__ == "__main__":
    sys.exit(main())
