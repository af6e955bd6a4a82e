"""How fast the page loads: time to the painted board and time until it takes moves.

    python tests/bench/bench_load.py [--runs 5] [--url http://127.0.0.1:8000/]

Drives headless Debian Chromium (Playwright) against ``serve.py`` (started on a
free port unless ``--url`` is given) with every foreign request blocked, and
prints, for a cold load (a new browser context: empty cache) and a warm one (the
same context, reloaded), the median over ``--runs`` of:

* ``paint``: the first contentful paint, which is the static start board of
  ``index.html`` (it is there before any script runs);
* ``ready``: the performance mark ``reversi-ready`` that the page sets when the
  board accepts moves (``<html class="ready">``);
* ``engine``: the mark ``reversi-engine-ready``: the AI worker, started only once
  the board takes moves, has loaded and warmed up (no target; for the record).

Both are milliseconds from the start of the navigation. Targets on the
development machine: paint within 1 s; ready within 5 s cold, 2.5 s warm.
It also checks that the main thread never fetched numpy (or any wheel).
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(TESTS))

from browser_support import block_foreign_requests, launch_chromium, serve_repo  # noqa: E402

TARGETS = {"paint": 1000.0, "ready_cold": 5000.0, "ready_warm": 2500.0}

MEASURE_JS = """() => ({
  paint: (performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime ?? null,
  ready: (performance.getEntriesByName('reversi-ready')[0] || {}).startTime ?? null,
  engine: (performance.getEntriesByName('reversi-engine-ready')[0] || {}).startTime ?? null,
})"""


def wait_ready(page, timeout_ms: float = 60_000) -> None:
    page.wait_for_function("document.documentElement.classList.contains('ready')", timeout=timeout_ms)


def measure(page) -> dict:
    wait_ready(page)
    # first-contentful-paint is reported asynchronously; give it a moment
    page.wait_for_function(
        "performance.getEntriesByName('first-contentful-paint').length > 0", timeout=10_000
    )
    # the AI worker starts once the board takes moves; its warm-up ends with engine-ready
    page.wait_for_function("document.documentElement.classList.contains('engine-ready')", timeout=120_000)
    return page.evaluate(MEASURE_JS)


def run(url: str, runs: int) -> dict[str, list[float]]:
    from playwright.sync_api import sync_playwright

    results: dict[str, list[float]] = {
        "paint_cold": [], "ready_cold": [], "engine_cold": [], "paint_warm": [], "ready_warm": [], "engine_warm": []
    }
    wheels: list[str] = []
    with sync_playwright() as p:
        browser = launch_chromium(p)
        try:
            for _ in range(runs):
                context = browser.new_context(viewport={"width": 1280, "height": 800})
                foreign = block_foreign_requests(context, url)
                page = context.new_page()
                page.on("request", lambda r: wheels.append(r.url) if r.url.endswith(".whl") else None)
                page.goto(url)
                cold = measure(page)
                page.reload()
                warm = measure(page)
                context.close()
                if foreign:
                    raise SystemExit(f"requests to other origins: {foreign}")
                results["paint_cold"].append(cold["paint"])
                results["ready_cold"].append(cold["ready"])
                results["paint_warm"].append(warm["paint"])
                results["ready_warm"].append(warm["ready"])
                results["engine_cold"].append(cold["engine"])
                results["engine_warm"].append(warm["engine"])
        finally:
            browser.close()
    if wheels:
        raise SystemExit(f"the main thread fetched wheels (numpy must stay off): {sorted(set(wheels))}")
    return results


def report(results: dict[str, list[float]]) -> bool:
    ok = True
    print(f"{'':12}{'median':>9}  {'runs (ms)'}")
    for key, values in results.items():
        med = statistics.median(values)
        target = TARGETS.get(key, TARGETS["paint"] if key.startswith("paint") else None)
        verdict = ""
        if target is not None:
            verdict = "ok" if med <= target else f"OVER the {target:.0f} ms target"
            ok = ok and med <= target
        runs = " ".join(f"{v:.0f}" for v in values)
        print(f"{key:12}{med:9.0f}  [{runs}]  {verdict}")
    return ok


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--url", help="an already running server (default: start serve.py)")
    args = parser.parse_args(argv)
    if args.url:
        results = run(args.url, args.runs)
    else:
        with serve_repo() as url:
            results = run(url, args.runs)
    return 0 if report(results) else 1


if __name__ == "__main__":
    sys.exit(main())
