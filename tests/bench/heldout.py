"""Held-out error per phase of pattern models on the same positions.

    python -m tests.bench.heldout --data A.npz,B.npz --models reversi/engine/data,/tmp/new

The positions are saved self-play games (``reversi.tools.train patterns --save-data``); the
test set is the games training holds out (game id ending in 9: none of them was fitted on by
a model trained on these files). Each position's target is its game's final margin for the
side to move (exact from the self-play's solve point on, the outcome of the self-play before).
Per phase of the game (the weights' six spans of ten plies on 8x8) the mean squared error in
discs squared, for every model directory given (each holds a ``patterns_8x8.bin``), and for
the zero model (always 0) as a scale. A model fitted on other games is tested fairly here;
the training report's own held-out figures are against its bootstrapped labels.
"""

from __future__ import annotations

import argparse
import os

from reversi.core.rules import Rules
from reversi.engine.evaluate import make_evaluator_from
from reversi.tools.dataset import load_samples
from reversi.tools.fit import PATTERN_PHASES, pattern_phase


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", required=True, help="saved positions (.npz), comma list")
    ap.add_argument("--models", required=True, help="directories with patterns_8x8.bin, comma list")
    args = ap.parse_args()
    rules = Rules()
    g = rules.geometry
    start = g.square_count - 4
    rows: list[tuple[int, int, int, float]] = []  # (phase, player, opponent, target)
    for path in args.data.split(","):
        try:
            data = load_samples(path, rules)
        except (OSError, ValueError, KeyError) as e:
            ap.error(f"--data {path}: {e}")
        for p, o, label, game in zip(data.players, data.opponents, data.labels, data.games, strict=True):
            if game % 10 == 9:
                rows.append((pattern_phase((g.mask & ~(p | o)).bit_count(), start), p, o, label))
    print(f"{len(rows)} held-out positions")
    names = args.models.split(",")
    for d in names:  # a wrong path would fall back to the generic model: say so instead
        if not os.path.isfile(os.path.join(d, "patterns_8x8.bin")):
            ap.error(f"--models: {d} is not a directory holding a patterns_8x8.bin")
    header = f"{'phase':>5}  {'plies':>7}  {'count':>7}  {'zero':>7}  " + "  ".join(f"{n[-24:]:>24}" for n in names)
    print(header)
    evaluators = [make_evaluator_from(rules, d) for d in names]
    for ph in range(PATTERN_PHASES):
        sel = [r for r in rows if r[0] == ph]
        if not sel:
            continue
        zero = sum(t * t for _, _, _, t in sel) / len(sel)
        errors = []
        for ev in evaluators:
            errors.append(sum((ev(p, o) / 100 - t) ** 2 for _, p, o, t in sel) / len(sel))
        span = start // PATTERN_PHASES
        print(f"{ph:5d}  {ph * span:3d}-{(ph + 1) * span - 1:<3d}  {len(sel):7d}  {zero:7.1f}  "
              + "  ".join(f"{e:24.1f}" for e in errors))


if __name__ == "__main__":
    main()
