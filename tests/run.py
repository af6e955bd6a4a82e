"""Run every test, installing first whatever the tests need and is missing.

    python tests/run.py [pytest arguments]

Installs (only when missing): the Python test packages (pytest, hypothesis,
Playwright for Python, numpy), Debian's Chromium (``apt-get``, needs root), and
the self-hosted browser runtime (``assets/fetch_runtime.py``). Then runs pytest
on ``tests/`` with the arguments given. Exits with pytest's status. ``.ci/run``
calls this same command.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PIP_PACKAGES = {
    "pytest": "pytest>=8",
    "hypothesis": "hypothesis>=6",
    "playwright": "playwright>=1.45",
    "numpy": "numpy>=2.0",
    "scipy": "scipy>=1.11",
}
CHROMIUM = "/usr/bin/chromium"


def say(message: str) -> None:
    print(f"[tests/run] {message}", flush=True)


def ensure_pip_packages() -> None:
    missing = [spec for module, spec in PIP_PACKAGES.items() if importlib.util.find_spec(module) is None]
    if missing:
        say(f"installing {' '.join(missing)}")
        subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", *missing], check=True)


def ensure_chromium() -> None:
    if os.path.exists(CHROMIUM):
        return
    if os.geteuid() != 0 or not shutil.which("apt-get"):
        sys.exit(f"[tests/run] {CHROMIUM} is missing: install Debian's chromium package (apt-get install chromium)")
    say("installing Debian's chromium (apt-get)")
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    subprocess.run(["apt-get", "update", "-qq"], check=True, env=env)
    subprocess.run(["apt-get", "install", "-y", "-qq", "chromium"], check=True, env=env)


def ensure_runtime() -> None:
    subprocess.run([sys.executable, os.path.join(ROOT, "assets", "fetch_runtime.py")], check=True)


def main() -> int:
    ensure_pip_packages()
    ensure_chromium()
    ensure_runtime()
    args = sys.argv[1:] or ["tests"]
    say(f"pytest {' '.join(args)}")
    return subprocess.run([sys.executable, "-m", "pytest", *args], cwd=ROOT).returncode


if __name__ == "__main__":
    sys.exit(main())
