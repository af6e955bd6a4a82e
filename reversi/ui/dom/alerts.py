"""The message line (``#alert``): what went wrong, what was loaded, what was copied.

:class:`Alerts` owns that one element and its parts (the text, the action buttons, the
dismiss button). An error or a notice stays until dismissed or replaced; an info ("Link
copied") goes by itself after :data:`INFO_MS`. The action buttons' clicks are the page's
(``data-notice-action``, :attr:`reversi.ui.ports.PageHost.notice_actions`).
"""

from __future__ import annotations

from typing import Any

import js
from pyodide.ffi import create_once_callable

from reversi.ui.notices import MAX_MESSAGES_CHARS, Action, render_actions, shorten
from reversi.ui.ports import PageHost

#: How long an info message stays (milliseconds).
INFO_MS = 3500


class Alerts:
    """The message line: one root element (``#alert``)."""

    def __init__(self, root: Any, page: PageHost) -> None:
        self.root = root
        self.page = page
        self.text = root.querySelector(".alert-text")
        self.actions = root.querySelector(".notice-actions")
        self.close_button = root.querySelector(".alert-close")
        self._info_timer: Any = None

    def bind(self) -> None:
        self.page.listen(self.close_button, "click", lambda e: self.hide())

    def show_error(self, text: str, actions: tuple[Action, ...] = ()) -> None:
        self.show(text, "error", actions)

    def show_info(self, text: str) -> None:
        """Show ``text`` for a while."""
        self.show(text, "info")
        self._info_timer = js.setTimeout(create_once_callable(self._hide_info), INFO_MS)

    def show(self, text: str, kind: str, actions: tuple[Action, ...] = ()) -> None:
        """Show ``text`` as ``kind`` (error, notice, info) with the buttons of ``actions``."""
        if self._info_timer is not None:
            js.clearTimeout(self._info_timer)
            self._info_timer = None
        self.text.textContent = shorten(text, MAX_MESSAGES_CHARS)
        self.actions.innerHTML = render_actions(actions)
        self.actions.hidden = not actions
        self.root.dataset.kind = kind
        self.root.hidden = False

    def hide(self) -> None:
        self.root.hidden = True
        self.text.textContent = ""
        self.actions.innerHTML = ""
        self.root.dataset.kind = ""

    def _hide_info(self) -> None:
        if self.root.dataset.kind == "info":
            self.hide()
