"""ProbCut statistics for a pattern weights file: how well a shallow search predicts a deep one.

The midgame search (:mod:`reversi.engine.midgame`) cuts a node when a shallow search's value,
through a fitted line, lands far enough outside the window. :func:`fit_probcut` measures that
line for the evaluation of a weights file: full-width values at every depth of positions drawn
from self-play, then per depth and per phase of the file the least-squares line from the
shallow depth's value to the deep one's and the spread around it. The fits are written into
the file's header (``probcut``, checked by :func:`reversi.engine.weights.check_probcut`).
"""

from __future__ import annotations

import random
import time
from typing import Any

from reversi.core.rules import Rules
from reversi.engine.evaluate import Evaluator, build_pattern_evaluator
from reversi.engine.weights import load_pattern_weights
from reversi.tools.dataset import Log, Sample

#: ProbCut fits need at least this many positions of a phase (else that phase has none).
PROBCUT_MIN_SAMPLES = 30


def _depth_values(task: tuple[str, Rules, int, int, int]) -> list[int]:
    """Full-width values at depths 0..max_depth of one position (a process pool's task)."""
    from reversi.engine.midgame import INF, UNLIMITED, Searcher

    path, rules, p, o, max_depth = task
    evaluate = _evaluator_of(path, rules)
    s = Searcher(rules, evaluate, selective=False)
    return [s.negamax(p, o, UNLIMITED, UNLIMITED, d, -INF, INF) for d in range(max_depth + 1)]


_EVALUATORS: dict[str, Evaluator] = {}


def _evaluator_of(path: str, rules: Rules) -> Evaluator:
    if path not in _EVALUATORS:
        header, weights = load_pattern_weights(path)
        _EVALUATORS[path] = build_pattern_evaluator(rules.geometry, header, weights)
    return _EVALUATORS[path]


def fit_probcut(
    path: str,
    rules: Rules,
    data: Sample,
    positions: int,
    max_depth: int,
    seed: int,
    processes: int,
    log: Log,
    min_samples: int = PROBCUT_MIN_SAMPLES,
) -> tuple[list[list[Any]], dict[str, Any]]:
    """ProbCut statistics of the evaluation in the weights file ``path``: for ``positions``
    positions drawn from ``data`` (more empties than ``max_depth + 2``, so no search reaches
    the end), full-width values at every depth to ``max_depth``; then per depth ``d`` from
    :data:`reversi.engine.midgame.PROBCUT_MIN_DEPTH` and per phase of the file, the least
    squares line ``v_d = a * v_s + b`` on the value at the shallow depth ``s``
    (:func:`reversi.engine.midgame.probcut_shallow`) and the residuals' standard deviation
    ``sigma``. Returns the header's ``probcut`` list and a report."""
    import numpy as np

    from reversi.engine.midgame import PROBCUT_MIN_DEPTH, probcut_shallow

    header, _ = load_pattern_weights(path)
    phase_of = header["phase_of_empties"]
    mask = rules.geometry.mask
    rng = random.Random(seed)
    pool = [i for i in range(len(data)) if (mask & ~(data.players[i] | data.opponents[i])).bit_count() > max_depth + 2]
    picked = rng.sample(pool, min(positions, len(pool)))
    tasks = [(path, rules, data.players[i], data.opponents[i], max_depth) for i in picked]
    t0 = time.time()
    values: list[list[int]] = []
    if processes > 1:
        import multiprocessing

        with multiprocessing.Pool(processes) as workers:
            for row in workers.imap(_depth_values, tasks, chunksize=4):
                values.append(row)
                if len(values) % 50 == 0:
                    log(f"  {len(values)} positions searched, {time.time() - t0:.0f}s")
    else:
        for task in tasks:
            values.append(_depth_values(task))
    empties = [(mask & ~(t[2] | t[3])).bit_count() for t in tasks]
    last = len(phase_of) - 1
    phase = np.array([phase_of[min(n, last)] for n in empties])
    v = np.array(values, dtype=np.float64).reshape(len(values), max_depth + 1)
    pairs: list[list[Any]] = []
    report: dict[str, Any] = {"positions": len(values), "max_depth": max_depth, "seconds": round(time.time() - t0)}
    for depth in range(PROBCUT_MIN_DEPTH, max_depth + 1):
        shallow = probcut_shallow(depth)
        fits: list[list[float] | None] = []
        for ph in range(header["phases"]):
            rows = phase == ph
            if rows.sum() < min_samples:
                fits.append(None)
                continue
            x, y = v[rows, shallow], v[rows, depth]
            a, b = np.polyfit(x, y, 1)
            sigma = float(np.std(y - (a * x + b)))
            fits.append([round(float(a), 4), round(float(b), 1), round(sigma, 1)] if 0.1 < a <= 10 else None)
        pairs.append([depth, shallow, fits])
        shown = ", ".join("-" if f is None else f"{f[0]:.2f}/{f[1]:.0f}/{f[2]:.0f}" for f in fits)
        log(f"  depth {depth} from {shallow}: {shown}")
    return pairs, report
