"""Who plays each side: a person or the computer at a level. No DOM here.

:class:`Players` says for each side (``BLACK`` = 0, ``WHITE`` = 1) whether a person or the
computer plays it, and at which level (the table of :mod:`reversi.engine.levels`), with its
forms in links and records (:meth:`Players.to_code`), saved settings (:meth:`Players.to_dict`)
and words (:meth:`Players.describe`, :meth:`Players.label`). :func:`who_plays` is the one rule
for who plays a game brought in (a file, a database, pasted text, a link, a recent game), and
:func:`known_name` reads the players' names a record gives.

The new-game form's players fields are read in :mod:`reversi.ui.forms`; a computer's turn is
:mod:`reversi.ui.turns` and :class:`reversi.ui.drivers.ai.AiDriver`.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from reversi.engine.levels import DEFAULT_LEVEL, LEVELS, RETIRED_LEVELS, current_level, get_level
from reversi.errors import ReversiError, SettingsError
from reversi.formats.record import parse_players_code, players_code
from reversi.i18n import _, format_number
from reversi.inputs import Shown, is_int, is_number

HUMAN = "human"
COMPUTER = "computer"

#: The form's ``players`` choices.
MODE_VS_COMPUTER = "computer"
MODE_TWO_PLAYERS = "two"
MODE_COMPUTERS = "computers"
MODES = (MODE_VS_COMPUTER, MODE_TWO_PLAYERS, MODE_COMPUTERS)

#: The longest time per move a setting may ask for (seconds).
MAX_THINK_SECONDS = 60.0

#: A refused players setting (the message is shown as it is).
PlayersError = SettingsError


def level_name(level: int) -> str:
    """The level's name in the current language (``"Expert"``)."""
    return _(get_level(level).name)


@dataclass(frozen=True)
class Players:
    """Who plays Black (side 0) and White (side 1): a person or the computer at a level."""

    kinds: tuple[str, str] = (HUMAN, HUMAN)
    levels: tuple[int, int] = (DEFAULT_LEVEL, DEFAULT_LEVEL)
    #: Expert's time per move in seconds (None: the level's own); other levels ignore it.
    seconds: float | None = None

    def __post_init__(self) -> None:
        for kind in self.kinds:
            if kind not in (HUMAN, COMPUTER):
                raise PlayersError(
                    _("player {kind!r} must be {human!r} or {computer!r}").format(
                        kind=kind, human=HUMAN, computer=COMPUTER
                    )
                )
        for level in self.levels:
            try:
                get_level(level)
            except ReversiError as e:
                raise PlayersError(str(e)) from None
        if self.seconds is not None and not (
            isinstance(self.seconds, (int, float)) and 0 < self.seconds <= MAX_THINK_SECONDS
        ):
            raise PlayersError(
                _("time per move {seconds!r} must be more than 0 and at most {most} s").format(
                    seconds=self.seconds, most=format_number(MAX_THINK_SECONDS)
                )
            )

    @classmethod
    def vs_computer(cls, human_side: int = 0, level: int = DEFAULT_LEVEL, seconds: float | None = None) -> Players:
        kinds = (HUMAN, COMPUTER) if human_side == 0 else (COMPUTER, HUMAN)
        return cls(kinds, (level, level), seconds)

    @classmethod
    def computers(
        cls, black_level: int = DEFAULT_LEVEL, white_level: int = DEFAULT_LEVEL, seconds: float | None = None
    ) -> Players:
        return cls((COMPUTER, COMPUTER), (black_level, white_level), seconds)

    def time_limit(self, side: int) -> float | None:
        """The time per move the side's computer is given, if not its level's own."""
        return self.seconds if self.levels[side] == len(LEVELS) else None

    def _level_text(self, side: int) -> str:
        level = self.levels[side]
        t = self.time_limit(side)
        if t is None:
            return level_name(level)
        # Translators: a computer player's level and its time per move: "Expert, 10 s a move"
        return _("{level}, {seconds} s a move").format(level=level_name(level), seconds=seconds_text(t))

    def is_computer(self, side: int | None) -> bool:
        return side is not None and self.kinds[side] == COMPUTER

    @property
    def any_computer(self) -> bool:
        return COMPUTER in self.kinds

    @property
    def all_computers(self) -> bool:
        return self.kinds == (COMPUTER, COMPUTER)

    @property
    def mode(self) -> str:
        if self.all_computers:
            return MODE_COMPUTERS
        return MODE_VS_COMPUTER if self.any_computer else MODE_TWO_PLAYERS

    def label(self, side: int) -> str:
        """What the player card says under the side's name ('' for two people)."""
        if self.kinds[side] == COMPUTER:
            # Translators: the player card of a side the computer plays: "Computer · Expert"
            return _("Computer · {level}").format(level=level_name(self.levels[side]))
        # Translators: the player card of the person's side, against the computer
        return _("You") if self.any_computer else ""

    def describe(self, side_names: tuple[str, str] = ("Black", "White")) -> str:
        """'You (Black) vs Computer level 5 (Strong club)', 'Two players', ..."""
        if self.all_computers:
            b, w = self.levels
            return _(
                "Computer level {black_level} ({black_text}, {black}) vs "
                "computer level {white_level} ({white_text}, {white})"
            ).format(
                black_level=b, black_text=self._level_text(0), black=side_names[0],
                white_level=w, white_text=self._level_text(1), white=side_names[1],
            )
        if not self.any_computer:
            return _("Two players")
        you = 0 if self.kinds[0] == HUMAN else 1
        level = self.levels[1 - you]
        # Translators: who plays: "You (Black) vs Computer level 5 (Strong club)"
        return _("You ({side}) vs Computer level {level} ({level_text})").format(
            side=side_names[you], level=level, level_text=self._level_text(1 - you)
        )

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kinds": list(self.kinds), "levels": list(self.levels)}
        if self.seconds is not None:
            out["seconds"] = self.seconds
        return out

    def to_code(self) -> str:
        """Who plays as a link's ``pl`` code (``hc5``); '' for two people (a link that names nobody)."""
        if not self.any_computer:
            return ""
        return players_code(self.kinds, self.levels, self.seconds)

    @classmethod
    def from_code(cls, code: str) -> Players:
        """The players a link's or record's code names ('' names nobody: two people, for study).
        Raises :class:`~reversi.errors.ReversiError` for a code or level that is refused."""
        if not code:
            return cls()
        kinds, levels, seconds = parse_players_code(code)
        try:
            return cls(kinds, levels, seconds)
        except ReversiError as e:
            # Translators: {error} says what is wrong with who plays, named in a link or a file
            raise SettingsError(_("players {code!r}: {error}").format(code=code[:20], error=e)) from None

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Players:
        """The players a :meth:`to_dict` saved; each field's type and range checked."""
        if not isinstance(data, Mapping):
            raise PlayersError(_("players setting must be an object, not {type}").format(type=type(data).__name__))
        kinds, raw_levels, seconds = data.get("kinds"), data.get("levels"), data.get("seconds")
        if not (isinstance(kinds, list) and len(kinds) == 2 and all(isinstance(k, str) for k in kinds)):
            raise PlayersError("players setting must name two sides: kinds [human|computer, human|computer]")
        if not (isinstance(raw_levels, list) and len(raw_levels) == 2
                and all(is_int(v) and -(10**6) < v < 10**6 for v in raw_levels)):  # a level is a small number
            raise PlayersError("players setting must give two levels as whole numbers")
        if seconds is not None and not (
            is_number(seconds) and (isinstance(seconds, float) or abs(seconds) < 10**9)  # no float overflow
        ):
            raise PlayersError(_("players setting: seconds {seconds!r} is not a number").format(seconds=Shown(seconds)))
        if seconds is None:  # a retired level above Expert was Expert with more time
            seconds = max((RETIRED_LEVELS.get(v, 0.0) for v in raw_levels), default=0.0) or None
        levels = (current_level(raw_levels[0]), current_level(raw_levels[1]))
        return cls((kinds[0], kinds[1]), levels, None if seconds is None else float(seconds))


# -- who plays a game brought in --------------------------------------------------------


class Brought(enum.Enum):
    """Where a game put on the board came from (:func:`who_plays` says who plays it)."""

    #: A share link opened in the address bar: the players it names (none: two people).
    LINK = "link"
    #: A game of this device's recent games: its players, as it was left.
    RECENT = "recent"
    #: A file opened (.rev, GGF): for study.
    FILE = "file"
    #: A game chosen in a database's or a file's list of games (WTHOR, GGF, .rev): for study.
    DATABASE = "database"
    #: Text pasted into the Game menu's box (moves, a position, a record, a link): for study.
    PASTE = "paste"


#: The sources whose games open for study: nobody plays them (their recorded players are names only).
FOR_STUDY = frozenset({Brought.FILE, Brought.DATABASE, Brought.PASTE})


def who_plays(source: Brought, code: str = "") -> Players:
    """Who plays a game brought in from ``source`` whose record or link names the players ``code``
    (:meth:`Players.to_code`; '' names nobody).

    The one rule for every game put on the board: a game from a file, a database or pasted text
    opens **for study**, nobody playing it (what it says of its players is shown as names only),
    whoever played the game on the board before; playing on against the computer is the user's
    choice ("Play from here", :meth:`reversi.ui.controller.Controller.play_from_here`). A link and a
    recent game go on as they were left: with the players they name. (The saved game of the
    autosave keeps its players too: :mod:`reversi.ui.store.autosave`.) Raises
    :class:`~reversi.errors.ReversiError` for a code that is refused, from a link or a recent game.
    """
    if source in FOR_STUDY:
        return Players()
    return Players.from_code(code)


#: What records write for a player's name they do not know (GGF's ``PB[?]``, a WTHOR "???").
UNKNOWN_NAMES = frozenset({"?", "??", "???", "-", "unknown"})


def known_name(name: str) -> str:
    """A player's name from a game's details, or '' where the record says it does not know it."""
    name = name.strip()
    return "" if name.lower() in UNKNOWN_NAMES else name


def seconds_text(value: float) -> str:
    """A number of seconds as people read it: ``10``, ``2.5`` (``2,5`` in Czech)."""
    text = f"{value:g}"
    return format_number(value, len(text.split(".")[1]) if "." in text and "e" not in text else 0)
