"""Exact solve times at 14, 16, 18 and 20 empties: the solver against plain alpha-beta.

    python -m tests.bench.bench_endgame [--plain-max 14] [--empties 14,16,18,20] [--count 5]

(``--plain-max 16`` adds the plain solver at 16 empties: minutes per position.)
The public FFO test position #40 (20 empties) is solved last and checked against its
known answer (``--no-ffo`` leaves it out).

Both solvers run in the same process on the same positions (tests/bench/positions.py),
so the ratio is fair on a shared machine. Wall time and CPU time (``process_time``)
are printed for both: the machine is shared, and CPU time is the steadier measure.
The solver's time includes the short midgame search that gives the root its first
guess; its node count is the solver's own. The plain solver (no ordering, no table)
is skipped above ``--plain-max`` empties, where it would take too long; the output
says so. Each position starts from a cold table; the evaluator is loaded before
the first one (a one-off cost of the process, not of a solve).
"""

from __future__ import annotations

import argparse
import time

from reversi.engine.evaluate import make_evaluator
from reversi.engine.search import solve
from reversi.engine.solver import clear_solvers
from reversi.formats.notation import move_name, parse_position

from .plain import plain_alphabeta
from .positions import ENDGAME, FFO


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--plain-max", type=int, default=14)
    ap.add_argument("--empties", default="14,16,18,20")
    ap.add_argument("--count", type=int, default=5, help="positions per empties count (at most)")
    ap.add_argument("--no-ffo", action="store_true", help="leave out the FFO test positions")
    args = ap.parse_args()
    make_evaluator(parse_position(ENDGAME[14][0]).rules)
    print(f"{'':10}  {'position':64}  {'score':9}  {'wall s':>7}  {'cpu s':>7}  {'nodes':>9}  {'kn/s cpu':>8}")
    worst: dict[int, tuple[float, float]] = {}
    totals: dict[int, tuple[float, int]] = {}
    # (empties, position, label, known answer (move, score) or None)
    cases = [(int(e), text, "", None) for e in args.empties.split(",") for text in ENDGAME[int(e)][: args.count]]
    if not args.no_ffo:
        cases += [(parse_position(t).empty.bit_count(), t, f"FFO #{k}", (m, v)) for k, (t, m, v) in FFO.items()]
    for e, text, label, answer in cases:
        pos = parse_position(text)
        clear_solvers()  # a cold table for every position
        cpu = time.process_time()
        r = solve(pos, all_best=False)
        cpu = time.process_time() - cpu
        best = move_name(r.best[0], pos.rules.geometry)
        if answer is not None:  # a public position: its answer is known
            assert (best, r.score) == answer, (label, best, r.score)
        w = worst.get(e, (0.0, 0.0))
        worst[e] = (max(w[0], r.seconds), max(w[1], cpu))
        t = totals.get(e, (0.0, 0))
        totals[e] = (t[0] + cpu, t[1] + r.nodes)
        line = (
            f"{label or f'{e} empties':10}  {text[:64]}  {r.score:+3d} {best:4}  {r.seconds:7.2f}  {cpu:7.2f}  "
            f"{r.nodes:9d}  {r.nodes / max(cpu, 1e-9) / 1000:8.0f}"
        )
        if e <= args.plain_max:
            nodes = [0]
            t0, c0 = time.perf_counter(), time.process_time()
            v = plain_alphabeta(pos, nodes)
            dt, dc = time.perf_counter() - t0, time.process_time() - c0
            assert v == r.score, (v, r.score)
            line += (
                f"  | plain {dt:7.2f} s (cpu {dc:7.2f} s) {nodes[0]:9d} nodes"
                f"  ratio wall {dt / r.seconds:5.1f}x cpu {dc / max(cpu, 1e-9):5.1f}x"
            )
        else:
            line += f"  | plain skipped (> {args.plain_max} empties)"
        print(line, flush=True)
    for e, (wall, cpu) in worst.items():
        print(f"worst at {e} empties: wall {wall:.2f} s, cpu {cpu:.2f} s")
    for e, (total, nodes) in totals.items():
        print(f"total at {e} empties: cpu {total:.2f} s, {nodes} nodes")


if __name__ == "__main__":
    main()
