"""The choices the page remembers between games and visits: the controller's settings. No DOM here.

:class:`Remembered` is the part of :class:`reversi.ui.controller.Controller` that gives its
choices to keep (:meth:`Remembered.settings`: who plays, the new-game form's fields, hints on or
off, the display :data:`PREFERENCES`), takes them back from storage
(:meth:`Remembered.load_settings`, ignoring what it cannot read) and turns a display setting on or
off (:meth:`Remembered.set_preference`). The page stores them with the game
(:mod:`reversi.ui.store.saved_state`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from reversi.errors import ReversiError
from reversi.ui.forms import FORM_DEFAULTS
from reversi.ui.players import Players

#: The display settings kept with the game's settings (Controller attributes, all booleans).
PREFERENCES = ("face_white", "disc_marks", "sound")


class Remembered:
    """The choices kept between games and visits (a part of the controller)."""

    players: Players
    form_fields: dict[str, str]
    show_hints: bool

    def _set_players(self, players: Players) -> None:
        raise NotImplementedError  # the controller's

    def face_player(self) -> bool:
        raise NotImplementedError  # the controller's

    def settings(self) -> dict[str, Any]:
        """The choices to remember (JSON-able): who plays, the new-game form's fields, hints on or off."""
        return {
            "players": self.players.to_dict(),
            "form": dict(self.form_fields),
            "hints": self.show_hints,
            **{name: getattr(self, name) for name in PREFERENCES},
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
        for name in PREFERENCES:
            value = settings.get(name)
            if isinstance(value, bool):
                setattr(self, name, value)

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
