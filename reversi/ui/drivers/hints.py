"""Hints: a value for every legal move, shown on the board. No DOM here.

When hints are on and a person is to move, :class:`HintDriver` asks the engine
worker's ``analyse`` for the position (the same asynchronous, possibly stale
request and reply as a computer's turn, :mod:`reversi.ui.players`): every legal
move gets the final disc margin it leads to for the side to move, as the search
sees it within :data:`HINT_SECONDS`, exactly when the endgame is solved. The
board shows each value on its square ("+4", "−2", "0"), the best ones marked; or, as the
person chooses (:data:`HINT_MODES`, remembered with the settings), only the best move (every
move tied for best) or the three best (:func:`hint_marks`).

A reply is kept only for the position it was asked for (the token of
:func:`reversi.ui.players.ai_token`); after any move, undo or new game the old
values disappear and a new request follows. There are no hints on the
computer's turn, and none is asked while the computer's own request runs (the
worker does one thing at a time): the hints wait for it.

The request machinery (one at a time, stale replies dropped, abandoned ones
forgotten) is :class:`reversi.ui.drivers.requests.RequestDriver`'s; what the hints read
from the controller is the protocol :class:`HintSource`.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from typing import Protocol

from reversi.engine.protocol import AnalyseRequest, AnalysisReply, ErrorReply, Limits, read_reply
from reversi.i18n import N_, _
from reversi.ui import turns as _turns
from reversi.ui.drivers.requests import Ask, Redraw, Reply, RequestDriver, no_redraw

#: Seconds the engine spends on the hints of one position (at most).
HINT_SECONDS = 1.0
#: At or below this many empty squares the hints are exact (solved to the end).
HINT_EXACT_EMPTIES = 14
#: The limits of a hints request.
HINT_LIMITS = Limits(seconds=HINT_SECONDS, exact_empties=HINT_EXACT_EMPTIES)
#: What the hints show (a setting): every move with its value, the best move only (with its value;
#: every move tied for best), the three best moves with their values.
HINT_ALL, HINT_BEST, HINT_THREE = "all", "best", "three"
HINT_MODES = (HINT_ALL, HINT_BEST, HINT_THREE)
#: The Hints button's title in each mode.
HINT_TITLES = {
    # Translators: the Hints button's title, hints showing every move's value (the setting's default)
    HINT_ALL: N_("Show the value of every move"),
    # Translators: the Hints button's title, hints set to show the best move only
    HINT_BEST: N_("Show the best move"),
    # Translators: the Hints button's title, hints set to show the three best moves
    HINT_THREE: N_("Show the three best moves and their values"),
}
#: How many moves :data:`HINT_THREE` shows (more where moves tie with the last of them).
BEST_FEW = 3

HintMarks = tuple[tuple[tuple[str, str], ...], frozenset[str]]


class HintSource(_turns.PlayState, Protocol):
    """The controller as the hints see it: the game, and whether the person wants hints."""

    @property
    def show_hints(self) -> bool: ...

    @property
    def hint_mode(self) -> str:
        """One of :data:`HINT_MODES`."""
        ...


def hint_label(centidiscs: int) -> str:
    """A move's value as the board shows it: whole discs with a sign, a true minus."""
    discs = round(centidiscs / 100)
    if discs > 0:
        return f"+{discs}"
    if discs < 0:
        return f"\u2212{-discs}"
    return "0"


def hint_marks(scores: Mapping[str, int], mode: str = HINT_ALL) -> HintMarks:
    """``(square, label)`` pairs and the best squares the board shows of ``scores`` (centidiscs by
    square) in ``mode`` (:data:`HINT_MODES`). Moves are compared by the value shown (whole discs):
    moves whose labels are equal are marked alike, so the best move is every move tied for it, and
    the three best are more where moves tie with the third."""
    if mode not in HINT_MODES:
        raise ValueError(f"hint mode should be one of {', '.join(HINT_MODES)}, not {mode!r}")
    if not scores:
        return (), frozenset()
    shown = {name: round(v / 100) for name, v in scores.items()}
    values = sorted(shown.values(), reverse=True)
    top = values[0]
    least = {HINT_ALL: values[-1], HINT_BEST: top, HINT_THREE: values[min(BEST_FEW, len(values)) - 1]}[mode]
    labels = tuple((name, hint_label(v)) for name, v in sorted(scores.items()) if shown[name] >= least)
    return labels, frozenset(name for name, v in shown.items() if v == top)


def hint_request(controller: _turns.PlayState) -> AnalyseRequest:
    """The worker's ``analyse`` request for the game's position, within :data:`HINT_LIMITS`."""
    return AnalyseRequest.in_game(controller.game, limits=HINT_LIMITS)


def wants_hints(controller: _turns.PlayState) -> bool:
    """True when the position on the board should show hints: a person to move, moves to play."""
    pos = controller.position
    return _turns.human_to_move(controller) and bool(pos.legal) and controller.ended_by is None


class HintDriver(RequestDriver[_turns.Token]):
    """Asks for the hints of the person's position, one request at a time, stale replies dropped.

    ``ask(request)`` is the worker's ``analyse`` (a coroutine returning a dict with
    ``scores`` or ``error``, read as an :class:`~reversi.engine.protocol.AnalysisReply`);
    ``on_change()`` redraws the page. The page calls :meth:`poke` after every redraw
    with ``busy`` true while the computer's request runs. ``pending``, ``replies``, ``dropped`` and :meth:`abandon` are
    :class:`~reversi.ui.drivers.requests.RequestDriver`'s.
    """

    def __init__(self, controller: HintSource, ask: Ask | None = None, on_change: Redraw = no_redraw) -> None:
        super().__init__(lambda: _turns.ai_token(controller), ask, on_change)
        self.controller = controller
        #: The last reply kept: its token, the values (square name -> centidiscs), exact or not.
        self.token: _turns.Token | None = None
        self.scores: dict[str, int] = {}
        self.exact = False
        self.depth = 0
        self.error = ""

    def set_engine(self, ask: Ask | None) -> None:
        super().set_engine(ask)
        if ask is not None and self.error:  # a new engine: the position it failed on may be asked again
            self.token = None
            self.error = ""

    @property
    def enabled(self) -> bool:
        """Shown or not: the person's choice (``show_hints`` of the controller, remembered)."""
        return self.controller.show_hints

    def _due(self) -> bool:
        return self.enabled and wants_hints(self.controller)

    def _fresh(self) -> bool:
        return self.token is not None and self.is_current(self.token)

    def current(self) -> dict[str, int]:
        """The values for the position on the board ({} when off, stale or not yet known)."""
        return self.scores if self._due() and self._fresh() else {}

    def current_error(self) -> str:
        """Why the position on the board has no hints ('' if it has, or is not due any)."""
        return self.error if self._due() and self._fresh() else ""

    def view(self) -> HintMarks:
        """``(square, label)`` pairs and the best squares, for the board view, in the person's
        :attr:`HintSource.hint_mode` (:func:`hint_marks`)."""
        mode = self.controller.hint_mode
        return hint_marks(self.current(), mode if mode in HINT_MODES else HINT_ALL)

    def legend(self, side_names: tuple[str, str]) -> str:
        """What the numbers on the board are, while they are shown (else ''): the side to move's
        final disc difference after each move, exact or as the search estimates it."""
        if not self.current():
            return ""
        side = side_names[self.controller.position.turn]
        if self.exact:
            # Translators: under the board while hints show a number on moves; {side} is Black, White...
            return _("Hints: {side}'s final disc difference after each move shown, solved exactly").format(side=side)
        # Translators: under the board while hints show a number on moves; {side} is Black, White...
        return _("Hints: {side}'s final disc difference after each move shown, as estimated").format(side=side)

    def waiting(self) -> bool:
        """Hints are on and due here but not known yet (being worked out, or queued)."""
        return self._due() and not self._fresh()

    def board_state(self) -> str:
        """The board's ``data-hints``: ``off``, ``waiting`` (being worked out), ``shown``,
        ``exact`` (solved to the end), or ``none`` (nothing to show here, or an error)."""
        if not self.enabled:
            return "off"
        if self.current():
            return "exact" if self.exact else "shown"
        return "waiting" if self.waiting() else "none"

    def poke(self, busy: bool = False) -> asyncio.Future[None] | None:
        """Ask for the hints of the position if they are due; returns the task (or None)."""
        if not self.ready or self.in_flight or busy or not self._due() or self._fresh():
            return None  # off, not due, busy, or known (or failed) for this position
        return self.send(_turns.ai_token(self.controller), hint_request(self.controller))

    def accept(self, token: _turns.Token, reply: Reply) -> None:
        self.token = token
        answer = read_reply(AnalysisReply, reply)
        if isinstance(answer, ErrorReply):
            self.scores, self.error = {}, _("No hints: {error}").format(error=answer.error)
        else:
            legal = set(self.controller.rules.geometry.bits_to_names(self.controller.position.legal))
            self.scores = {k: v for k, v in answer.scores.items() if k in legal}
            self.error = ""
            self.exact = answer.exact
            self.depth = answer.depth
