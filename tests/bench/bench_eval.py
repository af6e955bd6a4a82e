"""Benchmark of the evaluation: speed, and strength of the trained weights.

    python tests/bench/bench_eval.py                       # 8x8: speed + 100 games
    python tests/bench/bench_eval.py --games 40 --size 10
    python tests/bench/bench_eval.py --variant octagon --anti --games 40
    python tests/bench/bench_eval.py --speed-only
    python tests/bench/bench_eval.py --data-dir NEW --against-dir OLD   # a model against another

Speed: evaluations per second of the shipped evaluator on positions from random
games, next to move generations per second (one ``moves()`` call) on the same
positions.

Strength: a fixed-depth alpha-beta player (2 plies by default; exact score at the
end of the game) with the trained evaluator against the same player with the
hand-set evaluator (mobility and corners, :func:`reversi.engine.evaluate.hand_evaluator`),
or with ``--against features`` the generic feature model (``features.json``: what
every board without its own trained model uses), or with ``--against board`` the board's
model that a more specific one replaces (Classic's own against the 8x8 Othello model).
Rule sets with a placement phase or a disc supply (Classic) are played on positions with
the engine's search at the same fixed depth.
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
from reversi.core.position import Position
from reversi.core.rules import Rules
from reversi.engine.evaluate import hand_evaluator, make_evaluator, make_evaluator_from
from reversi.engine.search import Searcher
from reversi.engine.search import search as engine_search
from reversi.tools.selfplay import final_margin, search_value

search = search_value  # fixed-depth alpha-beta, exact at the end (reversi/tools/selfplay.py)


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


def position_opening(rules: Rules, plies: int, seed: int) -> Position:
    """A start after ``plies`` random moves, on positions (a placement phase, supplies)."""
    rng = random.Random(seed)
    pos = Position.start(rules)
    for _ in range(plies):
        if pos.must_pass:
            pos = pos.pass_turn()
            continue
        pos = pos.play(rng.choice(pos.legal_moves()))
    return pos


def play_positions(start: Position, first, second, depth: int) -> int:
    """Margin for ``first`` (who moves at ``start``): the engine's search at ``depth`` plies
    with each side's evaluation, exact at the end."""
    searchers = (Searcher(start.rules, first), Searcher(start.rules, second))
    pos, side = start, 0
    while not pos.is_over:
        if pos.must_pass:
            pos, side = pos.pass_turn(), 1 - side
            continue
        r = engine_search(pos, max_depth=depth, searcher=searchers[side])
        pos, side = pos.play(r.move), 1 - side
    m = pos.final_margin(start.turn)
    return m


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
    ap.add_argument("--against-dir", default=None,
                    help="the opponent's weights from this directory (a model against another)")
    ap.add_argument("--against", choices=("hand", "features", "board"), default="hand",
                    help="the opponent's evaluation: the hand-set one, the generic feature model, "
                    "or the board's model under the rule set's own")
    args = ap.parse_args()
    rules = Rules(args.variant, size=args.size, anti=args.anti)
    trained = make_evaluator(rules) if args.data_dir is None else make_evaluator_from(rules, args.data_dir)
    if args.against_dir is not None:
        args.against = args.against_dir
        hand = make_evaluator_from(rules, args.against_dir)
    elif args.against in ("features", "board"):
        # the generic model: the shipped features.json alone (no pattern file beside it);
        # the board's: the last of the rule set's pattern files, alone
        import shutil
        import tempfile

        from reversi.engine.weights import DATA_DIR, feature_file, pattern_names

        alone = tempfile.mkdtemp(prefix="features-only-")
        shutil.copy(feature_file(), alone)
        if args.against == "board":
            names = pattern_names(rules)
            if len(names) < 2:
                ap.error(f"{rules.describe()} has no model more specific than its board's")
            shutil.copy(os.path.join(DATA_DIR, names[-1]), alone)
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
    by_position = rules.kind.limited_supply or rules.kind.empty_start
    for k in range(args.games // 2):
        if by_position:
            start = position_opening(rules, 4 + k % 5, args.seed + k)
        else:
            p, o = opening(rules, 4 + k % 5, args.seed + k)
        for trained_first in (True, False):
            if by_position:
                pair = (trained, hand) if trained_first else (hand, trained)
                m = play_positions(start, *pair, args.depth)
                m = m if trained_first else -m
            elif trained_first:
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
