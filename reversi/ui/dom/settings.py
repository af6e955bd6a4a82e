"""The settings (``#settings``): how the board looks and sounds, what the hints show, and how many
workers the engine uses, kept with the game's settings."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from reversi.ui.dom import nullable
from reversi.ui.dom.sound import Sound
from reversi.ui.drivers.client import EngineClient
from reversi.ui.drivers.hints import HINT_MODES
from reversi.ui.drivers.pool import choice_options, working_text
from reversi.ui.ports import PageController, Redraw
from reversi.ui.settings import PREFERENCES, read_workers

Listen = Callable[[Any, str, Callable[[Any], object]], Callable[[], None]]


class SettingsPanel:
    """The ``#settings`` element ``root``; ``page_root`` (``<html>``) carries the ``disc-marks`` class.

    What the hints show is ``select[name=hint_mode]`` (:data:`reversi.ui.drivers.hints.HINT_MODES`).
    The choice of workers (``select[name=workers]``) lists what the device allows (the pool's
    automatic count); the line under it says how many work now. The element's ``data-workers``
    (the workers in all the engine may use) and ``data-workers-working`` are for the tests.
    """

    def __init__(self, root: Any, page_root: Any, controller: PageController, update: Redraw, sound: Sound,
                 engine: EngineClient | None = None) -> None:
        self.root = root
        self.page_root = page_root
        self.controller = controller
        self.update = update
        self.sound = sound
        self.engine = engine
        self._options: list[tuple[int, str]] = []

    def bind(self, listen: Listen) -> None:
        listen(self.root, "change", self.on_change)

    def on_change(self, event: Any) -> None:
        box = event.target
        name = str(box.name or "")
        if name == "workers":
            try:
                choice = read_workers(int(str(box.value)))
            except ValueError:
                choice = None
            if choice is not None and self.controller.set_engine_workers(choice):
                self.update()
            return
        if name == "hint_mode":
            mode = str(box.value)
            if mode in HINT_MODES and self.controller.set_hint_mode(mode):
                self.update()
            return
        if name not in PREFERENCES:
            return
        on = bool(box.checked)
        if self.controller.set_preference(name, on):
            if name == "sound" and on:
                self.sound.wake()  # in the click: browsers let a page make sound after a gesture
            self.update()

    def draw(self) -> None:
        """The boxes as the controller has them (restored with the game's settings), the workers as
        the pool has them."""
        self.page_root.classList.toggle("disc-marks", self.controller.disc_marks)  # the cards' discs
        for name in PREFERENCES:
            box = nullable(self.root.querySelector(f'input[name="{name}"]'))
            if box is not None and bool(box.checked) != getattr(self.controller, name):
                box.checked = getattr(self.controller, name)
        mode = nullable(self.root.querySelector('select[name="hint_mode"]'))
        if mode is not None and str(mode.value) != self.controller.hint_mode:
            mode.value = self.controller.hint_mode
        self.draw_workers()

    def draw_workers(self) -> None:
        pool = self.engine.pool if self.engine is not None else None
        select = nullable(self.root.querySelector('select[name="workers"]'))
        if pool is None or select is None:
            return
        options = choice_options(pool.automatic)
        if options != self._options:  # the labels change with the language
            select.innerHTML = ""
            for value, label in options:
                option = self.root.ownerDocument.createElement("option")
                option.value = str(value)
                option.textContent = label
                select.append(option)
            self._options = options
        chosen = str(min(self.controller.engine_workers, pool.automatic))
        if str(select.value) != chosen:
            select.value = chosen
        now = nullable(self.root.querySelector(".workers-now"))
        if now is not None:
            text = working_text(pool) if pool.enabled else ""
            if str(now.textContent) != text:
                now.textContent = text
        data = self.root.dataset
        data.workers = str(pool.size)
        data.workersWorking = str(pool.working)
