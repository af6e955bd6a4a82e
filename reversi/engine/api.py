"""The AI for the browser worker: plain functions on JSON-able values only.

Every function takes strings, numbers, lists and dicts and returns a dict of the
same, so it can be exported from a PyScript worker as it is. A position is given
as ``rules`` (the keyword arguments of :class:`~reversi.core.rules.Rules`, e.g.
``{"variant": "othello", "size": 8, "anti": false, "blocked": ["a3"]}``, or the
form of :func:`reversi.formats.record.rules_to_dict`, with ``"handicap_color": "white"``), an
optional ``start`` position string (``None``: the rule set's start) and the
``moves`` played from it (a transcript). Squares come back as names (``"f5"``,
``"pass"``), scores in centidiscs for the side to move (100 = one disc), and exact
results say so with ``"exact": true``.

Every field of a request is checked before the engine sees it, its type and its
range (a level of the table, a finite time limit of at most
:data:`reversi.engine.levels.MAX_TIME_LIMIT`, strings of bounded length); a field
that is wrong raises :class:`~reversi.errors.EngineRequestError` (or the
:class:`~reversi.errors.RulesError`, :class:`~reversi.errors.NotationError` of the
rules, the start or the moves) naming it. Such errors come back as
``{"error": "one-line message"}`` instead of exceptions, so the page can show them
without a traceback crossing the worker boundary; anything else is a bug and is
raised as it is. The unguarded function is each one's ``__wrapped__``.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from typing import Any, ParamSpec, TypeGuard

from reversi.core.geometry import MAX_SIZE, Geometry
from reversi.core.position import Position
from reversi.core.rules import BLACK, WHITE
from reversi.errors import EngineRequestError, ReversiError
from reversi.formats.notation import move_name, parse_position, play_transcript
from reversi.formats.record import rules_from_dict
from reversi.i18n import _, language, ngettext, set_language

#: The longest ``start`` position string and ``moves`` transcript a request may send.
MAX_START_CHARS = 2_000
MAX_MOVES_CHARS = 20_000
#: The deepest search and the most empties solved exactly that a request may ask for
#: (the squares of the largest board).
MAX_DEPTH = MAX_SIZE * MAX_SIZE

Reply = dict[str, Any]
_P = ParamSpec("_P")


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_text(value: object, name: str, limit: int) -> str:
    """``value`` if it is a string of at most ``limit`` characters (None reads as "")."""
    if value is None:
        return ""
    if not isinstance(value, str):
        # Translators: {name} is a field of a request to the engine (start, moves); {type} a Python type: int, list...
        raise EngineRequestError(_("{name} must be a string, not {type}").format(name=name, type=type(value).__name__))
    if len(value) > limit:
        raise EngineRequestError(
            # Translators: {name} is a field of a request to the engine: start or moves
            ngettext(
                "{name} is too long: {n} character, at most {most}",
                "{name} is too long: {n} characters, at most {most}",
                len(value),
            ).format(name=name, n=len(value), most=limit)
        )
    return value


def _check_int(value: object, name: str, low: int, high: int) -> int:
    if _is_int(value) and low <= value <= high:
        return value
    raise EngineRequestError(
        # Translators: {name} is a field of a request to the engine: level, max_depth, exact_empties
        _("{name} {value!r} is out of range: a whole number {low} to {high}").format(
            name=name, value=value, low=low, high=high
        )
    )


def _check_level(level: object) -> int | None:
    from reversi.engine.levels import LEVELS

    return None if level is None else _check_int(level, "level", 1, len(LEVELS))


def _check_seconds(value: object, name: str) -> float | None:
    from reversi.engine.levels import check_time_limit

    return None if value is None else check_time_limit(value, name)


def _check_seed(seed: object) -> int | None:
    if seed is None or _is_int(seed):
        return seed
    raise EngineRequestError(_("seed must be a whole number, not {seed!r}").format(seed=seed))


def _position(rules: object, start: object, moves: object) -> Position:
    """The position of a request: ``rules`` (an object, or None for standard Othello),
    a ``start`` position string (None or "": the rule set's start) and the ``moves``."""
    if rules is None:
        rules = {}
    if not isinstance(rules, dict):
        # Translators: {type} is the name of a JSON type in Python: list, str, int...
        raise EngineRequestError(_("rules must be an object, not {type}").format(type=type(rules).__name__))
    spec = dict(rules)
    color = spec.get("handicap_color")
    if _is_int(color) and color in (BLACK, WHITE):
        # the keyword form of Rules (0 or 1); the records' form says "black" or "white"
        spec["handicap_color"] = "white" if color == WHITE else "black"
    r = rules_from_dict(spec)
    start_text = _check_text(start, "start", MAX_START_CHARS)
    moves_text = _check_text(moves, "moves", MAX_MOVES_CHARS)
    pos = parse_position(start_text, r) if start_text else Position.start(r)
    return play_transcript(pos, moves_text).position


def use_language(code: object) -> str:
    """Answer in the language ``code`` a request names (its ``lang``: the page's); None keeps the current one.

    An unknown code means English. Returns the language the messages are now in.
    """
    if code is None:
        return language()
    return set_language(code)


def _guard(fn: Callable[_P, Reply]) -> Callable[_P, Reply]:
    """``fn``, with an error of the request (a :class:`ReversiError`) as ``{"error": message}``."""

    @functools.wraps(fn)
    def wrapper(*args: _P.args, **kwargs: _P.kwargs) -> Reply:
        try:
            return fn(*args, **kwargs)
        except ReversiError as e:
            return {"error": str(e)}

    return wrapper


@_guard
def best_move(
    rules: dict[str, Any] | None,
    start: str | None,
    moves: str | None,
    level: int | None = None,
    time_limit: float | None = None,
    seed: int | None = None,
) -> Reply:
    """The engine's move: ``{"move", "score", "depth", "nodes", "seconds", "exact", "level", "pv", "book"}``."""
    from reversi.engine.play import choose_move

    checked_level = _check_level(level)
    seconds = _check_seconds(time_limit, "time_limit")
    checked_seed = _check_seed(seed)
    pos = _position(rules, start, moves)
    if pos.is_over:
        return {"error": _("the game is over: there is no move to choose")}
    move, info = choose_move(pos, level=checked_level, time_limit=seconds, seed=checked_seed)
    return move_reply(move, info, pos.rules.geometry)


def move_reply(move: int, info: Mapping[str, Any], g: Geometry) -> Reply:
    """A chosen move as JSON: its name, score, depth, nodes, seconds, exactness, level, line, and
    whether it came from the opening book."""
    return {
        "move": move_name(move, g),
        "score": info["score"],
        "depth": info["depth"],
        "nodes": info["nodes"],
        "seconds": round(info["seconds"], 3),
        "exact": info["exact"],
        "level": info["level"],
        "pv": [move_name(m, g) for m in info.get("pv", [move])],
        "book": bool(info.get("book", False)),
    }


@_guard
def analyse(
    rules: dict[str, Any] | None,
    start: str | None,
    moves: str | None,
    time_limit: float | None = 1.0,
    max_depth: int | None = None,
    exact_empties: int = 12,
) -> Reply:
    """A value for every legal move: ``{"scores": {"f5": 120, ...}, "best": [...], "pv": [...], "depth",
    "exact", ...}``.

    ``best`` lists the moves with the top value, ``pv`` the line expected after the
    first of them (as far as the search saw it). A side that must pass gets
    ``{"pass": value}``; a finished game an empty ``scores``. The search's table is
    kept for the next call on the same rule set, so asking again about the same
    position (or the next one) goes deeper for the same time.
    """
    from reversi.core.position import PASS
    from reversi.engine.search import analyse as _analyse

    seconds = _check_seconds(time_limit, "time_limit")
    depth = None if max_depth is None else _check_int(max_depth, "max_depth", 0, MAX_DEPTH)
    empties = _check_int(exact_empties, "exact_empties", 0, MAX_DEPTH)
    pos = _position(rules, start, moves)
    searcher = _searcher(pos)
    a = _analyse(pos, max_depth=depth, time_limit=seconds, exact_empties=empties, searcher=searcher)
    g = pos.rules.geometry
    scores = {move_name(m, g): v for m, v in a.scores.items()}
    top = max(a.scores.values()) if a.scores else None
    best = [m for m in a.order if a.scores[m] == top]
    pv: list[int] = []
    if best:
        pv = [PASS] if best[0] == PASS else searcher.pv_from(pos, best[0], max(1, min(a.depth, PV_LENGTH)))
    return {
        "scores": scores,
        "best": [move_name(m, g) for m in best],
        "pv": [move_name(m, g) for m in pv],
        "depth": a.depth,
        "exact": a.exact,
        "nodes": a.nodes,
        "seconds": round(a.seconds, 3),
    }


#: The longest line ``analyse`` gives with its best move.
PV_LENGTH = 12
#: The searchers kept between calls (one per rule set, the latest few): their tables make the
#: next call on a nearby position faster, so a long analysis can be asked in short slices.
_SEARCHERS: dict[Any, Any] = {}
MAX_SEARCHERS = 3


def _searcher(pos: Position) -> Any:
    """The kept searcher of the position's rule set (made, and the oldest dropped, when new)."""
    from reversi.engine.midgame import Searcher

    key = pos.rules
    found = _SEARCHERS.pop(key, None)
    if found is None:
        found = Searcher(pos.rules)
        while len(_SEARCHERS) >= MAX_SEARCHERS:
            _SEARCHERS.pop(next(iter(_SEARCHERS)))
    _SEARCHERS[key] = found  # the latest last
    return found


@_guard
def solve(rules: dict[str, Any] | None, start: str | None, moves: str | None, time_limit: float | None = None) -> Reply:
    """Exact solve: ``{"score": discs, "best": [...], "moves": {name: discs}, "nodes", "seconds"}``.

    Returns ``{"error": ...}`` when ``time_limit`` runs out first.
    """
    from reversi.engine.search import solve as _solve
    from reversi.errors import SolveTimeout

    seconds = _check_seconds(time_limit, "time_limit")
    pos = _position(rules, start, moves)
    try:
        r = _solve(pos, all_moves=True, time_limit=seconds)
    except SolveTimeout:
        return {"error": _("not solved within {seconds} s").format(seconds=seconds)}
    g = pos.rules.geometry
    return {
        "score": r.score,
        "best": [move_name(m, g) for m in r.best],
        "moves": {move_name(m, g): v for m, v in r.values.items()},
        "nodes": r.nodes,
        "seconds": round(r.seconds, 3),
    }


@_guard
def levels() -> Reply:
    """The strength levels table: ``{"levels": [{"level", "name", "depth", "seconds", ...}]}``."""
    from reversi.engine.levels import levels_table

    return {"levels": levels_table()}
