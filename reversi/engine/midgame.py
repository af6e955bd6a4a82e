"""The midgame tree search: a :class:`Searcher` holds one rule set's evaluator,
transposition table, counters and deadline, and searches a position to a depth.

:mod:`reversi.engine.search` drives it from the root (iterative deepening,
time, hand-over to the exact solver); the algorithm is described there. Where the
remaining depth reaches the end of the game, the exact solver
(:mod:`reversi.engine.solver`) takes over inside the tree.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator

from reversi.core.geometry import iter_indices
from reversi.core.position import PASS, Position
from reversi.core.rules import Rules
from reversi.engine.evaluate import make_evaluator, with_both, with_moves
from reversi.engine.kernels import (
    children_side_by_side,
    final_score,
    flip_functions,
    lane_width,
    moves_by_empties,
    tables,
)
from reversi.engine.solver import INFINITY as _SOLVER_INF
from reversi.engine.solver import Solver, solver_for, stop_requested
from reversi.errors import SearchTimeout, SolveTimeout

Evaluator = Callable[[int, int], int]

INF = 10_000_000
#: Supply of a side in rule sets without a limit.
UNLIMITED = 1 << 20
CLOCK_EVERY = 256
#: The most leaves the horizon keeps valued (cleared when full, like the table): a search meets
#: many of its leaves again (transpositions, ProbCut's shallow searches).
LEAF_CACHE_MAX = 50_000
#: At this remaining depth and more, children are ordered by the opponent's mobility.
ORDER_DEPTH = 2
#: ProbCut: from this remaining depth on, a shallow search predicts the deep one.
PROBCUT_MIN_DEPTH = 3
#: ProbCut's confidence: a node is cut when the predicted value is this many standard
#: errors beyond the window. Wider cuts cost depth, which at Expert's time is worth more
#: than the cuts' errors; the matches: docs/engine/tuning.md, Midgame search.
PROBCUT_T = 1.5
#: ProbCut is tried only while the window is within this (centidiscs): not near won or lost games.
PROBCUT_WINDOW = 6400


def probcut_shallow(depth: int) -> int:
    """The shallow depth whose search predicts a search of ``depth``: about half of it,
    of the same parity (an evaluation after the same side's move is the better predictor)."""
    shallow = depth // 2
    if (depth - shallow) % 2:
        shallow -= 1
    return max(0, shallow)


#: ``cuts[depth]``: None or (shallow depth, per empties None or (up, down, 1/a)).
Cuts = list[tuple[int, list[tuple[float, float, float] | None]] | None]


def probcut_table(probcut: dict[int, tuple[int, list[tuple[float, float, float] | None]]] | None, t: float) -> Cuts:
    """The search's cut table from an evaluator's ProbCut statistics (depth -> shallow depth and
    ``(a, b, sigma)`` per empties, :func:`reversi.engine.weights.probcut_by_empties`): a node
    of ``depth`` whose shallow value ``v`` has ``a * v + b >= beta + t * sigma`` is cut at
    ``beta``, one with ``a * v + b <= alpha - t * sigma`` at ``alpha``. Depths beyond the
    deepest fitted one use its statistics with their own shallow depth."""
    cuts: Cuts = [None] * 65
    if not probcut:
        return cuts
    deepest = max(probcut)
    for depth in range(PROBCUT_MIN_DEPTH, 65):
        if depth in probcut:
            shallow, fits = probcut[depth]
        elif depth > deepest:
            shallow, fits = probcut_shallow(depth), probcut[deepest][1]
        else:
            continue
        cuts[depth] = (shallow, [None if f is None else (t * f[2] - f[1], -t * f[2] - f[1], 1.0 / f[0]) for f in fits])
    return cuts


def default_evaluator(rules: Rules) -> Evaluator:
    return make_evaluator(rules)


class TranspositionTable(dict[tuple[int, int, int], tuple[int, int, int, int]]):
    """``(player, opponent, supply) -> (depth, lower, upper, move)``, bounded in size."""

    def __init__(self, max_entries: int = 200_000) -> None:
        super().__init__()
        self.max_entries = max_entries


class Searcher:
    """Search state for one rule set: evaluator, table, counters and the deadline."""

    def __init__(
        self,
        rules: Rules,
        evaluator: Evaluator | None = None,
        tt: TranspositionTable | None = None,
        selective: bool = True,
    ) -> None:
        self.rules = rules
        self.evaluate = evaluator or default_evaluator(rules)
        #: ProbCut on (when the evaluator has statistics for it); off: a full-width search.
        self.selective = selective
        self.tt = tt if tt is not None else TranspositionTable()
        self.nodes = 0
        self.deadline: float | None = None
        self.node_limit: int | None = None
        g = rules.geometry
        t = tables(g)
        self.corners = t.corners
        self.near = t.near_corners
        self.solver = solver_for_rules(rules)
        self._build()

    def _build(self) -> None:
        rules = self.rules
        g = rules.geometry
        mask, nsq = g.mask, g.square_count
        anti, etw = rules.anti, rules.empties_to_winner
        moves_by_n = moves_by_empties(g)  # generated for the geometry: moves(p, o, empty)
        FLIP = flip_functions(g)
        evaluate = with_moves(self.evaluate)  # evaluate(p, o, legal moves of p)
        evaluate_both = with_both(self.evaluate)  # ... and of o: a leaf of the horizon has both
        lane = lane_width(g)  # boards side by side in one integer: one move generation for all
        lane_mask = (1 << lane) - 1
        lane2 = 2 * lane
        leaves: dict[tuple[int, int], int] = {}  # the horizon's leaves valued: (p, o) -> value for the parent
        tt = self.tt
        corners, near = self.corners, self.near
        corner_of = {}
        for i in iter_indices(near):
            corner_of[1 << i] = g.neighbours(i) & corners
        solver = self.solver
        me = self
        stats = getattr(self.evaluate, "probcut", None) if self.selective else None
        cuts = probcut_table(stats, PROBCUT_T)
        pc_min = PROBCUT_MIN_DEPTH if stats else 65
        window = PROBCUT_WINDOW

        def tick() -> None:
            # the clock is looked up at each check, not captured when these closures are
            # built: a cached searcher must read the clock its caller reads (tests replace it)
            if me.node_limit is not None and me.nodes > me.node_limit:
                raise SearchTimeout
            if me.deadline is not None and time.perf_counter() > me.deadline:
                raise SearchTimeout
            if stop_requested():
                raise SearchTimeout

        def exact(p: int, o: int, alpha: int, beta: int) -> int:
            # the solver in discs, with the window rounded outwards
            a = alpha // 100
            b = -((-beta) // 100)
            solver.deadline = me.deadline
            solver.node_limit = None if me.node_limit is None else max(0, me.node_limit - me.nodes)
            solver.nodes = 0
            try:
                v = solver.solve(p, o, max(a, -_SOLVER_INF), min(b, _SOLVER_INF))
            except SolveTimeout:
                raise SearchTimeout from None
            finally:
                me.nodes += solver.nodes
                solver.deadline = None
                solver.node_limit = None
            return v * 100

        def remember(key: tuple[int, int, int], depth: int, best: int, alpha0: int, beta: int, move: int) -> None:
            # the node's value as a bound (it failed low or high) or exact, in the table
            if len(tt) >= tt.max_entries:
                tt.clear()
            if best <= alpha0:
                tt[key] = (depth, -INF, best, move)
            elif best >= beta:
                tt[key] = (depth, best, INF, move)
            else:
                tt[key] = (depth, best, best, move)

        def negamax(p: int, o: int, sp: int, so: int, depth: int, alpha: int, beta: int, mv: int = -1) -> int:
            # ``mv``: the legal moves if the caller knows them (its ordering counted them), else -1
            me.nodes += 1
            if not me.nodes % CLOCK_EVERY:
                tick()
            empty = mask & ~(p | o)
            n = empty.bit_count()
            moves = moves_by_n[n]
            if not sp:
                mv = 0
            elif mv < 0:
                mv = moves(p, o, empty)
            if not mv:
                if not (so and moves(o, p, empty)):
                    return final_score(p, o, nsq, anti, etw) * 100
                return -negamax(o, p, so, sp, depth, -beta, -alpha)
            if depth >= n and sp >= n and so >= n:
                return exact(p, o, alpha, beta)
            if depth <= 0:
                return evaluate(p, o, mv)
            key = (p, o, sp)
            e = tt.get(key)
            hash_move = 0
            if e is not None:
                d, lo, hi, hash_move = e
                if d >= depth:
                    if lo >= beta:
                        return lo
                    if hi <= alpha:
                        return hi
                    if lo == hi:
                        return lo
            if depth == 1 and so:
                # the horizon: every child is a leaf, valued here with no call and no table
                # probe below (a child that must pass, or ends the game, takes the general road)
                alpha0 = alpha
                kids1 = []
                while mv:
                    b = mv & -mv
                    mv ^= b
                    if b == hash_move:
                        k = -INF
                    elif b & corners:
                        k = -300
                    elif b & near and corner_of[b] & empty:
                        k = 300
                    else:
                        k = 0
                    kids1.append((k, b))
                kids1.sort()
                best = -INF
                best_move = 0
                leaf_moves = moves_by_n[n - 1]
                # each leaf needs its moves and its opponent's: the first child's in one pass (two
                # lanes: the child, and the child turned round), then, if it did not cut, all the
                # others' in one pass (the children side by side in one integer, two lanes each)
                for batch in (kids1[:1], kids1[1:]):
                    valued: list[tuple[int, int, int, int | None]] = []
                    packed_p = packed_o = packed_e = 0
                    at = 0
                    for _, b in batch:
                        f = FLIP[b.bit_length() - 1](p, o)
                        np_ = o ^ f
                        no_ = p | f | b
                        v = leaves.get((np_, no_))
                        if v is None:
                            rest = empty ^ b
                            packed_p |= (np_ | no_ << lane) << at
                            packed_o |= (no_ | np_ << lane) << at
                            packed_e |= (rest | rest << lane) << at
                            at += lane2
                        valued.append((b, np_, no_, v))
                    replies = leaf_moves(packed_p, packed_o, packed_e) if at else 0
                    for b, np_, no_, v in valued:
                        if v is not None:
                            me.nodes += 1  # a leaf valued before (a transposition, ProbCut's shallow search)
                        else:
                            cm = replies & lane_mask
                            om = replies >> lane & lane_mask
                            replies >>= lane2
                            if cm:
                                me.nodes += 1
                                if not me.nodes % CLOCK_EVERY:
                                    tick()
                                v = -evaluate_both(np_, no_, cm, om)
                                if len(leaves) >= LEAF_CACHE_MAX:
                                    leaves.clear()
                                leaves[np_, no_] = v
                            else:
                                v = -negamax(np_, no_, so, sp - 1, 0, -beta, -alpha, 0)
                        if v > best:
                            best = v
                            best_move = b
                            if v > alpha:
                                alpha = v
                                if v >= beta:
                                    break
                    else:
                        continue
                    break  # a cut in the first batch: the others are not looked at
                remember(key, 1, best, alpha0, beta, best_move)
                return best
            if depth >= pc_min:
                cut = cuts[depth if depth < 65 else 64]
                if cut is not None:
                    fit = cut[1][n]
                    if fit is not None:
                        # ProbCut: a shallow null-window search says the deep one would fail
                        shallow = cut[0]
                        up, down, inv = fit
                        if beta < window:
                            bound = round((beta + up) * inv)
                            if negamax(p, o, sp, so, shallow, bound - 1, bound, mv) >= bound:
                                return beta
                        if alpha > -window:
                            bound = round((alpha + down) * inv)
                            if negamax(p, o, sp, so, shallow, bound, bound + 1, mv) <= bound:
                                return alpha
            alpha0 = alpha
            d1 = depth - 1
            kids = []
            if depth >= ORDER_DEPTH:
                # fewest replies first, corners early, next to an empty corner late; the
                # children's replies found in one pass, the children side by side in one integer
                made, packed_p, packed_o, packed_e = children_side_by_side(p, o, mv, empty, FLIP, lane)
                replies = moves_by_n[n - 1](packed_p, packed_o, packed_e)
                for b, np_, no_ in made:
                    m = replies & lane_mask
                    replies >>= lane
                    if b == hash_move:
                        k = -INF
                    else:
                        k = m.bit_count() * 100
                        if b & corners:
                            k -= 300
                        elif b & near and corner_of[b] & empty:
                            k += 300
                    kids.append((k, b, np_, no_, m))
            else:
                while mv:
                    b = mv & -mv
                    mv ^= b
                    f = FLIP[b.bit_length() - 1](p, o)
                    if b == hash_move:
                        k = -INF
                    elif b & corners:
                        k = -300
                    elif b & near and corner_of[b] & empty:
                        k = 300
                    else:
                        k = 0
                    kids.append((k, b, o ^ f, p | f | b, -1))
            kids.sort()
            best = -INF
            best_move = 0
            sp1 = sp - 1
            first = True
            for _, b, np_, no_, m in kids:
                if first:
                    v = -negamax(np_, no_, so, sp1, d1, -beta, -alpha, m)
                    first = False
                else:
                    v = -negamax(np_, no_, so, sp1, d1, -alpha - 1, -alpha, m)
                    if alpha < v < beta:
                        v = -negamax(np_, no_, so, sp1, d1, -beta, -v, m)
                if v > best:
                    best = v
                    best_move = b
                    if v > alpha:
                        alpha = v
                        if v >= beta:
                            break
            remember(key, depth, best, alpha0, beta, best_move)
            return best

        self.negamax = negamax

    # -- positions (placement phase) ----------------------------------------------

    def value(self, position: Position, depth: int, alpha: int, beta: int) -> int:
        """Negamax value of any position (placement phase included)."""
        if not position.in_placement:
            sp, so = supplies(position)
            return self.negamax(position.player, position.opponent, sp, so, depth, alpha, beta)
        self.nodes += 1
        if position.is_over:
            return position.final_margin(position.turn) * 100
        if position.must_pass:
            return -self.value(position.pass_turn(), depth, -beta, -alpha)
        if depth <= 0:
            return self.evaluate(position.player, position.opponent)
        best = -INF
        for m in position.legal_moves():
            v = -self.value(position.play(m), depth - 1, -beta, -alpha)
            if v > best:
                best = v
                if v > alpha:
                    alpha = v
                    if v >= beta:
                        break
        return best

    def pv_from(self, position: Position, first: int, limit: int) -> list[int]:
        """The principal variation: ``first``, then the table's moves while legal."""
        pv = [first]
        pos = position.play(first)
        while len(pv) < limit and not pos.is_over:
            if pos.must_pass:
                pv.append(PASS)
                pos = pos.pass_turn()
                continue
            if pos.in_placement:
                break
            sp, _ = supplies(pos)
            e = self.tt.get((pos.player, pos.opponent, sp))
            if e is None or not e[3] or not pos.legal & e[3]:
                break
            m = e[3].bit_length() - 1
            pv.append(m)
            pos = pos.play(m)
        return pv


def solver_for_rules(rules: Rules) -> Solver:
    return solver_for(Position.start(rules))


def supplies(position: Position) -> tuple[int, int]:
    if position.supply is None:
        return UNLIMITED, UNLIMITED
    s = position.supply
    return (s[1], s[0]) if position.turn else (s[0], s[1])


def ordered_children(searcher: Searcher, position: Position, scores: dict[int, int]) -> list[tuple[int, Position]]:
    """Root moves: by last iteration's score, else by the static ordering."""
    children = [(m, position.play(m)) for m in position.legal_moves()]

    def key(mc: tuple[int, Position]) -> tuple[int, int]:
        m, child = mc
        if m in scores:
            return (0, -scores[m])
        b = 1 << m
        k = child.legal.bit_count() * 100
        if b & searcher.corners:
            k -= 300
        elif b & searcher.near:
            k += 300
        return (1, k)

    children.sort(key=key)
    return children


def root_values(searcher: Searcher, children: list[tuple[int, Position]], depth: int) -> Iterator[tuple[int, int]]:
    """The root of a principal variation search to ``depth``: each child's move and value, in the
    order given, as each is known. The first is searched with a full window, the others with a null
    window on the best value so far and again with a full one when they beat it; a move that does
    not beat it is worth at most its bound."""
    alpha = -INF
    for i, (m, child) in enumerate(children):
        if i == 0:
            v = -searcher.value(child, depth - 1, -INF, INF)
        else:
            v = -searcher.value(child, depth - 1, -alpha - 1, -alpha)
            if v > alpha:
                v = -searcher.value(child, depth - 1, -INF, -v)
        alpha = max(alpha, v)
        yield m, v
