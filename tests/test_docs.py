"""The documentation follows the code: ARCHITECTURE.md's module map lists every module of the
package, the changelog names the package's version, and the license is the package's."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "reversi"
README = ROOT / "README.md"
GUIDE = sorted((ROOT / "docs" / "guide").glob("*.md"))
DOCUMENTS = [
    README,
    ROOT / "CONTRIBUTING.md",
    ROOT / "ARCHITECTURE.md",
    ROOT / "CHANGELOG.md",
    *sorted((ROOT / "docs").rglob("*.md")),
    *sorted((PACKAGE / "docs").glob("*.md")),
]
#: The README is the first screen of the project: what it is, a picture, how to run it, links.
README_MOST_LINES = 200


def read(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def name(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def markdown_links(text: str) -> list[str]:
    """The targets of the links and pictures of a Markdown text, and of its HTML ``src``/``href``."""
    return re.findall(r"\]\(([^)\s]+)\)", text) + re.findall(r"""(?:src|href)="([^"]+)\"""", text)


def code_blocks(text: str, language: str) -> list[str]:
    return re.findall(rf"^```{language}\n(.*?)^```", text, re.S | re.M)


# -- the module map ----------------------------------------------------------------------------


def module_map() -> list[str]:
    """The entries of ARCHITECTURE.md's module map: ``reversi/x.py``, or ``reversi/pkg/`` for a package."""
    text = read(ROOT / "ARCHITECTURE.md")
    section = re.search(r"^## Module map\n(.*?)(?=^## )", text, re.S | re.M)
    assert section is not None, "ARCHITECTURE.md has no module map"
    return re.findall(r"^- `([^`]+)`: \S", section.group(1), re.M)


def package_modules() -> set[str]:
    found = set()
    for path in PACKAGE.rglob("*.py"):
        if "__pycache__" in path.parts:
            continue
        entry = name(path.parent) + "/" if path.name == "__init__.py" else name(path)
        found.add(entry)
    return found


def test_the_module_map_lists_every_module_once() -> None:
    entries = module_map()
    assert len(entries) == len(set(entries)), sorted(e for e in entries if entries.count(e) > 1)
    missing = package_modules() - set(entries)
    assert not missing, f"add a line for each to ARCHITECTURE.md's module map: {sorted(missing)}"


def test_every_entry_of_the_module_map_exists() -> None:
    gone = [entry for entry in module_map()
            if not (ROOT / entry / "__init__.py" if entry.endswith("/") else ROOT / entry).is_file()]
    assert not gone, f"ARCHITECTURE.md's module map names modules that do not exist: {gone}"


def test_the_map_entries_are_read_as_modules_and_packages() -> None:
    assert "reversi/" in module_map() and "reversi/core/" in module_map()
    assert "reversi/core/geometry.py" in module_map() and "reversi/ui/dom/page.py" in module_map()
    assert "reversi/core/" in package_modules() and "reversi/core/__init__.py" not in package_modules()


# -- version, changelog, license ---------------------------------------------------------------


def test_the_changelog_has_the_packages_version_as_its_newest_release() -> None:
    from reversi import __version__

    versions = re.findall(r"^## (\S+)", read(ROOT / "CHANGELOG.md"), re.M)
    assert versions[0] == "Unreleased"
    assert versions[1] == __version__, (versions, __version__)


def test_the_license_is_mit_and_the_package_says_so() -> None:
    assert read(ROOT / "LICENSE").startswith("MIT License\n\nCopyright (c) 2026 The Reversi project authors\n")
    project = tomllib.loads(read(ROOT / "pyproject.toml"))["project"]
    assert project["license"] == "MIT" and project["license-files"] == ["LICENSE"]


