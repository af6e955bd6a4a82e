"""The game's buttons (``#controls``): New game, Undo, Redo, Flip, Hints, Resign, Share, Pause.

One click handler reads the ``data-action`` of the button clicked. The buttons' states
follow the controller (what can be undone or redone, who may resign), the computer (the
Hints button waits for the worker, and says why when the computer is unavailable) and
the players (Pause for a game of two computers); the Hints button's title says what the hints
show (the setting). Share is the page's (``share``: the system's
share sheet, or the link copied, :mod:`reversi.ui.dom.sharing`), called in the click itself.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import js

from reversi.i18n import _
from reversi.ui.dom import nullable
from reversi.ui.dom.clipboard import CONFIRM_MS, Confirmation
from reversi.ui.drivers.health import EngineHealth
from reversi.ui.drivers.hints import HINT_TITLES
from reversi.ui.ports import PageController, Redraw
from reversi.ui.turns import pause_offered
from reversi.ui.views import StatusView

BUTTONS = ("new", "undo", "redo", "rotate", "hints", "resign", "share")
Listen = Callable[[Any, str, Callable[[Any], object]], Callable[[], None]]


class Controls:
    """The ``#controls`` element ``root``; ``open_new_game`` opens the dialog, ``resigned`` moves
    the focus after a resignation (the button is disabled then), ``share`` shares the game."""

    def __init__(self, root: Any, controller: PageController, update: Redraw,
                 open_new_game: Callable[[], None], resigned: Callable[[], None],
                 share: Callable[[], None]) -> None:
        self.root = root
        self.controller = controller
        self.update = update
        self.open_new_game = open_new_game
        self.resigned = resigned
        self.share = share
        self.buttons = {name: root.querySelector(f'button[data-action="{name}"]') for name in BUTTONS}
        self.pause = root.querySelector('button[data-action="pause"]')
        hints = self.buttons["hints"]
        # the English title (its message id: translated where shown)
        self.hints_title = str(hints.getAttribute("data-i18n-id-title") or hints.title)
        #: The status line under the buttons (shared with Share): where Resign asks to be clicked again.
        status = nullable(root.querySelector("#share-status"))
        self.status = None if status is None else Confirmation(status)
        #: When Resign was clicked once (``performance.now()``, ms), asking for a second click; None else.
        self.resign_asked: float | None = None

    def bind(self, listen: Listen) -> None:
        listen(self.root, "click", self.on_click)

    def on_click(self, event: Any) -> None:
        button = nullable(event.target.closest("button[data-action]"))
        if button is None or button.disabled:
            return
        action = button.getAttribute("data-action")
        c = self.controller
        if action == "new":
            self.open_new_game()
            return
        if action == "share":
            self.share()  # in the click: a share sheet or a copy asked for later may be refused
            return
        if action == "pause":
            c.pause(not c.paused)
            self.update()
            return
        if action == "resign":
            self.on_resign(button)
            return
        self.stop_asking()
        changed = {"undo": c.undo, "redo": c.redo, "rotate": c.rotate, "hints": c.toggle_hints}[action]()
        if changed:
            self.update()

    def on_resign(self, button: Any) -> None:
        """Resign takes two clicks: the first asks, beside the button, for a second within
        :data:`~reversi.ui.dom.clipboard.CONFIRM_MS` (and says that Undo takes it back); the
        second gives the game up. Any other button, or the time running out, forgets the first."""
        now = float(js.performance.now())
        asked = self.resign_asked
        if asked is None or now - asked > CONFIRM_MS:
            self.resign_asked = now
            button.classList.add("confirming")
            if self.status is not None:
                self.status.place(button)
                # Translators: said beside Resign after one click: a second click gives the game up
                self.status.say(_("Click Resign again to give up the game. Undo takes it back."))
            return
        self.stop_asking()
        if self.controller.resign():
            self.update()
            self.resigned()

    def stop_asking(self) -> None:
        """Forget a first click of Resign (another button was used)."""
        if self.resign_asked is None:
            return
        self.resign_asked = None
        self.buttons["resign"].classList.remove("confirming")
        if self.status is not None:
            self.status.clear()

    def draw(self, st: StatusView, health: EngineHealth, hints_ready: bool, hints_state: str) -> None:
        c = self.controller
        b = self.buttons
        b["undo"].disabled = c.editing or not st.can_undo  # the game behind the editor does not move
        b["redo"].disabled = c.editing or not st.can_redo
        b["new"].disabled = False
        b["share"].disabled = False
        b["rotate"].disabled = False
        b["rotate"].setAttribute("aria-pressed", "true" if c.rotated else "false")  # a toggle
        resign = b["resign"]
        resign.hidden = c.players.all_computers  # Pause has the place then
        resign.disabled = c.resigner is None or st.move_count == 0
        if self.resign_asked is not None and (resign.disabled or resign.hidden or
                                              float(js.performance.now()) - self.resign_asked > CONFIRM_MS):
            self.resign_asked = None  # the game moved on, or the time to confirm ran out
            resign.classList.remove("confirming")
        hints = b["hints"]
        hints.setAttribute("aria-pressed", "true" if c.show_hints else "false")
        hints.disabled = not hints_ready  # the worker works them out
        why = health.hints_title()  # disabled because the computer is unavailable
        hints.title = why or _(HINT_TITLES.get(c.hint_mode, self.hints_title))
        if why:
            hints.setAttribute("aria-description", why)
        else:
            hints.removeAttribute("aria-description")
        hints.classList.toggle("busy", hints_state == "waiting")  # the values are being worked out
        self.pause.hidden = not pause_offered(c)  # not once their game has ended
        self.pause.querySelector(".btn-label").textContent = _("Resume") if c.paused else _("Pause")
