"""Midgame search: iterative deepening principal variation search with a deadline.

:func:`search` picks a move for the side to move; :func:`analyse` gives a value to
every legal move (for hints). Both work on every geometry and rule set.

Algorithm
    Negamax alpha-beta with principal variation search (the first move with the
    full window, the others with a null window and a re-search when one beats
    alpha), inside iterative deepening (depth 1, 2, ...). A transposition table
    (a dict) keeps for each position the depth searched, a lower and an upper
    bound and the best move; it is cleared when it reaches ``max_entries`` (the
    simplest replacement that keeps memory bounded in the browser; iterative
    deepening refills it quickly).

    Move ordering: the table's move first; then, at nodes with some depth left,
    the move that leaves the opponent the fewest replies ("fastest first", which
    is also good Othello strategy), corners earlier and the squares next to an
    empty corner later. Both kinds of square are derived from the geometry (a
    "corner" is a square that no line runs through), so the same ordering serves
    the octagon and blocked boards.

    When the remaining depth reaches the end of the game, the exact solver of
    :mod:`reversi.endgame` takes over; its disc differences are scaled by 100 to
    the search's centidiscs. A game over inside the tree scores its final margin
    times 100 (Anti reversed, empties to the winner in Othello: as the game
    scores it).

Time
    The search looks at the clock every ``CLOCK_EVERY`` nodes and stops at its
    deadline. It then returns the best move of the last completed iteration, or
    the best move of the current one if that iteration has completed at least its
    first (the previous best) move: the moves searched later only replace it by
    proving a better value. A new iteration is not started when the last one used
    more than about a third of what is left (it would most likely not finish).

Rule sets
    The bitboard search carries each side's discs in hand (Classic; a side with
    none left cannot move; "unlimited" is a large number elsewhere). The
    transposition key includes the mover's supply, which with the discs on the
    board determines the other's. Positions in the opening placement phase
    (Classic, free opening) are searched through :meth:`Position.play` until
    the centre is filled, then on bitboards.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Callable

from .bitboard import moves_by_empties
from .endgame import INFINITY as _SOLVER_INF
from .endgame import SolveTimeout, final_score, flip_functions, solver_for, tables
from .evaluate import with_moves
from .geometry import iter_indices
from .position import PASS, Position

Evaluator = Callable[[int, int], int]

INF = 10_000_000
#: Supply of a side in rule sets without a limit.
UNLIMITED = 1 << 20
CLOCK_EVERY = 256
#: At this remaining depth and more, children are ordered by the opponent's mobility.
ORDER_DEPTH = 2


class SearchTimeout(Exception):
    pass


@dataclass
class SearchResult:
    """The outcome of :func:`search`; ``score`` in centidiscs for the side to move."""

    move: int
    score: int
    depth: int
    pv: list[int]
    nodes: int
    seconds: float
    #: True when the score is the exact final margin (times 100).
    exact: bool = False
    #: True when the search stopped on its deadline or node limit.
    stopped: bool = False


@dataclass
class Analysis:
    """A value for every legal move (centidiscs, side to move's view), best first."""

    scores: dict[int, int]
    depth: int
    nodes: int
    seconds: float
    exact: bool = False
    order: list[int] = field(default_factory=list)


def default_evaluator(rules) -> Evaluator:
    from .evaluate import make_evaluator

    return make_evaluator(rules)


class TranspositionTable(dict):
    """``(player, opponent, supply) -> (depth, lower, upper, move)``, bounded in size."""

    def __init__(self, max_entries: int = 200_000) -> None:
        super().__init__()
        self.max_entries = max_entries


class Searcher:
    """Search state for one rule set: evaluator, table, counters and the deadline."""

    def __init__(
        self,
        rules,
        evaluator: Evaluator | None = None,
        tt: TranspositionTable | None = None,
    ) -> None:
        self.rules = rules
        self.evaluate = evaluator or default_evaluator(rules)
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

    def _build(self) -> None:  # noqa: C901 - closures for speed
        rules = self.rules
        g = rules.geometry
        mask, nsq = g.mask, g.square_count
        anti, etw = rules.anti, rules.empties_to_winner
        moves_by_n = moves_by_empties(g)  # generated for the geometry: moves(p, o, empty)
        FLIP = flip_functions(g)
        evaluate = with_moves(self.evaluate)  # evaluate(p, o, legal moves of p)
        tt = self.tt
        corners, near = self.corners, self.near
        corner_of = {}
        for i in iter_indices(near):
            corner_of[1 << i] = g.neighbours(i) & corners
        solver = self.solver
        perf = time.perf_counter
        me = self

        def tick() -> None:
            if me.node_limit is not None and me.nodes > me.node_limit:
                raise SearchTimeout
            if me.deadline is not None and perf() > me.deadline:
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
            alpha0 = alpha
            d1 = depth - 1
            kids = []
            mobility = depth >= ORDER_DEPTH
            while mv:
                b = mv & -mv
                mv ^= b
                f = FLIP[b.bit_length() - 1](p, o)
                np_ = o ^ f
                no_ = p | f | b
                m = -1
                if b == hash_move:
                    k = -INF
                else:
                    # fewest replies first, corners early, next to an empty corner late
                    k = 0
                    if mobility:
                        m = moves(np_, no_, empty ^ b)
                        k = m.bit_count() * 100
                    if b & corners:
                        k -= 300
                    elif b & near and corner_of[b] & empty:
                        k += 300
                kids.append((k, b, np_, no_, m))
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
            if len(tt) >= tt.max_entries:
                tt.clear()
            if best <= alpha0:
                tt[key] = (depth, -INF, best, best_move)
            elif best >= beta:
                tt[key] = (depth, best, INF, best_move)
            else:
                tt[key] = (depth, best, best, best_move)
            return best

        self.negamax = negamax

    # -- positions (placement phase) ----------------------------------------------

    def value(self, position: Position, depth: int, alpha: int, beta: int) -> int:
        """Negamax value of any position (placement phase included)."""
        if not position.in_placement:
            sp, so = _supplies(position)
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
            sp, _ = _supplies(pos)
            e = self.tt.get((pos.player, pos.opponent, sp))
            if e is None or not e[3] or not pos.legal & e[3]:
                break
            m = e[3].bit_length() - 1
            pv.append(m)
            pos = pos.play(m)
        return pv


def solver_for_rules(rules):
    return solver_for(Position.start(rules))


def _supplies(position: Position) -> tuple[int, int]:
    if position.supply is None:
        return UNLIMITED, UNLIMITED
    s = position.supply
    return (s[1], s[0]) if position.turn else (s[0], s[1])


def _ordered_children(searcher: Searcher, position: Position, scores: dict[int, int]) -> list[tuple[int, Position]]:
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


def search(
    position: Position,
    *,
    max_depth: int | None = None,
    time_limit: float | None = None,
    node_limit: int | None = None,
    evaluator: Evaluator | None = None,
    tt: TranspositionTable | None = None,
    on_iteration: Callable[[SearchResult], None] | None = None,
    exact_empties: int = 0,
    searcher: Searcher | None = None,
) -> SearchResult:
    """The best move for the side to move, by iterative deepening.

    Stops at ``max_depth`` (default: as deep as the game goes), at ``time_limit``
    seconds or after ``node_limit`` nodes, whichever comes first; at least one of
    them should be given. With ``exact_empties`` the position is solved exactly
    when it has that many empties or fewer (falling back to the midgame result if
    the solver runs out of time). Never returns an illegal move: PASS when the
    side to move must pass, and (only) for a finished game ``-1`` with depth 0.
    """
    start = time.perf_counter()
    deadline = None if time_limit is None else start + time_limit
    s = searcher or Searcher(position.rules, evaluator, tt)
    s.nodes = 0
    s.deadline = deadline
    s.node_limit = node_limit
    if position.is_over:
        score = position.final_margin(position.turn) * 100
        return SearchResult(PASS, score, 0, [], 0, 0.0, exact=True)
    if position.must_pass:
        # the only move is a pass: search the position after it, for the score
        r = search(
            position.pass_turn(), max_depth=max_depth, time_limit=time_limit, node_limit=node_limit,
            exact_empties=exact_empties, searcher=s,
        )
        return SearchResult(
            PASS, -r.score, r.depth, [PASS] + r.pv, r.nodes, time.perf_counter() - start, r.exact, r.stopped
        )
    legal = position.legal_moves()
    empties = position.empty.bit_count()
    horizon = empties + 2 if max_depth is None else max_depth
    horizon = max(1, horizon)
    result: SearchResult | None = None
    scores: dict[int, int] = {}
    if len(legal) == 1 and max_depth is None:
        horizon = min(horizon, 2)  # a forced move: a shallow look for the score only
    try:
        if empties <= exact_empties and not position.in_placement:
            from .endgame import solve as _solve

            # the solver gets most of the time; if it fails, the midgame search has the rest
            remaining = None if deadline is None else max(0.0, deadline - time.perf_counter()) * 0.6
            try:
                r = _solve(position, all_best=False, time_limit=remaining, node_limit=node_limit)
            except SolveTimeout:
                pass
            else:
                move = r.best[0]
                pv = s.pv_from(position, move, 1)
                return SearchResult(move, r.score * 100, empties, pv, r.nodes, time.perf_counter() - start, True)
        last_iter = 0.0
        for depth in range(1, horizon + 1):
            t0 = time.perf_counter()
            if deadline is not None and depth > 1:
                left = deadline - t0
                if last_iter > left / 3:
                    break
            children = _ordered_children(s, position, scores)
            alpha = -INF
            best_move, best_score = children[0][0], -INF
            completed = 0
            new_scores: dict[int, int] = {}
            try:
                for i, (m, child) in enumerate(children):
                    if i == 0:
                        v = -s.value(child, depth - 1, -INF, INF)
                    else:
                        v = -s.value(child, depth - 1, -alpha - 1, -alpha)
                        if v > alpha:
                            v = -s.value(child, depth - 1, -INF, -v)
                    new_scores[m] = v
                    completed += 1
                    if v > best_score:
                        best_move, best_score = m, v
                        alpha = max(alpha, v)
            except SearchTimeout:
                if completed:
                    result = SearchResult(
                        best_move, best_score, depth, s.pv_from(position, best_move, depth),
                        s.nodes, time.perf_counter() - start, stopped=True,
                    )
                elif result is not None:
                    result.stopped = True
                raise
            # moves that failed low keep their bound as an ordering hint
            scores = {m: (v if m == best_move else min(v, best_score - 1)) for m, v in new_scores.items()}
            exact = depth >= empties and position.supply is None
            result = SearchResult(
                best_move, best_score, depth, s.pv_from(position, best_move, depth),
                s.nodes, time.perf_counter() - start, exact=exact,
            )
            if on_iteration is not None:
                on_iteration(result)
            last_iter = time.perf_counter() - t0
            if exact:
                break
    except SearchTimeout:
        pass
    if result is None:
        # not even depth 1 finished: the best move by the static ordering
        move = _ordered_children(s, position, {})[0][0]
        result = SearchResult(move, 0, 0, [move], s.nodes, time.perf_counter() - start, stopped=True)
    result.nodes = s.nodes
    result.seconds = time.perf_counter() - start
    s.deadline = None
    s.node_limit = None
    return result


def analyse(
    position: Position,
    *,
    max_depth: int | None = None,
    time_limit: float | None = None,
    node_limit: int | None = None,
    evaluator: Evaluator | None = None,
    tt: TranspositionTable | None = None,
    exact_empties: int = 0,
    searcher: Searcher | None = None,
) -> Analysis:
    """A value (centidiscs) for EVERY legal move, from the deepest full iteration.

    Each move is searched with a full window, so the values are comparable (not
    just "worse than the best"). A position where the side must pass gives
    ``{PASS: value}``; a finished game an empty dict.
    """
    start = time.perf_counter()
    deadline = None if time_limit is None else start + time_limit
    s = searcher or Searcher(position.rules, evaluator, tt)
    s.nodes = 0
    s.deadline = deadline
    s.node_limit = node_limit
    if position.is_over:
        return Analysis({}, 0, 0, 0.0, exact=True)
    if position.must_pass:
        r = search(
            position.pass_turn(), max_depth=max_depth, time_limit=time_limit, node_limit=node_limit,
            exact_empties=exact_empties, searcher=s,
        )
        return Analysis({PASS: -r.score}, r.depth, r.nodes, time.perf_counter() - start, r.exact, [PASS])
    empties = position.empty.bit_count()
    if empties <= exact_empties and not position.in_placement:
        from .endgame import solve as _solve

        try:
            remaining = None if deadline is None else max(0.0, deadline - time.perf_counter()) * 0.6
            r = _solve(position, all_moves=True, time_limit=remaining, node_limit=node_limit)
        except SolveTimeout:
            pass
        else:
            scores = {m: v * 100 for m, v in r.values.items()}
            order = sorted(scores, key=lambda m: -scores[m])
            return Analysis(scores, empties, r.nodes, time.perf_counter() - start, True, order)
    horizon = empties + 2 if max_depth is None else max(1, max_depth)
    scores: dict[int, int] = {}
    done_depth = 0
    exact = False
    try:
        last_iter = 0.0
        for depth in range(1, horizon + 1):
            t0 = time.perf_counter()
            if deadline is not None and depth > 1 and last_iter > (deadline - t0) / 3:
                break
            new_scores = {}
            # depth 1 always completes (one evaluation per move), so every move gets a value
            s.deadline = None if depth == 1 else deadline
            limit = s.node_limit
            if depth == 1:
                s.node_limit = None
            for m, child in _ordered_children(s, position, scores):
                new_scores[m] = -s.value(child, depth - 1, -INF, INF)
            s.node_limit = limit
            scores, done_depth = new_scores, depth
            last_iter = time.perf_counter() - t0
            if depth >= empties and position.supply is None:
                exact = True
                break
    except SearchTimeout:
        pass
    if not scores:
        scores = {m: 0 for m in position.legal_moves()}
    order = sorted(scores, key=lambda m: -scores[m])
    s.deadline = None
    s.node_limit = None
    return Analysis(scores, done_depth, s.nodes, time.perf_counter() - start, exact, order)
