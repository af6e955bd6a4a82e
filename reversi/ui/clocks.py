"""The game's clock beside the board: it follows the game, and a flag that falls ends it. No DOM here.

:class:`GameTimer` holds the :class:`~reversi.core.clock.Clock` of the game on the
board (None without a time control) and follows the controller's events
(:mod:`reversi.ui.events`); :func:`clock_turn` says from them
whose time runs. The page only reports the time (``performance.now()``, in
milliseconds) and the events of each redraw, and draws; the timer decides:

* a game started from the new-game form gets the form's time control (its
  ``clock`` field); a game brought in (autosave, link, text, file) brings its
  own clock or none (:meth:`GameTimer.load`);
* the side to move's time runs while the latest position of the line is on the
  board and the game goes on (:meth:`GameTimer.follow`, after every redraw);
* when a side's time is out (:meth:`GameTimer.check`, after every change and on
  every tick) the controller ends the game there
  (:meth:`reversi.ui.controller.Controller.lose_on_time`: the other side wins, the
  status says "White loses on time", no move is taken any more, and a person browsing
  an earlier position or a variation is brought back to the game's own position);
* what the two clock faces show (:meth:`GameTimer.faces`, :class:`ClockFace`).

What the timer needs from the controller is the protocol :class:`TimedGame`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Protocol

from reversi.core.clock import Clock, ClockError, format_time, parse_time_control
from reversi.core.game import Game
from reversi.formats.balanced_spec import BalancedSpec
from reversi.i18n import NUMBER_FORMATS, language
from reversi.ui.events import Event, EventKind

#: Under this many milliseconds left a clock face shows that time is short.
LOW_TIME_MS = 10_000


class TimedGame(Protocol):
    """The controller as the clock sees it: the game, the form's choices, and the loss on time."""

    @property
    def game(self) -> Game: ...

    @property
    def form_fields(self) -> Mapping[str, str]:
        """The new-game form's fields of the last game started (``clock`` among them)."""
        ...

    @property
    def lost_on_time(self) -> int | None: ...

    @property
    def opening_pending(self) -> BalancedSpec | None:
        """The balanced opening the game waits for: no clock runs meanwhile."""
        ...

    def lose_on_time(self, side: int) -> bool:
        """``side``'s flag fell: end the game; True if that ended it now."""
        ...


@dataclass(frozen=True)
class ClockFace:
    """What one side's clock shows."""

    #: The time left as the face shows it ("4:59", "0:09.4").
    text: str
    #: Milliseconds left (whole).
    ms: int
    #: This side's time is running.
    running: bool
    #: Less than :data:`LOW_TIME_MS` left.
    low: bool
    #: This side ran out of time.
    flagged: bool


def clock_turn(game: Game, events: Iterable[Event], stopped: bool = False) -> tuple[int | None, int | None]:
    """``(running side or None, side that just moved or None)`` for ``game`` after ``events``
    (what the controller's intents did since the last redraw, :mod:`reversi.ui.events`).

    The clock runs for the side to move at the game's live position while it is
    the end of the game's line and the game goes on (``stopped``: lost on time):
    browsing other positions (and variations played there) does not stop it; taking a
    move back pauses it, and the next move starts it again. A move is a move of the game
    (played at its live position) that changed its main line and leaves the live position
    at its end, further on than before (so redo, or a move that follows the line already
    there, is not a move); the side that made it earns the increment. A redraw that puts
    another game on the board has no move.
    """
    live = game.live
    at_end = not live.children
    moved = None
    events = tuple(events)
    if at_end and not any(e.replaces_game for e in events):
        first = next((e for e in events if e.kind is EventKind.MOVED and e.live), None)  # a redraw has one
        if first is not None and first.changed_tree and first.before is not None and live.depth > first.before.depth:
            moved = first.before.position.turn
    running = live.position.turn if at_end and not stopped and not live.position.is_over else None
    return running, moved


def clock_from_fields(fields: Mapping[str, str]) -> tuple[Clock | None, str]:
    """The clock of a new game from the form's ``clock`` field (None: no clock), and the
    error message if the field is refused ('' else; the game then has no clock)."""
    try:
        control = parse_time_control(fields.get("clock", "none"))
    except ClockError as e:
        return None, str(e)
    return (None if control is None else Clock(control)), ""


class GameTimer:
    """The clock of the game on the board, following the controller's game."""

    def __init__(self, controller: TimedGame) -> None:
        self.controller = controller
        self.clock: Clock | None = None

    def load(self, clock: Clock | None = None) -> None:
        """The controller's game was brought in with ``clock`` (or none): a flag that had
        fallen still ends the game."""
        self.clock = clock
        if clock is not None and clock.flagged is not None:
            self.controller.lose_on_time(clock.flagged)

    def follow(self, now: float, events: Iterable[Event]) -> str:
        """After every redraw, given its ``events``: a new game from the form (or a rematch), and
        a game played on from a position ("Play from here"), get the form's clock, and the time
        of the side to move runs (the side that has just moved earns the increment). Returns the
        error message of a refused time control, else ''.

        A game brought in or set up in the editor was given its clock by :meth:`load`; the
        game the controller was made with has none.
        """
        controller = self.controller
        events = tuple(events)
        error = ""
        games = [e for e in events if e.replaces_game]
        if games and games[-1].kind in (EventKind.NEW_GAME, EventKind.PLAYED_FROM):  # the dialog's choice
            self.clock, error = clock_from_fields(controller.form_fields)
        if self.clock is not None:
            stopped = controller.lost_on_time is not None or controller.opening_pending is not None
            running, moved = clock_turn(controller.game, events, stopped=stopped)
            self.clock.run(running, now, moved)
        return error

    def check(self, now: float) -> bool:
        """Has a flag fallen by ``now``? Then the game ends on time; True when that happened
        now (the page redraws), False if no flag fell or the game had already ended."""
        clock = self.clock
        if clock is None:
            return False
        side = clock.check(now)
        return side is not None and self.controller.lose_on_time(side)

    def faces(self, now: float) -> tuple[ClockFace, ClockFace] | None:
        """What Black's and White's clocks show at ``now``; None when the game has no clock."""
        clock = self.clock
        if clock is None:
            return None
        return (self._face(clock, 0, now), self._face(clock, 1, now))

    @staticmethod
    def _face(clock: Clock, side: int, now: float) -> ClockFace:
        left = clock.left(side, now)
        return ClockFace(
            text=local_time(format_time(left)),
            ms=int(left),
            running=clock.running == side,
            low=left < LOW_TIME_MS,
            flagged=clock.flagged == side,
        )


def local_time(text: str) -> str:
    """A clock face's text with the current language's decimal separator ("0:09.4" is "0:09,4" in Czech)."""
    decimal = NUMBER_FORMATS.get(language(), (".", ","))[0]
    return text.replace(".", decimal)
