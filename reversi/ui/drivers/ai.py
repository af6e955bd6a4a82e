"""The computer's moves: one request to the engine at a time, stale replies dropped.

:class:`AiDriver` runs the computer's turns (:mod:`reversi.ui.turns`: the request, its token,
the reply played only while the token matches) on the shared request machinery of
:class:`reversi.ui.drivers.requests.RequestDriver`, with an injected ``ask`` coroutine (the
worker in the page, a stub in the tests), a minimum time per computer move (so that the
computer's reply does not land on top of the person's move and a game of computer against
computer can be watched) and errors turned into a message.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from typing import Any

from reversi.engine.levels import DEFAULT_LEVEL, get_level
from reversi.engine.protocol import ErrorReply, MoveReply, MoveRequest, Request, read_reply
from reversi.i18n import _
from reversi.ui.drivers.requests import Ask, Redraw, Reply, RequestDriver, no_redraw
from reversi.ui.turns import ComputerSeat, Token, ai_request, ai_token, apply_ai_move, computer_to_move

#: Seconds a computer's move takes at least: against a person, so the reply does
#: not land before the person's own move has finished flipping; computer against
#: computer, so the game can be followed.
MIN_SECONDS_VS_HUMAN = 0.35
MIN_SECONDS_COMPUTERS = 0.9


class AiDriver(RequestDriver[Token]):
    """Runs the computer's turns: one request to the engine at a time, stale replies dropped.

    ``ask(request)`` is the engine (``best_move`` of the worker): a coroutine that
    returns a dict with ``move`` or ``error`` (read as a :class:`~reversi.engine.protocol.MoveReply`).
    ``on_change()`` is called when the page must redraw (a move was played, the thinking state or the error changed);
    the page calls :meth:`poke` after every redraw, which starts a request when the
    computer is to move and none is running. The request machinery (``pending``,
    ``replies``, ``dropped``, :meth:`abandon`) is :class:`~reversi.ui.drivers.requests.RequestDriver`'s.
    """

    def __init__(
        self,
        controller: ComputerSeat,
        ask: Ask | None = None,
        on_change: Redraw = no_redraw,
        sleep: Callable[[float], Awaitable[Any]] = asyncio.sleep,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        super().__init__(lambda: ai_token(controller), ask, on_change, clock)
        self.controller = controller
        self.sleep = sleep
        #: The last engine error, shown to the user, and the token it belongs to.
        self.error = ""
        self._error_token: Token | None = None
        #: When the request in flight started (``clock``) and the seconds it may take
        #: (``answered``, whether its reply has come, is the request driver's).
        self.started = 0.0
        self.budget = 0.0

    def set_engine(self, ask: Ask | None) -> None:
        super().set_engine(ask)
        if ask is not None:  # a new engine: the position it failed on may be asked again
            self.error = ""
            self._error_token = None
        self.poke()

    def current_error(self) -> str:
        """The error of the computer's turn now due ('' if none, or if the game moved on)."""
        return self.error if self._error_token == ai_token(self.controller) else ""

    def thinking_side(self) -> int | None:
        """The side shown as thinking: the computer is to move and no error stopped it."""
        side = computer_to_move(self.controller)
        if side is None or self._error_token == ai_token(self.controller):
            return None
        return side

    def min_seconds(self) -> float:
        return MIN_SECONDS_COMPUTERS if self.controller.players.all_computers else MIN_SECONDS_VS_HUMAN

    def poke(self) -> asyncio.Future[None] | None:
        """Start the computer's turn if it is due; returns the task (or None)."""
        if not self.ready or self.in_flight:
            return None
        request = ai_request(self.controller)
        if request is None or request["token"] == self._error_token:
            return None
        move = request["args"]
        self.started = self.clock()
        self.budget = self.budget_for(move)
        return self.send(request["token"], move)

    def budget_for(self, request: Request) -> float:
        """The computer's time for the move: the chosen time per move, else its level's."""
        if not isinstance(request, MoveRequest):
            return super().budget_for(request)
        return request.limits.seconds or get_level(request.level or DEFAULT_LEVEL).seconds

    def stale_seconds_left(self) -> float:
        """How long the request in flight may still run though its answer is no longer
        wanted (a new game, an undo...): 0 when there is none, or it is still wanted."""
        if self.pending is None or self.answered or self.is_current(self.pending):
            return 0.0
        return max(0.0, self.started + self.budget - self.clock())

    # -- the reply (RequestDriver's hooks) -------------------------------------------------

    async def settle(self, token: Token, reply: Reply) -> None:
        """The reply has come: it waits out the minimum time of a move, if still current."""
        wait = self.min_seconds() - (self.clock() - self.started)
        if wait > 0 and self.is_current(token):
            await self.sleep(wait)

    def wanted(self, token: Token) -> bool:
        # stale, or stopped meanwhile: dropped (asked again on resume)
        return self.is_current(token) and not self.controller.paused

    def accept(self, token: Token, reply: Reply) -> None:
        answer = read_reply(MoveReply, reply)
        if isinstance(answer, ErrorReply):
            self.error = _("The computer could not move: {error}").format(error=answer.error)
            self._error_token = token
        elif apply_ai_move(self.controller, token, answer.move):
            self.error = ""
            self._error_token = None
        else:
            self.error = _("The computer chose an impossible move: {move!r}").format(move=answer.move)
            self._error_token = token

    def after_reply(self) -> None:
        self.poke()  # a stale reply: the current position may need its own request
