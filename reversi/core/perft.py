"""Perft: count the leaves of the game tree to a fixed depth.

Convention (the published one, RULES.md): a pass counts as a ply, and a game that
is over before the requested depth counts as one leaf. The last ply is counted in
bulk (the number of legal moves, or 1 for a pass or a finished game).

:func:`perft` runs on side-relative bitboards while the position is "plain" (no
placement phase, no limited supply, as in every Othello game after its opening)
and on :class:`~reversi.core.position.Position` objects otherwise, so it is exact for
every rule set.
"""

from __future__ import annotations

from reversi.core.bitboard import flips, moves
from reversi.core.geometry import iter_indices
from reversi.core.position import PASS, Position
from reversi.errors import ReversiError
from reversi.i18n import _


def perft(position: Position, depth: int) -> int:
    """The number of leaves ``depth`` plies below ``position``."""
    if not isinstance(depth, int) or isinstance(depth, bool) or depth < 0:
        # Translators: perft counts the positions a number of moves ahead; "perft" is its name, not translated
        raise ReversiError(_("perft depth {depth!r} must be a whole number, 0 or more").format(depth=depth))
    return _perft_position(position, depth)


def _perft_position(position: Position, depth: int) -> int:
    if depth == 0:
        return 1
    if position.supply is None and not position.in_placement:
        g = position.rules.geometry
        return _perft_bits(position.player, position.opponent, g.mask, g.shifts, depth, False)
    legal = position.legal
    if not legal:
        if position.is_over:
            return 1
        return _perft_position(position.play(PASS), depth - 1)
    if depth == 1:
        return legal.bit_count()
    return sum(_perft_position(position.play(i), depth - 1) for i in iter_indices(legal))


def _perft_bits(p: int, o: int, mask: int, shifts: tuple[int, int, int, int], depth: int, passed: bool) -> int:
    """Perft on side-relative bitboards (``depth >= 1``)."""
    empty = mask & ~(p | o)
    m = moves(p, o, empty, shifts)
    if not m:
        if passed:
            return 1  # neither side can move: the game is over, one leaf
        if depth == 1:
            return 1  # the pass is the last ply
        return _perft_bits(o, p, mask, shifts, depth - 1, True)
    if depth == 1:
        return m.bit_count()
    total = 0
    d = depth - 1
    while m:
        b = m & -m
        m ^= b
        f = flips(p, o, b.bit_length() - 1, shifts)
        total += _perft_bits(o & ~f, p | f | b, mask, shifts, d, False)
    return total
