"""The page's one client of the engine's worker: who gets it and when, its boots, restarts and health. No DOM here.

The computer's move (:class:`reversi.ui.drivers.ai.AiDriver`), the hints
(:class:`reversi.ui.drivers.hints.HintDriver`), the coach's value of a person's move
(:class:`reversi.ui.drivers.coach.CoachDriver`), the study (:class:`reversi.ui.drivers.study.StudyDriver`:
analysis, the evaluation graph, the review), a game's balanced opening
(:class:`reversi.ui.drivers.balanced_start.OpeningDriver`) and the explorer's book values
(:class:`reversi.ui.drivers.book.BookDriver`) share one worker. :class:`EngineClient`
owns the drivers and the worker's life:

* **who asks, and when** (:meth:`EngineClient.schedule`, after every redraw): the
  computer's move first; the book's values (no search) when nothing else is asked; the hints
  when no move is being worked out; the study only when none of them wants the worker (and
  the computer is not to move, and the page is shown);
* **when to boot** (:meth:`EngineClient.start_when_needed`, once the board takes moves): at once
  when anything needs the worker (a computer player, the graph, the hints, the coach, the study,
  the explorer's book, a balanced opening); else not until something does (:meth:`EngineClient.needed`,
  asked at every :meth:`EngineClient.schedule`): a game between two people with the graph off costs
  no worker (its memory, its CPU on a phone) until a hint, an analysis or a review is asked for;
* **booting** (:meth:`EngineClient.connect`): the worker is booted by the
  :class:`WorkerHost` (the page's PyScript glue, or a fake in the tests), fetches its own
  files (``load``), is warmed up (``ping``), and only then are the drivers given it;
  a boot the client gave up on meanwhile is ignored;
* **health** (:meth:`EngineClient.check`, after every redraw and every second): a boot
  that takes too long, a call that fails at the boundary, a reply that does not come:
  the worker is stopped, the game kept, and the computer is unavailable until
  :meth:`EngineClient.retry` (:class:`reversi.ui.drivers.health.EngineHealth` decides);
* **helpers** (:class:`reversi.ui.drivers.pool.HelperPool`, when the page gives a host for them):
  more workers for the study, started once the worker boots (the board takes moves) and when the
  study has more positions to ask about than there are workers; each gets a lane of the study
  (:meth:`reversi.ui.drivers.study.StudyDriver.add_lane`), one that dies is replaced;
* **stale searches**: a search whose answer is no longer wanted (a new game, an undo)
  is stopped in place through the shared stop flag when there is one
  (:meth:`StopFlag.bump`: every search asked at an older epoch stops at its next clock
  check), else its worker is replaced (:meth:`EngineClient.restart`) when it would
  still run longer than :data:`RESTART_AFTER_SECONDS`: a new worker boots in seconds. The
  study's requests for positions the game no longer has are stopped the same way, on every
  worker (:meth:`reversi.ui.drivers.study.StudyDriver.stop_stale`).

What happens is told as events (:data:`IDLE`, :data:`STARTING`, :data:`READY`, :data:`UNAVAILABLE`,
:data:`RESTARTING`, :data:`STOPPED_STALE`) to ``on_event``; the page draws them (its
classes, the notice) and redraws on ``on_change``.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Awaitable, Callable
from typing import Any

from reversi.engine.protocol import Request
from reversi.i18n import Later
from reversi.ui.drivers.ai import AiDriver
from reversi.ui.drivers.balanced_start import OpeningDriver
from reversi.ui.drivers.book import BookDriver
from reversi.ui.drivers.coach import CoachDriver
from reversi.ui.drivers.health import EngineHealth, boot_reason
from reversi.ui.drivers.hints import HintDriver
from reversi.ui.drivers.pool import RESERVE_SECONDS, Device, Helper, HelperPool, shared_solve
from reversi.ui.drivers.requests import Ask, Redraw, Reply, json_ask, no_redraw
from reversi.ui.drivers.study import StudyDriver
from reversi.ui.drivers.workers import StopFlag as StopFlag
from reversi.ui.drivers.workers import Worker as Worker
from reversi.ui.drivers.workers import WorkerHost as WorkerHost
from reversi.ui.drivers.workers import WorkerUnavailable as WorkerUnavailable
from reversi.ui.ports import PageController
from reversi.ui.turns import computer_to_move

#: A search whose answer is no longer wanted is stopped (its worker replaced) when it
#: could still run longer than this: booting a new worker takes a few seconds.
RESTART_AFTER_SECONDS = 5.0
#: The study's answers redraw the page at most this often (seconds); the other drivers' at once.
STUDY_REDRAW_SECONDS = 0.25
#: The first worker's name; each restart names a new one (a stopped worker's name is not reused).
WORKER_NAME = "engine"

#: The events told to ``on_event``: nothing needs the worker yet (none is booted),
#: a boot began, the worker answers, the computer is
#: unavailable (the worker stopped), a worker is being replaced, a stale search was stopped.
IDLE = "idle"
STARTING = "starting"
READY = "ready"
UNAVAILABLE = "unavailable"
RESTARTING = "restarting"
STOPPED_STALE = "stopped-stale"


def _nothing() -> None:
    """An ``on_helpers`` that does nothing."""


def _no_event(kind: str) -> None:
    """An ``on_event`` that does nothing."""


class EngineClient:
    """The drivers of the worker, and its boots, restarts and health (see the module)."""

    def __init__(
        self,
        controller: PageController,
        host: WorkerHost,
        on_change: Redraw = no_redraw,
        on_event: Callable[[str], None] = _no_event,
        language: Callable[[], str] = lambda: "en",
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], Awaitable[Any]] = asyncio.sleep,
        helpers: WorkerHost | None = None,
        device: Device | None = None,
    ) -> None:
        self.controller = controller
        self.host = host
        self.on_change = on_change
        self.on_event = on_event
        self.language = language
        changed = self._changed  # the drivers redraw through on_change, whenever it is set
        self.sleep = sleep
        #: The page is hidden (as the last :meth:`schedule` was told); a study's redraw waiting.
        self.hidden = False
        self._redraw: asyncio.Future[None] | None = None
        self.ai = AiDriver(controller, on_change=changed, sleep=sleep, clock=clock)
        self.hints = HintDriver(controller, on_change=changed)
        self.coach = CoachDriver(controller, on_change=changed)
        self.study = StudyDriver(controller, on_change=self._study_changed, clock=clock)
        self.openings = OpeningDriver(controller, on_change=changed)
        self.book = BookDriver(controller, on_change=changed)
        self.health = EngineHealth(clock)
        #: The worker, once it answers; what its warm-up said; the stop flag shared with it.
        self.worker: Worker | None = None
        self.info: dict[str, Any] = {}
        self.stop_flag: StopFlag | None = None
        self.worker_name = WORKER_NAME
        self.restarts = 0
        #: How many stale searches were stopped through the flag (the page shows it for the tests).
        self.stops = 0
        self._stopped_for: Any = None
        self.restart_task: asyncio.Future[None] | None = None
        self.connect_task: asyncio.Future[None] | None = None
        #: Reasons the computer became unavailable, for the console.
        self.last_reason: Later | str = ""
        #: Told when the helpers that answer change, and when the engine's own worker is ready: the
        #: page gives the worker (the pool's master) the helpers for its solves.
        self.on_helpers: Callable[[], None] = _nothing
        #: The board takes moves but nothing has needed the worker yet (:meth:`start_when_needed`).
        self.deferred = False
        #: Solves shared with the helpers in flight (the study leaves the helpers alone meanwhile);
        #: the computer's moves whose exact solve the helpers shared.
        self.solving = 0
        self.shared_moves = 0
        #: The helper workers (None: the page has only the one worker).
        self.pool: HelperPool | None = None
        if helpers is not None:
            self.pool = HelperPool(helpers, device or Device(), on_ready=self._helper_ready,
                                   on_gone=self._helper_gone, on_change=changed, language=language, clock=clock)

    def _changed(self) -> None:
        self.on_change()

    @property
    def drivers(self) -> tuple[AiDriver, HintDriver, CoachDriver, StudyDriver, OpeningDriver, BookDriver]:
        return (self.ai, self.hints, self.coach, self.study, self.openings, self.book)

    # -- booting ------------------------------------------------------------------------------

    def start_when_needed(self) -> asyncio.Future[None] | None:
        """The board takes moves: boot the worker now if anything needs it (:meth:`needed`), else at
        the first :meth:`schedule` that finds it needed. The boot's task, or None (deferred)."""
        if self.needed():
            return self.start()
        self.deferred = True
        self.on_event(IDLE)
        self.on_change()  # drawn before: what waits for a worker (the Hints button) is usable now
        return None

    def needed(self) -> bool:
        """Whether anything wants the worker: a computer player (its first move should not wait for a
        boot), the graph setting, a balanced opening to draw, hints or the coach due, the explorer's
        book open, or positions for the study to ask about (an analysis, a review)."""
        c = self.controller
        self.study.graphing = c.graph
        return (
            c.players.any_computer
            or c.graph
            or c.opening_pending is not None
            or self.hints.waiting()
            or self.coach.waiting()
            or self.book.watching
            or bool(self.study.jobs(1))
        )

    async def worker_when_ready(self) -> Worker | None:
        """The worker for a caller outside the drivers (the snippet maker's puzzle): booted now if
        nothing had needed it yet, awaited while it boots; None when the computer is unavailable."""
        if self.worker is None and self.deferred:
            self.start()
        task = self.connect_task
        if self.worker is None and task is not None and not task.done():
            await asyncio.shield(task)  # the caller's cancellation leaves the boot alone
        return self.worker

    def start(self) -> asyncio.Future[None]:
        """Boot the worker in the background."""
        self.deferred = False
        self.connect_task = asyncio.ensure_future(self.connect())
        return self.connect_task

    async def connect(self) -> None:
        """Boot the worker, have it fetch its files and warm it up; then the drivers get it."""
        attempt = self.health.boot()
        if self.pool is not None:
            # the board takes moves (the page calls start() then): helpers may start beside this worker,
            # when the study has work for them (a game loaded, reviewed)
            self.pool.enabled = True
            self.poke_study()
        self.on_event(STARTING)
        name = self.worker_name
        try:
            worker = await self.host.boot(name)
            loaded = json.loads(await worker.call("load", json.dumps({"site": self.host.site})))
            if not loaded.get("ok"):
                raise RuntimeError(loaded.get("error", "the engine's files could not be fetched"))
            info = json.loads(await worker.call("ping", json.dumps({"lang": self.language()})))
            if not info.get("ok"):
                raise RuntimeError(info.get("error", "the engine failed its warm-up"))
        except WorkerUnavailable as e:
            if self.health.is_current(attempt):
                self.unavailable(e.reason)
            return
        except Exception as e:
            if self.health.is_current(attempt):
                self.unavailable(boot_reason(str(e)))
            return
        if not self.health.is_current(attempt):
            return  # given up on meanwhile (its worker was stopped)
        self.stop_flag = await self.host.share_stop(worker)
        if not self.health.is_current(attempt):
            return
        self.health.up()
        self.worker = worker
        self.info = info
        self.hints.set_engine(json_ask(worker.call, "analyse", self._epoch))
        self.coach.set_engine(json_ask(worker.call, "analyse", self._epoch))
        self.study.set_engine(json_ask(worker.call, "analyse", self._epoch))
        self.ai.set_engine(self._move_ask(worker))
        self.openings.set_engine(json_ask(worker.call, "opening", self._epoch))
        self.book.set_engine(json_ask(worker.call, "book"))
        self.on_event(READY)
        self.on_helpers()
        self.on_change()

    def _move_ask(self, worker: Worker) -> Ask:
        """The computer's moves: near the end of a game at full strength the helpers are kept up,
        and the move's exact solve is shared with them (the study leaves them alone meanwhile)."""
        alone = json_ask(worker.call, "best_move", self._epoch)
        shared = json_ask(worker.call, "best_move", lambda: {**self._epoch(), "helpers": True})

        async def ask(request: Request) -> Reply:
            keep, share = shared_solve(request, self.pool) if self.pool is not None else (False, False)
            if keep:
                self.reserve_helpers(RESERVE_SECONDS)
            if not share:
                return await alone(request)
            self.solving += 1
            try:
                reply = await shared(request)
            finally:
                self.solving -= 1
                self.poke_study()
            workers = reply.get("workers")
            if isinstance(workers, int) and workers >= 2:
                self.shared_moves += 1
            return reply

        return ask

    def _helper_ready(self, helper: Helper) -> None:
        """A helper answers: the study asks it too (its requests carry its own stop epoch)."""
        self.study.add_lane(helper.name, json_ask(helper.worker.call, "analyse", helper.epoch), helper.flag)
        self.on_helpers()

    def _helper_gone(self, name: str) -> None:
        self.study.remove_lane(name)
        self.on_helpers()

    def helper_died(self, name: str, reason: str) -> None:
        """The page saw the helper ``name`` die (its worker's error): it is replaced when work wants it."""
        if self.pool is not None and self.pool.lost(name, reason):
            self.on_change()

    def reserve_helpers(self, seconds: float) -> None:
        """Keep the helpers up for a solve shared between them (see :meth:`HelperPool.reserve`)."""
        if self.pool is not None:
            self.pool.reserve(seconds)
            self.poke_study()

    def _epoch(self) -> dict[str, Any]:
        """The stop epoch each request is made at (when the flag is shared)."""
        flag = self.stop_flag
        return {} if flag is None else {"epoch": flag.epoch()}

    # -- who gets the worker --------------------------------------------------------------------

    def schedule(self, hidden: bool = False) -> None:
        """After every redraw: the computer's move, else the hints, else the study (not while
        the page is ``hidden``); a stale search stopped or its worker replaced. A game's balanced
        opening is drawn before all of them (nobody moves until it is there). A boot deferred by
        :meth:`start_when_needed` starts once something needs the worker."""
        if self.deferred and self.needed():
            self.start()
        self.openings.poke()
        self.ai.poke()
        self.stop_stale_search()
        self.stop_stale_study()
        # the explorer's book values: no search, so before the hints and the study
        self.book.poke(busy=self.openings.in_flight or self.ai.in_flight or self.hints.in_flight
                       or self.study.in_flight)
        self.hints.poke(busy=self.ai.in_flight)
        self.coach.poke(busy=self.ai.in_flight or self.hints.in_flight or self.hints.waiting())
        self.hidden = hidden
        self.poke_study()
        if (
            self.stop_flag is None  # with the stop flag, the search has stopped already
            and self.ai.stale_seconds_left() > RESTART_AFTER_SECONDS
            and self.restart_task is None
        ):
            self.restart_task = asyncio.ensure_future(self.restart())

    def poke_study(self) -> None:
        """The study asks its next positions of the free workers (the engine's own only when no other
        driver needs it), and the pool is told how much work there is."""
        hidden = self.hidden
        busy = (
            self.openings.in_flight
            or self.ai.in_flight
            or self.book.in_flight
            or self.hints.in_flight
            or self.hints.waiting()
            or self.coach.in_flight
            or self.coach.waiting()
            or computer_to_move(self.controller) is not None
            or hidden
        )
        self.study.graphing = self.controller.graph  # the person's setting
        self.study.poke(busy=busy, hidden=hidden, helpers_busy=self.solving > 0)
        if self.pool is not None:
            self.pool.want(0 if hidden else self.study.backlog())

    def _study_changed(self) -> None:
        """A study's answer came: its next positions go out at once, and the page redraws soon after,
        once for all the answers meanwhile (a review on several workers answers many times a second,
        and each redraw is the whole page's)."""
        self.poke_study()
        if self._redraw is None:
            self._redraw = asyncio.ensure_future(self._redraw_soon())

    async def _redraw_soon(self) -> None:
        try:
            await self.sleep(STUDY_REDRAW_SECONDS)
        finally:
            self._redraw = None
        self.on_change()

    def stop_stale_search(self) -> None:
        """The computer's search is no longer wanted: with the shared flag, move the epoch on
        (once per request: the same position may be asked again)."""
        pending = self.ai.pending
        if self.stop_flag is None or pending is None or self.ai.is_current(pending):
            return
        request = (pending, self.ai.sent_at)
        if self._stopped_for == request:
            return
        self._stopped_for = request
        self.stop_flag.bump()
        self.stops += 1
        self.on_event(STOPPED_STALE)

    def stop_stale_study(self) -> None:
        """The study's requests for positions no longer wanted stop, on every worker that shares a flag
        (the engine's own only when nothing else runs there: its flag stops every older request)."""
        others = self.ai.in_flight or self.hints.in_flight or self.openings.in_flight
        self.study.stop_stale(None if others else self.stop_flag)

    # -- health ------------------------------------------------------------------------------

    def check(self) -> bool:
        """Give up on the worker if it failed, is overdue or did not boot in time; True if so."""
        reason = self.health.verdict((self.ai, self.hints, self.openings, self.book))
        if not reason:
            if self.pool is not None and self.pool.check(self._helper_busy, self._helper_failed):
                self.on_change()
            return False
        self.unavailable(reason)
        return True

    def _helper_busy(self, name: str) -> bool:
        lane = self.study.lanes.get(name)
        return lane is not None and lane.in_flight

    def _helper_failed(self, name: str) -> str:
        """Why the helper ``name`` is lost ('' if it is not): its call failed, or its reply is overdue."""
        lane = self.study.lanes.get(name)
        if lane is None:
            return ""
        if lane.failure:
            return lane.failure
        return f"no reply within {lane.reply_seconds():g} seconds" if lane.overdue() else ""

    def drop(self) -> None:
        """Forget the worker: every request in flight is abandoned and no driver asks it again."""
        for driver in self.drivers:
            driver.abandon()
            driver.set_engine(None)
        self.worker = None
        self.stop_flag = None

    def unavailable(self, reason: Later | str) -> None:
        """Stop the worker and make the computer unavailable (``reason``); the game is kept."""
        self.last_reason = reason
        self.drop()
        self.health.down(reason)
        if self.controller.drop_opening():  # a game waiting for its opening starts from the usual start
            self.openings.error = str(reason)
        self.host.stop(self.worker_name)
        if self.pool is not None:
            self.pool.stop_all()
        self.on_event(UNAVAILABLE)
        self.on_change()

    def retry(self) -> bool:
        """Retry after the computer became unavailable: a new worker boots (the game stays)."""
        if not self.health.unavailable:
            return False
        self.next_worker()
        self.start()
        self.on_change()
        return True

    async def restart(self) -> None:
        """Stop the worker (its search's answer is no longer wanted) and boot a new one."""
        try:
            self.drop()
            self.on_event(RESTARTING)
            self.host.stop(self.worker_name)
            self.next_worker()
            self.on_change()
            await self.connect()
        finally:
            self.restart_task = None

    def next_worker(self) -> None:
        """Name a new worker (a stopped worker's name is not reused)."""
        self.restarts += 1
        self.worker_name = f"{WORKER_NAME}-{self.restarts}"

    def choose_workers(self, choice: int) -> None:
        """The person's choice of workers in all (0: automatic): helpers beyond it stop at the next :meth:`check`."""
        if self.pool is not None:
            self.pool.choose(choice)

    def call(self, name: str, payload: str = "{}") -> Awaitable[str]:
        """A worker function for the page's scripts and benchmarks (``window.reversiEngine``); a
        ``solve`` shares its work with the helpers the worker was given, which the study leaves alone
        meanwhile."""
        if name not in ("ping", "best_move", "analyse", "bench", "opening", "book", "memory", "solve"):
            raise ValueError(f"the engine has no function {name!r}")
        if self.worker is None:
            raise RuntimeError("the engine is not ready")
        if name == "solve":
            return asyncio.ensure_future(self._solve(self.worker, payload))  # running at once, awaited or not
        return self.worker.call(name, payload)

    async def _solve(self, worker: Worker, payload: str) -> str:
        self.solving += 1
        try:
            request = json.loads(payload)
            if isinstance(request, dict):  # made at the stop epoch of now: a stale solve stops on every worker
                payload = json.dumps({**self._epoch(), **request})
            return await worker.call("solve", payload)
        finally:
            self.solving -= 1
            self.poke_study()
