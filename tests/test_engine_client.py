"""The page's engine client under CPython, with a fake worker: who gets the worker and when,
boots, crashes, replies that never come, stale searches stopped or their worker replaced.

The fake worker answers with the real worker module's functions (``reversi.engine.worker``:
the same JSON in and out as in the browser), after a delay the test chooses, or crashes, or
never answers. Time is a fake clock where the drivers' deadlines matter.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any

from support import FakeClock, run

from reversi.core.rules import Rules
from reversi.engine import worker as real_worker
from reversi.ui.controller import Controller
from reversi.ui.drivers.client import (
    IDLE,
    READY,
    RESTART_AFTER_SECONDS,
    RESTARTING,
    STARTING,
    STOPPED_STALE,
    UNAVAILABLE,
    EngineClient,
    StopFlag,
    Worker,
    WorkerUnavailable,
)
from reversi.ui.drivers.health import BOOT_SECONDS
from reversi.ui.players import COMPUTER, HUMAN, Players


async def no_sleep(seconds: float) -> None:
    await asyncio.sleep(0)


class FakeWorker:
    """Answers as the real worker does; ``delay`` per function, ``crash`` and ``silent`` sets."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.calls: list[tuple[str, dict[str, Any]]] = []
        self.delay: dict[str, float] = {}
        self.crash: set[str] = set()
        self.silent: set[str] = set()
        self.gates: dict[str, asyncio.Event] = {}

    async def call(self, name: str, payload: str, /) -> str:
        self.calls.append((name, json.loads(payload)))
        if name in self.gates:
            await self.gates[name].wait()
        if name in self.silent:
            await asyncio.Event().wait()  # a crashed or stopped worker never answers
        await asyncio.sleep(self.delay.get(name, 0))
        if name in self.crash:
            raise RuntimeError("the worker died")
        if name == "load":
            return json.dumps({"ok": True, "files": 1, "bytes": 1, "seconds": 0})
        return str(getattr(real_worker, name)(payload))

    def names(self) -> list[str]:
        return [n for n, _ in self.calls]


class Flag:
    def __init__(self) -> None:
        self.value = 0

    def epoch(self) -> int:
        return self.value

    def bump(self) -> None:
        self.value += 1


class FakeHost:
    """Boots :class:`FakeWorker` s by name; ``refuse`` makes boots fail, ``hang`` never finish."""

    site = "http://127.0.0.1:1/"

    def __init__(self, share: bool = False) -> None:
        self.workers: dict[str, FakeWorker] = {}
        self.stopped: list[str] = []
        self.refuse = ""
        self.hang = False
        self.share = share
        self.configure: Callable[[FakeWorker], None] = lambda w: None

    async def boot(self, name: str) -> Worker:
        if self.refuse:
            raise WorkerUnavailable(self.refuse)
        if self.hang:
            await asyncio.Event().wait()
        worker = FakeWorker(name)
        self.configure(worker)
        self.workers[name] = worker
        return worker

    def stop(self, name: str) -> None:
        self.stopped.append(name)
        worker = self.workers.get(name)
        if worker is not None:
            worker.silent |= {"best_move", "analyse", "ping"}

    async def share_stop(self, worker: Worker) -> StopFlag | None:
        return Flag() if self.share else None


def client_for(
    controller: Controller, host: FakeHost, clock: FakeClock | None = None
) -> tuple[EngineClient, list[str]]:
    events: list[str] = []
    clock = clock or FakeClock(start=1000.0)
    client = EngineClient(controller, host, on_event=events.append, clock=clock, sleep=no_sleep)
    client.on_change = lambda: client.schedule()
    return client, events


async def settle(rounds: int = 200) -> None:
    for _ in range(rounds):
        await asyncio.sleep(0)


async def until(check: Callable[[], bool], seconds: float = 30.0) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + seconds
    while not check():
        if loop.time() > deadline:
            raise AssertionError("the condition did not come")
        await asyncio.sleep(0.005)


def vs_computer() -> Controller:
    """The computer (Beginner) plays Black, a person White: the computer is to move."""
    return Controller(players=Players((COMPUTER, HUMAN), (1, 1)))


def test_boots_loads_warms_up_and_then_the_computer_moves() -> None:
    async def scenario() -> None:
        c = vs_computer()
        host = FakeHost()
        client, events = client_for(c, host)
        client.schedule()  # before the worker answers nobody asks anything
        await client.start()
        worker = host.workers["engine"]
        assert worker.names()[:2] == ["load", "ping"] and events[:2] == [STARTING, READY]
        assert json.loads(json.dumps(worker.calls[0][1])) == {"site": host.site}
        await until(lambda: c.game.ply == 1)
        assert "best_move" in worker.names() and client.ai.replies == 1

    run(scenario())


def test_the_move_first_then_the_hints_then_the_study() -> None:
    async def scenario() -> None:
        c = vs_computer()
        c.toggle_hints()
        host = FakeHost()
        gate = asyncio.Event()
        host.configure = lambda w: w.gates.update({"best_move": gate})
        client, _ = client_for(c, host)
        await client.start()
        worker = host.workers["engine"]
        await settle()
        assert worker.names()[2:] == ["best_move"]  # the hints and the study wait for the move
        gate.set()
        await until(lambda: c.game.ply == 1)
        await until(lambda: "analyse" in worker.names())
        hints = [args for name, args in worker.calls if name == "analyse"]
        assert hints, worker.names()
        await until(lambda: not client.hints.in_flight and not client.hints.waiting())
        assert client.hints.view()[0]  # the person's moves are valued

    run(scenario())


def test_a_call_that_crashes_makes_the_computer_unavailable_and_retry_boots_a_new_worker() -> None:
    async def scenario() -> None:
        c = vs_computer()
        host = FakeHost()
        host.configure = lambda w: w.crash.add("best_move")
        client, events = client_for(c, host)
        await client.start()
        await until(lambda: bool(client.ai.failure))
        assert client.check() and events[-1] == UNAVAILABLE
        assert client.health.unavailable and host.stopped == ["engine"]
        assert "stopped working" in str(client.health.reason) and c.game.ply == 0  # the game is kept
        assert client.health.notice(needed=True) is not None
        assert not client.ai.ready and not client.hints.ready and not client.study.ready
        host.configure = lambda w: None
        assert client.retry()
        await until(lambda: c.game.ply == 1)
        assert client.worker_name == "engine-1" and set(host.workers) == {"engine", "engine-1"}
        assert events[-2:] == [STARTING, READY] and not client.health.unavailable

    run(scenario())


def test_a_reply_that_never_comes_is_overdue() -> None:
    async def scenario() -> None:
        c = vs_computer()
        clock = FakeClock(start=1000.0)
        host = FakeHost()
        host.configure = lambda w: w.silent.add("best_move")
        client, events = client_for(c, host, clock)
        await client.start()
        await until(lambda: client.ai.in_flight)
        assert not client.check()  # not yet
        clock.now += client.ai.reply_seconds() + 1
        assert client.check() and events[-1] == UNAVAILABLE
        assert "did not answer" in str(client.health.reason)

    run(scenario())


def test_a_boot_that_takes_too_long_is_given_up_and_ignored_if_it_finishes() -> None:
    async def scenario() -> None:
        c = vs_computer()
        clock = FakeClock(start=1000.0)
        host = FakeHost()
        host.hang = True
        client, events = client_for(c, host, clock)
        task = client.start()
        await settle()
        clock.now += BOOT_SECONDS + 1
        assert client.check() and client.health.unavailable and events == [STARTING, UNAVAILABLE]
        task.cancel()
        host.refuse = "Its script could not be loaded."
        client.retry()
        await client.connect_task  # type: ignore[misc]
        assert events[-1] == UNAVAILABLE and str(client.health.reason) == "Its script could not be loaded."

    run(scenario())


def test_a_stale_search_is_stopped_through_the_shared_flag() -> None:
    async def scenario() -> None:
        c = Controller(players=Players((COMPUTER, HUMAN), (7, 7)))
        host = FakeHost(share=True)
        gate = asyncio.Event()
        host.configure = lambda w: w.gates.update({"best_move": gate})
        client, events = client_for(c, host)
        await client.start()
        await until(lambda: client.ai.in_flight)
        sent = next(args for name, args in host.workers["engine"].calls if name == "best_move")
        assert sent["epoch"] == 0  # each request carries the epoch it was made at
        c.new_game(rules=c.rules, players=Players((COMPUTER, HUMAN), (1, 1)))  # the search is stale
        client.schedule()
        client.schedule()  # once per request
        assert client.stop_flag is not None and client.stop_flag.epoch() == 1
        assert events.count(STOPPED_STALE) == 1 and client.stops == 1
        assert client.restart_task is None  # stopped in place: the worker is kept
        gate.set()
        await until(lambda: c.game.ply == 1)
        assert client.ai.dropped == 1 and host.stopped == []

    run(scenario())


def test_without_the_flag_a_long_stale_search_has_its_worker_replaced() -> None:
    async def scenario() -> None:
        c = Controller(players=Players((COMPUTER, HUMAN), (7, 7), 30.0))  # Expert at 30 s a move
        clock = FakeClock(start=1000.0)
        host = FakeHost()
        host.configure = lambda w: w.silent.add("best_move") if w.name == "engine" else None
        client, events = client_for(c, host, clock)
        await client.start()
        await until(lambda: client.ai.in_flight)
        assert client.ai.stale_seconds_left() == 0  # still wanted
        c.new_game(rules=c.rules, players=Players((COMPUTER, HUMAN), (1, 1)))
        assert client.ai.stale_seconds_left() > RESTART_AFTER_SECONDS
        client.schedule()
        assert client.restart_task is not None
        await until(lambda: c.game.ply == 1)
        assert host.stopped == ["engine"] and client.worker_name == "engine-1"
        assert RESTARTING in events and events[-1] == READY and client.restart_task is None

    run(scenario())


def test_a_stale_search_about_to_end_keeps_its_worker() -> None:
    async def scenario() -> None:
        c = Controller(players=Players((COMPUTER, HUMAN), (1, 1)))
        host = FakeHost()
        gate = asyncio.Event()
        host.configure = lambda w: w.gates.update({"best_move": gate})
        client, _ = client_for(c, host)
        await client.start()
        await until(lambda: client.ai.in_flight)
        c.undo() if c.game.ply else c.new_game(rules=c.rules, players=c.players)
        client.schedule()
        assert client.restart_task is None and host.stopped == []
        gate.set()
        await until(lambda: client.ai.replies >= 1)
        await until(lambda: c.game.ply == 1)

    run(scenario())


def test_the_page_may_call_the_worker_only_by_its_exported_names() -> None:
    async def scenario() -> None:
        client, _ = client_for(vs_computer(), FakeHost())
        try:
            client.call("ping")
        except RuntimeError as e:
            assert "not ready" in str(e)
        else:
            raise AssertionError("a call before the worker is ready must fail")
        await client.start()
        reply = json.loads(await client.call("ping", "{}"))
        assert reply["ok"]
        try:
            client.call("load")
        except ValueError as e:
            assert "no function 'load'" in str(e)
        else:
            raise AssertionError("load is the client's own")

    run(scenario())


def test_the_book_is_asked_while_the_explorer_watches_and_kept_per_position() -> None:
    async def scenario() -> None:
        c = Controller(players=Players((HUMAN, HUMAN), (1, 1)))
        host = FakeHost()
        client, _ = client_for(c, host)
        await client.start()
        await settle()
        worker = host.workers["engine"]
        assert "book" not in worker.names()  # the explorer is closed: nobody asks
        client.book.watch(True)
        client.schedule()
        await until(lambda: client.book.current() is not None)
        g = c.rules.geometry
        assert set(client.book.current() or {}) == {g.parse_square(n) for n in ("d3", "c4", "f5", "e6")}
        c.click("f5")
        client.schedule()
        await until(lambda: client.book.current() is not None)
        assert (client.book.current() or {}).get(g.parse_square("d6")) is not None
        c.undo()
        client.schedule()
        await settle()
        assert worker.names().count("book") == 2 and client.book.current()  # the start was known
        c.new_game(rules=Rules(size=10), players=c.players)
        client.schedule()
        await until(lambda: client.book.current() is not None)
        assert client.book.current() == {} and not client.book.error  # no book for 10x10

    run(scenario())


def test_the_graph_setting_off_values_no_move_until_the_review_asks() -> None:
    """Settings' "Value each move as the game is played" (on by default, remembered): off, the study
    asks the worker nothing about the game's moves; the review still values them, and on again the
    graph fills in."""

    async def scenario() -> None:
        c = Controller(players=Players((HUMAN, HUMAN), (1, 1)))
        assert c.graph is True and c.settings()["graph"] is True
        assert c.set_preference("graph", False) and c.settings()["graph"] is False
        restored = Controller()
        restored.load_settings(c.settings())
        assert restored.graph is False
        c.click("f5")
        c.click("d6")
        host = FakeHost()
        client, _ = client_for(c, host)
        await client.start()
        worker = host.workers["engine"]
        client.schedule()
        await settle()
        assert "analyse" not in worker.names() and not client.study.evals
        assert all(value is None for _ply, value, _exact in client.study.graph_points())
        client.study.reviewing = True  # the Review button
        client.schedule()
        await until(lambda: all(value is not None for _ply, value, _exact in client.study.graph_points()))
        client.study.reviewing = False
        c.click("c3")
        client.schedule()
        await settle()
        assert client.study.graph_points()[-1][1] is None  # off: the new move is not valued
        c.set_preference("graph", True)
        client.schedule()
        await until(lambda: client.study.graph_points()[-1][1] is not None)

    run(scenario())


def test_a_game_that_needs_no_engine_boots_none_until_something_does() -> None:
    """Two people with the graph off: no worker boots when the board takes moves (no memory, no
    CPU on a phone), moves are played without one; the first thing that needs it boots it (the
    hints here, a review or the explorer alike). A computer player or the graph boots it at once."""

    async def scenario() -> None:
        c = Controller(players=Players((HUMAN, HUMAN), (1, 1)))
        c.set_preference("graph", False)
        host = FakeHost()
        client, events = client_for(c, host)
        assert client.start_when_needed() is None
        assert events == [IDLE] and client.deferred
        c.click("f5")
        c.click("d6")
        client.schedule()
        await settle()
        assert host.workers == {} and client.worker is None
        assert c.toggle_hints()
        client.schedule()
        await until(lambda: client.worker is not None and client.hints.current() != {})
        assert events[1:] == [STARTING, READY] and not client.deferred
        assert list(host.workers) == ["engine"]

        # a caller outside the drivers (the snippet maker's puzzle) boots a deferred worker and waits for it
        quiet = Controller(players=Players((HUMAN, HUMAN), (1, 1)))
        quiet.set_preference("graph", False)
        third = FakeHost()
        third_client, _ = client_for(quiet, third)
        assert third_client.start_when_needed() is None and third.workers == {}
        worker = await third_client.worker_when_ready()
        assert worker is third.workers["engine"] and worker is third_client.worker
        third.refuse = "blocked"
        fourth_client, _ = client_for(quiet, third)
        fourth_client.start_when_needed()
        assert await fourth_client.worker_when_ready() is None and fourth_client.health.unavailable

        for controller in (vs_computer(), Controller(players=Players((HUMAN, HUMAN), (1, 1)))):
            other = FakeHost()
            other_client, other_events = client_for(controller, other)  # the graph on: the default
            task = other_client.start_when_needed()
            assert task is not None
            await task
            assert other_events == [STARTING, READY] and list(other.workers) == ["engine"]

    run(scenario())
