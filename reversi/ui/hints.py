"""Hints: a value for every legal move, shown on the board. No DOM here.

When hints are on and a person is to move, :class:`HintDriver` asks the engine
worker's ``analyse`` for the position (the same asynchronous, possibly stale
request and reply as a computer's turn, :mod:`reversi.ui.players`): every legal
move gets the final disc margin it leads to for the side to move, as the search
sees it within :data:`HINT_SECONDS`, exactly when the endgame is solved. The
board shows each value on its square ("+4", "−2", "0"), the best ones marked.

A reply is kept only for the position it was asked for (the token of
:func:`reversi.ui.players.ai_token`); after any move, undo or new game the old
values disappear and a new request follows. There are no hints on the
computer's turn, and none is asked while the computer's own request runs (the
worker does one thing at a time): the hints wait for it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

from reversi.ui import players as _players

#: Seconds the engine spends on the hints of one position (at most).
HINT_SECONDS = 1.0
#: At or below this many empty squares the hints are exact (solved to the end).
HINT_EXACT_EMPTIES = 14

Ask = Callable[[dict], Awaitable[dict]]


def hint_label(centidiscs: int) -> str:
    """A move's value as the board shows it: whole discs with a sign, a true minus."""
    discs = round(centidiscs / 100)
    if discs > 0:
        return f"+{discs}"
    if discs < 0:
        return f"\u2212{-discs}"
    return "0"


def hint_args(controller) -> dict:
    """The JSON-able arguments of the worker's ``analyse`` for the game's position."""
    args = _players.engine_args(controller.game, level=0)
    del args["level"]
    args["time_limit"] = HINT_SECONDS
    args["exact_empties"] = HINT_EXACT_EMPTIES
    return args


def wants_hints(controller) -> bool:
    """True when the position on the board should show hints: a person to move, moves to play."""
    pos = controller.position
    return (
        _players.human_to_move(controller)
        and bool(pos.legal)
        and getattr(controller, "lost_on_time", None) is None
    )


class HintDriver:
    """Asks for the hints of the person's position, one request at a time, stale replies dropped.

    ``ask(args)`` is the worker's ``analyse`` (a coroutine returning a dict with
    ``scores`` or ``error``); ``on_change()`` redraws the page. The page calls
    :meth:`poke` after every redraw with ``busy`` true while the computer's
    request runs.
    """

    def __init__(self, controller, ask: Ask | None = None, on_change: Callable[[], None] = lambda: None) -> None:
        self.controller = controller
        self.ask = ask
        self.on_change = on_change
        #: The token of the request in flight, if any.
        self.pending: _players.Token | None = None
        #: The last reply kept: its token, the values (square name -> centidiscs), exact or not.
        self.token: _players.Token | None = None
        self.scores: dict[str, int] = {}
        self.exact = False
        self.depth = 0
        self.error = ""
        self.task: asyncio.Future | None = None
        self.replies = 0
        self.dropped = 0
        self._generation = 0  # counts abandoned requests (see abandon)

    def set_engine(self, ask: Ask | None) -> None:
        self.ask = ask

    def abandon(self) -> None:
        """Forget the request in flight (its worker was stopped); a late reply is ignored."""
        if self.pending is None:
            return
        self._generation += 1
        self.pending = None
        self.dropped += 1

    @property
    def enabled(self) -> bool:
        """Shown or not: the person's choice (``show_hints`` of the controller, remembered)."""
        return bool(getattr(self.controller, "show_hints", False))

    def _due(self) -> bool:
        return self.enabled and wants_hints(self.controller)

    def _fresh(self) -> bool:
        return self.token == _players.ai_token(self.controller)

    def current(self) -> dict[str, int]:
        """The values for the position on the board ({} when off, stale or not yet known)."""
        return self.scores if self._due() and self._fresh() else {}

    def current_error(self) -> str:
        """Why the position on the board has no hints ('' if it has, or is not due any)."""
        return self.error if self._due() and self._fresh() else ""

    def view(self) -> tuple[tuple[tuple[str, str], ...], frozenset[str]]:
        """``(square, label)`` pairs and the best squares, for the board view."""
        scores = self.current()
        if not scores:
            return (), frozenset()
        top = max(scores.values())
        labels = tuple((name, hint_label(v)) for name, v in sorted(scores.items()))
        return labels, frozenset(name for name, v in scores.items() if v == top)

    def waiting(self) -> bool:
        """Hints are on and due here but not known yet (being worked out, or queued)."""
        return self._due() and not self._fresh()

    def poke(self, busy: bool = False) -> asyncio.Future | None:
        """Ask for the hints of the position if they are due; returns the task (or None)."""
        if self.ask is None or self.pending is not None or busy or not self._due() or self._fresh():
            return None  # off, not due, busy, or known (or failed) for this position
        token = _players.ai_token(self.controller)
        self.pending = token
        self.task = asyncio.ensure_future(self._ask(token, hint_args(self.controller)))
        return self.task

    async def _ask(self, token: _players.Token, args: dict) -> None:
        generation = self._generation
        try:
            assert self.ask is not None
            reply: Any = await self.ask(args)
            if not isinstance(reply, Mapping):
                reply = {"error": f"the engine answered {reply!r}"}
        except Exception as e:
            reply = {"error": f"{type(e).__name__}: {e}"}
        if generation != self._generation:
            return  # abandoned: the worker was stopped
        self.pending = None
        self.replies += 1
        if token != _players.ai_token(self.controller):
            self.dropped += 1
        else:
            self.token = token
            scores = reply.get("scores")
            if "error" in reply or not isinstance(scores, Mapping):
                self.scores, self.error = {}, f"No hints: {reply.get('error', 'the engine gave no values')}"
            else:
                legal = set(self.controller.rules.geometry.bits_to_names(self.controller.position.legal))
                self.scores = {str(k): int(v) for k, v in scores.items() if str(k) in legal}
                self.error = ""
                self.exact = bool(reply.get("exact"))
                self.depth = int(reply.get("depth", 0) or 0)
        self.on_change()
