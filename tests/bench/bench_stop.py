"""How fast a search whose answer is no longer wanted stops (the page's shared stop flag).

    python tests/bench/bench_stop.py [--runs 5]

Drives headless Debian Chromium against ``serve.py`` (which makes the page cross-origin
isolated): the computer plays Black as the Expert at 30 s a move; after each of White's moves,
1.5 s into the computer's search, an undo makes that search unwanted. It prints the time from
the undo to the worker's answer arriving in the page (``data-ai-pending`` cleared), median and
each run; target: within 100 ms. It also says whether the worker was ever replaced (it must
not be: stopping in place is the point).
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
    args = parser.parse_args(argv)
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


if __name__ == "__main__":
    sys.exit(main())
