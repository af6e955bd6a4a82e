"""The level ladder: each level against the next, with :mod:`reversi.tools.match`.

    python -m tests.bench.ladder [--games 10] [--levels 1-6] [--processes 2]
    python -m tests.bench.ladder --variant octagon --games 20 --top-games 10

``--variant``, ``--size`` and ``--anti`` pick the rule set (8x8 Othello by default);
``--top-games`` plays fewer games in the pairs with a level of 6 or more, whose moves take
seconds each. Colours are swapped over each opening of ``--plies`` random moves.
"""

from __future__ import annotations

import argparse
import itertools
import time

from reversi.core.rules import Rules
from reversi.tools.match import Player, _fmt, match


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--top-games", type=int, default=None, help="games of the pairs with level 6 or more")
    ap.add_argument("--levels", default="1-6")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--plies", type=int, default=4, help="random opening moves")
    ap.add_argument("--processes", type=int, default=2)
    ap.add_argument("--variant", default="othello")
    ap.add_argument("--size", type=int, default=8)
    ap.add_argument("--anti", action="store_true")
    args = ap.parse_args()
    rules = Rules(args.variant, size=args.size, anti=args.anti)
    lo, _, hi = args.levels.partition("-")
    levels = list(range(int(lo), int(hi or lo) + 1))
    print(f"rules: {rules.describe()}")
    print(f"{'A':>8} {'B':>8} {'games':>5} {'+':>3} {'=':>3} {'-':>3} {'score':>6}  Elo(A-B) [95%]   time")
    for a, b in itertools.pairwise(levels):
        games = args.top_games if args.top_games and max(a, b) >= 6 else args.games
        t = time.time()
        r = match(
            Player(level=b), Player(level=a), games, rules=rules, seed=args.seed, plies=args.plies,
            processes=args.processes,
        )
        lo_elo, hi_elo = r.interval
        print(f"{'L' + str(b):>8} {'L' + str(a):>8} {r.count:5d} {r.wins:3d} {r.draws:3d} {r.losses:3d} "
              f"{100 * r.score:5.1f}%  {_fmt(r.elo)} [{_fmt(lo_elo)}, {_fmt(hi_elo)}]  {time.time() - t:.0f}s",
              flush=True)


if __name__ == "__main__":
    main()
