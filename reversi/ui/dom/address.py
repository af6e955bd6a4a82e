"""The address bar as a link to the game (``history.replaceState``), and the link copied.

:class:`Address` owns no element: the address follows the game after every redraw, so a
copied address is a link to it; the query is :func:`reversi.ui.sharing.link_query`'s, which
keeps the parameters of other features (the language, ...). A link too long to open again is never
made (:mod:`reversi.ui.sharing`).
"""

from __future__ import annotations

import js

from reversi.ui.ports import PageHost
from reversi.ui.sharing import address_query, link_that_fits


class Address:
    """The page's address, kept a link to the game on the board."""

    def __init__(self, page: PageHost) -> None:
        self.page = page

    def follow(self, clean: bool = False) -> None:
        """Make the address the game's link (``clean``: keep nothing of an address that cannot be read);
        none where that link would be too long to open (a reload restores the saved game)."""
        controller = self.page.controller
        current = "" if clean else str(js.location.search)
        query = address_query(controller.game, current, controller.players.to_code())
        url = str(js.location.pathname) + (f"?{query}" if query else "")
        if url != str(js.location.pathname) + str(js.location.search):
            js.history.replaceState(None, "", url)

    def link(self) -> tuple[str, str]:
        """The link to the game on the board, and what it left out to stay short enough to open
        (:func:`reversi.ui.sharing.link_that_fits`: "" for nothing)."""
        controller = self.page.controller
        query, left_out = link_that_fits(controller.game, str(js.location.search), controller.players.to_code())
        return str(js.location.origin) + str(js.location.pathname) + (f"?{query}" if query else ""), left_out
