"""Regenerate the two generated parts of the page (a maintenance command).

    python -m reversi.tools.build

* the static start board inside ``index.html`` (between the ``board:start`` and
  ``board:end`` markers), drawn by :func:`reversi.ui.render.render_board`, so
  the board is painted before Python has loaded and cannot drift from what
  Python draws;
* ``assets/precache.js``: every file the page fetches (:func:`precache_files`), which
  the service worker (``sw.js``) precaches for the page to work offline;
* the ``[files]`` table of ``pyscript.toml``: every ``.py`` file of the
  ``reversi`` package that the page's main thread runs (PyScript has no directory
  globbing): not the command line (``reversi/cli/``, ``__main__.py``), these
  tools (``reversi/tools/``) nor the solver on several processes
  (``reversi/engine/parallel.py``), which never run there, nor the worker's script
  (:data:`FETCHED_BY_SRC`: fetched by its own ``src``), nor what only the worker
  runs (:data:`WORKER_ONLY`: the search, the solver, the evaluation and the
  weights of ``reversi/engine/data/``);
* ``reversi/engine/worker-files.json``: those worker-only files, which the worker
  fetches itself when it starts;

* ``assets/rules/rules.LANG.html``: the rules pages, from ``reversi/docs/RULES*.md``
  (:mod:`reversi.tools.rules_pages`);
* ``assets/examples/teaching.html``: an example of a teacher's page, with a live viewer and
  lite diagrams (:mod:`reversi.ui.snippets`), whose SVGs are drawn here.

``tests/test_render.py``, ``tests/test_offline.py`` and ``tests/test_embed.py`` fail when one is out
of date. Runs under CPython only; the page never imports it.
"""

from __future__ import annotations

import json
from pathlib import Path

from reversi.core.position import Position
from reversi.core.rules import Rules
from reversi.ui.render import render_board, splice_board
from reversi.ui.state import Controller

ROOT = Path(__file__).resolve().parents[2]
FILES_HEADER = "[files]\n"
#: The data files the engine loads: a pattern model per board (and Anti, Classic) and the
#: feature model for every other board (reversi/engine/evaluate.py pattern_file, feature_file),
#: the opening book (reversi/engine/book.py book_names).
DATA_FILES = ("patterns_*.bin", "book_*.bin", "features.json")


#: Parts of the package the browser never runs (so the page does not ship them): the command
#: line, these tools, and the solver on several processes (the browser has none).
NOT_SHIPPED = ("reversi/cli/", "reversi/tools/", "reversi/__main__.py", "reversi/engine/parallel.py")
#: Scripts the browser runs but fetches by their ``<script src>``, not through ``[files]``:
#: the engine's worker (``reversi/ui/dom/page.py`` start_worker). Listed in ``[files]``, the
#: page's main thread would fetch it too, and a failed fetch of the worker's script would
#: stop the whole page from starting; the worker imports only modules that ``[files]`` ships.
FETCHED_BY_SRC = ("reversi/engine/worker.py",)


def package_files(root: Path = ROOT) -> list[str]:
    """The .py files the browser runs and the weights files, as ``reversi/...`` paths, sorted."""
    data = [p for name in DATA_FILES for p in (root / "reversi" / "engine" / "data").glob(name)]
    catalogs = (root / "reversi" / "i18n" / "locale").glob("*/LC_MESSAGES/*.mo")
    paths = [*(root / "reversi").rglob("*.py"), *(p for p in data if p.is_file()), *catalogs]
    names = (p.relative_to(root).as_posix() for p in paths)
    return sorted(n for n in names if not n.startswith(NOT_SHIPPED) and n not in FETCHED_BY_SRC)


#: What only the engine's worker runs: the search, the solver, the evaluation and its weights,
#: the JSON API. The page's main thread is not sent them (``pyscript.toml`` leaves them out);
#: the worker fetches them itself (``reversi/engine/worker.py`` load), listed in
#: :data:`WORKER_FILES`. The main thread keeps ``reversi/engine/levels.py`` (the level table
#: of the new-game form) and the package's ``__init__``.
WORKER_ONLY = (
    "reversi/engine/api.py",
    "reversi/engine/codegen.py",
    "reversi/engine/evaluate.py",
    "reversi/engine/kernels.py",
    "reversi/engine/midgame.py",
    "reversi/engine/play.py",
    "reversi/engine/search.py",
    "reversi/engine/solver.py",
    "reversi/engine/data/",
)
#: The list of the worker's own files, written by the build and read by the worker.
WORKER_FILES = "reversi/engine/worker-files.json"


def main_thread_files(root: Path = ROOT) -> list[str]:
    """What ``pyscript.toml`` ships to the page's main thread (and, shared, to the worker)."""
    return [n for n in package_files(root) if not n.startswith(WORKER_ONLY)]


def worker_files(root: Path = ROOT) -> list[str]:
    """What the engine's worker fetches itself, besides what ``pyscript.toml`` ships."""
    return [n for n in package_files(root) if n.startswith(WORKER_ONLY)]


def worker_files_text(root: Path = ROOT) -> str:
    """``reversi/engine/worker-files.json``: the worker's own files, with their sizes."""
    files = {name: (root / name).stat().st_size for name in worker_files(root)}
    return json.dumps({"files": files}, indent=1, sort_keys=True) + "\n"


#: Top-level files of the site (the service worker must sit at the top: its scope is its folder).
TOP_FILES = ("index.html", "pyscript.toml", "sw.js")
#: The page's own assets (the runtime is listed from its folders).
ASSET_GLOBS = ("assets/*.css", "assets/*.js", "assets/icons/*", "assets/*.webmanifest", "assets/rules/*")
#: Scripts under assets/ the page never loads (a development tool).
NOT_FETCHED = ("assets/fetch_runtime.py", "assets/precache.js")
#: Runtime files the page never loads: PyScript's code editor (CodeMirror and its ``index-``
#: chunk), terminal, MicroPython, own service worker, its unzipper (for ``.zip`` and ``.whl``
#: entries of ``[files]``: this page has none), its ``pyscript.storage`` and its own style sheet.
#: Precached, they cost a first visit about 75 kB (compressed) for nothing.
RUNTIME_UNUSED = ("codemirror", "xterm", "mpy-", "service-worker.js", "zip-", "index-", "storage.js", "core.css")
PRECACHE = "assets/precache.js"
PRECACHE_PREFIX = "self.REVERSI_PRECACHE = "


def runtime_files(root: Path = ROOT) -> list[str]:
    """The runtime's files the page may fetch, from the pinned list (``assets/runtime-pins.json``):
    not Pyodide's package wheels nor PyScript's code editor and its service worker, which this
    page never loads."""
    pins = json.loads((root / "assets" / "runtime-pins.json").read_text(encoding="utf-8"))
    names = (f"assets/runtime/{name}" for name in pins["files"])
    return sorted(n for n in names if not n.endswith(".whl") and not n.split("/")[-1].startswith(RUNTIME_UNUSED))


def precache_files(root: Path = ROOT) -> list[str]:
    """Every file the page fetches, as paths from the site's top (``./`` relative), sorted."""
    assets = sorted(
        {p.relative_to(root).as_posix() for pattern in ASSET_GLOBS for p in root.glob(pattern) if p.is_file()}
        - set(NOT_FETCHED)
    )
    files = [*TOP_FILES, *assets, *runtime_files(root), *package_files(root), *FETCHED_BY_SRC, WORKER_FILES]
    return sorted(set(files))


def precache_text(files: list[str], version: str = "dev") -> str:
    """``assets/precache.js``: the list the service worker precaches, and the build's version."""
    data = {"version": version, "files": files}
    return (
        "// Written by `python -m reversi.tools.build` (the list) and stamped by serve.py and the\n"
        "// Pages workflow (the version): what sw.js precaches. Do not edit.\n"
        + PRECACHE_PREFIX
        + json.dumps(data, indent=1)
        + ";\n"
    )


# -- the app's icons (the web app manifest's), drawn here: no image tool needed -----------------

#: The icons written to assets/icons/: (file name, size in pixels, maskable: the art inside the safe zone).
ICONS = (("icon-192.png", 192, False), ("icon-512.png", 512, False), ("maskable-512.png", 512, True))


def icon_png(size: int, maskable: bool = False) -> bytes:
    """The favicon's picture (a black and a white disc on green) as a PNG of ``size`` pixels."""
    import struct
    import zlib

    green, black, white = (0x2F, 0x80, 0x50), (0x11, 0x11, 0x11), (0xF4, 0xF4, 0xF0)
    scale = size / 64 * (0.8 if maskable else 1.0)  # a maskable icon keeps its art in the middle 80%
    offset = (size - 64 * scale) / 2
    radius = 0 if maskable else 12 * size / 64

    def inside_rounded(x: float, y: float) -> bool:
        if radius == 0:
            return True
        cx = min(max(x, radius), size - radius)
        cy = min(max(y, radius), size - radius)
        return (x - cx) ** 2 + (y - cy) ** 2 <= radius * radius

    rows = bytearray()
    discs = ((23, black), (41, white))
    for py in range(size):
        rows.append(0)  # no filter
        for px in range(size):
            x, y = px + 0.5, py + 0.5
            if not inside_rounded(x, y):
                rows += b"\x00\x00\x00\x00"
                continue
            colour = green
            u, v = (x - offset) / scale, (y - offset) / scale
            for cx, disc in discs:
                if (u - cx) ** 2 + (v - 32) ** 2 <= 15 * 15:
                    colour = disc  # the white disc is drawn over the black one, as in the favicon
            rows += bytes((*colour, 255))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(bytes(rows), 9)) + chunk(
        b"IEND", b""
    )


def files_table(paths: list[str]) -> str:
    return FILES_HEADER + "".join(f'"./{p}" = "./{p}"\n' for p in paths)


def updated_config(text: str, paths: list[str]) -> str:
    """``pyscript.toml``'s text with its ``[files]`` table (the last table) rewritten."""
    head = text[: text.index(FILES_HEADER)] if FILES_HEADER in text else text.rstrip("\n") + "\n\n"
    return head + files_table(paths)


# -- the example teaching page --------------------------------------------------------------

TEACHING_PAGE = "assets/examples/teaching.html"
#: The example page's own policy (a teacher's page has its own): its script, its style, our frames.
TEACHING_POLICY = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; frame-src 'self'"
#: From the example page, the app is two folders up (works under any sub-path, e.g. GitHub Pages').
APP_FROM_EXAMPLES = "../../"
#: The lite diagrams of the example page: (caption, a game link's query).
TEACHING_DIAGRAMS = (
    ("The start: Black has four moves", ""),
    ("Diagonal opening, after f5 f6", "m=f5f6"),
    ("The Tiger: after f5 d6 c3 d3 c4", "m=f5d6c3d3c4"),
    ("Octagon Reversi: eight corner-like squares", "r=octagon"),
)
#: The game of the example's viewer: the Tiger, with a comment and a variation.
TEACHING_GAME = "v=2&m=f5d6c3d3c4%7BThe%20Tiger%3A%20Black%20takes%20c4%7Df4(b3)e3f6&at=5"
#: The example's puzzle: a game with 10 empty squares left, Black to move (solved exactly by the build).
TEACHING_PUZZLE = (
    "f5f4f3f6d3f2g6c3b3b2g4g3b1d2c4c5f1g2g1g5c6a1h6a2b5c7f7d6c2h5b8e7d1a4a3g7h4e3e6h1d8e1e8b4f8h2c1h8a6b6"
)


def teaching_puzzle() -> str:
    """The example puzzle's link parameters, worked out by the exact solver (the same every build)."""
    from reversi.engine.api import analyse
    from reversi.formats.notation import play_transcript
    from reversi.ui.puzzle import puzzle_query

    reply = analyse(None, None, TEACHING_PUZZLE, time_limit=None, exact_empties=12)
    if not reply.get("exact"):
        raise RuntimeError(f"the example puzzle was not solved exactly: {reply}")
    return puzzle_query(play_transcript(Position.start(Rules()), TEACHING_PUZZLE).position, reply)


def teaching_page() -> str:
    """The example teaching page (English: it is the teacher's own text)."""
    from reversi.ui.snippets import lite_snippet, viewer_snippet

    diagrams = "\n".join(
        f"      <figure>{lite_snippet(APP_FROM_EXAMPLES, query, caption)}<figcaption>{caption}</figcaption></figure>"
        for caption, query in TEACHING_DIAGRAMS
    )
    viewer = viewer_snippet(APP_FROM_EXAMPLES, TEACHING_GAME, "The Tiger opening")
    puzzle = viewer_snippet(APP_FROM_EXAMPLES, teaching_puzzle(), "Black to move: the endgame", view="puzzle",
                            width=480)
    return f"""<!DOCTYPE html>
<!-- Written by `python -m reversi.tools.build` (the diagrams are drawn by reversi/ui/snippets.py). -->
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta http-equiv="Content-Security-Policy" content="{TEACHING_POLICY}">
  <title>Teaching Othello: an example page</title>
  <link rel="icon" href="../icons/favicon.svg" type="image/svg+xml">
  <style>
    body {{ max-width: 760px; margin: 0 auto; padding: 16px; font: 16px/1.5 system-ui, sans-serif; color: #222; }}
    .diagrams {{ display: grid; grid-template-columns: repeat(auto-fill, minmax(220px, 1fr)); gap: 16px; }}
    figure {{ margin: 0; }}
    figure svg {{ width: 100%; height: auto; display: block; }}
    figcaption {{ font-size: 14px; color: #555; }}
    figure:has(iframe) {{ grid-column: 1 / -1; }}
  </style>
  <script src="../lite.js" defer></script>
</head>
<body>
  <h1>Teaching Othello: an example page</h1>
  <p>A live viewer: go through the game with the buttons or the arrow keys; the comment and the
  variation (b3) are part of the game.</p>
  {viewer}
  <h2>A puzzle</h2>
  <p>Click the move you would play: the page says whether it is the best one, or how many discs it
  loses. The answers were worked out when the page was made, so the puzzle needs no engine.</p>
  {puzzle}
  <h2>Lite diagrams</h2>
  <p>Each diagram is a picture and a link: it loads nothing until you click it, and then it becomes
  a live viewer in its place.</p>
  <div class="diagrams">
{diagrams}
  </div>
</body>
</html>
"""


def main() -> int:
    for name, size, maskable in ICONS:
        path = ROOT / "assets" / "icons" / name
        data = icon_png(size, maskable)
        if not path.exists() or path.read_bytes() != data:
            path.write_bytes(data)
            print(f"updated {path.relative_to(ROOT)}")
    index = ROOT / "index.html"
    html = index.read_text(encoding="utf-8")
    new_html = splice_board(html, render_board(Controller().board_view()))
    config = ROOT / "pyscript.toml"
    toml = config.read_text(encoding="utf-8")
    new_toml = updated_config(toml, main_thread_files())
    listing = ROOT / WORKER_FILES
    listed = listing.read_text(encoding="utf-8") if listing.exists() else ""
    new_listed = worker_files_text()
    precache = ROOT / PRECACHE
    cached = precache.read_text(encoding="utf-8") if precache.exists() else ""
    new_cached = precache_text(precache_files())
    from reversi.tools.rules_pages import pages

    for name, text in pages().items():
        path = ROOT / name
        old = path.read_text(encoding="utf-8") if path.exists() else ""
        if text != old:
            path.write_text(text, encoding="utf-8")
            print(f"updated {name}")
    teaching = ROOT / TEACHING_PAGE
    teaching.parent.mkdir(parents=True, exist_ok=True)
    taught = teaching.read_text(encoding="utf-8") if teaching.exists() else ""
    new_taught = teaching_page()
    for path, old, new in ((index, html, new_html), (config, toml, new_toml), (precache, cached, new_cached),
                           (teaching, taught, new_taught), (listing, listed, new_listed)):
        if new != old:
            path.write_text(new, encoding="utf-8")
            print(f"updated {path.relative_to(ROOT)}")
        else:
            print(f"{path.relative_to(ROOT)} is up to date")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
