"""A chess clock for two sides: pure logic, the time is given by the caller.

Every method that depends on time takes ``now`` (milliseconds, any monotonic
origin: the page passes ``performance.now()``, tests pass numbers), so the clock
is tested without waiting. The clock does not know the game: the caller says
which side's time runs (:meth:`Clock.run`), who has just moved (and earns the
increment), and asks whether a flag fell (:meth:`Clock.check`).

A time control is a base time per side plus an increment added after each move
of that side (Fischer). In the new-game form it is written ``"BASE+INC"`` in
seconds (``"300+3"`` is 5 minutes plus 3 seconds a move); ``"none"`` or an
empty string means no clock.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from reversi.errors import ClockError
from reversi.i18n import _
from reversi.inputs import Shown, is_int, is_number

__all__ = ["Clock", "ClockError", "TimeControl", "format_time", "parse_time_control"]

#: Longest base time and increment accepted (a clock is for one sitting).
MAX_BASE_MS = 10 * 3600 * 1000
MAX_INCREMENT_MS = 3600 * 1000
_CONTROL_RE = re.compile(r"(\d{1,6})(?:\+(\d{1,5}))?", re.ASCII)


@dataclass(frozen=True)
class TimeControl:
    """Base time per side and increment per move, in milliseconds."""

    base_ms: int
    increment_ms: int = 0

    def __post_init__(self) -> None:
        if not 0 < self.base_ms <= MAX_BASE_MS:
            raise ClockError(_("clock: base time {ms} ms is not within 1 ms..10 hours").format(ms=Shown(self.base_ms)))
        if not 0 <= self.increment_ms <= MAX_INCREMENT_MS:
            raise ClockError(_("clock: increment {ms} ms is not within 0..1 hour").format(ms=self.increment_ms))

    def to_field(self) -> str:
        """The form's value: ``"300+3"`` (seconds)."""
        return f"{self.base_ms // 1000}+{self.increment_ms // 1000}"

    def describe(self) -> str:
        """``"5 min + 3 s"``, ``"30 s"``."""
        seconds = self.base_ms / 1000
        if seconds >= 60 and seconds % 60 == 0:
            # Translators: a time control's base time in whole minutes, abbreviated: "5 min"
            base = _("{minutes} min").format(minutes=int(seconds // 60))
        else:
            # Translators: a time control's base time in seconds, abbreviated: "30 s"
            base = _("{seconds} s").format(seconds=f"{seconds:g}")
        if self.increment_ms:
            # Translators: a time control: the base time ("5 min") plus the seconds added after each move
            return _("{base} + {increment} s").format(base=base, increment=f"{self.increment_ms / 1000:g}")
        return base


def parse_time_control(text: str) -> TimeControl | None:
    """``"300+3"`` (seconds) as a :class:`TimeControl`; ``"none"``/``""`` is None."""
    t = str(text).strip().lower()
    if t in ("", "none", "0"):
        return None
    m = _CONTROL_RE.fullmatch(t)
    if not m:
        raise ClockError(
            _("clock: {text!r} is not a time control like '300+3' (seconds + increment)").format(text=text)
        )
    return TimeControl(int(m.group(1)) * 1000, int(m.group(2) or 0) * 1000)


class Clock:
    """Two countdowns, at most one running; a side whose time reaches zero has lost."""

    def __init__(
        self,
        control: TimeControl,
        left_ms: tuple[float, float] | None = None,
        flagged: int | None = None,
    ) -> None:
        self.control = control
        left = (control.base_ms, control.base_ms) if left_ms is None else left_ms
        if len(left) != 2 or any(not 0 <= t <= MAX_BASE_MS + 1000 * MAX_INCREMENT_MS for t in left):
            raise ClockError(_("clock: times left {left!r} are not two durations").format(left=left))
        if flagged not in (None, 0, 1):
            raise ClockError(_("clock: flagged side {flagged!r} is not 0, 1 or none").format(flagged=flagged))
        self._left = [float(left[0]), float(left[1])]
        #: The side whose time runs, or None (paused, or the game is over).
        self.running: int | None = None
        self._since = 0.0
        #: The side that ran out of time, or None.
        self.flagged = flagged

    def __repr__(self) -> str:
        return f"Clock({self.control!r}, left_ms={tuple(self._left)!r}, running={self.running}, flagged={self.flagged})"

    def left(self, side: int, now: float) -> float:
        """Milliseconds left for ``side`` at ``now`` (never below zero)."""
        t = self._left[side]
        if self.running == side:
            t -= max(0.0, now - self._since)
        return max(0.0, t)

    def _settle(self, now: float) -> None:
        """Charge the running side for the time since it started."""
        side = self.running
        if side is None:
            return
        self._left[side] -= max(0.0, now - self._since)
        self._since = now
        if self._left[side] <= 0:
            self._left[side] = 0.0
            self.flagged = side
            self.running = None

    def check(self, now: float) -> int | None:
        """The side that has run out of time by ``now``, or None."""
        self._settle(now)
        return self.flagged

    def run(self, side: int | None, now: float, moved: int | None = None) -> None:
        """From ``now`` on, ``side``'s time runs (None pauses both).

        The side that was running is charged first (it may lose on time then);
        ``moved``, the side that has just made a move, earns the increment.
        Once a flag has fallen nothing runs any more.
        """
        self._settle(now)
        if self.flagged is not None:
            self.running = None
            return
        if moved is not None:
            self._left[moved] += self.control.increment_ms
        self.running = side
        self._since = now

    @property
    def over(self) -> bool:
        return self.flagged is not None

    # -- plain data (the saved state) ------------------------------------------

    def to_dict(self, now: float) -> dict[str, Any]:
        return {
            "base_ms": self.control.base_ms,
            "increment_ms": self.control.increment_ms,
            "left_ms": [round(self.left(0, now)), round(self.left(1, now))],
            "flagged": self.flagged,
        }

    @classmethod
    def from_dict(cls, data: object) -> Clock:
        """Inverse of :meth:`to_dict` (paused); every field is checked."""
        if not isinstance(data, dict):
            # Translators: {type} is the name of a JSON type in Python: list, str, int...
            raise ClockError(_("clock must be an object, not {type}").format(type=type(data).__name__))
        keys = {"base_ms", "increment_ms", "left_ms", "flagged"}
        if set(data) != keys:
            missing, extra = keys - set(data), set(data) - keys
            # Translators: field names of a saved clock follow, e.g. "missing base_ms, left_ms"
            what = [_("missing {fields}").format(fields=", ".join(sorted(missing)))] if missing else []
            # Translators: field names that a saved clock does not have follow, e.g. "unknown speed"
            what += [_("unknown {fields}").format(fields=", ".join(sorted(extra)))] if extra else []
            # Translators: {problems} lists what is missing or unknown in a saved clock
            raise ClockError(_("clock: {problems}").format(problems="; ".join(what)))
        for key in ("base_ms", "increment_ms"):
            if not is_int(data[key]):
                raise ClockError(
                    _("clock: {field} must be a whole number, not {value!r}").format(field=key, value=Shown(data[key]))
                )
        left = data["left_ms"]
        if not (isinstance(left, list) and len(left) == 2 and all(is_number(t) for t in left)):
            raise ClockError(_("clock: left_ms must be a list of two numbers, not {left!r}").format(left=left))
        flagged = data["flagged"]
        if flagged is not None and not is_int(flagged):
            raise ClockError(_("clock: flagged must be 0, 1 or null, not {flagged!r}").format(flagged=flagged))
        return cls(TimeControl(data["base_ms"], data["increment_ms"]), (left[0], left[1]), flagged)


def format_time(ms: float) -> str:
    """A clock face: ``"4:59"``, ``"1:02:03"``; under 10 s with tenths, ``"0:09.4"``."""
    ms = max(0.0, ms)
    if ms < 10_000:
        tenths = int(ms // 100)
        return f"0:{tenths // 10:02d}.{tenths % 10}"
    seconds = int(-(-ms // 1000))  # round up: 4:59.2 shows 5:00 until it is under
    h, rest = divmod(seconds, 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"
