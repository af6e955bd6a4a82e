"""The choices the page remembers between games and visits: the controller's settings. No DOM here.

:class:`Remembered` is the part of :class:`reversi.ui.controller.Controller` that gives its
choices to keep (:meth:`Remembered.settings`: who plays, the new-game form's fields, hints on or
off and what they show, the display :data:`PREFERENCES`, how many workers the engine may use),
takes them back from storage (:meth:`Remembered.load_settings`, ignoring what it cannot read)
and turns a display setting on or off (:meth:`Remembered.set_preference`). The page stores them with the game
(:mod:`reversi.ui.store.saved_state`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from reversi.errors import ReversiError
from reversi.ui.drivers.hints import HINT_ALL, HINT_MODES
from reversi.ui.forms import FORM_DEFAULTS
from reversi.ui.players import Players

#: The display settings kept with the game's settings (Controller attributes, all booleans); ``coach``:
#: a note after a mistake against the computer at a low level (:mod:`reversi.ui.drivers.coach`); ``graph``:
#: the engine values the game's moves as they are played (:attr:`reversi.ui.drivers.study.StudyDriver.graphing`).
PREFERENCES = ("face_white", "disc_marks", "sound", "coach", "graph")
#: The most workers a remembered choice may name (the page offers what the device allows).
MAX_WORKERS_CHOICE = 64


def read_workers(value: object) -> int | None:
    """A remembered choice of workers (0: automatic, else how many in all), or None if it is not one."""
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_WORKERS_CHOICE:
        return value
    return None


class Remembered:
    """The choices kept between games and visits (a part of the controller)."""

    players: Players
    form_fields: dict[str, str]
    show_hints: bool
    #: What the hints show: one of :data:`reversi.ui.drivers.hints.HINT_MODES` (every move's value by default).
    hint_mode: str = HINT_ALL
    #: How many workers in all the engine may use, as the person chose (0: automatic, the device's).
    engine_workers: int = 0
    #: After a mistake against the computer at a low level, the coach says why (a setting).
    coach: bool = False
    #: The engine values each move of the game as it is played, for the graph and the end's figures
    #: (a setting; off, the game is valued only when the review or the analysis asks).
    graph: bool = True

    def _set_players(self, players: Players) -> None:
        raise NotImplementedError  # the controller's

    def face_player(self) -> bool:
        raise NotImplementedError  # the controller's

    def settings(self) -> dict[str, Any]:
        """The choices to remember (JSON-able): who plays, the new-game form's fields, hints on or off
        and what they show, the display settings, the engine's workers (only when chosen: automatic
        is the default)."""
        return {
            "players": self.players.to_dict(),
            "form": dict(self.form_fields),
            "hints": self.show_hints,
            "hint_mode": self.hint_mode,
            **{name: getattr(self, name) for name in PREFERENCES},
            **({"workers": self.engine_workers} if self.engine_workers else {}),
        }

    def load_settings(self, settings: Mapping[str, Any]) -> None:
        """Take back :meth:`settings` (e.g. from storage) for the next game; bad parts are ignored."""
        try:
            self._set_players(Players.from_dict(settings.get("players", {})))
        except ReversiError:
            pass
        form = settings.get("form")
        if isinstance(form, Mapping):
            self.form_fields = {**FORM_DEFAULTS, **{k: str(v) for k, v in form.items() if k in FORM_DEFAULTS}}
        hints = settings.get("hints")
        if isinstance(hints, bool):
            self.show_hints = hints
        mode = settings.get("hint_mode")
        if mode in HINT_MODES:
            self.hint_mode = mode
        for name in PREFERENCES:
            value = settings.get(name)
            if isinstance(value, bool):
                setattr(self, name, value)
        workers = read_workers(settings.get("workers", 0))
        if workers is not None:
            self.engine_workers = workers

    def set_engine_workers(self, choice: int) -> bool:
        """How many workers in all the engine may use (0: automatic); True if that changed it."""
        workers = read_workers(choice)
        if workers is None:
            raise ValueError(f"not a choice of workers: {choice!r}")
        if workers == self.engine_workers:
            return False
        self.engine_workers = workers
        return True

    def set_hint_mode(self, mode: str) -> bool:
        """What the hints show (one of :data:`reversi.ui.drivers.hints.HINT_MODES`); True if that changed it."""
        if mode not in HINT_MODES:
            raise ValueError(f"no hint mode {mode!r}")
        if mode == self.hint_mode:
            return False
        self.hint_mode = mode
        return True

    def set_preference(self, name: str, value: bool) -> bool:
        """Turn one of :data:`PREFERENCES` on or off; True if that changed it."""
        if name not in PREFERENCES:
            raise ValueError(f"no preference {name!r}")
        if getattr(self, name) == value:
            return False
        setattr(self, name, value)
        if name == "face_white":
            self.face_player()
        return True
