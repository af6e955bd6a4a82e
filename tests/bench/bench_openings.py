"""Balanced random openings: the time to draw one, and the lines drawn, per rule set and window.

    python -m tests.bench.bench_openings [SEEDS]

For each rule set, length and window, draws the openings of seeds 0 to SEEDS - 1 (default 5)
under CPython (:func:`reversi.engine.balanced.balanced_opening`, as the worker's ``opening``
does) and prints the mean seconds per opening, the mean and largest number of lines drawn,
and whether any seed found none within the window (the page then starts from the usual start
and says why). The browser's worker runs the same code about two and a half times slower
(``tests/bench/bench_browser_ai.py`` measures that ratio on the search).
"""

from __future__ import annotations

import sys
import time

from reversi.core.rules import Rules
from reversi.engine.balanced import balanced_opening
from reversi.errors import ReversiError

CASES = [
    (Rules(), 8, 2),
    (Rules(), 20, 1),
    (Rules(anti=True), 8, 2),
    (Rules("octagon"), 12, 2),
    (Rules("classic"), 8, 2),
    (Rules(size=10), 20, 1),
    (Rules(size=16), 30, 2),
]


def main() -> None:
    seeds = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    print(f"{'rule set':<24} {'moves':>5} {'±discs':>6} {'s/opening':>9} {'lines':>6} {'most':>5}  refused")
    for rules, plies, within in CASES:
        tries: list[int] = []
        refused = 0
        t0 = time.process_time()
        for seed in range(seeds):
            try:
                tries.append(balanced_opening(rules, plies, within, seed).tries)
            except ReversiError:
                refused += 1
        seconds = (time.process_time() - t0) / seeds
        mean = sum(tries) / len(tries) if tries else 0.0
        print(f"{rules.describe():<24} {plies:>5} {within:>6} {seconds:>9.2f} {mean:>6.1f} {max(tries, default=0):>5}"
              f"  {refused}")


if __name__ == "__main__":
    main()
