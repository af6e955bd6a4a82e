"""The published site: the files the page fetches, its version, and the site assembled for a static host.

    python -m reversi.tools.site OUT [--commit SHA] [--source URL]

* :func:`precache_files` lists every file the page (and its engine's worker)
  fetches: the page, its config, its styles and scripts, the runtime (PyScript
  and Pyodide's core, no package wheels), and the package's files from the
  same source as ``pyscript.toml``'s ``[files]`` (:func:`reversi.tools.build.package_files`)
  plus the worker's script. The service worker (``sw.js``) precaches exactly
  this list, written to ``assets/precache.js`` by ``python -m reversi.tools.build``
  (a test fails when it is out of date, and another when the page fetches a
  file it lacks).
* :func:`site_version` names a build: the package's version, the commit when
  known, and a digest of the files' sizes and times (so a changed file is a new
  version even without a commit). The service worker's cache is named by it.
* :func:`stamp_index` and :func:`stamp_precache` put the version (and the
  commit, linked to the source when known) into the page's footer and the
  precache list; ``serve.py`` stamps what it serves, and :func:`assemble`
  writes a stamped copy of the site for GitHub Pages (the Pages workflow runs it).

Runs under CPython only; the page never imports it.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import shutil
import subprocess
from pathlib import Path

from reversi import __version__
from reversi.tools.build import PRECACHE, ROOT, precache_files

FOOTER = re.compile(r'(<footer id="site-footer"[^>]*>)(.*?)(</footer>)', re.S)


def site_version(root: Path = ROOT, commit: str | None = None) -> str:
    """``0.3.0+1a2b3c4.9f8e7d6c``: the version, the commit (if known) and a digest of the files."""
    digest = hashlib.sha256()
    for name in precache_files(root):
        path = root / name
        stat = path.stat() if path.exists() else None
        digest.update(f"{name}:{stat.st_size if stat else -1}:{stat.st_mtime_ns if stat else 0}\n".encode())
    parts = [__version__, commit[:7] if commit else "local", digest.hexdigest()[:8]]
    return f"{parts[0]}+{parts[1]}.{parts[2]}"


def git_commit(root: Path = ROOT) -> str | None:
    """The checked-out commit, if this is a git work tree and git is there."""
    try:
        done = subprocess.run(["git", "rev-parse", "HEAD"], cwd=root, capture_output=True, text=True, timeout=5)
    except (OSError, subprocess.SubprocessError):
        return None
    text = done.stdout.strip()
    return text if done.returncode == 0 and re.fullmatch(r"[0-9a-f]{40}", text) else None


def stamp_precache(text: str, version: str) -> str:
    """``assets/precache.js``'s text with ``version``."""
    return text.replace('"version": "dev"', f'"version": {json.dumps(version)}', 1)


def stamp_index(html: str, version: str, commit: str | None = None, source: str | None = None) -> str:
    """``index.html`` with the footer saying ``v0.3.0 · 1a2b3c4`` (the commit linked to ``source``)."""
    from html import escape

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


def assemble(out: Path, commit: str | None = None, source: str | None = None, root: Path = ROOT) -> str:
    """Write the site to ``out`` (for a static host), stamped; returns its version."""
    version = site_version(root, commit)
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    examples = sorted(p.relative_to(root).as_posix() for p in (root / "assets" / "examples").glob("*") if p.is_file())
    for name in [*precache_files(root), *examples]:  # the examples: teachers' pages, not the app's (not precached)
        target = out / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(root / name, target)
    (out / "index.html").write_text(
        stamp_index((root / "index.html").read_text(encoding="utf-8"), version, commit, source), encoding="utf-8"
    )
    precache = out / PRECACHE
    precache.parent.mkdir(parents=True, exist_ok=True)
    precache.write_text(stamp_precache((root / PRECACHE).read_text(encoding="utf-8"), version), encoding="utf-8")
    (out / ".nojekyll").write_text("", encoding="utf-8")  # GitHub Pages: keep __init__.py
    return version


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Assemble the site for a static host (GitHub Pages).")
    parser.add_argument("out", help="the folder to write (replaced)")
    parser.add_argument("--commit", help="the commit deployed (default: git's, if any)")
    parser.add_argument("--source", help="the repository's web address, for the footer's link")
    args = parser.parse_args(argv)
    commit = args.commit or git_commit()
    version = assemble(Path(args.out), commit, args.source)
    print(f"assembled {args.out}: version {version}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
