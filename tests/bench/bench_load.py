"""How fast the page loads: time to the painted board and time until it takes moves.

    python tests/bench/bench_load.py [--runs 5] [--url http://127.0.0.1:8000/]

Drives headless Debian Chromium (Playwright) against ``serve.py`` (started on a
free port unless ``--url`` is given), recording any request to another origin (none
may be made; they are not routed, which would turn the HTTP cache off), and
prints, for a cold load (a new browser context: empty cache) and a warm one (the
same context, reloaded), the median over ``--runs`` of:

* ``paint``: the first contentful paint, which is the static start board of
  ``index.html`` (it is there before any script runs);
* ``main``: the performance mark ``reversi-main``: Python starts the page's script (the
  time before it is the runtime's start: PyScript, Pyodide, the standard library, the
  files of ``pyscript.toml``);
* ``ready``: the performance mark ``reversi-ready`` that the page sets when the
  board accepts moves (``<html class="ready">``);
* ``engine``: the mark ``reversi-engine-ready``: the AI worker, started only once
  the board takes moves, has loaded and warmed up (no target; for the record).

``_cold`` is a new browser context (an empty cache: a first visit), ``_warm`` a reload of it
before this browser has a memory snapshot (any start after a first visit, in a version before
snapshots), ``_snap`` a reload once the page has made its snapshots (``assets/interpreter.js``:
every later start); an older checkout has no ``_snap`` and its ``_warm`` stands beside the new
``_snap`` in the ratios.

Both are milliseconds from the start of the navigation. Targets on the
development machine: paint within 1 s; ready within 5 s cold, 2.5 s warm.
It also checks that the main thread never fetched numpy (or any wheel).

``--visits`` measures what a visitor downloads: a first visit (a new browser
profile: the page, the runtime, the engine, and the service worker keeping it all
for offline use, which revalidates what the page fetched) and a repeat visit (a
reload: served by the service worker), each with its requests, the bytes that
crossed the network (compressed, as ``serve.py`` sends them) and the ready and
computer-ready times; then the same reload offline.

``--breakdown N`` adds to ``--visits`` the N files that took the most bytes of each visit
(and how many times each crossed the network: the page's fetch and the service worker's).

``--against DIR`` measures another checkout too (e.g. ``git worktree add /tmp/old COMMIT``, its
runtime installed), served by its own ``serve.py``, the two taking turns run by run so that the
machine's noise falls on both alike, and prints each one's medians and the ratios (new / old).
Given again (``--against OLD --against OTHER ...``), it measures every checkout named the same way,
the order rotating run by run, and compares each one (and this checkout) with the first: a choice
among several candidates (runtime versions, say) in one run.

``--throttle N`` slows the browser's CPU N times (Chromium's CPU throttling: a phone-class CPU
at 4) and adds the main thread's long tasks (over 50 ms): until the computer is ready their total
(``blocked``) and the longest (``longest``); until the board takes moves the total blocking time
(``tbt_ready``: the sum of each task's time over 50 ms) and the longest (``longest_ready``).
``--phone`` loads it on a 390x844 touch screen; ``--kinds cold`` measures first visits only.

Every load also reports ``kb_ready``, the kilobytes that crossed the network (compressed) before the
board took moves, and ``engine_files_ready``, how many of the engine's files were requested by then
(none should be: the engine loads after the board).

``--langs en,cs,da,pl,ja`` loads the page in each language (``?lang=``), the
languages taking turns run by run so that the machine's noise falls on all of
them alike, and prints each one's medians beside English's: the load-time cost
of the catalogs. It also prints the catalogs' sizes and how long reading one
takes under CPython.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(TESTS))
sys.path.insert(0, str(TESTS.parent))

from browser_support import launch_chromium, serve_repo, wait_ready, watch_foreign_requests  # noqa: E402

TARGETS = {"paint": 1000.0, "ready_cold": 5000.0, "ready_warm": 2500.0}

#: Records the main thread's long tasks from the page's first script on (``--throttle``), each
#: with whether it began before the board took moves.
LONG_TASKS_JS = """
window.__longTasks = [];
try {
  new PerformanceObserver(list => { for (const e of list.getEntries())
      window.__longTasks.push([e.duration, !document.documentElement.classList.contains('ready')]); })
    .observe({type: 'longtask', buffered: true});
} catch (e) {}
"""
#: blocked, longest: until the computer is ready (the sum of the long tasks, the longest);
#: tbt_ready, longest_ready: until the board takes moves (total blocking time: the sum of each long
#: task's time over 50 ms; the longest).
LONG_JS = """() => {
  const all = (window.__longTasks || []).map(t => t[0]);
  const early = (window.__longTasks || []).filter(t => t[1]).map(t => t[0]);
  return {
    blocked: all.reduce((a, b) => a + b, 0),
    longest: Math.max(0, ...all),
    tbt_ready: early.reduce((a, b) => a + b - 50, 0),
    longest_ready: Math.max(0, ...early),
  };
}"""

#: What crossed the network before the board took moves (kB, compressed: resource timing's transfer
#: sizes, 0 for what a cache answered, of the responses that ended before the mark reversi-ready), and how many of those
#: requests were the engine's (its archive, its script, its weights), which must wait for the board.
BYTES_JS = """() => {
  const ready = (performance.getEntriesByName('reversi-ready')[0] || {}).startTime ?? Infinity;
  const early = performance.getEntriesByType('resource').filter(r => r.startTime <= ready);
  const engine = /engine\\.zip|engine\\/worker\\.py|engine\\/data\\//;
  return {
    kb_ready: early.filter(r => r.responseEnd <= ready).reduce((a, r) => a + (r.transferSize || 0), 0) / 1000,
    engine_files_ready: early.filter(r => engine.test(r.name)).length,
  };
}"""

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "device_scale_factor": 3}
DESKTOP = {"viewport": {"width": 1280, "height": 800}}

MEASURE_JS = """() => ({
  paint: (performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime ?? null,
  main: (performance.getEntriesByName('reversi-main')[0] || {}).startTime ?? null,
  ready: (performance.getEntriesByName('reversi-ready')[0] || {}).startTime ?? null,
  engine: (performance.getEntriesByName('reversi-engine-ready')[0] || {}).startTime ?? null,
})"""


def measure(page, throttle: float = 0) -> dict:
    wait_ready(page)
    early = page.evaluate(BYTES_JS)
    # first-contentful-paint is reported asynchronously; give it a moment
    page.wait_for_function(
        "performance.getEntriesByName('first-contentful-paint').length > 0", timeout=10_000
    )
    # the AI worker starts once the board takes moves; its warm-up ends with engine-ready
    page.wait_for_function("document.documentElement.classList.contains('engine-ready')", timeout=120_000)
    times = page.evaluate(MEASURE_JS)
    times.update(early)
    if throttle:
        times.update(page.evaluate(LONG_JS))
    return times


def run(url: str, runs: int, throttle: float = 0, phone: bool = False,
        kinds: tuple[str, ...] = ("cold", "warm", "snap")) -> dict[str, list[float]]:
    from playwright.sync_api import sync_playwright

    keys = ["paint", "main", "ready", "engine", "kb_ready", "engine_files_ready"] + (
        ["blocked", "longest", "tbt_ready", "longest_ready"] if throttle else [])
    results: dict[str, list[float]] = {f"{key}_{kind}": [] for kind in kinds for key in keys}
    wheels: list[str] = []
    with sync_playwright() as p:
        browser = launch_chromium(p)
        try:
            for _ in range(runs):
                context = browser.new_context(**(PHONE if phone else DESKTOP))
                # requests to other origins are recorded, not routed: a route turns the HTTP
                # cache off, and the warm load would not be warm
                foreign, _listener = watch_foreign_requests(context, url)
                page = context.new_page()
                page.on("request", lambda r: wheels.append(r.url) if r.url.endswith(".whl") else None)
                if throttle:
                    page.add_init_script(LONG_TASKS_JS)
                    context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": throttle})
                loads: dict[str, dict] = {}
                page.goto(url)
                loads["cold"] = measure(page, throttle)
                if "warm" in kinds:
                    page.reload()  # before this browser has a snapshot: the start of any version
                    loads["warm"] = measure(page, throttle)
                # a checkout that makes memory snapshots (assets/interpreter.js) makes them now: the
                # next start uses them ("snap"); an older one has no data-snapshot and no "snap"
                if "snap" in kinds and page.evaluate("document.documentElement.dataset.snapshot") is not None:
                    page.wait_for_function("['made', 'used'].includes(document.documentElement.dataset.snapshot)",
                                           timeout=180_000)
                    page.reload()
                    loads["snap"] = measure(page, throttle)
                    if page.evaluate("document.documentElement.dataset.snapshot") != "used":
                        raise SystemExit("the snapshot made was not used")
                context.close()
                if foreign:
                    raise SystemExit(f"requests to other origins: {foreign}")
                for kind, values in loads.items():
                    if kind not in kinds:
                        continue
                    for key in keys:
                        results[f"{key}_{kind}"].append(values[key])
        finally:
            browser.close()
    if wheels:
        raise SystemExit(f"the main thread fetched wheels (numpy must stay off): {sorted(set(wheels))}")
    return {key: values for key, values in results.items() if values}


def visits(url: str, breakdown: int = 0) -> None:
    """First visit, repeat visit and offline reload: requests, bytes over the network, ready times."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = launch_chromium(p)
        # no routing here: Playwright turns the HTTP cache off when requests are routed, and the
        # service worker's precache would then download everything a second time; the page makes
        # no request to another origin (the tests check it), and this reports any it made
        context = browser.new_context(viewport={"width": 1280, "height": 800})
        seen: list = []
        context.on("requestfinished", lambda r: seen.append(r))
        page = context.new_page()

        def load(label: str, go) -> None:
            seen.clear()
            go()
            wait_ready(page)
            page.wait_for_function(
                "document.documentElement.classList.contains('engine-ready')", timeout=120_000
            )
            if label == "first visit":
                page.wait_for_function("document.documentElement.dataset.offline === 'ready'", timeout=120_000)
            times = page.evaluate(MEASURE_JS)
            network = [r for r in seen if r.url.startswith(url) and r.response() is not None
                       and not r.response().from_service_worker]
            size = sum(max(0, r.sizes()["responseBodySize"]) for r in network)
            print(f"{label:14} {len(seen):4} requests, {len(network):4} over the network, "
                  f"{size / 1e6:6.2f} MB; ready {times['ready']:.0f} ms, computer ready {times['engine']:.0f} ms")
            if breakdown and network:
                by_file: dict[str, list[int]] = {}
                for r in network:
                    name = r.url[len(url):].split("?")[0] or "index.html"
                    by_file.setdefault(name, []).append(max(0, r.sizes()["responseBodySize"]))
                ranked = sorted(by_file.items(), key=lambda kv: -sum(kv[1]))
                for name, sizes in ranked[:breakdown]:
                    print(f"    {sum(sizes) / 1e3:9.1f} kB  {len(sizes)}x  {name}")
                rest = ranked[breakdown:]
                print(f"    {sum(sum(v) for _, v in rest) / 1e3:9.1f} kB  in {len(rest)} more files")

        foreign: list[str] = []
        context.on("request", lambda r: None if r.url.startswith((url, "blob:", "data:")) else foreign.append(r.url))
        load("first visit", lambda: page.goto(url))
        load("repeat visit", page.reload)
        context.set_offline(True)
        load("offline", page.reload)
        context.close()
        if foreign:
            raise SystemExit(f"requests to other origins: {foreign}")
        browser.close()


def with_lang(url: str, code: str) -> str:
    return url + ("&" if "?" in url else "?") + f"lang={code}"


def run_languages(url: str, runs: int, codes: list[str]) -> dict[str, dict[str, list[float]]]:
    """``run`` for each language in turn, ``runs`` rounds (a round loads every language once)."""
    out: dict[str, dict[str, list[float]]] = {code: {} for code in codes}
    for _ in range(runs):
        for code in codes:
            for key, values in run(with_lang(url, code), 1).items():
                out[code].setdefault(key, []).extend(values)
    return out


def report_languages(results: dict[str, dict[str, list[float]]]) -> None:
    import gettext
    import time

    from reversi.i18n import DOMAIN, LOCALE_DIR

    base = results.get("en")
    keys = list(next(iter(results.values())))
    print(f"{'lang':6}" + "".join(f"{k:>13}" for k in keys))
    for code, values in results.items():
        cells = []
        for key in keys:
            med = statistics.median(values[key])
            ratio = f" {med / statistics.median(base[key]):.2f}x" if base and code != "en" else ""
            cells.append(f"{med:7.0f}{ratio:>6}")
        print(f"{code:6}" + "".join(f"{c:>13}" for c in cells))
    for path in sorted(Path(LOCALE_DIR).glob("*/LC_MESSAGES/*.mo")):
        code = path.parts[-3]
        started = time.perf_counter()
        for _ in range(20):
            with open(path, "rb") as f:
                gettext.GNUTranslations(f)
        ms = (time.perf_counter() - started) / 20 * 1000
        print(f"catalog {code}: {path.stat().st_size:,} bytes, read in {ms:.2f} ms (CPython; domain {DOMAIN})")


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


def baseline_key(key: str, old: dict[str, list[float]]) -> str:
    """The old checkout's figure a new one is compared with: the same, or for a start from a
    snapshot (``_snap``, which an older checkout does not make) its warm start."""
    return key if key in old else key.replace("_snap", "_warm")


def compare(new: dict[str, list[float]], old: dict[str, list[float]]) -> None:
    print(f"{'':14}{'old':>9}{'new':>9}{'new/old':>9}   (medians, ms; _snap: old's _warm)")
    for key in new:
        a, b = statistics.median(old[baseline_key(key, old)]), statistics.median(new[key])
        print(f"{key:14}{a:9.0f}{b:9.0f}{b / a if a else float('nan'):9.2f}")


def compare_many(results: dict[str, dict[str, list[float]]]) -> None:
    """Each checkout's medians beside the first's (old), with the ratio to it."""
    labels = list(results)
    old = results[labels[0]]
    for number, label in enumerate(labels):
        print(f"[{number}] {label}")
    print(f"{'':14}{'[0] ms':>9}" + "".join(f"{f'[{n}] ms':>9}{f'[{n}]/[0]':>9}" for n in range(1, len(labels))))
    keys = list(dict.fromkeys(k for label in labels for k in results[label]))
    for key in keys:
        a = statistics.median(old[baseline_key(key, old)])
        cells = "".join(
            f"{statistics.median(results[label][key]):9.0f}"
            f"{statistics.median(results[label][key]) / a if a else float('nan'):9.2f}"
            if key in results[label] else f"{'-':>9}{'-':>9}"
            for label in labels[1:]
        )
        print(f"{key:14}{a:9.0f}{cells}")


def run_many(roots: list[Path | None], runs: int, throttle: float = 0, phone: bool = False,
             kinds: tuple[str, ...] = ("cold", "warm", "snap")) -> dict[str, dict[str, list[float]]]:
    """``run`` on each checkout in ``roots`` (None: this one), ``runs`` rounds, the order rotating."""
    import contextlib

    with contextlib.ExitStack() as stack:
        targets = [(str(root or "this checkout"), stack.enter_context(serve_repo(root=root))) for root in roots]
        results: dict[str, dict[str, list[float]]] = {label: {} for label, _ in targets}
        for turn in range(runs):
            for label, url in targets[turn % len(targets):] + targets[: turn % len(targets)]:
                for key, values in run(url, 1, throttle, phone, kinds).items():
                    results[label].setdefault(key, []).extend(values)
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--url", help="an already running server (default: start serve.py)")
    parser.add_argument("--langs", help="compare languages, e.g. en,cs,da,pl,ja (each run loads each)")
    parser.add_argument("--visits", action="store_true", help="bytes and requests of a first and a repeat visit")
    parser.add_argument("--breakdown", type=int, default=0, metavar="N", help="with --visits: the N biggest files")
    parser.add_argument("--against", metavar="DIR", action="append",
                        help="another checkout to measure in the same run (old); again: more, each against the first")
    parser.add_argument("--throttle", type=float, default=0, metavar="N", help="slow the CPU N times; long tasks")
    parser.add_argument("--phone", action="store_true", help="a 390x844 touch screen (default: 1280x800)")
    parser.add_argument("--kinds", default="cold,warm,snap",
                        help="which loads: cold (a first visit), warm (a reload), snap (from the snapshots)")
    args = parser.parse_args(argv)
    kinds = tuple(k for k in args.kinds.split(",") if k in ("cold", "warm", "snap"))
    if args.against and len(args.against) > 1:
        roots: list[Path | None] = [Path(d) for d in args.against]
        compare_many(run_many([*roots, None], args.runs, args.throttle, args.phone, kinds))
        return 0
    if args.against:
        new: dict[str, list[float]] = {}
        old: dict[str, list[float]] = {}
        with serve_repo() as url, serve_repo(root=Path(args.against[0])) as old_url:
            for _ in range(args.runs):
                for target, into in ((old_url, old), (url, new)):
                    for key, values in run(target, 1, args.throttle, args.phone, kinds).items():
                        into.setdefault(key, []).extend(values)
        compare(new, old)
        return 0
    if args.visits:
        if args.url:
            visits(args.url, args.breakdown)
        else:
            with serve_repo() as url:
                visits(url, args.breakdown)
        return 0
    if args.langs:
        codes = [c.strip() for c in args.langs.split(",") if c.strip()]
        if args.url:
            report_languages(run_languages(args.url, args.runs, codes))
        else:
            with serve_repo() as url:
                report_languages(run_languages(url, args.runs, codes))
        return 0
    if args.url:
        results = run(args.url, args.runs, args.throttle, args.phone, kinds)
    else:
        with serve_repo() as url:
            results = run(url, args.runs, args.throttle, args.phone, kinds)
    return 0 if report(results) else 1


if __name__ == "__main__":
    sys.exit(main())
