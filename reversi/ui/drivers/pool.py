"""The engine's helper workers: how many, when they start and go, who replaces one that dies. No DOM here.

Besides the engine's own worker (the computer's moves, the hints), the page may start
*helpers*: more workers with the same engine, each restored from the engine's memory
snapshot (so it starts in well under a second once the snapshot is made). Work whose parts
are independent (the study: analysis, the evaluation graph, the review) runs on all of them
at once (:class:`reversi.ui.drivers.study.StudyLane`).

* **How many**, in all (the engine's own worker counted): :func:`automatic_workers` of the
  device: its cores (the page's own thread is idle while the engine thinks), at most
  :data:`MAX_WORKERS`; at most :data:`SMALL_DEVICE_WORKERS` on a device of
  :data:`SMALL_DEVICE_GB` or less; one (no helper) where the reader asked to save data.
  The person may choose fewer in the settings (:attr:`HelperPool.choice`). An exact solve shared
  between the workers (:mod:`reversi.engine.shared_carrier`) has its master in the engine's own
  worker, which waits while the helpers work: for it the pool keeps that many *helpers* up
  (:meth:`HelperPool.reserve`).
* **When**: never before the board takes moves (the engine's own worker boots then, and a
  helper may boot beside it); a helper boots when there is more work than workers (:meth:`HelperPool.want`), one boot
  at a time, and goes when it has had nothing to do for :data:`IDLE_SECONDS`
  (:meth:`HelperPool.check`).
* **A helper that dies** (a call fails, a reply is overdue) is stopped and its jobs are
  asked again (the study asks any position it has no answer for); the next
  :meth:`HelperPool.want` boots a new one. A helper that cannot boot is given up after
  :data:`MAX_BOOT_FAILURES` tries in a row: the engine's own worker does the work alone.

What the users of a helper are told: ``on_ready(helper)`` when it answers (its worker and
its own stop flag), ``on_gone(name)`` when it is stopped.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from reversi.engine.levels import shared_exact_empties
from reversi.engine.protocol import MoveRequest
from reversi.errors import ReversiError
from reversi.i18n import _, format_number, join_sentences, ngettext
from reversi.ui.drivers.health import BOOT_SECONDS
from reversi.ui.drivers.requests import Redraw, no_redraw
from reversi.ui.drivers.workers import StopFlag, Worker, WorkerHost

#: The most workers the engine uses in all by default (the engine's own and its helpers).
MAX_WORKERS = 4
#: A device with this much memory or less (GB, as ``navigator.deviceMemory`` says) runs at most
#: :data:`SMALL_DEVICE_WORKERS` workers in all.
SMALL_DEVICE_GB = 2.0
SMALL_DEVICE_WORKERS = 2
#: A helper with no work for this long (seconds) is stopped: its memory goes back.
IDLE_SECONDS = 30.0
#: Boots that failed in a row before the pool starts no more helpers on this page.
MAX_BOOT_FAILURES = 3
#: Helpers are named ``helper-1``, ``helper-2``...: a stopped helper's name is not reused.
HELPER_NAME = "helper"


@dataclass(frozen=True)
class Device:
    """What the browser says of the device: its logical cores, its memory (GB, None: not said), Save-Data."""

    cores: int = 1
    memory_gb: float | None = None
    save_data: bool = False


def automatic_workers(device: Device, cap: int = MAX_WORKERS) -> int:
    """How many workers in all the engine uses on ``device`` when the person chose nothing."""
    if device.save_data:
        return 1
    n = max(1, min(device.cores, cap))
    if device.memory_gb is not None and device.memory_gb <= SMALL_DEVICE_GB:
        n = min(n, SMALL_DEVICE_WORKERS)
    return n


def workers_in_all(choice: int, automatic: int) -> int:
    """The workers in all for the person's ``choice`` (0: automatic), never more than ``automatic``."""
    return automatic if choice <= 0 else max(1, min(choice, automatic))


#: A full-strength computer move this many empties or fewer before the point where its exact solve
#: is shared (:func:`reversi.engine.levels.shared_exact_empties`) keeps :attr:`HelperPool.size`
#: helpers up, for :data:`RESERVE_SECONDS`: they boot (about a second each) before the solve needs them.
RESERVE_AHEAD = 8
RESERVE_SECONDS = 30.0


def shared_solve(request: object, pool: HelperPool) -> tuple[bool, bool]:
    """For the computer's move ``request`` (a :class:`~reversi.engine.protocol.MoveRequest`): whether to
    keep the helpers up (:meth:`HelperPool.reserve`), and whether to share its exact solve with them
    now (two or more answer: the worker's ``helpers``)."""
    if not isinstance(request, MoveRequest) or pool.size < 2 or request.limits.exact_empties is not None:
        return False, False
    point = shared_exact_empties(request.level, request.limits.seconds, request.rules.geometry.square_count)
    if not point:
        return False, False  # not a full-strength move: no need to replay the game
    try:
        position = request.position()
    except ReversiError:
        return False, False
    empties = position.empty.bit_count()
    if position.in_placement or position.is_over:
        return False, False
    return empties <= point + RESERVE_AHEAD, empties <= point and len(pool.helpers) >= 2


@dataclass
class Helper:
    """A helper that answers: its name, its worker, its own stop flag (None: not shared)."""

    name: str
    worker: Worker
    flag: StopFlag | None = None
    #: What its warm-up said, and its memory (bytes of its interpreter's heap; 0: not said).
    info: dict[str, Any] = field(default_factory=dict)
    memory: int = 0
    #: When it last had work (the pool's clock), and how long it took to boot (seconds, its warm-up counted).
    idle_since: float = 0.0
    boot_seconds: float = 0.0

    def epoch(self) -> dict[str, Any]:
        """The stop epoch each of its requests is made at (when its flag is shared)."""
        return {} if self.flag is None else {"epoch": self.flag.epoch()}


def _ignore_helper(helper: Helper) -> None:
    """An ``on_ready`` that does nothing."""


def _ignore_name(name: str) -> None:
    """An ``on_gone`` that does nothing."""


class HelperPool:
    """The helper workers of the page (see the module)."""

    def __init__(
        self,
        host: WorkerHost,
        device: Device,
        on_ready: Callable[[Helper], None] = _ignore_helper,
        on_gone: Callable[[str], None] = _ignore_name,
        on_change: Redraw = no_redraw,
        language: Callable[[], str] = lambda: "en",
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.host = host
        self.device = device
        self.on_ready = on_ready
        self.on_gone = on_gone
        self.on_change = on_change
        self.language = language
        self.clock = clock
        #: Workers in all when the person chose nothing, and the person's choice (0: automatic).
        self.automatic = automatic_workers(device)
        self.choice = 0
        #: The helpers that answer, by name.
        self.helpers: dict[str, Helper] = {}
        #: The helper booting (its name, when it began), if any; its task.
        self.booting = ""
        self.boot_began = 0.0
        self.boot_task: asyncio.Future[None] | None = None
        #: Helpers may start: the page's start is over (the engine's own worker is booting or ready).
        self.enabled = False
        #: Helpers named so far, boots that failed in a row, helpers replaced after they died,
        #: helpers stopped because they had nothing to do.
        self.named = 0
        self.failures = 0
        self.replaced = 0
        self.retired = 0
        #: Why the last helper failed to boot or died ('' if none did).
        self.last_error = ""
        #: Until then (the pool's clock) the pool keeps :attr:`size` helpers up for a solve shared
        #: between them (:meth:`reserve`): the engine's own worker is then their master, not a worker.
        self.reserved_until = 0.0

    @property
    def size(self) -> int:
        """The workers in all the engine may use now (the engine's own counted)."""
        return workers_in_all(self.choice, self.automatic)

    @property
    def working(self) -> int:
        """The workers running now, in all (the engine's own counted)."""
        return 1 + len(self.helpers)

    def memory_per_helper(self) -> int:
        """The largest heap a helper reported (bytes; 0 while none did)."""
        return max((h.memory for h in self.helpers.values()), default=0)

    # -- starting ------------------------------------------------------------------------------

    @property
    def reserved(self) -> bool:
        return self.clock() < self.reserved_until

    def reserve(self, seconds: float) -> None:
        """Keep :attr:`size` helpers up for ``seconds``, for the exact solver shared between them
        (a master in the engine's own worker, the jobs in the helpers)."""
        self.reserved_until = max(self.reserved_until, self.clock() + seconds)

    def want(self, jobs: int) -> asyncio.Future[None] | None:
        """There are ``jobs`` independent jobs (in flight or waiting): boot a helper if more of them
        could run at once than there are workers (or :attr:`size` helpers are reserved for a
        solve); the boot's task, or None."""
        if not self.enabled or self.booting or self.failures >= MAX_BOOT_FAILURES:
            return None
        target = min(self.size, jobs) - 1
        if self.reserved and self.size > 1:
            target = self.size
        if len(self.helpers) >= target:
            return None
        self.named += 1
        self.booting = f"{HELPER_NAME}-{self.named}"
        self.boot_began = self.clock()
        self.boot_task = asyncio.ensure_future(self._boot(self.booting))
        return self.boot_task

    async def _boot(self, name: str) -> None:
        try:
            worker = await self.host.boot(name)
            loaded = json.loads(await worker.call("load", json.dumps({"site": self.host.site})))
            if not loaded.get("ok"):
                raise RuntimeError(loaded.get("error", "the engine's files could not be fetched"))
            started = self.clock() - self.boot_began  # its interpreter, and the engine's files unpacked
            info = json.loads(await worker.call("ping", json.dumps({"lang": self.language()})))
            if not info.get("ok"):
                raise RuntimeError(info.get("error", "the engine failed its warm-up"))
            info["started"] = round(started, 3)
            info["loaded"] = loaded.get("seconds", 0)
            flag = await self.host.share_stop(worker)
            memory = await self._memory(worker)
        except Exception as e:
            if self.booting == name:
                self._boot_failed(name, f"{type(e).__name__}: {e}")
            return
        if self.booting != name:
            return  # given up on meanwhile (and stopped)
        self.booting = ""
        self.failures = 0
        now = self.clock()
        helper = Helper(name, worker, flag, info, memory, now, round(now - self.boot_began, 3))
        self.helpers[name] = helper
        self.on_ready(helper)
        self.on_change()

    @staticmethod
    async def _memory(worker: Worker) -> int:
        """The bytes of the worker's heap, as it says (0 if it cannot)."""
        try:
            reply = json.loads(await worker.call("memory", "{}"))
            value = reply.get("bytes", 0) if isinstance(reply, dict) else 0
            return value if isinstance(value, int) and not isinstance(value, bool) else 0
        except Exception:
            return 0

    def _boot_failed(self, name: str, reason: str) -> None:
        self.booting = ""
        self.failures += 1
        self.last_error = reason
        self.host.stop(name)

    # -- their life ------------------------------------------------------------------------------

    def check(self, busy: Callable[[str], bool], failed: Callable[[str], str]) -> bool:
        """After every redraw and every second: replace a helper that ``failed`` (its reason, or ''),
        stop one not ``busy`` for :data:`IDLE_SECONDS` and those beyond :attr:`size`, give up on a
        boot that takes too long. True if a helper went."""
        now = self.clock()
        went = False
        for name in list(self.helpers):
            reason = failed(name)
            if reason:
                went = self.lost(name, reason) or went
            elif busy(name) or self.reserved:
                self.helpers[name].idle_since = now
            elif now - self.helpers[name].idle_since > IDLE_SECONDS:
                self.retired += 1
                self.stop(name)
                went = True
        keep = self.size if self.reserved and self.size > 1 else self.size - 1
        for name in list(self.helpers)[max(0, keep):]:
            self.stop(name)  # the person chose fewer: its job goes to another worker
            went = True
        if self.booting and now - self.boot_began > BOOT_SECONDS:
            self._boot_failed(self.booting, f"it did not start within {BOOT_SECONDS:g} seconds")
        return went

    def lost(self, name: str, reason: str) -> bool:
        """The helper ``name`` died (the page saw it): it is stopped, and replaced when work wants it."""
        if name not in self.helpers:
            return False
        self.last_error = reason
        self.replaced += 1
        self.stop(name)
        return True

    def stop(self, name: str) -> None:
        """Stop the helper ``name`` (whatever it does); its users are told."""
        if self.helpers.pop(name, None) is None:
            return
        self.host.stop(name)
        self.on_gone(name)

    def stop_all(self) -> None:
        """Stop every helper and the boot under way (the engine's own worker is gone); none starts
        until :attr:`enabled` again."""
        self.enabled = False
        if self.booting:
            name, self.booting = self.booting, ""
            self.host.stop(name)
        for name in list(self.helpers):
            self.stop(name)

    def choose(self, choice: int) -> None:
        """The person's choice of workers in all (0: automatic); helpers beyond it go at the next check."""
        self.choice = max(0, choice)


# -- what the settings say ----------------------------------------------------------------------


def choice_options(automatic: int) -> list[tuple[int, str]]:
    """The settings' choices of workers in all: automatic (0, saying how many that is), then 1 to ``automatic``."""
    # Translators: the settings' choice of the engine's workers: as many as the device allows, {n} here
    return [(0, _("Automatic ({n})").format(n=automatic)), *((n, format_number(n)) for n in range(1, automatic + 1))]


def working_text(pool: HelperPool) -> str:
    """What the settings say of the workers now: how many work, and a helper's memory once one said it."""
    n = pool.working
    # Translators: the settings: how many of the engine's workers run now (the engine's own one counted)
    sentences = [ngettext("The engine is using {n} worker now.", "The engine is using {n} workers now.", n).format(
        n=format_number(n))]
    memory = pool.memory_per_helper()
    if memory:
        # Translators: the settings: the memory one of the engine's extra workers holds, measured, in megabytes
        sentences.append(_("Each worker beyond the first holds about {mb} MB of memory.").format(
            mb=format_number(round(memory / 1_000_000))))
    return join_sentences(sentences)
