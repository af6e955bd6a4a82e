"""The opening book: positions of the first moves with values, learned by self-play.

A book is a set of positions, each with a value (centidiscs, for the side to move):
the positions a search of the book's depth valued (its leaves) and the positions whose
every move was valued (its inner nodes, worth the best of their moves, negamax). It is
built offline by :mod:`reversi.tools.book_builder` and shipped as a small data file,
``reversi/engine/data/book_8x8.bin`` for 8x8 Othello.

Positions are stored in their canonical form (the least of the 8 images of the board
under its symmetries), so one entry serves the four first moves, which are the same
position turned. In play, :func:`book_moves` gives the value of every move of a position
the book expanded; the levels that use the book draw among the moves close to the best
(:mod:`reversi.engine.play`), so the opening varies from game to game.

File: ``RVBOOK1\\n``, a little-endian uint32 header length, the header (JSON: ``format``,
``board``, ``positions``, ``training``), then zlib-compressed entries of
``struct "<QQh"``: the side to move's squares, the other side's (bit ``8 * row + col``)
and the value.
"""

from __future__ import annotations

import json
import os
import struct
import zlib
from collections.abc import Callable
from functools import lru_cache

from reversi.core.geometry import Geometry
from reversi.core.position import Position
from reversi.core.rules import Rules
from reversi.engine.weights import DATA_DIR
from reversi.errors import WeightsError
from reversi.i18n import _

BOOK_MAGIC = b"RVBOOK1\n"
ENTRY = struct.Struct("<QQh")
#: The most entries a book file may hold (a damaged header must not make us allocate more).
MAX_BOOK_ENTRIES = 1_000_000

Book = dict[tuple[int, int], int]


def book_names(rules: Rules) -> list[str]:
    """The book files the rules can use (none but for 8x8 Othello, free of blocked squares)."""
    if rules.variant == "othello" and rules.size == 8 and not rules.anti and not rules.blocked:
        return ["book_8x8.bin"]
    return []


@lru_cache(maxsize=8)
def _row_tables(g: Geometry) -> list[list[list[int]]]:
    """``tables[s][row][byte]``: the squares of a row's bits under symmetry ``s``, as compact
    bits ``8 * row + col`` (the file's and the canonical form's numbering)."""
    n = g.width
    maps: list[Callable[[int, int], tuple[int, int]]] = [
        lambda c, r: (c, r),
        lambda c, r: (n - 1 - c, r),
        lambda c, r: (c, n - 1 - r),
        lambda c, r: (n - 1 - c, n - 1 - r),
        lambda c, r: (r, c),
        lambda c, r: (n - 1 - r, c),
        lambda c, r: (r, n - 1 - c),
        lambda c, r: (n - 1 - r, n - 1 - c),
    ]
    out = []
    for f in maps:
        rows = []
        for r in range(n):
            table = []
            for byte in range(1 << n):
                bits = 0
                for c in range(n):
                    if byte >> c & 1:
                        c2, r2 = f(c, r)
                        bits |= 1 << (n * r2 + c2)
                table.append(bits)
            rows.append(table)
        out.append(rows)
    return out


def canonical(g: Geometry, player: int, opponent: int) -> tuple[int, int]:
    """The least image of ``(player, opponent)`` under the board's 8 symmetries, in compact
    bits ``8 * row + col``: the key of a position in a book."""
    n, stride = g.width, g.stride
    full = (1 << n) - 1
    tables = _row_tables(g)
    prow = [(player >> (stride * r)) & full for r in range(n)]
    orow = [(opponent >> (stride * r)) & full for r in range(n)]
    best: tuple[int, int] | None = None
    for rows in tables:
        p = 0
        o = 0
        for r in range(n):
            t = rows[r]
            p |= t[prow[r]]
            o |= t[orow[r]]
        if best is None or (p, o) < best:
            best = (p, o)
    assert best is not None
    return best


def save_book(path: str, header: dict[str, object], book: Book) -> None:
    """Write ``book`` (canonical keys to values) with ``header``."""
    raw = b"".join(ENTRY.pack(p, o, max(-32768, min(32767, v))) for (p, o), v in sorted(book.items()))
    head = json.dumps(dict(header, positions=len(book)), separators=(",", ":")).encode()
    with open(path, "wb") as f:
        f.write(BOOK_MAGIC + struct.pack("<I", len(head)) + head + zlib.compress(raw, 9))


def load_book(path: str) -> tuple[dict[str, object], Book]:
    """``(header, book)`` of a book file; :class:`WeightsError` if it cannot be read or is damaged."""

    def damaged(problem: str) -> WeightsError:
        # Translators: {path} is a file's path, {problem} what is wrong with it
        return WeightsError(_("{path}: a damaged opening book ({problem})").format(path=path, problem=problem))

    try:
        with open(path, "rb") as f:
            blob = f.read()
    except OSError as e:
        reason = e.strerror or e
        # Translators: {error} is the system's reason, e.g. "No such file or directory"
        message = _("{path}: cannot read the opening book ({error})").format(path=path, error=reason)
        raise WeightsError(message) from None
    if not blob.startswith(BOOK_MAGIC) or len(blob) < len(BOOK_MAGIC) + 4:
        raise damaged(_("not a book file"))
    at = len(BOOK_MAGIC)
    (size,) = struct.unpack_from("<I", blob, at)
    try:
        header = json.loads(blob[at + 4 : at + 4 + size])
    except (ValueError, RecursionError) as e:
        raise damaged(_("its header is not JSON: {error}").format(error=e)) from None
    if not isinstance(header, dict):
        raise damaged(_("its header is not JSON: {error}").format(error=type(header).__name__))
    stream = zlib.decompressobj()
    try:
        raw = stream.decompress(blob[at + 4 + size :], ENTRY.size * MAX_BOOK_ENTRIES + 1)
    except zlib.error as e:
        raise damaged(_("the entries do not decompress: {error}").format(error=e)) from None
    if not stream.eof or len(raw) % ENTRY.size or len(raw) > ENTRY.size * MAX_BOOK_ENTRIES:
        raise damaged(_("the entries are not whole"))
    book: Book = {(p, o): v for p, o, v in ENTRY.iter_unpack(raw) if not p & o}
    return header, book


@lru_cache(maxsize=4)
def _load_cached(path: str, mtime: float, size: int) -> Book | None:
    try:
        return load_book(path)[1]
    except WeightsError:
        return None


def book_for(rules: Rules, data_dir: str = DATA_DIR) -> Book | None:
    """The book the rules use (cached), or None: no book for them, or its file is absent or
    damaged (then the search plays alone: a book is a help, never a requirement)."""
    for name in book_names(rules):
        path = os.path.join(data_dir, name)
        try:
            st = os.stat(path)
        except OSError:
            continue
        return _load_cached(path, st.st_mtime, st.st_size)
    return None


def book_moves(position: Position, book: Book) -> dict[int, int]:
    """The value of every legal move of ``position`` (centidiscs, for the side to move) when
    the book holds all of them; else ``{}`` (the book did not expand this position)."""
    if position.in_placement or position.is_over or position.must_pass:
        return {}
    g = position.rules.geometry
    if canonical(g, position.player, position.opponent) not in book:
        return {}
    out: dict[int, int] = {}
    for m in position.legal_moves():
        child = position.play(m)
        if child.must_pass and not child.is_over:
            child = child.pass_turn()
            sign = 1
        else:
            sign = -1
        v = book.get(canonical(g, child.player, child.opponent))
        if v is None:
            return {}
        out[m] = sign * v
    return out
