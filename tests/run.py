"""Run every check, installing first whatever the checks need and is missing.

    python tests/run.py                 # ruff, mypy, then every test
    python tests/run.py --fast          # ruff, mypy, then the tests not marked slow or browser (no browser;
                                        # the runtime is fetched if missing: the site's files are checked)
    python tests/run.py [pytest args]   # ruff, mypy, then pytest with these arguments

Installs (only when missing): the Python test packages (the optional dependencies ``test`` of
``pyproject.toml``, their one list, pins included), Debian's Chromium as its headless shell
(``apt-get``, needs root), the self-hosted browser runtime (``assets/fetch_runtime.py``) with the
bytecode the site ships (compiled once into ``.tools/bytecode/``) and axe-core, the accessibility
checker of the browser tests (``npm``, into ``tests/.axe/``).
Chromium, the runtime and axe-core install beside each other and beside the Python packages;
ruff, mypy and the tests' compilation (:func:`compile_tests`) run while Chromium is still being
installed.
Then runs ``ruff check`` and ``mypy`` (both configured in ``pyproject.toml``)
and pytest (with no arguments: every test, in processes beside each other, see
:func:`everything`); exits non-zero when any of them fails. ``.ci/run`` calls this same
command.
"""

from __future__ import annotations

import importlib.metadata
import os
import re
import shutil
import subprocess
import sys
import tomllib
from concurrent.futures import Future, ThreadPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CHROMIUM = "/usr/bin/chromium-headless-shell"  # the browser tests' (tests/browser_support.py)
AXE_VERSION = "4.10.3"  # pinned: a new release may add findings
AXE_DIR = os.path.join(ROOT, "tests", ".axe")
AXE_JS = os.path.join(AXE_DIR, "node_modules", "axe-core", "axe.min.js")


def say(message: str) -> None:
    print(f"[tests/run] {message}", flush=True)


def pip_packages() -> list[str]:
    """The test packages, as ``pyproject.toml`` declares them (its optional dependencies ``test``)."""
    with open(os.path.join(ROOT, "pyproject.toml"), "rb") as f:
        return list(tomllib.load(f)["project"]["optional-dependencies"]["test"])


def installed(requirement: str) -> bool:
    """Whether the distribution a requirement names (``pytest-xdist>=3.5``) is installed, at any version."""
    name = re.split(r"[\s\[(<>=!~;@]", requirement, maxsplit=1)[0]
    try:
        importlib.metadata.distribution(name)
    except importlib.metadata.PackageNotFoundError:
        return False
    return True


def ensure_pip_packages() -> None:
    missing = [spec for spec in pip_packages() if not installed(spec)]
    if missing:
        say(f"installing {' '.join(missing)}")
        subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", *missing], check=True)


def ensure_chromium() -> None:
    """Debian's Chromium as its headless shell (the package ``chromium-headless-shell``: the browser
    tests' browser, see ``tests/browser_support.py``), without the packages it only recommends (a
    printer dialog, a notification daemon, a terminal...: a headless browser needs none of them).
    apt-get's output is shown only when it fails. The benchmarks use the whole browser (``chromium``),
    which no test needs."""
    if os.path.exists(CHROMIUM):
        return
    if os.geteuid() != 0 or not shutil.which("apt-get"):
        sys.exit(f"[tests/run] {CHROMIUM} is missing: install Debian's chromium-headless-shell package"
                 " (apt-get install chromium-headless-shell)")
    say("installing Debian's chromium-headless-shell (apt-get)")
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    for command in (["apt-get", "update", "-qq"],
                    ["apt-get", "install", "-y", "-qq", "--no-install-recommends", "chromium-headless-shell"]):
        done = subprocess.run(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if done.returncode != 0:
            print(done.stdout, end="", flush=True)
            sys.exit(f"[tests/run] {' '.join(command)} failed ({done.returncode})")
    say("chromium-headless-shell installed")


def ensure_runtime() -> None:
    subprocess.run([sys.executable, os.path.join(ROOT, "assets", "fetch_runtime.py")], check=True)


#: Makes the site's archives once (``reversi/tools/site.py``), which compiles the package, PyScript's
#: modules and the standard library the page starts with into the bytecode cache (``.tools/bytecode/``).
WARM_SITE = ("from reversi.tools import build; from reversi.tools.site import Site; site = Site(); "
             "[site.generated(name) for name in (build.PAGE_ARCHIVE, build.ENGINE_ARCHIVE, build.STDLIB_ARCHIVE)]")


def ensure_runtime_and_bytecode() -> None:
    """The runtime, then the bytecode the site ships, made before the tests start: else each test
    process's server compiles it on its first page (on a fresh clone, the three at once, each
    seconds of CPU; by Node.js where no Python of the runtime's version is installed, far more).
    A failure here is the tests' to report (the server makes the archives itself)."""
    ensure_runtime()
    subprocess.run([sys.executable, "-c", WARM_SITE], cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def ensure_axe() -> None:
    """axe-core, which tests/test_access_browser.py runs in the page (not a page's file: tests/.axe/)."""
    if os.path.exists(AXE_JS):
        return
    npm = shutil.which("npm")
    if not npm:
        sys.exit(f"[tests/run] {AXE_JS} is missing and npm is not installed: install npm (apt-get install npm)")
    say(f"installing axe-core {AXE_VERSION} (npm)")
    subprocess.run(
        [npm, "install", "--no-save", "--no-audit", "--no-fund", "--prefix", AXE_DIR, f"axe-core@{AXE_VERSION}"],
        check=True,
    )


def standards() -> int:
    """ruff and mypy, as configured in pyproject.toml; the number of tools that failed."""
    failed = 0
    for name, command in (("ruff check", ["ruff", "check", "--quiet"]), ("mypy", ["mypy"])):
        say(name)
        if subprocess.run([sys.executable, "-m", *command], cwd=ROOT).returncode != 0:
            say(f"{name} failed")
            failed += 1
    return failed


def main() -> int:
    args = sys.argv[1:]
    with ThreadPoolExecutor(max_workers=3) as pool:
        installs: list[Future[None]] = [pool.submit(ensure_runtime_and_bytecode)]
        if args != ["--fast"]:
            installs += [pool.submit(ensure_chromium), pool.submit(ensure_axe)]
        ensure_pip_packages()
        compiling = compile_tests() if not args else None  # beside ruff and mypy: one core each
        failed = standards()
        waiting()
        if compiling is not None:
            compiling.wait()
        for install in installs:
            install.result()  # raises what the install raised (SystemExit included)
    if args == ["--fast"]:
        args = ["-n", str(workers()), "-p", "no:cacheprovider", "-m", "not slow and not browser", "tests"]
    code = everything() if not args else pytest(args)
    if failed and code == 0:
        say("the tests passed, but the standards above did not")
        return 1
    return code


def waiting() -> None:
    """Say how many messages wait for a translator (not a failure: the page shows them in English)."""
    done = subprocess.run([sys.executable, "-c", "from reversi.tools.translations import to_translate;"
                           "print(len(to_translate()))"], cwd=ROOT, capture_output=True, text=True)
    count = done.stdout.strip()
    if done.returncode == 0 and count != "0":
        say(f"{count} catalog entries wait for a translator: python -m reversi.tools.translations --check")


#: pytest's environment: Python writes its bytecode caches (``__pycache__``, ignored by git and by
#: the site) even where the machine says not to (``PYTHONDONTWRITEBYTECODE``, as CI's image does).
#: Else every test process compiles the package anew, every command-line test's subprocess too,
#: and each of pytest's processes rewrites the asserts of every test file: a sixth of the CPU of
#: the tests without a browser.
PYTEST_ENV = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}


def compile_tests() -> subprocess.Popen[bytes]:
    """Start collecting the tests once, which compiles them (pytest's assert rewriting) and the package
    into their bytecode caches, so that pytest's processes beside each other each load them instead.
    A failure here is pytest's to report, in the run itself."""
    say("compiling the tests")
    return subprocess.Popen([sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider", "tests"],
                            cwd=ROOT, env=PYTEST_ENV, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def pytest(args: list[str]) -> int:
    say(f"pytest {' '.join(args)}")
    return subprocess.run([sys.executable, "-m", "pytest", *args], cwd=ROOT, env=PYTEST_ENV).returncode


def everything() -> int:
    """Every test, in one more process than the machine has cores (pytest-xdist): the browser
    tests spend part of their time waiting on Chromium, and the others keep the cores busy
    meanwhile. Each process takes whole test files (``--dist loadfile``: a file's fixtures are
    set up once), in the order tests/conftest.py gives them: the files of ``long`` browser tests
    first, so that none runs alone at the end, then the files with the most tests first
    (pytest-xdist's own order, which mixes files of browser tests with the others: all browser
    files first made the run slower, 722 s against 668, the browsers contending; two processes
    instead of three, 568 s against 531, the cores then idle while a browser waits). The browser
    tests of a process share one server and one browser. The slowest tests are named: CI has
    9 minutes."""
    return pytest(["-n", str(workers()), "--dist", "loadfile", "--no-loadscope-reorder", "-p", "no:cacheprovider",
                   "--durations=15", "tests"])


def workers() -> int:
    """One process more than the machine has cores, at most four."""
    return min(4, (os.cpu_count() or 1) + 1)


if __name__ == "__main__":
    sys.exit(main())
