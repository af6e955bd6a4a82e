"""Lines drawn on the board while they are pointed at, focused or tapped (:mod:`reversi.ui.lines`).

The study bar's lines (the analysis' and the review's better line) carry ``data-line`` (their
source) and are drawn by :mod:`reversi.ui.dom.study_bar`; here their events choose the line the
board shows: the pointer over one (a mouse's or a pen's), the keyboard's focus on one (a
pointer's focus is not the keyboard's: it follows the pointer), a tap on one (touch: a second tap,
or a tap anywhere else, takes it away; the board, far above the lines on a phone, is brought into
view). The pointer over the better move's square on the board
shows the review's better line too. Nothing here changes what a click does elsewhere: a tap
elsewhere only takes a tapped line away, after that click has done its work.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import js
from pyodide.ffi import to_js
from pyscript import document

from reversi.drawing.render import BoardView
from reversi.ui.dom import nullable
from reversi.ui.drivers.study import StudyDriver
from reversi.ui.lines import BETTER, FOCUS, HOVER, TAP, Line, LinePreview, line_of
from reversi.ui.ports import PageController, Redraw

Listen = Callable[[Any, str, Callable[[Any], object]], Callable[[], None]]
#: The elements that show a line: the study bar's.
LINE_ELEMENT = "[data-line]"


def closest(target: Any, selector: str) -> Any:
    """The element ``selector`` finds from the event's ``target`` up, or None (a target that is no
    element has none)."""
    find = getattr(target, "closest", None)
    return None if find is None else nullable(find(selector))


class LinesOnBoard:
    """The study bar's element ``study_root`` and the board's ``board_root``, for the line shown."""

    def __init__(self, study_root: Any, board_root: Any, controller: PageController, study: StudyDriver,
                 update: Redraw) -> None:
        self.study_root = study_root
        self.board_root = board_root
        self.controller = controller
        self.study = study
        self.update = update
        self.preview = LinePreview()
        #: The source of the line drawn last, or "" (its element is marked ``line-shown``).
        self.drawn = ""
        #: The kind of pointer of the last press on the study bar (``mouse``, ``touch``, ``pen``).
        self._pressed = ""

    def bind(self, listen: Listen) -> None:
        for event, handler in (("pointerover", self.on_over), ("pointerleave", self.on_leave),
                               ("pointerdown", self.on_press), ("click", self.on_click),
                               ("focusin", self.on_focus), ("focusout", self.on_blur)):
            listen(self.study_root, event, handler)
        listen(self.board_root, "pointerover", self.on_board_over)
        listen(self.board_root, "pointerleave", self.on_board_leave)
        listen(document, "click", self.on_page_click)

    # -- what the board shows ------------------------------------------------------------

    def shown(self) -> str | None:
        """The source of the line shown, or None."""
        c = self.controller
        return None if c.editor is not None else self.preview.shown(c.position)

    def line(self) -> Line | None:
        source = self.shown()
        if source is None:
            return None
        study = self.study
        return line_of(source, self.controller.game, study.analysis(), study.evals, study.reviewing)

    def draw(self, view: BoardView, moved: bool) -> BoardView:
        """``view`` with the line shown (``moved``: the redraw follows an intent)."""
        line = self.line()
        self.drawn = (self.shown() or "") if line is not None else ""
        self.board_root.dataset.lineShown = self.drawn
        return self.preview.draw(view, line, moved)

    def mark_shown(self, events: object = None) -> None:
        """After the study bar is drawn: the element whose line the board shows is marked ``line-shown``."""
        for element in self.study_root.querySelectorAll(LINE_ELEMENT):
            shown = bool(self.drawn) and str(element.getAttribute("data-line")) == self.drawn
            if bool(element.classList.contains("line-shown")) != shown:
                element.classList.toggle("line-shown", shown)

    # -- the events ------------------------------------------------------------------------

    def changed(self, changed: bool) -> None:
        if changed:
            self.update()

    @staticmethod
    def source_of(event: Any) -> str | None:
        element = closest(event.target, LINE_ELEMENT)
        return None if element is None else str(element.getAttribute("data-line"))

    def on_over(self, event: Any) -> None:
        if str(event.pointerType) == "touch":
            return  # a finger does not rest on a line: a tap shows it
        source = self.source_of(event)
        if source is None:
            self.changed(self.preview.release(HOVER))
        else:
            self.changed(self.preview.hold(HOVER, source))

    def on_leave(self, event: Any) -> None:
        if str(event.pointerType) != "touch":
            self.changed(self.preview.release(HOVER))

    def on_press(self, event: Any) -> None:
        self._pressed = str(event.pointerType or "")

    def on_click(self, event: Any) -> None:
        """A tap (not a mouse's click: pointing at a line shows it) shows the line or takes it away."""
        source = self.source_of(event)
        pressed, self._pressed = self._pressed, ""
        if source is None or pressed == "mouse":
            return
        if self.preview.tap(source, self.controller.position):
            self.update()
            if self.drawn == source:
                self.show_board()

    def show_board(self) -> None:
        """On a phone the lines are far under the board: the board is brought into view, whole, to
        show the line tapped (at once where the person asks for less motion)."""
        box = self.board_root.getBoundingClientRect()
        if box.top >= 0 and box.bottom <= js.window.innerHeight:
            return
        still = bool(js.window.matchMedia("(prefers-reduced-motion: reduce)").matches)
        options = {"block": "nearest", "behavior": "auto" if still else "smooth"}
        self.board_root.scrollIntoView(to_js(options, dict_converter=js.Object.fromEntries))

    def on_focus(self, event: Any) -> None:
        source = self.source_of(event)
        if source is not None and event.target.matches(":focus-visible"):
            self.changed(self.preview.hold(FOCUS, source))

    def on_blur(self, event: Any) -> None:
        source = self.source_of(event)
        if source is not None:
            self.changed(self.preview.release(FOCUS, source))

    def on_board_over(self, event: Any) -> None:
        if str(event.pointerType) == "touch":
            return  # a tap on the board plays there
        if closest(event.target, "[data-better]") is not None:
            self.changed(self.preview.hold(HOVER, BETTER))
        else:
            self.changed(self.preview.release(HOVER, BETTER))

    def on_board_leave(self, event: Any) -> None:
        self.changed(self.preview.release(HOVER, BETTER))

    def on_page_click(self, event: Any) -> None:
        """A tap anywhere but on a line takes a tapped line away (the click has done its work)."""
        if closest(event.target, LINE_ELEMENT) is None:
            self.changed(self.preview.release(TAP))
