"""What the site's generator makes: every file of the site that is derived from the source.

Nothing here is committed: :class:`reversi.tools.site.Site` calls these producers when a
file is asked for (``serve.py``, on the fly) or when the site is written for a static host
(``python -m reversi.tools.site OUT``). Each producer returns a file's bytes from the
source tree as it is now, so an edit to any ``.py`` file, a message or a document needs no
step before the page (and the tests) see it.

* :func:`page_archive`: ``assets/package/page.zip``, every file of the ``reversi`` package
  that the page's main thread runs (the catalogs included). ``pyscript.toml`` unpacks it
  into the interpreter's folder (``"./assets/package/page.zip" = "./*"``), so the config
  never changes when a module is added, and the package is one request, not forty. Not the
  command line (``reversi/cli/``, ``__main__.py``) nor these tools (``reversi/tools/``): they
  never run there; nor what only the worker runs (:data:`WORKER_ONLY`).
* :func:`engine_archive`: ``assets/package/engine.zip``, what only the engine's worker runs
  (the search, the solver, the evaluation, the JSON API), which the worker fetches itself
  when it starts (``reversi/engine/worker.py`` load), with the names of the data files it
  may fetch later (a rule set's weights, the opening book: one game never needs them all).
* :func:`precache_text`: ``assets/precache.js``, every file the page fetches
  (:func:`precache_files`), which the service worker (``sw.js``) precaches for offline use,
  with the build's version (the cache's name).
* :func:`index_page`: ``index.html`` with the start board drawn in it (between the
  ``board:start`` and ``board:end`` markers) by :func:`reversi.drawing.render.render_board`, so
  the board is painted before Python has loaded and cannot drift from what Python draws.
* :func:`first_paint_script`: ``assets/first-paint-strings.js``, the translations of
  ``index.html``'s marked texts and of the start board's labels, read from the compiled
  catalogs (``assets/first-paint.js`` applies them before Python has loaded).
* :func:`manifest_text`: the web app manifests, one per language; :func:`icon_png`: the icons.
* ``assets/rules/rules.LANG.html``: the rules pages (:mod:`reversi.tools.rules_pages`);
  :func:`teaching_page`: ``assets/examples/teaching.html``, an example of a teacher's page.

Runs under CPython only (the standard library, and Python-Markdown for the rules pages);
the page never imports it.
"""

from __future__ import annotations

import gettext
import hashlib
import html.parser
import io
import json
import re
import zipfile
from pathlib import Path

from reversi.core.position import Position
from reversi.core.rules import Rules
from reversi.drawing.render import render_board, splice_board
from reversi.tools import bytecode
from reversi.ui.controller import Controller

ROOT = Path(__file__).resolve().parents[2]
#: The data files the engine loads: a pattern model per board (and Anti, Classic) and the
#: feature model for every other board (reversi/engine/weights.py pattern_file, feature_file),
#: the opening book (reversi/engine/book.py book_names).
DATA_FILES = ("patterns_*.bin", "book_*.bin", "features.json")
DATA_DIR = "reversi/engine/data/"
#: Parts of the package the browser never runs (so the page does not ship them): the command
#: line and these tools.
#: (``engine/processes.py`` carries jobs over CPython's processes: the browser has none, and its
#: ``multiprocessing`` would pull that package into the cut standard library.)
NOT_SHIPPED = ("reversi/cli/", "reversi/tools/", "reversi/__main__.py", "reversi/engine/processes.py")
#: Scripts the browser fetches by their ``<script src>`` only: the engine's worker
#: (``reversi/ui/dom/engine.py`` start_worker). It is in no archive: the worker imports only
#: modules that the archives ship, and a failed fetch of its script must not stop the page.
FETCHED_BY_SRC = ("reversi/engine/worker.py",)
#: The page's script (``index.html``'s ``<script type="py" src>``), also in the page's archive.
PAGE_SCRIPT = "reversi/ui/dom/main.py"
#: What only the engine's worker runs: the search, the solver, the evaluation and its weights,
#: the JSON API. The page's main thread does not get them; the worker fetches
#: :data:`ENGINE_ARCHIVE` itself. The main thread keeps ``reversi/engine/levels.py`` (the level
#: table of the new-game form), ``protocol.py`` and the package's ``__init__``.
WORKER_ONLY = (
    "reversi/engine/api.py",
    "reversi/engine/balanced.py",
    "reversi/engine/codegen.py",
    "reversi/engine/evaluate.py",
    "reversi/engine/kernels.py",
    "reversi/engine/midgame.py",
    "reversi/engine/patterns.py",
    "reversi/engine/play.py",
    "reversi/engine/search.py",
    "reversi/engine/solver.py",
    "reversi/engine/weights.py",
    DATA_DIR,
)
PAGE_ARCHIVE = "assets/package/page.zip"
ENGINE_ARCHIVE = "assets/package/engine.zip"
#: The standard library the page's interpreters start with (:func:`stdlib_archive`).
STDLIB_ARCHIVE = "assets/package/stdlib.zip"
#: Inside the engine's archive: the data files the worker may fetch when a request needs them.
ENGINE_DATA_LISTING = "engine-data.json"
#: A fixed time for every archive member: the same source makes the same bytes.
_ZIP_TIME = (2026, 1, 1, 0, 0, 0)


def package_files(root: Path = ROOT) -> list[str]:
    """The .py files the browser runs, the weights and the catalogs, as ``reversi/...`` paths, sorted."""
    data = [p for name in DATA_FILES for p in (root / DATA_DIR).glob(name)]
    catalogs = (root / "reversi" / "i18n" / "locale").glob("*/LC_MESSAGES/*.mo")
    python = (p for p in (root / "reversi").rglob("*.py") if "__pycache__" not in p.parts)
    names = (p.relative_to(root).as_posix() for p in [*python, *(p for p in data if p.is_file()), *catalogs])
    return sorted(n for n in names if not n.startswith(NOT_SHIPPED) and n not in FETCHED_BY_SRC)


def main_thread_files(root: Path = ROOT) -> list[str]:
    """What the page's archive ships to the page's main thread (and, shared, to the worker)."""
    return [n for n in package_files(root) if not n.startswith(WORKER_ONLY)]


def worker_files(root: Path = ROOT) -> list[str]:
    """What only the engine's worker runs: its archive's modules and the data files."""
    return [n for n in package_files(root) if n.startswith(WORKER_ONLY)]


def data_files(root: Path = ROOT) -> list[str]:
    """The weights and the book, fetched by the worker one by one when a request needs them."""
    return [n for n in worker_files(root) if n.startswith(DATA_DIR) and n.endswith(".bin")]


def archive(root: Path, names: list[str], extra: dict[str, bytes] | None = None) -> bytes:
    """A zip of ``names`` (paths from ``root``) and ``extra`` members: the same bytes for the same files."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as out:
        members = [(name, (root / name).read_bytes()) for name in names] + sorted((extra or {}).items())
        for name, data in members:
            info = zipfile.ZipInfo(name, date_time=_ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            out.writestr(info, data)
    return buffer.getvalue()


#: How much the package's bytecode is optimised (:mod:`reversi.tools.bytecode`): 2, without its
#: docstrings and asserts (nothing the browser runs reads a docstring), a third fewer bytes.
PACKAGE_OPTIMIZE = 2


def page_archive(root: Path = ROOT, compiled: bool = True) -> bytes:
    """The page's archive, its modules as bytecode, and PyScript's in the interpreter's bytecode cache
    (:func:`reversi.tools.bytecode.pyscript_bytecode`); ``compiled=False``: the package's as source."""
    template = board_template((root / "index.html").read_text(encoding="utf-8"))
    extra = {BOARD_TEMPLATE: template.encode()}
    if compiled:  # PyScript's own modules too, which it would compile from source at every start
        extra.update(bytecode.pyscript_bytecode(root))
    made = archive(root, main_thread_files(root), extra)
    return bytecode.compile_archive(made, root, PACKAGE_OPTIMIZE) if compiled else made


def stdlib_archive(root: Path = ROOT) -> bytes:
    """``assets/package/stdlib.zip``: the runtime's standard library cut to what the browser can import,
    as bytecode (:func:`reversi.tools.bytecode.stdlib_archive`); the runtime's own when that cannot
    be made (no Python of its version, no Node.js)."""
    sources = {name: (root / name).read_text(encoding="utf-8") for name in [*package_files(root), *FETCHED_BY_SRC]
               if name.endswith(".py")}
    made = bytecode.stdlib_archive(sources, root)
    return made if made is not None else (root / bytecode.RUNTIME_STDLIB).read_bytes()


# -- live boards in a teacher's page (assets/embed.js, reversi/ui/dom/boards.py) ------------------

#: Inside the page's archive: one board's parts, cut out of index.html (reversi/ui/dom/boards.py).
BOARD_TEMPLATE = "reversi/ui/embed/board.html"
#: The boards' style sheet: assets/app.css for a shadow root.
BOARDS_CSS = "assets/boards.css"
#: The parts of index.html a board is made of: the caption over the board, the board, the
#: embed's replay bar, the move list (element id, tag).
BOARD_PARTS = (("embed-caption", "p"), ("board", "div"), ("embed-bar", "div"), ("move-list", "div"))


def element_html(text: str, element_id: str, tag: str = "div") -> str:
    """The whole ``<tag id="element_id">`` of ``text`` (nested elements of its tag included)."""
    found = re.search(rf'<{tag}\b[^>]*\bid="{re.escape(element_id)}"', text)
    if found is None:
        raise ValueError(f"index.html has no <{tag} id={element_id!r}>")
    depth = 0
    for match in re.finditer(rf"<(/?){tag}\b[^>]*>", text[found.start():]):
        depth += -1 if match.group(1) else 1
        if depth == 0:
            return text[found.start(): found.start() + match.end()]
    raise ValueError(f"index.html's <{tag} id={element_id!r}> is not closed")


def board_template(index_text: str) -> str:
    """One live board's markup: the parts of the iframe embed (:data:`BOARD_PARTS`) in its layout.
    The board's description points at the app's status line, which a board has not: left out."""
    caption, board, bar, moves = (element_html(index_text, name, tag) for name, tag in BOARD_PARTS)
    board = re.sub(r'\s+aria-describedby="[^"]*"', "", board, count=1)
    return (f'<main class="layout"><section class="board-area">{caption}{board}{bar}</section>'
            f'<aside class="panel">{moves}</aside></main>')


_SHADOW_NAMES = ((re.compile(r":root\b"), ".reversi-root"),
                 (re.compile(r"(?<![\w.#-])html\b"), ".reversi-root"),
                 (re.compile(r"(?<![\w.#-])body\b"), ".reversi-body"))
#: What a board's shadow root adds: nothing inherited from the host page, a box of its own.
SHADOW_BASE = (":host { all: initial; display: block; container-type: inline-size; }\n"
               ".reversi-root { border-radius: 8px; padding: 8px; }\n"
               ".reversi-wait { margin: 4px 0 0; font: 14px/1.4 system-ui, sans-serif; color: #555; }\n"
               ".reversi-wait[hidden] { display: none; }\n")
#: The boards' script: served with what it says in each language written into it.
EMBED_SCRIPT = "assets/embed.js"
#: Where the script's table of what it says goes (a JavaScript object, empty in the source).
EMBED_STRINGS_MARK = re.compile(r"/\*STRINGS\*/.*?/\*STRINGS\*/", re.S)


def embed_strings() -> dict[str, dict[str, str]]:
    """:data:`reversi.ui.embed.snippets.LOADER_MESSAGES` in each language but English (what
    ``assets/embed.js`` says while it loads, or when it cannot)."""
    from reversi.ui.embed.snippets import LOADER_MESSAGES

    return {code: {text: tr.gettext(text) for text in LOADER_MESSAGES} for code, tr in catalogs().items()}


def embed_script(root: Path = ROOT) -> str:
    """``assets/embed.js`` with :func:`embed_strings` written into it: a board says why it is
    not live with nothing more to fetch from a site that may not answer."""
    text = (root / EMBED_SCRIPT).read_text(encoding="utf-8")
    table = json.dumps(embed_strings(), ensure_ascii=True, sort_keys=True, separators=(",", ":"))
    made, count = EMBED_STRINGS_MARK.subn(lambda _: "/*STRINGS*/" + table + "/*STRINGS*/", text, count=1)
    if not count:
        raise ValueError(f"{EMBED_SCRIPT} has lost its /*STRINGS*/{{}}/*STRINGS*/ table")
    return made


def boards_css(root: Path = ROOT) -> str:
    """``assets/boards.css``: the page's style sheet for the boards' shadow roots."""
    return shadow_css((root / "assets" / "app.css").read_text(encoding="utf-8"))


def shadow_css(css: str) -> str:
    """``css`` (the page's style sheet) for a board's shadow root: what it says of the page
    (``:root``, ``html``, ``body``) said of the board's own two boxes (``reversi/ui/dom/boards.py``),
    and what it says of the window's width said of the board's place (a container query)."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    # a board is as wide as its place in the teacher's text, not as the window
    css = re.sub(r"@media (\((?:min|max)-width: *\d+px\)) *\{", r"@container \1 {", css)
    css = re.sub(r"\b100vw\b", "100cqw", css)
    parts = re.split(r"([{}])", css)
    for k in range(len(parts) - 1):
        if parts[k + 1] == "{" and not parts[k].strip().startswith("@"):
            for pattern, name in _SHADOW_NAMES:
                parts[k] = pattern.sub(name, parts[k])
    return "/* Made by the site generator from assets/app.css (reversi/tools/build.py shadow_css). */\n" + \
        SHADOW_BASE + "".join(parts)


def engine_archive(root: Path = ROOT, compiled: bool = True) -> bytes:
    """The engine's archive, its modules as bytecode (``compiled=False``: as source)."""
    data = data_files(root)
    modules = [n for n in worker_files(root) if n not in data]
    sizes = {n.removeprefix(DATA_DIR): (root / n).stat().st_size for n in data}  # the worker checks them
    # their contents' SHA-256 too: the archive's own digest then changes with any of them, and with it the
    # key of the engine's memory snapshot, which holds what was built from them (assets/snapshot-worker.js)
    digests = {n.removeprefix(DATA_DIR): hashlib.sha256((root / n).read_bytes()).hexdigest() for n in data}
    listing = json.dumps({"data": sizes, "sha256": digests}, indent=1, sort_keys=True) + "\n"
    made = archive(root, modules, {ENGINE_DATA_LISTING: listing.encode()})
    return bytecode.compile_archive(made, root, PACKAGE_OPTIMIZE) if compiled else made


#: Top-level files of the site (the service worker must sit at the top: its scope is its folder).
TOP_FILES = ("index.html", "pyscript.toml", "sw.js")
#: The page's own assets in the source (the runtime is listed from its pins).
ASSET_GLOBS = ("assets/*.css", "assets/*.js", "assets/icons/*.svg", "assets/rules/*.css")
#: Scripts under assets/ the page never loads (a development tool).
NOT_FETCHED = ("assets/fetch_runtime.py",)
#: Runtime files the page never loads: PyScript's code editor (CodeMirror and its ``index-``
#: chunk), terminal, MicroPython, own service worker, its ``pyscript.storage``, its own
#: style sheet and its unpacker of ``[files]`` archives (``zip-``: assets/interpreter.js unpacks
#: the page's archive). Precached, they cost a first visit about 150 kB (compressed) for nothing.
RUNTIME_UNUSED = ("codemirror", "xterm", "mpy-", "service-worker.js", "index-", "storage.js", "core.css", "zip-",
                  "python_stdlib.zip")
PRECACHE = "assets/precache.js"
PRECACHE_PREFIX = "self.REVERSI_PRECACHE = "
FIRST_PAINT = "assets/first-paint-strings.js"
RULES_PAGES = "assets/rules"


def runtime_files(root: Path = ROOT) -> list[str]:
    """The runtime's files the page may fetch, from the pinned list (``assets/runtime-pins.json``):
    not Pyodide's package wheels nor PyScript's code editor and its service worker, which this
    page never loads."""
    pins = json.loads((root / "assets" / "runtime-pins.json").read_text(encoding="utf-8"))
    names = (f"assets/runtime/{name}" for name in pins["files"])
    return sorted(n for n in names if not n.endswith(".whl") and not n.split("/")[-1].startswith(RUNTIME_UNUSED))


def source_assets(root: Path = ROOT) -> list[str]:
    """The page's assets that are served as they are in the source."""
    found = {p.relative_to(root).as_posix() for pattern in ASSET_GLOBS for p in root.glob(pattern) if p.is_file()}
    return sorted(found - set(NOT_FETCHED))


def generated_names(root: Path = ROOT) -> list[str]:
    """Every file the generator makes that the page may fetch (not the example page)."""
    from reversi.i18n import LANGUAGES

    return sorted({
        "index.html", PAGE_ARCHIVE, ENGINE_ARCHIVE, STDLIB_ARCHIVE, PRECACHE, FIRST_PAINT, BOARDS_CSS,
        *(manifest_name(code) for code in LANGUAGES),
        *(f"assets/icons/{name}" for name, _, _ in ICONS),
        *(f"{RULES_PAGES}/rules.{code}.html" for code in LANGUAGES),
    })


def precache_files(root: Path = ROOT) -> list[str]:
    """Every file the page fetches, as paths from the site's top (``./`` relative), sorted."""
    files = [*TOP_FILES, *source_assets(root), *generated_names(root), *runtime_files(root), *FETCHED_BY_SRC,
             PAGE_SCRIPT, *data_files(root)]
    return sorted(set(files))


def precache_text(files: list[str], version: str) -> str:
    """``assets/precache.js``: the list the service worker precaches, and the build's version."""
    data = {"version": version, "files": files}
    return (
        "// Made by the site generator (reversi/tools/build.py): what sw.js precaches,\n"
        "// and the build's version (the cache's name).\n"
        + PRECACHE_PREFIX
        + json.dumps(data, indent=1)
        + ";\n"
    )


def index_page(root: Path = ROOT) -> str:
    """``index.html`` with the start board drawn in it and the start's files preloaded."""
    text = splice_board((root / "index.html").read_text(encoding="utf-8"), render_board(Controller().board_view()))
    if PRELOAD_MARK not in text:
        raise ValueError("index.html has lost its preload comment")
    return text.replace(PRELOAD_MARK, preload_links(root), 1)


#: Where index.html's head takes the preloads (:func:`preload_links`).
PRELOAD_MARK = ("<!-- preload (the site generator names here what the start needs, so that it is fetched "
                "at once: reversi/tools/build.py) -->")
#: What the runtime fetches with ``fetch()`` as it starts (Pyodide's core and the page's archive).
PRELOAD_FETCHED = ("assets/runtime/pyodide/pyodide.asm.wasm", STDLIB_ARCHIVE,
                   "assets/runtime/pyodide/pyodide-lock.json", PAGE_ARCHIVE)
#: What it imports as modules (the page's start of Pyodide, Pyodide's loader and its Emscripten module).
PRELOAD_MODULES = ("assets/interpreter.js", "assets/runtime/pyodide/pyodide.mjs",
                   "assets/runtime/pyodide/pyodide.asm.js")


def preload_links(root: Path = ROOT) -> str:
    """The ``<link rel=preload>`` and ``modulepreload`` tags of the files the start needs: fetched
    when the page's head is read instead of one after the other as each script asks for the next
    (PyScript's core, then Pyodide's loader, then its files, then the archive once Python runs).
    The same request as the runtime's own (``crossorigin``: a ``fetch()``'s mode), so each file
    crosses the network once. PyScript's own chunk (what ``core.js`` re-exports) is named from
    the installed runtime; a name that is not a file of the pinned runtime is left out."""
    pinned = set(runtime_files(root))
    core = root / "assets" / "runtime" / "pyscript" / "core.js"
    found = re.search(r'from"\./(core-[\w-]+\.js)"', core.read_text(encoding="utf-8")) if core.is_file() else None
    if found:
        chunks = [f"assets/runtime/pyscript/{found.group(1)}"]
    else:  # not fetched yet (a checkout's first build): the pins name the one chunk there is
        chunks = [name for name in sorted(pinned) if re.fullmatch(r"assets/runtime/pyscript/core-[\w-]+\.js", name)]
        chunks = chunks if len(chunks) == 1 else []
    modules = [*PRELOAD_MODULES, *chunks]
    links = [f'<link rel="modulepreload" href="./{name}">' for name in modules
             if name in pinned or not name.startswith("assets/runtime/")]
    links += [f'<link rel="preload" href="./{name}" as="fetch" crossorigin>' for name in PRELOAD_FETCHED
              if name in pinned or name in (PAGE_ARCHIVE, STDLIB_ARCHIVE)]
    return "\n  ".join(links)


# -- the first paint in the page's language, and the manifests ------------------------------------

#: Attributes of index.html that may carry a message (named by ``data-i18n-attrs``).
HTML_ATTRIBUTES = ("title", "aria-label", "placeholder", "content", "alt")


class _MarkedText(html.parser.HTMLParser):
    """The texts of ``index.html`` marked with ``data-i18n`` / ``data-i18n-attrs``, with line numbers."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[str, int]] = []
        self._open: list[tuple[str, int, list[str]]] = []  # (tag, line, text parts) of marked elements

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        line = self.getpos()[0]
        for name in (values.get("data-i18n-attrs") or "").split():
            value = values.get(name)
            if name not in HTML_ATTRIBUTES:
                raise ValueError(f"index.html line {line}: data-i18n-attrs names {name!r}, not a text attribute")
            if value:
                self.found.append((" ".join(value.split()), line))
        if "data-i18n" in values:
            self._open.append((tag, line, []))

    def handle_data(self, data: str) -> None:
        if self._open:
            self._open[-1][2].append(data)

    def handle_endtag(self, tag: str) -> None:
        if self._open and self._open[-1][0] == tag:
            _, line, parts = self._open.pop()
            text = " ".join("".join(parts).split())
            if text:
                self.found.append((text, line))


def html_messages(text: str) -> list[tuple[str, int]]:
    parser = _MarkedText()
    parser.feed(text)
    parser.close()
    return parser.found



_ARIA_LABEL = re.compile(r'aria-label="([^"]*)"')


def _start_board_labels() -> list[str]:
    """The board's name and its squares' aria-labels of a new game's board, in the current language."""
    from html import unescape

    view = Controller().board_view()
    return [view.label] + [unescape(label) for label in _ARIA_LABEL.findall(render_board(view))]


def catalogs() -> dict[str, gettext.NullTranslations]:
    """The compiled catalog of every language but English (what the page reads)."""
    from reversi.i18n import DEFAULT, DOMAIN, LANGUAGES, LOCALE_DIR

    return {code: gettext.translation(DOMAIN, LOCALE_DIR, languages=[code]) for code in LANGUAGES
            if code != DEFAULT}


def first_paint_strings(translations: dict[str, gettext.NullTranslations],
                        root: Path = ROOT) -> dict[str, dict[str, str]]:
    """For each language but English: English text -> its translation, for index.html's marked
    texts and the start board's labels (what ``assets/first-paint.js`` replaces)."""
    import reversi.i18n as i18n

    messages = sorted({text for text, _ in html_messages((root / "index.html").read_text(encoding="utf-8"))})
    saved_catalogs, saved_language = dict(i18n._catalogs), i18n.language()
    try:
        i18n.set_language(i18n.DEFAULT)
        english = _start_board_labels()
        out: dict[str, dict[str, str]] = {}
        for code, tr in translations.items():
            i18n._catalogs[code] = tr
            i18n.set_language(code)
            table = {text: tr.gettext(text) for text in messages}
            table.update(zip(english, _start_board_labels(), strict=True))
            out[code] = {k: v for k, v in sorted(table.items()) if v != k}
        return out
    finally:
        i18n._catalogs.clear()
        i18n._catalogs.update(saved_catalogs)
        i18n.set_language(saved_language)


def first_paint_script(root: Path = ROOT) -> str:
    """The text of ``assets/first-paint-strings.js``, from the compiled catalogs."""
    body = json.dumps(first_paint_strings(catalogs(), root), ensure_ascii=False, indent=0, sort_keys=True)
    return (
        "// Made by the site generator from the catalogs (reversi/tools/build.py).\n"
        "// index.html's marked texts and the start board's labels, by language (read by first-paint.js).\n"
        f"window.REVERSI_FIRST_PAINT = {body};\n"
    )


_META_DESCRIPTION = re.compile(r'<meta name="description"[^>]*content="([^"]*)"')


#: The app's name and short name (a phone's home screen) where a language writes them in its own
#: script; the others keep the Latin name, as their catalogs do.
APP_NAMES: dict[str, tuple[str, str]] = {"ja": ("リバーシ・オセロ", "リバーシ")}
APP_NAME = ("Reversi · Othello", "Reversi")


def manifest_name(code: str) -> str:
    return "assets/manifest.webmanifest" if code == "en" else f"assets/manifest.{code}.webmanifest"


def manifest_text(code: str, root: Path = ROOT) -> str:
    """The web app manifest in language ``code`` (``index.html`` links the page's language's)."""
    from html import unescape

    tr = catalogs().get(code, gettext.NullTranslations())
    found = _META_DESCRIPTION.search((root / "index.html").read_text(encoding="utf-8"))
    description = unescape(found.group(1)) if found else ""
    name, short_name = APP_NAMES.get(code, APP_NAME)
    data = {
        "name": name,
        "short_name": short_name,
        "description": tr.gettext(description) if description else "",
        "lang": code,
        "dir": "ltr",
        "id": "./",
        "start_url": "../index.html",
        "scope": "../",
        "display": "standalone",
        "background_color": "#161512",
        "theme_color": "#161512",
        "icons": [
            {"src": "icons/icon-192.png", "sizes": "192x192", "type": "image/png"},
            {"src": "icons/icon-512.png", "sizes": "512x512", "type": "image/png"},
            {"src": "icons/maskable-512.png", "sizes": "512x512", "type": "image/png", "purpose": "maskable"},
            {"src": "icons/favicon.svg", "sizes": "any", "type": "image/svg+xml"},
        ],
    }
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


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


# -- the example teaching page --------------------------------------------------------------

TEACHING_PAGE = "assets/examples/teaching.html"
#: The example of a page of live boards on one script (assets/embed.js).
LESSON_PAGE = "assets/examples/lesson.html"
#: Its policy: scripts and connections from the site (here the same), WebAssembly, no inline script.
LESSON_POLICY = ("default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self'; "
                 "style-src 'self' 'unsafe-inline'; img-src 'self' data:")
#: The openings of the lesson: (caption, a game link's query). Names and moves are the openings' own.
LESSON_OPENINGS = (
    ("Perpendicular opening: f5 d6", "m=f5d6"),
    ("Parallel opening: f5 f4", "m=f5f4"),
    ("Diagonal opening: f5 f6", "m=f5f6"),
    ("The Tiger", "m=f5d6c3d3c4"),
    ("The Rose", "m=f5d6c5f4e3f6g5e6e7"),
    ("The Buffalo", "m=f5f6e6f4c3"),
    ("The Cow", "m=f5d6c5"),
    ("The Heath", "m=f5f6e6f4g6"),
)
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
    from reversi.ui.embed.puzzle import puzzle_query

    reply = analyse(None, None, TEACHING_PUZZLE, time_limit=None, exact_empties=12)
    if not reply.get("exact"):
        raise RuntimeError(f"the example puzzle was not solved exactly: {reply}")
    return puzzle_query(play_transcript(Position.start(Rules()), TEACHING_PUZZLE).position, reply)


def lesson_page() -> str:
    """The example of a lesson: ten live boards (openings, a commented game, a puzzle) on one script."""
    from reversi.ui.embed.snippets import lite_snippet

    def board(caption: str, query: str, view: str = "embed") -> str:
        return f"  <figure>{lite_snippet(APP_FROM_EXAMPLES, query, caption, view=view)}</figure>"

    openings = "\n".join(board(caption, query) for caption, query in LESSON_OPENINGS)
    return f"""<!DOCTYPE html>
<!-- Made by the site generator (reversi/tools/build.py lesson_page). -->
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta http-equiv="Content-Security-Policy" content="{LESSON_POLICY}">
  <title>Othello openings: a lesson with live boards</title>
  <link rel="icon" href="../icons/favicon.svg" type="image/svg+xml">
  <style>
    body {{ max-width: 720px; margin: 0 auto; padding: 16px; font: 17px/1.55 Georgia, serif; color: #222; }}
    figure {{ margin: 16px 0; }}
    figure svg {{ width: min(100%, 360px); height: auto; display: block; }}
  </style>
  <script src="../embed.js" defer></script>
</head>
<body>
  <h1>Othello openings: a lesson with live boards</h1>
  <p>Every board of this page is live: go through its moves with the buttons or the arrow keys.
  The page has one script tag, and the program behind all ten boards is loaded once.
  Without scripts each board is a picture that links to the game viewer.</p>
  <h2>A commented game</h2>
{board("The Tiger, with a comment and a variation", TEACHING_GAME)}
  <h2>The first moves</h2>
{openings}
  <h2>A puzzle</h2>
  <p>Black to move: find the best move. The answers were worked out when the page was made.</p>
{board("Black to move: the endgame", teaching_puzzle(), "puzzle")}
</body>
</html>
"""


def teaching_page() -> str:
    """The example teaching page (English: it is the teacher's own text)."""
    from reversi.ui.embed.snippets import lite_snippet, viewer_snippet

    diagrams = "\n".join(
        f"      <figure>{lite_snippet(APP_FROM_EXAMPLES, query, caption)}<figcaption>{caption}</figcaption></figure>"
        for caption, query in TEACHING_DIAGRAMS
    )
    viewer = viewer_snippet(APP_FROM_EXAMPLES, TEACHING_GAME, "The Tiger opening")
    puzzle = viewer_snippet(APP_FROM_EXAMPLES, teaching_puzzle(), "Black to move: the endgame", view="puzzle",
                            width=480)
    return f"""<!DOCTYPE html>
<!-- Made by the site generator (reversi/tools/build.py; the diagrams are drawn by reversi/ui/embed/snippets.py). -->
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
