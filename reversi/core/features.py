"""What a move does that a player can see: the features the coach compares, measured by the rules.

:func:`move_features` plays a move and measures the position after it, from the side of the
player who moved (the *mover*; the other side is the *opponent*, who moves next):

* the **corners**: the squares no line runs through (:func:`corner_squares`: a1, h1, a8, h8 on
  8x8; on the octagon the squares beside its cuts; a blocked square can make more), whose
  discs can never be turned. Which corner the move takes, and which the opponent can take on
  its next move (its legal moves there);
* the empty corners the move's square is **next to**: diagonally (an *X-square*) or along a
  row or a column (a *C-square*), squares that often give the corner away;
* **mobility**: how many moves each side could make (the mover's counted as if it were to move);
* **frontier** discs: the mover's discs next to an empty square (they give the opponent moves);
* **stable** discs: the mover's discs that can never be turned
  (:func:`reversi.core.stability.stable_of`, a sound lower bound);
* **parity**: with few empty squares left (:data:`PARITY_EMPTIES`), how many of the empty
  *regions* (empty squares joined through their eight neighbours) hold an odd number of
  squares: the side to move in an odd region can have its last move;
* a **wipe-out**: the move leaves the opponent no disc, or the opponent can reply with a move
  that leaves the mover none.

Each is a few bitboard operations (the stable discs a few passes over the discs), so a review
measures its moves as it shows them. Nothing here says which feature matters, or how much:
that is the coach's (:mod:`reversi.ui.coach`), which compares the features of two moves.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from reversi.core.bitboard import flips
from reversi.core.geometry import Geometry, iter_indices
from reversi.core.position import Position
from reversi.core.stability import stable_of

#: Parity is measured with this many empty squares or fewer after the move (near the end).
PARITY_EMPTIES = 14


@lru_cache(maxsize=32)
def corner_squares(g: Geometry) -> int:
    """Bitboard of the corners: the squares no line of discs runs through, since along each of
    the four lines at least one neighbour is off the board (a disc there is never turned)."""
    found = 0
    for i in g.squares:
        bit = 1 << i
        if all(not ((bit << d) & g.mask) or not ((bit >> d) & g.mask) for d in g.shifts):
            found |= bit
    return found


@lru_cache(maxsize=32)
def _beside_corners(g: Geometry) -> tuple[dict[int, int], dict[int, int]]:
    """Per square, the corners it is next to diagonally (X), and along a row or column (C)."""
    x: dict[int, int] = {}
    c: dict[int, int] = {}
    orthogonal, diagonal = g.shifts[:2], g.shifts[2:]
    for corner in iter_indices(corner_squares(g)):
        bit = 1 << corner
        for shifts, table in ((diagonal, x), (orthogonal, c)):
            for d in shifts:
                for square in iter_indices(((bit << d) | (bit >> d)) & g.mask & ~corner_squares(g)):
                    table[square] = table.get(square, 0) | bit
    return x, c


def neighbours_of(bits: int, g: Geometry) -> int:
    """The on-board squares next to any square of ``bits`` (the eight directions)."""
    around = 0
    for d in g.shifts:
        around |= (bits << d) | (bits >> d)
    return around & g.mask


def regions(empty: int, g: Geometry) -> list[int]:
    """The empty squares in connected regions (joined through their eight neighbours)."""
    out = []
    while empty:
        region = empty & -empty
        while True:
            grown = (region | neighbours_of(region, g)) & empty
            if grown == region:
                break
            region = grown
        out.append(region)
        empty &= ~region
    return out


@dataclass(frozen=True)
class MoveFeatures:
    """A move and the position after it, from the mover's side (bitboards are of squares)."""

    #: The move's square.
    move: int
    #: The move's square when it is a corner, else 0.
    corner_taken: int
    #: The corners the opponent can take on its next move (none when it must pass).
    corners_given: int
    #: The empty corners the move's square is next to, diagonally (an X-square)...
    x_corners: int
    #: ... and along a row or a column (a C-square).
    c_corners: int
    #: The moves the mover would have, and the opponent has.
    own_moves: int
    opponent_moves: int
    #: The mover's discs next to an empty square.
    frontier: int
    #: The mover's stable discs.
    stable: int
    #: The empty squares left.
    empties: int
    #: The empty regions with an odd number of squares, or None with more than
    #: :data:`PARITY_EMPTIES` empty squares.
    odd_regions: int | None
    #: The move leaves the opponent no disc.
    wipes_out: bool
    #: The opponent's replies that leave the mover no disc.
    wiped_by: int


def move_features(position: Position, move: int) -> MoveFeatures:
    """The features of the legal ``move`` (a square) at ``position``, measured after it (a move of
    the opening's placement phase flips nothing and is measured as it stands)."""
    g = position.rules.geometry
    corners = corner_squares(g)
    mover = position.turn
    after = position.play(move)
    own, theirs = after.discs(mover), after.discs(1 - mover)
    empty = after.empty
    own_moves = after.moves_of(mover)
    their_moves = after.moves_of(1 - mover)
    x_table, c_table = _beside_corners(g)
    wiped_by = 0
    if not after.in_placement:
        for reply in iter_indices(their_moves):
            if flips(theirs, own, reply, g.shifts) == own:
                wiped_by |= 1 << reply
    frontier = own & neighbours_of(empty, g)
    n_empty = empty.bit_count()
    odd = None
    if n_empty <= PARITY_EMPTIES:
        odd = sum(1 for region in regions(empty, g) if region.bit_count() % 2)
    return MoveFeatures(
        move=move,
        corner_taken=(1 << move) & corners,
        corners_given=their_moves & corners,
        x_corners=x_table.get(move, 0) & empty,
        c_corners=c_table.get(move, 0) & empty,
        own_moves=own_moves.bit_count(),
        opponent_moves=their_moves.bit_count(),
        frontier=frontier.bit_count(),
        stable=stable_of(g, own, empty).bit_count(),
        empties=n_empty,
        odd_regions=odd,
        wipes_out=not theirs and not position.in_placement,
        wiped_by=wiped_by,
    )


__all__ = ["PARITY_EMPTIES", "MoveFeatures", "corner_squares", "move_features", "neighbours_of", "regions"]
