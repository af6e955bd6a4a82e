"""The site's Python bytecode (reversi/tools/bytecode.py): the archives and the standard library the
browser's interpreter starts with, compiled by a Python of the runtime's own version.

The browser tests prove the page runs on them; these check what they hold and run the package's
bytecode with the runtime's Python (python3.13 here, or the runtime's Pyodide under Node.js).
"""

from __future__ import annotations

import io
import json
import zipfile

import pytest

from reversi.tools import build, bytecode
from reversi.tools.build import ROOT

#: Runs with the runtime's Python: unpacks the job's archive, imports the package from its bytecode
#: alone and plays (the number of lines 3 plies deep from Othello's start: 56), writes the answer.
RUN_PACKAGE = r'''
import json, sys, tempfile, zipfile
job = json.loads(open(sys.argv[1], encoding="utf-8").read())
folder = tempfile.mkdtemp()
zipfile.ZipFile(job["in"]).extractall(folder)
sys.path.insert(0, folder)
from reversi.core.perft import perft
from reversi.core.position import Position
import reversi.core.rules as rules
answer = {"perft3": perft(Position.start(), 3), "file": rules.__file__, "doc": rules.__doc__}
with zipfile.ZipFile(job["out"], "w") as out:
    out.writestr("answer.json", json.dumps(answer))
'''


def members(data: bytes) -> list[str]:
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        return archive.namelist()


def test_the_archives_hold_bytecode_for_each_module_and_nothing_else_changes() -> None:
    pyscript = [f"pyscript/__pycache__/{n[:-3]}.cpython-313.pyc" for n in bytecode.pyscript_sources(ROOT)]
    assert len(pyscript) >= 10 and "pyscript/__pycache__/__init__.cpython-313.pyc" in pyscript
    for make, more in ((build.page_archive, pyscript), (build.engine_archive, [])):
        source, compiled = members(make(ROOT, compiled=False)), members(make(ROOT))
        assert sorted([*(n + "c" if n.endswith(".py") else n for n in source), *more]) == sorted(compiled)
        assert not [n for n in compiled if n.endswith(".py")]
        assert make(ROOT) == make(ROOT)  # the same source, the same bytes


#: Runs with the runtime's Python: writes PyScript's modules as PyScript does at a start (source, with
#: the time of now) beside the page archive's bytecode cache of them, and loads each one's code the
#: way an import does, with compiling source made to fail: the cache is taken, never the source.
LOAD_PYSCRIPT = r'''
import importlib.machinery, json, os, sys, tempfile, zipfile
job = json.loads(open(sys.argv[1], encoding="utf-8").read())
folder = tempfile.mkdtemp()
archive = zipfile.ZipFile(job["in"])
archive.extractall(folder, [n for n in archive.namelist() if n.startswith("pyscript/")])
os.makedirs(os.path.join(folder, "pyscript"), exist_ok=True)
def no_compiling(*args, **kwargs):
    raise AssertionError("compiled from source")
loaded = {}
for name, text in job["sources"].items():
    path = os.path.join(folder, "pyscript", name)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    loader = importlib.machinery.SourceFileLoader("pyscript." + name[:-3], path)
    loader.source_to_code = no_compiling
    try:
        loaded[name] = loader.get_code(loader.name).co_filename == path
    except AssertionError as e:
        loaded[name] = str(e)
with zipfile.ZipFile(job["out"], "w") as out:
    out.writestr("answer.json", json.dumps(loaded))
'''


def test_pyscript_s_modules_are_loaded_from_the_archive_s_bytecode_not_compiled_at_the_start() -> None:
    sources = bytecode.pyscript_sources(ROOT)
    done = bytecode.run_program(LOAD_PYSCRIPT, build.page_archive(ROOT), {"sources": sources})
    assert done is not None, "no Python of the runtime's version here"
    with zipfile.ZipFile(io.BytesIO(done[0])) as out:
        loaded = json.loads(out.read("answer.json"))
    assert sorted(loaded) == sorted(sources) and all(v is True for v in loaded.values()), loaded


def test_the_package_runs_from_its_bytecode_alone_under_the_runtime_s_python() -> None:
    done = bytecode.run_program(RUN_PACKAGE, build.page_archive(ROOT), {})
    assert done is not None, "no Python of the runtime's version here"
    with zipfile.ZipFile(io.BytesIO(done[0])) as out:
        answer = json.loads(out.read("answer.json"))
    assert answer["perft3"] == 56  # the published count
    assert answer["file"].endswith("reversi/core/rules.pyc")  # no source beside it
    assert answer["doc"] is None  # compiled without docstrings (build.PACKAGE_OPTIMIZE)


def test_the_standard_library_is_cut_to_what_the_browser_imports_as_bytecode() -> None:
    cut = members(build.stdlib_archive(ROOT))
    full = members((ROOT / bytecode.RUNTIME_STDLIB).read_bytes())
    assert not [n for n in cut if n.endswith(".py")] and len(cut) < len(full) / 2
    shipped = {n.removesuffix(".pyc").removesuffix("/__init__").replace("/", ".") for n in cut}
    # what the interpreter imports by name, Pyodide's own, what the package and PyScript import
    for name in ("encodings", "encodings.utf_8", "encodings.cp437", "encodings.latin_1", "_strptime", "traceback",
                 "_pyodide.docstring", "pyodide.webloop", "asyncio", "gettext", "locale", "zipfile", "json",
                 "dataclasses", "typing", "html", "base64", "tarfile", "site", "sysconfig"):
        assert name in shipped, name
    stdlib = {n.removesuffix(".py").removesuffix("/__init__").replace("/", ".") for n in full if n.endswith(".py")}
    for name in bytecode.pyscript_imports(ROOT) & stdlib:
        assert name in shipped, name
    # what no page runs: the debugger, documentation, tests, the console's REPL, other codecs
    for name in ("pydoc", "pdb", "doctest", "unittest", "pyodide.console", "multiprocessing", "encodings.cp1251"):
        assert name not in shipped, name


def test_pyscript_s_imports_are_read_from_its_modules() -> None:
    found = bytecode.pyscript_imports(ROOT)
    assert {"json", "base64", "html", "pyscript"} <= found
    assert all(all(part.isidentifier() for part in name.split(".")) for name in found)


def test_the_cut_follows_imports_at_the_top_and_in_functions_but_not_what_no_page_runs() -> None:
    files = {
        "a.py": "import b\nfrom . import nothing\ndef f():\n    import c\n    import d\n"
                "if __name__ == '__main__':\n    import e\n",
        "b.py": "", "c.py": "", "d.py": "import g\n", "e.py": "", "f.py": "", "g.py": "",
        "pkg/__init__.py": "from .inner import x\n", "pkg/inner.py": "x = 1\n", "pkg/data.txt": "kept",
        "h.py": "import pkg\n",
    }
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, text in files.items():
            archive.writestr(name, text)
    job = {"optimize": 2, "roots": ["a"], "always": [], "never": ["c"], "codecs": [], "whole": [],
           "sources": {"x.py": "def later():\n    import h\n"}}
    done = bytecode.run_program(bytecode.PROGRAM, buffer.getvalue(), job)
    assert done is not None
    assert sorted(members(done[0])) == ["a.pyc", "b.pyc", "d.pyc", "g.pyc", "h.pyc", "pkg/__init__.pyc",
                                        "pkg/data.txt", "pkg/inner.pyc"]


def test_with_no_python_of_the_runtime_s_version_the_site_ships_source(monkeypatch) -> None:
    monkeypatch.setattr(bytecode, "find_python", lambda version: None)
    monkeypatch.setattr(bytecode.shutil, "which", lambda name: None)
    source = build.page_archive(ROOT, compiled=False)
    with pytest.warns(UserWarning, match="ships Python source"):
        assert bytecode.compile_archive(source, ROOT) == source
    with pytest.warns(UserWarning, match="ships Python source"):
        assert bytecode.stdlib_archive({}, ROOT) is None
    monkeypatch.setattr(bytecode, "CACHE_DIR", ".tools/bytecode-none")  # nothing cached answers either
    with pytest.warns(UserWarning):
        assert build.stdlib_archive(ROOT) == (ROOT / bytecode.RUNTIME_STDLIB).read_bytes()


def test_the_node_runner_is_used_when_no_python_of_the_runtime_s_version_is_found(monkeypatch) -> None:
    monkeypatch.setattr(bytecode, "find_python", lambda version: None)
    monkeypatch.setattr(bytecode.shutil, "which", lambda name: "/usr/bin/node" if name == "node" else None)
    argv, label = bytecode._compiler(ROOT, "PROGRAM")
    assert argv[:2] == ["/usr/bin/node", str(bytecode.NODE_RUNNER)] and argv[-1] == "PROGRAM"
    assert label.startswith("pyodide-python3.")


def test_the_runtime_s_python_version_is_read_from_its_lock_file(tmp_path) -> None:
    assert bytecode.runtime_python(ROOT) == (3, 13)
    assert bytecode.runtime_python(tmp_path) is None
    lock = tmp_path / bytecode.RUNTIME_LOCK
    lock.parent.mkdir(parents=True)
    lock.write_text('{"info": {"python": "not a version"}}', encoding="utf-8")
    assert bytecode.runtime_python(tmp_path) is None
