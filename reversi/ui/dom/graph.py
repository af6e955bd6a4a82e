"""The evaluation graph (``#graph-box``): the engine's value along the main line, clicked to go there.

:class:`EvaluationGraph` owns that element. The points are the study engine's
(:meth:`reversi.ui.drivers.study.StudyDriver.graph_points`), drawn by :func:`reversi.ui.drivers.study.render_graph`
with the review's marks while the review is shown, and written only when the drawing changed.
"""

from __future__ import annotations

from typing import Any

from reversi.ui.dom import nullable
from reversi.ui.drivers.study import render_graph, review_marks
from reversi.ui.ports import PageHost


class EvaluationGraph:
    """The evaluation graph: one root element (``#graph-box``)."""

    def __init__(self, root: Any, page: PageHost) -> None:
        self.root = root
        self.page = page
        self._html = ""

    def bind(self) -> None:
        self.page.listen(self.root, "click", self.on_click)

    def draw(self) -> None:
        """The graph when the game has moves, redrawn only when it changed."""
        c = self.page.controller
        engine = self.page.study_engine
        game = c.game
        if not game.root.children:
            html = ""
        else:
            current = game.current.depth if game.current.is_main else None
            marks = review_marks(game, engine.evals) if engine.reviewing else None
            html = render_graph(engine.graph_points(), current, marks, c.rules.anti)
        if html != self._html:
            self._html = html
            self.root.innerHTML = html

    def on_click(self, event: Any) -> None:
        """A click on the graph goes to the nearest point's position of the main line."""
        controller = self.page.controller
        target = nullable(event.target.closest("[data-ply]"))
        main = controller.game.main_line()
        if target is not None:
            ply = int(target.getAttribute("data-ply"))
        else:
            svg = nullable(self.root.querySelector("svg"))
            if svg is None:
                return
            box = svg.getBoundingClientRect()
            width = float(box.width) or 1.0
            ply = round((float(event.clientX) - float(box.left)) / width * (len(main) - 1))
        ply = max(0, min(ply, len(main) - 1))
        if controller.go_to_node(main[ply].id):
            self.page.update()
