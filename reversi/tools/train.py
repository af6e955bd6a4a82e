"""Training of the evaluation weights: self-play, exact endgame labels, ridge fit.

Usage (numpy and scipy required here, and only here)::

    python -m reversi.tools.train patterns --time-limit 1200 --save-data /tmp/othello.npz
    python -m reversi.tools.train patterns --size 10 --time-limit 1200     # 10x10's own model
    python -m reversi.tools.train patterns --rules octagon --time-limit 1200
    python -m reversi.tools.train patterns --load-data /tmp/othello.npz      # refit only
    python -m reversi.tools.train features [--anti] --time-limit 300
    python -m reversi.tools.train probcut --time-limit 150 --positions 500   # the weights file's ProbCut fits
    python -m reversi.tools.train patterns --quick --out /tmp/p.bin             # tiny, for tests

This module is the command line; the steps are modules of their own: self-play
(:mod:`reversi.tools.selfplay`), the labelled positions (:mod:`reversi.tools.dataset`), the
models and their fits (:mod:`reversi.tools.fit`) and the ProbCut statistics
(:mod:`reversi.tools.probcut`).

Pipeline
--------
1. **Positions by self-play.** Each game starts with 4 to 8 random moves (varied
   openings), then a fixed-depth alpha-beta player (2 plies by default) on the
   hand-set evaluation (:func:`reversi.engine.evaluate.hand_evaluator`; with ``--player
   shipped`` the board's shipped weights, a stronger player) plays, with a
   random move with probability ``epsilon`` (0.08: positions after poor moves, the
   kind a search's leaves are full of). Every game has its own seed (``seed +
   game``), so a run is reproducible. Pattern training plays one board and rule set
   (``--rules``, ``--size``, ``--anti``: 8x8 Othello by default) and writes that board's
   file (:func:`reversi.engine.weights.pattern_names`); feature training plays a mix of
   geometries (6x6 to 12x12, the octagon, random blocked squares).
2. **Labels.** From ``solve_empties`` (12) empty squares on, the game is played
   perfectly with :func:`reversi.engine.solver.solve`, so every position from there on has
   its exact value. Every position of the game gets that final margin (sign by the
   side to move): exact late, the outcome of fair (2-ply) play earlier. Labels are
   final margins in discs as the score counts them (Anti: fewer discs is better).
3. **Fit.** Per phase (six equal spans of the game by empty squares, 10 plies each on
   8x8; the rows within 3 empties of the phase included, a twentieth of the game
   on the bigger boards, to smooth the phases), ridge regression of the label on
   the features: patterns one-hot over their base-3 configurations, the entries
   that a pattern's own symmetries map onto each other tied to one parameter, plus
   scalar features (mobility of each side, potential mobility of each side,
   parity, bias; 8x8 Othello adds the corners of each side, ``--scalars`` may add the
   stable discs of each side). Sparse normal
   equations, conjugate gradients (scipy). Every tenth game is held out; each phase
   keeps the ridge penalty of ``--ridge`` with the lowest held-out error. A pattern
   nested in a larger one (the edge in the edge with its X-squares) is fitted on its
   own and then folded into the larger one's table (:func:`reversi.tools.fit.fold_patterns`):
   the same values, one lookup fewer. Feature weights (other shapes) are a small dense ridge
   per bucket.
4. **Write** the weights to ``reversi/engine/data/`` in files plain Python reads (see
   :mod:`reversi.engine.weights`): patterns as zlib-compressed int16 centidiscs, features
   as JSON. ``probcut`` adds the ProbCut statistics of a pattern file's evaluation to it.

Why this shape: a few thousand weights per phase, mobility as features, and labels
from better games are what a few thousand games can determine (a larger model fits its
training games and loses: ``docs/engine/tuning.md``).

The real runs, their data and their times are recorded in ``docs/engine/training.md``;
``reversi/engine/data/README.md`` says what each file is and how to make it again.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from typing import Any

from reversi.core.rules import Rules
from reversi.engine.evaluate import Evaluator, hand_evaluator, make_evaluator
from reversi.engine.patterns import KNOWN_SCALARS
from reversi.engine.weights import (
    DATA_DIR,
    FEATURES,
    feature_file,
    load_pattern_weights,
    pattern_names,
    save_pattern_weights,
)
from reversi.errors import ReversiError
from reversi.tools.dataset import Sample, load_samples, save_samples
from reversi.tools.fit import KNOWN_PATTERNS, PatternSet, fit_features, fit_patterns, fold_patterns, pattern_set_for
from reversi.tools.probcut import PROBCUT_MIN_SAMPLES, fit_probcut
from reversi.tools.selfplay import feature_rules, generate


def parser() -> argparse.ArgumentParser:
    """The command line's options."""
    ap = argparse.ArgumentParser(prog="python -m reversi.tools.train", description=__doc__.split("\n")[0])
    ap.add_argument("what", choices=["patterns", "features", "probcut"])
    ap.add_argument("--anti", action="store_true", help="train for Anti (fewer discs wins)")
    ap.add_argument("--rules", default="othello", help="patterns: the rule set (othello, classic, octagon)")
    ap.add_argument("--size", type=int, default=8, help="patterns: the board size (6, 8, 10, 12...)")
    ap.add_argument("--games", type=int, default=2000, help="self-play games (a ceiling with --time-limit)")
    ap.add_argument("--depth", type=int, default=2, help="search depth of the self-play player")
    ap.add_argument("--player", choices=["hand", "shipped"], default="hand",
                    help="the self-play player's evaluation: the hand-set one, or the shipped weights of these rules")
    ap.add_argument("--solve-empties", type=int, default=12, help="exact solve from this many empties")
    ap.add_argument("--epsilon", type=float, default=0.08, help="share of random moves in self-play")
    ap.add_argument("--ridge", default="3,10,30,100", help="ridge penalties to pick from per phase (held out)")
    ap.add_argument("--patterns", default=None, help="patterns: comma list of pattern names to use")
    ap.add_argument("--scalars", default=None,
                    help="patterns: scalar features, comma list (default: the board's shipped model's)")
    ap.add_argument("--bootstrap", action="store_true",
                    help="patterns: label each position by the later phases' value a phase further on")
    ap.add_argument("--save-data", default=None, help="save the labelled positions (.npz) as they come")
    ap.add_argument("--load-data", default=None, help="fit on saved positions (comma list), no self-play")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--time-limit", type=float, default=None, help="seconds of self-play at most")
    ap.add_argument("--out", default=None, help="weights file (default: the shipped one in reversi/engine/data/)")
    ap.add_argument("--quick", action="store_true", help="tiny run for tests: few games, shallow solve")
    ap.add_argument("--positions", type=int, default=600, help="probcut: positions searched")
    ap.add_argument("--max-depth", type=int, default=8, help="probcut: the deepest search fitted")
    ap.add_argument("--processes", type=int, default=1, help="probcut: processes searching")
    return ap


def options(ap: argparse.ArgumentParser, argv: list[str] | None) -> argparse.Namespace:
    """The options of ``argv``, ``--quick`` applied, the ProbCut ones checked."""
    args = ap.parse_args(argv)
    if args.quick:
        args.games = min(args.games, 24)
        args.solve_empties = min(args.solve_empties, 6)
        args.depth = 1
        args.positions = min(args.positions, 60)
        args.max_depth = min(args.max_depth, 4)
    if not 1 <= args.positions <= 1_000_000 or not 3 <= args.max_depth <= 20 or not 1 <= args.processes <= 64:
        ap.error("--positions must be 1 to 1000000, --max-depth 3 to 20, --processes 1 to 64")
    return args


def chosen_model(
    ap: argparse.ArgumentParser, args: argparse.Namespace
) -> tuple[PatternSet | None, list[str] | None]:
    """The patterns and scalars of ``--patterns`` and ``--scalars`` (None: the board's default), checked."""
    pattern_set: PatternSet | None = None
    if args.patterns:
        names = args.patterns.split(",")
        unknown = [n for n in names if n not in KNOWN_PATTERNS]
        if unknown:
            ap.error(f"unknown patterns {unknown}; known: {', '.join(KNOWN_PATTERNS)}")
        pattern_set = [(n, KNOWN_PATTERNS[n]) for n in names]
    scalars = None if args.scalars is None else [s for s in args.scalars.split(",") if s]
    if scalars is not None and any(s not in KNOWN_SCALARS for s in scalars):
        ap.error(f"unknown scalars in {scalars}; known: {', '.join(KNOWN_SCALARS)}")
    if scalars is not None and len(set(scalars)) < len(scalars):
        ap.error(f"--scalars names one feature twice: {','.join(scalars)}")
    return pattern_set, scalars


def log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


def targets(ap: argparse.ArgumentParser, args: argparse.Namespace) -> tuple[list[Rules], str]:
    """The rule sets to play and the file to write: one board's pattern file, or the feature file."""
    if args.what in ("patterns", "probcut"):
        try:
            rules = Rules(args.rules, size=args.size, anti=args.anti)
            pattern_set_for(rules.geometry)
        except (ReversiError, ValueError) as e:
            ap.error(str(e))
        # the board's own file (Classic's own: the first of the names)
        return [rules], args.out or os.path.join(DATA_DIR, pattern_names(rules)[0])
    return feature_rules(args.anti, args.quick), args.out or feature_file()


def positions(ap: argparse.ArgumentParser, args: argparse.Namespace, rules_list: list[Rules]) -> Sample:
    """The labelled positions: those saved by earlier runs (``--load-data``), or new self-play."""
    if not args.load_data:
        return self_play(args, rules_list)
    data = Sample()
    for path in args.load_data.split(","):
        try:
            data.extend(load_samples(path, rules_list[0]))
        except (OSError, ValueError, KeyError) as e:
            ap.error(f"--load-data {path}: {e}")
    log(f"fit on {len(data)} saved positions")
    return data


def self_play(args: argparse.Namespace, rules_list: list[Rules]) -> Sample:
    """The self-play games of the options, saved to ``--save-data`` as they come."""
    # the self-play player: the hand-set evaluation, or the shipped one, at a shallow depth
    evaluators: dict[Rules, Evaluator]
    if args.player == "shipped":
        evaluators = {r: make_evaluator(r) for r in rules_list}
    else:
        evaluators = {r: hand_evaluator(r) for r in rules_list}
    save_path = args.save_data

    def checkpoint(d: Sample) -> None:
        save_samples(save_path, d)

    log(f"self-play: {len(rules_list)} rule sets, depth {args.depth}, solve at {args.solve_empties}")
    data = generate(
        rules_list, evaluators, args.games, args.seed, args.epsilon, args.solve_empties,
        args.time_limit, log, args.depth, checkpoint if save_path else None,
    )
    if save_path:
        checkpoint(data)
    return data


def training_record(args: argparse.Namespace, data: Sample, ridges: list[float]) -> dict[str, Any]:
    """What the weights file records of its training: the data and the settings."""
    training: dict[str, Any] = {"games": len(set(data.games)), "positions": len(data)}
    if args.load_data:  # a refit: the self-play settings are those of the runs that saved the data
        training["data"] = [os.path.basename(path) for path in args.load_data.split(",")]
    else:
        training.update(depth=args.depth, solve_empties=args.solve_empties, epsilon=args.epsilon, seed=args.seed,
                        player=args.player)
    training.update(ridge=ridges, bootstrap=args.bootstrap)
    return training


def write_probcut(
    ap: argparse.ArgumentParser, args: argparse.Namespace, out: str, rules: Rules, data: Sample,
    training: dict[str, Any],
) -> None:
    """Fit the ProbCut statistics of the pattern file ``out`` and write them into it."""
    try:
        header, weights = load_pattern_weights(out)
    except ReversiError as e:
        ap.error(str(e))
    pairs, report = fit_probcut(
        out, rules, data, args.positions, args.max_depth, args.seed, args.processes, log,
        min_samples=5 if args.quick else PROBCUT_MIN_SAMPLES,
    )
    header["probcut"] = pairs
    source: dict[str, Any] = {k: training[k] for k in ("data", "depth", "seed") if k in training}
    header.setdefault("training", {})["probcut"] = dict(source, **report)
    save_pattern_weights(out, header, list(weights))


def write_patterns(
    args: argparse.Namespace, out: str, rules: Rules, data: Sample, ridges: list[float],
    model: tuple[PatternSet | None, list[str] | None], training: dict[str, Any], t0: float,
) -> None:
    """Fit the pattern weights and write them to ``out``."""
    pattern_set, scalars = model
    header, ints, report = fit_patterns(data, ridges, log, pattern_set, scalars, args.bootstrap)
    header, ints = fold_patterns(rules.geometry, header, ints)
    header["training"] = dict(training, seconds=round(time.time() - t0), report=report)
    save_pattern_weights(out, header, ints)


def write_features(
    args: argparse.Namespace, out: str, data: Sample, ridges: list[float], training: dict[str, Any], t0: float
) -> None:
    """Fit the feature weights of normal or Anti games and write them into ``out`` beside the other's."""
    key = "anti" if args.anti else "normal"
    table, report = fit_features(data, ridges, log)
    existing = {}
    if os.path.exists(out):
        with open(out) as f:
            existing = json.load(f)
    existing["features"] = list(FEATURES)
    existing[key] = table
    existing.setdefault("training", {})[key] = dict(training, seconds=round(time.time() - t0), report=report)
    with open(out, "w") as f:
        json.dump(existing, f, indent=1)


def main(argv: list[str] | None = None) -> int:
    ap = parser()
    args = options(ap, argv)
    ridges = [float(r) for r in str(args.ridge).split(",")]
    model = chosen_model(ap, args)
    t0 = time.time()
    rules_list, out = targets(ap, args)
    data = positions(ap, args, rules_list)
    training = training_record(args, data, ridges)
    if args.what == "patterns" and not args.load_data:
        training["play_seconds"] = round(time.time() - t0)
    os.makedirs(os.path.dirname(out) or ".", exist_ok=True)
    if args.what == "probcut":
        write_probcut(ap, args, out, rules_list[0], data, training)
    elif args.what == "patterns":
        write_patterns(args, out, rules_list[0], data, ridges, model, training, t0)
    else:
        write_features(args, out, data, ridges, training, t0)
    log(f"wrote {out} in {time.time() - t0:.0f}s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
