"""Perft speed: the bitboard engine against the array reference, in one run.

    python tests/bench/bench_perft.py            # default depths
    python tests/bench/bench_perft.py --quick    # smaller depths

For each board (8x8 Othello, 10x10, the octagon) both implementations count the
same tree (the last ply in bulk, as is usual), and the table prints leaves per
second, positions generated per second (plies 1 .. depth-1, the nodes each
implementation actually makes) and the speed ratio. Then the engine alone runs
perft(9) from the standard start, the figure the rules-engine issue targets
(at most 2 s under CPython 3.11 on the project's 2-core machine).
"""

from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

import reference as ref

from reversi import Position, Rules
from reversi.core.perft import perft


def timed(fn, *args):
    t = time.perf_counter()
    value = fn(*args)
    return value, time.perf_counter() - t


def generated(start, depth):
    """Positions made when counting perft(depth) with the last ply in bulk."""
    return sum(perft(start, d) for d in range(1, depth))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="smaller depths (seconds, not a minute)")
    args = parser.parse_args()
    boards = [
        ("Othello 8x8", Rules(), 6 if args.quick else 7),
        ("Othello 10x10", Rules(size=10), 5 if args.quick else 6),
        ("Octagon", Rules("octagon"), 5 if args.quick else 6),
    ]
    print(f"Python {sys.version.split()[0]}")
    print(
        f"{'board':<14} {'depth':>5} {'leaves':>10} {'impl':<9} {'seconds':>8} {'leaves/s':>11}"
        f" {'positions/s':>12} {'speed-up':>8}"
    )
    for name, rules, depth in boards:
        start = Position.start(rules)
        made = generated(start, depth)
        leaves, t_fast = timed(perft, start, depth)
        ref_leaves, t_ref = timed(ref.perft, ref.from_position(start), depth)
        assert leaves == ref_leaves, (name, leaves, ref_leaves)
        for impl, secs in (("reference", t_ref), ("bitboard", t_fast)):
            ratio = f"{t_ref / t_fast:7.1f}x" if impl == "bitboard" else ""
            print(
                f"{name:<14} {depth:>5} {leaves:>10} {impl:<9} {secs:8.3f} {leaves / secs:11,.0f}"
                f" {made / secs:12,.0f} {ratio:>8}"
            )
    depth = 8 if args.quick else 9
    start = Position.start()
    leaves, secs = timed(perft, start, depth)
    print(f"\nperft({depth}) from the standard start: {leaves} leaves in {secs:.2f} s "
          f"({leaves / secs:,.0f} leaves/s, {generated(start, depth) / secs:,.0f} positions/s)")


if __name__ == "__main__":
    main()
