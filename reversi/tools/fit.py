"""The training's fits: which model each board gets, and its weights fitted to the labelled positions.

The pattern models (:func:`default_model`): the patterns and scalar features fitted for each
board and rule set, from the patterns training knows (:data:`KNOWN_PATTERNS`), with weights per
phase (:data:`PATTERN_PHASES`, six equal spans of the game by empty squares).

:func:`fit_patterns` fits them: per phase, a ridge regression of the positions' labels on the
features (each pattern one-hot over its base-3 configurations, the entries a pattern's own
symmetries map onto each other tied to one parameter; the scalars), on sparse normal equations
solved by conjugate gradients (numpy and scipy, needed here only), with the ridge penalty that
does best on held-out games. :func:`fold_patterns` then folds a pattern nested in a larger one
into it. :func:`fit_features` fits the feature evaluation's small dense model per bucket.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from reversi.core.geometry import Geometry
from reversi.core.rules import Rules
from reversi.engine.evaluate import feature_bucket, feature_vector, geometry_info
from reversi.engine.patterns import (
    PATTERN_SCALARS,
    build_pattern_indexer,
    pattern_instances,
    pattern_scalars,
    symmetries,
)
from reversi.engine.weights import FEATURE_BUCKETS, FEATURES, pattern_shape
from reversi.tools.dataset import Log, Sample

if TYPE_CHECKING:  # numpy is imported where it is used: the package does not need it
    import numpy as np
    from numpy.typing import NDArray


# -- the models ------------------------------------------------------------------------------


#: A pattern: its name and its squares ``(col, row)`` for the a1 corner / top edge.
PatternSet = list[tuple[str, list[tuple[int, int]]]]


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
#: The 8x8 Othello model's own (its training has the games to determine a larger model): the
#: edge with its X-squares too (the edge is nested in it: fitted beside it, folded into it when written,
#: :func:`fold_patterns`), ...
PATTERNS_8X8_OTHELLO: PatternSet = [(name, KNOWN_PATTERNS[name]) for name in ("edge", "edge+2x", "corner2x4")]
#: ... and the corners of each side as scalars (an unseen configuration of a big pattern
#: weighs 0; the corner count still gives the corners their value there).
SCALARS_8X8_OTHELLO = (*PATTERN_SCALARS, "corner_own", "corner_opp")
#: The pattern sets of the other boards, by :func:`reversi.engine.weights.pattern_shape`:
#: on a larger square board the edge pattern is the eight squares from each corner (each
#: edge seen from both ends), on 6x6 the whole edge.
PATTERN_SETS: dict[str, PatternSet] = {
    "6x6": [(name, KNOWN_PATTERNS[name]) for name in ("edge6", "corner2x4")],
    # oct_cut9 rather than oct_cut: the corners' X-like squares d2 and b4 matter; oct_tri keeps
    # the corners' value where oct_cut9's configuration was never seen (the matches that showed
    # both: docs/engine/tuning.md)
    "octagon": [(name, KNOWN_PATTERNS[name]) for name in ("oct_edge", "oct_cut9", "oct_tri")],
}
#: Phases of the pattern weights: six equal spans of the game by empty squares (:func:`pattern_phase`).
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
