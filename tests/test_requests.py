"""The request machinery shared by the computer's turns and the hints (reversi/ui/drivers/requests.py),
under CPython."""

from __future__ import annotations

import asyncio
import json

from support import Board, Recorder, Worker, run

from reversi.engine.protocol import MoveRequest, Request
from reversi.ui.drivers.ai import AiDriver
from reversi.ui.drivers.hints import HintDriver
from reversi.ui.drivers.requests import Reply, RequestDriver, json_ask


def test_a_current_reply_is_accepted() -> None:
    async def scenario():
        board, worker = Board(), Worker()
        d = Recorder(board, worker)
        task = d.send(board.token, MoveRequest(seed=1))
        assert task is not None and d.pending == 0 and d.in_flight
        await asyncio.sleep(0)
        worker.release(0, {"value": 7})
        await task
        assert d.accepted == [(0, {"value": 7})] and d.pending is None and not d.in_flight
        assert (d.replies, d.dropped, d.redraws) == (1, 0, 1)
        assert worker.asked == [MoveRequest(seed=1)]

    run(scenario())


def test_one_request_at_a_time_and_none_without_an_engine() -> None:
    async def scenario():
        board, worker = Board(), Worker()
        d = Recorder(board)
        assert not d.ready and d.send(0, Request()) is None and d.pending is None
        d.set_engine(worker)
        assert d.ready
        first = d.send(0, MoveRequest(seed=1))
        assert first is not None and d.send(0, MoveRequest(seed=2)) is None  # busy: not sent
        await asyncio.sleep(0)
        assert len(worker.asked) == 1
        worker.release(0, {})
        await first

    run(scenario())


def test_a_stale_reply_is_dropped() -> None:
    async def scenario():
        board, worker = Board(), Worker()
        d = Recorder(board, worker)
        task = d.send(board.token, Request())
        await asyncio.sleep(0)
        board.move()  # the page moved on while the engine worked
        assert not d.is_current(0) and d.pending == 0
        worker.release(0, {"value": 7})
        await task
        assert d.accepted == [] and d.pending is None
        assert (d.replies, d.dropped, d.redraws) == (1, 1, 1)  # counted and redrawn, not used

    run(scenario())


def test_an_abandoned_request_is_forgotten_and_its_late_reply_ignored() -> None:
    async def scenario():
        board, worker = Board(), Worker()
        d = Recorder(board, worker)
        old = d.send(board.token, MoveRequest(seed=1))
        await asyncio.sleep(0)
        d.abandon()  # the worker was stopped
        assert d.pending is None and d.dropped == 1 and d.replies == 0
        new = d.send(board.token, MoveRequest(seed=2))  # a new request, to a new worker, at once
        assert new is not None and d.pending == 0
        await asyncio.sleep(0)
        worker.release(1, {"value": 2})
        await new
        assert d.accepted == [(0, {"value": 2})]
        worker.release(0, {"value": 1})  # the stopped worker's answer comes after all
        await old
        assert d.accepted == [(0, {"value": 2})] and d.pending is None
        assert (d.replies, d.dropped, d.redraws) == (1, 1, 1)  # the late reply counted nowhere
        d.abandon()  # nothing in flight: nothing to forget
        assert d.dropped == 1

    run(scenario())


def test_a_late_reply_never_clears_the_request_that_followed() -> None:
    async def scenario():
        board, worker = Board(), Worker()
        d = Recorder(board, worker)
        old = d.send(board.token, Request())
        await asyncio.sleep(0)
        d.abandon()
        board.move()
        new = d.send(board.token, Request())
        await asyncio.sleep(0)
        worker.release(0, {"value": 1})
        await old
        assert d.pending == 1 and d.in_flight and d.replies == 0  # still waiting for the new one
        worker.release(1, {"value": 2})
        await new
        assert d.accepted == [(1, {"value": 2})]

    run(scenario())


def test_abandoned_while_it_settles() -> None:
    """A driver that waits between a reply and its use (the computer's minimum time) can be
    abandoned meanwhile: the reply is then void too."""

    class Slow(Recorder):
        gate: asyncio.Event

        async def settle(self, token: int, reply: Reply) -> None:
            await self.gate.wait()

    async def scenario():
        board, worker = Board(), Worker()
        d = Slow(board, worker)
        d.gate = asyncio.Event()
        task = d.send(board.token, Request())
        await asyncio.sleep(0)
        worker.release(0, {"value": 1})
        await asyncio.sleep(0)
        await asyncio.sleep(0)
        assert d.pending == 0  # settling: still pending
        d.abandon()
        d.gate.set()
        await task
        assert d.accepted == [] and (d.replies, d.dropped, d.redraws) == (0, 1, 0)

    run(scenario())


def test_failures_and_nonsense_become_error_replies() -> None:
    async def scenario():
        board = Board()
        answers: list = [RuntimeError("worker died"), [1, 2], {"ok": True}]

        async def ask(args: Request) -> Reply:
            answer = answers.pop(0)
            if isinstance(answer, Exception):
                raise answer
            return answer

        d = Recorder(board, ask)
        for _ in range(3):
            await d.send(board.token, Request())
        assert [reply for _, reply in d.accepted] == [
            {"error": "RuntimeError: worker died"},
            {"error": "the engine answered [1, 2]"},
            {"ok": True},
        ]

    run(scenario())


def test_tasks_are_held_until_done() -> None:
    async def scenario():
        board, worker = Board(), Worker()
        d = Recorder(board, worker)
        old = d.send(board.token, Request())
        d.abandon()
        new = d.send(board.token, Request())
        assert d.task is new and d._tasks == {old, new}  # the abandoned one too (not garbage)
        await asyncio.sleep(0)
        worker.release(0, {})
        worker.release(1, {})
        await asyncio.gather(old, new)
        await asyncio.sleep(0)
        assert not d._tasks

    run(scenario())


def test_json_ask_speaks_json_across_the_worker_boundary() -> None:
    async def scenario():
        calls: list[tuple[str, str]] = []

        async def call(name: str, payload: str) -> str:
            calls.append((name, payload))
            return json.dumps({"move": "f5"} if name == "best_move" else [1])

        ask = json_ask(call, "best_move")
        assert await ask(MoveRequest(level=1)) == {"move": "f5"}
        [(name, payload)] = calls
        assert name == "best_move" and json.loads(payload) == {**MoveRequest(level=1).to_json(), "lang": "en"}
        assert MoveRequest.from_json(json.loads(payload)) == MoveRequest(level=1, lang="en")  # the page's language
        assert await json_ask(call, "analyse")(Request()) == {"error": "the engine answered [1]"}

    run(scenario())


def test_both_drivers_share_the_machinery() -> None:
    for driver in (AiDriver, HintDriver):
        assert issubclass(driver, RequestDriver)
        for name in ("send", "abandon", "_exchange", "is_current", "ready", "in_flight"):
            assert name not in vars(driver), f"{driver.__name__} redefines {name}"
