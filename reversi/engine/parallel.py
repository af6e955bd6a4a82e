"""The exact solver shared by a pool's workers: processes under CPython, web workers in the browser.

:func:`solve_parallel` answers what :func:`reversi.engine.search.solve` answers, with
the work of one solve shared by workers, one per core. The master (:class:`SolverPool`) talks
to them through a carrier (:mod:`reversi.engine.scheduler`: send a job to worker k, wait for
answers, cancel a job, a worker that died has its job run again); its jobs are
:mod:`reversi.engine.jobs`'s ``window`` messages, plain JSON-able data. By default the
carrier is worker processes (:class:`reversi.engine.processes.ProcessCarrier`). It splits the top of
the tree the way the strong programs' parallel searches do ("young brothers wait",
YBWC), re-implemented from the idea:

* The **master** (the calling process) searches the first ``SPLIT_DEPTH`` plies itself
  (``SPLIT_DEPTH_FEW`` on two workers). At each of these *split nodes* it orders the moves
  as the serial solver does (its own table's move first, then fastest-first with the
  evaluation) and searches the **eldest child first**; when that child does not cut, the
  **younger brothers** go to whichever workers are free, all at once. As in the serial
  solver's PVS, each younger brother is first tested with the null window just above
  alpha, and searched again with the node's window if it fails high inside it. A child
  that cuts stops its brothers (their jobs are cancelled); a child that raises alpha
  restarts the brothers still running with the narrower window. A worker that would wait
  for an eldest child starts its next brother instead (speculatively: the work is lost if
  the eldest cuts, but the core was idle). In MTD(f)'s window (g - 1, g + 1) such a brother,
  when it is a job, is tested at g, the value the eldest is expected to return, not at g - 1
  (a harder proof, and the wrong one when the eldest returns g); an upper bound it gives waits
  (``HELD``) for the eldest's value, and counts if it answers the node's window then, else
  runs again. At the last ply of split nodes, a younger brother whose position has cost the
  pool more than ``SPLIT_COSTLY_SHARE`` of its node's nodes so far (in the MTD(f) tests before,
  or before a restart) goes out as a split node itself, and on two workers the eldest line (the
  eldest, its eldest...) is split ``SPLIT_ELDEST_LINE`` plies below the root: a test then does
  not end on one long job while the other workers wait.
* Below the split nodes (or below ``MIN_SPLIT_EMPTIES`` empties) a **job** is an
  ordinary null-window solve of one position, run by a **worker** with its
  own :class:`~reversi.engine.solver.Solver` and table, kept from job to job. Each
  position has a preferred worker (by its hash) so that a position searched again
  (in the next MTD(f) test, or by transposition) usually finds its table there;
  a free worker takes any job rather than wait.
* The workers' tables are not shared memory, but their entries with at least
  :data:`reversi.engine.jobs.SHARE_MIN_EMPTIES` empties (at most :data:`~reversi.engine.jobs.SHARE_MOST`,
  the most empties first) come back with each job's answer and go to the other workers with
  their next job (the latest of them).
* The root is MTD(f) as in the serial solver, from the same midgame estimate, whose
  move hints go to every worker's table.

Cancelling is the carrier's: the processes' reaches a running job through shared memory
(the worker's stop check, :func:`reversi.engine.solver.set_stop_check`, compares the job it
runs with the one the master cancelled, every few thousand nodes). A carrier that cannot
reach a running job lets it finish: a restarted job's answer for its old window is taken when
it answers the new one too (fail-soft: a whole window's answer always does, a younger
brother's moved null window only with a value or a bound beyond it), else the job runs again;
a dead job's answer is dropped.

Measured by ``python -m tests.bench.bench_endgame --ffo 40 --processes 1,2`` (serial and
parallel in one run): the figures are in ``docs/engine/tuning.md`` (Parallel solver) and
``docs/engine/solver.md``.
"""

from __future__ import annotations

import os
import time

from reversi.core.position import PASS, Position, need_position
from reversi.engine.evaluate import make_evaluator
from reversi.engine.jobs import SHARE_MOST, Entry, bits, entries_in, entries_out
from reversi.engine.kernels import moves_function
from reversi.engine.protocol import NO_LIMITS, Limits
from reversi.engine.scheduler import Carrier, Message, next_job_id, no_worker_left, raise_error
from reversi.engine.search import SolveResult, estimate, solve
from reversi.engine.solver import INFINITY, Solver, is_fast, mtdf
from reversi.errors import ReversiError, SolveTimeout
from reversi.formats.record import rules_to_dict
from reversi.i18n import _

#: Plies below the root searched by the master (split nodes); the jobs are the positions below.
SPLIT_DEPTH = 3
#: The same on at most ``FEW_WORKERS`` workers: the root alone is split. Two workers need few
#: jobs to keep busy, and every split node costs the nodes its brothers search at once.
SPLIT_DEPTH_FEW = 1
FEW_WORKERS = 2
#: A position with fewer empties is one job (not split): splitting it costs more than it saves.
MIN_SPLIT_EMPTIES = 12
#: Most worker processes a solve may ask for.
MAX_PROCESSES = 64
#: At the last ply of split nodes, a younger brother whose position has cost more than this share
#: of its node's nodes so far is split one ply deeper than its brothers (a test does not end on it
#: alone), and the same rule holds among its own children, down to ``MIN_SPLIT_EMPTIES``.
SPLIT_COSTLY_SHARE = 0.4
#: With the root alone split (``SPLIT_DEPTH_FEW`` 1, two workers), the plies along the eldest line
#: (the eldest, its eldest...) split as well below it.
SPLIT_ELDEST_LINE = 3
#: A job's ``worker`` while its (early) answer waits for its eldest brother's.
HELD = -2


def default_processes() -> int:
    """The processes a solve should use here: the cores this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on every platform
        return max(1, os.cpu_count() or 1)


def check_processes(value: object, name: str = "--processes") -> int:
    """``value`` if it is a whole number of processes from 1 to :data:`MAX_PROCESSES`, else
    a :class:`ReversiError` naming ``name``."""
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= MAX_PROCESSES:
        raise ReversiError(
            # Translators: {name} is the name of an option, e.g. --processes
            _("{name} must be a whole number from 1 to {most}, not {value!r}").format(
                name=name, most=MAX_PROCESSES, value=value
            )
        )
    return value


class _Job:
    """A leaf of the split tree: one position with a window, searched by one worker."""

    __slots__ = (
        "alpha", "beta", "dead", "early", "held", "index", "job_id", "o", "p", "parent", "scout", "sent", "stale",
        "worker",
    )

    def __init__(self, parent: _Split | None, index: int, p: int, o: int, alpha: int, beta: int) -> None:
        self.parent, self.index = parent, index
        self.p, self.o, self.alpha, self.beta = p, o, alpha, beta
        self.scout = False  # a younger brother's null-window test (see SolverPool._window)
        # the worker it was sent to (kept once answered), -1 when it waits, HELD when its answer waits
        self.worker = -1
        self.early = False  # a speculative null-window test at the value expected of the eldest
        self.held = 0  # that test's answer, kept until the eldest answers
        self.job_id = 0
        self.dead = False  # its answer is no longer wanted
        self.stale = False  # cancelled to be run again with another window
        self.sent = (alpha, beta)  # the window it was last sent with


class _Split:
    """A split node, searched by the master: eldest child first, then the others at once."""

    __slots__ = (
        "alpha", "alpha0", "best", "best_move", "beta", "dead", "depth", "finished", "first_done", "hi", "index",
        "kids", "line", "lo", "o", "p", "parent", "scout", "started", "units",
    )

    def __init__(self, parent: _Split | None, index: int, p: int, o: int, alpha: int, beta: int, depth: int) -> None:
        self.parent, self.index = parent, index
        self.p, self.o, self.alpha, self.beta, self.alpha0 = p, o, alpha, beta, alpha
        self.lo, self.hi = -INFINITY, INFINITY
        self.depth = depth
        self.kids: list[tuple[int, int, int]] = []  # (move, player, opponent), best first
        self.units: dict[int, _Job | _Split] = {}  # the children being searched, by index
        self.started = 0  # children started so far (in order)
        self.finished = 0
        self.best, self.best_move = -INFINITY, 0
        self.first_done = False
        self.dead = False
        self.scout = False
        #: Plies more along the eldest line (eldest of eldest...) split below the last split ply.
        self.line = SPLIT_ELDEST_LINE if parent is None else 0


def _answers(job: _Job, v: int) -> bool:
    """Does ``v``, the fail-soft value of ``job`` searched with the window it was sent with, answer
    it for the window it has now? (A job's window changes when its node's alpha rises; a carrier
    that cannot stop a running job lets it answer for the old one. A whole window's answer holds
    for any narrower one; a younger brother's null window moves instead, and then only an exact
    value or a bound beyond the new window answers it.)"""
    sent_alpha, sent_beta = job.sent
    if sent_alpha < v < sent_beta:
        return True  # exact
    if v <= sent_alpha:
        return v <= job.alpha  # an upper bound, below the new window
    return v >= job.beta  # a lower bound, above it


def _finished(node: _Split) -> bool:
    """Is the node done? (a function: the checker cannot see a call change ``node.dead``)"""
    return node.dead


class SolverPool:
    """The master of a solve shared by workers (a context manager): the split tree above, the
    jobs below on ``carrier`` (:mod:`reversi.engine.scheduler`), or by default on
    ``processes`` worker processes of its own (:class:`reversi.engine.processes.ProcessCarrier`,
    started at once, stopped by :meth:`close`; ``method``: how they start, a
    :mod:`multiprocessing` start method). Each worker keeps its table between the solves of
    the same pool.
    """

    def __init__(
        self, position: Position, processes: int | None = None, method: str | None = None,
        *, carrier: Carrier | None = None,
    ) -> None:
        r = position.rules
        make_evaluator(r)  # loaded once, before the workers are forked
        self.own_carrier = carrier is None
        if carrier is None:
            from reversi.engine.processes import ProcessCarrier

            carrier = ProcessCarrier(check_processes(processes, "processes"), method=method)
        self.carrier: Carrier = carrier
        #: The master's own solver: its ordering and its estimate's table (not the cached one).
        self.solver = Solver(r.geometry, r.anti, r.empties_to_winner, make_evaluator(r))
        self.rules = r
        self.mask = r.geometry.mask
        self.moves = moves_function(r.geometry)
        self.tt: dict[tuple[int, int], Entry] = {}
        #: The nodes each position's jobs have cost so far (a split node's: its jobs' together).
        self.cost: dict[tuple[int, int], int] = {}
        workers = carrier.count()
        #: Plies of split nodes (the master's) above the jobs: by the workers alive at the start.
        self.split_depth = SPLIT_DEPTH_FEW if len(self._alive()) <= FEW_WORKERS else SPLIT_DEPTH
        self.outbox: list[list[tuple[tuple[int, int], Entry]]] = [[] for _ in range(workers)]
        self.running: dict[int, _Job] = {}
        self.deadline: float | None = None
        #: Counters since the pool started: nodes of all workers, jobs, worker-seconds idle.
        self.nodes = 0
        self.jobs = 0
        self.idle = 0.0
        self._answer: list[int] = []  # the value of the root being searched, once known
        #: An interruption came in the middle of talking to the workers: they are not asked again.
        self.broken = False
        setup = {"kind": "setup", "rules": rules_to_dict(r)}
        for w in self._alive():
            carrier.send(w, setup)

    def __enter__(self) -> SolverPool:
        return self

    def __exit__(self, kind: type[BaseException] | None, *exc: object) -> None:
        if kind is not None and not issubclass(kind, SolveTimeout):
            self.broken = True  # an error or Ctrl-C anywhere: a message may be half sent
        self.close()

    def close(self) -> None:
        """Cancel the jobs running; stop the workers if the pool started them (at once after an
        interruption)."""
        for w, job in self.running.items():
            self.carrier.cancel(w, job.job_id)
        if self.own_carrier:
            self.carrier.close(abort=self.broken)
        elif not self.broken:
            self._drain()

    def _alive(self) -> list[int]:
        dead = self.carrier.dead
        return [w for w in range(self.carrier.count()) if w not in dead]

    # -- the split tree ---------------------------------------------------------------

    def _children(self, p: int, o: int, mv: int) -> list[tuple[int, int, int]]:
        # the serial solver's own ordering, with the master's table move first
        e = self.tt.get((p, o))
        empty = self.mask & ~(p | o)
        kids = self.solver.order(p, o, mv, empty, e[2] if e else 0)
        return [(b, np_, no_) for _, b, np_, no_, _m in kids]

    def _a_job(self, p: int, o: int, depth: int) -> bool:
        """Is ``(p, o)`` with ``depth`` plies of split nodes left a job (or a split node, if it has moves)?"""
        return depth == 0 or (self.mask & ~(p | o)).bit_count() < MIN_SPLIT_EMPTIES

    def _unit(
        self, parent: _Split | None, index: int, p: int, o: int, alpha: int, beta: int, depth: int
    ) -> _Job | _Split:
        if self._a_job(p, o, depth):
            return _Job(parent, index, p, o, alpha, beta)
        empty = self.mask & ~(p | o)
        mv = self.moves(p, o, empty)
        if not mv:
            return _Job(parent, index, p, o, alpha, beta)  # a pass: the worker's solver handles it
        node = _Split(parent, index, p, o, alpha, beta, depth)
        e = self.tt.get((p, o))
        if e is not None:
            node.lo, node.hi = e[0], e[1]
            if e[0] > node.alpha:
                node.alpha = node.alpha0 = e[0]
            if e[1] < node.beta:
                node.beta = e[1]
        node.kids = self._children(p, o, mv)
        return node

    @staticmethod
    def _window(node: _Split, scout: bool) -> tuple[int, int]:
        """A child's window (for the child's side): the node's, or (``scout``) the null window
        just above its alpha, as the serial solver's PVS tests the younger brothers."""
        return (-node.alpha - 1, -node.alpha) if scout else (-node.beta, -node.alpha)

    def _child(self, node: _Split, i: int, scout: bool) -> _Job | _Split:
        """Child ``i`` of ``node`` as a unit, with the window of :meth:`_window` (no scout when
        the node's window is already null). At the last ply of split nodes a costly younger
        brother (``SPLIT_COSTLY_SHARE``) is a split node too, and so on within it."""
        _move, p, o = node.kids[i]
        scout = scout and node.beta - node.alpha > 1
        deeper = False
        if i == 0 and node.depth == 1 and node.line > 0:
            deeper = True
        elif i > 0 and SPLIT_COSTLY_SHARE and node.depth == 1:
            total = self.cost.get((node.p, node.o), 0)
            deeper = total > 0 and self.cost.get((p, o), 0) > SPLIT_COSTLY_SHARE * total
        depth = node.depth - (0 if deeper else 1)
        line = node.line - 1 if i == 0 and deeper else 0
        early = scout and not node.first_done and node.beta - node.alpha == 2 and self.solver.even_scores
        if early and self._a_job(p, o, depth):
            # speculative, before the eldest answers, in a window (g - 1, g + 1) of MTD(f): tested at
            # g, the value the eldest is expected to return, rather than at g - 1, a harder proof
            job = _Job(node, i, p, o, -node.alpha - 2, -node.alpha - 1)
            job.scout = job.early = True
            return job
        u = self._unit(node, i, p, o, *self._window(node, scout), depth)
        u.scout = scout
        if isinstance(u, _Split):
            u.line = line
        return u

    def _start_child(self, node: _Split) -> None:
        i = node.started
        node.started += 1
        u = self._child(node, i, i > 0)
        node.units[i] = u
        if isinstance(u, _Split):
            self._settle(u)

    def _settle(self, node: _Split) -> None:
        """A new split node: answered by the table, or its eldest child started."""
        if node.lo >= node.beta or node.lo == node.hi:
            self._finish(node, node.lo, store=False)
        elif node.hi <= node.alpha:
            self._finish(node, node.hi, store=False)
        else:
            self._start_child(node)

    def _runnable(self, unit: _Job | _Split, out: list[_Job]) -> None:
        """The jobs waiting in ``unit``'s subtree, eldest first (younger brothers are
        started once their eldest is done)."""
        if unit.dead:
            return
        if isinstance(unit, _Job):
            if unit.worker == -1:
                out.append(unit)
            return
        while True:
            if unit.first_done:
                while unit.started < len(unit.kids) and not unit.dead:
                    self._start_child(unit)
            for k in sorted(unit.units):
                u = unit.units.get(k)
                if u is not None:
                    self._runnable(u, out)
            # the walk may answer the eldest from the table (a new split child settled at once):
            # then the younger brothers are due now, and the walk is made again
            if unit.dead or not unit.first_done or unit.started >= len(unit.kids):
                return

    def _speculate(self, unit: _Job | _Split) -> bool:
        """Start the next brother of the deepest eldest child still searched; False if none."""
        if isinstance(unit, _Job) or unit.dead:
            return False
        for k in sorted(unit.units):
            u = unit.units.get(k)
            if u is not None and self._speculate(u):
                return True
        if not unit.first_done and unit.started < len(unit.kids):
            self._start_child(unit)
            return True
        return False

    def _kill(self, unit: _Job | _Split) -> None:
        unit.dead = True
        if isinstance(unit, _Job):
            if unit.worker >= 0:
                self.carrier.cancel(unit.worker, unit.job_id)
            return
        for u in unit.units.values():
            self._kill(u)
        unit.units.clear()

    def _finish(self, node: _Split, value: int, store: bool = True) -> None:
        if store:
            if value <= node.alpha0:
                node.hi = min(node.hi, value)
            elif value >= node.beta:
                node.lo = max(node.lo, value)
            else:
                node.lo = node.hi = value
            e = self.tt.get((node.p, node.o))
            # failing low says little about the best move: an earlier one stays
            move = node.best_move if value > node.alpha0 or e is None else e[2] or node.best_move
            self.tt[(node.p, node.o)] = (node.lo, node.hi, move)
        node.dead = True
        for u in node.units.values():
            self._kill(u)
        node.units.clear()
        self._report(node.parent, node.index, value, node)

    def _report(self, node: _Split | None, index: int, v: int, child: _Job | _Split) -> None:
        """Child ``index`` of ``node`` (the unit ``child``) is worth ``v`` (for its own side to move)."""
        if node is None:
            self._answer.append(v)
            return
        if node.dead or node.units.get(index) is not child:
            return  # the node is done, or this child was replaced by a restarted one
        val = -v
        if isinstance(child, _Job) and child.early and not node.first_done and val < node.beta:
            # an early test's upper bound: what it says depends on the eldest's value, not known yet
            child.worker, child.held = HELD, v
            return
        node.units.pop(index, None)
        if val > node.best:
            node.best, node.best_move = val, node.kids[index][0]
        if val >= node.beta:
            self._finish(node, val)
            return
        again = child.scout and val > node.alpha
        if not again:
            node.finished += 1
        if val > node.alpha:
            node.alpha = val
            # the brothers still running started with a wider window: run them again
            for k, u in list(node.units.items()):
                if node.units.get(k) is not u:
                    continue  # answered or replaced meanwhile (a restart answered from the table)
                if isinstance(u, _Job):
                    u.alpha, u.beta = self._window(node, u.scout)
                    if u.worker >= 0 and u.sent != (u.alpha, u.beta):
                        u.stale = True
                        self.carrier.cancel(u.worker, u.job_id)
                else:
                    self._kill(u)
                    nu = self._child(node, k, u.scout)
                    node.units[k] = nu
                    if isinstance(nu, _Split):
                        self._settle(nu)  # may answer it from the table, and so finish ``node``
                    if _finished(node):
                        return
        if again:
            # the null-window test says this move is better than alpha (``val`` is only a lower
            # bound): searched again with the node's window, as PVS does
            nu = self._child(node, index, False)
            node.units[index] = nu
            if isinstance(nu, _Split):
                self._settle(nu)
            return
        if index == 0:
            node.first_done = True
            # a brother sent early, at another window than the node's now: its answer counts only
            # if it answers this one too (see _answers), else it runs again; one still running is
            # left to run on (not cancelled: its answer often does)
            window = self._window(node, True)
            for k, u in list(node.units.items()):
                if not isinstance(u, _Job) or not u.early:
                    continue
                u.early = False
                u.alpha, u.beta = window
                if u.worker == HELD:
                    u.worker = -1  # runs again unless its answer holds for the node's window
                    if _answers(u, u.held):
                        self._report(node, k, u.held, u)
                        if _finished(node):
                            return
                elif u.worker >= 0 and u.sent != window:
                    u.stale = True
        if node.finished == len(node.kids):
            self._finish(node, node.best)

    def _receive(self, timeout: float | None, draining: bool = False) -> list[tuple[_Job, int | None]]:
        """The answers in within ``timeout``: (job, value or None); a dead worker's job waits again."""
        if not self.running:
            return []
        t0 = time.perf_counter()
        events = self.carrier.receive(timeout)
        self.idle += (len(self._alive()) - len(self.running)) * (time.perf_counter() - t0)
        if not events and timeout is None and self.running:
            # nothing is on its way (the carrier says so at once), yet jobs wait for an answer
            self.running.clear()
            if not draining:
                raise RuntimeError("the parallel solver lost track of an answer")
        out = []
        # the whole batch is taken in before an error is raised: an answer left out would keep
        # its job in ``running``, waited for forever
        error: Message | None = None
        for w, answer in events:
            job = self.running.get(w)
            if job is None:
                continue
            if answer.get("kind") == "died":
                del self.running[w]
                job.worker = -1  # run again, by another worker
                job.stale = False
                continue
            if answer.get("id") != job.job_id:
                continue  # not this job's (a late answer of an earlier master's)
            del self.running[w]
            if answer.get("kind") == "error":
                error = answer
                continue
            nodes = answer.get("nodes", 0)
            self.nodes += nodes
            unit: _Job | _Split | None = job
            while unit is not None:
                key = (unit.p, unit.o)
                self.cost[key] = self.cost.get(key, 0) + nodes
                unit = unit.parent
            entries = entries_in(answer.get("entries", []))
            for w2, box in enumerate(self.outbox):
                if w2 != w:
                    box.extend(entries)
            out.append((job, answer.get("value")))
        if error is not None:
            raise_error(error)
        if not self._alive():
            raise ReversiError(no_worker_left())
        return out

    def _drain(self) -> None:
        """Wait for the cancelled jobs still running (their workers stop within a few ms)."""
        for w, job in self.running.items():
            self.carrier.cancel(w, job.job_id)
        while self.running:
            self._receive(None, draining=True)

    def _send(self, w: int, job: _Job) -> None:
        job.job_id = next_job_id()
        job.worker = w
        job.sent = (job.alpha, job.beta)
        self.jobs += 1
        self.running[w] = job
        message = {"kind": "window", "id": job.job_id, "p": bits(job.p), "o": bits(job.o),
                   "alpha": job.alpha, "beta": job.beta, "entries": entries_out(self.outbox[w][-SHARE_MOST:])}
        self.outbox[w] = []
        self.carrier.send(w, message)

    def search(self, p: int, o: int, alpha: int, beta: int, depth: int | None = None) -> int:
        """The value of ``(p, o)`` if inside ``(alpha, beta)``, else a bound (fail-soft), split
        ``depth`` plies deep (default :attr:`split_depth`)."""
        self._answer.clear()
        root = self._unit(None, 0, p, o, alpha, beta, self.split_depth if depth is None else depth)
        if isinstance(root, _Split):
            self._settle(root)
        try:
            while not self._answer:
                alive = self._alive()
                nw = self.carrier.count()
                free = [w for w in alive if w not in self.running]
                jobs: list[_Job] = []
                if free:
                    self._runnable(root, jobs)
                    while len(jobs) < len(free) and not self._answer and self._speculate(root):
                        jobs = []
                        self._runnable(root, jobs)
                while free and jobs and not self._answer:
                    # a job the walk killed later on, or listed twice by a second walk, is not sent
                    jobs = [j for j in jobs if not j.dead and j.worker == -1]
                    if not jobs:
                        break
                    w = free[0]
                    # a free worker takes the first job that prefers it among the next few, else the first
                    k = next((i for i, j in enumerate(jobs[: len(free) + 2]) if hash((j.p, j.o)) % nw == w), 0)
                    job = jobs.pop(k)
                    free.remove(w)
                    self._send(w, job)
                if self._answer:
                    break
                if not self.running:  # cannot happen: an unfinished tree has a job to run
                    raise RuntimeError("the parallel solver has nothing to run")
                timeout = None
                if self.deadline is not None:
                    timeout = self.deadline - time.perf_counter()
                    if timeout <= 0:
                        raise SolveTimeout
                for job, v in self._receive(timeout):
                    if job.dead:
                        continue
                    if v is not None and job.stale and not _answers(job, v):
                        v = None  # an answer that came anyway, for another window: run it again
                    if v is None:
                        # cancelled to run again with its new window
                        job.worker = -1
                        job.stale = False
                        continue
                    self._report(job.parent, job.index, v, job)
        except (SolveTimeout, ReversiError, RuntimeError):
            # raised here between messages (out of time, an error answer, no worker left): the
            # workers can be told, and waited for
            self._kill(root)
            self._drain()
            raise
        except BaseException:
            # Ctrl-C (or worse) may have come in the middle of a message: no more talk, the
            # workers are stopped by close()
            self.broken = True
            raise
        self._kill(root)
        self._drain()
        return self._answer[0]

    def value(self, p: int, o: int, guess: int) -> int:
        """The exact value of ``(p, o)`` by MTD(f) from ``guess`` (as :meth:`Solver.value`)."""
        return mtdf(self.search, p, o, guess, self.solver.even_scores)

    def start(self, position: Position) -> int:
        """The first guess for solving ``position``: a short midgame search's estimate, whose
        best moves near the root go to every table as hints (the tables keep what earlier
        solves of the pool found: their bounds hold for any root)."""
        self.solver.tt.clear()
        self.solver.deadline = self.deadline
        guess = estimate(position, self.solver)
        hints = dict(self.solver.tt)
        message = {"kind": "hints", "entries": entries_out(list(hints.items()))}
        for w in self._alive():
            self.carrier.send(w, message)
        for key, entry in hints.items():
            self.tt.setdefault(key, entry)
        return guess


def solve_parallel(
    position: Position,
    processes: int | None = None,
    limits: Limits = NO_LIMITS,
    *,
    all_best: bool = True,
    all_moves: bool = False,
    carrier: Carrier | None = None,
) -> SolveResult:
    """:func:`reversi.engine.search.solve` on ``processes`` worker processes (default: one
    per core), or on ``carrier``'s workers (then ``processes`` is not used). Positions the
    split does not help (fewer than ``MIN_SPLIT_EMPTIES`` empties, a placement phase or a
    binding supply, one worker) are solved serially. ``nodes`` counts the workers' nodes.
    Raises :class:`SolveTimeout` past ``limits.seconds`` (its other limits apply to a serial
    solve only).
    """
    need_position(position, "solve_parallel")
    if carrier is None:
        processes = default_processes() if processes is None else check_processes(processes, "processes")
    else:
        processes = carrier.count() - len(carrier.dead)
    n = position.empty.bit_count()
    if processes <= 1 or n < MIN_SPLIT_EMPTIES or not is_fast(position) or position.is_over:
        return solve(position, limits, all_best=all_best, all_moves=all_moves)
    start = time.perf_counter()
    with SolverPool(position, processes, carrier=carrier) as pool:
        if limits.seconds is not None:
            pool.deadline = start + limits.seconds
        if position.must_pass:
            passed = position.pass_turn()
            v = -pool.value(passed.player, passed.opponent, pool.start(passed))
            return SolveResult(v, [PASS], pool.nodes, time.perf_counter() - start, {PASS: v})
        children = [(m, position.play(m)) for m in position.legal_moves()]
        values: dict[int, int] = {}
        if all_moves:
            for m, child in children:
                if child.is_over:
                    values[m] = -child.final_margin(child.turn)
                else:
                    values[m] = -pool.value(child.player, child.opponent, pool.start(child))
            score = max(values.values())
            best = sorted(m for m, _ in children if values[m] == score)
            return SolveResult(score, best, pool.nodes, time.perf_counter() - start, values)
        p, o = position.player, position.opponent
        score = pool.value(p, o, pool.start(position))
        e = pool.tt.get((p, o))
        hint = e[2].bit_length() - 1 if e is not None and e[2] else None
        children.sort(key=lambda mc: (mc[0] != hint, mc[1].legal.bit_count()))
        best = []
        for m, child in children:
            # does this move reach the score? (a null window around it)
            if child.is_over:
                v = -child.final_margin(child.turn)
            else:
                v = -pool.search(child.player, child.opponent, -score, -score + 1)
            if v >= score:
                best.append(m)
                values[m] = score
                if not all_best:
                    break
        return SolveResult(score, sorted(best), pool.nodes, time.perf_counter() - start, values)
