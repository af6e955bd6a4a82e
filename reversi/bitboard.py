"""Move generation and flips on bitboards: the hot path of the engine.

Positions here are side-relative, as in the strongest engines: ``player`` is the
bitboard of the side to move, ``opponent`` the other side's. A move is applied as::

    f = flips(player, opponent, index, shifts)
    player, opponent = opponent ^ f, player | f | (1 << index)

Everything is plain Python ints; ``shifts`` are the four positive direction
offsets of the board's :class:`~reversi.geometry.Geometry` (see its docstring for
why no edge masks are needed). The functions do not know about colours, rule sets,
supplies or the opening phase: :mod:`reversi.position` adds those.

Move generation floods each of the eight directions from the player's discs
through contiguous opponent discs (a "dumb fill", stopped as soon as a step adds
nothing, which is faster in CPython than a fixed number of Kogge-Stone steps on
midgame positions); a move is an empty square just past such a run. The hot
loops use :func:`moves_function`: the same, generated for one geometry with the
shifts written in (and Kogge-Stone steps for the full boards of the endgame;
:func:`moves_by_empties` picks one by the number of empty squares).
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Callable

if TYPE_CHECKING:  # geometry needs nothing from here; no import at run time
    from .geometry import Geometry


def moves(player: int, opponent: int, empty: int, shifts: tuple[int, int, int, int]) -> int:
    """Bitboard of the legal moves of ``player`` (squares in ``empty`` that flip)."""
    found = 0
    for d in shifts:
        t = opponent & (player << d)
        while t:
            n = t | (opponent & (t << d))
            if n == t:
                break
            t = n
        found |= t << d
        t = opponent & (player >> d)
        while t:
            n = t | (opponent & (t >> d))
            if n == t:
                break
            t = n
        found |= t >> d
    return found & empty


def flips(player: int, opponent: int, index: int, shifts: tuple[int, int, int, int]) -> int:
    """Bitboard of the opponent discs that a disc of ``player`` on ``index`` turns.

    Only lines that end at the new disc count. Returns 0 when the move flips
    nothing (an illegal move, except in the opening placement phase).
    """
    bit = 1 << index
    flipped = 0
    for d in shifts:
        x = (bit << d) & opponent
        if x:
            line = 0
            while x:
                line |= x
                x <<= d
                if x & player:
                    flipped |= line
                    break
                x &= opponent
        x = (bit >> d) & opponent
        if x:
            line = 0
            while x:
                line |= x
                x >>= d
                if x & player:
                    flipped |= line
                    break
                x &= opponent
    return flipped


def potential_mobility(player: int, opponent: int, empty: int, shifts: tuple[int, int, int, int]) -> int:
    """Empty squares next to an opponent disc (frontier seen from ``player``)."""
    around = 0
    for d in shifts:
        around |= (opponent << d) | (opponent >> d)
    return around & empty


@lru_cache(maxsize=32)
def moves_function(g: Geometry, kogge_stone: bool = True) -> Callable[[int, int, int], int]:
    """``moves(p, o, empty)`` generated for the geometry ``g``.

    The result of :func:`moves`, unrolled over the eight
    directions with the offsets as literals. With ``kogge_stone`` each direction
    takes a fixed number of parallel-prefix steps: one extends the runs of
    opponent discs by one square, each further one by two (through pairs of
    opponent discs), up to the longest possible run (the board's side minus two).
    On the full boards of the endgame the runs are long and this is 10-20% faster
    than a flood fill that stops when a step adds nothing; in the midgame the
    flood fill is faster (measured on the benchmark positions).
    """
    longest = max(g.width, g.height) - 2
    pair_steps = max(0, (longest - 1) // 2)
    lines = ["def moves(p, o, e):", "    m = 0"]
    for d in g.shifts:
        for op in ("<<", ">>"):
            if kogge_stone:
                lines += [f"    t = o & (p {op} {d})", f"    t |= o & (t {op} {d})"]
                if pair_steps:
                    lines.append(f"    q = o & (o {op} {d})")
                    lines += [f"    t |= q & (t {op} {2 * d})"] * pair_steps
                lines.append(f"    m |= t {op} {d}")
            else:
                lines += [
                    f"    t = o & (p {op} {d})",
                    "    if t:",
                    f"        n = t | (o & (t {op} {d}))",
                    "        while n != t:",
                    "            t = n",
                    f"            n = t | (o & (t {op} {d}))",
                    f"        m |= t {op} {d}",
                ]
    lines.append("    return m & e")
    namespace: dict = {}
    exec("\n".join(lines), namespace)  # noqa: S102 - generated from the geometry
    return namespace["moves"]


#: At or below this many empty squares :func:`moves_by_empties` picks the
#: parallel-prefix generator, above it the flood fill (measured on 8x8: on random
#: games the two break even at 12-16 empties, on the benchmark's endgames the
#: parallel-prefix steps win up to 20: their runs of discs are longer).
KOGGE_STONE_MAX_EMPTIES = 20


def moves_by_empties(g: Geometry) -> list[Callable[[int, int, int], int]]:
    """``[moves_function(g, ...)]`` indexed by the number of empty squares: the faster
    generator for that stage of the game (see :data:`KOGGE_STONE_MAX_EMPTIES`)."""
    ks, ff = moves_function(g, kogge_stone=True), moves_function(g, kogge_stone=False)
    return [ks if n <= KOGGE_STONE_MAX_EMPTIES else ff for n in range(g.square_count + 1)]
