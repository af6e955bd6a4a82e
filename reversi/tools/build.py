"""Regenerate the two generated parts of the page (a maintenance command).

    python -m reversi.tools.build

* the static start board inside ``index.html`` (between the ``board:start`` and
  ``board:end`` markers), drawn by :func:`reversi.ui.render.render_board`, so
  the board is painted before Python has loaded and cannot drift from what
  Python draws;
* the ``[files]`` table of ``pyscript.toml``: every ``.py`` file of the
  ``reversi`` package that the browser runs (PyScript has no directory
  globbing): not the command line (``reversi/cli/``, ``__main__.py``) nor these
  tools (``reversi/tools/``), which never run there, nor the worker's script
  (:data:`FETCHED_BY_SRC`: fetched by its own ``src``); and the weights files of
  ``reversi/engine/data/`` that the evaluator reads at run time (those present).

``tests/test_render.py`` fails when either is out of date. Runs under CPython
only; the page never imports it.
"""

from __future__ import annotations

from pathlib import Path

from reversi.ui.render import render_board, splice_board
from reversi.ui.state import Controller

ROOT = Path(__file__).resolve().parents[2]
FILES_HEADER = "[files]\n"
#: The weights files reversi/engine/evaluate.py loads (pattern_file, feature_file).
DATA_FILES = ("patterns_8x8.bin", "patterns_8x8_anti.bin", "features.json")


#: Parts of the package the browser never runs (so the page does not ship them).
NOT_SHIPPED = ("reversi/cli/", "reversi/tools/", "reversi/__main__.py")
#: Scripts the browser runs but fetches by their ``<script src>``, not through ``[files]``:
#: the engine's worker (``reversi/ui/dom/page.py`` start_worker). Listed in ``[files]``, the
#: page's main thread would fetch it too, and a failed fetch of the worker's script would
#: stop the whole page from starting; the worker imports only modules that ``[files]`` ships.
FETCHED_BY_SRC = ("reversi/engine/worker.py",)


def package_files(root: Path = ROOT) -> list[str]:
    """The .py files the browser runs and the weights files, as ``reversi/...`` paths, sorted."""
    data = [root / "reversi" / "engine" / "data" / name for name in DATA_FILES]
    catalogs = (root / "reversi" / "i18n" / "locale").glob("*/LC_MESSAGES/*.mo")
    paths = [*(root / "reversi").rglob("*.py"), *(p for p in data if p.is_file()), *catalogs]
    names = (p.relative_to(root).as_posix() for p in paths)
    return sorted(n for n in names if not n.startswith(NOT_SHIPPED) and n not in FETCHED_BY_SRC)


def files_table(paths: list[str]) -> str:
    return FILES_HEADER + "".join(f'"./{p}" = "./{p}"\n' for p in paths)


def updated_config(text: str, paths: list[str]) -> str:
    """``pyscript.toml``'s text with its ``[files]`` table (the last table) rewritten."""
    head = text[: text.index(FILES_HEADER)] if FILES_HEADER in text else text.rstrip("\n") + "\n\n"
    return head + files_table(paths)


def main() -> int:
    index = ROOT / "index.html"
    html = index.read_text(encoding="utf-8")
    new_html = splice_board(html, render_board(Controller().board_view()))
    config = ROOT / "pyscript.toml"
    toml = config.read_text(encoding="utf-8")
    new_toml = updated_config(toml, package_files())
    for path, old, new in ((index, html, new_html), (config, toml, new_toml)):
        if new != old:
            path.write_text(new, encoding="utf-8")
            print(f"updated {path.relative_to(ROOT)}")
        else:
            print(f"{path.relative_to(ROOT)} is up to date")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
