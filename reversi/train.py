"""Training of the evaluation weights: self-play, exact endgame labels, ridge fit.

Usage (numpy required here, and only here)::

    python -m reversi.train patterns [--anti] --games 4000 --rounds 2
    python -m reversi.train features [--anti] --games 3000
    python -m reversi.train patterns --quick --out /tmp/p.bin     # tiny, for tests

Pipeline
--------
1. **Positions by self-play.** Games start with a few random moves (2 to 9: varied
   openings), then an epsilon-greedy one-ply player using the current evaluator
   (the shipped or hand weights in round 1, the freshly fitted weights in later
   rounds): each move picks the child with the best static value, or a random move
   with probability ``epsilon`` (default 0.03: few random moves, as each one makes
   the outcome a noisier label of the positions before it). Every game has its own
   seed (``seed + game``), so a run is reproducible. Pattern training plays plain
   8x8 Othello; feature training plays a mix of geometries (6x6 to 12x12, the
   octagon, random blocked squares). Classic and free-opening games are not played:
   after the opening they are Othello positions (the supply limit is ignored).
2. **Labels.** When a game reaches ``solve_empties`` empty squares, a small exact
   solver (alpha-beta to the end, fastest-first ordering) finds the exact final
   margin and the best move; the game is finished with perfect play, so every later
   position has that exact value (sign by the side to move). Earlier positions get
   a TD(lambda) return: ``G_t = (1 - lam) * V(s_t+1) + lam * G_t+1`` with ``V`` the
   current evaluator's value of the position after the move played (the one-ply
   search value the player computed anyway) and the exact value at the solve
   point. Round 1 uses ``lam = 1`` (the plain outcome: the round-1 evaluator may be
   the uncalibrated hand one); later rounds use ``--lam`` (0.8 in the real run), a
   blend of outcome and shallow-search value that lowers the label noise.
   Labels are final margins in discs as the score counts them (Anti: fewer discs is
   better, empties not awarded; Othello: empties to the winner).
3. **Fit.** Per phase bucket (number of empties), ridge regression of the label on
   the features, the data of the two neighbouring buckets included to smooth the
   phases. Patterns are one-hot over their base-3 configurations, with the entries
   that a pattern's own symmetries map onto each other tied to one parameter; the
   sparse normal equations are solved by conjugate gradients in numpy. Feature
   weights are a small dense ridge per bucket. 10% of the games are held out and
   their mean squared error reported.
4. **Write** the weights to ``reversi/data/`` in files plain Python reads (see
   :mod:`reversi.evaluate`): patterns as zlib-compressed int16 centidiscs, features
   as JSON.

The real run, its data sizes and time are recorded in ``reversi/data/README.md``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from dataclasses import dataclass, field

from .bitboard import flips as _flips
from .bitboard import moves as _moves
from .evaluate import (
    FEATURE_BUCKETS,
    FEATURES,
    Evaluator,
    build_feature_evaluator,
    build_pattern_evaluator,
    build_pattern_indexer,
    feature_bucket,
    feature_file,
    feature_vector,
    make_evaluator_from,
    pattern_file,
    save_pattern_weights,
    symmetries,
    _geometry_info,
)
from .geometry import Geometry
from .rules import Rules, random_blocked

#: The pattern set of the 8x8 evaluation (squares for the a1 corner / top edge).
PATTERNS_8X8 = [
    ("edge+2x", [(c, 0) for c in range(8)] + [(1, 1), (6, 1)]),
    ("corner3x3", [(c, r) for r in range(3) for c in range(3)]),
    ("corner2x5", [(c, r) for r in range(2) for c in range(5)]),
    ("row2", [(c, 1) for c in range(8)]),
    ("row3", [(c, 2) for c in range(8)]),
    ("row4", [(c, 3) for c in range(8)]),
    ("diag8", [(k, k) for k in range(8)]),
    ("diag7", [(k + 1, k) for k in range(7)]),
    ("diag6", [(k + 2, k) for k in range(6)]),
    ("diag5", [(k + 3, k) for k in range(5)]),
]
PATTERN_PHASES = 8


def pattern_phase(empties: int) -> int:
    """Phase bucket of the 8x8 pattern weights: 8 plies each, by empty squares."""
    return max(0, min(PATTERN_PHASES - 1, (60 - empties) // 8))


# -- the exact solver ------------------------------------------------------------


class Solver:
    """Exact final margin by alpha-beta (plain positions: no supply, no placement)."""

    def __init__(self, rules: Rules) -> None:
        g = rules.geometry
        self.mask = g.mask
        self.shifts = g.shifts
        self.anti = rules.anti
        self.to_winner = rules.empties_to_winner
        self.nodes = 0

    def final(self, p: int, o: int) -> int:
        a, b = p.bit_count(), o.bit_count()
        m = b - a if self.anti else a - b
        if self.to_winner and m:
            e = (self.mask & ~(p | o)).bit_count()
            m += e if m > 0 else -e
        return m

    def solve(self, p: int, o: int) -> tuple[int, int]:
        """``(margin, best move index or -1)`` for the side to move."""
        return self._search(p, o, -1000, 1000, True)

    def _search(self, p: int, o: int, alpha: int, beta: int, root: bool = False):
        self.nodes += 1
        mask, shifts = self.mask, self.shifts
        empty = mask & ~(p | o)
        mv = _moves(p, o, empty, shifts)
        if not mv:
            if not _moves(o, p, empty, shifts):
                return self.final(p, o), -1
            v, _ = self._search(o, p, -beta, -alpha)
            return -v, -1
        children = []
        while mv:
            bit = mv & -mv
            mv ^= bit
            i = bit.bit_length() - 1
            f = _flips(p, o, i, shifts)
            children.append((i, o & ~f, p | f | bit))
        if len(children) > 1 and empty.bit_count() > 5:
            children.sort(key=lambda c: _moves(c[1], c[2], mask & ~(c[1] | c[2]), shifts).bit_count())
        best, best_move = -1000, -1
        for i, no, np_ in children:
            v = -self._search(no, np_, -beta, -alpha)[0]
            if v > best:
                best, best_move = v, i
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
        return best, best_move


# -- self-play -----------------------------------------------------------------------


@dataclass
class Sample:
    """Positions of played games with their labels (margin in discs, side to move)."""

    players: list[int] = field(default_factory=list)
    opponents: list[int] = field(default_factory=list)
    labels: list[int] = field(default_factory=list)
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


def play_game(
    rules: Rules,
    evaluate: Evaluator,
    seed: int,
    epsilon: float,
    solve_empties: int,
    game_id: int,
    lam: float = 1.0,
) -> Sample:
    """One self-play game, labelled (see the module docstring).

    ``lam`` < 1 blends in the evaluator's value of the next position:
    ``G_t = (1 - lam) * V(s_t+1) + lam * G_t+1`` (TD(lambda) return, exact from the
    solve point on).
    """
    rng = random.Random(seed)
    g = rules.geometry
    mask, shifts = g.mask, g.shifts
    black, white = rules.start_discs()
    p, o = black, white
    solver = Solver(rules)
    openings = rng.randint(2, 9)
    line: list[tuple[int, int]] = []  # (player, opponent) with a move to play
    signs: list[int] = []
    next_values: list[float | None] = []  # mover's static value of the position after its move
    side = 0
    ply = 0
    solved = None  # (value for side ``solved_side``)
    solved_side = 0
    while True:
        empty = mask & ~(p | o)
        mv = _moves(p, o, empty, shifts)
        if not mv:
            if not _moves(o, p, empty, shifts):
                break
            p, o = o, p
            side ^= 1
            continue
        line.append((p, o))
        signs.append(side)
        n_empty = empty.bit_count()
        if solved is None and n_empty <= solve_empties:
            solved, _ = solver.solve(p, o)
            solved_side = side
        value = None
        if solved is not None:
            _, move = solver.solve(p, o)
        else:
            cand = []
            bits = mv
            while bits:
                bit = bits & -bits
                bits ^= bit
                cand.append(bit.bit_length() - 1)
            if ply < openings or rng.random() < epsilon:
                move = rng.choice(cand)
                if lam < 1.0:
                    f = _flips(p, o, move, shifts)
                    value = -evaluate(o & ~f, p | f | (1 << move)) / 100
            else:
                best = None
                move = cand[0]
                for i in cand:
                    f = _flips(p, o, i, shifts)
                    v = -evaluate(o & ~f, p | f | (1 << i))
                    if best is None or v > best:
                        best, move = v, i
                value = best / 100
        next_values.append(value)
        f = _flips(p, o, move, shifts)
        p, o = o & ~f, p | f | (1 << move)
        side ^= 1
        ply += 1
    if solved is None:  # ended before reaching the solve depth: the result is exact
        solved = Solver(rules).final(p, o)
        solved_side = side
    labels = [float(solved if s == solved_side else -solved) for s in signs]
    if lam < 1.0:
        ret = None
        for t in range(len(line) - 1, -1, -1):
            v = next_values[t]
            if v is None:  # exact from the solve point on
                ret = labels[t]
                continue
            nxt = ret if ret is not None else labels[t]
            # the return of the next decision point, seen from this side
            if t + 1 < len(line) and signs[t + 1] != signs[t]:
                nxt = -nxt
            ret = (1 - lam) * v + lam * nxt
            labels[t] = ret
    out = Sample()
    for (pp, oo), label in zip(line, labels):
        out.players.append(pp)
        out.opponents.append(oo)
        out.labels.append(label)
        out.games.append(game_id)
        out.rules.append(rules)
    return out


def generate(
    rules_list: list[Rules],
    evaluators: dict,
    games: int,
    seed: int,
    epsilon: float,
    solve_empties: int,
    time_limit: float | None = None,
    log=None,
    lam: float = 1.0,
) -> Sample:
    """Play ``games`` self-play games, cycling through ``rules_list``."""
    data = Sample()
    t0 = time.time()
    for k in range(games):
        rules = rules_list[k % len(rules_list)]
        data.extend(play_game(rules, evaluators[rules], seed + k, epsilon, solve_empties, seed + k, lam))
        if log and (k + 1) % 200 == 0:
            log(f"  {k + 1} games, {len(data)} positions, {time.time() - t0:.0f}s")
        if time_limit is not None and time.time() - t0 > time_limit:
            if log:
                log(f"  time limit: stopped after {k + 1} games")
            break
    return data


def save_samples(path: str, data: Sample) -> None:
    """Save labelled 8x8 positions (bitboards split into two uint64 halves)."""
    import numpy as np

    lo = (1 << 64) - 1
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    np.savez_compressed(
        path,
        p_lo=np.array([p & lo for p in data.players], dtype=np.uint64),
        p_hi=np.array([p >> 64 for p in data.players], dtype=np.uint64),
        o_lo=np.array([o & lo for o in data.opponents], dtype=np.uint64),
        o_hi=np.array([o >> 64 for o in data.opponents], dtype=np.uint64),
        labels=np.array(data.labels, dtype=np.float64),
        games=np.array(data.games, dtype=np.int64),
    )


def load_samples(path: str, rules: Rules) -> Sample:
    import numpy as np

    z = np.load(path)
    out = Sample()
    out.players = [int(a) | int(b) << 64 for a, b in zip(z["p_lo"], z["p_hi"])]
    out.opponents = [int(a) | int(b) << 64 for a, b in zip(z["o_lo"], z["o_hi"])]
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


def canonical_ids(g: Geometry, squares: list[tuple[int, int]]):
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


def _cg(matvec, b, iters: int, x0=None):
    import numpy as np

    x = np.zeros_like(b) if x0 is None else x0.copy()
    r = b - matvec(x)
    p = r.copy()
    rs = float(r @ r)
    for _ in range(iters):
        if rs < 1e-10:
            break
        ap = matvec(p)
        alpha = rs / float(p @ ap)
        x += alpha * p
        r -= alpha * ap
        rs_new = float(r @ r)
        p = r + (rs_new / rs) * p
        rs = rs_new
    return x


def fit_patterns(data: Sample, ridge, cg_iters: int, log=print, pattern_set=None):
    """Fit the pattern weights; returns ``(header, int16 weights list, report)``.

    ``ridge`` is one penalty or a list of them: with a list, each phase keeps the
    one with the lowest error on the held-out games (which then is a validation
    error rather than a clean test error).
    """
    import numpy as np

    ridges = list(ridge) if isinstance(ridge, (list, tuple)) else [ridge]
    chosen = PATTERNS_8X8 if pattern_set is None else pattern_set

    g = Geometry(8, 8)
    patterns = [{"name": name, "squares": [list(sq) for sq in squares]} for name, squares in chosen]
    indexer, classes = build_pattern_indexer(g, patterns)
    canon = []
    offsets = []
    total = 0
    for name, squares in chosen:
        ids, count = canonical_ids(g, squares)
        canon.append(ids)
        offsets.append(total)
        total += count
    mask = g.mask
    n = len(data)
    raw = np.array([indexer(p, o) for p, o in zip(data.players, data.opponents)], dtype=np.int64)
    cols = np.empty_like(raw)
    for j, k in enumerate(classes):
        cols[:, j] = offsets[k] + canon[k][raw[:, j]]
    empties = np.array([(mask & ~(p | o)).bit_count() for p, o in zip(data.players, data.opponents)])
    phase = np.array([pattern_phase(int(e)) for e in empties])
    parity = np.where(empties % 2 == 1, 1.0, -1.0)
    y = np.array(data.labels, dtype=np.float64)
    games = np.array(data.games)
    holdout = (games % 10) == 9
    n_inst = cols.shape[1]
    sizes = [3 ** len(sq) for _, sq in chosen]
    per_phase = sum(sizes) + 2
    weights = np.zeros(PATTERN_PHASES * per_phase)
    report = {"positions": int(n), "parameters_per_phase": int(total + 2), "phases": []}
    for ph in range(PATTERN_PHASES):
        rows = (np.abs(phase - ph) <= 1) & ~holdout
        X = cols[rows]
        D = np.stack([np.ones(rows.sum()), parity[rows]], axis=1)
        yy = y[rows]
        m = X.shape[0]
        if m == 0:
            continue
        flat = X.ravel()

        b = np.concatenate([np.bincount(flat, weights=np.repeat(yy, n_inst), minlength=total), D.T @ yy])
        # errors: on the bucket's own rows, train and held out
        own = (phase == ph) & ~holdout
        test = (phase == ph) & holdout

        def predict(sel, wp, wd):
            Dm = np.stack([np.ones(sel.sum()), parity[sel]], axis=1)
            return wp[cols[sel]].sum(axis=1) + Dm @ wd

        best = None
        for lam in ridges:

            def matvec(w, X=X, D=D, flat=flat, lam=lam):
                wp, wd = w[:total], w[total:]
                xw = wp[X].sum(axis=1) + D @ wd
                gp = np.bincount(flat, weights=np.repeat(xw, n_inst), minlength=total) + lam * wp
                gd = D.T @ xw + 1e-3 * wd
                return np.concatenate([gp, gd])

            w = _cg(matvec, b, cg_iters)
            wp, wd = w[:total], w[total:]
            mse_train = float(np.mean((predict(own, wp, wd) - y[own]) ** 2)) if own.any() else float("nan")
            mse_test = float(np.mean((predict(test, wp, wd) - y[test]) ** 2)) if test.any() else float("nan")
            if best is None or mse_test < best[0]:
                best = (mse_test, mse_train, lam, wp, wd)
        mse_test, mse_train, lam, wp, wd = best
        base = float(np.mean(y[test] ** 2)) if test.any() else float("nan")
        report["phases"].append(
            {
                "phase": ph,
                "rows": int(m),
                "ridge": lam,
                "mse_train": mse_train,
                "mse_holdout": mse_test,
                "mse_zero": base,
            }
        )
        log(
            f"  phase {ph}: {m} rows, ridge {lam}, mse train {mse_train:.1f} "
            f"holdout {mse_test:.1f} (zero model {base:.1f})"
        )
        at = ph * per_phase
        for k, size in enumerate(sizes):
            full = wp[offsets[k] + canon[k]]
            weights[at : at + size] = full
            at += size
        weights[at : at + 2] = wd
    ints = np.clip(np.round(weights * 100), -32767, 32767).astype(int).tolist()
    header = {
        "format": "reversi pattern weights 1",
        "units": "centidiscs",
        "patterns": patterns,
        "phases": PATTERN_PHASES,
        "phase_of_empties": [pattern_phase(e) for e in range(65)],
        "scalars": ["bias", "parity"],
    }
    return header, ints, report


def fit_features(data: Sample, ridge: float, log=print):
    """Fit the feature weights per bucket; returns ``(table, report)``."""
    import numpy as np

    feats = []
    buckets = []
    for p, o, rules in zip(data.players, data.opponents, data.rules):
        g = rules.geometry
        info = _geometry_info(g)
        feats.append(feature_vector(g, p, o, info))
        buckets.append(feature_bucket(g, (g.mask & ~(p | o)).bit_count()))
    F = np.array(feats, dtype=np.float64)
    B = np.array(buckets)
    y = np.array(data.labels, dtype=np.float64)
    holdout = (np.array(data.games) % 10) == 9
    table = []
    report = {"positions": len(data), "buckets": []}
    for b in range(FEATURE_BUCKETS):
        rows = (np.abs(B - b) <= 1) & ~holdout
        X, yy = F[rows], y[rows]
        if len(yy) < len(FEATURES):
            table.append([0.0] * len(FEATURES))
            continue
        reg = ridge * np.eye(len(FEATURES))
        reg[0, 0] = 1e-6
        w = np.linalg.solve(X.T @ X + reg, X.T @ yy)
        test = (B == b) & holdout
        mse = float(np.mean((F[test] @ w - y[test]) ** 2)) if test.any() else float("nan")
        report["buckets"].append({"bucket": b, "rows": int(rows.sum()), "mse_holdout": mse})
        weights = " ".join(f"{n}={v * 100:.0f}" for n, v in zip(FEATURES, w))
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


# -- command line ---------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m reversi.train", description=__doc__.split("\n")[0])
    ap.add_argument("what", choices=["patterns", "features"])
    ap.add_argument("--anti", action="store_true", help="train for Anti (fewer discs wins)")
    ap.add_argument("--games", type=int, default=2000, help="self-play games per round")
    ap.add_argument(
        "--rounds", type=int, default=1, help="rounds of play-then-fit (later rounds use the new weights)"
    )
    ap.add_argument("--solve-empties", type=int, default=10, help="exact solve from this many empties")
    ap.add_argument("--epsilon", type=float, default=0.03, help="share of random moves in self-play")
    ap.add_argument("--lam", type=float, default=1.0, help="TD(lambda) blend, used from round 2 on")
    ap.add_argument("--ridge", default="3", help="ridge penalty, or a comma list to pick from per phase")
    ap.add_argument("--patterns", default=None, help="patterns: comma list of pattern names to use")
    ap.add_argument("--save-data", default=None, help="patterns: save the labelled positions (.npz)")
    ap.add_argument("--load-data", default=None, help="patterns: fit on saved positions, no self-play")
    ap.add_argument("--cg-iters", type=int, default=150)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--time-limit", type=float, default=None, help="seconds of self-play per round at most")
    ap.add_argument("--out", default=None, help="weights file (default: the shipped one in reversi/data/)")
    ap.add_argument("--quick", action="store_true", help="tiny run for tests: few games, shallow solve")
    args = ap.parse_args(argv)
    if args.quick:
        args.games = min(args.games, 24)
        args.solve_empties = min(args.solve_empties, 6)
        args.cg_iters = min(args.cg_iters, 30)

    ridges = [float(r) for r in str(args.ridge).split(",")]
    pattern_set = None
    if args.patterns:
        known = dict(PATTERNS_8X8)
        names = args.patterns.split(",")
        unknown = [n for n in names if n not in known]
        if unknown:
            ap.error(f"unknown patterns {unknown}; known: {', '.join(known)}")
        pattern_set = [(n, known[n]) for n in names]

    def log(msg: str) -> None:
        print(msg, file=sys.stderr, flush=True)

    t0 = time.time()
    data = Sample()
    if args.what == "patterns":
        out = args.out or pattern_file(args.anti)
        rules = Rules(anti=args.anti)
        evaluate = make_evaluator_from(rules, os.path.dirname(out) or ".")
        if args.load_data:
            data = load_samples(args.load_data, rules)
            rounds = 0
            log(f"fit on {len(data)} saved positions")
            header, ints, report = fit_patterns(data, ridges, args.cg_iters, log, pattern_set)
        for rnd in range(0 if args.load_data else args.rounds):
            log(f"round {rnd + 1}: self-play")
            seed = args.seed + rnd * 1_000_003
            lam = args.lam if rnd else 1.0
            data.extend(
                generate(
                    [rules], {rules: evaluate}, args.games, seed, args.epsilon, args.solve_empties,
                    args.time_limit, log, lam,
                )
            )
            if args.save_data:
                save_samples(args.save_data, data)
            log(f"round {rnd + 1}: fit on {len(data)} positions")
            header, ints, report = fit_patterns(data, ridges, args.cg_iters, log, pattern_set)
            evaluate = build_pattern_evaluator(rules.geometry, header, ints)
            rounds = rnd + 1
        header["training"] = {
            "games": len(set(data.games)),
            "positions": len(data),
            "rounds": rounds,
            "solve_empties": args.solve_empties,
            "epsilon": args.epsilon,
            "lam": args.lam,
            "ridge": ridges,
            "seconds": round(time.time() - t0),
            "report": report,
        }
        os.makedirs(os.path.dirname(out) or ".", exist_ok=True)
        save_pattern_weights(out, header, ints)
    else:
        out = args.out or feature_file()
        rules_list = feature_rules(args.anti, args.quick)
        evaluators = {r: make_evaluator_from(r, os.path.dirname(out) or ".") for r in rules_list}
        key = "anti" if args.anti else "normal"
        for rnd in range(args.rounds):
            log(f"round {rnd + 1}: self-play")
            seed = args.seed + rnd * 1_000_003
            data.extend(
                generate(
                    rules_list, evaluators, args.games, seed, args.epsilon, args.solve_empties,
                    args.time_limit, log, args.lam if rnd else 1.0,
                )
            )
            log(f"round {rnd + 1}: fit on {len(data)} positions")
            table, report = fit_features(data, ridges[0], log)
            evaluators = {r: build_feature_evaluator(r.geometry, table) for r in rules_list}
        existing = {}
        if os.path.exists(out):
            with open(out) as f:
                existing = json.load(f)
        existing["features"] = list(FEATURES)
        existing[key] = table
        existing.setdefault("training", {})[key] = {
            "games": len(set(data.games)),
            "positions": len(data),
            "rounds": args.rounds,
            "solve_empties": args.solve_empties,
            "seconds": round(time.time() - t0),
            "report": report,
        }
        os.makedirs(os.path.dirname(out) or ".", exist_ok=True)
        with open(out, "w") as f:
            json.dump(existing, f, indent=1)
    log(f"wrote {out} in {time.time() - t0:.0f}s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
