"""The game's balanced random opening, drawn by the engine's worker. No DOM here.

A game that waits for its opening (:attr:`reversi.ui.controller.Controller.opening_pending`: a new
game from the form with "Balanced opening", a rematch of one, or a link ``?bo=8.2.1234``
without moves) asks the worker's ``opening`` (:mod:`reversi.engine.balanced`) as soon as the
worker is there, before the computer's move (nobody moves meanwhile: the status line says
the opening is being drawn). The reply's moves are played as the game's first moves
(:meth:`~reversi.ui.controller.Controller.play_opening`); a refusal (no opening within the window
in the lines drawn) gives the game the rule set's start instead, and the message stays
shown (:attr:`OpeningDriver.error`). Its token is the game's id: a reply for a game replaced
meanwhile is dropped.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Protocol

from reversi.core.game import Game
from reversi.core.rules import Rules
from reversi.engine.protocol import OpeningReply, OpeningRequest, Request, read_reply
from reversi.errors import ReversiError
from reversi.formats.balanced_spec import BalancedSpec
from reversi.formats.notation import parse_transcript
from reversi.i18n import _
from reversi.ui.drivers.requests import Ask, Redraw, Reply, RequestDriver, no_redraw

#: How long the worker may take to draw an opening (seconds) before the page thinks it lost:
#: a long opening with a narrow window on a large board draws hundreds of lines.
OPENING_SECONDS = 60.0


class OpeningSeat(Protocol):
    """The controller as the opening's driver sees it."""

    @property
    def game(self) -> Game: ...

    @property
    def game_id(self) -> int: ...

    @property
    def rules(self) -> Rules: ...

    @property
    def opening_pending(self) -> BalancedSpec | None: ...

    def play_opening(self, moves: Sequence[int]) -> bool: ...

    def drop_opening(self) -> bool: ...


class OpeningDriver(RequestDriver[int]):
    """Draws the opening the game waits for: one request per game."""

    def __init__(self, controller: OpeningSeat, ask: Ask | None = None, on_change: Redraw = no_redraw) -> None:
        super().__init__(lambda: controller.game_id, ask, on_change)
        self.controller = controller
        #: Why the last opening could not be drawn ('' when it was, or none was asked).
        self.error = ""

    def take_error(self) -> str:
        """Why the last opening could not be drawn, once ('' if nothing to say)."""
        error, self.error = self.error, ""
        return error

    def budget_for(self, request: Request) -> float:
        return OPENING_SECONDS

    def poke(self) -> asyncio.Future[None] | None:
        """Ask for the opening the game waits for, if any and the worker is free of this driver."""
        c = self.controller
        spec = c.opening_pending
        if spec is None or not self.ready or self.in_flight:
            return None
        self.error = ""
        request = OpeningRequest(rules=c.rules, plies=spec.plies, within=spec.within, seed=spec.seed)
        return self.send(c.game_id, request)

    def wanted(self, token: int) -> bool:
        return self.is_current(token) and self.controller.opening_pending is not None

    def accept(self, token: int, reply: Reply) -> None:
        answer = read_reply(OpeningReply, reply)
        if not isinstance(answer, OpeningReply):
            self.error = answer.error
            self.controller.drop_opening()
            return
        try:
            moves = [m for m, _offset, _token in parse_transcript(answer.moves, self.controller.rules.geometry)]
        except ReversiError as e:
            moves, self.error = [], str(e)
        if not moves or not self.controller.play_opening(moves):
            # Translators: the engine drew a balanced opening that cannot be played in the game (a bug)
            self.error = self.error or _("the opening {moves} does not fit this game").format(moves=answer.moves[:80])
            self.controller.drop_opening()


__all__ = ["OPENING_SECONDS", "OpeningDriver", "OpeningSeat"]
