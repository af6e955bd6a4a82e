"""The game's clock on the page: the two faces on the player cards, and its ticking.

:class:`ClockDisplay` owns one face (a player card's ``.player-clock``) and draws a
:class:`reversi.ui.clocks.ClockFace` into it. :class:`GameClock` owns no element: it holds the
game's :class:`~reversi.ui.clocks.GameTimer` (which keeps the time and decides when a flag
falls: this module only reports the time), draws its faces, and ticks every :data:`TICK_MS`
and before a click or key on the board takes a move, so a flag that fell is seen first.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import js
from pyodide.ffi import create_proxy

from reversi.ui.clocks import ClockFace, GameTimer
from reversi.ui.ports import PageHost

#: How often the running clock is redrawn and checked (milliseconds).
TICK_MS = 200


class ClockDisplay:
    """One side's clock face: one root element (a ``.player-clock``)."""

    def __init__(self, root: Any) -> None:
        self.root = root

    def draw(self, face: ClockFace | None) -> None:
        """Show ``face`` (None: the game has no clock, the face is hidden)."""
        element = self.root
        if face is None:
            element.hidden = True
            return
        element.hidden = False
        element.textContent = face.text
        element.classList.toggle("running", face.running)
        element.classList.toggle("low", face.low)
        element.classList.toggle("flagged", face.flagged)
        element.dataset.ms = str(face.ms)


class GameClock:
    """The game's clock: its timer, its two faces (Black's, White's; None where a card has none)."""

    def __init__(self, page: PageHost, faces: Sequence[ClockDisplay | None]) -> None:
        self.page = page
        self.faces = list(faces)
        #: The game's clock: it follows the game and ends it when a flag falls.
        self.timer = GameTimer(page.controller)
        self._proxies: list[Any] = []

    def bind(self) -> None:
        # a flag that fell since the last tick is seen before a move is taken
        for event in ("click", "keydown"):
            capture = create_proxy(lambda e: self.tick())
            self._proxies.append(capture)
            self.page.board.addEventListener(event, capture, True)
        tick = create_proxy(lambda: self.tick())
        self._proxies.append(tick)
        js.window.setInterval(tick, TICK_MS)

    def draw(self, now: float) -> None:
        faces = self.timer.faces(now)
        for side, display in enumerate(self.faces):
            if display is not None:
                display.draw(None if faces is None else faces[side])

    def tick(self) -> None:
        """Every :data:`TICK_MS`, and before a click or key on the board takes a move."""
        if self.timer.clock is None:
            return
        now = float(js.performance.now())
        if self.timer.check(now):
            self.page.update()  # a flag fell: the game ended on time
        else:
            self.draw(now)

    def stop(self) -> None:
        """The game goes on without a clock (a position set up in the editor)."""
        self.timer.load(None)
