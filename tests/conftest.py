"""Browser fixtures (session-scoped): the static server and Debian Chromium.

Tests that need a page use ``server_url`` (base URL ending in '/') and
``browser`` (a Playwright Browser, one for the whole run, whose first context keeps
its cache between tests and starts its pages from the memory snapshots its first page
made); see tests/browser_support.py for helpers such as open_app() and AppContext (a
first visit's storage in that warm context).
"""

from __future__ import annotations

import os
import sys
from collections import Counter
from pathlib import Path

import browser_support
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "assets"))

from browser_support import chromium_with_profile, make_shared_snapshots, poll_by_default, serve_repo

poll_by_default()

# numpy's OpenBLAS runs a thread per core in every vector product of the training's fits: with the
# test processes beside each other on the same cores, those threads wait on each other, and a tiny
# training run took 20 s instead of 4 on two busy cores. One thread each, set before any test
# imports numpy (nothing above does; the training's subprocesses inherit it).
for _name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_name, "1")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The order of the files: those with a ``long`` test first, then the others by their number of
    tests, the most first (pytest-xdist's own order); each file's tests in their order. A run on
    several processes (tests/run.py) gives each process a whole file at a time in this order
    (``--dist loadfile --no-loadscope-reorder``): xdist's order alone put the files of fewest
    tests last, and those are the browser files whose tests each start pages of their own, so
    the snapshot test's half-minute ran alone at the end while the other processes had finished
    (36 to 48 s of a fresh clone's run, 2026-12-07)."""
    def file_of(item: pytest.Item) -> str:
        return item.nodeid.split("::", 1)[0]

    tests = Counter(file_of(item) for item in items)
    first = {file_of(item) for item in items if item.get_closest_marker("long")}
    items.sort(key=lambda item: (file_of(item) not in first, -tests[file_of(item)], file_of(item)))


@pytest.fixture(autouse=True)
def english(monkeypatch: pytest.MonkeyPatch):
    """Every test starts in English, whatever the machine's LANG, and leaves English behind."""
    from reversi import i18n

    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    i18n.set_language("en")
    yield
    i18n.set_language("en")


@pytest.fixture(scope="session")
def server_url():
    from fetch_runtime import ensure_runtime

    ensure_runtime(quiet=True)  # no-op when installed and verified
    with serve_repo() as url:
        yield url


@pytest.fixture(scope="session")
def browser(server_url):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright, chromium_with_profile(playwright, snapshots=True) as chromium:
        make_shared_snapshots(chromium, server_url)
        yield chromium


@pytest.fixture
def fresh(browser, server_url):
    made: list[browser_support.Fresh] = []

    def make(path: str = "", viewport: dict | None = None, private: bool = False, script: str = "",
             clipboard: bool = False) -> browser_support.Fresh:
        f = browser_support.Fresh(browser, server_url, viewport, path, private, script, clipboard)
        made.append(f)
        return f

    yield make
    for f in reversed(made):
        f.close()
