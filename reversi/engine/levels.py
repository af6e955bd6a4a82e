"""Strength levels: a data table, and :func:`choose_move` that plays at a level.

Each level is a midgame depth, a time budget per move, the number of empties at
which the exact endgame solver takes over, and noise. Noise makes the weak levels
beatable without making them silly: every legal move gets a value from a shallow
search (:func:`reversi.engine.search.analyse`), moves worse than the best by more than
``margin`` centidiscs are never played, and among the others one is drawn with
softmax probabilities ``exp((value - best) / temperature)``. So a beginner may
miss the best move, but never gives away a corner for nothing when the search
sees it. Levels with ``temperature == 0`` play the best move found.

The table is data: the tests check that it is monotone (deeper, longer, earlier
exact endgame and less noise as the level rises).
"""

from __future__ import annotations

import math
import random
from dataclasses import asdict, dataclass, replace
from typing import TYPE_CHECKING, Any

from reversi.core.position import Position
from reversi.errors import EngineRequestError
from reversi.i18n import N_, _

# the search (and the evaluation) are imported when a move is chosen: the page's main
# thread reads the table without loading them
if TYPE_CHECKING:
    from reversi.engine.evaluate import Evaluator
    from reversi.engine.search import Searcher


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


LEVELS: tuple[Level, ...] = (
    # Translators: the names of the computer's strength levels, weakest first
    Level(1, N_("Beginner"), 1, 0.3, 0, 300.0, 1000),
    Level(2, N_("Novice"), 1, 0.4, 4, 200.0, 700),
    # Translators: a strength level: a player who plays now and then
    Level(3, N_("Casual"), 2, 0.5, 6, 120.0, 500),
    # Translators: a strength level: a player of an Othello club
    Level(4, N_("Club"), 3, 0.8, 8, 60.0, 300),
    # Translators: a strength level: a strong player of an Othello club
    Level(5, N_("Strong club"), 4, 1.0, 10, 25.0, 120),
    Level(6, N_("Advanced"), 5, 1.5, 12, 0.0, 0),
    # Expert is its time: as deep as the search gets in 1.8 s (about depth 7-8 in the
    # browser's worker, which runs ~2.5x slower than CPython). More time is the
    # ``time_limit`` option, not a level: a few seconds more per move gain too little
    # strength to be told apart in a match, so levels above this would not be levels.
    Level(7, N_("Expert"), 60, 1.8, 14, 0.0, 0),
)

#: Levels of earlier versions above Expert (time levels of 3, 5 and 10 s) read from a
#: saved game or setting: ``level -> seconds`` for Expert with that time per move.
RETIRED_LEVELS = {8: 3.0, 9: 5.0, 10: 10.0}

#: (seconds per move, exact solve from this many empties): with more time the exact
#: solver takes over earlier (CPython solves 14 empties in ~0.2 s, 16 in ~1 s, 18 in
#: ~5 s, 20 in ~15-30 s; see tests/bench/bench_endgame.py). The last that applies wins.
EXACT_BY_TIME = ((0.0, 12), (1.0, 14), (4.0, 16), (12.0, 18), (60.0, 20))


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
    if not (math.isfinite(seconds) and 0 < seconds <= MAX_TIME_LIMIT):
        raise EngineRequestError(
            # Translators: {name} is "time limit" or the name of a field or option, e.g. --time
            _("{name} {value!r} is out of range: more than 0 and at most {most} seconds").format(
                name=what, value=seconds, most=f"{MAX_TIME_LIMIT:g}"
            )
        )
    return float(seconds)


def choose_move(
    position: Position,
    level: int | None = None,
    time_limit: float | None = None,
    seed: int | None = None,
    searcher: Searcher | None = None,
    evaluator: Evaluator | None = None,
) -> tuple[int, dict[str, Any]]:
    """A move for the side to move at ``level`` (default 5), and what was found.

    ``time_limit`` (seconds per move) overrides the level's budget; given alone it
    plays at full strength (Expert) within that time, solving exactly as early as
    that time allows (:func:`exact_empties_for`). ``seed`` makes the
    noisy levels reproducible. ``info`` holds ``level``, ``score`` (centidiscs),
    ``depth``, ``nodes``, ``seconds`` and ``exact``. Returns PASS (with the value
    after it) when the side to move must pass. Raises :class:`EngineRequestError` on a
    finished game, a level that is not in the table or a time limit out of range.
    """
    from reversi.engine.search import Searcher, analyse, search

    if position.is_over:
        raise EngineRequestError(_("the game is over: there is no move to choose"))
    if level is None:
        spec = LEVELS[-1] if time_limit is not None else get_level(DEFAULT_LEVEL)
    else:
        spec = get_level(level)
    if time_limit is not None:
        spec = replace(spec, seconds=check_time_limit(time_limit))
        if spec.temperature == 0:
            spec = replace(spec, exact_empties=exact_empties_for(spec.seconds))
    s = searcher or Searcher(position.rules, evaluator)
    if spec.temperature > 0 and len(position.legal_moves()) > 1:
        a = analyse(
            position, max_depth=spec.depth, time_limit=spec.seconds, exact_empties=spec.exact_empties, searcher=s
        )
        move = _softmax_pick(a.scores, spec, random.Random(seed))
        info: dict[str, Any] = {
            "level": spec.level,
            "score": a.scores[move],
            "depth": a.depth,
            "nodes": a.nodes,
            "seconds": a.seconds,
            "exact": a.exact,
        }
        return move, info
    r = search(
        position, max_depth=spec.depth, time_limit=spec.seconds, exact_empties=spec.exact_empties, searcher=s
    )
    info = {
        "level": spec.level,
        "score": r.score,
        "depth": r.depth,
        "nodes": r.nodes,
        "seconds": r.seconds,
        "exact": r.exact,
        "pv": r.pv,
    }
    return r.move, info


def _softmax_pick(scores: dict[int, int], spec: Level, rng: random.Random) -> int:
    best = max(scores.values())
    candidates = sorted(m for m, v in scores.items() if v >= best - spec.margin)
    weights = [math.exp((scores[m] - best) / spec.temperature) for m in candidates]
    x = rng.random() * sum(weights)
    for m, w in zip(candidates, weights, strict=False):
        x -= w
        if x < 0:
            return m
    return candidates[-1]


def levels_table() -> list[dict[str, Any]]:
    """The table as plain data (for the UI and the CLI)."""
    return [asdict(lv) for lv in LEVELS]
