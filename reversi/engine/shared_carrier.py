"""The pool's carrier between web workers: jobs posted to the helpers, answers in shared mailboxes.

In the browser the master of a pool (:class:`reversi.engine.parallel.SolverPool`,
:func:`reversi.engine.scheduler.run_jobs`...) runs in the engine's own worker, and its jobs in the
page's helper workers (:mod:`reversi.ui.drivers.pool`), each a
:class:`reversi.engine.jobs.JobWorker`. The master's Python runs without a break while it solves,
so it cannot take a message event: the answers come through **shared memory** instead, which a
worker may wait on (``Atomics.wait``), and so this carrier needs a cross-origin isolated page.

* A job goes to helper ``k`` as a message (its JSON text) on a channel the page named.
* Each helper has a **mailbox** (a SharedArrayBuffer): it writes its answer's JSON there, marks
  the mailbox full, and rings the **doorbell** (a shared counter the master waits on). A helper
  runs one job at a time and the master sends it the next only once it has read the answer, so
  a mailbox holds one answer at most.
* Cancelling writes the job's id in the helper's **cancel slot**; the helper's stop check
  (:func:`reversi.engine.solver.set_stop_check`) compares it with the job it runs, every few
  thousand nodes, and the job answers at once (value None).
* A helper that died (the page saw it stop, or stopped it) is marked **gone** by the page, which
  rings the doorbell: :meth:`MailboxCarrier.receive` reports it once as ``{"kind": "died"}`` and
  the master runs its job again on another helper.
* While the master waits, the engine's own stop check (the page's stop epoch: an answer no longer
  wanted) is asked every :data:`POLL_SECONDS`: a stale solve stops on every worker, the master
  raising :class:`~reversi.errors.SolveTimeout` between messages and cancelling its jobs.

The shared memory and the messages are the browser's (``reversi/engine/worker.py`` gives a
:class:`Channel` over them); this module is the carrier's logic only, tested under CPython with
threads for helpers.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any, Protocol

from reversi.engine.jobs import Message
from reversi.engine.scheduler import Owed
from reversi.engine.solver import stop_requested
from reversi.errors import SolveTimeout

#: The longest the master waits at a time before it asks the stop check again (seconds).
POLL_SECONDS = 0.05


class Channel(Protocol):
    """The browser's side of the carrier: messages out, mailboxes and the doorbell in."""

    def post(self, worker: int, text: str) -> None:
        """Send ``text`` (a message's JSON) to helper ``worker``."""
        ...

    def cancel(self, worker: int, job_id: int) -> None:
        """Write ``job_id`` in helper ``worker``'s cancel slot."""
        ...

    def take(self, worker: int) -> str | None:
        """The answer in helper ``worker``'s mailbox (its JSON), emptying it; None if it is empty."""
        ...

    def gone(self, worker: int) -> bool:
        """Has the page marked helper ``worker`` gone?"""
        ...

    def bell(self) -> int:
        """The doorbell's count now."""
        ...

    def wait(self, seen: int, seconds: float) -> None:
        """Wait until the doorbell's count is no longer ``seen``, ``seconds`` at most."""
        ...


class MailboxCarrier:
    """A :class:`reversi.engine.scheduler.Carrier` over a :class:`Channel` (see the module);
    ``should_stop`` is asked while the master waits (by default the engine's stop check)."""

    def __init__(self, channel: Channel, workers: int, should_stop: Callable[[], bool] = stop_requested) -> None:
        self.channel = channel
        self.workers = workers
        self.should_stop = should_stop
        self.dead: set[int] = set()
        #: The stop check was answered once: the master is waiting for its cancelled jobs' answers.
        self.stopping = False
        #: The jobs sent and not yet answered: with none owed, :meth:`receive` waits for nothing (an
        #: answer of another id, a late one of an earlier carrier, pays nothing).
        self.owed = Owed()

    def count(self) -> int:
        return self.workers

    def send(self, worker: int, message: Message) -> None:
        self.stopping = False  # a new job: the master is searching again
        if worker not in self.dead:
            self.owed.sent(worker, message)
            self.channel.post(worker, json.dumps(message))

    def cancel(self, worker: int, job_id: int) -> None:
        if worker not in self.dead:
            self.channel.cancel(worker, job_id)

    def _collect(self) -> list[tuple[int, Message]]:
        out: list[tuple[int, Message]] = []
        for w in range(self.workers):
            if w in self.dead:
                continue
            text = self.channel.take(w)
            if text is not None:
                answer = json.loads(text)
                self.owed.paid(w, answer)
                out.append((w, answer))
            elif self.channel.gone(w):
                self.dead.add(w)
                self.owed.forget(w)
                out.append((w, {"kind": "died"}))
        return out

    def receive(self, timeout: float | None) -> list[tuple[int, Message]]:
        end = None if timeout is None else time.perf_counter() + timeout
        while True:
            seen = self.channel.bell()
            got = self._collect()
            if got:
                return got
            if not self.owed:
                return []  # nothing is on its way
            if not self.stopping and self.should_stop():
                self.stopping = True  # once: then the master cancels its jobs and waits for their answers
                raise SolveTimeout
            wait = POLL_SECONDS
            if end is not None:
                left = end - time.perf_counter()
                if left <= 0:
                    return []
                wait = min(wait, left)
            self.channel.wait(seen, wait)

    def close(self, abort: bool = False) -> None:
        """The helpers are the page's: nothing to end."""


class SharedChannel:
    """The :class:`Channel` over the browser's shared memory. Its objects are JavaScript's, made by
    ``reversi/engine/worker.py`` (the one engine module that touches JavaScript): ``atomics`` is
    ``Atomics``, ``channel`` a ``BroadcastChannel`` the helpers listen on, ``doorbell`` an
    Int32Array of one count, ``gone`` an Int32Array of a flag per helper's slot; each helper is
    ``(name, slot, header, body, cancel)``: its mailbox as an Int32Array header (full or empty,
    the answer's length in bytes) and a Uint8Array body, and its cancel slot (an Int32Array)."""

    def __init__(self, atomics: Any, channel: Any, doorbell: Any, gone: Any,
                 helpers: list[tuple[str, int, Any, Any, Any]]) -> None:
        self.atomics = atomics
        self.channel = channel
        self.doorbell = doorbell
        self.gone_flags = gone
        self.helpers = helpers

    def post(self, worker: int, text: str) -> None:
        self.channel.postMessage(self.helpers[worker][0] + "\n" + text)  # a string: nothing to convert

    def cancel(self, worker: int, job_id: int) -> None:
        self.atomics.store(self.helpers[worker][4], 0, job_id)

    def take(self, worker: int) -> str | None:
        _name, _slot, header, body, _cancel = self.helpers[worker]
        if self.atomics.load(header, 0) != 1:
            return None
        length = int(header[1])
        text = bytes(body.slice(0, length).to_bytes()).decode("utf-8")  # a copy: not shared memory
        self.atomics.store(header, 0, 0)
        self.atomics.notify(header, 0)  # a helper with its next answer waits for the mailbox
        return text

    def gone(self, worker: int) -> bool:
        return bool(self.atomics.load(self.gone_flags, self.helpers[worker][1]))

    def bell(self) -> int:
        return int(self.atomics.load(self.doorbell, 0))

    def wait(self, seen: int, seconds: float) -> None:
        self.atomics.wait(self.doorbell, 0, seen, max(0.0, seconds) * 1000)

    def close(self) -> None:
        self.channel.close()
