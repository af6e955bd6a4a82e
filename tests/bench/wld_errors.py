"""How often the full-strength midgame move, just before the exact solve takes over, gives away a
win or a draw: would solving earlier (or a win-loss-draw solve) pay?

    python -m tests.bench.wld_errors [--seconds 0.9] [--games 40] [--seed 5] [--empties 15-18]

Games from ``--plies`` random opening moves, then level 5 (quick) to the first of ``--empties``.
At each position in that range the midgame search of the strongest level (:func:`search` with
``--seconds`` and the exact solve at 14 empties, i.e. not yet solving here) picks a move, and
every legal move is solved win-loss-draw (a window of (-1, 1)) from a cold table: a move whose
outcome is worse than the best one's is an error. The game goes on with the search's move or a
best one, at random. Prints the errors over the positions by empties, and the median CPU
seconds of the win-loss-draw solves of all the moves (what solving them would cost).
``--seconds 0.9`` under CPython is about Expert's 1.8 s in the browser's worker (2 times slower).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from reversi.core.position import Position
from reversi.core.rules import Rules
from reversi.engine.midgame import Searcher
from reversi.engine.play import choose_move
from reversi.engine.protocol import Limits
from reversi.engine.search import search
from reversi.engine.solver import clear_solvers, position_value, solver_for


def outcomes(pos: Position) -> dict[int, int]:
    """Each legal move's outcome for the side to move: 1 a win, 0 a draw, -1 a loss."""
    clear_solvers()  # a cold table: the cost is a solve's from scratch
    solver = solver_for(pos)
    out = {}
    for move in pos.legal_moves():
        v = -position_value(pos.play(move), -1, 1, solver)
        out[move] = (v > 0) - (v < 0)
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=0.9)
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--plies", type=int, default=8, help="random opening moves")
    ap.add_argument("--empties", default="15-18", help="the range of empties looked at (above 14)")
    args = ap.parse_args()
    low, high = (int(k) for k in args.empties.split("-"))
    rng = random.Random(args.seed)
    errors: dict[int, int] = {}
    counts: dict[int, int] = {}
    costs: dict[int, list[float]] = {}
    for _ in range(args.games):
        pos = Position.start(Rules())
        for _ in range(args.plies):
            pos = pos.pass_turn() if pos.must_pass else pos.play(rng.choice(pos.legal_moves()))
        while pos.empty.bit_count() > high and not pos.is_over:
            pos = pos.pass_turn() if pos.must_pass else pos.play(choose_move(pos, 5, seed=rng.randrange(1 << 30))[0])
        while low <= pos.empty.bit_count() <= high and not pos.is_over:
            if pos.must_pass:
                pos = pos.pass_turn()
                continue
            n = pos.empty.bit_count()
            found = search(pos, Limits(seconds=args.seconds, exact_empties=14), searcher=Searcher(pos.rules))
            started = time.process_time()
            values = outcomes(pos)
            costs.setdefault(n, []).append(time.process_time() - started)
            best = max(values.values())
            counts[n] = counts.get(n, 0) + 1
            errors[n] = errors.get(n, 0) + (values[found.move] < best)
            good = [m for m, v in values.items() if v == best]
            pos = pos.play(found.move if rng.random() < 0.5 else rng.choice(good))
    total = sum(errors.values())
    looked = sum(counts.values())
    print(f"midgame search at {args.seconds:g} s, {args.games} games: {total} errors in {looked} positions")
    for n in sorted(counts):
        print(f"  {n} empties: {errors[n]} of {counts[n]}; win-loss-draw solve of every move, "
              f"median {statistics.median(costs[n]):.2f} CPU s")


if __name__ == "__main__":
    main()
