"""The site's generator: the source files as they are, and every file derived from them.

    python -m reversi.tools.site OUT [--commit SHA] [--source URL]

A :class:`Site` is the published site of a source tree: the files served as they are
(``sw.js``, ``pyscript.toml``, the styles and scripts of ``assets/``, the runtime, the
worker's script, the weights) and the files it makes (:mod:`reversi.tools.build`: the page
with its start board drawn in, the package's two archives, the service worker's precache
list, the first paint's strings, the manifests and icons, the rules pages, the example
teaching page). Nothing it makes is committed.

* ``serve.py`` asks it for a generated file when the browser does (:meth:`Site.generated`):
  it is made from the tree as it is then, and kept until a source file changes (an edit is
  seen on the next request, with no step in between);
* ``python -m reversi.tools.site OUT`` writes the whole site to ``OUT`` for a static host
  (:meth:`Site.assemble`; the Pages workflow runs it).

The version (:meth:`Site.version`) names a build: the package's version, the commit when
known, and a digest of the source files' names, sizes and times, so a changed file is a new
version even without a commit. The page's footer shows it and the service worker's cache is
named by it: an open page picks up a new version on its next load.

Runs under CPython only; the page never imports it.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import re
import shutil
import subprocess
import threading
from collections.abc import Callable
from html import escape
from pathlib import Path

from reversi import __version__
from reversi.tools import build
from reversi.tools.build import ROOT

FOOTER = re.compile(r'(<footer id="site-footer"[^>]*>)(.*?)(</footer>)', re.S)
#: The parts of the tree the generated files are made from (and that a static host serves).
INPUTS = ("index.html", "pyscript.toml", "sw.js", "reversi", "assets")
#: Folders under the inputs that are not: the runtime is pinned (its pins are an input).
NOT_INPUTS = frozenset({"__pycache__", "runtime", ".pytest_cache", "node_modules"})


def git_commit(root: Path = ROOT) -> str | None:
    """The checked-out commit, if this is a git work tree and git is there."""
    try:
        done = subprocess.run(["git", "rev-parse", "HEAD"], cwd=root, capture_output=True, text=True, timeout=5)
    except (OSError, subprocess.SubprocessError):
        return None
    text = done.stdout.strip()
    return text if done.returncode == 0 and re.fullmatch(r"[0-9a-f]{40}", text) else None


def stamp_index(html: str, version: str, commit: str | None = None, source: str | None = None) -> str:
    """``index.html`` with the footer saying ``v0.3.0 · 1a2b3c4`` (the commit linked to ``source``)."""
    shown = f"v{escape(version.split('+')[0])}"
    if commit:
        short = escape(commit[:7])
        if source:
            href = escape(f"{source.rstrip('/')}/commit/{commit}")
            tail = f' · <a id="build-commit" href="{href}" rel="noopener">{short}</a>'
        else:
            tail = f' · <span id="build-commit">{short}</span>'
    else:
        tail = ' · <span id="build-commit">local</span>'
    body = f'<span id="build-version" data-build="{escape(version)}">{shown}</span>{tail}'
    return FOOTER.sub(lambda m: m.group(1) + body + m.group(3), html, count=1)


def _walk(path: Path) -> list[tuple[str, int, int]]:
    """(path, size, time) of every file under ``path`` (a file or a folder), skipping :data:`NOT_INPUTS`."""
    out: list[tuple[str, int, int]] = []
    if path.is_file():
        stat = path.stat()
        return [(path.as_posix(), stat.st_size, stat.st_mtime_ns)]
    with os.scandir(path) as entries:
        for entry in entries:
            if entry.name in NOT_INPUTS or entry.name.startswith("."):
                continue
            if entry.is_dir(follow_symlinks=False):
                out += _walk(Path(entry.path))
            elif entry.is_file(follow_symlinks=False):
                stat = entry.stat()
                out.append((entry.path, stat.st_size, stat.st_mtime_ns))
    return out


class Site:
    """The site of the source tree at ``root``; ``commit`` and ``source`` go into the footer."""

    def __init__(self, root: Path = ROOT, commit: str | None = None, source: str | None = None) -> None:
        self.root = root
        self.commit = commit
        self.source = source
        self._lock = threading.Lock()  # serve.py's threads; the producers switch the language
        self._made: dict[str, tuple[str, bytes]] = {}  # name -> (the inputs' digest, bytes)

    # -- what the site is -------------------------------------------------------------------

    def digest(self) -> str:
        """A digest of the source files' names, sizes and times: it changes with any edit."""
        digest = hashlib.sha256()
        for name, size, time in sorted(f for top in INPUTS for f in _walk(self.root / top)):
            digest.update(f"{name}:{size}:{time}\n".encode())
        return digest.hexdigest()

    def version(self, digest: str | None = None) -> str:
        """``0.3.0+1a2b3c4.9f8e7d6c``: the version, the commit (if known) and the source's digest."""
        digest = digest or self.digest()
        return f"{__version__}+{self.commit[:7] if self.commit else 'local'}.{digest[:8]}"

    def producers(self) -> dict[str, Callable[[], bytes]]:
        """Every generated file by its path in the site, with what makes it."""
        from reversi.i18n import LANGUAGES

        root = self.root
        out: dict[str, Callable[[], bytes]] = {
            "index.html": lambda: self._index().encode(),
            build.PAGE_ARCHIVE: lambda: build.page_archive(root),
            build.ENGINE_ARCHIVE: lambda: build.engine_archive(root),
            build.STDLIB_ARCHIVE: lambda: build.stdlib_archive(root),
            build.PRECACHE: lambda: build.precache_text(build.precache_files(root), self.version()).encode(),
            build.FIRST_PAINT: lambda: build.first_paint_script(root).encode(),
            build.TEACHING_PAGE: lambda: build.teaching_page().encode(),
            build.LESSON_PAGE: lambda: build.lesson_page().encode(),
            build.EMBED_SCRIPT: lambda: build.embed_script(root).encode(),
            build.BOARDS_CSS: lambda: build.boards_css(root).encode(),
        }
        for code in LANGUAGES:
            out[build.manifest_name(code)] = lambda code=code: build.manifest_text(code, root).encode()  # type: ignore[misc]
            out[f"{build.RULES_PAGES}/rules.{code}.html"] = lambda code=code: _rules_page(code).encode()  # type: ignore[misc]
        for name, size, maskable in build.ICONS:
            out[f"assets/icons/{name}"] = lambda size=size, maskable=maskable: build.icon_png(size, maskable)  # type: ignore[misc]
        return out

    def files(self) -> list[str]:
        """Every file of the site: what the page fetches (the precache list), the example pages and
        the boards' script for teachers' pages with its style sheet (``assets/embed.js``)."""
        return sorted({*build.precache_files(self.root), build.TEACHING_PAGE, build.LESSON_PAGE, build.BOARDS_CSS,
                       build.EMBED_SCRIPT})

    # -- making it ----------------------------------------------------------------------------

    def generated(self, name: str) -> bytes | None:
        """The generated file ``name`` as the tree is now (made again after any edit), or None
        when ``name`` is not generated (a source file, served as it is)."""
        producer = self.producers().get(name)
        if producer is None:
            return None
        digest = self.digest()
        with self._lock:
            made = self._made.get(name)
            if made is None or made[0] != digest:
                made = (digest, producer())
                self._made[name] = made
            return made[1]

    def assemble(self, out: Path) -> str:
        """Write the site to ``out`` (replaced) for a static host; returns its version."""
        version = self.version()
        if out.exists():
            shutil.rmtree(out)
        out.mkdir(parents=True)
        producers = self.producers()
        for name in self.files():
            target = out / name
            target.parent.mkdir(parents=True, exist_ok=True)
            if name in producers:
                target.write_bytes(self.generated(name) or b"")
            else:
                shutil.copyfile(self.root / name, target)
        (out / ".nojekyll").write_text("", encoding="utf-8")  # GitHub Pages: keep __init__.py
        return version

    def _index(self) -> str:
        return stamp_index(build.index_page(self.root), self.version(), self.commit, self.source)


def _rules_page(code: str) -> str:
    from reversi.tools.rules_pages import page

    return page(code)


def assemble(out: Path, commit: str | None = None, source: str | None = None, root: Path = ROOT) -> str:
    """Write the site of ``root`` to ``out`` (for a static host), stamped; returns its version."""
    return Site(root, commit, source).assemble(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m reversi.tools.site",
                                     description="Write the site for a static host (GitHub Pages).")
    parser.add_argument("out", help="the folder to write (replaced)")
    parser.add_argument("--commit", help="the commit deployed (default: git's, if any)")
    parser.add_argument("--source", help="the repository's web address, for the footer's link")
    args = parser.parse_args(argv)
    commit = args.commit or git_commit()
    try:
        version = assemble(Path(args.out), commit, args.source)
    except (OSError, RuntimeError, ImportError) as exc:
        parser.exit(1, f"python -m reversi.tools.site: {exc}\n")
    print(f"wrote the site to {args.out}: version {version}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
