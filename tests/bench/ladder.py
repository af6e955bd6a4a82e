"""The level ladder: each level against the next, with :mod:`reversi.tools.match`.

    python -m tests.bench.ladder [--games 10] [--levels 1-6] [--processes 2]
"""

from __future__ import annotations

import argparse
import itertools

from reversi.tools.match import Player, _fmt, match


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--levels", default="1-6")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--processes", type=int, default=2)
    args = ap.parse_args()
    lo, _, hi = args.levels.partition("-")
    levels = list(range(int(lo), int(hi or lo) + 1))
    print(f"{'A':>8} {'B':>8} {'games':>5} {'+':>3} {'=':>3} {'-':>3} {'score':>6}  Elo(A-B) [95%]")
    for a, b in itertools.pairwise(levels):
        r = match(Player(level=a), Player(level=b), args.games, seed=args.seed, processes=args.processes)
        lo, hi = r.interval
        print(f"{'L' + str(a):>8} {'L' + str(b):>8} {r.count:5d} {r.wins:3d} {r.draws:3d} {r.losses:3d} "
              f"{100 * r.score:5.1f}%  {_fmt(r.elo)} [{_fmt(lo)}, {_fmt(hi)}]", flush=True)


if __name__ == "__main__":
    main()
