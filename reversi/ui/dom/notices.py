"""The notices (``#notices``): what stays until the person acts (the computer unavailable,
another tab's game, a new version of the page), each with its buttons.

Each source gives the notice of its condition, or None; they are drawn after every
redraw (only when they changed: a button keeps its focus). A button's
``data-notice-action`` names what it does in :attr:`NoticesPanel.actions`; other
elements whose buttons carry actions (the alert) hand their clicks here too.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyscript import document

from reversi.i18n import N_, _
from reversi.ui.dom import nullable
from reversi.ui.notices import Action, Notice, render_notices

#: A new version of the page is ready (the service worker's): the notice and its button.
UPDATE_READY = N_("A new version of this page is ready: it is used when the page next opens with no other page "
                  "of this site open.")
LABEL_USE_UPDATE = N_("Use it now")
TITLE_USE_UPDATE = N_("Reload the page with the new version; the game is kept.")
ACTION_USE_UPDATE = "use-update"

Listen = Callable[[Any, str, Callable[[Any], object]], Callable[[], None]]


class NoticesPanel:
    """The ``#notices`` element ``root``, its sources and its actions."""

    def __init__(self, root: Any) -> None:
        self.root = root
        self.sources: list[Callable[[], Notice | None]] = []
        self.actions: dict[str, Callable[[], None]] = {}
        self._html = ""

    def bind(self, listen: Listen, *others: Any) -> None:
        for element in (self.root, *others):
            listen(element, "click", self.on_click)

    def on_click(self, event: Any) -> None:
        button = nullable(event.target.closest("button[data-notice-action]"))
        if button is None:
            return
        action = self.actions.get(str(button.getAttribute("data-notice-action")))
        if action is not None:
            action()

    def draw(self) -> None:
        notices = [n for n in (source() for source in self.sources) if n is not None]
        html = render_notices(notices)
        if html != self._html:
            self._html = html
            self.root.innerHTML = html
            self.root.hidden = not notices

    def redraw(self) -> None:
        """Draw them again at the next :meth:`draw` (the language changed)."""
        self._html = ""


def update_notice() -> Notice | None:
    """A new version of the page is installed and waiting (assets/offline.js): used on the next load."""
    if str(document.documentElement.getAttribute("data-update") or "") != "ready":
        return None
    action = Action(ACTION_USE_UPDATE, _(LABEL_USE_UPDATE), _(TITLE_USE_UPDATE))
    return Notice("update", _(UPDATE_READY), (action,), kind="warning")


def use_update() -> None:
    """Reload with the new version (assets/offline.js asks the waiting service worker to take over)."""
    import js

    js.window.reversiUseUpdate()
