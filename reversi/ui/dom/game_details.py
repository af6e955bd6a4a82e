"""The game's details (``#game-details``, in the Game menu): the event, the place, the date, the round
and the players' names, kept with the game (:attr:`reversi.core.game.Game.tags`) and written in its
``.rev`` record.

:class:`GameDetails` owns that ``<details>`` element: it fills the fields from the game shown (not
the one being typed in), and hands a changed field to the controller
(:meth:`~reversi.ui.controller.Controller.set_details`); a value that is refused leaves the game's
details as they were and says why beside the fields.
"""

from __future__ import annotations

from typing import Any

from reversi.errors import ReversiError
from reversi.formats.record import DETAIL_TAGS
from reversi.i18n import _
from reversi.ui.dom import has_focus, nullable
from reversi.ui.ports import PageHost


class GameDetails:
    """The game's details: one root element (``#game-details``)."""

    def __init__(self, root: Any, page: PageHost) -> None:
        self.root = root
        self.page = page
        self.message = root.querySelector(".game-details-message")

    def bind(self) -> None:
        self.page.listen(self.root, "change", self.on_change)

    def field(self, tag: str) -> Any:
        return nullable(self.root.querySelector(f'input[name="{tag}"]'))

    def draw(self) -> None:
        c = self.page.controller
        names = c.rules.display_side_names()
        for label in self.root.querySelectorAll(".details-name"):
            # Translators: the label of a player's name in the game's details: "Black: the player's name"
            label.textContent = _("{side}: the player's name").format(side=names[int(label.getAttribute("data-side"))])
        tags = c.game.tags
        for tag in DETAIL_TAGS:
            element = self.field(tag)
            if element is not None and not has_focus(element):
                element.value = tags.get(tag, "")  # not while the person is typing in it

    def on_change(self, event: Any) -> None:
        target = event.target
        tag = str(target.getAttribute("name") or "")
        if tag not in DETAIL_TAGS:
            return
        try:
            changed = self.page.controller.set_details({tag: str(target.value)})
        except ReversiError as e:
            self.message.textContent = str(e)
            self.message.hidden = False
            return
        self.message.hidden = True
        self.message.textContent = ""
        if changed:
            self.page.update()
