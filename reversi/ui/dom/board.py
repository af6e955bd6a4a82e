"""The board: one element (the ARIA grid) that takes clicks and keys and shows the position.

The board is drawn as one SVG string assigned once (only when its markup changed: a redraw
for the engine's background work leaves it alone). A click reads the ``data-square`` of
the target's closest square; the arrows move the cursor (the grid's active cell) and
Enter or Space plays there. The rules are the controller's: the board only reports
which square was chosen.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from reversi.drawing.render import BoardView
from reversi.i18n import _
from reversi.ui.dom import draw_board, nullable
from reversi.ui.ports import PageController, Redraw
from reversi.ui.store.shown import DROP, NONE, early_click
from reversi.ui.views import StatusView

_ARROWS = {"ArrowLeft": (-1, 0), "ArrowRight": (1, 0), "ArrowUp": (0, -1), "ArrowDown": (0, 1)}
Listen = Callable[[Any, str, Callable[[Any], object]], Callable[[], None]]


class BoardPanel:
    """The board element ``root`` over the controller; ``say`` tells a screen reader, ``note`` the notice line."""

    def __init__(self, root: Any, controller: PageController, update: Redraw, say: Callable[[str], None],
                 note: Callable[[str], None]) -> None:
        self.root = root
        self.controller = controller
        self.update = update
        self.say = say
        self.note = note
        self._markup = ""

    def bind(self, listen: Listen) -> None:
        listen(self.root, "click", self.on_click)
        listen(self.root, "keydown", self.on_key)
        listen(self.root, "focus", self.on_focus)

    def on_click(self, event: Any) -> None:
        square = nullable(event.target.closest("[data-square]"))
        if square is not None and self.controller.click(square.getAttribute("data-square")):
            self.update()

    def on_focus(self, event: Any) -> None:
        """The board takes the focus from the keyboard: its cursor (the grid's active cell) shows
        where it is. Not on a click: redrawing the squares between the press and the release
        would lose the click."""
        if not self.root.matches(":focus-visible"):
            return
        if self.controller.cursor is None and self.controller.move_cursor(0, 0):
            self.update()

    def on_key(self, event: Any) -> None:
        key = event.key
        c = self.controller
        if key in _ARROWS:
            changed = c.move_cursor(*_ARROWS[key])
        elif key in ("Enter", " "):
            changed = c.activate()
            if not changed and c.cursor is not None and c.editor is None:
                # said, not silently ignored: an occupied square, no move there, the computer's turn
                name = c.rules.geometry.name(c.cursor)
                # Translators: a screen reader's answer to Enter on a square that takes no move now
                self.say(_("{square}: no move there now").format(square=name))
        else:
            return
        event.preventDefault()
        if changed:
            self.update()

    def draw(self, view: BoardView, status: StatusView) -> None:
        self._markup = draw_board(self.root, view, self._markup)
        data = self.root.dataset
        data.moves = str(status.move_count)
        data.over = "true" if status.over else "false"
        data.turn = "" if status.turn is None else ("black", "white")[status.turn]

    def focus(self) -> None:
        self.root.focus()

    def play_early_click(self) -> None:
        """Python holds the game now: the board stops waiting (assets/first-board.js), and a square
        clicked before the page was ready is played, if the position it was clicked on is the one
        Python drew (:func:`reversi.ui.store.shown.early_click`), or said to be no move now; a
        click on another position (the saved game was not the one shown) is never played."""
        import js

        self.root.removeAttribute("aria-busy")
        self.root.removeAttribute("data-waiting")
        early = nullable(getattr(js.window, "REVERSI_EARLY_CLICK", None))
        js.window.REVERSI_EARLY_CLICK = None
        square: Any = None
        shown: Any = None
        if isinstance(early, str):  # a square alone: the position it was clicked on is not known
            square = early
        elif early is not None:
            square = nullable(getattr(early, "square", None))
            shown = nullable(getattr(early, "shown", None))
        verdict = early_click(square, shown, self.controller.board_view())
        if verdict == NONE or not isinstance(square, str):
            return
        name = square[:4]
        if verdict == DROP:
            # Translators: a square clicked while the page was loading, on a board that showed another
            # position than the game Python then put there (a saved game, a link): the click is not played
            text = _("{square} was clicked while the page loaded, on another position than the game's: "
                     "it was not played.")
            self.note(text.format(square=name))
        elif self.controller.click(square):
            self.update()
        else:
            # Translators: a square clicked while the page was loading, which cannot be played now
            text = _("{square} was clicked while the page loaded: it is not a move now.")
            self.note(text.format(square=name))
