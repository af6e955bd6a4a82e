"""The pool's carrier on CPython's processes (:class:`ProcessCarrier`; the browser has none).

Each worker is a process with a :class:`reversi.engine.jobs.JobWorker` (or another
:class:`reversi.engine.scheduler.Worker`, made by the factory given), talking to the master
over a pipe; the messages are :mod:`reversi.engine.jobs`'s dicts. Cancelling reaches a
running job through shared memory: the master writes the job's id in the worker's slot, and
the worker's stop check (:func:`reversi.engine.solver.set_stop_check`), asked every few
thousand nodes, compares it with the job it runs. A worker writes nothing to the terminal,
ignores Ctrl-C (the master's to handle) and ends when its master is gone, even killed.

A worker that dies (the system killed it) is reported as an error, the one line
"a solver process stopped unexpectedly", rather than as an event to work around.
"""

from __future__ import annotations

import multiprocessing as mp
import os
import signal
import sys
import time
from collections.abc import Callable
from multiprocessing.connection import Connection, wait
from typing import Any, cast

from reversi.engine.jobs import JobWorker
from reversi.engine.scheduler import Message, Owed, Worker, error_answer
from reversi.engine.solver import set_stop_check
from reversi.errors import ReversiError
from reversi.i18n import _


def _stopped() -> ReversiError:
    return ReversiError(_("a solver process stopped unexpectedly"))


def _watch_parent(parent: int, every: float = 0.5) -> None:
    """End this worker when its master is gone (killed, even by SIGKILL: the worker is then another
    process's child), whatever the job: a worker never outlives the pool it was started for."""
    import threading

    def watch() -> None:
        while True:
            time.sleep(every)
            if os.getppid() != parent:
                os._exit(1)

    threading.Thread(target=watch, name="reversi-watch-master", daemon=True).start()


def _serve(conn: Connection, cancel: Any, index: int, make: Callable[[], Worker], parent: int = 0) -> None:
    """A worker's loop: answer each message; None ends it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the master's to handle
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # not the master's handler, if it had one when forked
    if parent:
        _watch_parent(parent)
    try:  # a worker writes nothing: it does not keep the master's output open for whoever reads it
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 1)
        os.dup2(devnull, 2)
        os.close(devnull)
    except OSError:
        pass
    worker = make()
    set_stop_check(lambda: worker.current != 0 and cancel[index] == worker.current)
    while True:
        try:
            message = conn.recv()
        except (EOFError, KeyboardInterrupt):
            return
        if message is None:
            return
        try:
            answer = worker.answer(message)
        except Exception as e:  # a bug or a bad message: the master raises it (a message without an id has no answer)
            answer = error_answer(message, e) if isinstance(message, dict) and "id" in message else None
        if answer is not None:
            conn.send(answer)


class ProcessCarrier:
    """``processes`` worker processes, started at once and kept until :meth:`close` (a context
    manager), each answering with a worker from ``make`` (a module-level function or class:
    with the spawn start method it is pickled). ``method``: how they start (a
    :mod:`multiprocessing` start method; by default fork on Linux, else spawn). ``daemon``:
    False for workers that start pools of their own (a match's games)."""

    def __init__(
        self,
        processes: int,
        make: Callable[[], Worker] = JobWorker,
        method: str | None = None,
        daemon: bool = True,
    ) -> None:
        if method is None:
            # fork is quick (the weights are loaded already) but safe only on Linux
            method = "fork" if sys.platform.startswith("linux") else "spawn"
        ctx: Any = mp.get_context(method)
        self.cancel_flags = ctx.RawArray("q", processes)
        self.conns: list[Connection] = []
        self.procs: list[Any] = []
        self.dead: set[int] = set()
        for i in range(processes):
            mine, theirs = ctx.Pipe()
            proc = ctx.Process(target=_serve, args=(theirs, self.cancel_flags, i, make, os.getpid()), daemon=daemon)
            proc.start()
            theirs.close()
            self.conns.append(mine)
            self.procs.append(proc)
        self._index = {id(c): i for i, c in enumerate(self.conns)}
        #: The jobs sent and not yet answered (what :meth:`receive` waits on): an answer a master did
        #: not wait for must not hide the next job's.
        self.busy = Owed()

    def __enter__(self) -> ProcessCarrier:
        return self

    def __exit__(self, kind: type[BaseException] | None, *exc: object) -> None:
        self.close(abort=kind is not None)

    def count(self) -> int:
        return len(self.procs)

    def send(self, worker: int, message: Message) -> None:
        try:
            self.conns[worker].send(message)
        except OSError:
            raise _stopped() from None
        self.busy.sent(worker, message)

    def cancel(self, worker: int, job_id: int) -> None:
        self.cancel_flags[worker] = job_id

    def receive(self, timeout: float | None) -> list[tuple[int, Message]]:
        if not self.busy:
            if timeout is not None:
                time.sleep(timeout)
            return []
        ready = cast("list[Connection]", wait([self.conns[w] for w in self.busy.workers()], timeout))
        out = []
        for c in ready:
            w = self._index[id(c)]
            try:
                answer: Message = c.recv()
            except EOFError:
                raise _stopped() from None
            self.busy.paid(w, answer)
            out.append((w, answer))
        return out

    def close(self, abort: bool = False) -> None:
        """Stop the workers: they end after the job they run (cancel it first), or at once
        (``abort``: after an interruption, a message may be half sent)."""
        if abort:
            for proc in self.procs:
                proc.terminate()
        else:
            for c in self.conns:
                try:
                    c.send(None)
                except OSError:
                    pass
        for proc in self.procs:
            proc.join(timeout=5)
            if proc.is_alive():
                proc.terminate()
                proc.join(timeout=5)
        for c in self.conns:
            c.close()
        self.conns.clear()
        self.procs.clear()
        self.busy.forget()
