"""Copying to the clipboard, and saying so beside the button that was used.

:func:`copy` asks for the copy in the click itself (``navigator.clipboard.writeText`` called before
the handler returns: a browser may refuse a copy asked for later, once the click's activation is
spent) and waits for it in a task. What it did is said by a :class:`Confirmation`: a status line
next to the buttons (``role=status``, read out politely), which clears itself after
:data:`CONFIRM_MS`. Where the clipboard is refused (an address that is not ``https``, a browser
that says no), the caller's ``fallback`` puts the text into a box, selected, ready to copy by
hand, and says where.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import Any

import js
from pyodide.ffi import create_once_callable

from reversi.i18n import _

#: How long a confirmation stays (milliseconds).
CONFIRM_MS = 4000
#: The room a confirmation needs under its button (pixels), else it shows over it.
ROOM_PX = 64
#: Puts the text (called ``what``) into a box and returns what to say: "Moves: in the box below, ...".
Fallback = Callable[[str, str], str]

#: The copies running (the loop keeps only weak references to its tasks).
_TASKS: set[asyncio.Future[None]] = set()


class Confirmation:
    """A status line beside some buttons (one element, ``role="status"``): what they did, for a while."""

    def __init__(self, element: Any) -> None:
        self.element = element
        self._timer: Any = None

    def place(self, near: Any) -> None:
        """Show what comes next just under the button ``near``, or over it when it is at the foot of
        the window (the line is positioned in the button's offset parent, ``assets/app.css``): in a
        tall grid of buttons, where the eyes are."""
        above = float(near.getBoundingClientRect().bottom) + ROOM_PX > float(js.window.innerHeight)
        top = int(near.offsetTop) - 4 if above else int(near.offsetTop) + int(near.offsetHeight) + 4
        self.element.classList.toggle("above", above)
        self.element.style.setProperty("--top", f"{top}px")
        self.element.style.setProperty("--left", f"{int(near.offsetLeft)}px")

    def say(self, text: str, error: bool = False) -> None:
        """Show ``text`` (read out by a screen reader) and clear it after :data:`CONFIRM_MS`."""
        if self._timer is not None:
            js.clearTimeout(self._timer)
        if text and str(self.element.textContent) == text:
            text += "\u00a0"  # the same words again are a change, read out again
        self.element.textContent = text
        self.element.classList.toggle("error", error)
        self._timer = js.setTimeout(create_once_callable(self.clear), CONFIRM_MS)

    def clear(self) -> None:
        self._timer = None
        self.element.textContent = ""
        self.element.classList.remove("error")


def start_copy(text: str) -> Any:
    """Ask the browser to copy ``text``: its promise, or None where there is no clipboard to ask."""
    try:
        return js.navigator.clipboard.writeText(text)
    except Exception:  # no navigator.clipboard (an address that is not https), or refused at once
        return None


def copy(text: str, what: str, say: Callable[[str], None], fallback: Fallback) -> None:
    """Copy ``text`` (called ``what``: "Moves") and ``say`` so ("Moves copied"); where the clipboard
    refuses, ``fallback`` puts it into a box and ``say`` tells where."""
    asking = start_copy(text)

    async def run() -> None:
        if asking is not None:
            try:
                await asking
            except Exception:
                pass
            else:
                # Translators: said beside the button when something was copied to the clipboard: "Link copied"
                say(_("{what} copied").format(what=what))
                return
        say(fallback(text, what))

    spawn(run())


def spawn(coro: Coroutine[Any, Any, None]) -> None:
    """Run ``coro`` as a task, held until it is done."""
    task = asyncio.ensure_future(coro)
    _TASKS.add(task)
    task.add_done_callback(_TASKS.discard)
