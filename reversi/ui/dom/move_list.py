"""The move list (``#move-list``): the game's moves and variations, clicked or browsed by keys.

:class:`MoveList` owns that one element: it draws the list (:func:`reversi.ui.move_list.render_move_list`,
the review's mistakes and blunders marked while the review is shown, each valued move's loss
beside it and in its accessible name: :mod:`reversi.ui.accuracy`), keeps the current move in
view, and goes to the move clicked or asked for by a key (Home, End, arrows:
:func:`reversi.ui.move_list.target_for_key`).
"""

from __future__ import annotations

from typing import Any

from reversi.ui.accuracy import loss_figures, move_list_review
from reversi.ui.dom import nullable
from reversi.ui.drivers.study import MoveReview, review_marks
from reversi.ui.move_list import NAV_KEYS, render_move_list, target_for_key
from reversi.ui.ports import PageHost


class MoveList:
    """The move list: one root element (``#move-list``)."""

    def __init__(self, root: Any, page: PageHost) -> None:
        self.root = root
        self.page = page

    def bind(self) -> None:
        self.page.listen(self.root, "click", self.on_click)
        self.page.listen(self.root, "keydown", self.on_key)

    def review(self) -> dict[int, MoveReview]:
        """The review's values by ply, while the review is shown."""
        engine = self.page.study_engine
        if not engine.reviewing:
            return {}
        return review_marks(self.page.controller.game, engine.evals)

    def draw(self) -> None:
        c = self.page.controller
        box = self.root
        marks = self.review()
        names = c.rules.display_side_names()
        box.innerHTML = render_move_list(c.game, names, move_list_review(c.game, marks, True, names),
                                         loss_figures(marks))
        box.dataset.ply = str(c.game.ply)
        current = nullable(box.querySelector(".current"))
        if current is not None:
            top, bottom = current.offsetTop, current.offsetTop + current.offsetHeight
            if top < box.scrollTop or bottom > box.scrollTop + box.clientHeight:
                box.scrollTop = max(0, top - box.clientHeight // 2)
        elif c.game.ply == 0:
            box.scrollTop = 0

    def on_click(self, event: Any) -> None:
        entry = nullable(event.target.closest("[data-ply]"))
        if entry is None:
            return
        node = nullable(entry.getAttribute("data-node"))
        if node is not None and self.page.controller.go_to_node(int(node)):
            self.page.update()

    def on_key(self, event: Any) -> None:
        if event.key not in NAV_KEYS:
            return
        event.preventDefault()
        target = target_for_key(self.page.controller.game, event.key)
        if target is not None and self.page.controller.go_to(target):
            self.page.update()
