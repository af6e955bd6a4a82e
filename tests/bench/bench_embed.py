"""What an embed costs a reader: time to the first board, to interactive, and browser memory.

    python tests/bench/bench_embed.py [--runs 3]

Serves the site with ``serve.py`` and Debian's Chromium (a profile on disk, so the second
load of a run finds the runtime in the HTTP cache, as a reader's second embed does), and
prints, as medians over ``--runs``:

* for one viewer (``?view=embed``; cold: the browser's first, with an empty cache; from its
  snapshot: after a viewer of the site has made its memory snapshot, ``assets/interpreter.js``)
  and one puzzle (``?view=puzzle``) on their own: the
  first contentful paint (the static board), ``ready`` (the mark ``reversi-ready``: it
  takes clicks and keys) and the memory the browser grew by (the resident memory of all
  its processes, after minus before: the page, its renderer and the runtime);
* a teacher's page with ten live viewers (iframes) against the same page with ten lite
  diagrams (static SVG in links, ``reversi.ui.embed.snippets``): the time until all ten show
  their board (for the iframes: until all ten are ready) and the memory grown;
* the same page with ten live boards on one script (``assets/embed.js``: nine viewers and a
  puzzle, one interpreter): the time until all ten are live, from the cache and (a new
  browser) cold, and the memory above an empty page (a board is made live when it comes near
  the screen: the page is scrolled down meanwhile, 600 pixels every 50 ms);
* an empty page, for what any new page costs the browser (a renderer process), and from
  it each viewer's own memory: one alone (viewer minus empty page) and one among ten
  ((ten live minus ten lite) / 10).

The host pages are served from another port (another origin), as a teacher's site is.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

TESTS = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(TESTS))
sys.path.insert(0, str(TESTS.parent))

from browser_support import chromium_with_profile, serve_repo  # noqa: E402
from support import static_host  # noqa: E402

GAME = "m=f5d6c3d3c4f4f6f3e6e7d7"
MEASURE_JS = """() => ({
  paint: (performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime ?? null,
  ready: (performance.getEntriesByName('reversi-ready')[0] || {}).startTime ?? null,
})"""


def browser_rss_mb() -> float:
    """Resident memory of every Chromium process of this machine (MB)."""
    total = 0
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                if b"chromium" not in f.read().split(b"\0")[0]:
                    continue
            with open(f"/proc/{pid}/status", encoding="ascii", errors="replace") as f:
                for line in f:
                    if line.startswith("VmRSS:"):
                        total += int(line.split()[1])
        except OSError:
            continue
    return total / 1024


def settle() -> None:
    time.sleep(1.0)


def one_embed(browser, url: str, snapshot: str = "") -> dict[str, float]:
    """One embed's figures; ``snapshot="make"``: then wait until it has made its memory snapshot,
    ``"use"``: it must have started from one."""
    context = browser.contexts[0]
    settle()
    before = browser_rss_mb()
    page = context.new_page()
    page.goto(url)
    page.wait_for_function("document.documentElement.classList.contains('ready')", timeout=120_000)
    figures = page.evaluate(MEASURE_JS)
    settle()
    figures["memory"] = browser_rss_mb() - before
    state = page.evaluate("document.documentElement.dataset.snapshot")
    if snapshot == "make":
        page.wait_for_function("document.documentElement.dataset.snapshot === 'made'", timeout=180_000)
    elif snapshot == "use" and state != "used":
        raise SystemExit(f"the viewer did not start from its snapshot: {state}")
    page.close()
    return figures


def host_page(browser, url: str, frames: int, boards: int = 0) -> dict[str, float]:
    context = browser.contexts[0]
    settle()
    before = browser_rss_mb()
    page = context.new_page()
    start = time.perf_counter()
    page.goto(url)
    if frames:
        page.wait_for_function(f"document.querySelectorAll('iframe').length === {frames}")
        for frame in page.main_frame.child_frames:
            frame.wait_for_function("document.documentElement.classList.contains('ready')", timeout=300_000)
    elif boards:
        # a board is made live when it comes near the screen: the reader scrolls down the page meanwhile
        deadline = time.monotonic() + 300
        while not page.evaluate(f"() => !!window.reversiBoards && window.reversiBoards.live === {boards}"):
            if time.monotonic() > deadline:
                raise SystemExit(f"the {boards} boards did not all come live")
            page.mouse.wheel(0, 600)
            time.sleep(0.05)
    else:
        page.wait_for_load_state("load")
    elapsed = (time.perf_counter() - start) * 1000
    settle()
    memory = browser_rss_mb() - before
    page.close()
    return {"shown": elapsed, "memory": memory}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    from reversi.tools.build import teaching_puzzle
    from reversi.ui.embed.snippets import lite_snippet, viewer_snippet

    puzzle = teaching_puzzle()
    results: dict[str, list[dict[str, float]]] = {}
    with serve_repo() as site, tempfile.TemporaryDirectory() as tmp, sync_playwright() as pw:
        top = Path(tmp)
        games = [f"m=f5d6c3d3c4f4f6f3e6e7d7&at={k}" for k in range(10)]
        lite = "".join(lite_snippet(site, q, f"Move {k}") for k, q in enumerate(games))
        live = "".join(viewer_snippet(site, q, f"Move {k}", width=360) for k, q in enumerate(games))
        (top / "lite.html").write_text(f"<!DOCTYPE html><title>lite</title>{lite}", encoding="utf-8")
        (top / "empty.html").write_text("<!DOCTYPE html><title>empty</title><p>Nothing here.</p>", encoding="utf-8")
        (top / "live.html").write_text(f"<!DOCTYPE html><title>live</title>{live}", encoding="utf-8")
        # ten live boards on one script: nine viewers and a puzzle (assets/embed.js)
        boards = "".join(lite_snippet(site, q, f"Move {k}") for k, q in enumerate(games[:9]))
        boards += lite_snippet(site, puzzle, "A puzzle", view="puzzle")
        (top / "boards.html").write_text(
            f'<!DOCTYPE html><title>boards</title><script src="{site}assets/embed.js" defer></script>{boards}',
            encoding="utf-8")
        with static_host(top) as host:
            for _ in range(args.runs):
                # a new browser each run: memory from the same start
                with chromium_with_profile(pw, bench=True) as browser:
                    # a reader's first embed (an empty cache), then the next ones (the runtime cached)
                    results.setdefault("viewer, cold", []).append(one_embed(browser, site + "?view=embed&" + GAME))
                    results.setdefault("viewer", []).append(one_embed(browser, site + "?view=embed&" + GAME))
                    results.setdefault("puzzle", []).append(one_embed(browser, site + "?view=puzzle&" + puzzle))
                    results.setdefault("empty page", []).append(host_page(browser, host + "empty.html", 0))
                    results.setdefault("ten lite diagrams", []).append(host_page(browser, host + "lite.html", 0))
                    results.setdefault("ten live viewers", []).append(host_page(browser, host + "live.html", 10))
                    results.setdefault("ten boards, one script", []).append(
                        host_page(browser, host + "boards.html", 0, 10))
                # the boards on a reader's first visit: nothing cached
                with chromium_with_profile(pw, bench=True) as browser:
                    results.setdefault("ten boards, one script, cold", []).append(
                        host_page(browser, host + "boards.html", 0, 10))
                # a reader's viewers after the first
                with chromium_with_profile(pw, snapshots=True, bench=True) as browser:
                    one_embed(browser, site + "?view=embed&" + GAME, snapshot="make")
                    results.setdefault("viewer, from its snapshot", []).append(
                        one_embed(browser, site + "?view=embed&" + GAME, snapshot="use"))
    print(f"medians of {args.runs} runs (ms from navigation; memory: MB the browser grew by)")
    for name, runs in results.items():
        keys = runs[0].keys()
        cells = ", ".join(f"{k} {statistics.median(r[k] for r in runs if r[k] is not None):.0f}" for k in keys)
        print(f"  {name:<30} {cells}")
    def median(name: str, key: str) -> float:
        return statistics.median(r[key] for r in results[name])

    time_ratio = median("ten live viewers", "shown") / median("ten lite diagrams", "shown")
    memory_ratio = median("ten live viewers", "memory") / max(1.0, median("ten lite diagrams", "memory"))
    print(f"  ten live / ten lite: time {time_ratio:.0f}x, memory {memory_ratio:.1f}x")
    alone = median("viewer", "memory") - median("empty page", "memory")
    among_ten = (median("ten live viewers", "memory") - median("ten lite diagrams", "memory")) / 10
    print(f"  a viewer's own memory: {alone:.0f} MB alone (above an empty page), {among_ten:.0f} MB each among ten")
    boards_memory = median("ten boards, one script", "memory") - median("empty page", "memory")
    print(f"  ten boards on one script: {median('ten boards, one script', 'shown'):.0f} ms to all live (cached), "
          f"{median('ten boards, one script, cold', 'shown'):.0f} ms cold (an empty cache), "
          f"{boards_memory:.0f} MB above an empty page")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
