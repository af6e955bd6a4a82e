"""Exact solve times at 14, 16, 18 and 20 empties: the solver against plain alpha-beta.

    python -m tests.bench.bench_endgame [--plain-max 14] [--empties 14,16,18,20] [--count 5]
    python -m tests.bench.bench_endgame --ffo 41-59 [--limit 180] [--processes 1,2]

(``--plain-max 16`` adds the plain solver at 16 empties: minutes per position.)
The public FFO test position #40 (20 empties) is solved last and checked against its
known answer (``--no-ffo`` leaves it out).

``--ffo`` solves only the public FFO positions named (``41-59``, ``40,45``), each from a
cold table with a time limit (``--limit`` seconds, wall time, including the midgame
search for the first guess), and prints per position: the empties, whether it was
solved within the limit, the score and best move found against the known ones, the
nodes and the seconds (wall and CPU). ``--processes 1,2`` solves each position once per
number of processes, one after the other (1: the serial solver; more:
:func:`reversi.engine.parallel.solve_parallel`, whose nodes are all its workers' and whose
CPU time is the master's only), so that the ratio is of one run.

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
from reversi.engine.parallel import solve_parallel
from reversi.engine.protocol import Limits
from reversi.engine.search import solve
from reversi.engine.solver import clear_solvers, solver_for
from reversi.errors import SolveTimeout
from reversi.formats.notation import move_name, parse_position

from .plain import plain_alphabeta
from .positions import ENDGAME, FFO


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--plain-max", type=int, default=14)
    ap.add_argument("--empties", default="14,16,18,20")
    ap.add_argument("--count", type=int, default=5, help="positions per empties count (at most)")
    ap.add_argument("--no-ffo", action="store_true", help="leave out the FFO test positions")
    ap.add_argument("--ffo", help="only these FFO positions, each with a time limit: 41-59, or 40,45")
    ap.add_argument("--limit", type=float, default=180.0, help="seconds per position with --ffo")
    ap.add_argument("--processes", default="1", help="with --ffo: solve with these numbers of processes (1,2)")
    args = ap.parse_args()
    make_evaluator(parse_position(ENDGAME[14][0]).rules)
    if args.ffo:
        ffo_table(parse_numbers(args.ffo), args.limit, [int(k) for k in args.processes.split(",")])
        return
    print(f"{'':10}  {'position':64}  {'score':9}  {'wall s':>7}  {'cpu s':>7}  {'nodes':>9}  {'kn/s cpu':>8}")
    worst: dict[int, tuple[float, float]] = {}
    totals: dict[int, tuple[float, int]] = {}
    # (empties, position, label, known answer (move, score) or None)
    cases = [(int(e), text, "", None) for e in args.empties.split(",") for text in ENDGAME[int(e)][: args.count]]
    if not args.no_ffo:
        t, m, v = FFO[40]
        cases.append((parse_position(t).empty.bit_count(), t, "FFO #40", (m, v)))
    for e, text, label, answer in cases:
        pos = parse_position(text)
        clear_solvers()  # a cold table for every position
        cpu = time.process_time()
        r = solve(pos, all_best=False)
        cpu = time.process_time() - cpu
        best = move_name(r.best[0], pos.rules.geometry)
        if answer is not None:  # a public position: its answer is known
            assert best in answer[0].split() and r.score == answer[1], (label, best, r.score)
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


def parse_numbers(text: str) -> list[int]:
    """``41-59`` or ``40,45,50-52``: the numbers, in order."""
    out: list[int] = []
    for part in text.split(","):
        a, _, b = part.partition("-")
        out += range(int(a), int(b or a) + 1)
    return out


def ffo_table(numbers: list[int], limit: float, processes: list[int]) -> None:
    """Solve the FFO positions ``numbers`` with ``limit`` seconds each, once per number of
    ``processes``; one line per solve."""
    print(f"time limit {limit:.0f} s per position (wall), cold table each")
    print(f"{'':8}  {'procs':>5}  {'empties':>7}  {'solved':6}  {'score':>5}  {'known':>5}  {'move':4}  {'known':11}  "
          f"{'nodes':>10}  {'wall s':>7}  {'cpu s':>7}")
    for k in numbers:
        text, moves, score = FFO[k]
        pos = parse_position(text)
        walls = []
        for procs in processes:
            clear_solvers()
            cpu, wall = time.process_time(), time.perf_counter()
            try:
                if procs == 1:
                    r = solve(pos, Limits(seconds=limit), all_best=False)
                else:
                    r = solve_parallel(pos, procs, limits=Limits(seconds=limit), all_best=False)
            except SolveTimeout:
                solved, got, best, nodes = "no", "", "", str(solver_for(pos).nodes) if procs == 1 else "-"
            else:
                best = move_name(r.best[0], pos.rules.geometry)
                ok = r.score == score and best in moves.split()
                solved, got, nodes = "yes" if ok else "WRONG", f"{r.score:+d}", str(r.nodes)
            cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
            walls.append(wall)
            ratio = f"  x{walls[0] / wall:.2f} against {processes[0]}" if len(walls) > 1 else ""
            print(f"FFO #{k:<3}  {procs:5d}  {pos.empty.bit_count():7d}  {solved:6}  {got:>5}  {score:+5d}  {best:4}  "
                  f"{moves:11}  {nodes:>10}  {wall:7.1f}  {cpu:7.1f}{ratio}", flush=True)


if __name__ == "__main__":
    main()
