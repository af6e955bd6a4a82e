"""The address bar as a link to the game (``history.replaceState``), and the link copied.

:class:`Address` owns no element: the address follows the game after every redraw, so a
copied address is a link to it; the query is :func:`reversi.ui.store.session.link_query`'s, which
keeps the parameters of other features (the language, ...).
"""

from __future__ import annotations

import js

from reversi.ui.ports import PageHost
from reversi.ui.store.session import link_query


class Address:
    """The page's address, kept a link to the game on the board."""

    def __init__(self, page: PageHost) -> None:
        self.page = page

    def query(self, current: str) -> str:
        controller = self.page.controller
        return link_query(controller.game, current, controller.players.to_code())

    def follow(self, clean: bool = False) -> None:
        """Make the address the game's link (``clean``: keep nothing of an address that cannot be read)."""
        query = self.query("" if clean else str(js.location.search))
        url = str(js.location.pathname) + (f"?{query}" if query else "")
        if url != str(js.location.pathname) + str(js.location.search):
            js.history.replaceState(None, "", url)

    def link(self) -> str:
        """The link to the game on the board."""
        query = self.query(str(js.location.search))
        return str(js.location.origin) + str(js.location.pathname) + (f"?{query}" if query else "")
