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
    :mod:`reversi.engine.solver` takes over; its disc differences are scaled by 100 to
    the search's centidiscs. A game over inside the tree scores its final margin
    times 100 (Anti reversed, empties to the winner in Othello: as the game
    scores it).

Time
    The search looks at the clock every ``CLOCK_EVERY`` nodes and stops at its
    deadline. It then returns the best move of the last completed iteration, or
    the best move of the current one if that iteration has completed at least its
    first (the previous best) move: the moves searched later only replace it by
    proving a better value. A new iteration is started unless the last one took more
    than ``NEXT_DEPTH_SHARE`` of the time left.

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
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from reversi.core.position import PASS, Position, need_position
from reversi.engine.midgame import INF, Evaluator, Searcher, TranspositionTable, ordered_children, root_values
from reversi.engine.protocol import NO_LIMITS, Limits
from reversi.engine.solver import (
    INFINITY,
    Solver,
    generic_negamax,
    is_fast,
    position_value,
    solver_for,
)
from reversi.errors import SearchTimeout, SolveTimeout

#: Iterative deepening under a deadline starts the next depth unless the last one took more
#: than this share of the time left. At 1 the search spends its time: the next iteration
#: starts whenever it may finish at least its first move, and an unfinished iteration
#: still gives the best of the moves it searched (the first is the last iteration's best).
#: A smaller share leaves much of a move's time unused (the matches: docs/engine/tuning.md).
NEXT_DEPTH_SHARE = 1.0
#: At or above this many empties the root starts from a midgame search's estimate.
GUESS_MIN_EMPTIES = 14
#: Depth of the root's midgame search by empties (the estimate MTD(f) starts from):
#: (fewest empties, depth), the last that applies wins. The search costs a small part of the
#: solve, and a shallower guess makes the solve take more nodes (docs/engine/tuning.md).
GUESS_DEPTHS = ((14, 6), (18, 8), (20, 10))
#: Node budget of that search.
GUESS_NODE_LIMIT = 400_000
#: The root's midgame search leaves its best moves in the solver's table (as move hints
#: with no bounds) for the positions it searched within this many plies of the root,
#: where they beat fastest-first on average; deeper down the evaluator's choice is worse.
HINT_PLIES = 2

__all__ = [
    "SURE_DEPTH",
    "Analysis",
    "Limits",
    "SearchResult",
    "SearchTimeout",
    "Searcher",
    "SolveResult",
    "SolveTimeout",
    "TranspositionTable",
    "analyse",
    "exact_line",
    "search",
    "solve",
]


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


def _deadline(start: float, limits: Limits, deadline: float | None) -> float | None:
    """When a search started at ``start`` with ``limits`` must stop (``deadline``: a caller's own, or None)."""
    if limits.seconds is None:
        return deadline
    own = start + limits.seconds
    return own if deadline is None else min(own, deadline)


def legacy_limits(limits: Limits, max_depth: int | None, time_limit: float | None) -> Limits:
    """``limits`` with a depth and a time given the old way, as keywords (``reversi/tools/`` does)."""
    if max_depth is None and time_limit is None:
        return limits
    return replace(
        limits,
        depth=limits.depth if max_depth is None else max_depth,
        seconds=limits.seconds if time_limit is None else time_limit,
    )


def search(
    position: Position,
    limits: Limits = NO_LIMITS,
    *,
    evaluator: Evaluator | None = None,
    tt: TranspositionTable | None = None,
    on_iteration: Callable[[SearchResult], None] | None = None,
    searcher: Searcher | None = None,
    deadline: float | None = None,
    max_depth: int | None = None,
    time_limit: float | None = None,
) -> SearchResult:
    """The best move for the side to move, by iterative deepening.

    Stops at ``limits.depth`` (default: as deep as the game goes), after ``limits.seconds``
    (or at ``deadline``, a ``time.perf_counter()`` value: a caller sharing its own time)
    or after ``limits.nodes`` nodes, whichever comes first; at least one of them should be
    given. With ``limits.exact_empties`` the position is solved exactly when it has that
    many empties or fewer (falling back to the midgame result if the solver runs out of
    time). Never returns an illegal move: PASS when the side to move must pass, and
    (only) for a finished game ``-1`` with depth 0. ``max_depth`` and ``time_limit`` are
    the old keyword form of the depth and the time, kept for ``reversi/tools/``.
    """
    start = time.perf_counter()
    need_position(position, "search")
    limits = legacy_limits(limits, max_depth, time_limit)
    deadline = _deadline(start, limits, deadline)
    max_depth, node_limit, exact_empties = limits.depth, limits.nodes, limits.exact_empties or 0
    s = searcher or Searcher(position.rules, evaluator, tt)
    s.nodes = 0
    s.deadline = deadline
    s.node_limit = node_limit
    if position.is_over:
        score = position.final_margin(position.turn) * 100
        return SearchResult(PASS, score, 0, [], 0, 0.0, exact=True)
    if position.must_pass:
        # the only move is a pass: search the position after it, for the score
        r = search(position.pass_turn(), limits, searcher=s, deadline=deadline)
        return SearchResult(
            PASS, -r.score, r.depth, [PASS, *r.pv], r.nodes, time.perf_counter() - start, r.exact, r.stopped
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
            # the solver gets most of the time; if it fails, the midgame search has the rest
            try:
                solved = solve(position, Limits(nodes=node_limit), all_best=False, deadline=_share(deadline, 0.6))
            except SolveTimeout:
                pass
            else:
                move = solved.best[0]
                pv = s.pv_from(position, move, 1)
                return SearchResult(
                    move, solved.score * 100, empties, pv, solved.nodes, time.perf_counter() - start, True
                )
        last_iter = 0.0
        for depth in range(1, horizon + 1):
            t0 = time.perf_counter()
            if deadline is not None and depth > 1:
                left = deadline - t0
                if last_iter > left * NEXT_DEPTH_SHARE:
                    break
            children = ordered_children(s, position, scores)
            best_move, best_score = children[0][0], -INF
            completed = 0
            new_scores: dict[int, int] = {}
            try:
                for m, v in root_values(s, children, depth):
                    new_scores[m] = v
                    completed += 1
                    if v > best_score:
                        best_move, best_score = m, v
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
        move = ordered_children(s, position, {})[0][0]
        result = SearchResult(move, 0, 0, [move], s.nodes, time.perf_counter() - start, stopped=True)
    result.nodes = s.nodes
    result.seconds = time.perf_counter() - start
    s.deadline = None
    s.node_limit = None
    return result


def _share(deadline: float | None, share: float) -> float | None:
    """A deadline ``share`` of the way from now to ``deadline`` (None: none)."""
    if deadline is None:
        return None
    now = time.perf_counter()
    return now + max(0.0, deadline - now) * share


#: The iterations of :func:`analyse` that complete whatever its time or node limit: every move gets
#: a value that has seen the other side's every reply. With one ply only, a move that hands over a
#: wipeout or a corner can look best (a busy phone's slice ending early made a review call the move
#: into a wipeout the best one); the second ply costs one evaluation per reply.
SURE_DEPTH = 2


def analyse(
    position: Position,
    limits: Limits = NO_LIMITS,
    *,
    evaluator: Evaluator | None = None,
    tt: TranspositionTable | None = None,
    searcher: Searcher | None = None,
    deadline: float | None = None,
) -> Analysis:
    """A value (centidiscs) for EVERY legal move, from the deepest full iteration within ``limits``
    (as :func:`search`'s), at least :data:`SURE_DEPTH` plies deep (or to the game's end, or
    ``limits.depth`` when it is less).

    Each move is searched with a full window, so the values are comparable (not
    just "worse than the best"). A position where the side must pass gives
    ``{PASS: value}``; a finished game an empty dict.
    """
    need_position(position, "analyse")
    start = time.perf_counter()
    deadline = _deadline(start, limits, deadline)
    max_depth, node_limit, exact_empties = limits.depth, limits.nodes, limits.exact_empties or 0
    s = searcher or Searcher(position.rules, evaluator, tt)
    s.nodes = 0
    s.deadline = deadline
    s.node_limit = node_limit
    if position.is_over:
        return Analysis({}, 0, 0, 0.0, exact=True)
    if position.must_pass:
        r = search(position.pass_turn(), limits, searcher=s, deadline=deadline)
        return Analysis({PASS: -r.score}, r.depth, r.nodes, time.perf_counter() - start, r.exact, [PASS])
    empties = position.empty.bit_count()
    if empties <= exact_empties and not position.in_placement:
        try:
            solved = solve(position, Limits(nodes=node_limit), all_moves=True, deadline=_share(deadline, 0.6))
        except SolveTimeout:
            pass
        else:
            scores: dict[int, int] = {m: v * 100 for m, v in solved.values.items()}
            order = sorted(scores, key=lambda m: -scores[m])
            return Analysis(scores, empties, solved.nodes, time.perf_counter() - start, True, order)
    horizon = empties + 2 if max_depth is None else max(1, max_depth)
    scores = {}
    done_depth = 0
    exact = False
    try:
        last_iter = 0.0
        for depth in range(1, horizon + 1):
            t0 = time.perf_counter()
            if deadline is not None and depth > SURE_DEPTH and last_iter > (deadline - t0) / 3:
                break
            new_scores = {}
            # the first iterations always complete (see SURE_DEPTH)
            s.deadline = None if depth <= SURE_DEPTH else deadline
            limit = s.node_limit
            if depth <= SURE_DEPTH:
                s.node_limit = None
            for m, child in ordered_children(s, position, scores):
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


# -- the exact root ----------------------------------------------------------------------


@dataclass
class SolveResult:
    """The solved position: ``score`` is the final disc difference for the side to move."""

    score: int
    best: list[int]
    nodes: int
    seconds: float
    #: Every root move that was solved exactly, with its value (``all_moves=True``).
    values: dict[int, int] = field(default_factory=dict)


def solve(
    position: Position,
    limits: Limits = NO_LIMITS,
    *,
    all_best: bool = True,
    all_moves: bool = False,
    deadline: float | None = None,
) -> SolveResult:
    """Solve ``position`` exactly, within ``limits.seconds`` (or by ``deadline``, a
    ``time.perf_counter()`` value) and ``limits.nodes`` (its depth and exact empties do not apply).

    Returns the score with best play and the best move (``all_best``: every move
    that reaches the best score, found with extra null-window searches). With
    ``all_moves`` every legal move's exact value is in ``values``. Raises
    :class:`SolveTimeout` if the time or node limit runs out. A position where the
    side to move must pass gives ``best == [PASS]``; a finished game ``best == []``.
    """
    start = time.perf_counter()
    solver = solver_for(need_position(position, "solve"))
    solver.nodes = 0
    solver.node_limit = limits.nodes
    solver.deadline = _deadline(start, limits, deadline)
    try:
        if position.is_over:
            score = position.final_margin(position.turn)
            return SolveResult(score, [], 1, time.perf_counter() - start)
        if position.must_pass:
            v = -_value(position.pass_turn(), solver)
            return SolveResult(v, [PASS], solver.nodes, time.perf_counter() - start, {PASS: v})
        children = [(m, position.play(m)) for m in position.legal_moves()]
        children.sort(key=lambda mc: mc[1].legal.bit_count())
        values: dict[int, int] = {}
        if all_moves:
            for m, child in children:
                values[m] = -_value(child, solver)
            score = max(values.values())
            best = [m for m, _ in children if values[m] == score]
        else:
            score = _value(position, solver)
            hint = _table_move(position, solver)
            # the move the last test found best is checked first: its subtree is in the table
            children.sort(key=lambda mc: mc[0] != hint)
            best = []
            for m, child in children:
                # does this move reach the score? (a null window around it)
                v = -position_value(child, -score, -score + 1, solver)
                if v >= score:
                    best.append(m)
                    values[m] = score
                    if not all_best:
                        break
        return SolveResult(score, sorted(best), solver.nodes, time.perf_counter() - start, values)
    finally:
        solver.deadline = None
        solver.node_limit = None


def exact_line(position: Position, first: int, value: int, limit: int, deadline: float | None = None) -> list[int]:
    """``first`` and, while the time lasts (``deadline``, a ``time.perf_counter()`` value), a best
    move at each position after it, up to ``limit`` plies: an exact analysis' line. ``value`` is
    the exact value of ``first`` (discs, for the side to move at ``position``), so each step is
    the solver's null-window tests around a known value, the table's move tried first: cheap
    after the solve that found it. Positions the fast solver does not take (a placement phase,
    discs in hand that can still decide who moves) end the line there."""
    solver = solver_for(position)
    solver.deadline = deadline
    line = [first]
    pos = position.play(first)
    v = -value
    try:
        while len(line) < limit and not pos.is_over:
            if pos.must_pass:
                line.append(PASS)
                pos, v = pos.pass_turn(), -v
                continue
            if not is_fast(pos) or (deadline is not None and time.perf_counter() > deadline):
                break
            hint = _table_move(pos, solver)
            children = sorted(((m, pos.play(m)) for m in pos.legal_moves()),
                              key=lambda mc: (mc[0] != hint, mc[1].legal.bit_count()))
            found = next((mc for mc in children if -position_value(mc[1], -v, -v + 1, solver) >= v), None)
            if found is None:
                break  # no move reaches the value: not exact after all (cannot happen), stop
            line.append(found[0])
            pos, v = found[1], -v
    except SolveTimeout:
        pass  # the time is up: the line as far as it got
    finally:
        solver.deadline = None
    return line


def _table_move(position: Position, solver: Solver) -> int | None:
    """The best move the solver's table holds for ``position`` (a square index), or None."""
    e = solver.tt.get((position.player, position.opponent)) if is_fast(position) else None
    return e[2].bit_length() - 1 if e is not None and e[2] else None


def _value(position: Position, solver: Solver) -> int:
    if position.is_over:
        return position.final_margin(position.turn)
    if is_fast(position):
        return solver.value(position.player, position.opponent, estimate(position, solver))
    wld = generic_negamax(position, -1, 1, solver)
    if wld >= 1:
        return generic_negamax(position, 0, INFINITY, solver)
    if wld <= -1:
        return generic_negamax(position, -INFINITY, 0, solver)
    return wld


def estimate(position: Position, solver: Solver) -> int:
    """An estimate of the exact value to start MTD(f) from: a short midgame search.

    Each null-window test costs little far from the true value and most near it,
    so starting at a good estimate skips the expensive tests on the way there.
    Small positions start from 0 (the search would cost more than it saves).
    """
    n = position.empty.bit_count()
    if n < GUESS_MIN_EMPTIES:
        return 0
    depth = max(d for e, d in GUESS_DEPTHS if e <= n)
    deadline, node_limit, nodes = solver.deadline, solver.node_limit, solver.nodes
    table = TranspositionTable()
    try:
        # at most a tenth of the time the solve has left
        r = search(position, Limits(depth=depth, nodes=GUESS_NODE_LIMIT), tt=table, deadline=_share(deadline, 0.1))
    finally:
        solver.deadline, solver.node_limit, solver.nodes = deadline, node_limit, nodes
    # its best moves near the root become the solver's first moves there (no bounds)
    tt = solver.tt
    min_depth = r.depth - HINT_PLIES
    for (p, o, _), (d, _lo, _hi, move) in table.items():
        if d >= min_depth and move and (p, o) not in tt:
            tt[(p, o)] = (-INFINITY, INFINITY, move)
    return round(r.score / 100)
