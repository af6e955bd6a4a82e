"""Board shapes and the one square convention of the package.

Square convention (written down once, here)
-------------------------------------------
A board is ``width`` columns by ``height`` rows. Columns are letters from ``a``
(left), rows are numbers from ``1`` (top), as on a printed Othello diagram.
The square in column ``col`` and row ``row`` (both from 0) has the index
``row * stride + col`` with ``stride = width + 1`` and the bit ``1 << index``.

The extra column (``col == width``) is never part of the board. A line of squares
that runs off the left or right edge lands on it, so shifting a bitboard by one of
the eight direction offsets never wraps onto the next row: there is no per-direction
edge mask. Squares that are cut (the octagon) or blocked are simply absent from
``mask``; since discs only ever stand on squares of ``mask``, no line of discs can
run through them either. One representation therefore serves every shape: square
boards of any size, the octagon, and any set of blocked squares.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cached_property, lru_cache

from reversi.errors import NotationError, ReversiError, RulesError
from reversi.i18n import _
from reversi.inputs import Shown

COLUMN_LETTERS = "abcdefghijklmnop"
MIN_SIZE = 4
MAX_SIZE = 16

_SQUARE_RE = re.compile(r"([a-pA-P])([0-9]{1,2})\Z")


@dataclass(frozen=True)
class Geometry:
    """The shape of a board: its bounding rectangle and the squares removed from it.

    ``removed`` holds the indices of squares inside the rectangle that are not on
    the board (cuts and blocked squares).
    """

    width: int
    height: int
    removed: frozenset[int] = field(default=frozenset())

    def __post_init__(self) -> None:
        for side in (self.width, self.height):
            if not isinstance(side, int) or isinstance(side, bool) or not 1 <= side <= MAX_SIZE:
                raise RulesError(
                    _("board size {width!r}x{height!r} is out of range: each side 1 to {most} squares").format(
                        width=self.width, height=self.height, most=MAX_SIZE
                    )
                )

    # -- indices and names -------------------------------------------------

    @property
    def stride(self) -> int:
        return self.width + 1

    def index(self, col: int, row: int) -> int:
        """The index of the square at ``col``, ``row`` (from 0, top-left)."""
        return row * (self.width + 1) + col

    def coords(self, index: int) -> tuple[int, int]:
        """``(col, row)`` of a square index."""
        return index % (self.width + 1), index // (self.width + 1)

    def name(self, index: int) -> str:
        """The lower-case name of a square index, e.g. ``'j10'``; ReversiError for an index off the
        board's rectangle (or not a whole number): a caller's slip, said in English."""
        if isinstance(index, int) and index >= 0:
            col, row = self.coords(index)
            if col < self.width and row < self.height:
                return f"{COLUMN_LETTERS[col]}{row + 1}"
        raise ReversiError(f"no square of a {self.width}x{self.height} board has the index {index!r}")

    def in_rectangle(self, index: int) -> bool:
        col, row = self.coords(index)
        return 0 <= index and col < self.width and row < self.height

    def parse_square(self, text: str) -> int:
        """The index of a square name (case-insensitive); it must be on the board."""
        index = self.parse_square_in_rectangle(text)
        if index in self.removed:
            raise NotationError(_("square {square!r} is not on this board").format(square=Shown(text)))
        return index

    def parse_square_in_rectangle(self, text: str) -> int:
        """The index of a square name inside the bounding rectangle (may be removed)."""
        match = _SQUARE_RE.match(text.strip())
        if not match:
            raise NotationError(_("{text!r} is not a square name (expected e.g. 'f5')").format(text=Shown(text)))
        col = COLUMN_LETTERS.index(match.group(1).lower())
        row = int(match.group(2)) - 1
        if match.group(2).startswith("0") or not (0 <= col < self.width and 0 <= row < self.height):
            raise NotationError(
                _("square {square!r} is outside the {width}x{height} board").format(
                    square=Shown(text), width=self.width, height=self.height
                )
            )
        return self.index(col, row)

    # -- masks -------------------------------------------------------------

    @cached_property
    def rectangle_mask(self) -> int:
        stride = self.width + 1
        row_bits = (1 << self.width) - 1
        mask = 0
        for row in range(self.height):
            mask |= row_bits << (row * stride)
        return mask

    @cached_property
    def mask(self) -> int:
        """Bitboard of every square on the board."""
        mask = self.rectangle_mask
        for index in self.removed:
            mask &= ~(1 << index)
        return mask

    @cached_property
    def squares(self) -> tuple[int, ...]:
        """Indices of the squares on the board, in reading order (a1, b1, ...)."""
        return tuple(i for i in range(self.height * self.stride) if self.mask >> i & 1)

    @property
    def square_count(self) -> int:
        return len(self.squares)

    @cached_property
    def shifts(self) -> tuple[int, int, int, int]:
        """The four positive direction offsets: east, south, south-east, south-west.

        Their negatives are the four opposite directions.
        """
        s = self.width + 1
        return (1, s, s + 1, s - 1)

    @cached_property
    def is_standard(self) -> bool:
        """True for the plain 8x8 board (the one of Edax position strings)."""
        return self.width == 8 and self.height == 8 and not self.removed

    def neighbours(self, index: int) -> int:
        """Bitboard of the on-board squares adjacent to a square (for evaluation)."""
        bit = 1 << index
        around = 0
        for d in self.shifts:
            around |= (bit << d) | (bit >> d)
        return around & self.mask

    def bits_to_names(self, bits: int) -> list[str]:
        """Names of the squares of a bitboard, in index order."""
        return [self.name(i) for i in iter_indices(bits)]


def iter_indices(bits: int) -> Iterator[int]:
    """The indices of the set bits of ``bits``, lowest first (ReversiError for a negative number,
    which has no end of set bits)."""
    if bits < 0:
        raise ReversiError(f"a bitboard is a number of at least 0, not {bits}")
    while bits:
        low = bits & -bits
        yield low.bit_length() - 1
        bits ^= low


def square_geometry(size: int, removed: frozenset[int] = frozenset()) -> Geometry:
    return Geometry(size, size, removed)


@lru_cache(maxsize=1)
def octagon_cuts() -> frozenset[int]:
    """The twelve squares cut from a 10x10 board to make the octagon (made once: every
    request of an octagon game asks which weights it uses)."""
    g = Geometry(10, 10)
    names = "a1 b1 a2 i1 j1 j2 a9 a10 b10 i10 j10 j9".split()
    return frozenset(g.parse_square(n) for n in names)
