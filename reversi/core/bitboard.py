"""Move generation and flips on bitboards: the hot path of the engine.

Positions here are side-relative, as in the strongest engines: ``player`` is the
bitboard of the side to move, ``opponent`` the other side's. A move is applied as::

    f = flips(player, opponent, index, shifts)
    player, opponent = opponent ^ f, player | f | (1 << index)

Everything is plain Python ints; ``shifts`` are the four positive direction
offsets of the board's :class:`~reversi.core.geometry.Geometry` (see its docstring for
why no edge masks are needed). The functions do not know about colours, rule sets,
supplies or the opening phase: :mod:`reversi.core.position` adds those.

Move generation floods each of the eight directions from the player's discs
through contiguous opponent discs (a "dumb fill", stopped as soon as a step adds
nothing, which is faster in CPython than a fixed number of Kogge-Stone steps on
midgame positions); a move is an empty square just past such a run. The hot
loops use :func:`moves_function`: the same, generated for one geometry with the
shifts written in (and Kogge-Stone steps for the full boards of the endgame;
:func:`moves_by_empties` picks one by the number of empty squares).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # geometry needs nothing from here; no import at run time
    pass


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
