"""The engine's helper workers under CPython, with fake workers: how many a device gets, when they
start and go, the study on all of them at once, a dead helper replaced, stale requests stopped.

The fake workers answer with the real worker module's functions (``reversi.engine.worker``), so the
study's values are the engine's. The games studied start from positions of few empty squares,
which every slice solves exactly: their values do not depend on which worker gave them.
"""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Callable
from typing import Any

from support import FakeClock, run

from reversi import Rules
from reversi.core.game import Game
from reversi.engine import worker as real_worker
from reversi.engine.protocol import MoveRequest
from reversi.formats.notation import play_transcript
from reversi.ui.controller import Controller
from reversi.ui.drivers.client import EngineClient
from reversi.ui.drivers.pool import (
    IDLE_SECONDS,
    MAX_BOOT_FAILURES,
    MAX_WORKERS,
    RESERVE_AHEAD,
    Device,
    automatic_workers,
    choice_options,
    shared_solve,
    workers_in_all,
    working_text,
)
from reversi.ui.drivers.study import review_marks
from reversi.ui.drivers.workers import StopFlag, Worker, WorkerUnavailable
from reversi.ui.players import COMPUTER, HUMAN, Players


class Flag:
    def __init__(self) -> None:
        self.value = 0

    def epoch(self) -> int:
        return self.value

    def bump(self) -> None:
        self.value += 1


class FakeWorker:
    """Answers as the real worker does; ``crash`` and ``silent`` sets of functions, ``gate`` on analyse."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.calls: list[str] = []
        self.crash: set[str] = set()
        self.silent: set[str] = set()
        self.gate: asyncio.Event | None = None

    async def call(self, name: str, payload: str, /) -> str:
        self.calls.append(name)
        if name == "analyse" and self.gate is not None:
            await self.gate.wait()
        if name in self.silent:
            await asyncio.Event().wait()
        await asyncio.sleep(0)
        if name in self.crash:
            raise RuntimeError("the worker died")
        if name == "load":
            return json.dumps({"ok": True, "files": 1, "bytes": 1, "seconds": 0})
        return str(getattr(real_worker, name)(payload))


class FakeHost:
    site = "http://127.0.0.1:1/"

    def __init__(self, share: bool = False) -> None:
        self.workers: dict[str, FakeWorker] = {}
        self.flags: dict[str, Flag] = {}
        self.stopped: list[str] = []
        self.share = share
        self.refuse = ""
        self.configure: Callable[[FakeWorker], None] = lambda w: None

    async def boot(self, name: str) -> Worker:
        if self.refuse and name != "engine":
            raise WorkerUnavailable(self.refuse)
        worker = FakeWorker(name)
        self.configure(worker)
        self.workers[name] = worker
        return worker

    def stop(self, name: str) -> None:
        self.stopped.append(name)
        if name in self.workers:
            self.workers[name].silent |= {"analyse", "ping", "best_move"}

    async def share_stop(self, worker: Worker) -> StopFlag | None:
        if not self.share:
            return None
        flag = Flag()
        self.flags[worker.name] = flag  # type: ignore[attr-defined]
        return flag


def endgame(empties: int = 9, seed: int = 7) -> Game:
    """A game from a position with ``empties`` empty squares to its end (random moves)."""
    rng = random.Random(seed)
    while True:
        start = Game(Rules())
        while start.position.empty.bit_count() > empties and not start.position.is_over:
            start.play(rng.choice(start.position.legal_moves()))
        game = play_transcript(start.position, "")
        while not game.position.is_over:
            game.play(rng.choice(game.position.legal_moves()))
        if len(game.main_line()) >= empties:
            return game


async def until(check: Callable[[], bool], seconds: float = 60.0) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + seconds
    while not check():
        if loop.time() > deadline:
            raise AssertionError("the condition did not come")
        await asyncio.sleep(0.002)


def client_for(c: Controller, host: FakeHost, device: Device, clock: FakeClock | None = None) -> EngineClient:
    client = EngineClient(c, host, clock=clock or FakeClock(start=1000.0), helpers=host, device=device)
    client.on_change = lambda: client.schedule()
    return client


def studied(game: Game) -> Controller:
    c = Controller(players=Players())
    c.load_game(game)
    return c


def done(client: EngineClient) -> bool:
    return client.study.backlog() == 0


# -- how many ----------------------------------------------------------------------------------


def test_how_many_workers_a_device_gets() -> None:
    assert automatic_workers(Device(cores=8)) == MAX_WORKERS == 4
    assert automatic_workers(Device(cores=2)) == 2 and automatic_workers(Device(cores=1)) == 1
    assert automatic_workers(Device(cores=0)) == 1  # a browser that says nothing
    assert automatic_workers(Device(cores=8, memory_gb=2)) == 2  # a small device: one helper at most
    assert automatic_workers(Device(cores=8, memory_gb=1)) == 2
    assert automatic_workers(Device(cores=8, memory_gb=4)) == 4
    assert automatic_workers(Device(cores=8, save_data=True)) == 1  # Save-Data: no helper
    assert workers_in_all(0, 4) == 4 and workers_in_all(2, 4) == 2 and workers_in_all(9, 4) == 4
    assert [v for v, _ in choice_options(3)] == [0, 1, 2, 3] and choice_options(3)[0][1] == "Automatic (3)"


# -- the study on the pool -------------------------------------------------------------------------


def review(game: Game, device: Device, host: FakeHost | None = None) -> tuple[EngineClient, FakeHost]:
    host = host or FakeHost()
    c = studied(game)
    client = client_for(c, host, device)

    async def scenario() -> None:
        client.schedule()
        await client.start()
        client.study.reviewing = True
        client.schedule()
        await until(lambda: done(client) and not client.study.asked())

    run(scenario())
    return client, host


def test_a_review_on_two_workers_gives_the_marks_of_one() -> None:
    game = endgame()
    one, host1 = review(game, Device(cores=1))
    two, host2 = review(game, Device(cores=2))
    assert set(host1.workers) == {"engine"} and one.study.helper_replies == 0
    assert set(host2.workers) == {"engine", "helper-1"}
    assert two.study.helper_replies > 0 and host2.workers["helper-1"].calls[:2] == ["load", "ping"]
    evals1, evals2 = one.study.evals, two.study.evals
    assert set(evals1) == set(evals2) and all(e.exact for e in evals1.values())
    assert {p: e.scores for p, e in evals1.items()} == {p: e.scores for p, e in evals2.items()}
    assert review_marks(game, evals1) == review_marks(game, evals2)
    assert one.pool is not None and one.pool.named == 0  # one core: no helper is ever started


def test_no_helper_before_the_page_starts_the_engine_nor_for_one_position() -> None:
    async def scenario() -> None:
        c = studied(Game(Rules()))
        host = FakeHost()
        client = client_for(c, host, Device(cores=4))
        client.schedule()
        assert client.pool is not None and client.pool.booting == ""  # the board does not take moves yet
        await client.start()
        await until(lambda: done(client) and not client.study.asked())
        assert set(host.workers) == {"engine"}  # one position: the engine's own worker does it
        c.load_game(endgame())  # a whole game to evaluate: helpers start, one at a time
        client.schedule()
        assert client.pool.booting == "helper-1"
        await until(lambda: done(client) and not client.study.asked())
        assert client.pool.named >= 2 and set(host.workers) >= {"helper-1", "helper-2"}

    run(scenario())


def test_a_game_to_study_at_the_start_boots_a_helper_beside_the_engines_worker() -> None:
    async def scenario() -> None:
        host = FakeHost()
        gate = asyncio.Event()

        class SlowEngine(FakeWorker):
            async def call(self, name: str, payload: str, /) -> str:
                if name == "load":
                    await gate.wait()  # the engine's own worker takes its time to boot
                return await super().call(name, payload)

        async def boot(name: str) -> Worker:
            worker = SlowEngine(name) if name == "engine" else FakeWorker(name)
            host.workers[name] = worker
            return worker

        host.boot = boot  # type: ignore[method-assign]
        client = client_for(studied(endgame()), host, Device(cores=2))
        task = client.start()
        client.schedule()  # the page redraws meanwhile
        await until(lambda: client.study.helper_replies >= 2)  # the helper works before the engine is there
        assert client.worker is None and "helper-1" in host.workers
        gate.set()
        await task
        await until(lambda: done(client) and not client.study.asked())

    run(scenario())


def test_save_data_starts_no_helper_and_the_choice_of_fewer_stops_them() -> None:
    async def scenario() -> None:
        host = FakeHost()
        client = client_for(studied(endgame()), host, Device(cores=4, save_data=True))
        await client.start()
        await until(lambda: done(client) and not client.study.asked())
        assert set(host.workers) == {"engine"}

        host = FakeHost()
        gate = asyncio.Event()
        host.configure = lambda w: setattr(w, "gate", gate if w.name != "engine" else None)
        client = client_for(studied(endgame()), host, Device(cores=3))
        await client.start()
        await until(lambda: client.pool is not None and len(client.pool.helpers) == 2)
        assert client.pool.working == 3 and client.pool.size == 3
        assert working_text(client.pool) == "The engine is using 3 workers now."
        client.choose_workers(1)  # the person chose one worker: the helpers stop, their jobs go back
        client.check()
        assert client.pool.working == 1 and set(host.stopped) == {"helper-1", "helper-2"}
        assert not client.study.lanes
        gate.set()
        await until(lambda: done(client) and not client.study.asked())
        assert client.pool.named == 2  # none started again

    run(scenario())


def test_a_helper_that_dies_is_replaced_and_its_job_asked_again() -> None:
    async def scenario() -> None:
        host = FakeHost()
        host.configure = lambda w: w.crash.add("analyse") if w.name == "helper-1" else None
        game = endgame()
        client = client_for(studied(game), host, Device(cores=2))
        await client.start()
        await until(lambda: "helper-1" in client.study.lanes and bool(client.study.lanes["helper-1"].failure))
        client.check()
        assert client.pool is not None and client.pool.replaced == 1 and "helper-1" in host.stopped
        await until(lambda: done(client) and not client.study.asked())
        assert "helper-2" in client.pool.helpers and client.study.helper_replies > 0
        assert all(e.exact and not e.error for e in client.study.evals.values())  # nothing lost

    run(scenario())


def test_a_helper_that_never_answers_is_replaced_when_its_reply_is_overdue() -> None:
    async def scenario() -> None:
        host = FakeHost()
        host.configure = lambda w: w.silent.add("analyse") if w.name == "helper-1" else None
        clock = FakeClock(start=1000.0)
        client = client_for(studied(endgame()), host, Device(cores=2), clock)
        await client.start()
        await until(lambda: "helper-1" in client.study.lanes and client.study.lanes["helper-1"].in_flight)
        assert not client.check()
        clock.now += 60  # far past the slice and its margin
        client.check()
        assert client.pool is not None and client.pool.replaced == 1
        await until(lambda: done(client) and not client.study.asked())
        assert "helper-2" in host.workers

    run(scenario())


def test_an_idle_helper_goes_and_one_that_cannot_boot_is_given_up() -> None:
    async def scenario() -> None:
        clock = FakeClock(start=1000.0)
        host = FakeHost()
        client = client_for(studied(endgame()), host, Device(cores=2), clock)
        await client.start()
        await until(lambda: done(client) and not client.study.asked())
        assert client.pool is not None and list(client.pool.helpers) == ["helper-1"]
        client.check()
        clock.now += IDLE_SECONDS + 1
        client.check()
        assert not client.pool.helpers and host.stopped == ["helper-1"] and client.pool.retired == 1

        host = FakeHost()
        host.refuse = "no script"
        client = client_for(studied(endgame()), host, Device(cores=2))
        await client.start()
        await until(lambda: done(client) and not client.study.asked())
        assert client.pool is not None and client.pool.failures == MAX_BOOT_FAILURES
        assert client.pool.named == MAX_BOOT_FAILURES and not client.pool.helpers

    run(scenario())


def test_a_stale_review_stops_on_every_worker() -> None:
    async def scenario() -> None:
        host = FakeHost(share=True)
        gate = asyncio.Event()
        host.configure = lambda w: setattr(w, "gate", gate)
        client = client_for(studied(endgame()), host, Device(cores=2))
        task = client.start()
        await until(lambda: client.pool is not None and "helper-1" in client.pool.helpers
                    and client.study.lanes["helper-1"].in_flight and client.study.in_flight)
        await task
        engine_flag, helper_flag = client.stop_flag, host.flags["helper-1"]
        assert isinstance(engine_flag, Flag) and engine_flag.value == 0 and helper_flag.value == 0
        client.controller.new_game(rules=Rules())  # the game changed: neither position is wanted now
        client.schedule()
        assert engine_flag.value == 1 and helper_flag.value == 1 and client.study.stops == 2
        assert client.study.stops_by == {"engine": 1, "helper-1": 1}
        client.schedule()
        assert client.study.stops == 2  # once per request
        gate.set()
        await until(lambda: done(client) and not client.study.asked())
        start = client.controller.position
        assert list(client.study.evals) == [start]  # the stopped replies were dropped

    run(scenario())


def test_the_worker_says_how_much_memory_it_holds() -> None:
    reply: Any = json.loads(real_worker.memory())
    assert reply == {"bytes": 0, "how": "none"}  # under CPython; in the browser: its WebAssembly memory


def test_the_choice_is_saved_with_the_settings_and_old_or_bad_states_are_read() -> None:
    from reversi.ui.store.saved_state import SavedState, dump_state, load_state

    c = Controller()
    assert "workers" not in c.settings()  # automatic: nothing stored, as before
    assert c.set_engine_workers(2) and not c.set_engine_workers(2)
    state = load_state(dump_state(SavedState(c.game, c.settings())))
    back = Controller()
    back.load_settings(state.settings)
    assert back.engine_workers == 2 and not state.reset
    old = json.loads(dump_state(SavedState(c.game, Controller().settings())))  # a state from before the choice
    assert "workers" not in old["settings"] and load_state(json.dumps(old)).settings.get("workers") is None
    for bad in ("2", -1, 65, 2.5, True, None, [2]):
        old["settings"]["workers"] = bad
        state = load_state(json.dumps(old))  # the game is read, the bad choice is left out and said
        assert "workers" not in state.settings and any("settings.workers" in r for r in state.reset), bad
        kept = Controller()
        kept.load_settings({"workers": bad})
        assert kept.engine_workers == 0


def test_a_solve_keeps_as_many_helpers_as_workers_and_the_study_leaves_them_alone() -> None:
    async def scenario() -> None:
        clock = FakeClock(start=1000.0)
        host = FakeHost()
        c = studied(Game(Rules()))
        client = client_for(c, host, Device(cores=2), clock)
        await client.start()
        client.reserve_helpers(60)  # the engine's own worker is the solve's master: two helpers work
        await until(lambda: client.pool is not None and len(client.pool.helpers) == 2)
        client.solving = 1  # a solve shares its jobs with them: the study asks only the engine's own worker
        c.load_game(endgame())
        client.schedule()
        await until(lambda: done(client) and not client.study.asked())
        assert client.study.helper_replies == 0
        assert all("analyse" not in host.workers[n].calls for n in ("helper-1", "helper-2"))
        client.solving = 0
        client.helper_died("helper-1", "the helper stopped: killed")  # the page saw it die
        assert client.pool.replaced == 1 and "helper-1" in host.stopped and "helper-1" not in client.pool.helpers
        await until(lambda: "helper-3" in client.pool.helpers)  # reserved: replaced at once
        clock.now += IDLE_SECONDS + 1
        client.check()
        assert len(client.pool.helpers) == 2  # still reserved: none goes for lack of study
        clock.now += 60
        client.check()
        clock.now += IDLE_SECONDS + 1
        client.check()
        assert not client.pool.helpers  # the reservation over, idle: they go

    run(scenario())


# -- the computer's exact solve on the helpers ------------------------------------------------------


def game_at(empties: int, seed: int = 3, rules: Rules | None = None) -> Game:
    """A game played at random until ``empties`` empty squares are left (or fewer: a pass)."""
    rng = random.Random(seed)
    game = Game(rules or Rules())
    while game.position.empty.bit_count() > empties and not game.position.is_over:
        game.play(rng.choice(game.position.legal_moves()))
    assert game.position.empty.bit_count() == empties and not game.position.is_over
    return game


def test_which_computer_moves_keep_the_helpers_up_and_share_their_solve() -> None:
    from reversi.engine.levels import LEVELS, shared_exact_empties
    from reversi.engine.protocol import AnalyseRequest, Limits, MoveRequest
    from reversi.ui.drivers.pool import HelperPool

    expert, advanced = LEVELS[-1].level, LEVELS[-2].level
    point = shared_exact_empties(expert, None, 64)
    assert point == LEVELS[-1].exact_empties + 2 and shared_exact_empties(advanced, None, 64) == 0
    assert shared_exact_empties(None, 5.0, 64) > point  # a longer time solves sooner still
    assert shared_exact_empties(expert, None, 36) == 0 and shared_exact_empties(expert, None, 100) == 0

    pool = HelperPool(FakeHost(), Device(cores=2))
    pool.helpers = {"helper-1": None, "helper-2": None}  # type: ignore[dict-item]  # two answer

    def verdict(empties: int, level: int | None = expert, pool: HelperPool = pool, **limits: Any) -> tuple[bool, bool]:
        return shared_solve(MoveRequest.in_game(game_at(empties), level=level, limits=Limits(**limits)), pool)

    assert verdict(point) == (True, True) and verdict(point - 5) == (True, True)
    assert verdict(point + 1) == (True, False) and verdict(point + RESERVE_AHEAD) == (True, False)
    assert verdict(point + RESERVE_AHEAD + 1) == (False, False)
    assert verdict(point, level=advanced) == (False, False)  # the ladder below Expert is unchanged
    assert verdict(point, exact_empties=10) == (False, False)  # an exact point asked for is kept
    timed = shared_exact_empties(None, 5.0, 64)
    assert verdict(timed, level=None, seconds=5.0) == (True, True)  # a time per move solves sooner
    assert verdict(timed + 1, level=None, seconds=5.0) == (True, False)
    one_helper = HelperPool(FakeHost(), Device(cores=2))
    one_helper.helpers = {"helper-1": None}  # type: ignore[dict-item]
    assert verdict(point, pool=one_helper) == (True, False)  # kept up, but one helper is no split
    assert verdict(point, pool=HelperPool(FakeHost(), Device(cores=1))) == (False, False)
    small = MoveRequest.in_game(game_at(14, rules=Rules(size=6)), level=expert)
    assert shared_solve(small, pool) == (False, False)
    assert shared_solve(AnalyseRequest.in_game(game_at(point)), pool) == (False, False)


def test_an_expert_move_near_the_end_keeps_the_helpers_up_and_asks_them_to_share_its_solve() -> None:
    from reversi.engine.levels import LEVELS, shared_exact_empties

    point = shared_exact_empties(LEVELS[-1].level, None, 64)
    payloads: list[dict[str, Any]] = []
    pools: list[Any] = []  # the client's pool, once made: how many helpers answer at each move

    def record(worker: FakeWorker) -> None:
        call = worker.call

        async def recording(name: str, payload: str, /) -> str:
            if name != "best_move":
                return await call(name, payload)
            payloads.append({**json.loads(payload), "up": len(pools[0].helpers) if pools else 0})
            position = MoveRequest.from_json(json.loads(payload)).position()
            move = position.rules.geometry.name(position.legal_moves()[0])
            workers = 2 if "helpers" in payloads[-1] else 1
            return json.dumps({"move": move, "score": 0, "depth": 1, "nodes": 1, "seconds": 0.0, "exact": False,
                               "level": 7, "pv": [move], "book": False, "workers": workers})

        worker.call = recording  # type: ignore[method-assign]

    async def scenario() -> None:
        host = FakeHost()
        host.configure = record
        c = Controller(players=Players((HUMAN, COMPUTER), (7, 7)))
        c.load_game(game_at(point + RESERVE_AHEAD + 2, seed=4))
        c.graph = False  # no study: only the computer's moves ask the workers
        client = EngineClient(c, host, clock=FakeClock(start=1000.0), helpers=host, device=Device(cores=2),
                              sleep=lambda seconds: asyncio.sleep(0))  # no pause before the computer's moves
        client.on_change = lambda: client.schedule()
        pools.append(client.pool)
        await client.start()
        while not c.position.is_over:
            if c.position.turn == 0 and not c.position.must_pass:
                c.place(c.position.legal_moves()[-1])  # the person's move
            client.schedule()
            await until(lambda: not client.ai.in_flight and (c.position.turn == 0 or c.position.is_over), 30)
            await asyncio.sleep(0)
        asked = [(MoveRequest.from_json(p).position().empty.bit_count(), p.get("helpers", False), p["up"])
                 for p in payloads]
        # shared exactly when within the point and two helpers answer (they boot once the end is near)
        assert all(shared == (empties <= point and up >= 2) for empties, shared, up in asked), asked
        assert asked[0][0] > point + RESERVE_AHEAD and asked[0][2] == 0  # too far from the end: none booted
        assert sum(shared for _e, shared, _up in asked) >= 3 and client.shared_moves == sum(s for _e, s, _u in asked)
        assert client.pool is not None and client.pool.reserved and client.solving == 0

    run(scenario())
