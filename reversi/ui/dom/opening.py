"""The opening's name above the move list (``#opening-name``): "Opening: Tiger".

:class:`OpeningName` owns that one element; the name is :func:`reversi.formats.openings.opening_name`'s
for the game's moves (none for a game from a set-up position), as players of the page's language
call it (:func:`reversi.formats.openings.local_name`); for a game that began with a
balanced random opening, how it was drawn (:mod:`reversi.formats.balanced_spec`).
"""

from __future__ import annotations

from typing import Any

from reversi.core.position import Position
from reversi.errors import ReversiError
from reversi.formats.balanced_spec import TAG as BALANCED_TAG
from reversi.formats.balanced_spec import BalancedSpec
from reversi.formats.openings import local_name, opening_name
from reversi.i18n import _, language
from reversi.ui.ports import PageHost


class OpeningName:
    """The opening's name: one root element (``#opening-name``)."""

    def __init__(self, root: Any, page: PageHost) -> None:
        self.root = root
        self.page = page

    def draw(self) -> None:
        game = self.page.controller.game
        name = opening_name(game.rules, game.moves, game.start == Position.start(game.rules))
        # Translators: the named opening the game follows, e.g. "Opening: Tiger" (the names stay as they are)
        text = _("Opening: {name}").format(name=local_name(name, language())) if name else ""
        balanced = game.tags.get(BALANCED_TAG, "")
        if balanced:
            try:
                text = BalancedSpec.parse(balanced).describe()  # how the game began, rather than a name
            except ReversiError:
                pass  # a record's unreadable tag: the name, if any
        if str(self.root.textContent) != text:
            self.root.textContent = text
        self.root.hidden = not text
