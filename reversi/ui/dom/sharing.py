"""The Share button of the game's controls: the system's share sheet, or the link copied.

:class:`ShareLink` owns the status line under the controls (``#share-status``); the button is the
controls' (:mod:`reversi.ui.dom.controls`), which call :meth:`ShareLink.share` in the click. Where
the browser has a share sheet (``navigator.share``: phones, and some desktops) it opens with the
game's link (the one "Copy link" copies), a title and a line on the game
(:func:`reversi.ui.sharing.share_message`). A sheet the person closes (``AbortError``) is no
error and says nothing; a sheet that fails, or a browser without one, copies the link instead,
said under the buttons ("Link copied"); where the clipboard refuses too, the link goes into the
Game menu's box, selected.
"""

from __future__ import annotations

from typing import Any

import js
from pyodide.ffi import to_js

from reversi.ui.dom import clipboard
from reversi.ui.dom.address import Address
from reversi.ui.dom.clipboard import Confirmation, Fallback
from reversi.ui.ports import PageHost
from reversi.ui.sharing import link_name, share_message


class ShareLink:
    """The Share button's work; ``to_box`` is where a link the clipboard refused goes (the Game menu's box)."""

    def __init__(self, root: Any, page: PageHost, address: Address, to_box: Fallback) -> None:
        self.root = root
        self.page = page
        self.address = address
        self.to_box = to_box
        self.confirmation = Confirmation(root)

    def share(self) -> None:
        self.confirmation.place(js.document.getElementById("btn-share"))  # said under the button
        link, left_out = self.address.link()
        title, text = share_message(self.page.controller.status())
        data = to_js({"title": title, "text": text, "url": link}, dict_converter=js.Object.fromEntries)
        sheet = self.open_sheet(data)
        if sheet is None:
            self.copy(link, left_out)
            return

        async def wait() -> None:
            try:
                await sheet
            except Exception as e:
                if getattr(e, "name", "") != "AbortError":  # closed by the person: nothing to say
                    self.copy(link, left_out)

        clipboard.spawn(wait())

    def open_sheet(self, data: Any) -> Any:
        """The share sheet's promise, or None where the browser has none (or none for ``data``)."""
        navigator = js.navigator
        if not hasattr(navigator, "share"):
            return None
        if hasattr(navigator, "canShare") and not navigator.canShare(data):
            return None
        try:
            return navigator.share(data)
        except Exception:
            return None

    def copy(self, link: str, left_out: str = "") -> None:
        clipboard.copy(link, link_name(left_out), self.confirmation.say, self.to_box)
