"""Benchmark of the evaluation: speed, and strength of the trained weights.

    python tests/bench/bench_eval.py                       # 8x8: speed + 100 games
    python tests/bench/bench_eval.py --games 40 --size 10
    python tests/bench/bench_eval.py --variant octagon --anti --games 40
    python tests/bench/bench_eval.py --speed-only

Speed: evaluations per second of the shipped evaluator on positions from random
games, next to move generations per second (one ``moves()`` call) on the same
positions.

Strength: a fixed-depth alpha-beta player (2 plies by default; exact score at the
end of the game) with the trained evaluator against the same player with the
hand-set evaluator (mobility and corners, :func:`reversi.engine.evaluate.hand_evaluator`),
or with ``--against features`` the generic feature model (``features.json``: what
every board without its own trained model uses).
Each opening (random moves from a seed) is played twice, colours swapped. This is
its own tiny game loop on bitboards (the training script's fixed-depth search),
independent of the search module.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", ".."))

from reversi.core.bitboard import flips, moves
from reversi.core.rules import Rules
from reversi.engine.evaluate import hand_evaluator, make_evaluator, make_evaluator_from
from reversi.tools.train import final_margin, search_value

search = search_value  # fixed-depth alpha-beta, exact at the end (reversi/tools/train.py)


def choose(rules, evaluate, p, o, depth) -> int:
    g = rules.geometry
    mv = moves(p, o, g.mask & ~(p | o), g.shifts)
    best, best_move = None, None
    while mv:
        bit = mv & -mv
        mv ^= bit
        f = flips(p, o, bit.bit_length() - 1, g.shifts)
        v = -search(rules, evaluate, o & ~f, p | f | bit, depth - 1, -(10**9), 10**9)
        if best is None or v > best:
            best, best_move = v, bit
    return best_move


def opening(rules: Rules, plies: int, seed: int) -> tuple[int, int]:
    rng = random.Random(seed)
    g = rules.geometry
    p, o = rules.start_discs()
    for _ in range(plies):
        mv = moves(p, o, g.mask & ~(p | o), g.shifts)
        if not mv:
            break
        bits = [1 << i for i in range(g.mask.bit_length()) if mv >> i & 1]
        bit = rng.choice(bits)
        f = flips(p, o, bit.bit_length() - 1, g.shifts)
        p, o = o & ~f, p | f | bit
    return p, o


def play(rules, first, second, p, o, depth) -> int:
    """Margin for ``first`` (who moves at ``p``)."""
    g = rules.geometry
    players = (first, second)
    side = 0
    while True:
        empty = g.mask & ~(p | o)
        if not moves(p, o, empty, g.shifts):
            if not moves(o, p, empty, g.shifts):
                m = final_margin(rules, p, o)
                return m if side == 0 else -m
            p, o, side = o, p, 1 - side
            continue
        bit = choose(rules, players[side], p, o, depth)
        f = flips(p, o, bit.bit_length() - 1, g.shifts)
        p, o, side = o & ~f, p | f | bit, 1 - side


def speed(rules: Rules, evaluate, count: int = 400, rounds: int = 7) -> tuple[float, float]:
    """``(evaluations/s, move generations/s)`` on positions of random games.

    The two are timed alternately, best of ``rounds``, so that a busy machine
    distorts their ratio less.
    """
    g = rules.geometry
    positions = []
    for seed in range(count):
        p, o = opening(rules, 10 + seed % (g.square_count - 16), seed)
        positions.append((p, o, g.mask & ~(p | o)))
    shifts = g.shifts
    best_eval = best_gen = float("inf")
    for _ in range(rounds):
        t = time.perf_counter()
        for p, o, _ in positions:
            evaluate(p, o)
        best_eval = min(best_eval, time.perf_counter() - t)
        t = time.perf_counter()
        for p, o, e in positions:
            moves(p, o, e, shifts)
        best_gen = min(best_gen, time.perf_counter() - t)
    return count / best_eval, count / best_gen


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--variant", default="othello")
    ap.add_argument("--size", type=int, default=8)
    ap.add_argument("--anti", action="store_true")
    ap.add_argument("--games", type=int, default=100, help="games (pairs of colour-swapped games x 2)")
    ap.add_argument("--depth", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--speed-only", action="store_true")
    ap.add_argument("--data-dir", default=None, help="weights from this directory instead of reversi/data")
    ap.add_argument("--against", choices=("hand", "features"), default="hand",
                    help="the opponent's evaluation: the hand-set one, or the generic feature model")
    args = ap.parse_args()
    rules = Rules(args.variant, size=args.size, anti=args.anti)
    trained = make_evaluator(rules) if args.data_dir is None else make_evaluator_from(rules, args.data_dir)
    if args.against == "features":
        # the generic model: the shipped features.json alone (no pattern file beside it)
        import shutil
        import tempfile

        from reversi.engine.evaluate import feature_file

        alone = tempfile.mkdtemp(prefix="features-only-")
        shutil.copy(feature_file(), alone)
        hand = make_evaluator_from(rules, alone)
    else:
        hand = hand_evaluator(rules)
    print(f"rules: {rules.describe()}  evaluator: {'patterns' if hasattr(trained, 'source') else 'features'}"
          f"  against: {args.against}")
    for name, ev in (("trained", trained), (args.against, hand)):
        evals, gens = speed(rules, ev)
        print(
            f"{name:8s} {evals:10.0f} evals/s  ({1e6 / evals:.1f} us; "
            f"moves() {1e6 / gens:.1f} us, ratio {gens / evals:.1f})"
        )
    if args.speed_only:
        return 0
    wins = draws = losses = 0
    margin = 0
    points = []
    t = time.time()
    for k in range(args.games // 2):
        p, o = opening(rules, 4 + k % 5, args.seed + k)
        for trained_first in (True, False):
            if trained_first:
                m = play(rules, trained, hand, p, o, args.depth)
            else:
                m = -play(rules, hand, trained, p, o, args.depth)
            margin += m
            points.append(1.0 if m > 0 else 0.5 if m == 0 else 0.0)
            wins += m > 0
            draws += m == 0
            losses += m < 0
    n = wins + draws + losses
    score = sum(points) / n
    # 95% interval of the score (normal approximation over the game points)
    half = 1.96 * (sum((x - score) ** 2 for x in points) / max(1, n - 1) / n) ** 0.5
    print(
        f"trained vs {args.against}, {args.depth}-ply, {n} games: +{wins} ={draws} -{losses}  "
        f"score {100 * score:.1f}% +- {100 * half:.1f}  mean margin {margin / n:+.1f} discs  "
        f"({time.time() - t:.0f}s)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
