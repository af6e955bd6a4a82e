"""The package's shape: layers by folder, no import cycles, the DOM in one place.

The import graph is read from the source (every ``import`` statement, those
inside functions too), so a lazy import cannot hide a cycle or a layer breach.
"""

from __future__ import annotations

import ast
import functools
import io
import json
import tomllib
import zipfile
from pathlib import Path

import pytest

from reversi.tools.build import (
    ENGINE_DATA_LISTING,
    FETCHED_BY_SRC,
    PAGE_ARCHIVE,
    engine_archive,
    page_archive,
    worker_files,
)

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "reversi"

#: What each layer may import from the package (besides itself, ``reversi.errors``, ``reversi.i18n`` and
#: ``reversi.inputs``).
ALLOWED = {
    "reversi.core": set(),
    "reversi.formats": {"reversi.core"},
    "reversi.drawing": {"reversi.core"},
    "reversi.engine": {"reversi.core", "reversi.formats"},
    "reversi.ui": {"reversi.core", "reversi.formats", "reversi.engine", "reversi.drawing"},
    "reversi.cli": {"reversi.core", "reversi.formats", "reversi.engine", "reversi.drawing", "reversi.ui",
                    "reversi.tools"},
    "reversi.tools": {"reversi.core", "reversi.formats", "reversi.engine", "reversi.drawing", "reversi.ui"},
}
BROWSER_MODULES = ("js", "pyodide", "pyscript")
#: Modules the browser is never sent that a module it runs imports, inside a function and on
#: CPython's path only: ``parallel.SolverPool`` starts worker processes of its own when it is given
#: no carrier (the page's engine worker always gives it its helpers'). Never imported at a module's top.
CPYTHON_ONLY = ("reversi.engine.processes",)
#: The scripts the page runs: its main thread and the engine's worker.
BROWSER_ENTRIES = ("reversi.ui.dom.main", "reversi.engine.worker")


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@functools.cache
def modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


@functools.cache
def imports_of(path: Path) -> list[tuple[str, list[str]]]:
    """``(module, names)`` for every import statement, relative ones resolved."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    me = module_name(path)
    package = me if path.name == "__init__.py" else me.rpartition(".")[0]
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [(alias.name, []) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            out.append((base, [alias.name for alias in node.names]))
    return out


def top_level_imports(path: Path) -> set[str]:
    """The package modules ``path`` imports outside any function (absolute imports: the package's way)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out: set[str] = set()
    todo: list[ast.AST] = list(tree.body)
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            continue
        if isinstance(node, ast.Import):
            out |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            out |= {node.module, *(f"{node.module}.{alias.name}" for alias in node.names)}
        todo += list(ast.iter_child_nodes(node))
    return out


@functools.cache
def graph() -> dict[str, set[str]]:
    """Module -> the package modules it imports (``from pkg import mod`` counts as ``pkg.mod``)."""
    known = modules()
    edges: dict[str, set[str]] = {}
    for name, path in known.items():
        targets = set()
        for base, names in imports_of(path):
            for n in names:
                if f"{base}.{n}" in known:
                    targets.add(f"{base}.{n}")
            dunders = bool(names) and all(n.startswith("__") and n.endswith("__") for n in names)
            if base in known and not all(f"{base}.{n}" in known for n in names or ["?"]) and not dunders:
                targets.add(base)  # (the package's __version__ is no dependency on its contents)
        # a module's own package __init__ runs first anyway: not an edge of its own making
        edges[name] = {t for t in targets if t != name}
    return edges


def find_cycle(edges: dict[str, set[str]]) -> list[str] | None:
    """One cycle of the graph, as a list of modules, or None (iterative DFS)."""
    state: dict[str, int] = {}
    for start in edges:
        if state.get(start):
            continue
        stack = [(start, iter(sorted(edges[start])))]
        path = [start]
        state[start] = 1
        while stack:
            node, children = stack[-1]
            child = next(children, None)
            if child is None:
                state[node] = 2
                stack.pop()
                path.pop()
            elif state.get(child) == 1:
                return [*path[path.index(child):], child]
            elif not state.get(child):
                state[child] = 1
                path.append(child)
                stack.append((child, iter(sorted(edges.get(child, ())))))
    return None


def layer_of(module: str) -> str | None:
    for layer in ALLOWED:
        if module == layer or module.startswith(layer + "."):
            return layer
    return None


def test_the_package_has_no_import_cycle() -> None:
    edges = graph()
    assert len(edges) > 30 and sum(map(len, edges.values())) > 60  # the graph was read
    assert find_cycle(edges) is None, f"import cycle: {' -> '.join(find_cycle(edges) or [])}"


def test_the_cycle_finder_finds_cycles() -> None:
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set(), "c": {"b"}}) is None
    assert find_cycle({"a": {"a"}}) == ["a", "a"]


def test_each_layer_imports_only_the_layers_below_it() -> None:
    breaches = []
    for module, targets in graph().items():
        layer = layer_of(module)
        if layer is None:
            continue  # reversi, reversi.errors, reversi.__main__
        for target in targets:
            other = layer_of(target)
            if other not in (None, layer) and other not in ALLOWED[layer]:
                breaches.append(f"{module} imports {target}")
            if other is None and target not in ("reversi", "reversi.errors", "reversi.i18n", "reversi.inputs"):
                breaches.append(f"{module} imports {target}")
            if target == "reversi" and layer is not None:
                breaches.append(f"{module} imports the package root (import the module itself)")
    assert not breaches, breaches


def test_only_the_dom_package_touches_the_browser() -> None:
    found = []
    for module, path in modules().items():
        for base, _ in imports_of(path):
            # the page's DOM glue, and the engine's worker (its script: it fetches its own files)
            if base.split(".")[0] in BROWSER_MODULES and not module.startswith(("reversi.ui.dom", *BROWSER_ENTRIES)):
                found.append(f"{module} imports {base}")
    assert not found, found
    dom = [m for m, p in modules().items() if m.startswith("reversi.ui.dom.")]
    assert any(b.split(".")[0] == "js" for m in dom for b, _ in imports_of(modules()[m]))


def test_no_module_imports_another_modules_private_names() -> None:
    found = []
    for module, path in modules().items():
        for base, names in imports_of(path):
            if base.startswith("reversi") and base != module:
                private = [n for n in names if n.startswith("_") and not n.endswith("__") and n != "_"]
                found += [f"{module}: from {base} import {n}" for n in private]  # (gettext's _ is public)
    assert not found, found


def browser_closure(entries: tuple[str, ...] = BROWSER_ENTRIES) -> set[str]:
    """The modules the browser runs from ``entries`` (their imports, and their packages' ``__init__``)."""
    edges = graph()
    seen: set[str] = set()
    todo = list(entries)
    while todo:
        m = todo.pop()
        if m in seen:
            continue
        seen.add(m)
        parts = m.split(".")
        todo += [".".join(parts[:k]) for k in range(1, len(parts))]  # the packages' __init__ run first
        todo += sorted(edges.get(m, ()))
    return seen


def path_of(module: str) -> str:
    return modules()[module].relative_to(ROOT).as_posix()


def test_the_browser_never_loads_the_command_line_or_the_tools() -> None:
    closure = browser_closure()
    assert {"reversi.engine.search", "reversi.ui.controller", "reversi.core.rules"} <= closure
    loaded = sorted(m for m in closure if m.startswith(("reversi.cli", "reversi.tools")) or m == "reversi.__main__")
    assert not loaded, loaded


def test_each_thread_is_sent_what_it_runs() -> None:
    """The page's main thread gets one archive (``assets/interpreter.js`` unpacks it): everything
    it imports, and not the search, the solver or the evaluation. The worker gets that too (the
    same interpreter's start) plus its own archive, which it fetches itself; its script comes by
    its src."""
    with open(ROOT / "pyscript.toml", "rb") as f:
        assert "files" not in tomllib.load(f)  # fetched once, by the interpreter's start
    assert f'"{PAGE_ARCHIVE}"' in (ROOT / "assets" / "interpreter.js").read_text(encoding="utf-8")
    with zipfile.ZipFile(io.BytesIO(page_archive(compiled=False))) as archive:
        shipped = set(archive.namelist())
    with zipfile.ZipFile(io.BytesIO(engine_archive(compiled=False))) as archive:
        own = set(archive.namelist()) - {ENGINE_DATA_LISTING}
        data = set(json.loads(archive.read(ENGINE_DATA_LISTING))["data"])
    own |= {"reversi/engine/data/" + name for name in data}
    assert not shipped & own, shipped & own  # nothing is sent twice
    main = browser_closure(("reversi.ui.dom.main",))
    missing = sorted(m for m in main if path_of(m) not in shipped)
    assert not missing, f"the main thread imports modules that its archive does not ship: {missing}"
    engine_only = {"reversi.engine.search", "reversi.engine.solver", "reversi.engine.evaluate", "reversi.engine.api"}
    assert not main & engine_only, main & engine_only  # the main thread never runs the search
    assert not {path_of(m) for m in engine_only} & shipped, "the main thread is sent the engine"
    worker = browser_closure(("reversi.engine.worker",))
    by_src = {m for m in worker if path_of(m) in FETCHED_BY_SRC}
    assert by_src == {"reversi.engine.worker"}, by_src
    imported = {t for m in worker | main for t in graph().get(m, ())}
    assert not by_src & imported, f"a script fetched by its src is imported by another module: {by_src & imported}"
    unsent = sorted(m for m in worker - by_src if path_of(m) not in shipped | own and m not in CPYTHON_ONLY)
    assert not unsent, f"the worker imports modules nobody sends it: {unsent}"
    for module in CPYTHON_ONLY:
        assert path_of(module) not in shipped | own
        at_top = sorted(m for m, path in modules().items() if module in top_level_imports(path))
        assert not at_top, f"{module} is imported at the top of {at_top}: the browser would need it"
    assert engine_only <= worker and {path_of(m) for m in engine_only} <= own
    assert "patterns_8x8.bin" in data and "book_8x8.bin" in data  # the weights: the worker's, fetched later


def test_the_engine_archive_lists_each_data_file_with_its_size_and_unpacks_into_the_package(tmp_path) -> None:
    """The worker checks each data file it fetches against the size its archive lists: the
    generator computes the sizes from the files as they are, so no edit makes them stale."""
    with zipfile.ZipFile(io.BytesIO(engine_archive(compiled=False))) as archive:
        listing = json.loads(archive.read(ENGINE_DATA_LISTING))["data"]
        archive.extractall(tmp_path)
    for name, size in listing.items():
        assert (ROOT / "reversi/engine/data" / name).stat().st_size == size, name
    for name in worker_files():
        if not name.endswith(".bin"):
            assert (tmp_path / name).read_bytes() == (ROOT / name).read_bytes(), name
    assert engine_archive() == engine_archive()  # the same source makes the same bytes


@pytest.mark.parametrize("layer", sorted(ALLOWED))
def test_every_layer_is_a_documented_package(layer: str) -> None:
    init = PACKAGE.joinpath(*layer.split(".")[1:], "__init__.py")
    doc = ast.get_docstring(ast.parse(init.read_text(encoding="utf-8")))
    assert doc and len(doc) > 80, f"{init} should say what the layer is for"


#: The most lines a class of the page's logic may have: past it, a class holds more than one job
#: (the controller was 723 lines of form parsing, intents, study and views before it was cut up).
MOST_UI_CLASS_LINES = 400


def test_no_class_of_the_page_is_over_its_most_lines() -> None:
    over = []
    for path in sorted((PACKAGE / "ui").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef) and node.end_lineno is not None:
                lines = node.end_lineno - node.lineno + 1
                if lines > MOST_UI_CLASS_LINES:
                    over.append(f"{path.relative_to(ROOT)}: {node.name} ({lines} lines)")
    assert not over, f"cut these up (at most {MOST_UI_CLASS_LINES} lines a class): {over}"
