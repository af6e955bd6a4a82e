"""The pool's carrier between web workers (reversi/engine/shared_carrier.py), under CPython: helpers are
threads, each a JobWorker answering into a mailbox, with a doorbell the master waits on. The
parallel solver on it gives the serial solver's values; a helper that dies has its job run by
another; a stop asked while the master waits ends the solve on every helper, and the next solve
on the same carrier is right.
"""

from __future__ import annotations

import json
import queue
import random
import threading
import time

import pytest

from reversi import Rules
from reversi.core.game import Game
from reversi.engine.jobs import JobWorker, bits
from reversi.engine.parallel import solve_parallel
from reversi.engine.search import solve
from reversi.engine.shared_carrier import MailboxCarrier
from reversi.errors import SolveTimeout
from reversi.formats.record import rules_to_dict


class ThreadChannel:
    """Helpers as threads: a queue of messages each, a mailbox each, one doorbell. ``die_after``:
    a helper that stops answering (and is marked gone) once it has taken that many jobs."""

    def __init__(self, workers: int, die_after: dict[int, int] | None = None) -> None:
        self.inboxes: list[queue.Queue[str | None]] = [queue.Queue() for _ in range(workers)]
        self.boxes: list[str | None] = [None] * workers
        self.cancelled = [0] * workers
        self.gone_flags = [False] * workers
        self.count = 0
        self.lock = threading.Condition()
        self.die_after = die_after or {}
        self.jobs_taken = [0] * workers
        self.threads = [threading.Thread(target=self.serve, args=(k,), daemon=True) for k in range(workers)]
        for t in self.threads:
            t.start()

    def serve(self, k: int) -> None:
        worker = JobWorker()
        while True:
            text = self.inboxes[k].get()
            if text is None:
                return
            message = json.loads(text)
            if "id" in message:
                self.jobs_taken[k] += 1
                if self.jobs_taken[k] > self.die_after.get(k, 1 << 30):
                    with self.lock:  # dies: never answers, and the page marks it gone
                        self.gone_flags[k] = True
                        self.count += 1
                        self.lock.notify_all()
                    return
                if self.cancelled[k] == message["id"]:
                    answer: dict | None = {"kind": message["kind"], "id": message["id"], "value": None,
                                           "nodes": 0, "entries": [], "pv": []}
                else:
                    answer = worker.answer(message)
            else:
                answer = worker.answer(message)
            if answer is None:
                continue
            with self.lock:
                assert self.boxes[k] is None, "a mailbox holds one answer at most"
                self.boxes[k] = json.dumps(answer)
                self.count += 1
                self.lock.notify_all()

    def close(self) -> None:
        for box in self.inboxes:
            box.put(None)

    # -- the Channel -----------------------------------------------------------------------

    def post(self, worker: int, text: str) -> None:
        self.inboxes[worker].put(text)

    def cancel(self, worker: int, job_id: int) -> None:
        self.cancelled[worker] = job_id

    def take(self, worker: int) -> str | None:
        with self.lock:
            text, self.boxes[worker] = self.boxes[worker], None
            return text

    def gone(self, worker: int) -> bool:
        return self.gone_flags[worker]

    def bell(self) -> int:
        with self.lock:
            return self.count

    def wait(self, seen: int, seconds: float) -> None:
        with self.lock:
            self.lock.wait_for(lambda: self.count != seen, timeout=seconds)


def position(empties: int, seed: int):
    rng = random.Random(seed)
    while True:
        game = Game(Rules())
        while game.position.empty.bit_count() > empties and not game.position.is_over:
            game.play(rng.choice(game.position.legal_moves()))
        if not game.position.is_over and not game.position.must_pass:
            return game.position


@pytest.mark.parametrize("seed", [1, 2])
def test_the_parallel_solver_on_mailboxes_gives_the_serial_value(seed: int) -> None:
    pos = position(14, seed)
    channel = ThreadChannel(2)
    try:
        carrier = MailboxCarrier(channel, 2, should_stop=lambda: False)
        got = solve_parallel(pos, carrier=carrier, all_best=False)
        again = solve_parallel(pos, carrier=carrier, all_best=False)  # the tables kept: the same value
    finally:
        channel.close()
    want = solve(pos, all_best=False)
    assert got.score == again.score == want.score and got.best[0] in solve(pos).best


def test_a_helper_that_dies_has_its_job_run_by_another() -> None:
    pos = position(14, 3)
    channel = ThreadChannel(2, die_after={1: 2})
    try:
        carrier = MailboxCarrier(channel, 2, should_stop=lambda: False)
        got = solve_parallel(pos, carrier=carrier, all_best=False)
    finally:
        channel.close()
    assert carrier.dead == {1} and got.score == solve(pos, all_best=False).score


def test_a_stop_while_the_master_waits_ends_the_solve_and_the_next_one_is_right() -> None:
    pos = position(16, 4)
    channel = ThreadChannel(2)
    stop = threading.Event()
    try:
        carrier = MailboxCarrier(channel, 2, should_stop=stop.is_set)
        timer = threading.Timer(0.3, stop.set)
        timer.start()
        with pytest.raises(SolveTimeout):
            solve_parallel(pos, carrier=carrier, all_best=False)
        assert carrier.stopping and all(box is None for box in channel.boxes)  # every answer taken
        stop.clear()
        small = position(13, 5)
        assert solve_parallel(small, carrier=carrier, all_best=False).score == solve(small, all_best=False).score
    finally:
        channel.close()


def test_the_master_waits_only_for_answers_it_is_owed() -> None:
    """``receive(None)`` returns at once when no job is unanswered (a master that drains has nothing
    to wait for), and waits for a job's answer when one is."""
    from reversi.engine.scheduler import drain

    pos = position(12, 5)
    channel = ThreadChannel(2)
    carrier = MailboxCarrier(channel, 2, should_stop=lambda: False)
    try:
        for w in (0, 1):
            carrier.send(w, {"kind": "setup", "rules": rules_to_dict(pos.rules)})  # no answer owed
        waits: list[float] = []
        real_wait = channel.wait
        channel.wait = lambda seen, seconds: waits.append(seconds) or real_wait(seen, seconds)  # type: ignore[method-assign]
        assert carrier.receive(None) == [] and waits == []  # at once: it did not wait on the doorbell
        job = {"kind": "window", "id": 7, "p": bits(pos.player), "o": bits(pos.opponent), "alpha": -64, "beta": 64,
               "entries": []}
        carrier.send(1, job)
        answers = carrier.receive(None)
        assert [(w, a["id"]) for w, a in answers] == [(1, 7)]
        drain(carrier, {1: 7})  # answered already: returns at once
        assert carrier.receive(None) == []
    finally:
        channel.close()


class FakeChannel:
    """A channel whose mailboxes a test fills by hand."""

    def __init__(self) -> None:
        self.boxes: dict[int, str] = {}
        self.count = 0

    def post(self, worker: int, text: str) -> None:
        pass

    def cancel(self, worker: int, job_id: int) -> None:
        pass

    def take(self, worker: int) -> str | None:
        return self.boxes.pop(worker, None)

    def gone(self, worker: int) -> bool:
        return False

    def bell(self) -> int:
        return self.count

    def wait(self, seen: int, seconds: float) -> None:
        time.sleep(min(seconds, 0.001))

    def answer(self, worker: int, message: dict) -> None:
        self.boxes[worker] = json.dumps(message)
        self.count += 1


def test_a_late_answer_of_an_earlier_carrier_does_not_pay_for_a_job_owed() -> None:
    channel = FakeChannel()
    carrier = MailboxCarrier(channel, 1, should_stop=lambda: False)  # a new one, as after attach_pool
    carrier.send(0, {"kind": "window", "id": 9})
    channel.answer(0, {"kind": "window", "id": 5, "value": None})  # the job the carrier before cancelled
    assert [a["id"] for _w, a in carrier.receive(None)] == [5]  # the master drops it: not its job
    assert carrier.owed.ids == {0: {9}}
    assert carrier.receive(0.05) == []  # a timed wait: job 9 is still owed, nothing came
    channel.answer(0, {"kind": "window", "id": 9, "value": 2})
    assert [a["id"] for _w, a in carrier.receive(None)] == [9]
    assert carrier.receive(None) == []  # nothing owed now: at once
