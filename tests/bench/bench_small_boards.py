"""How far the exact solver gets on the small boards (CPython).

    python tests/bench/bench_small_boards.py [--cap 120] [--start-cap 300]

* 4x4: solved from the start (its value, nodes, time);
* 6x6: along one fixed game (a quick depth-4 search plays both sides), the solver's time
  and nodes at 14, 16, ... empties, each solve capped at ``--cap`` seconds: the deepest
  solved within the cap, and the growth per two empties;
* 6x6 from the start (32 empties), capped at ``--start-cap`` seconds: solved, or how far
  it got (the known result is a win for White by 4: 16 to 20);
* what the strong levels do with that: from how many empties Expert solves on 6x6 at
  each time per move (``reversi.engine.play.EXACT_BY_TIME_SMALL``).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from reversi.core.position import PASS, Position
from reversi.core.rules import Rules
from reversi.engine.play import EXACT_BY_TIME_SMALL
from reversi.engine.protocol import Limits
from reversi.engine.search import SolveTimeout, search, solve


def one_game(size: int) -> dict[int, Position]:
    """The first position of each number of empties along one fixed game."""
    pos = Position.start(Rules(size=size))
    by_empties: dict[int, Position] = {}
    while not pos.is_over:
        by_empties.setdefault(pos.empty.bit_count(), pos)
        pos = pos.play(PASS) if pos.must_pass else pos.play(search(pos, Limits(depth=4)).move)
    return by_empties


def timed_solve(pos: Position, cap: float) -> tuple[int | None, int, float]:
    started = time.perf_counter()
    try:
        r = solve(pos, Limits(seconds=cap), all_best=False)
    except SolveTimeout:
        return None, 0, time.perf_counter() - started
    return r.score, r.nodes, time.perf_counter() - started


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cap", type=float, default=120.0, help="seconds for each 6x6 solve along the game")
    parser.add_argument("--start-cap", type=float, default=300.0, help="seconds for 6x6 from the start")
    args = parser.parse_args(argv)

    score, nodes, seconds = timed_solve(Position.start(Rules(size=4)), 60.0)
    print(f"4x4 from the start: value {score:+d} for Black (White wins by {-(score or 0)}), "
          f"{nodes:,} nodes, {seconds:.3f} s")

    line = one_game(6)
    print("6x6 along one game: empties, value for the side to move, nodes, seconds")
    previous = None
    deepest = 0
    for empties in range(14, 33, 2):
        pos = line.get(empties) or line.get(empties + 1)
        if pos is None:
            continue
        score, nodes, seconds = timed_solve(pos, args.cap)
        if score is None:
            print(f"  {empties:2d}  not within {args.cap:.0f} s")
            break
        growth = f"  x{seconds / previous:.1f}" if previous else ""
        print(f"  {empties:2d}  {score:+3d}  {nodes:>12,}  {seconds:8.2f}{growth}")
        previous, deepest = seconds, empties
    print(f"deepest 6x6 solve within {args.cap:.0f} s: {deepest} empties")

    score, nodes, seconds = timed_solve(Position.start(Rules(size=6)), args.start_cap)
    if score is None:
        print(f"6x6 from the start (32 empties): not solved within {args.start_cap:.0f} s")
    else:
        print(f"6x6 from the start: value {score:+d} for Black, {nodes:,} nodes, {seconds:.1f} s")
    print("Expert on small boards solves exactly from: "
          + ", ".join(f"{e} empties at {t:g} s a move" for t, e in EXACT_BY_TIME_SMALL if t > 0))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
