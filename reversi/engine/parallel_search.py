"""The midgame on a pool's workers: the root's moves split between them, and many positions valued at once.

Every function here takes a carrier (:mod:`reversi.engine.scheduler`): worker processes under
CPython (:class:`reversi.engine.processes.ProcessCarrier`), web workers in the browser. The
jobs are :mod:`reversi.engine.jobs`'s messages.

:func:`search_split` is :func:`reversi.engine.search.search` with the **root split**: iterative
deepening in the master, the first depths searched by the master alone (until an iteration
takes ``SPLIT_MIN_NODES``: a job's round trip would cost more than such a small iteration's
moves), and at each depth after them the root's moves searched by the workers, each move a
job. The first move (the last iteration's best) gets the full window; while it runs, the other
workers test the next moves with a null window at the score of the last depth of the same
parity (Othello's values swing between odd and even depths; speculatively: a test whose answer
the first move's value makes useless is made again). Each answer is a bound of its move's
value; a move whose test fails high is searched again for its exact value, and the iteration is
over when the best move's value is exact and every other move is bounded below it. A bound
that contradicts an earlier one (a search's tables and cuts can make it disagree with another
search of the same move) is taken as the move's value, as the serial search takes what its
re-search gives: each move becomes exact at most once, so an iteration always ends. The bound
a job is given is the best known when it starts (a job's window does not change while it runs).
A move goes to the worker that searched it at the last depth, whose table holds its subtree;
a job searches first the depths that table lacks. The workers' tables are not shared memory,
but their entries searched ``jobs.SHARE_MIN_DEPTH`` plies deep or more come back with each
answer and go to the other workers with their next job (at most ``SHARE_MOST``), as the exact
solver's do. On time, the iteration's best is kept if the
first move was done (or a move proved better than it), else the last iteration's, as the
serial search does. A position within the exact solver's reach (``limits.exact_empties``) is
solved first, that solve shared by the same workers (:func:`reversi.engine.parallel.solve_parallel`),
with the serial search's share of the time.

:func:`analyse_split` is :func:`reversi.engine.search.analyse` (every move's value, for hints)
with each move's full-window search a job at each depth, and each move's exact value a job when
the position is solved. :func:`analyse_positions` values many independent positions (the
positions of a game, for its review): a job each, the answers in any order, and the values
those of :func:`reversi.engine.search.analyse` for each position alone, so the same for any
number of workers at a fixed depth.

Why the root split and not a shared-nothing search (each worker the whole iterative deepening,
the moves ordered differently, the deepest answer taken): docs/engine/tuning.md (Parallel
midgame).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from reversi.core.position import PASS, Position
from reversi.engine.jobs import SHARE_MOST
from reversi.engine.midgame import INF, Searcher, ordered_children, root_values
from reversi.engine.parallel import solve_parallel
from reversi.engine.protocol import NO_LIMITS, Limits
from reversi.engine.scheduler import Carrier, Message, drain, next_job_id, no_worker_left, raise_error, run_jobs
from reversi.engine.search import NEXT_DEPTH_SHARE, Analysis, SearchResult, SolveResult, analyse, search
from reversi.errors import ReversiError, SearchTimeout, SolveTimeout
from reversi.formats.notation import position_to_string
from reversi.formats.record import rules_to_dict

#: Whether the other workers test the next moves while the first is searched (else they wait).
SPECULATE = True
#: The speculative tests (the moves after the first, before its value is known) are at the last
#: iteration's score less this (centidiscs): a move that fails low there is below the first
#: move whenever its value drops by less.
SPECULATION_MARGIN = 0
#: The root's moves are shared from the depth after the first iteration that takes this many nodes
#: (the iterations before are searched by the master alone: a job's round trip costs more than
#: their moves).
SPLIT_MIN_NODES = 5_000
#: The share of the time the exact solve gets before the midgame search takes over, as in the
#: serial search.
SOLVE_SHARE = 0.6


def workers_alive(carrier: Carrier) -> int:
    """How many of ``carrier``'s workers can take a job."""
    return carrier.count() - len(carrier.dead)


def _deadline(start: float, limits: Limits, deadline: float | None) -> float | None:
    if limits.seconds is None:
        return deadline
    own = start + limits.seconds
    return own if deadline is None else min(own, deadline)


def _share(deadline: float | None, share: float) -> float | None:
    if deadline is None:
        return None
    now = time.perf_counter()
    return now + max(0.0, deadline - now) * share


def _solve_shared(position: Position, carrier: Carrier, deadline: float | None) -> SolveResult:
    """The exact solve of ``position`` shared by ``carrier``'s workers (:mod:`reversi.engine.parallel`;
    serial where the split does not help), by ``deadline``; raises :class:`SolveTimeout` past it."""
    if deadline is None:
        return solve_parallel(position, carrier=carrier, all_best=False)
    left = deadline - time.perf_counter()
    if left <= 0:
        raise SolveTimeout
    return solve_parallel(position, carrier=carrier, limits=Limits(seconds=left), all_best=False)


def _job(position: Position, kind: str, **fields: object) -> dict[str, object]:
    return {"kind": kind, "rules": rules_to_dict(position.rules), "position": position_to_string(position),
            **fields}


def _seconds_left(deadline: float | None) -> float | None:
    return None if deadline is None else max(0.001, deadline - time.perf_counter())


# -- the root split ------------------------------------------------------------------------------


@dataclass
class _Move:
    """A root move in one iteration: the bounds of its value (root's view), and its line."""

    move: int
    lo: int = -INF
    hi: int = INF
    pv: list[int] = field(default_factory=list)
    worker: int = -1  # the worker searching it now (-1: none)

    @property
    def exact(self) -> bool:
        return self.lo == self.hi


class _Iteration:
    """One depth of the root split: which move needs which window next, and when it is done."""

    def __init__(self, position: Position, moves: list[int], depth: int, guess: int | None) -> None:
        self.position = position
        self.moves = [_Move(m) for m in moves]
        self.depth = depth
        self.guess = guess
        self.job = _job(position, "search", depth=depth - 1)

    def leader(self) -> int:
        """The move with the best lower bound (the earliest on a tie), -1 before any."""
        best, lead = -INF, -1
        for i, mv in enumerate(self.moves):
            if mv.lo > best:
                best, lead = mv.lo, i
        return lead

    def done(self) -> bool:
        lead = self.leader()
        if lead < 0 or not self.moves[lead].exact:
            return False
        alpha = self.moves[lead].lo
        return all(i == lead or mv.hi <= alpha for i, mv in enumerate(self.moves))

    def next_window(self, i: int) -> tuple[int, int] | None:
        """The window move ``i`` is searched with next (root's view), or None if it needs none."""
        mv = self.moves[i]
        if mv.worker >= 0 or mv.exact:
            return None
        lead = self.leader()
        if i == 0 and mv.lo == -INF and mv.hi == INF:
            return (-INF, INF)  # the first move: the full window
        if lead == i:
            return (mv.lo - 1, INF)  # proved best so far: its exact value
        if lead < 0:
            if self.guess is None:
                return None  # nothing to test against yet: wait for the first move
            a = self.guess - SPECULATION_MARGIN
        else:
            a = self.moves[lead].lo
        if mv.hi <= a:
            return None  # below the best already
        if mv.lo > a:
            return None  # above it: its exact search comes when it leads
        return (a, a + 1)

    def take(self, i: int, window: tuple[int, int], value: int, pv: list[int]) -> None:
        """Move ``i``'s search in ``window`` answered ``value`` (root's view, fail-soft)."""
        mv = self.moves[i]
        a, b = window
        if a < value < b or (value <= a and value < mv.lo) or (value >= b and value > mv.hi):
            # inside the window: its value; or a bound that contradicts the one found before (the
            # tables and the cuts make searches of one position disagree): taken as its value, as
            # the serial search takes what a re-search gives
            mv.lo = mv.hi = value
            mv.pv = pv
        elif value <= a:
            mv.hi = min(mv.hi, value)
        else:
            mv.lo = max(mv.lo, value)
            if not mv.pv:
                mv.pv = pv[:1]


def search_split(
    position: Position,
    carrier: Carrier,
    limits: Limits = NO_LIMITS,
    *,
    searcher: Searcher | None = None,
    deadline: float | None = None,
) -> SearchResult:
    """:func:`reversi.engine.search.search` with the root's moves split between ``carrier``'s
    workers (its ``limits.nodes`` is not taken: with one, or one worker, the search is serial).
    ``searcher`` orders the root's moves, searches depth 1 and solves the end exactly, as the
    serial search does."""
    if workers_alive(carrier) <= 1 or limits.nodes is not None:
        return search(position, limits, searcher=searcher, deadline=deadline)
    start = time.perf_counter()
    deadline = _deadline(start, limits, deadline)
    s = searcher or Searcher(position.rules)
    if position.is_over:
        score = position.final_margin(position.turn) * 100
        return SearchResult(PASS, score, 0, [], 0, 0.0, exact=True)
    if position.must_pass:
        r = search_split(position.pass_turn(), carrier, limits, searcher=s, deadline=deadline)
        return SearchResult(PASS, -r.score, r.depth, [PASS, *r.pv], r.nodes, time.perf_counter() - start,
                            r.exact, r.stopped)
    legal = position.legal_moves()
    empties = position.empty.bit_count()
    exact_empties = limits.exact_empties or 0
    horizon = max(1, empties + 2 if limits.depth is None else limits.depth)
    if len(legal) == 1 and limits.depth is None:
        horizon = min(horizon, 2)  # a forced move: a shallow look for the score only
    nodes = 0
    if empties <= exact_empties and not position.in_placement:
        try:
            solved = _solve_shared(position, carrier, _share(deadline, SOLVE_SHARE))
        except SolveTimeout:
            pass
        else:
            move = solved.best[0]
            return SearchResult(move, solved.score * 100, empties, s.pv_from(position, move, 1), solved.nodes,
                                time.perf_counter() - start, True)
        if deadline is not None and time.perf_counter() >= deadline:
            move = ordered_children(s, position, {})[0][0]
            return SearchResult(move, 0, 0, [move], 0, time.perf_counter() - start, stopped=True)
    # the first depths here, one process, until an iteration is big enough to share (a job's
    # round trip costs more than a small iteration's moves)
    result: SearchResult | None = None
    scores: dict[int, int] = {}
    home: dict[int, int] = {}  # move -> the worker that searched it last
    by_depth: dict[int, int] = {}  # the best score of each depth done
    outbox: list[list[list[Any]]] = []  # per worker, the others' deep table entries, for its next job
    last_iter = 0.0
    split = False
    for depth in range(1, horizon + 1):
        if result is not None and result.exact:
            break
        t0 = time.perf_counter()
        if deadline is not None and depth > 1 and last_iter > (deadline - t0) * NEXT_DEPTH_SHARE:
            break
        if not split:
            s.nodes = 0
            s.deadline = deadline
            try:
                move, score, scores = _serial_iteration(s, position, depth, scores)
            except SearchTimeout:
                nodes += s.nodes
                if result is not None:
                    result.stopped = True
                break
            finally:
                s.deadline = None
            nodes += s.nodes
            split = s.nodes >= SPLIT_MIN_NODES
            by_depth[depth] = score
            result = SearchResult(move, score, depth, s.pv_from(position, move, depth), nodes,
                                  time.perf_counter() - start, exact=depth >= empties and position.supply is None)
            last_iter = time.perf_counter() - t0
            continue
        assert result is not None
        order = [m for m, _child in ordered_children(s, position, scores)]
        # the guess is the score of the last depth of the same parity: Othello's values swing
        # between odd and even depths
        it = _Iteration(position, order, depth, by_depth.get(depth - 2, result.score) if SPECULATE else None)
        finished, used = _run_iteration(carrier, it, deadline, home, outbox)
        nodes += used
        if finished:
            top = it.moves[it.leader()]
            by_depth[depth] = top.lo
            scores = {mv.move: (mv.lo if mv is top else min(mv.hi, top.lo - 1)) for mv in it.moves}
            result = SearchResult(top.move, top.lo, depth, top.pv or [top.move], nodes,
                                  time.perf_counter() - start, exact=depth >= empties and position.supply is None)
            last_iter = time.perf_counter() - t0
            continue
        # out of time: the iteration's best if its first move was done, or a move proved better
        first = it.moves[0]
        lead = it.leader()
        if lead >= 0 and (first.exact or it.moves[lead].lo > first.hi):
            mv = it.moves[lead]
            result = SearchResult(mv.move, mv.lo, depth, mv.pv or [mv.move], nodes, 0.0, stopped=True)
        else:
            result.stopped = True
        break
    if result is None:
        # not even depth 1 finished: the best move by the static ordering
        move = ordered_children(s, position, {})[0][0]
        result = SearchResult(move, 0, 0, [move], nodes, 0.0, stopped=True)
    result.nodes = nodes
    result.seconds = time.perf_counter() - start
    return result


def _serial_iteration(
    s: Searcher, position: Position, depth: int, scores: dict[int, int]
) -> tuple[int, int, dict[int, int]]:
    """One depth of the serial search's root (principal variation search): the best move, its
    value, and every move's value or bound for the next depth's order."""
    children = ordered_children(s, position, scores)
    best = -INF
    best_move = children[0][0]
    found: dict[int, int] = {}
    for m, v in root_values(s, children, depth):
        found[m] = v
        if v > best:
            best_move, best = m, v
    return best_move, best, {m: (v if m == best_move else min(v, best - 1)) for m, v in found.items()}


def _run_iteration(
    carrier: Carrier, it: _Iteration, deadline: float | None, home: dict[int, int], outbox: list[list[list[Any]]]
) -> tuple[bool, int]:
    """Search one depth of the root split; (finished, nodes). Stops at ``deadline``."""
    running: dict[int, tuple[int, int, tuple[int, int]]] = {}  # worker -> (move index, job id, window)
    nodes = 0
    while len(outbox) < carrier.count():
        outbox.append([])
    try:
        while not it.done():
            free = [w for w in range(carrier.count()) if w not in carrier.dead and w not in running]
            while free:
                wanted = [(i, win) for i in range(len(it.moves)) if (win := it.next_window(i)) is not None]
                if not wanted:
                    break
                w = free[0]
                # the move this worker searched last, if it needs a search, else the first that does
                i, window = next(((i, win) for i, win in wanted if home.get(it.moves[i].move) == w), wanted[0])
                free.remove(w)
                job_id = next_job_id()
                mv = it.moves[i]
                mv.worker = w
                home[mv.move] = w
                running[w] = (i, job_id, window)
                a, b = window
                carrier.send(w, {**it.job, "id": job_id, "move": mv.move, "alpha": -b, "beta": -a,
                                 "seconds": _seconds_left(deadline), "entries": outbox[w][-SHARE_MOST:]})
                outbox[w] = []
            if not running:
                if not [w for w in range(carrier.count()) if w not in carrier.dead]:
                    raise ReversiError(no_worker_left())
                raise RuntimeError("the root split has nothing to run")
            timeout = None
            if deadline is not None:
                timeout = deadline - time.perf_counter()
                if timeout <= 0:
                    return False, nodes
            # the whole batch is taken in before the iteration stops (out of time, an error): an
            # answer left out would keep its worker in ``running``, waited for forever
            out_of_time = False
            error: Message | None = None
            try:
                answers = carrier.receive(timeout)
            except SolveTimeout:  # the page's stop, raised by its carrier: out of time (drained below)
                return False, nodes
            if not answers and timeout is None:
                running.clear()  # nothing is on its way, yet jobs wait for an answer: a bug
                raise RuntimeError("the root split lost track of an answer")
            for w, answer in answers:
                job = running.get(w)
                if job is None:
                    continue
                i, job_id, window = job
                if answer.get("kind") == "died":
                    del running[w]
                    it.moves[i].worker = -1
                    continue
                if answer.get("id") != job_id:
                    continue
                del running[w]
                it.moves[i].worker = -1
                if answer.get("kind") == "error":
                    error = answer
                    continue
                nodes += answer.get("nodes", 0)
                entries = answer.get("entries") or []
                for w2, box in enumerate(outbox):
                    if w2 != w:
                        box.extend(entries)
                value = answer.get("value")
                if value is None:
                    out_of_time = True
                else:  # a value in the same batch counts, whatever the order of the answers
                    it.take(i, window, -value, answer.get("pv") or [it.moves[i].move])
            if error is not None:
                raise_error(error)
            if out_of_time:
                return False, nodes
        return True, nodes
    finally:
        drain(carrier, {w: job_id for w, (_i, job_id, _win) in running.items()})


# -- every move's value ---------------------------------------------------------------------------


def analyse_split(
    position: Position,
    carrier: Carrier,
    limits: Limits = NO_LIMITS,
    *,
    searcher: Searcher | None = None,
    deadline: float | None = None,
) -> Analysis:
    """:func:`reversi.engine.search.analyse` (a value for every legal move) with the moves shared by
    ``carrier``'s workers at each depth, and each move solved exactly by a worker when the
    position is within ``limits.exact_empties`` (its ``limits.nodes`` is not taken: with one,
    or one worker, the analysis is serial)."""
    if workers_alive(carrier) <= 1 or limits.nodes is not None:
        return analyse(position, limits, searcher=searcher, deadline=deadline)
    start = time.perf_counter()
    deadline = _deadline(start, limits, deadline)
    s = searcher or Searcher(position.rules)
    if position.is_over:
        return Analysis({}, 0, 0, 0.0, exact=True)
    if position.must_pass:
        r = search_split(position.pass_turn(), carrier, limits, searcher=s, deadline=deadline)
        return Analysis({PASS: -r.score}, r.depth, r.nodes, time.perf_counter() - start, r.exact, [PASS])
    empties = position.empty.bit_count()
    nodes = 0
    moves = [m for m, _child in ordered_children(s, position, {})]
    if empties <= (limits.exact_empties or 0) and not position.in_placement:
        job = _job(position, "solve", seconds=None)
        values: dict[int, int] = {}
        it = run_jobs(carrier, [{**job, "move": m} for m in moves], deadline=_share(deadline, SOLVE_SHARE))
        try:
            for k, answer in it:
                nodes += answer.get("nodes", 0)
                if answer.get("value") is None:
                    break  # out of time: the midgame search has the rest
                values[moves[k]] = -answer["value"] * 100
        finally:
            it.close()
        if len(values) == len(moves):
            order = sorted(values, key=lambda m: -values[m])
            return Analysis(values, empties, nodes, time.perf_counter() - start, True, order)
    horizon = empties + 2 if limits.depth is None else max(1, limits.depth)
    s.nodes = 0
    # depth 1 here: it always completes, so every move gets a value
    scores = {m: -s.value(child, 0, -INF, INF) for m, child in ordered_children(s, position, {})}
    nodes += s.nodes
    done_depth, exact = 1, 1 >= empties and position.supply is None
    home: dict[int, int] = {}
    last_iter = 0.0
    for depth in range(2, horizon + 1):
        if exact:
            break
        t0 = time.perf_counter()
        if deadline is not None and last_iter > (deadline - t0) / 3:
            break
        order = [m for m, _child in ordered_children(s, position, scores)]
        base = _job(position, "search", depth=depth - 1, alpha=-INF, beta=INF, seconds=None)
        new: dict[int, int] = {}
        ran: dict[int, int] = {}
        homes = [home.get(m, -1) for m in order]
        it = run_jobs(carrier, [{**base, "move": m} for m in order], deadline=deadline, prefer=homes.__getitem__,
                      where=ran)
        try:
            for k, answer in it:
                nodes += answer.get("nodes", 0)
                if answer.get("value") is None:
                    break  # out of time: the last full depth stands
                new[order[k]] = -answer["value"]
        finally:
            it.close()
        home.update({order[k]: w for k, w in ran.items()})
        if len(new) < len(order):
            break
        scores, done_depth = new, depth
        last_iter = time.perf_counter() - t0
        exact = depth >= empties and position.supply is None
    order = sorted(scores, key=lambda m: -scores[m])
    return Analysis(scores, done_depth, nodes, time.perf_counter() - start, exact, order)


def analyse_positions(positions: Sequence[Position], carrier: Carrier, limits: Limits = NO_LIMITS) -> list[Analysis]:
    """Every move's value in each of ``positions`` (:func:`reversi.engine.search.analyse` of each
    alone, with fresh tables), a job each on ``carrier``'s workers; in the order given."""
    out: list[Analysis | None] = [None] * len(positions)
    jobs = [_job(p, "analyse", limits=limits.to_json()) for p in positions]
    for k, answer in run_jobs(carrier, jobs):
        scores = {m: v for m, v in answer["scores"]}
        out[k] = Analysis(scores, answer["depth"], answer["nodes"], answer["seconds"], answer["exact"],
                          list(answer["order"]))
    return [a for a in out if a is not None]

