"""Is the computer there? The engine worker's state, and what the page says about it. No DOM here.

The computer runs in a worker (:mod:`reversi.engine.worker`) that the page boots
(:meth:`reversi.ui.dom.page.Page.connect_engine`). :class:`EngineHealth` follows it:
``starting`` (booting, warming up), ``ready``, or ``unavailable`` with the reason.
The page asks :meth:`EngineHealth.verdict` after each redraw and every second:

* a boot that has not finished within :data:`BOOT_SECONDS`,
* a call that failed at the worker's boundary (the worker is gone or answered
  nonsense: :attr:`reversi.ui.drivers.requests.RequestDriver.failure`), or
* a reply that has not come within the request's own time budget plus a
  generous margin (:meth:`reversi.ui.drivers.requests.RequestDriver.overdue`: the budget
  and at least :data:`~reversi.ui.drivers.requests.REPLY_MARGIN_SECONDS` more; a worker
  that crashed or was stopped never answers)

makes the computer unavailable. The page then stops that worker, keeps the game,
and shows the notice of :meth:`EngineHealth.notice` with two choices: **Retry**
(boot a new worker) and **Play two-player** (two people take the sides, the game
goes on). While the computer is unavailable the Hints button is disabled and
says why (:meth:`EngineHealth.hints_title`), and nobody is shown thinking.
A worker's script that cannot even be fetched is found before the worker is
booted, so the page says so at once.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterable
from typing import Protocol

from reversi.i18n import N_, Later, _
from reversi.ui.notices import Action, Notice

#: The longest a worker may take to boot and warm up (seconds): Pyodide, the package, the weights.
BOOT_SECONDS = 90.0

STARTING = "starting"
READY = "ready"
UNAVAILABLE = "unavailable"

# -- what this module says to a person (one place) --------------------------------------------
UNAVAILABLE_TEXT = N_("The computer is unavailable. {reason} Your game is kept.")
REASON_SCRIPT = N_("Its script could not be loaded.")
REASON_SCRIPT_STATUS = N_("Its script could not be loaded (the server answered {status}).")
REASON_BOOT_TIMEOUT = N_("It did not start within {seconds:g} seconds.")
REASON_BOOT_FAILED = N_("It could not start: {error}.")
REASON_NO_REPLY = N_("It did not answer within {seconds:g} seconds.")
REASON_FAILED = N_("It stopped working: {error}.")
LABEL_RETRY = N_("Retry")
LABEL_TWO_PLAYERS = N_("Play two-player")
TITLE_RETRY = N_("Start the computer again.")
TITLE_TWO_PLAYERS = N_("Two people play the sides from here on; the game is kept.")
NO_REASON = N_("no reason given")
HINTS_UNAVAILABLE = N_("Hints need the computer, which is unavailable.")

#: The notice's buttons (``data-notice-action``).
ACTION_RETRY = "retry"
ACTION_TWO_PLAYERS = "two-players"


class Watched(Protocol):
    """A request driver as the health sees it (:class:`reversi.ui.drivers.requests.RequestDriver`)."""

    @property
    def failure(self) -> str: ...

    def overdue(self, now: float | None = None) -> bool: ...

    def reply_seconds(self) -> float: ...


def script_reason(status: int | None = None) -> Later:
    """Why the worker's script could not be fetched (``status``: the server's answer, if any)."""
    return Later(REASON_SCRIPT) if status is None else Later(REASON_SCRIPT_STATUS, status=status)


def boot_reason(error: str) -> Later:
    """Why the worker could not boot (an error while it started or warmed up)."""
    return Later(REASON_BOOT_FAILED, error=error.rstrip(".\u3002") or Later(NO_REASON))


class EngineHealth:
    """The engine worker's state: starting (with a deadline), ready, or unavailable and why."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.state = STARTING
        #: Why the computer is unavailable: translated when shown (it follows a language switch).
        self.reason: Later | str = ""
        #: Counts boots: a boot that finishes after the page gave up on it is ignored.
        self.attempt = 0
        #: When a boot is given up (none before the first boot starts).
        self.boot_deadline = math.inf

    @property
    def unavailable(self) -> bool:
        return self.state == UNAVAILABLE

    def boot(self) -> int:
        """A worker starts booting; returns its attempt (see :meth:`is_current`)."""
        self.attempt += 1
        self.state = STARTING
        self.reason = ""
        self.boot_deadline = self.clock() + BOOT_SECONDS
        return self.attempt

    def is_current(self, attempt: int) -> bool:
        """Is ``attempt`` the boot the page still waits for?"""
        return attempt == self.attempt and self.state == STARTING

    def up(self) -> None:
        self.state = READY

    def down(self, reason: Later | str) -> None:
        """The computer is unavailable: ``reason`` is a sentence."""
        self.state = UNAVAILABLE
        self.reason = reason

    def verdict(self, drivers: Iterable[Watched], now: float | None = None) -> Later | str:
        """Why the computer must be given up now ('' if it need not): a boot past its deadline,
        a failed call, a reply overdue."""
        now = self.clock() if now is None else now
        if self.state == STARTING and now > self.boot_deadline:
            return Later(REASON_BOOT_TIMEOUT, seconds=BOOT_SECONDS)
        if self.state != READY:
            return ""
        for driver in drivers:
            if driver.failure:
                return Later(REASON_FAILED, error=driver.failure.rstrip(".\u3002"))
            if driver.overdue(now):
                return Later(REASON_NO_REPLY, seconds=round(driver.reply_seconds()))
        return ""

    def notice(self, needed: bool) -> Notice | None:
        """The notice while the computer is unavailable and ``needed`` (it plays a side, or hints are on)."""
        if not self.unavailable or not needed:
            return None
        return Notice(
            "engine",
            _(UNAVAILABLE_TEXT).format(reason=str(self.reason)),
            (
                Action(ACTION_RETRY, _(LABEL_RETRY), _(TITLE_RETRY)),
                Action(ACTION_TWO_PLAYERS, _(LABEL_TWO_PLAYERS), _(TITLE_TWO_PLAYERS)),
            ),
        )

    def hints_title(self) -> str:
        """Why the Hints button is disabled ('' unless the computer is unavailable)."""
        return _(HINTS_UNAVAILABLE) if self.unavailable else ""

    def thinking(self, side: int | None) -> int | None:
        """The side shown as thinking: nobody while the computer is unavailable."""
        return None if self.unavailable else side

    def board_hints(self, state: str) -> str:
        """The board's hints state (:meth:`reversi.ui.drivers.hints.HintDriver.board_state`): no waiting
        for values that cannot come."""
        return "none" if self.unavailable and state == "waiting" else state
