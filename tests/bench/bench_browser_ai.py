"""The AI in the browser: node rate in the worker against CPython, the expert level's
time per move, and the main thread's longest task while the worker searches.

    python -m tests.bench.bench_browser_ai [SECONDS_PER_POSITION] [LEVEL]

Boots the page (serve.py, Debian Chromium, foreign requests blocked) and waits for
``engine-ready``. Then, in one run:

1. node rate: ``tests/bench/bench_search.run`` on its positions (``MIDGAME``) under
   CPython, and the same loop in the worker (``bench`` of ``reversi/engine/worker.py``),
   the same seconds per position; prints both and the ratio;
2. the expert level (default 7) in the worker, through ``best_move`` as the page
   calls it, on the same midgame positions: wall seconds per move seen from the
   page, the engine's own seconds, and the depth reached (target: within 2 s); then the
   same level under CPython on the same positions, and the ratio of the mean depths;
3. a ``PerformanceObserver`` for ``longtask`` runs on the page only during step 2:
   the longest main-thread task while the worker searched.

Needs the runtime installed (``python assets/fetch_runtime.py``).

    python -m tests.bench.bench_browser_ai --against DIR [--against DIR2 ...] [--runs 5] [SECONDS]

measures only the node rate (step 1, in the worker), of this checkout and of each other one
named (another runtime, say: each served by its own ``serve.py``, its page booted in the same
browser), the checkouts taking turns run by run, and prints each one's median nodes per second,
its Python, and the ratio to the first ``--against`` (old).

    python -m tests.bench.bench_browser_ai --endgame 14,16,18 [--against DIR ...] [--limit 60]

times exact solves instead: Expert asked to solve each endgame position of those empties
(``tests/bench/positions.py`` ``ENDGAME``) exactly, under CPython and in the worker of each
checkout, one position after the other: the wall seconds each, and the worker's total against
CPython's.
"""

from __future__ import annotations

import json
import statistics
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(ROOT / "assets")]

from tests.bench.bench_search import run as cpython_bench  # noqa: E402
from tests.bench.positions import MIDGAME  # noqa: E402

OBSERVE_JS = """() => {
    window.__longTasks = [];
    window.__observer = new PerformanceObserver(list => {
        for (const e of list.getEntries()) window.__longTasks.push(e.duration);
    });
    window.__observer.observe({type: 'longtask'});
}"""

TIMED_CALL_JS = """async ([name, request]) => {
    const t0 = performance.now();
    const reply = await window.reversiEngine(name, request);
    return [performance.now() - t0, reply];
}"""


def call(page, name: str, request: dict) -> tuple[float, dict]:
    ms, reply = page.evaluate(TIMED_CALL_JS, [name, json.dumps(request)])
    return ms / 1000.0, json.loads(reply)


def engine_page(browser, url: str) -> tuple[Any, list[str], dict]:
    """The app at ``url`` in a new context (requests elsewhere blocked and recorded), once its engine
    is ready, and what the engine's ping says."""
    from browser_support import block_foreign_requests

    context = browser.new_context()
    foreign = block_foreign_requests(context, url)
    page = context.new_page()
    page.goto(url)
    page.wait_for_function("document.documentElement.classList.contains('engine-ready')", timeout=180_000)
    _, info = call(page, "ping", {})
    return page, foreign, info


def checkout_pages(stack, roots: list[Path | None]) -> list[tuple[str, Any, str, list[str]]]:
    """One browser (closed with ``stack``) and, for each checkout (None: this one), served by its own
    ``serve.py``, its app's page once the engine is ready: ``(label, page, Python, foreign requests)``."""
    from browser_support import launch_chromium, serve_repo
    from playwright.sync_api import sync_playwright

    playwright = stack.enter_context(sync_playwright())
    browser = launch_chromium(playwright)
    stack.callback(browser.close)
    pages = []
    for root in roots:
        page, foreign, info = engine_page(browser, stack.enter_context(serve_repo(root=root)))
        pages.append((str(root or "this checkout"), page, info["python"], foreign))
    return pages


def compare_node_rates(roots: list[Path | None], seconds: float, runs: int) -> None:
    """The worker's node rate on each checkout (None: this one), ``runs`` rounds, the order rotating."""
    import contextlib

    with contextlib.ExitStack() as stack:
        pages = checkout_pages(stack, roots)
        rates: dict[str, list[int]] = {label: [] for label, *_ in pages}
        for turn in range(runs):
            for label, page, _python, _foreign in pages[turn % len(pages):] + pages[: turn % len(pages)]:
                _, reply = call(page, "bench", {"positions": MIDGAME, "seconds": seconds})
                if "error" in reply:
                    raise SystemExit(f"worker bench failed on {label}: {reply['error']}")
                rates[label].append(int(reply["nps"]))
    first = statistics.median(rates[pages[0][0]])
    print(f"node rate in the worker, {len(MIDGAME)} midgame positions x {seconds} s, {runs} runs:")
    for number, (label, _page, python, foreign) in enumerate(pages):
        median = statistics.median(rates[label])
        print(f"[{number}] {label}: Python {python}, median {median:.0f} nodes/s, [{number}]/[0] {median / first:.2f}"
              f"  runs {rates[label]}{'  FOREIGN REQUESTS ' + str(foreign) if foreign else ''}")


def compare_exact_solves(roots: list[Path | None], empties: list[int], limit: float) -> None:
    """The worker's time to solve the endgame positions of ``empties`` exactly (Expert, asked to
    solve from that many empties, ``limit`` seconds at most), on each checkout (None: this one),
    and CPython's (this checkout) on the same positions."""
    import contextlib
    import time

    from reversi.engine.play import choose_move
    from reversi.engine.protocol import Limits
    from reversi.engine.solver import clear_solvers
    from reversi.formats.notation import parse_position
    from tests.bench.positions import ENDGAME

    cases = [(e, text) for e in empties for text in ENDGAME[e]]
    with contextlib.ExitStack() as stack:
        pages = checkout_pages(stack, roots)
        print(f"exact solves in the worker (Expert, exact from the position's empties, {limit:g} s at most):")
        print(f"{'empties':>7}  {'CPython s':>9}  " + "  ".join(f"[{i}] s".rjust(10) for i in range(len(pages))))
        totals = [0.0] * (len(pages) + 1)
        for e, text in cases:
            clear_solvers()
            t0 = time.perf_counter()
            _, native = choose_move(parse_position(text), 7, Limits(seconds=limit, exact_empties=e), use_book=False)
            row = [time.perf_counter() - t0]
            assert native["exact"], text
            for label, page, _python, _foreign in pages:
                request = {"start": text, "level": 7, "time_limit": limit, "exact_empties": e}
                wall, reply = call(page, "best_move", request)
                if "error" in reply or not reply["exact"]:
                    raise SystemExit(f"no exact solve on {label} of {text}: {reply}")
                row.append(wall)
            totals = [a + b for a, b in zip(totals, row, strict=True)]
            print(f"{e:7d}  " + "  ".join(f"{t:9.2f}" for t in row[:1]) + "  "
                  + "  ".join(f"{t:10.2f}" for t in row[1:]))
        print(f"{'total':>7}  {totals[0]:9.2f}  " + "  ".join(f"{t:10.2f}" for t in totals[1:]))
        for number, (label, _page, python, foreign) in enumerate(pages):
            print(f"[{number}] {label}: Python {python}, worker/CPython {totals[number + 1] / totals[0]:.2f}"
                  f"{'  FOREIGN REQUESTS ' + str(foreign) if foreign else ''}")


def main() -> None:
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("seconds", nargs="?", type=float, default=2.0)
    parser.add_argument("level", nargs="?", type=int, default=7)
    parser.add_argument("--against", metavar="DIR", action="append",
                        help="another checkout (old; again: more): compare the node rates only")
    parser.add_argument("--runs", type=int, default=5, help="with --against: rounds")
    parser.add_argument("--endgame", metavar="EMPTIES",
                        help="time exact solves of the endgame positions of these empties (16,18) instead, "
                             "on this checkout and each --against")
    parser.add_argument("--limit", type=float, default=60.0, help="with --endgame: seconds per position")
    args = parser.parse_args()
    if args.endgame:
        others: list[Path | None] = [Path(d) for d in args.against or []]
        compare_exact_solves([*others, None], [int(e) for e in args.endgame.split(",")], args.limit)
        return
    if args.against:
        roots: list[Path | None] = [Path(d) for d in args.against]
        compare_node_rates([*roots, None], args.seconds, args.runs)
        return
    seconds, level = args.seconds, args.level
    from browser_support import launch_chromium, serve_repo
    from playwright.sync_api import sync_playwright

    with serve_repo() as url, sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        page, foreign, info = engine_page(browser, url)
        print(f"worker: Python {info['python']} ({info['platform']}), evaluator {info['evaluator']}, "
              f"data {info['data_files']}")

        # 1. node rate, CPython and the worker, same positions and seconds
        cp = cpython_bench(MIDGAME, seconds)
        _, wk = call(page, "bench", {"positions": MIDGAME, "seconds": seconds})
        if "error" in wk:
            raise SystemExit(f"worker bench failed: {wk['error']}")
        print(f"\nnode rate, {len(MIDGAME)} midgame positions x {seconds} s (tests/bench/bench_search.py):")
        print(f"{'position':66} {'CPython':>16} {'worker':>16}")
        for a, b in zip(cp["positions"], wk["positions"], strict=False):
            nps_b = round(b["nodes"] / b["seconds"]) if b["seconds"] else 0
            print(f"{a['position']:66} {a['nps']:8d} n/s d{a['depth']:<2d} {nps_b:8d} n/s d{b['depth']:<2d}")
        ratio = cp["nps"] / wk["nps"] if wk["nps"] else float("inf")
        print(f"total: CPython {cp['nps']} nodes/s, worker {wk['nps']} nodes/s: CPython/worker = {ratio:.2f}")

        # 2. + 3. the expert level as the page asks for it, long tasks observed meanwhile
        page.evaluate(OBSERVE_JS)
        rows = []
        for text in MIDGAME:
            wall, reply = call(page, "best_move", {"rules": {}, "start": text, "moves": "", "level": level})
            if "error" in reply:
                raise SystemExit(f"best_move failed: {reply['error']}")
            rows.append((wall, reply))
        page.wait_for_timeout(200)
        long_tasks = page.evaluate("window.__longTasks")
        page.evaluate("window.__observer.disconnect()")
        print(f"\nlevel {level} in the worker (wall seconds seen from the page; target within 2 s):")
        for text, (wall, reply) in zip(MIDGAME, rows, strict=False):
            print(f"{text:66} {wall:6.2f} s  engine {reply['seconds']:5.2f} s  depth {reply['depth']:2d}"
                  f"{' exact' if reply['exact'] else ''}  {reply['nodes']:7d} nodes  {reply['move']}")
        walls = [w for w, _ in rows]
        depths = [r["depth"] for _, r in rows]
        print(f"mean {statistics.mean(walls):.2f} s, max {max(walls):.2f} s per move; "
              f"depth {min(depths)}-{max(depths)} (mean {statistics.mean(depths):.1f})")
        # the same level under CPython, same positions (the parity the worker aims at)
        from reversi.engine.play import choose_move
        from reversi.formats.notation import parse_position

        native = [choose_move(parse_position(text), level)[1]["depth"] for text in MIDGAME]
        share = statistics.mean(depths) / statistics.mean(native)
        print(f"level {level} under CPython, same positions: depth {min(native)}-{max(native)} "
              f"(mean {statistics.mean(native):.2f}); worker/CPython depth {share:.2f}")
        longest = max(long_tasks, default=0.0)
        print(f"main thread during the searches: {len(long_tasks)} long tasks (> 50 ms), longest {longest:.0f} ms")
        print(f"foreign requests: {len(foreign)}")
        page.context.close()
        browser.close()


if __name__ == "__main__":
    main()
