"""Strength levels: a data table (:func:`reversi.engine.play.choose_move` plays at a level).

The page's main thread reads the table (the new-game form's levels) and is never sent the
search: choosing a move is :mod:`reversi.engine.play`'s, which only the worker runs.

Each level is a midgame depth, a time budget per move, the number of empties at
which the exact endgame solver takes over, noise, and whether it plays from the opening
book (:mod:`reversi.engine.book`; the strong levels do, drawing among the book moves close
to the best, so that their games vary). Noise makes the weak levels
beatable without making them silly: every legal move gets a value from a shallow
search (:func:`reversi.engine.search.analyse`), moves worse than the best by more than
``margin`` centidiscs are never played, and among the others one is drawn with
softmax probabilities ``exp((value - best) / temperature)``. So a beginner may
miss the best move, but never gives away a corner for nothing when the search
sees it. Levels with ``temperature == 0`` play the best move found.

The table is data: the tests check that it is monotone (deeper, longer, earlier
exact endgame, less noise and a narrower choice in the book as the level rises).
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass
from typing import Any

from reversi.errors import EngineRequestError
from reversi.i18n import N_, _


@dataclass(frozen=True)
class Level:
    level: int
    #: The level's name in English (data: compare it); shown: :func:`level_name` or ``_(name)``.
    name: str
    #: Deepest midgame iteration.
    depth: int
    #: Time budget per move, in seconds.
    seconds: float
    #: Solve exactly at this many empties or fewer (0: never).
    exact_empties: int
    #: Softmax temperature in centidiscs (0: always the best move found).
    temperature: float
    #: Moves worse than the best by more than this (centidiscs) are never chosen.
    margin: int
    #: In the opening book, a move is drawn among those within this of the best book move
    #: (centidiscs); -1: this level does not use the book.
    book_margin: int = -1


LEVELS: tuple[Level, ...] = (
    # Translators: the names of the computer's strength levels, weakest first
    Level(1, N_("Beginner"), 1, 0.3, 0, 300.0, 1000),
    Level(2, N_("Novice"), 1, 0.4, 4, 150.0, 500),
    # Translators: a strength level: a player who plays now and then
    Level(3, N_("Casual"), 2, 0.5, 6, 120.0, 500),
    # Translators: a strength level: a player of an Othello club
    Level(4, N_("Club"), 3, 0.8, 8, 60.0, 300),
    # Translators: a strength level: a strong player of an Othello club
    Level(5, N_("Strong club"), 4, 1.0, 10, 25.0, 120, 150),
    Level(6, N_("Advanced"), 5, 1.5, 12, 0.0, 0, 100),
    # Expert is its time: as deep as the search gets in 1.8 s (how deep that is, in the
    # browser's worker and under CPython: docs/engine/tuning.md). More time is the
    # ``time_limit`` option, not a level: a few seconds more per move gain too little
    # strength to be told apart in a match, so levels above this would not be levels.
    Level(7, N_("Expert"), 60, 1.8, 14, 0.0, 0, 60),
)

#: Levels of earlier versions above Expert (time levels of 3, 5 and 10 s) read from a
#: saved game or setting: ``level -> seconds`` for Expert with that time per move.
RETIRED_LEVELS = {8: 3.0, 9: 5.0, 10: 10.0}

#: (seconds per move, exact solve from this many empties): with more time the exact
#: solver takes over earlier, as far as the time affords (the solver's times by empties:
#: docs/engine/tuning.md, Levels and play). The last that applies wins.
EXACT_BY_TIME = ((0.0, 12), (1.0, 14), (4.0, 16), (12.0, 18), (60.0, 20))


#: Boards of at most this many squares (6x6, 4x4) are small: their solver reaches further
#: (:mod:`reversi.engine.play` solves there sooner).
SMALL_BOARD_SQUARES = 36
#: Boards of more than this many squares (10x10, the octagon, 12x12) are big: their solver is
#: slower (:mod:`reversi.engine.play` solves there later).
BIG_BOARD_SQUARES = 64

#: A full-strength move (Expert, or a time per move) on two workers or more solves exactly this
#: many empties sooner than on one (on an 8x8 board; the small and big boards keep their own
#: points): the solve they share is 1.6 to 1.9 times as fast (docs/engine/tuning.md, Parallel
#: solver), which brings most 16-empty solves within the solver's share of Expert's time in the
#: browser's workers; one that does not finish leaves the midgame search the rest of the time.
SHARED_EXACT_MORE = 2


def full_strength(spec: Level, timed: bool) -> bool:
    """Does the level ``spec`` play at full strength: Expert, or a level without noise given a time
    per move (``timed``)? The levels below Expert keep their own exact-solve points."""
    return spec.temperature == 0 and (timed or spec.level == LEVELS[-1].level)


def shared_exact_empties(level: int | None, seconds: float | None, squares: int) -> int:
    """From how many empties the computer's move (``level``: None for the default, or Expert when
    ``seconds`` a move are given; a board of ``squares``) solves exactly when two workers or more
    share the solve; 0 where sharing changes nothing (a level below full strength, a small or a
    big board: they keep their own points)."""
    spec = get_level(level if level is not None else LEVELS[-1].level if seconds is not None else DEFAULT_LEVEL)
    if not full_strength(spec, seconds is not None) or not SMALL_BOARD_SQUARES < squares <= BIG_BOARD_SQUARES:
        return 0
    return (spec.exact_empties if seconds is None else exact_empties_for(seconds)) + SHARED_EXACT_MORE


def current_level(level: int) -> int:
    """``level`` as this version knows it: a retired level above Expert becomes Expert."""
    return len(LEVELS) if level in RETIRED_LEVELS else level


def exact_empties_for(seconds: float) -> int:
    """How many empties a full-strength search with ``seconds`` a move solves exactly."""
    return max(e for t, e in EXACT_BY_TIME if seconds >= t)


DEFAULT_LEVEL = 5

#: The longest time per move a request may ask for, in seconds.
MAX_TIME_LIMIT = 3600.0


def get_level(level: int) -> Level:
    """The level ``level`` of the table; raises :class:`EngineRequestError` for anything else."""
    if not isinstance(level, int) or isinstance(level, bool) or not 1 <= level <= len(LEVELS):
        raise EngineRequestError(
            _("level {level!r} is not a level: a whole number 1 to {most}").format(level=level, most=len(LEVELS))
        )
    return LEVELS[level - 1]


def level_name(level: int) -> str:
    """The name of the level ``level`` in the current language (``"Expert"``); raises like :func:`get_level`."""
    return _(get_level(level).name)


def check_time_limit(seconds: object, name: str | None = None) -> float:
    """``seconds`` as a float if it is a finite time per move (more than 0, at most
    :data:`MAX_TIME_LIMIT`); else raises :class:`EngineRequestError` naming ``name``
    (a field or option, e.g. ``"--time"``; by default "time limit", in the current language)."""
    what = _("time limit") if name is None else name
    if not isinstance(seconds, (int, float)) or isinstance(seconds, bool):
        raise EngineRequestError(
            # Translators: {name} is "time limit" or the name of a field or option, e.g. --time
            _("{name} must be a number of seconds, not {value!r}").format(name=what, value=seconds)
        )
    # an int is compared as it is: a huge one (10**400) would overflow math.isfinite
    if not ((isinstance(seconds, int) or math.isfinite(seconds)) and 0 < seconds <= MAX_TIME_LIMIT):
        if isinstance(seconds, int) and seconds.bit_length() > 64:
            seconds = math.inf if seconds > 0 else -math.inf  # shown as its sign: its digits would fill the line
        raise EngineRequestError(
            # Translators: {name} is "time limit" or the name of a field or option, e.g. --time
            _("{name} {value!r} is out of range: more than 0 and at most {most} seconds").format(
                name=what, value=seconds, most=f"{MAX_TIME_LIMIT:g}"
            )
        )
    return float(seconds)


def levels_table() -> list[dict[str, Any]]:
    """The table as plain data (for the UI and the CLI)."""
    return [asdict(lv) for lv in LEVELS]
