"""Stable discs: the discs that can never be flipped again, by the rules alone.

A disc is flipped only by a move that brackets it along one of the four lines through it
(the row, the column, the two diagonals): the move is played on an empty square of that
line, and the disc lies between it and a disc of the mover's colour. So a disc is safe along
one line when

* the line through it is **full**: its run of squares (up to the board's edge, a cut corner
  or a blocked square, where lines end) has no empty square, so no move is ever played on
  it; or
* on one side its neighbour along the line is a **wall** (off the board, a cut or blocked
  square): nothing can bracket it from that side; or
* on one side its neighbour is a **stable disc of its own colour**: bracketing it would
  flip that neighbour too, which never happens.

A disc safe along all four lines is stable; starting from none, the rule is applied until
no disc is added (the corners first, then what leans on them). Every disc this marks is
stable for certain, on every board and rule set the package has (a cut corner and a blocked
square are walls, discs in hand change nothing: a move is a move). It is a lower bound: a
disc can also be safe for a subtler reason (a bracketing move that can never become legal),
which this does not see. ``tests/test_stability.py`` checks it against every continuation
of many small-board positions (none marked that ever flips) and against the engine's own
copy (:func:`reversi.engine.kernels.stable_discs`, generated code for speed): the same
discs, square for square.
"""

from __future__ import annotations

from functools import lru_cache

from reversi.core.geometry import Geometry, iter_indices
from reversi.core.position import Position
from reversi.core.rules import BLACK, WHITE


@lru_cache(maxsize=32)
def _lines(g: Geometry) -> tuple[tuple[tuple[int, int, int], ...], ...]:
    """For each square: for each of the four lines, ``(its squares' mask, the neighbour's bit on
    one side, on the other)``; a neighbour off the board is 0 (a wall)."""
    mask = g.mask
    out: list[tuple[tuple[int, int, int], ...]] = [() for _ in range(g.height * g.stride)]
    for square in g.squares:
        per_line = []
        for d in g.shifts:
            line = 1 << square
            for step in (d, -d):
                i = square + step
                while 0 <= i and mask >> i & 1:
                    line |= 1 << i
                    i += step
            after = square + d
            before = square - d
            per_line.append((
                line,
                (1 << after) if 0 <= after and mask >> after & 1 else 0,
                (1 << before) if 0 <= before and mask >> before & 1 else 0,
            ))
        out[square] = tuple(per_line)
    return tuple(out)


def stable_of(g: Geometry, discs: int, empty: int) -> int:
    """The discs of ``discs`` (one side's) that can never be flipped, ``empty`` the empty squares."""
    lines = _lines(g)
    stable = 0
    changed = True
    while changed:
        changed = False
        for square in iter_indices(discs & ~stable):
            for line, after, before in lines[square]:
                if not line & empty or not after or not before or after & stable or before & stable:
                    continue
                break
            else:
                stable |= 1 << square
                changed = True
    return stable


@lru_cache(maxsize=64)
def stable_discs(position: Position) -> tuple[int, int]:
    """Black's and White's stable discs (bitboards) in ``position``."""
    g = position.rules.geometry
    empty = position.empty
    return stable_of(g, position.discs(BLACK), empty), stable_of(g, position.discs(WHITE), empty)


def mobility(position: Position) -> tuple[int, int]:
    """How many moves Black and White would each have here (the side not to move: if it were its turn)."""
    return position.moves_of(BLACK).bit_count(), position.moves_of(WHITE).bit_count()


__all__ = ["mobility", "stable_discs", "stable_of"]
