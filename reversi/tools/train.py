"""Training of the evaluation weights: self-play, exact endgame labels, ridge fit.

Usage (numpy and scipy required here, and only here)::

    python -m reversi.tools.train patterns --time-limit 1200 --save-data /tmp/othello.npz
    python -m reversi.tools.train patterns --size 10 --time-limit 1200     # 10x10's own model
    python -m reversi.tools.train patterns --rules octagon --time-limit 1200
    python -m reversi.tools.train patterns --load-data /tmp/othello.npz      # refit only
    python -m reversi.tools.train features [--anti] --time-limit 300
    python -m reversi.tools.train patterns --quick --out /tmp/p.bin             # tiny, for tests

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
   file (:func:`reversi.engine.evaluate.pattern_names`); feature training plays a mix of
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
   own and then folded into the larger one's table (:func:`fold_patterns`): the same
   values, one lookup fewer. Feature weights (other shapes) are a small dense ridge
   per bucket.
4. **Write** the weights to ``reversi/engine/data/`` in files plain Python reads (see
   :mod:`reversi.engine.evaluate`): patterns as zlib-compressed int16 centidiscs, features
   as JSON.

Why this shape: an earlier model (10 patterns, ~100k weights per phase, 1-ply
greedy self-play) fitted its training games but lost to the hand evaluation in a
2-3 ply search. A few thousand weights per phase, mobility as features, and labels
from better games are what a few thousand games can determine.

The real run, its data sizes and time are recorded in ``reversi/engine/data/README.md``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from reversi.core.bitboard import flips as _flips
from reversi.core.bitboard import moves as _moves
from reversi.core.geometry import Geometry
from reversi.core.position import Position
from reversi.core.rules import Rules, random_blocked
from reversi.engine.evaluate import Evaluator, feature_bucket, feature_vector, geometry_info, hand_evaluator
from reversi.engine.patterns import (
    KNOWN_SCALARS,
    PATTERN_SCALARS,
    build_pattern_indexer,
    pattern_instances,
    pattern_scalars,
    symmetries,
)
from reversi.engine.search import solve as _solve
from reversi.engine.weights import (
    FEATURE_BUCKETS,
    FEATURES,
    feature_file,
    pattern_names,
    pattern_shape,
    save_pattern_weights,
)
from reversi.errors import ReversiError

if TYPE_CHECKING:  # numpy is imported where it is used: the package does not need it
    import numpy as np
    from numpy.typing import NDArray

#: A pattern: its name and its squares ``(col, row)`` for the a1 corner / top edge.
PatternSet = list[tuple[str, list[tuple[int, int]]]]
Log = Callable[[str], None]

#: Patterns known to training (squares for the a1 corner / top edge of a square board).
KNOWN_PATTERNS = {
    "edge": [(c, 0) for c in range(8)],
    "edge+2x": [(c, 0) for c in range(8)] + [(1, 1), (6, 1)],
    "corner2x4": [(c, r) for r in range(2) for c in range(4)],
    "corner3x3": [(c, r) for r in range(3) for c in range(3)],
    "corner2x5": [(c, r) for r in range(2) for c in range(5)],
    "row2": [(c, 1) for c in range(8)],
    "row3": [(c, 2) for c in range(8)],
    "diag8": [(k, k) for k in range(8)],
    "diag7": [(k + 1, k) for k in range(7)],
    "edge6": [(c, 0) for c in range(6)],
    # the octagon (10x10 less a1 b1 a2 at each corner): its corners are c1 and a3, the
    # ends of the cut; the cut's middle square b2 and the squares behind it
    "oct_cut": [(2, 0), (1, 1), (0, 2), (3, 0), (0, 3), (2, 1), (1, 2), (2, 2)],
    # a straight edge c1..h1 between two cuts, with b2 and i2 at its ends
    "oct_edge": [(1, 1)] + [(c, 0) for c in range(2, 8)] + [(8, 1)],
    # the cut with the corners' C-like (d1, c2 / a4, b3) and X-like (d2 / b4) neighbours
    "oct_cut9": [(2, 0), (1, 1), (0, 2), (3, 0), (0, 3), (2, 1), (1, 2), (3, 1), (1, 3)],
    # the cut alone: 27 configurations, all seen often, so the corners' value does not rest on
    # oct_cut9's rarer configurations (an unseen one weighs 0)
    "oct_tri": [(2, 0), (1, 1), (0, 2)],
    # the 2x4 block from the corner c1 along its straight edge
    "oct_block": [(c, r) for r in range(2) for c in range(2, 6)],
}
#: The pattern set of the 8x8 evaluations of Anti and Classic: small, so that a few
#: thousand games determine it; mobility and potential mobility come as scalar features.
PATTERNS_8X8: PatternSet = [(name, KNOWN_PATTERNS[name]) for name in ("edge", "corner2x4")]
#: The 8x8 Othello model's own (twenty thousand games determine it): the edge with its
#: X-squares too (the edge is nested in it: fitted beside it, folded into it when written,
#: :func:`fold_patterns`), ...
PATTERNS_8X8_OTHELLO: PatternSet = [(name, KNOWN_PATTERNS[name]) for name in ("edge", "edge+2x", "corner2x4")]
#: ... and the corners of each side as scalars (an unseen configuration of a big pattern
#: weighs 0; the corner count still gives the corners their value there).
SCALARS_8X8_OTHELLO = (*PATTERN_SCALARS, "corner_own", "corner_opp")
#: The pattern sets of the other boards, by :func:`reversi.engine.evaluate.pattern_shape`:
#: on a larger square board the edge pattern is the eight squares from each corner (each
#: edge seen from both ends), on 6x6 the whole edge.
PATTERN_SETS: dict[str, PatternSet] = {
    "6x6": [(name, KNOWN_PATTERNS[name]) for name in ("edge6", "corner2x4")],
    # oct_cut9 rather than oct_cut (the same data, 2 plies against the feature model: 57%
    # against 33.5%): the corners' X-like squares d2 and b4 matter; oct_tri keeps the corners'
    # value where oct_cut9's configuration was never seen (70.2% -> 78.2%)
    "octagon": [(name, KNOWN_PATTERNS[name]) for name in ("oct_edge", "oct_cut9", "oct_tri")],
}
PATTERN_PHASES = 6


def pattern_set_for(g: Geometry) -> PatternSet:
    """The default pattern set of the board ``g`` (square boards from 6x6, the octagon)."""
    shape = pattern_shape(g)
    if shape is None or g.width < 6:
        raise ValueError(f"no pattern set for a {g.width}x{g.height} board with {len(g.removed)} squares removed")
    return PATTERN_SETS.get(shape, PATTERNS_8X8)


def default_model(rules: Rules) -> tuple[PatternSet, tuple[str, ...]]:
    """The pattern set and scalars that training fits for ``rules`` unless told otherwise."""
    g = rules.geometry
    if rules.variant == "othello" and not rules.anti and pattern_shape(g) == "8x8":
        return PATTERNS_8X8_OTHELLO, SCALARS_8X8_OTHELLO
    return pattern_set_for(g), PATTERN_SCALARS


def pattern_phase(empties: int, start: int = 60) -> int:
    """Phase bucket of the pattern weights by empty squares: six equal spans of the game
    (10 plies each on 8x8, where ``start``, the empties after the four first discs, is 60)."""
    return max(0, min(PATTERN_PHASES - 1, (start - empties) * PATTERN_PHASES // start))


# -- self-play -----------------------------------------------------------------------


@dataclass
class Sample:
    """Positions of played games with their labels (margin in discs, side to move)."""

    players: list[int] = field(default_factory=list)
    opponents: list[int] = field(default_factory=list)
    labels: list[float] = field(default_factory=list)
    games: list[int] = field(default_factory=list)
    rules: list[Rules] = field(default_factory=list)

    def __len__(self) -> int:
        return len(self.labels)

    def extend(self, other: Sample) -> None:
        self.players += other.players
        self.opponents += other.opponents
        self.labels += other.labels
        self.games += other.games
        self.rules += other.rules


def final_margin(rules: Rules, p: int, o: int) -> int:
    """The final disc difference for ``p`` as the game scores it (Anti reversed, empties to the winner)."""
    a, b = p.bit_count(), o.bit_count()
    m = b - a if rules.anti else a - b
    if rules.empties_to_winner and m:
        e = (rules.geometry.mask & ~(p | o)).bit_count()
        m += e if m > 0 else -e
    return m


def search_value(rules: Rules, evaluate: Evaluator, p: int, o: int, depth: int, alpha: int, beta: int) -> int:
    """Fixed-depth alpha-beta value (centidiscs; exact ends count 10000 per disc)."""
    g = rules.geometry
    empty = g.mask & ~(p | o)
    mv = _moves(p, o, empty, g.shifts)
    if not mv:
        if not _moves(o, p, empty, g.shifts):
            return 10000 * final_margin(rules, p, o)
        return -search_value(rules, evaluate, o, p, depth, -beta, -alpha)
    if depth == 0:
        return evaluate(p, o)
    best = -(10**9)
    while mv:
        bit = mv & -mv
        mv ^= bit
        f = _flips(p, o, bit.bit_length() - 1, g.shifts)
        v = -search_value(rules, evaluate, o & ~f, p | f | bit, depth - 1, -beta, -alpha)
        if v > best:
            best = v
            if v > alpha:
                alpha = v
                if alpha >= beta:
                    break
    return best


def play_game(
    rules: Rules,
    evaluate: Evaluator,
    seed: int,
    epsilon: float,
    solve_empties: int,
    game_id: int,
    depth: int = 2,
    opening: tuple[int, int] = (4, 8),
) -> Sample:
    """One self-play game, labelled (see the module docstring).

    Random moves for the first ``opening`` plies (a random count in that range), then
    a ``depth``-ply alpha-beta player on ``evaluate`` that plays a random move with
    probability ``epsilon``; from ``solve_empties`` empties on, perfect play found by
    :func:`reversi.engine.solver.solve`. Labels: the exact final margin of the game (for the
    side to move), exact for every position from the solve point on.
    """
    rng = random.Random(seed)
    g = rules.geometry
    shifts = g.shifts
    pos = Position.start(rules)
    randoms = rng.randint(*opening)
    line: list[tuple[int, int, int]] = []  # (player, opponent, colour to move)
    solved = None  # (score, colour) at the solve point
    ply = 0
    while not pos.is_over:
        if pos.must_pass:
            pos = pos.pass_turn()
            continue
        p, o = pos.player, pos.opponent
        line.append((p, o, pos.turn))
        if solved is not None or pos.empty.bit_count() <= solve_empties:
            r = _solve(pos, all_best=False)
            if solved is None:
                solved = (r.score, pos.turn)
            move = r.best[0]
        else:
            cand = pos.legal_moves()
            if ply < randoms or rng.random() < epsilon:
                move = rng.choice(cand)
            else:
                best = None
                ties: list[int] = []
                for i in cand:
                    f = _flips(p, o, i, shifts)
                    v = -search_value(rules, evaluate, o & ~f, p | f | (1 << i), depth - 1, -(10**9), 10**9)
                    if best is None or v > best:
                        best, ties = v, [i]
                    elif v == best:
                        ties.append(i)
                move = rng.choice(ties)
        pos = pos.play(move)
        ply += 1
    if solved is None:  # ended before reaching the solve depth: the result is exact
        solved = (pos.final_margin(pos.turn), pos.turn)
    score, colour = solved
    out = Sample()
    for p, o, turn in line:
        out.players.append(p)
        out.opponents.append(o)
        out.labels.append(float(score if turn == colour else -score))
        out.games.append(game_id)
        out.rules.append(rules)
    return out


def generate(
    rules_list: list[Rules],
    evaluators: dict[Rules, Evaluator],
    games: int,
    seed: int,
    epsilon: float,
    solve_empties: int,
    time_limit: float | None = None,
    log: Log | None = None,
    depth: int = 2,
    checkpoint: Callable[[Sample], None] | None = None,
) -> Sample:
    """Play ``games`` self-play games, cycling through ``rules_list``.

    ``checkpoint(data)`` is called every 100 games (to save the positions so far).
    """
    data = Sample()
    t0 = time.time()
    for k in range(games):
        rules = rules_list[k % len(rules_list)]
        data.extend(play_game(rules, evaluators[rules], seed + k, epsilon, solve_empties, seed + k, depth))
        if (k + 1) % 100 == 0:
            if log:
                log(f"  {k + 1} games, {len(data)} positions, {time.time() - t0:.0f}s")
            if checkpoint:
                checkpoint(data)
        if time_limit is not None and time.time() - t0 > time_limit:
            if log:
                log(f"  time limit: stopped after {k + 1} games")
            break
    return data


def save_samples(path: str, data: Sample) -> None:
    """Save labelled positions of one board: each bitboard as uint64 words, low first."""
    import numpy as np

    lo = (1 << 64) - 1
    bits = max((b.bit_length() for b in data.players + data.opponents), default=1)
    words = max(2, -(-bits // 64))
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    arrays: dict[str, Any] = {}
    for side, boards in (("p", data.players), ("o", data.opponents)):
        for w in range(words):
            arrays[f"{side}{w}"] = np.array([(b >> (64 * w)) & lo for b in boards], dtype=np.uint64)
    arrays["words"] = np.array(words)
    if data.rules:  # what the positions are of: a refit checks it
        arrays["rules"] = np.array(samples_rules(data.rules[0]))
    arrays["labels"] = np.array(data.labels, dtype=np.float64)
    arrays["games"] = np.array(data.games, dtype=np.int64)
    np.savez_compressed(path, **arrays)


def samples_rules(rules: Rules) -> str:
    """The rule set of saved positions, as :func:`save_samples` records it."""
    return f"{rules.variant} {rules.size} {'anti' if rules.anti else 'normal'}"


def load_samples(path: str, rules: Rules) -> Sample:
    """Positions saved by :func:`save_samples` (or by its first form: ``p_lo``, ``p_hi``...);
    ValueError if they were saved for other rules than ``rules``."""
    import numpy as np

    z = np.load(path)
    if "rules" in z and str(z["rules"]) != samples_rules(rules):
        raise ValueError(f"{path} holds positions of {z['rules']}, not of {samples_rules(rules)}")

    def boards(side: str) -> list[int]:
        if "words" not in z:
            cols = [z[f"{side}_lo"], z[f"{side}_hi"]]
        else:
            cols = [z[f"{side}{w}"] for w in range(int(z["words"]))]
        out = [0] * len(z["labels"])
        for w, col in enumerate(cols):
            shift = 64 * w
            for i, v in enumerate(col.tolist()):
                out[i] |= int(v) << shift
        return out

    out = Sample()
    out.players = boards("p")
    out.opponents = boards("o")
    out.labels = [float(v) for v in z["labels"]]
    out.games = [int(v) for v in z["games"]]
    out.rules = [rules] * len(out.labels)
    return out


# -- fitting ---------------------------------------------------------------------------


def _self_symmetry_perms(g: Geometry, squares: list[tuple[int, int]]) -> list[list[int]]:
    """Permutations ``perm[k]`` (square k goes to position perm[k]) mapping the
    pattern's square set onto itself."""
    pos = {sq: k for k, sq in enumerate(squares)}
    out = []
    for sym in symmetries(g.width):
        image = [sym(c, r) for c, r in squares]
        if set(image) == set(squares):
            out.append([pos[sq] for sq in image])
    return out


def canonical_ids(g: Geometry, squares: list[tuple[int, int]]) -> tuple[NDArray[np.int64], int]:
    """``(ids, count)``: for every base-3 index, the id of its symmetry class."""
    import numpy as np

    n = len(squares)
    size = 3**n
    idx = np.arange(size)
    digits = np.stack([(idx // 3**k) % 3 for k in range(n)], axis=1)
    best = idx.copy()
    for perm in _self_symmetry_perms(g, squares):
        moved = np.zeros(size, dtype=np.int64)
        for k in range(n):
            moved += digits[:, k] * 3 ** perm[k]
        best = np.minimum(best, moved)
    uniq, inverse = np.unique(best, return_inverse=True)
    return inverse.astype(np.int64), len(uniq)


def design(data: Sample, pattern_set: PatternSet, scalars: Sequence[str]) -> tuple[
    dict[str, Any], NDArray[np.int64], list[NDArray[np.int64]], list[int], int, NDArray[np.float64], NDArray[Any]
]:
    """``(header, cols, offsets, totals, S, empties)`` for the positions of ``data``.

    ``cols[i, j]``: the parameter of instance ``j`` in position ``i`` (symmetry
    classes tied); ``S[i]``: the scalar features of position ``i``.
    """
    import numpy as np

    g = data.rules[0].geometry
    start = g.square_count - 4
    patterns = [{"name": name, "squares": [list(sq) for sq in squares]} for name, squares in pattern_set]
    indexer, classes = build_pattern_indexer(g, patterns)
    canon: list[NDArray[np.int64]] = []
    offsets: list[int] = []
    total = 0
    for _, squares in pattern_set:
        ids, count = canonical_ids(g, squares)
        canon.append(ids)
        offsets.append(total)
        total += count
    raw = np.array([indexer(p, o) for p, o in zip(data.players, data.opponents, strict=False)], dtype=np.int64)
    cols = np.empty_like(raw)
    for j, k in enumerate(classes):
        cols[:, j] = offsets[k] + canon[k][raw[:, j]]
    pairs = list(zip(data.players, data.opponents, strict=True))
    S = np.array([pattern_scalars(g, p, o, scalars) for p, o in pairs], dtype=np.float64)
    empties = np.array([(g.mask & ~(p | o)).bit_count() for p, o in pairs])
    header = {
        "format": "reversi pattern weights 2",
        "units": "centidiscs",
        "board": g.width,
        "shape": pattern_shape(g),
        "patterns": patterns,
        "phases": PATTERN_PHASES,
        "phase_of_empties": [pattern_phase(e, start) for e in range(g.square_count + 1)],
        "scalars": list(scalars),
    }
    return header, cols, canon, offsets, total, S, empties


def fold_patterns(g: Geometry, header: dict[str, Any], weights: list[int]) -> tuple[dict[str, Any], list[int]]:
    """Fold each pattern nested in a larger one into it: the same values, fewer lookups.

    A pattern P folds into Q when P's squares are among Q's and every instance of Q holds
    exactly one instance of P (the edge in the edge with its X-squares): each entry of Q's
    table then gets the entry of P's table for the configuration of P's squares in it, and P
    goes. The evaluation is exactly the same (P's table is tied under P's own symmetries,
    so the order its instance is read in does not matter); it reads one table fewer per
    instance. Training fits both (the small pattern learns what is common, the large one
    what the X-squares add, which the ridge penalty keeps small where data is thin).
    """
    patterns = header["patterns"]
    squares = [[tuple(sq) for sq in p["squares"]] for p in patterns]
    count = len(patterns)
    into: dict[int, tuple[int, list[int]]] = {}  # folded pattern -> (target, its squares' places)
    for a in range(count):
        for b in range(count):
            if a == b or b in into or any(t == a for t, _ in into.values()):
                continue
            if len(squares[a]) >= len(squares[b]) or not set(squares[a]) <= set(squares[b]):
                continue
            inst_a = [frozenset(i) for i in pattern_instances(g, squares[a])]
            inst_b = [frozenset(i) for i in pattern_instances(g, squares[b])]
            if len(inst_a) == len(inst_b) and all(sum(x <= y for x in inst_a) == 1 for y in inst_b):
                into[a] = (b, [squares[b].index(sq) for sq in squares[a]])
                break
    if not into:
        return header, weights
    sizes = [3 ** len(sq) for sq in squares]
    nscal = len(header["scalars"])
    per_phase = sum(sizes) + nscal
    offsets = [sum(sizes[:k]) for k in range(count)]
    out: list[int] = []
    for ph in range(header["phases"]):
        base = ph * per_phase
        table = [weights[base + offsets[k] : base + offsets[k] + sizes[k]] for k in range(count)]
        for k in range(count):
            if k in into:
                continue
            folded = list(table[k])
            for a, (b, places) in into.items():
                if b != k:
                    continue
                for config in range(sizes[k]):
                    sub = 0
                    for j, place in enumerate(places):
                        sub += (config // 3**place % 3) * 3**j
                    folded[config] += table[a][sub]
            out += [max(-32767, min(32767, v)) for v in folded]
        out += weights[base + per_phase - nscal : base + per_phase]
    header = dict(header, patterns=[p for k, p in enumerate(patterns) if k not in into])
    header["folded"] = {patterns[a]["name"]: patterns[b]["name"] for a, (b, _) in into.items()}
    return header, out


def fit_patterns(
    data: Sample,
    ridges: Sequence[float],
    log: Log = print,
    pattern_set: PatternSet | None = None,
    scalars: Sequence[str] | None = None,
    bootstrap: bool = False,
) -> tuple[dict[str, Any], list[int], dict[str, Any]]:
    """Fit the pattern and scalar weights per phase; ``(header, int16 weights, report)``.
    ``pattern_set`` and ``scalars`` default to the shipped model's (:func:`default_model`).

    ``bootstrap``: the phases are fitted from the last to the first, and a position's label
    is not its game's result but the value the later phases' fitted weights give the
    position of the same game one phase span further on (its exact result if the game ends
    first): far less noise than the result of a game that still has most of its moves to
    go, which is what the early phases of a big board otherwise learn from.

    Ridge regression (the penalty on every parameter; the scalars are so often
    non-zero that it hardly touches them), solved by conjugate gradients on the
    normal equations with a diagonal preconditioner. Each phase takes its rows from
    the positions within 3 empties of its range and keeps the penalty of ``ridges``
    with the lowest error on the held-out games (every tenth game).
    """
    import numpy as np
    from scipy.sparse import csr_matrix, hstack  # type: ignore[import-untyped]
    from scipy.sparse.linalg import LinearOperator, cg  # type: ignore[import-untyped]

    g = data.rules[0].geometry
    default_set, default_scalars = default_model(data.rules[0])
    chosen = default_set if pattern_set is None else pattern_set
    scalars = list(default_scalars if scalars is None else scalars)
    header, cols, canon, offsets, total, S, empties = design(data, chosen, scalars)
    n, n_inst = cols.shape
    ns = len(scalars)
    start = g.square_count - 4
    phase = np.array([pattern_phase(int(e), start) for e in empties])
    y = np.array(data.labels, dtype=np.float64)
    holdout = (np.array(data.games) % 10) == 9
    sizes = [3 ** len(sq) for _, sq in chosen]
    per_phase = sum(sizes) + ns
    weights = np.zeros(PATTERN_PHASES * per_phase)
    outcome = y.copy()
    games = np.array(data.games)
    span = -(-start // PATTERN_PHASES)  # plies a phase lasts: 10 on 8x8
    ahead = np.arange(n) + span
    later = ahead < n
    later[later] &= games[ahead[later]] == games[later]
    ahead = np.where(later, ahead, 0)
    # the side to move there is the same as here when the labels (+-the game's result) agree
    same_side = np.where(outcome * outcome[ahead] != 0, np.sign(outcome * outcome[ahead]), 1 - 2 * (span % 2))
    fitted: dict[int, NDArray[np.float64]] = {}
    phase_reports: list[dict[str, Any]] = []
    report: dict[str, Any] = {"positions": int(n), "parameters_per_phase": int(total + ns), "phases": phase_reports}
    X_all = hstack(
        [
            csr_matrix((np.ones(n * n_inst), cols.ravel(), np.arange(0, n * n_inst + 1, n_inst)), shape=(n, total)),
            csr_matrix(S),
        ]
    ).tocsr()
    for ph in reversed(range(PATTERN_PHASES)) if bootstrap else range(PATTERN_PHASES):
        if bootstrap and fitted:
            value_later = np.zeros(n)
            for later_phase, w_later in fitted.items():
                at = later & (phase[ahead] == later_phase)
                value_later[at] = X_all[ahead[at]] @ w_later
            known = later & np.isin(phase[ahead], list(fitted))
            y = np.where(known, same_side * value_later, outcome)
        in_phase = [e for e in range(g.square_count + 1) if pattern_phase(e, start) == ph]
        margin = max(3, start // 20)  # 3 empties on 8x8
        lo, hi = min(in_phase) - margin, max(in_phase) + margin
        rows = (empties >= lo) & (empties <= hi) & ~holdout
        test = (phase == ph) & holdout
        own = (phase == ph) & ~holdout
        if not rows.any():
            continue
        X, yy = X_all[rows], y[rows]
        Xt = X.T.tocsr()
        b = Xt @ yy
        diag = np.asarray(X.multiply(X).sum(axis=0)).ravel()
        best: tuple[float, float, float, NDArray[np.float64]] | None = None
        w = np.zeros(total + ns)
        for lam in ridges:
            op = LinearOperator((total + ns, total + ns), matvec=lambda v, lam=lam, X=X, Xt=Xt: Xt @ (X @ v) + lam * v)
            pre = LinearOperator((total + ns, total + ns), matvec=lambda v, d=1.0 / (diag + lam): d * v)
            w, _ = cg(op, b, x0=w, M=pre, maxiter=400, rtol=1e-7)
            mse_test = float(np.mean((X_all[test] @ w - y[test]) ** 2)) if test.any() else float("nan")
            mse_train = float(np.mean((X_all[own] @ w - y[own]) ** 2)) if own.any() else float("nan")
            if best is None or not mse_test >= best[0]:
                best = (mse_test, mse_train, lam, w.copy())
        assert best is not None  # ``ridges`` is not empty
        mse_test, mse_train, lam, wbest = best
        fitted[ph] = wbest
        base = float(np.mean(y[test] ** 2)) if test.any() else float("nan")
        # against the games' results too (what the plain fit minimises)
        mse_result = float(np.mean((X_all[test] @ wbest - outcome[test]) ** 2)) if test.any() else float("nan")
        phase_reports.append(
            {"phase": ph, "rows": int(rows.sum()), "ridge": lam, "mse_train": mse_train,
             "mse_holdout": mse_test, "mse_zero": base, "mse_holdout_result": mse_result}
        )
        sc = " ".join(f"{name}={v:.2f}" for name, v in zip(scalars, wbest[total:], strict=False))
        log(
            f"  phase {ph}: {int(rows.sum())} rows, ridge {lam:g}, mse train {mse_train:.1f} "
            f"holdout {mse_test:.1f} (zero model {base:.1f}; against the results {mse_result:.1f}); {sc}"
        )
        at = ph * per_phase
        for k, size in enumerate(sizes):
            weights[at : at + size] = wbest[offsets[k] + canon[k]]
            at += size
        weights[at : at + ns] = wbest[total:]
    ints = np.clip(np.round(weights * 100), -32767, 32767).astype(int).tolist()
    return header, ints, report


def fit_features(
    data: Sample, ridges: float | Sequence[float], log: Log = print
) -> tuple[list[list[float]], dict[str, Any]]:
    """Fit the feature weights per bucket; returns ``(table, report)``."""
    import numpy as np

    feats = []
    buckets = []
    for p, o, rules in zip(data.players, data.opponents, data.rules, strict=False):
        g = rules.geometry
        info = geometry_info(g)
        feats.append(feature_vector(g, p, o, info))
        buckets.append(feature_bucket(g, (g.mask & ~(p | o)).bit_count()))
    F = np.array(feats, dtype=np.float64)
    B = np.array(buckets)
    y = np.array(data.labels, dtype=np.float64)
    holdout = (np.array(data.games) % 10) == 9
    table: list[list[float]] = []
    bucket_reports: list[dict[str, Any]] = []
    report: dict[str, Any] = {"positions": len(data), "buckets": bucket_reports}
    for b in range(FEATURE_BUCKETS):
        rows = (np.abs(B - b) <= 1) & ~holdout
        X, yy = F[rows], y[rows]
        if len(yy) < len(FEATURES):
            table.append([0.0] * len(FEATURES))
            continue
        reg = (ridges[0] if isinstance(ridges, (list, tuple)) else ridges) * np.eye(len(FEATURES))
        reg[0, 0] = 1e-6
        w = np.linalg.solve(X.T @ X + reg, X.T @ yy)
        test = (B == b) & holdout
        mse = float(np.mean((F[test] @ w - y[test]) ** 2)) if test.any() else float("nan")
        bucket_reports.append({"bucket": b, "rows": int(rows.sum()), "mse_holdout": mse})
        weights = " ".join(f"{n}={v * 100:.0f}" for n, v in zip(FEATURES, w, strict=False))
        log(f"  bucket {b}: {int(rows.sum())} rows, holdout mse {mse:.1f}; {weights}")
        table.append([round(float(v) * 100, 1) for v in w])
    return table, report


# -- geometries for the feature training -------------------------------------------------


def feature_rules(anti: bool, quick: bool) -> list[Rules]:
    """The geometries feature training plays on (a mix, so one weight set fits all)."""
    out = [Rules(size=n, anti=anti) for n in (6, 8, 10)] + [Rules("octagon", anti=anti)]
    out.append(random_blocked(Rules(size=8, anti=anti), 4, 1))
    out.append(random_blocked(Rules(size=10, anti=anti), 6, 2))
    if not quick:
        out.append(Rules(size=12, anti=anti))
        out.append(random_blocked(Rules("octagon", anti=anti), 4, 3))
    return out


# -- ProbCut statistics -------------------------------------------------------------------

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
    from reversi.engine.evaluate import build_pattern_evaluator
    from reversi.engine.weights import load_pattern_weights

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
    from reversi.engine.weights import load_pattern_weights

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


# -- command line ---------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
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
    args = ap.parse_args(argv)
    if args.quick:
        args.games = min(args.games, 24)
        args.solve_empties = min(args.solve_empties, 6)
        args.depth = 1
        args.positions = min(args.positions, 60)
        args.max_depth = min(args.max_depth, 4)
    if not 1 <= args.positions <= 1_000_000 or not 3 <= args.max_depth <= 20 or not 1 <= args.processes <= 64:
        ap.error("--positions must be 1 to 1000000, --max-depth 3 to 20, --processes 1 to 64")

    ridges = [float(r) for r in str(args.ridge).split(",")]
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

    def log(msg: str) -> None:
        print(msg, file=sys.stderr, flush=True)

    t0 = time.time()
    if args.what in ("patterns", "probcut"):
        try:
            rules = Rules(args.rules, size=args.size, anti=args.anti)
            pattern_set_for(rules.geometry)
        except (ReversiError, ValueError) as e:
            ap.error(str(e))
        rules_list = [rules]
        # the board's own file (Classic's own: the first of the names)
        out = args.out or os.path.join(os.path.dirname(feature_file()), pattern_names(rules)[0])
    else:
        rules_list = feature_rules(args.anti, args.quick)
        out = args.out or feature_file()
    if args.load_data:
        data = Sample()
        for path in args.load_data.split(","):
            try:
                data.extend(load_samples(path, rules_list[0]))
            except (OSError, ValueError, KeyError) as e:
                ap.error(f"--load-data {path}: {e}")
        log(f"fit on {len(data)} saved positions")
    else:
        # the self-play player: the hand-set evaluation, or the shipped one, at a shallow depth
        if args.player == "shipped":
            from reversi.engine.evaluate import make_evaluator

            evaluators = {r: make_evaluator(r) for r in rules_list}
        else:
            evaluators = {r: hand_evaluator(r) for r in rules_list}
        checkpoint: Callable[[Sample], None] | None = None
        if args.save_data:
            save_path = args.save_data

            def checkpoint_to_file(d: Sample) -> None:
                save_samples(save_path, d)

            checkpoint = checkpoint_to_file
        log(f"self-play: {len(rules_list)} rule sets, depth {args.depth}, solve at {args.solve_empties}")
        data = generate(
            rules_list, evaluators, args.games, args.seed, args.epsilon, args.solve_empties,
            args.time_limit, log, args.depth, checkpoint,
        )
        if checkpoint is not None:
            checkpoint(data)
    play_seconds = round(time.time() - t0)
    training: dict[str, Any] = {"games": len(set(data.games)), "positions": len(data)}
    if args.load_data:  # a refit: the self-play settings are those of the runs that saved the data
        training["data"] = [os.path.basename(path) for path in args.load_data.split(",")]
    else:
        training.update(depth=args.depth, solve_empties=args.solve_empties, epsilon=args.epsilon, seed=args.seed,
                        player=args.player)
    training.update(ridge=ridges, bootstrap=args.bootstrap)
    os.makedirs(os.path.dirname(out) or ".", exist_ok=True)
    if args.what == "probcut":
        from reversi.engine.weights import load_pattern_weights

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
    elif args.what == "patterns":
        header, ints, report = fit_patterns(data, ridges, log, pattern_set, scalars, args.bootstrap)
        header, ints = fold_patterns(rules_list[0].geometry, header, ints)
        if not args.load_data:
            training["play_seconds"] = play_seconds
        header["training"] = dict(training, seconds=round(time.time() - t0), report=report)
        save_pattern_weights(out, header, ints)
    else:
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
    log(f"wrote {out} in {time.time() - t0:.0f}s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
