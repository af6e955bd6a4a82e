"""Where a first visit's main-thread time goes, until the board takes moves.

    python tests/bench/trace_load.py [--throttle 4] [--phone] [--runs 1] [--top 25]

Loads the page in a new browser context (a first visit: empty cache, no snapshot), with the
page's main thread sampled by V8's CPU profiler (DevTools' Profiler domain, 0.5 ms samples) from
the navigation until ``<html class="ready">``, and prints:

* the main thread's long tasks (over 50 ms) before ready, their total and the longest;
* the performance marks of the start (``reversi-*``) in milliseconds from the navigation;
* the profile's time by phase, each sample put in the first phase whose function is on its stack
  (the Python runtime's start, its imports of Python source, PyScript's set-up, our code, the
  garbage collector...: the PHASES table), and by script (which file's code ran);
* with ``--top N``: the N functions of the runtime's JavaScript (Pyodide's, PyScript's, ours) with
  the most time, callees included (where a long task's time goes), and the N functions with the
  most self time.

``--throttle N`` slows the CPU N times (Chromium's CPU throttling: 4 is a mid-range phone);
``--phone`` is a 390x844 touch screen; ``--reload`` profiles a second visit (the HTTP cache warm,
no memory snapshot made). The machine's load changes the seconds, not much the
shares: read the shares.
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
from collections import Counter
from pathlib import Path

TESTS = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(TESTS))
sys.path.insert(0, str(TESTS.parent))

from browser_support import launch_chromium, serve_repo  # noqa: E402

LONG_TASKS_JS = """
window.__longTasks = [];
try {
  new PerformanceObserver(list => { for (const e of list.getEntries())
      if (!document.documentElement.classList.contains('ready')) window.__longTasks.push([e.startTime, e.duration]); })
    .observe({type: 'longtask', buffered: true});
} catch (e) {}
"""

#: (phase, function names that put a sample in it when on its stack), the first match wins:
#: the innermost phases first.
PHASES: list[tuple[str, tuple[str, ...]]] = [
    ("garbage collection", ("(garbage collector)",)),
    ("compiling Python source to bytecode", ("_PyAST_Compile", "Py_CompileStringObject", "Py_CompileStringExFlags")),
    ("reading bytecode (marshal)", ("PyMarshal_ReadObjectFromString",)),
    ("inflating zip entries", ("inflate",)),
    ("V8 outside JavaScript: compiling WebAssembly and scripts", ("(program)",)),
    ("running Python", ("_PyEval_EvalFrameDefault",)),
    ("Python's own start (Py_Initialize)", ("Py_InitializeFromConfig", "Py_PreInitializeFromBytesArgs")),
    ("pyodide.asm.js", ("@pyodide.asm.js",)),
    ("PyScript", ("@pyscript",)),
]


def wasm_names(path: Path) -> dict[int, str]:
    """The names of the WebAssembly module's exported functions by index (the module has no name
    section: V8's profile calls every function ``wasm-function[N]``)."""
    data = path.read_bytes()

    def leb(p: int) -> tuple[int, int]:
        result = shift = 0
        while True:
            byte = data[p]
            p += 1
            result |= (byte & 0x7F) << shift
            shift += 7
            if byte < 0x80:
                return result, p

    sections: dict[int, int] = {}
    pos = 8
    while pos < len(data):
        kind = data[pos]
        size, pos = leb(pos + 1)
        sections.setdefault(kind, pos)
        pos += size
    names: dict[int, str] = {}
    if 7 not in sections:
        return names
    count, p = leb(sections[7])
    for _ in range(count):
        length, p = leb(p)
        name = data[p:p + length].decode("utf-8", "replace")
        p += length
        kind = data[p]
        index, p = leb(p + 1)
        if kind == 0:
            names.setdefault(index, name)
    return names


WASM_NAMES = wasm_names(TESTS.parent / "assets" / "runtime" / "pyodide" / "pyodide.asm.wasm")


def frame_name(frame: dict) -> str:
    """A frame's function name, a WebAssembly function's by its export; a script's file after @."""
    name = frame["functionName"] or "(anonymous)"
    match = re.fullmatch(r"wasm-function\[(\d+)\]", name)
    if match:
        return WASM_NAMES.get(int(match.group(1)), name)
    return name

#: What a script's URL is, by a part of it.
SCRIPTS = [("pyodide.asm.wasm", "wasm"), ("pyodide.asm.js", "pyodide.asm.js"), ("pyodide.mjs", "pyodide.mjs"),
           ("/pyscript/", "pyscript"), ("interpreter.js", "interpreter.js"), ("first-paint", "first paint"),
           ("first-board", "first paint"),
           ("progress.js", "progress.js"), ("wasm://", "wasm")]


def script_of(url: str) -> str:
    for part, name in SCRIPTS:
        if part in url:
            return name
    return url.rsplit("/", 1)[-1] or "(native)"


def analyse(profile: dict, top: int) -> dict:
    nodes = {n["id"]: n for n in profile["nodes"]}
    parent: dict[int, int] = {}
    for n in nodes.values():
        for child in n.get("children", []):
            parent[child] = n["id"]
    deltas = profile.get("timeDeltas", [])
    samples = profile.get("samples", [])
    # each sample lasts until the next one
    durations = [(deltas[i + 1] if i + 1 < len(deltas) else 0) / 1000 for i in range(len(samples))]
    phase_ms: Counter[str] = Counter()
    script_ms: Counter[str] = Counter()
    self_ms: Counter[str] = Counter()
    inclusive_ms: Counter[str] = Counter()
    python_ms = 0.0
    stack_cache: dict[int, list[str]] = {}

    def stack(node_id: int) -> list[str]:
        if node_id not in stack_cache:
            names = []
            i: int | None = node_id
            while i is not None:
                frame = nodes[i]["callFrame"]
                names.append(frame_name(frame))
                names.append("@" + script_of(frame.get("url", "")))
                i = parent.get(i)
            stack_cache[node_id] = names
        return stack_cache[node_id]

    for node_id, ms in zip(samples, durations, strict=True):
        frame = nodes[node_id]["callFrame"]
        name = frame_name(frame)
        if name == "(idle)":
            continue
        names = stack(node_id)
        for script_name in {f"{n} [{s[1:]}]" for n, s in zip(names[::2], names[1::2], strict=True)
                            if s in ("@pyodide.asm.js", "@pyodide.mjs", "@pyscript", "@interpreter.js")}:
            inclusive_ms[script_name] += ms
        self_ms[f"{name} [{script_of(frame.get('url', ''))}]"] += ms
        script_ms[script_of(frame.get("url", "")) if frame.get("url") else name] += ms
        for phase, functions in PHASES:
            if any(f in names for f in functions):
                phase_ms[phase] += ms
                break
        else:
            phase_ms["other: " + script_of(frame.get("url", ""))] += ms
        if "_PyEval_EvalFrameDefault" in names:
            python_ms += ms
    return {"phase": phase_ms, "script": script_ms, "self": self_ms.most_common(top), "python": python_ms,
            "inclusive": inclusive_ms.most_common(top)}


def one_visit(browser, url: str, throttle: float, phone: bool, top: int, reload: bool = False) -> dict:
    options = ({"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
                "device_scale_factor": 3} if phone else {"viewport": {"width": 1280, "height": 800}})
    context = browser.new_context(**options)
    page = context.new_page()
    page.add_init_script(LONG_TASKS_JS)
    # the same site's page first, so that the navigation stays in this renderer (and its profiler)
    page.goto(url + "assets/icons/favicon.svg")
    if reload:  # a visit before: the HTTP cache warm, no memory snapshot (the test browser makes none)
        page.add_init_script("self.reversiSnapshots = false;")
        page.goto(url)
        page.wait_for_function("document.documentElement.classList.contains('ready')", timeout=180_000)
        page.goto(url + "assets/icons/favicon.svg")
    cdp = context.new_cdp_session(page)
    if throttle:
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": throttle})
    cdp.send("Profiler.enable")
    cdp.send("Profiler.setSamplingInterval", {"interval": 500})
    cdp.send("Profiler.start")
    page.goto(url)
    page.wait_for_function("document.documentElement.classList.contains('ready')", timeout=180_000)
    profile = cdp.send("Profiler.stop")["profile"]
    marks = page.evaluate("""() => Object.fromEntries(performance.getEntriesByType('mark')
        .filter(m => m.name.startsWith('reversi')).map(m => [m.name, m.startTime]))""")
    tasks = page.evaluate("window.__longTasks")
    context.close()
    result = analyse(profile, top)
    result["marks"] = marks
    result["tasks"] = tasks
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--throttle", type=float, default=0)
    parser.add_argument("--phone", action="store_true")
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--top", type=int, default=0)
    parser.add_argument("--reload", action="store_true", help="a second visit (warm cache, no snapshot)")
    parser.add_argument("--url", help="an already running server (default: start serve.py)")
    parser.add_argument("--root", help="another checkout to serve (its runtime installed), e.g. an old commit's")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    def go(url: str) -> list[dict]:
        with sync_playwright() as p:
            browser = launch_chromium(p)
            try:
                return [one_visit(browser, url, args.throttle, args.phone, args.top, args.reload)
                        for _ in range(args.runs)]
            finally:
                browser.close()

    if args.url:
        results = go(args.url)
    else:
        with serve_repo(root=Path(args.root) if args.root else None) as url:
            results = go(url)
    for number, r in enumerate(results, 1):
        tasks = r["tasks"]
        total = sum(d for _, d in tasks)
        print(f"run {number}: {len(tasks)} long tasks before ready, {total:.0f} ms in all, "
              f"blocking {sum(d - 50 for _, d in tasks):.0f} ms, "
              f"longest {max((d for _, d in tasks), default=0):.0f} ms")
        for start, duration in tasks:
            if duration >= 200:
                print(f"    at {start:7.0f} ms: {duration:6.0f} ms")
        print("  marks: " + ", ".join(f"{k} {v:.0f}" for k, v in sorted(r["marks"].items(), key=lambda kv: kv[1])))
        busy = sum(r["phase"].values())
        print(f"  profile: {busy:.0f} ms busy on the main thread, {r['python']:.0f} ms of it in Python's eval loop")
        for phase, ms in r["phase"].most_common():
            print(f"    {ms:7.0f} ms {ms / busy:6.1%}  {phase}")
        print("  by script:")
        for script, ms in r["script"].most_common(10):
            print(f"    {ms:7.0f} ms {ms / busy:6.1%}  {script}")
        if r["inclusive"]:
            print("  the runtime's JavaScript functions with the most time, callees included:")
            for name, ms in r["inclusive"]:
                print(f"    {ms:7.0f} ms  {name}")
        if r["self"]:
            print("  most self time:")
            for name, ms in r["self"]:
                print(f"    {ms:7.0f} ms  {name}")
    if len(results) > 1:
        print("median longest task:", statistics.median(max((d for _, d in r["tasks"]), default=0) for r in results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
