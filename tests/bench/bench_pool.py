"""The engine's helper workers in the browser: a review on 1 worker and on 2, and a helper's memory.

    python tests/bench/bench_pool.py [--runs 3] [--workers 1,2] [--root TREE]
    python tests/bench/bench_pool.py --solve 20 [--count 3] [--runs 2]      # the exact solver instead

Drives Debian's Chromium (Playwright, a profile of its own) against ``serve.py``, after the
browser has made its memory snapshots (as every visit after the first has: a helper starts from
the engine's). Each run takes the worker counts in turn (the order alternating run by run, so
that a machine getting busier weighs on both) and prints:

* ``review``: seconds from the computer being ready until the evaluation graph of a whole 8x8
  game (60 moves, a link: 61 positions, a slice each) has every point, the review's marks on;
  with 2 workers the helper's start is in it (it starts when the game needs it);
* ``main thread busy``: how long the page's own thread worked meanwhile (drawing each answer);
* ``warm``: the same for another 60-move game loaded into the same page once the helper is up
  (Game menu, Load): the review alone;
* ``boot``: seconds from the helper asked for until it answered (its interpreter restored from
  the snapshot, the engine's archive unpacked, its warm-up), and how its interpreter started;
* memory: each helper's WebAssembly memory after its warm-up and after the review (the worker's
  ``memory``), and ``performance.measureUserAgentSpecificMemory()`` of the page with 1 and
  with 2 workers running (the page is cross-origin isolated; Chromium may take some seconds).

With ``--solve E``: the exact solve (a value and a best move) of the first ``--count`` bench
positions with E empties (``tests/bench/positions.py``), through the worker's ``solve``: with 1
worker the engine's own worker alone; with N, the solve shared by N helpers (kept up with
``reversiPool.reserve``), the engine's own worker their master (:mod:`reversi.engine.shared_carrier`).
The values must agree.

Medians over the runs, and the ratios 1 worker / 2 workers (the issue's targets: at least 1.8 for a
review, 1.6 for the exact solve at 20 empties); with ``--solve``, also each run's own ratio (its
two counts measured a minute apart), their median and range. The machine's load average is printed
with each run: other jobs on its cores make that run slower, two helpers most (they have no core to
spare on two cores, where one worker has).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path

TESTS = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(TESTS))
sys.path.insert(0, str(TESTS.parent))

from browser_support import chromium_with_profile, clear_storage, make_shared_snapshots, serve_repo  # noqa: E402

MEMORY_JS = """async () => {
  if (!self.crossOriginIsolated || !performance.measureUserAgentSpecificMemory) return null;
  const result = await Promise.race([performance.measureUserAgentSpecificMemory(),
                                     new Promise(r => setTimeout(() => r(null), 60000))]);
  if (!result) return null;
  const workers = result.breakdown.filter(b => b.attribution.some(a => a.scope === 'DedicatedWorkerGlobalScope'))
    .map(b => [b.attribution.map(a => a.url.split('/').pop()).join(','), b.bytes]);
  return {bytes: result.bytes, workers};
}"""


def game(seed: int) -> str:
    """A whole 8x8 game of 60 moves (random moves from ``seed``): its transcript."""
    from reversi import Rules
    from reversi.core.game import Game
    from reversi.formats.notation import write_transcript

    rng = random.Random(seed)
    while True:
        g = Game(Rules())
        while not g.position.is_over:
            g.play(rng.choice(g.position.legal_moves()))
        if len([m for m in g.line if m >= 0]) == 60:
            return write_transcript(g.line, g.rules.geometry)


def pool(page) -> dict:
    return json.loads(page.evaluate("window.reversiPool.state()"))


def graph_done(page, timeout_ms: float = 600_000) -> None:
    page.wait_for_function("document.querySelectorAll('#eval-graph [data-ply]').length === 61", timeout=timeout_ms)


def main_thread_seconds(cdp) -> float:
    """How long the page's main thread has been busy (DevTools' TaskDuration)."""
    metrics = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
    return float(metrics.get("TaskDuration", 0.0))


def choose(page, url: str, workers: int) -> None:
    """The settings' choice of workers, kept with the settings (the next page reads it), in a
    browser that keeps only its memory snapshots: no game saved (the snapshots' first page left a
    game of two players, with which a link of no moves would need no engine)."""
    clear_storage(page.context, url, "local_storage")
    page.goto(url)
    page.wait_for_function("document.documentElement.classList.contains('ready')", timeout=120_000)
    page.click("#settings summary")
    page.select_option('#settings select[name="workers"]', str(workers))
    page.wait_for_function(f"JSON.parse(localStorage.getItem('reversi.state')).settings.workers === {workers}")


def one_run(context, url: str, workers: int, seed: int) -> dict:
    page = context.new_page()
    page.set_viewport_size({"width": 1280, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    choose(page, url, workers)
    page.goto(url + "?m=" + game(seed))
    page.wait_for_function("document.documentElement.classList.contains('engine-ready')", timeout=120_000)
    cdp = context.new_cdp_session(page)
    cdp.send("Performance.enable")
    busy = main_thread_seconds(cdp)
    started = time.perf_counter()
    page.click('[data-study="review"]')
    graph_done(page)
    out: dict = {"review": time.perf_counter() - started, "main": main_thread_seconds(cdp) - busy}
    state = pool(page)
    out["boot"] = list(state["boot_seconds"].values())
    out["snapshot"] = list(state["snapshot"].values())
    out["helper_replies"] = state["helper_replies"]
    out["memory_after"] = list(state["memory"].values())
    if workers > 1:
        out["memory_js"] = page.evaluate(MEMORY_JS)
        from browser_support import load_box

        page.wait_for_function("JSON.parse(window.reversiPool.state()).asking.length === 0")
        load_box(page, game(seed + 1000))
        started = time.perf_counter()
        graph_done(page)
        out["warm"] = time.perf_counter() - started
        memory = json.loads(page.evaluate("window.reversiEngine('memory', '{}')"))
        out["engine_memory"] = memory.get("bytes", 0)
    else:
        out["memory_js"] = page.evaluate(MEMORY_JS)
        out["warm"] = None
    out["errors"] = errors
    page.close()
    return out


def solve_run(context, url: str, workers: int, positions: list[str]) -> dict:
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    choose(page, url, workers)
    page.goto(url + "?m=")  # a game with nothing to study: the helpers are the solve's
    page.wait_for_function("document.documentElement.classList.contains('engine-ready')", timeout=120_000)
    if workers > 1:
        page.evaluate("window.reversiPool.reserve(3600)")
        page.wait_for_function(f"JSON.parse(window.reversiPool.state()).attached.length >= {workers}",
                               timeout=120_000)
    out: dict = {"seconds": [], "scores": [], "workers": [], "nodes": [], "errors": errors}
    for text in positions:
        started = time.perf_counter()
        reply = json.loads(page.evaluate("p => window.reversiEngine('solve', JSON.stringify({start: p}))", text))
        out["seconds"].append(time.perf_counter() - started)
        out["scores"].append(reply.get("score", reply.get("error")))
        out["workers"].append(reply.get("workers"))
        out["nodes"].append(reply.get("nodes", 0))
    page.close()
    return out


def solve_main(args, counts: list[int]) -> int:
    from playwright.sync_api import sync_playwright

    from bench.positions import ENDGAME

    positions = ENDGAME[args.solve][: args.count]
    results: dict[int, list[dict]] = {n: [] for n in counts}
    with (serve_repo(root=args.root) as url, sync_playwright() as p,
          chromium_with_profile(p, snapshots=True, bench=True) as browser):
        make_shared_snapshots(browser, url)
        context = browser.contexts[0]
        for run in range(args.runs):
            order = counts if run % 2 == 0 else list(reversed(counts))
            for n in order:
                r = solve_run(context, url, n, positions)
                results[n].append(r)
                print(f"run {run + 1}, {n} worker(s): {' '.join(f'{t:.2f}' for t in r['seconds'])} s "
                      f"(total {sum(r['seconds']):.2f} s; scores {r['scores']}; workers {r['workers']}; "
                      f"nodes {sum(r['nodes']):,}); "
                      f"load {os.getloadavg()[0]:.1f}", flush=True)
                if r["errors"]:
                    print("  page errors:", r["errors"])
    scores = {tuple(r["scores"]) for rows in results.values() for r in rows}
    print(f"\n{len(positions)} positions of {args.solve} empties; the same values on every count: {len(scores) == 1}")
    base = statistics.median(sum(r["seconds"]) for r in results[counts[0]])
    for n in counts:
        total = statistics.median(sum(r["seconds"]) for r in results[n])
        each = [statistics.median(r["seconds"][k] for r in results[n]) for k in range(len(positions))]
        line = f"{n} worker(s): total median {total:.2f} s; each {' '.join(f'{t:.2f}' for t in each)}"
        if n != counts[0]:
            line += f"; {counts[0]}/{n}: {base / total:.2f}"
            # each run's own ratio (its counts a minute apart): the steadier figure on a shared machine
            pairs = zip(results[counts[0]], results[n], strict=True)
            ratios = sorted(sum(a["seconds"]) / sum(b["seconds"]) for a, b in pairs)
            line += (f"; run by run {statistics.median(ratios):.2f} (median of {len(ratios)}, "
                     f"{ratios[0]:.2f} to {ratios[-1]:.2f})")
        print(line)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--workers", default="1,2", help="the worker counts to compare, in turn")
    parser.add_argument("--root", type=Path, default=None,
                        help="serve this tree instead (a copy: a tree being edited makes new archives, "
                             "and the browser's snapshot no longer fits them)")
    parser.add_argument("--solve", type=int, default=0, metavar="EMPTIES",
                        help="time the exact solve of the bench positions with this many empties instead")
    parser.add_argument("--count", type=int, default=3, help="positions for --solve")
    args = parser.parse_args(argv)
    counts = [int(n) for n in args.workers.split(",")]
    if args.solve:
        return solve_main(args, counts)
    from playwright.sync_api import sync_playwright

    results: dict[int, list[dict]] = {n: [] for n in counts}
    with (serve_repo(root=args.root) as url, sync_playwright() as p,
          chromium_with_profile(p, snapshots=True, bench=True) as browser):
        make_shared_snapshots(browser, url)
        context = browser.contexts[0]
        cores = None
        for run in range(args.runs):
            order = counts if run % 2 == 0 else list(reversed(counts))
            for n in order:
                r = one_run(context, url, n, seed=2026 + run)
                results[n].append(r)
                load = os.getloadavg()[0]
                warm = f", warm {r['warm']:.1f} s" if r["warm"] else ""
                print(f"run {run + 1}, {n} worker(s): review {r['review']:.1f} s{warm} (main thread busy "
                      f"{r['main']:.1f} s); helper boot "
                      f"{' '.join(f'{b:.2f} s' for b in r['boot']) or '-'} ({' '.join(r['snapshot']) or '-'}); "
                      f"helper replies {r['helper_replies']}; load {load:.1f}", flush=True)
                if r["errors"]:
                    print("  page errors:", r["errors"])
            if cores is None:
                page = context.new_page()
                page.goto(url)
                cores = page.evaluate("navigator.hardwareConcurrency")
                page.close()
    print(f"\nnavigator.hardwareConcurrency: {cores}; runs: {args.runs}")
    base = statistics.median(r["review"] for r in results[counts[0]])
    for n in counts:
        rows = results[n]
        review = statistics.median(r["review"] for r in rows)
        reviews = " ".join(f"{r['review']:.1f}" for r in rows)
        line = f"{n} worker(s): review median {review:.1f} s [{reviews}]"
        warm = [r["warm"] for r in rows if r["warm"]]
        if warm:
            line += f"; warm median {statistics.median(warm):.1f} s [{' '.join(f'{w:.1f}' for w in warm)}]"
        if n != counts[0]:
            line += f"; {counts[0]}/{n}: {base / review:.2f}"
            if warm:
                line += f" (warm {base / statistics.median(warm):.2f})"
        print(line)
        boots = [b for r in rows for b in r["boot"]]
        if boots:
            print(f"  helper boot: median {statistics.median(boots):.2f} s [{' '.join(f'{b:.2f}' for b in boots)}]")
        heaps = [m for r in rows for m in r["memory_after"]]
        if heaps:
            print(f"  a helper's WebAssembly memory after the review: {' '.join(f'{m / 1e6:.1f}' for m in heaps)} MB")
        engine = [r["engine_memory"] for r in rows if r.get("engine_memory")]
        if engine:
            print(f"  the engine's own worker's WebAssembly memory: {' '.join(f'{m / 1e6:.1f}' for m in engine)} MB")
        measured = [r["memory_js"] for r in rows if r["memory_js"]]
        for m in measured:
            workers = "; ".join(f"{name or '?'} {b / 1e6:.1f} MB" for name, b in m["workers"])
            print(f"  measureUserAgentSpecificMemory: page {m['bytes'] / 1e6:.1f} MB; workers: {workers}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
