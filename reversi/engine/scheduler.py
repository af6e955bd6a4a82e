"""A pool's scheduling, whatever carries its jobs: the :class:`Carrier` interface, and
:func:`run_jobs`, which runs independent jobs on a carrier's workers.

The masters of the pool (:func:`run_jobs` here, :class:`reversi.engine.parallel.SolverPool`
for the exact solver's split tree, :mod:`reversi.engine.parallel_search` for the midgame's
root) never see processes or web workers: they talk to a **carrier**, which moves
:mod:`reversi.engine.jobs`'s messages (plain JSON-able dicts) to numbered workers and
brings their answers back. A carrier is any object with:

``count() -> int``
    How many workers it started; they are numbered ``0 .. count() - 1``.
``dead: set[int]``
    The workers known to have died (none may be sent a job again).
``send(worker, message)``
    Give ``message`` to ``worker`` (a job, or a ``setup`` or ``hints`` message). A master sends
    a worker a job only when it has answered the one before: a worker runs one job at a time.
    Sending to a dead worker does nothing (its death comes from :meth:`receive`).
``cancel(worker, job_id)``
    Ask ``worker`` to stop job ``job_id`` early, if it can (best effort: the job still answers,
    ``value`` None when it stopped; an answer that comes anyway is dropped by the master).
``receive(timeout) -> list[(worker, answer)]``
    Wait until at least one answer is in (``timeout`` seconds at most; None: as long as it
    takes) and return those in, in any order; ``[]`` on a timeout (``receive(None)``: at once,
    when no job sent is still unanswered). A master takes every answer of the list into account before it acts
    on any (stops, raises): an answer it dropped is never waited for again. A worker that died is
    reported once, as ``(worker, {"kind": "died"})``, and added to ``dead``: the masters run
    its job again on another worker, and stop only when no worker is left
    (:func:`reversi.engine.jobs`'s error answer, ``{"kind": "error", "error": text}``, is a bug
    or a bad message: the master raises it).
``close(abort=False)``
    End the workers (``abort``: at once, a message may have been cut off mid-way).

The answers of the jobs a master cancelled still come in: a master waits for them before it
returns (its workers are then free for the next master). Carriers here:
:class:`InlineCarrier` (the workers are objects in this thread, each job run when its answer
is awaited: the serial reference, and a test's carrier), and
:class:`reversi.engine.processes.ProcessCarrier` (CPython's processes, over pipes, cancelling
through shared memory, a death reported as an error rather than an event: under CPython a
worker the system killed is a fault to report, not to work around). The browser's carrier
moves the same messages to a pool of Pyodide web workers, each running a
:class:`reversi.engine.jobs.JobWorker`.

This module imports no search: a page's main thread may run a master's scheduling without
the engine (the workers have it).
"""

from __future__ import annotations

import itertools
import time
from collections import deque
from collections.abc import Callable, Generator, Sequence
from typing import Any, Protocol

from reversi.errors import ReversiError

#: A message or an answer: plain JSON-able data (:mod:`reversi.engine.jobs` lists them).
Message = dict[str, Any]

_ids = itertools.count(1)


def next_job_id() -> int:
    """A job id no other job of this process has had (the masters of one carrier take turns)."""
    return next(_ids)


class Carrier(Protocol):
    """What moves a pool's messages to its workers and their answers back (see the module)."""

    dead: set[int]

    def count(self) -> int: ...

    def send(self, worker: int, message: Message) -> None: ...

    def cancel(self, worker: int, job_id: int) -> None: ...

    def receive(self, timeout: float | None) -> list[tuple[int, Message]]: ...

    def close(self, abort: bool = False) -> None: ...


class Worker(Protocol):
    """A worker's side: answers one message at a time (:class:`reversi.engine.jobs.JobWorker`)."""

    current: int

    def answer(self, message: Message) -> Message | None: ...


def error_answer(message: Message, error: BaseException) -> Message:
    """The answer of a job whose worker raised ``error``: the master raises it again."""
    return {"kind": "error", "id": message.get("id", 0), "error": str(error) or type(error).__name__,
            "reversi": isinstance(error, ReversiError)}


def raise_error(answer: Message) -> None:
    """Raise the error an ``error`` answer carries (a :class:`ReversiError` stays one)."""
    if answer.get("reversi"):
        raise ReversiError(answer["error"])
    raise RuntimeError("a worker failed: " + answer["error"])


def cancelled_answer(message: Message) -> Message:
    """The answer of a job stopped before it ran."""
    return {"kind": message["kind"], "id": message["id"], "value": None, "nodes": 0, "entries": [], "pv": []}


class Owed:
    """A carrier's bookkeeping of the jobs each worker owes an answer: the ids sent and not yet
    answered. With none owed a carrier's ``receive`` waits for nothing; an answer of another id
    (a late one, for a job an earlier master or carrier cancelled) pays for nothing owed."""

    def __init__(self) -> None:
        #: Job ids per worker; a worker owing nothing is not a key.
        self.ids: dict[int, set[int]] = {}

    def __bool__(self) -> bool:
        return bool(self.ids)

    def sent(self, worker: int, message: Message) -> None:
        """``message`` went to ``worker``: a job (it has an id) is owed."""
        if "id" in message:
            self.ids.setdefault(worker, set()).add(message["id"])

    def paid(self, worker: int, answer: object) -> None:
        """``worker`` answered ``answer``: its job is no longer owed."""
        owed = self.ids.get(worker)
        if owed is not None:
            owed.discard(answer.get("id") if isinstance(answer, dict) else None)
            if not owed:
                del self.ids[worker]

    def workers(self) -> list[int]:
        """The workers that owe an answer."""
        return list(self.ids)

    def forget(self, worker: int | None = None) -> None:
        """``worker`` (by default every worker) will answer nothing more."""
        if worker is None:
            self.ids.clear()
        else:
            self.ids.pop(worker, None)


class InlineCarrier:
    """Workers that are objects of this thread: a job runs when :meth:`receive` is called, one
    job a call, in the order they were sent. Deterministic: the serial reference of a parallel
    master, and the base of a test's scripted carrier (override :meth:`pick`)."""

    def __init__(self, workers: int = 1, make: Callable[[], Worker] | None = None) -> None:
        if make is None:
            from reversi.engine.jobs import JobWorker

            make = JobWorker
        self.workers: list[Worker] = [make() for _ in range(workers)]
        self.dead: set[int] = set()
        #: Sent and not yet answered: (worker, message), in the order sent.
        self.queue: deque[tuple[int, Message]] = deque()
        self.cancelled: set[int] = set()
        #: Every job message sent: (worker, kind, id), for a test to read.
        self.log: list[tuple[int, str, int]] = []

    def count(self) -> int:
        return len(self.workers)

    def send(self, worker: int, message: Message) -> None:
        if worker in self.dead:
            return
        if "id" not in message:
            self.workers[worker].answer(message)  # setup, hints: no answer
            return
        self.log.append((worker, message["kind"], message["id"]))
        self.queue.append((worker, message))

    def cancel(self, worker: int, job_id: int) -> None:
        self.cancelled.add(job_id)

    def pick(self) -> int:
        """Which of :attr:`queue` runs next (its index): the first sent."""
        return 0

    def receive(self, timeout: float | None) -> list[tuple[int, Message]]:
        if not self.queue:
            if timeout is not None:
                time.sleep(min(timeout, 0.001))
            return []
        k = self.pick()
        worker, message = self.queue[k]
        del self.queue[k]
        if message["id"] in self.cancelled:
            return [(worker, cancelled_answer(message))]
        try:
            answer = self.workers[worker].answer(message)
        except Exception as e:  # as a process's worker answers it
            answer = error_answer(message, e)
        assert answer is not None
        return [(worker, answer)]

    def close(self, abort: bool = False) -> None:
        self.queue.clear()


def run_jobs(
    carrier: Carrier,
    jobs: Sequence[Message],
    *,
    deadline: float | None = None,
    prefer: Callable[[int], int] | None = None,
    where: dict[int, int] | None = None,
) -> Generator[tuple[int, Message], None, None]:
    """Run ``jobs`` (messages without an ``id``: each is given one) on ``carrier``'s live workers,
    a job to a free worker, and yield ``(index in jobs, answer)`` as the answers come, in any
    order. A worker that dies has its job run again by another; with none left,
    :class:`ReversiError`. Closing the iterator early cancels the jobs still running and waits
    for their answers.

    ``deadline`` (a ``time.perf_counter()`` value): each job is sent with the ``seconds`` left
    until then. ``prefer(index)``: the worker a job would rather go to (its table holds the
    job's subtree); a free worker takes the first job that prefers it, else the first waiting.
    ``where``, if given, is filled with each job's worker (index -> worker)."""
    pending = deque(range(len(jobs)))
    running: dict[int, tuple[int, int]] = {}  # worker -> (index, id)
    done = 0
    try:
        while done < len(jobs):
            free = [w for w in range(carrier.count()) if w not in carrier.dead and w not in running]
            while free and pending:
                w = free.pop(0)
                k = pending[0]
                if prefer is not None:
                    k = next((j for j in pending if prefer(j) == w), k)
                pending.remove(k)
                job_id = next_job_id()
                running[w] = (k, job_id)
                if where is not None:
                    where[k] = w
                message = {**jobs[k], "id": job_id}
                if deadline is not None:
                    message["seconds"] = max(0.001, deadline - time.perf_counter())
                carrier.send(w, message)
            if not running:
                raise ReversiError(no_worker_left())
            # every answer of the batch is taken off ``running`` before any is yielded: a caller
            # that stops at the first must not leave the others to be waited for forever
            answered: list[tuple[int, Message]] = []
            answers = carrier.receive(None)
            if not answers:
                running.clear()  # nothing is on its way, yet jobs wait for an answer: a bug
                raise RuntimeError("the pool lost track of an answer")
            for w, answer in answers:
                if w not in running:
                    continue
                k, job_id = running[w]
                if answer.get("kind") == "died":
                    del running[w]
                    pending.appendleft(k)
                    continue
                if answer.get("id") != job_id:
                    continue  # a late answer of a job cancelled before (not this master's)
                del running[w]
                answered.append((k, answer))
            for _k, answer in answered:
                if answer.get("kind") == "error":
                    raise_error(answer)
            for k, answer in answered:
                done += 1
                yield k, answer
    except (GeneratorExit, Exception):
        # closed early, or an error answer, a stop: the other jobs are cancelled and waited for,
        # so that the workers are free for the next master (after Ctrl-C the owner closes the carrier)
        drain(carrier, {w: job_id for w, (_k, job_id) in running.items()})
        raise


def drain(carrier: Carrier, running: dict[int, int]) -> None:
    """Cancel the jobs still running (worker -> job id) and wait for their answers."""
    for w, job_id in running.items():
        carrier.cancel(w, job_id)
    left = dict(running)
    while left:
        answers = carrier.receive(None)
        if not answers:
            return  # nothing is on its way: what is left was answered before
        for w, answer in answers:
            if left.get(w) == answer.get("id") or answer.get("kind") == "died":
                left.pop(w, None)


def no_worker_left() -> str:
    from reversi.i18n import _

    return _("a solver process stopped unexpectedly")
