"""Slow, obviously correct references for the AI's tests and benchmarks.

* :func:`minimax` walks :class:`~reversi.core.position.Position` objects with no
  pruning at all: the definition of the exact value.
* :func:`plain_alphabeta` is the textbook solver on side-relative bitboards:
  fail-soft alpha-beta with the library's move generation, no move ordering, no
  transposition table, no special cases. The benchmark compares the real solver
  with it.
"""

from __future__ import annotations

from reversi.core.bitboard import flips, moves
from reversi.core.position import Position
from reversi.engine.kernels import final_score


def minimax(position: Position) -> int:
    """The exact final margin for the side to move, by full minimax."""
    if position.is_over:
        return position.final_margin(position.turn)
    if position.must_pass:
        return -minimax(position.pass_turn())
    return max(-minimax(position.play(m)) for m in position.legal_moves())


def plain_alphabeta(position: Position, counter: list[int] | None = None) -> int:
    """The exact value by plain alpha-beta (no placement phase or binding supply)."""
    r = position.rules
    g = r.geometry
    mask, shifts, nsq = g.mask, g.shifts, g.square_count
    anti, etw = r.anti, r.empties_to_winner
    nodes = counter if counter is not None else [0]

    def ab(p: int, o: int, alpha: int, beta: int, passed: bool) -> int:
        nodes[0] += 1
        empty = mask & ~(p | o)
        m = moves(p, o, empty, shifts)
        if not m:
            if passed:
                return final_score(p, o, nsq, anti, etw)
            return -ab(o, p, -beta, -alpha, True)
        best = -10_000
        while m:
            b = m & -m
            m ^= b
            f = flips(p, o, b.bit_length() - 1, shifts)
            v = -ab(o ^ f, p | f | b, -beta, -alpha, False)
            if v > best:
                best = v
                if v > alpha:
                    alpha = v
                    if v >= beta:
                        break
        return best

    return ab(position.player, position.opponent, -10_000, 10_000, False)
