"""The evaluation graph (``#graph-box``): the engine's value along the main line, read and clicked.

:class:`EvaluationGraph` owns that element. The points are the study engine's
(:meth:`reversi.ui.drivers.study.StudyDriver.graph_points`), drawn by :func:`reversi.ui.graph.render_graph`
with the review's marks while the review is shown, and written only when the drawing changed.

Under the graph a line says the value of one point in words (:func:`reversi.ui.graph.point_text`):
the point pointed at, or looked at with the keys, else the position shown. The box is one
focus stop, a slider over the plies (its value said as that line): the arrows, Home, End and
Page Up/Down look at the points, Enter or Space goes to the one looked at; a click goes to the
nearest point.
"""

from __future__ import annotations

from html import escape
from typing import Any

from reversi.i18n import N_, _, full_stops
from reversi.ui.dom import has_focus, nullable
from reversi.ui.drivers.study import review_marks
from reversi.ui.graph import graph_caption, graph_names, point_text, render_graph
from reversi.ui.ports import PageHost

#: What the graph's box says while the setting "Value each move as the game is played" is off.
GRAPH_OFF = N_("The evaluation graph is off in Settings: Review or Analysis values the game.")
#: Keys that move the point looked at, and by how many plies.
STEPS = {"ArrowLeft": -1, "ArrowRight": 1, "ArrowDown": -1, "ArrowUp": 1, "PageDown": -10, "PageUp": 10}


class EvaluationGraph:
    """The evaluation graph: one root element (``#graph-box``)."""

    def __init__(self, root: Any, page: PageHost) -> None:
        self.root = root
        self.page = page
        self._html = ""
        #: The ply pointed at or looked at with the keys, or None (the position shown is read).
        self.looked: int | None = None
        #: How many plies the main line has (the slider's range), as last drawn.
        self._plies = 0

    def bind(self) -> None:
        self.page.listen(self.root, "click", self.on_click)
        self.page.listen(self.root, "keydown", self.on_key)
        self.page.listen(self.root, "mousemove", self.on_point)
        self.page.listen(self.root, "mouseleave", self.on_leave)
        self.page.listen(self.root, "focus", self.on_focus)
        self.page.listen(self.root, "blur", self.on_leave)

    def draw(self) -> None:
        """The graph when the game has moves, redrawn only when it changed, and the line under it."""
        c = self.page.controller
        engine = self.page.study_engine
        game = c.game
        root = self.root
        points = engine.graph_points() if game.root.children else []
        slider = bool(points)
        if not points:
            html, said = "", ""
            self.looked = None
            self._plies = 0
        elif not c.graph and not engine.reviewing and all(value is None for _ply, value, _exact in points):
            # the person turned the valuing off (Settings): say so rather than draw an empty graph
            html, said, slider = f'<p class="graph-off">{escape(_(GRAPH_OFF))}</p>', "", False
            self.looked = None
            self._plies = 0
        else:
            self._plies = len(points) - 1
            if self.looked is not None and self.looked > self._plies:
                self.looked = self._plies
            current = game.current.depth if game.current.is_main else None
            marks = review_marks(game, engine.evals) if engine.reviewing else {}
            names = graph_names(game)
            sides = c.rules.display_side_names()
            html = render_graph(points, current, marks, c.rules.anti, names, sides, self.looked)
            read = self.looked if self.looked is not None else current
            if read is None:  # a variation is shown: the graph is the game's own line
                said = graph_caption(c.rules.anti)
            else:
                _ply, value, exact = points[read]
                review = marks.get(read)
                said = point_text(names[read], value, exact, review.kind if review else "", sides)
            html += f'<p class="graph-readout" aria-hidden="true">{escape(said)}</p>'
        if html != self._html:
            self._html = html
            root.innerHTML = html
        if not slider:
            for name in ("tabindex", "role", "aria-label", "aria-valuemin", "aria-valuemax", "aria-valuenow",
                         "aria-valuetext"):
                root.removeAttribute(name)
            return
        attrs = {
            "tabindex": "0",
            "role": "slider",
            # Translators: the evaluation graph's accessible name: its keys, then its sign convention
            "aria-label": full_stops([_("Evaluation graph (arrows: read the values; Enter: go to that move)"),
                                      graph_caption(c.rules.anti)], end=False),
            "aria-valuemin": "0",
            "aria-valuemax": str(self._plies),
            "aria-valuenow": str(self.looked if self.looked is not None else game.current.depth
                                 if game.current.is_main else 0),
            "aria-valuetext": said,
        }
        for name, text in attrs.items():
            if root.getAttribute(name) != text:
                root.setAttribute(name, text)

    def ply_at(self, event: Any) -> int | None:
        """The ply of the point under ``event`` (the nearest along the line), or None."""
        target = nullable(event.target.closest("[data-ply]"))
        if target is not None:
            return int(target.getAttribute("data-ply"))
        svg = nullable(self.root.querySelector("svg"))
        if svg is None:
            return None
        box = svg.getBoundingClientRect()
        width = float(box.width) or 1.0
        if not float(box.top) <= float(event.clientY) <= float(box.bottom):
            return None  # the line under the graph
        return max(0, min(self._plies, round((float(event.clientX) - float(box.left)) / width * self._plies)))

    def on_click(self, event: Any) -> None:
        """A click on the graph goes to the nearest point's position of the main line."""
        ply = self.ply_at(event)
        if ply is not None:
            self.go(ply)

    def go(self, ply: int) -> None:
        controller = self.page.controller
        main = controller.game.main_line()
        ply = max(0, min(ply, len(main) - 1))
        self.looked = ply
        if controller.go_to_node(main[ply].id):
            self.page.update()
        else:
            self.draw()

    def on_key(self, event: Any) -> None:
        key = str(event.key)
        if not self._plies:
            return
        game = self.page.controller.game
        at = self.looked if self.looked is not None else game.current.depth if game.current.is_main else 0
        if key in STEPS:
            target = max(0, min(self._plies, at + STEPS[key]))
        elif key == "Home":
            target = 0
        elif key == "End":
            target = self._plies
        elif key in ("Enter", " "):
            event.preventDefault()
            self.go(at)
            return
        else:
            return
        event.preventDefault()
        if target != self.looked:
            self.looked = target
            self.draw()

    def on_point(self, event: Any) -> None:
        """The pointer over the graph: the line under it reads the nearest point."""
        ply = self.ply_at(event)
        if ply is not None and ply != self.looked:
            self.looked = ply
            self.draw()

    def on_focus(self, event: Any) -> None:
        if self.looked is None:
            game = self.page.controller.game
            self.looked = game.current.depth if game.current.is_main else self._plies
            self.draw()

    def on_leave(self, event: Any) -> None:
        """The pointer left (or the focus did): the line reads the position shown again."""
        if self.looked is not None and not (event.type == "mouseleave" and has_focus(self.root)):
            self.looked = None
            self.draw()
