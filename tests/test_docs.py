"""The documentation stays true: its links resolve, its examples run, its module map and its
table of link parameters follow the code, and the README stays a storefront.

The documents are README.md, CONTRIBUTING.md, ARCHITECTURE.md, CHANGELOG.md, docs/**/*.md and
the rules documents (reversi/docs/*.md).
"""

from __future__ import annotations

import importlib.util
import re
import struct
import subprocess
import sys
import tomllib
import zlib
from pathlib import Path

import pytest

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


# -- links -------------------------------------------------------------------------------------


@pytest.mark.parametrize("path", DOCUMENTS, ids=name)
def test_every_link_resolves_inside_the_repository(path: Path) -> None:
    """No link leaves the repository (the examples' own placeholder YOUR-SITE aside), and every
    relative link names a file or a folder that exists."""
    text = read(path)
    assert (ROOT / "docs" / "engine").is_dir()  # the engine's notes, linked as a folder
    for target in markdown_links(text):
        if target.startswith("#"):
            continue
        if re.match(r"[a-z][a-z0-9+.-]*:", target):
            assert "YOUR-SITE" in target, f"{name(path)} links outside the repository: {target}"
            continue
        resolved = (path.parent / target.split("#")[0]).resolve()
        assert resolved.is_relative_to(ROOT), f"{name(path)} links outside the repository: {target}"
        assert resolved.exists(), f"{name(path)}: broken link {target}"
    assert "shared/" not in text, f"{name(path)} refers to a folder outside the repository"


def test_the_link_checker_sees_a_broken_link() -> None:
    links = markdown_links('[a](docs/nowhere.md) ![b](docs/images/app.png) <img src="x.png">')
    assert links == ["docs/nowhere.md", "docs/images/app.png", "x.png"]
    assert not (ROOT / links[0]).exists() and (ROOT / links[1]).exists()


# -- the README --------------------------------------------------------------------------------


def test_the_readme_is_a_storefront_with_pictures() -> None:
    text = read(README)
    lines = text.splitlines()
    assert len(lines) < README_MOST_LINES, f"README.md has {len(lines)} lines: move detail into docs/"
    first_screen = "\n".join(lines[:20])
    assert "![" in first_screen and "docs/images/" in first_screen  # a picture of the app, first
    pictures = re.findall(r"!\[[^\]]+\]\((docs/images/[^)]+\.png)\)", text)
    assert len(pictures) >= 2
    for picture in pictures:
        data = (ROOT / picture).read_bytes()
        assert data.startswith(b"\x89PNG\r\n\x1a\n") and len(data) < 200_000, picture
    for page in GUIDE:
        assert f"docs/guide/{page.name}" in text, f"the README does not link {page.name}"
    assert "(LICENSE)" in text and "(CHANGELOG.md)" in text and "(CONTRIBUTING.md)" in text


# -- examples ----------------------------------------------------------------------------------


def python_examples() -> list[tuple[str, str]]:
    """``(document, code)``: each document's sessions (``>>>`` blocks) as one doctest, which share
    their names as a reader's session does, and each other block as a script of its own."""
    examples = []
    for path in [README, *GUIDE]:
        blocks = code_blocks(read(path), "python")
        sessions = [block for block in blocks if block.lstrip().startswith(">>>")]
        if sessions:
            examples.append((name(path), "\n".join(sessions)))
        examples += [(name(path), block) for block in blocks if block not in sessions]
    return examples


def test_the_readme_and_the_library_guide_have_examples() -> None:
    documents = [document for document, _ in python_examples()]
    assert "README.md" in documents and documents.count("docs/guide/library.md") >= 2


@pytest.mark.parametrize(("document", "code"), python_examples(),
                         ids=[f"{d}-{k}" for k, (d, _) in enumerate(python_examples())])
def test_the_python_examples_run(document: str, code: str, tmp_path: Path) -> None:
    """A session (``>>>``) is a doctest, as python-chess's README is; any other example is a
    script, and an output it promises in a comment (``# 30 ['d1']``) must be printed."""
    if code.lstrip().startswith(">>>"):
        session = tmp_path / "session.txt"
        session.write_text(code, encoding="utf-8")
        proc = subprocess.run([sys.executable, "-m", "doctest", str(session)], capture_output=True, text=True,
                              cwd=ROOT, timeout=120)
        assert proc.returncode == 0, proc.stdout + proc.stderr
        return
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert proc.returncode == 0, proc.stderr
    promised = re.findall(r"# (\d+ \[.*\])$", code, re.M)
    assert promised, f"{document}: a script example promises no output to check"
    for expected in promised:
        assert expected in proc.stdout, (expected, proc.stdout)


def test_the_example_links_open() -> None:
    from reversi.ui.sharing import game_from_link

    examples = [query for path in [README, *GUIDE] for query in re.findall(r"`\?([a-z]+=[^`\s]+)`", read(path))]
    assert len(examples) >= 4
    for query in examples:
        game_from_link(query)  # raises on an illegal example


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


# -- the link parameters -----------------------------------------------------------------------


def test_the_formats_guide_lists_every_link_parameter_as_the_code_does() -> None:
    from reversi.formats.links import PARAMETERS

    expected = [f"| `{p.name}` | {p.meaning} | {p.values} |" for p in PARAMETERS]
    text = read(ROOT / "docs" / "guide" / "formats.md")
    rows = [line for line in text.splitlines() if re.match(r"\| `[a-z]+` \|", line)]
    assert rows == expected, "docs/guide/formats.md's table of link parameters, from reversi/formats/links.py:\n" + \
        "\n".join(expected)


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


# -- the pictures' PNG reader and writer (docs/make_pictures.py) ---------------------------------


def make_pictures():
    spec = importlib.util.spec_from_file_location("make_pictures", ROOT / "docs" / "make_pictures.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def png_chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def paeth(a: int, b: int, c: int) -> int:
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    return a if pa <= pb and pa <= pc else b if pb <= pc else c


def rgb_png(rows: list[list[int]], width: int) -> bytes:
    """An RGB PNG whose row r uses filter r % 5 (None, Sub, Up, Average, Paeth), as a browser's may."""
    out = bytearray()
    previous = [0] * (width * 3)
    for r, row in enumerate(rows):
        kind = r % 5
        out.append(kind)
        for i, x in enumerate(row):
            a = row[i - 3] if i >= 3 else 0
            b = previous[i]
            c = previous[i - 3] if i >= 3 else 0
            predicted = (0, a, b, (a + b) // 2, paeth(a, b, c))[kind]
            out.append((x - predicted) & 255)
        previous = row
    header = struct.pack(">IIBBBBB", width, len(rows), 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", header) + png_chunk(b"IDAT", zlib.compress(bytes(out)))
            + png_chunk(b"IEND", b""))


def test_the_pictures_png_reader_undoes_every_filter_and_the_palette_is_exact_for_few_colours() -> None:
    import random

    import numpy as np

    pictures = make_pictures()
    rng = random.Random(5)
    width, height = 7, 10
    colours = [[rng.randrange(256) for _ in range(3)] for _ in range(12)]
    pixels = [[colours[rng.randrange(len(colours))] for _ in range(width)] for _ in range(height)]
    rows = [[v for pixel in row for v in pixel] for row in pixels]
    read_back = pictures.read_png(rgb_png(rows, width))
    assert read_back.tolist() == pixels

    png = pictures.palette_png(read_back)
    assert png[25] == 3  # colour type: palette
    chunks, pos = {}, 8
    while pos < len(png):
        length, kind = struct.unpack(">I4s", png[pos : pos + 8])
        chunks[kind] = png[pos + 8 : pos + 8 + length]
        pos += 12 + length
    palette = np.frombuffer(chunks[b"PLTE"], np.uint8).reshape(-1, 3)
    scanlines = np.frombuffer(zlib.decompress(chunks[b"IDAT"]), np.uint8).reshape(height, width + 1)
    assert (scanlines[:, 0] == 0).all()
    assert palette[scanlines[:, 1:]].tolist() == pixels  # 12 colours: every pixel exact


def test_the_palette_of_many_colours_keeps_them_close() -> None:
    import numpy as np

    pictures = make_pictures()
    ramp = np.linspace(0, 255, 600).astype(np.uint8)
    pixels = np.stack([ramp, ramp[::-1], np.full(600, 90, np.uint8)], axis=1).reshape(20, 30, 3)
    colours, counts = np.unique(pixels.reshape(-1, 3), axis=0, return_counts=True)
    assert len(colours) > 256
    palette = pictures.median_cut(colours, counts)
    assert len(palette) == 256
    nearest = ((colours[:, None, :].astype(int) - palette[None, :, :].astype(int)) ** 2).sum(axis=2).min(axis=1)
    assert nearest.max() <= 3 * 2**2  # each channel within 2 of a colour of the image
