"""The README's pictures, taken from the real page: ``python docs/make_pictures.py``.

Starts ``serve.py`` and the tests' Chromium (``tests/browser_support.py``: ``serve_repo``,
``chromium_with_profile``), and writes into ``docs/images/``:

* ``app.png``: a game against the computer on a desktop, a move played by clicking, the
  computer's reply, and the hints on (down to the move list);
* ``review.png``: a game opened for study, reviewed, with its blunder selected: the marks in
  the move list and on the evaluation graph, and the better move on the board (down to the
  graph's legend).

Each picture is saved as a palette PNG (256 colours chosen by median cut, about half the bytes
of the browser's own PNG, with no difference a reader sees). It needs what the browser tests
need (Playwright, Debian's Chromium, the runtime: ``python tests/run.py`` installs them) and
numpy. Run it again after a change to the page's looks, and commit the pictures.
"""

from __future__ import annotations

import argparse
import struct
import sys
import zlib
from pathlib import Path

import numpy as np

DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent
IMAGES = DOCS / "images"

#: The desktop the pictures are taken on: the board and the panel side by side, little margin.
VIEWPORT = {"width": 1000, "height": 700}
#: A game against the computer (a person has Black, the computer level 5), Black to move.
GAME = "?m=f5d6c3d3c4f4f6f3e6e7&pl=hc5"
#: The move the person plays in the picture (legal after GAME).
MOVE = "c6"
#: A game with a blunder at move 11 (Black's g2 beside the empty h1 corner), opened for study.
STUDIED = "?m=f5d6c3d3c4f4f6f3e6e7g2e3g4g3e8c6d7c5d2b4e2f7c7f2"
BLUNDER_PLY = 11
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


# -- PNG: read the browser's, write a palette one ------------------------------------------------


def read_png(data: bytes) -> np.ndarray:
    """The pixels of an 8-bit RGB or RGBA PNG that is not interlaced (the browser's screenshots),
    as an array of shape (height, width, 3): the alpha channel, opaque here, is dropped."""
    if not data.startswith(PNG_SIGNATURE):
        raise ValueError("not a PNG file")
    pos, idat, header = len(PNG_SIGNATURE), bytearray(), None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos : pos + 8])
        body = data[pos + 8 : pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    if header is None:
        raise ValueError("a PNG file without its header")
    width, height, depth, colour, _, _, interlace = header
    if depth != 8 or colour not in (2, 6) or interlace:
        raise ValueError(f"only 8-bit RGB or RGBA PNGs without interlacing are read (depth {depth}, "
                         f"colour type {colour}, interlace {interlace})")
    bpp = 3 if colour == 2 else 4
    stride = width * bpp
    raw = zlib.decompress(bytes(idat))
    rows = np.zeros((height, stride), np.uint8)
    previous = np.zeros(stride, np.int32)
    for r in range(height):
        kind = raw[r * (stride + 1)]
        line = np.frombuffer(raw, np.uint8, stride, r * (stride + 1) + 1).astype(np.int32)
        if kind == 1:  # Sub: each byte adds the one a pixel to its left, a running sum per channel
            line = np.cumsum(line.reshape(width, bpp), axis=0).reshape(-1) & 255
        elif kind == 2:  # Up
            line = (line + previous) & 255
        elif kind in (3, 4):  # Average, Paeth: byte by byte, each depends on the one decoded before
            line = _unfilter_serial(kind, line.tolist(), previous.tolist(), bpp)
        elif kind != 0:
            raise ValueError(f"unknown PNG filter {kind} in row {r}")
        rows[r] = line
        previous = np.asarray(line, np.int32)
    return rows.reshape(height, width, bpp)[:, :, :3]


def _unfilter_serial(kind: int, line: list[int], up: list[int], bpp: int) -> np.ndarray:
    for i in range(len(line)):
        a = line[i - bpp] if i >= bpp else 0
        b = up[i]
        if kind == 3:
            line[i] = (line[i] + (a + b) // 2) & 255
            continue
        c = up[i - bpp] if i >= bpp else 0
        p = a + b - c
        pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
        line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
    return np.asarray(line, np.int32)


def median_cut(colours: np.ndarray, counts: np.ndarray, size: int = 256) -> np.ndarray:
    """A palette of at most ``size`` colours for ``colours`` (unique, shape (n, 3)) seen ``counts``
    times each: the box of colours whose widest channel spans most, weighted by its pixels, is split
    at that channel's weighted median until there are ``size`` boxes; each gives its mean colour."""
    values = colours.astype(np.float64)

    def weight(box: np.ndarray) -> float:
        if len(box) < 2:
            return -1.0
        span = values[box].max(axis=0) - values[box].min(axis=0)
        return float(span.max() * counts[box].sum())

    boxes = [np.arange(len(colours))]
    weights = [weight(boxes[0])]
    while len(boxes) < size:
        i = int(np.argmax(weights))
        if weights[i] <= 0:
            break
        box = boxes[i]
        channel = int(np.argmax(values[box].max(axis=0) - values[box].min(axis=0)))
        ordered = box[np.argsort(values[box, channel], kind="stable")]
        total = np.cumsum(counts[ordered])
        cut = min(max(int(np.searchsorted(total, total[-1] / 2)) + 1, 1), len(ordered) - 1)
        halves = [ordered[:cut], ordered[cut:]]
        boxes[i : i + 1] = halves
        weights[i : i + 1] = [weight(half) for half in halves]
    palette = [(values[box] * counts[box, None]).sum(axis=0) / counts[box].sum() for box in boxes]
    return np.rint(np.array(palette)).astype(np.uint8)


def _chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def palette_png(pixels: np.ndarray) -> bytes:
    """``pixels`` (height, width, 3) as an 8-bit palette PNG: exact when they hold at most 256
    colours, else each pixel takes the nearest colour of a median-cut palette."""
    height, width, _ = pixels.shape
    colours, inverse, counts = np.unique(pixels.reshape(-1, 3), axis=0, return_inverse=True, return_counts=True)
    if len(colours) <= 256:
        palette, nearest = colours, np.arange(len(colours))
    else:
        palette = median_cut(colours, counts)
        distance = ((colours[:, None, :].astype(np.int32) - palette[None, :, :].astype(np.int32)) ** 2).sum(axis=2)
        nearest = distance.argmin(axis=1)
    index = nearest[inverse.reshape(-1)].astype(np.uint8).reshape(height, width)
    scanlines = b"".join(b"\x00" + index[r].tobytes() for r in range(height))
    return b"".join([
        PNG_SIGNATURE,
        _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)),
        _chunk(b"PLTE", palette.tobytes()),
        _chunk(b"IDAT", zlib.compress(scanlines, 9)),
        _chunk(b"IEND", b""),
    ])


def save(shot: bytes, name: str) -> Path:
    path = IMAGES / name
    path.write_bytes(palette_png(read_png(shot)))
    print(f"{path.relative_to(ROOT)}: {path.stat().st_size // 1024} KB (the browser's PNG: {len(shot) // 1024} KB)")
    return path


# -- the pictures ---------------------------------------------------------------------------------


def open_page(browser, url: str):
    from browser_support import private_context, wait_ready

    context = private_context(browser, viewport=VIEWPORT, device_scale_factor=1, reduced_motion="reduce",
                              service_workers="block")
    page = context.new_page()
    page.goto(url)
    wait_ready(page)
    return context, page


#: The bottom of an element (its descendants included) and the top of the first element below it in
#: the same column, in the page's coordinates.
EDGES_JS = """selector => {
  const element = document.querySelector(selector), box = element.getBoundingClientRect();
  let bottom = box.bottom, next = Infinity;
  for (const e of element.querySelectorAll('*')) {
    const r = e.getBoundingClientRect();
    if (r.height) bottom = Math.max(bottom, r.bottom);
  }
  for (const e of document.querySelectorAll('body *')) {
    if (element.contains(e) || e.contains(element)) continue;
    const r = e.getBoundingClientRect();
    if (r.height && r.top >= bottom - 0.5 && r.left < box.right && r.right > box.left) next = Math.min(next, r.top);
  }
  return [bottom + window.scrollY, next + window.scrollY];
}"""


def down_to(page, selector: str, margin: int = 12) -> dict[str, float]:
    """The page's whole width from its top down to a little below the element (and above whatever
    follows it)."""
    bottom, following = page.evaluate(EDGES_JS, selector)
    height = max(bottom + 1, min(bottom + margin, following - 1))
    return {"x": 0, "y": 0, "width": VIEWPORT["width"], "height": round(height)}


def app_picture(browser, server_url: str) -> bytes:
    """A move against the computer, its reply, and the hints on the next move."""
    from browser_support import click_square, moves_played

    context, page = open_page(browser, server_url + GAME)
    try:
        played = moves_played(page)
        click_square(page, MOVE)
        page.wait_for_function(f"document.querySelector('#board').dataset.moves === '{played + 2}'", timeout=60_000)
        page.click("#btn-hints")
        page.wait_for_function(
            "document.querySelectorAll('#board .legal').length > 0 && document.querySelectorAll('#board "
            ".legal').length === document.querySelectorAll('#board text.hint').length", timeout=60_000)
        page.mouse.move(0, 0)  # no hover over a button
        return page.screenshot(full_page=True, clip=down_to(page, "#move-list"))
    finally:
        context.close()


def review_picture(browser, server_url: str) -> bytes:
    """The review of a studied game, its blunder selected: the page down to the graph's legend."""
    context, page = open_page(browser, server_url + STUDIED)
    try:
        plies = len(STUDIED.removeprefix("?m=")) // 2  # two characters a move
        page.click('[data-study="review"]')
        page.wait_for_function(f"document.querySelectorAll('#eval-graph [data-ply]').length === {plies + 1}",
                               timeout=180_000)
        page.wait_for_selector(f'#move-list .ply.blunder[data-ply="{BLUNDER_PLY}"]', timeout=180_000)
        page.click(f'#move-list > .ply[data-ply="{BLUNDER_PLY}"]')
        page.wait_for_selector('[data-better="true"]')
        page.mouse.move(0, 0)
        return page.screenshot(full_page=True, clip=down_to(page, "#review-legend"))
    finally:
        context.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.parse_args(argv)
    sys.path.insert(0, str(ROOT / "tests"))
    sys.path.insert(0, str(ROOT))
    from browser_support import chromium_with_profile, serve_repo
    from playwright.sync_api import sync_playwright

    IMAGES.mkdir(exist_ok=True)
    with serve_repo() as url, sync_playwright() as playwright, chromium_with_profile(playwright) as browser:
        save(app_picture(browser, url), "app.png")
        save(review_picture(browser, url), "review.png")
    return 0


if __name__ == "__main__":
    sys.exit(main())
