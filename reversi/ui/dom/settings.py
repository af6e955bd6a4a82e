"""The settings (``#settings``): how the board looks and sounds, kept with the game's settings."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from reversi.ui.dom import nullable
from reversi.ui.dom.sound import Sound
from reversi.ui.ports import PageController, Redraw
from reversi.ui.settings import PREFERENCES

Listen = Callable[[Any, str, Callable[[Any], object]], Callable[[], None]]


class SettingsPanel:
    """The ``#settings`` element ``root``; ``page_root`` (``<html>``) carries the ``disc-marks`` class."""

    def __init__(self, root: Any, page_root: Any, controller: PageController, update: Redraw, sound: Sound) -> None:
        self.root = root
        self.page_root = page_root
        self.controller = controller
        self.update = update
        self.sound = sound

    def bind(self, listen: Listen) -> None:
        listen(self.root, "change", self.on_change)

    def on_change(self, event: Any) -> None:
        box = event.target
        name = str(box.name or "")
        if name not in PREFERENCES:
            return
        on = bool(box.checked)
        if self.controller.set_preference(name, on):
            if name == "sound" and on:
                self.sound.wake()  # in the click: browsers let a page make sound after a gesture
            self.update()

    def draw(self) -> None:
        """The boxes as the controller has them (restored with the game's settings)."""
        self.page_root.classList.toggle("disc-marks", self.controller.disc_marks)  # the cards' discs
        for name in PREFERENCES:
            box = nullable(self.root.querySelector(f'input[name="{name}"]'))
            if box is not None and bool(box.checked) != getattr(self.controller, name):
                box.checked = getattr(self.controller, name)
