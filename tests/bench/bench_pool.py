"""The engine's helper workers in the browser: a review on 1 worker and on 2, and a helper's memory.

    python tests/bench/bench_pool.py [--runs 3] [--workers 1,2]

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

Medians over the runs, and the ratios 1 worker / 2 workers (the issue's target for a review:
at least 1.8). The machine's load average is printed with each run: other jobs on its cores
make the figures of that run slower for every count alike.
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

from browser_support import chromium_with_profile, make_shared_snapshots, serve_repo  # noqa: E402

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
    """The settings' choice of workers, kept with the settings (the next page reads it)."""
    page.goto(url)
    page.wait_for_function("document.documentElement.classList.contains('engine-ready')", timeout=120_000)
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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--workers", default="1,2", help="the worker counts to compare, in turn")
    parser.add_argument("--root", type=Path, default=None,
                        help="serve this tree instead (a copy: a tree being edited makes new archives, "
                             "and the browser's snapshot no longer fits them)")
    args = parser.parse_args(argv)
    counts = [int(n) for n in args.workers.split(",")]
    from playwright.sync_api import sync_playwright

    results: dict[int, list[dict]] = {n: [] for n in counts}
    with serve_repo(root=args.root) as url, sync_playwright() as p, chromium_with_profile(p, snapshots=True) as browser:
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
