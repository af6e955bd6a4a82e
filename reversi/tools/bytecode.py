"""Python bytecode for the browser's interpreter, made by the site's generator.

On a first visit the page's interpreter has nothing cached: every module it imports (the standard
library's, PyScript's, the package's) that arrives as source is compiled to bytecode on the page's
main thread, which at a phone's speed is most of that thread's time before the board takes moves
(``tests/bench/trace_load.py --throttle 4 --phone``; the figure is in CONTRIBUTING.md). So the
site ships bytecode instead of source:

* :func:`compile_archive`: the package's archives (``page.zip``, ``engine.zip``) with each ``.py``
  replaced by its ``.pyc``: imported from a folder, a ``.pyc`` with no source beside it is loaded
  as it is (Python's sourceless loader);
* :func:`stdlib_archive`: the runtime's standard library (``python_stdlib.zip``, sources) cut to
  the modules the page, the worker, PyScript and Pyodide can import (:func:`stdlib_closure`: every
  import statement, those inside functions too, followed from :data:`STDLIB_ROOTS`, plus
  :data:`STDLIB_ALWAYS`, what the interpreter imports by name), as bytecode with neither
  docstrings nor asserts (``optimize=2``): ``assets/package/stdlib.zip``, which
  ``assets/interpreter.js`` gives Pyodide as its standard library;
* :func:`pyscript_bytecode`: PyScript's own modules, which its JavaScript writes as source into the
  interpreter's folder at every start: their bytecode goes into the page's archive, in the folder's
  bytecode cache, where the interpreter takes it instead of compiling the source.

Bytecode is tied to a Python version (its "magic number" changes with each minor version): it is
made by a Python of the runtime's own minor version (:func:`runtime_python` reads it from the
runtime's lock file), found on this machine (this interpreter, ``python3.13`` on the PATH, or
pyenv's), or else by the runtime's own Pyodide run by Node.js (``bytecode_node.mjs``; Node is
there: ``npm`` fetched the runtime). Made once per content and kept in ``.tools/bytecode/``. With
no way to make it, the archives stay source and the standard library the runtime's own: the page
works, its first start is slower (a warning says so).

Runs under CPython only; the page never imports it.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import warnings
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RUNTIME_LOCK = "assets/runtime/pyodide/pyodide-lock.json"
RUNTIME_STDLIB = "assets/runtime/pyodide/python_stdlib.zip"
CACHE_DIR = ".tools/bytecode"
NODE_RUNNER = Path(__file__).with_name("bytecode_node.mjs")

#: Where the standard library's cut starts, besides the package's imports and PyScript's
#: (:func:`pyscript_imports`): Pyodide's own packages (in the standard library's archive) and what
#: Pyodide's JavaScript imports by name as it starts and runs coroutines.
STDLIB_ROOTS = ("asyncio", "inspect", "tarfile", "shutil")
#: Kept with every module in them: Pyodide's own packages (its C code imports their modules by name,
#: ``_pyodide.docstring`` for one).
STDLIB_WHOLE = ("_pyodide", "pyodide")
#: Imported by name, not by an import statement: by the interpreter itself (``_strptime`` for
#: ``strptime``, the traceback printer and what it colours with, the site's start), or looked up at
#: run time (``sysconfig``'s data, the codecs below).
STDLIB_ALWAYS = ("_strptime", "traceback", "_colorize", "linecache", "site", "_sitebuiltins", "sysconfig",
                 "_sysconfigdata__emscripten_wasm32-emscripten", "warnings", "__future__", "gettext", "locale")
#: The codecs kept (``encodings`` is looked up by name, so no import statement names them): Unicode's,
#: ASCII and Latin-1, Windows' Western European code page, DOS's (``zipfile``'s names) and what
#: ``str`` and ``bytes`` escape with. Another name raises ``LookupError: unknown encoding``.
STDLIB_CODECS = ("__init__", "aliases", "ascii", "latin_1", "utf_8", "utf_8_sig", "utf_16", "utf_16_le",
                 "utf_16_be", "utf_32", "utf_32_le", "utf_32_be", "cp1252", "cp437", "charmap",
                 "unicode_escape", "raw_unicode_escape", "idna", "punycode")
#: Not followed from inside a function (what a module kept imports when one of its functions is
#: called, for what no page does: the debugger, documentation, tests, processes, a terminal, mail
#: and web servers, Tk, command lines, the REPL of Pyodide's console...); a module kept imports them
#: at its top all the same. Of a package kept whole, these modules are left out. The pure-Python
#: twins of C modules Pyodide has (``_pydatetime``...) are imported only when the C one is missing.
STDLIB_NEVER = ("pydoc", "pdb", "doctest", "unittest", "multiprocessing", "_pyrepl", "http", "xmlrpc",
                "pyodide.console", "argparse", "getopt", "tracemalloc", "statistics", "pickle", "csv", "bz2", "lzma",
                "subprocess", "tkinter", "idlelib", "turtle", "turtledemo", "lib2to3", "ensurepip", "venv",
                "concurrent", "curses", "dbm", "sqlite3", "wsgiref", "xml", "mailbox", "smtplib", "imaplib",
                "poplib", "ftplib", "nntplib", "telnetlib", "socketserver", "urllib.request", "webbrowser",
                "pstats", "cProfile", "profile", "trace", "tabnanny", "pyclbr", "code", "codeop", "rlcompleter",
                "readline", "getpass", "pty", "tty", "platform", "ctypes", "asyncio.__main__", "zipapp",
                "compileall", "py_compile", "modulefinder", "runpy", "filecmp", "netrc", "plistlib",
                "shelve", "mimetypes", "ipaddress", "sched", "_pydecimal", "pickletools", "tomllib",
                "_pydatetime", "_pyio", "_pylong")

#: The program a Python of the runtime's version runs (or Pyodide under Node): ``argv[1]`` names a
#: JSON job, ``{"in": zip, "out": zip, "optimize": N, "roots": [...] | null, "always": [...], "never": [...],
#: "codecs": [...], "whole": [...], "sources": {name: text}, "cached": bool}``. With ``roots`` it first
#: cuts the archive to the closure of those modules and of the import statements of ``sources`` (the
#: package's), never following ``never``, keeping of ``encodings`` only ``codecs``, every module of
#: the ``whole`` packages; then every ``.py`` member becomes a ``.pyc``; with ``cached``, each
#: ``DIR/NAME.py`` becomes ``DIR/__pycache__/NAME.<tag>.pyc``, unchecked (:func:`pyscript_bytecode`).
PROGRAM = r'''
import ast, importlib._bootstrap_external as ext, importlib.util, json, sys, zipfile

job = json.loads(open(sys.argv[1], encoding="utf-8").read())
src = zipfile.ZipFile(job["in"])
members = {i.filename: i for i in src.infolist() if not i.is_dir()}

def module_file(name):
    base = name.replace(".", "/")
    for path in (base + "/__init__.py", base + ".py"):
        if path in members:
            return path
    return None

def names_of(node, package):
    """The modules an import statement can import."""
    if isinstance(node, ast.Import):
        found = set()
        for alias in node.names:
            parts = alias.name.split(".")
            found.update(".".join(parts[:k]) for k in range(1, len(parts) + 1))
        return found
    if node.level:
        base = package.split(".")
        base = base[:len(base) - node.level + 1] if node.level > 1 else base
        head = ".".join(base + ([node.module] if node.module else []))
    else:
        head = node.module or ""
    parts = head.split(".")
    found = {".".join(parts[:k]) for k in range(1, len(parts) + 1) if parts[0]}
    return found | {head + "." + alias.name for alias in node.names if alias.name != "*"}

def imports_of(text, name, is_package):
    """(what importing the module imports, what its functions may import when called or it falls back
    on when an import fails); not what it imports when run as a script or on another system."""
    try:
        tree = ast.parse(text)
    except SyntaxError:
        return set(), set()
    package = name if is_package else name.rpartition(".")[0]
    top, nested = set(), set()
    def visit(node, inside):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.Import, ast.ImportFrom)):
                (nested if inside else top).update(names_of(child, package))
            if isinstance(child, ast.If):
                test = ast.unparse(child.test)
                if "__main__" in test:
                    continue  # what it runs as a script: never in the page
                if "win32" in test or "'nt'" in test or "darwin" in test:
                    for other in child.orelse:  # another system's branch: only the other one runs here
                        visit(ast.Module(body=[other], type_ignores=[]), inside)
                    continue
            if isinstance(child, ast.ExceptHandler):  # a fallback (a pure-Python twin of a C module)
                visit(child, True)
                continue
            visit(child, inside or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)))
    visit(tree, False)
    return top, nested

if job["roots"] is not None:
    keep, todo = set(), list(job["roots"]) + list(job["always"])
    for text in job["sources"].values():
        for found in imports_of(text, "", False):
            todo.extend(found)
    todo.extend("encodings." + c for c in job["codecs"])
    never = tuple(job["never"])
    def blocked(name):
        return any(name == n or name.startswith(n + ".") for n in never)
    for package in job["whole"]:  # kept with every module in it (its C code imports them by name)
        prefix = package.replace(".", "/") + "/"
        todo.extend(m for m in (p[:-3].replace("/", ".").removesuffix(".__init__") for p in members
                                if p.startswith(prefix) and p.endswith(".py")) if not blocked(m))
    seen, later = set(), []
    while todo or later:
        if not todo:  # what a function imports when it is called: not what no page can run
            todo.extend(n for n in later if not blocked(n))
            later = []
            continue
        name = todo.pop()
        if name in seen:
            continue
        if name.startswith("encodings.") and name[10:] not in job["codecs"]:
            continue
        seen.add(name)
        path = module_file(name)
        if path is None:
            continue
        keep.add(path)
        parts = name.split(".")
        todo.extend(".".join(parts[:k]) for k in range(1, len(parts)))
        top, nested = imports_of(src.read(path).decode("utf-8"), name, path.endswith("__init__.py"))
        todo.extend(top)
        later.extend(nested)
    # what is not Python (the package's data) goes with a package kept
    kept_dirs = {p.rpartition("/")[0] for p in keep}
    names = sorted(p for p in members if p in keep or (not p.endswith(".py") and p.rpartition("/")[0] in kept_dirs))
else:
    names = sorted(members)

with zipfile.ZipFile(job["out"], "w", zipfile.ZIP_DEFLATED, compresslevel=9) as out:
    for name in names:
        data = src.read(name)
        info = zipfile.ZipInfo(name, date_time=(2026, 1, 1, 0, 0, 0))
        info.compress_type = zipfile.ZIP_DEFLATED
        info.external_attr = 0o644 << 16
        if name.endswith(".py"):
            code = compile(data, name, "exec", dont_inherit=True, optimize=job["optimize"])
            if job.get("cached"):  # beside a source written at run time: its folder's cache, unchecked
                folder, _, module = name.rpartition("/")
                info.filename = f"{folder}/__pycache__/{module[:-3]}.{sys.implementation.cache_tag}.pyc"
                data = bytes(ext._code_to_hash_pyc(code, importlib.util.source_hash(data), False))
            else:
                data = bytes(ext._code_to_timestamp_pyc(code, 0, len(data)))
                info.filename = name + "c"
        out.writestr(info, data)
print(json.dumps({"magic": importlib.util.MAGIC_NUMBER.hex(), "members": len(names)}))
'''


_PYTHON_IMPORT = re.compile(r"(?:^|\\n)[ \t]*(?:from[ \t]+([\w.]+)[ \t]+import|import[ \t]+([\w., ]+))")


def pyscript_imports(root: Path = ROOT) -> set[str]:
    """The modules PyScript's Python imports: its modules are strings in its JavaScript (the code
    editor's, the terminal's and MicroPython's chunks, which the page never loads, left out)."""
    found: set[str] = set()
    for script in (root / "assets/runtime/pyscript").glob("*.js"):
        if script.name.startswith(("codemirror", "xterm", "mpy-")):
            continue
        for match in _PYTHON_IMPORT.finditer(script.read_text(encoding="utf-8", errors="replace")):
            names = [match.group(1)] if match.group(1) else match.group(2).split(",")
            found.update(n.strip().split(" ")[0] for n in names if n.strip())
    return {n for n in found if n.isidentifier() or all(p.isidentifier() for p in n.split("."))}


#: The folder (in the interpreter's, its working directory) where PyScript writes its own modules.
PYSCRIPT_FOLDER = "pyscript"


def pyscript_sources(root: Path = ROOT) -> dict[str, str]:
    """PyScript's own Python modules, as its JavaScript writes them into the interpreter's folder at
    every start (``pyscript/NAME.py``, source), read from the chunk the runtime's ``core.js``
    imports: ``{NAME.py: text}``, empty when the runtime is not installed or holds them otherwise."""
    folder = root / "assets/runtime/pyscript"
    try:
        chunk = re.search(r'from\s*"\./(core-[\w-]+\.js)"', (folder / "core.js").read_text(encoding="utf-8"))
        if chunk is None:
            return {}
        text = (folder / chunk.group(1)).read_text(encoding="utf-8")
        start = text.index('pyscript:{"__init__.py"') + len("pyscript:")
        modules, _end = json.JSONDecoder().raw_decode(text, start)
    except (OSError, ValueError):
        return {}
    return {name: source for name, source in modules.items()
            if isinstance(source, str) and re.fullmatch(r"\w+\.py", name)}


def pyscript_bytecode(root: Path = ROOT) -> dict[str, bytes]:
    """PyScript's modules (:func:`pyscript_sources`) compiled ahead, as the members of an archive
    unpacked into the interpreter's folder that put each in the bytecode cache beside the source
    PyScript writes there (``pyscript/__pycache__/NAME.cpython-313.pyc``). Unchecked hash-based
    bytecode: the interpreter takes it without comparing it with the source (written anew at each
    start, its time is the start's), where it compiled about 30 KB of source at every start (PyScript's
    set-up 0.17 s before, 0.09 s after on this machine's test browser). Empty when it cannot be made."""
    sources = pyscript_sources(root)
    if not sources or runtime_python(root) is None:
        return {}
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, text in sorted(sources.items()):
            archive.writestr(zipfile.ZipInfo(f"{PYSCRIPT_FOLDER}/{name}", date_time=(2026, 1, 1, 0, 0, 0)), text)
    made = _run(buffer.getvalue(), {"optimize": 0, "roots": None, "cached": True}, root)
    if made is None:
        return {}
    with zipfile.ZipFile(io.BytesIO(made)) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


def runtime_python(root: Path = ROOT) -> tuple[int, int] | None:
    """The runtime's Python version (major, minor), from its lock file; None when not installed."""
    try:
        text = json.loads((root / RUNTIME_LOCK).read_text(encoding="utf-8"))["info"]["python"]
        major, minor = (int(p) for p in str(text).split(".")[:2])
    except (OSError, ValueError, KeyError, TypeError):
        return None
    return major, minor


def find_python(version: tuple[int, int]) -> list[str] | None:
    """A command that runs a Python of ``version`` on this machine, if there is one."""
    if sys.version_info[:2] == version:
        return [sys.executable]
    name = f"python{version[0]}.{version[1]}"
    found = shutil.which(name)
    if found and "shims" not in Path(found).parts:  # pyenv's shim runs only the version selected
        return [found]
    pyenv = Path(os.environ.get("PYENV_ROOT", Path.home() / ".pyenv")) / "versions"
    for candidate in sorted(pyenv.glob(f"{version[0]}.{version[1]}.*"), reverse=True):
        exe = candidate / "bin" / name
        if exe.is_file():
            return [str(exe)]
    return None


def _compiler(root: Path, program: str) -> tuple[list[str], str] | None:
    """How to run ``program`` with the runtime's Python: (its argv but the job's file, a name)."""
    version = runtime_python(root)
    if version is None:
        return None
    python = find_python(version)
    if python is not None:
        return [*python, "-I", "-X", "no_debug_ranges", "-c", program], f"python{version[0]}.{version[1]}"
    node = shutil.which("node")
    if node and (root / RUNTIME_STDLIB).is_file():
        index = (root / "assets/runtime/pyodide").as_posix() + "/"
        return [node, str(NODE_RUNNER), index, program], f"pyodide-python{version[0]}.{version[1]}"
    return None


def run_program(program: str, data: bytes, job: dict[str, object], root: Path = ROOT) -> tuple[bytes, str] | None:
    """Run ``program`` with the runtime's Python, its ``argv[1]`` a JSON job: ``job`` with ``in``, a
    zip of ``data``, and ``out``, the file it writes; (what it wrote, what it printed), or None
    (with a warning) when no such Python runs here or the program fails."""
    compiler = _compiler(root, program)
    if compiler is None:
        warnings.warn("no Python of the runtime's version and no Node.js: the site ships Python source "
                      "(its first start compiles it)", stacklevel=3)
        return None
    argv, label = compiler
    with tempfile.TemporaryDirectory() as tmp:
        source, made = Path(tmp) / "in.zip", Path(tmp) / "out.zip"
        source.write_bytes(data)
        order = Path(tmp) / "job.json"
        order.write_text(json.dumps(dict(job, **{"in": str(source), "out": str(made)})), encoding="utf-8")
        try:
            done = subprocess.run([*argv, str(order)], capture_output=True, text=True, timeout=600)
        except (OSError, subprocess.SubprocessError) as exc:
            warnings.warn(f"bytecode not made ({label}): {exc}", stacklevel=3)
            return None
        if done.returncode != 0 or not made.is_file():
            warnings.warn(f"bytecode not made ({label}): {done.stderr.strip()[-500:]}", stacklevel=3)
            return None
        return made.read_bytes(), done.stdout


def _run(data: bytes, job: dict[str, object], root: Path) -> bytes | None:
    """:data:`PROGRAM` on ``data`` (a zip) with ``job``: the zip it makes (kept in :data:`CACHE_DIR`),
    or None."""
    if runtime_python(root) is None:
        return None  # no runtime installed: nothing to compile for (the site cannot start without it)
    compiler = _compiler(root, PROGRAM)
    if compiler is None:
        warnings.warn("no Python of the runtime's version and no Node.js: the site ships Python source "
                      "(its first start compiles it)", stacklevel=3)
        return None
    key = hashlib.sha256(data + json.dumps(job, sort_keys=True).encode() + " ".join(compiler[0]).encode()).hexdigest()
    cached = root / CACHE_DIR / f"{key}.zip"
    if cached.is_file():
        return cached.read_bytes()
    done = run_program(PROGRAM, data, job, root)
    if done is None:
        return None
    out = done[0]
    try:
        cached.parent.mkdir(parents=True, exist_ok=True)
        part = cached.with_suffix(f".{os.getpid()}.part")
        part.write_bytes(out)
        part.replace(cached)
    except OSError:
        pass  # a read-only tree: made again next time
    return out


def compile_archive(data: bytes, root: Path = ROOT, optimize: int = 0) -> bytes:
    """``data`` (a zip) with each ``.py`` member compiled to a ``.pyc`` (or as it is, with a warning,
    when no Python of the runtime's version can be run)."""
    made = _run(data, {"optimize": optimize, "roots": None}, root)
    return data if made is None else made


def stdlib_archive(sources: dict[str, str], root: Path = ROOT) -> bytes | None:
    """The runtime's standard library cut to what ``sources`` (the package's modules, by name) and
    :data:`STDLIB_ROOTS` can import, compiled; None when it cannot be made (the runtime's own
    standard library is then used)."""
    path = root / RUNTIME_STDLIB
    if not path.is_file():
        return None
    job = {"optimize": 2, "roots": sorted({*STDLIB_ROOTS, *pyscript_imports(root)}), "always": sorted(STDLIB_ALWAYS),
           "never": sorted(STDLIB_NEVER), "codecs": sorted(STDLIB_CODECS), "whole": sorted(STDLIB_WHOLE),
           "sources": sources}
    return _run(path.read_bytes(), job, root)
