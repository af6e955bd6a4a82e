"""Exact solve times at 14, 16, 18 and 20 empties: the solver against plain alpha-beta.

    python -m tests.bench.bench_endgame [--plain-max 16] [--empties 14,16,18,20]

Both solvers run in the same process on the same positions (tests/bench/positions.py),
so the ratio is fair on a shared machine; the solver's CPU time is printed next to
its wall time because the machine is shared. The plain solver (no ordering, no table)
is skipped above ``--plain-max`` empties, where it would take too long; the
output says so.
"""

from __future__ import annotations

import argparse
import time

from reversi.endgame import _solver_for, solve
from reversi.notation import move_name, parse_position

from .plain import plain_alphabeta
from .positions import ENDGAME


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--plain-max", type=int, default=14)
    ap.add_argument("--empties", default="14,16,18,20")
    ap.add_argument("--count", type=int, default=3, help="positions per empties count")
    args = ap.parse_args()
    for e in (int(x) for x in args.empties.split(",")):
        for text in ENDGAME[e][: args.count]:
            pos = parse_position(text)
            _solver_for.cache_clear()  # a cold table for every position
            cpu = time.process_time()
            r = solve(pos, all_best=False)
            cpu = time.process_time() - cpu
            best = move_name(r.best[0], pos.rules.geometry)
            line = (
                f"{e} empties  {text[:64]}  score {r.score:+3d} {best}  {r.seconds:7.2f} s "
                f"(cpu {cpu:6.2f} s)  {r.nodes:9d} nodes"
            )
            if e <= args.plain_max:
                nodes = [0]
                t0 = time.perf_counter()
                v = plain_alphabeta(pos, nodes)
                dt = time.perf_counter() - t0
                assert v == r.score, (v, r.score)
                line += f"  | plain {dt:7.2f} s {nodes[0]:9d} nodes  ratio {dt / r.seconds:5.1f}x"
            else:
                line += f"  | plain skipped (> {args.plain_max} empties)"
            print(line, flush=True)


if __name__ == "__main__":
    main()
