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

Errors come back as ``{"error": "one-line message"}`` instead of exceptions, so
the page can show them without a traceback crossing the worker boundary.
"""

from __future__ import annotations

from typing import Any

from reversi.core.position import Position
from reversi.core.rules import Rules
from reversi.errors import ReversiError
from reversi.formats.notation import move_name, parse_position, play_transcript


def _position(rules: dict | None, start: str | None, moves: str | None) -> Position:
    spec = dict(rules or {})
    if isinstance(spec.get("handicap_color"), str):
        # the page's and the records' form (reversi.formats.record.rules_to_dict): "black"/"white"
        from reversi.formats.record import rules_from_dict

        r = rules_from_dict(spec)
    else:
        if "blocked" in spec and spec["blocked"] is not None:
            spec["blocked"] = tuple(spec["blocked"])
        r = Rules(**spec)
    pos = parse_position(start, r) if start else Position.start(r)
    return play_transcript(pos, moves or "").position


def _guard(fn):
    def wrapper(*args: Any, **kwargs: Any) -> dict:
        try:
            return fn(*args, **kwargs)
        except (ReversiError, ValueError, TypeError) as e:
            return {"error": str(e)}

    wrapper.__name__ = fn.__name__
    wrapper.__doc__ = fn.__doc__
    return wrapper


@_guard
def best_move(
    rules: dict | None,
    start: str | None,
    moves: str | None,
    level: int | None = None,
    time_limit: float | None = None,
    seed: int | None = None,
) -> dict:
    """The engine's move: ``{"move", "score", "depth", "nodes", "seconds", "exact", "level", "pv"}``."""
    from reversi.engine.levels import choose_move

    pos = _position(rules, start, moves)
    if pos.is_over:
        return {"error": "the game is over: there is no move to choose"}
    move, info = choose_move(pos, level=level, time_limit=time_limit, seed=seed)
    g = pos.rules.geometry
    return {
        "move": move_name(move, g),
        "score": info["score"],
        "depth": info["depth"],
        "nodes": info["nodes"],
        "seconds": round(info["seconds"], 3),
        "exact": info["exact"],
        "level": info["level"],
        "pv": [move_name(m, g) for m in info.get("pv", [move])],
    }


@_guard
def analyse(
    rules: dict | None,
    start: str | None,
    moves: str | None,
    time_limit: float | None = 1.0,
    max_depth: int | None = None,
    exact_empties: int = 12,
) -> dict:
    """A value for every legal move: ``{"scores": {"f5": 120, ...}, "best": [...], "depth", "exact", ...}``.

    ``best`` lists the moves with the top value. A side that must pass gets
    ``{"pass": value}``; a finished game an empty ``scores``.
    """
    from reversi.engine.search import analyse as _analyse

    pos = _position(rules, start, moves)
    a = _analyse(pos, max_depth=max_depth, time_limit=time_limit, exact_empties=exact_empties)
    g = pos.rules.geometry
    scores = {move_name(m, g): v for m, v in a.scores.items()}
    top = max(a.scores.values()) if a.scores else None
    return {
        "scores": scores,
        "best": [move_name(m, g) for m in a.order if a.scores[m] == top],
        "depth": a.depth,
        "exact": a.exact,
        "nodes": a.nodes,
        "seconds": round(a.seconds, 3),
    }


@_guard
def solve(rules: dict | None, start: str | None, moves: str | None, time_limit: float | None = None) -> dict:
    """Exact solve: ``{"score": discs, "best": [...], "moves": {name: discs}, "nodes", "seconds"}``.

    Returns ``{"error": ...}`` when ``time_limit`` runs out first.
    """
    from reversi.engine.search import solve as _solve
    from reversi.errors import SolveTimeout

    pos = _position(rules, start, moves)
    try:
        r = _solve(pos, all_moves=True, time_limit=time_limit)
    except SolveTimeout:
        return {"error": f"not solved within {time_limit} s"}
    g = pos.rules.geometry
    return {
        "score": r.score,
        "best": [move_name(m, g) for m in r.best],
        "moves": {move_name(m, g): v for m, v in r.values.items()},
        "nodes": r.nodes,
        "seconds": round(r.seconds, 3),
    }


@_guard
def levels() -> dict:
    """The strength levels table: ``{"levels": [{"level", "name", "depth", "seconds", ...}]}``."""
    from reversi.engine.levels import levels_table

    return {"levels": levels_table()}
