"""Playing at a level: :func:`choose_move` (the level table is :mod:`reversi.engine.levels`).

Levels with noise draw among the good moves of a shallow :func:`~reversi.engine.search.analyse`
(softmax over their values, never a move worse than the best by more than the level's margin);
the others play the best move of :func:`~reversi.engine.search.search`. On a small board
(6x6, 4x4) the strong levels solve exactly earlier (:data:`EXACT_BY_TIME_SMALL`): 4x4 is
solved from its first move, so Expert and Advanced play it perfectly. On a big board (10x10,
the octagon, 12x12) a long time per move solves two empties later than on 8x8
(:func:`big_board_exact_empties`): the solver is slower there.
"""

from __future__ import annotations

import math
import random
from dataclasses import replace
from typing import Any

from reversi.core.position import Position, need_position
from reversi.engine.book import book_for, book_moves
from reversi.engine.evaluate import Evaluator
from reversi.engine.levels import (
    BIG_BOARD_SQUARES,
    DEFAULT_LEVEL,
    LEVELS,
    SMALL_BOARD_SQUARES,
    Level,
    exact_empties_for,
    get_level,
    shared_exact_empties,
)
from reversi.engine.parallel_search import analyse_split, search_split, workers_alive
from reversi.engine.protocol import NO_LIMITS, Limits
from reversi.engine.scheduler import Carrier
from reversi.engine.search import Searcher, analyse, search
from reversi.errors import EngineRequestError
from reversi.i18n import _

#: (seconds per move, exact solve from this many empties) on a small board. The 6x6 solver goes
#: about two empties further than the 8x8 one in the same time (``tests/bench/bench_small_boards.py``;
#: docs/engine/tuning.md); the search gives it 60% of the move's time and falls back on the
#: midgame result when it does not finish.
EXACT_BY_TIME_SMALL = ((0.0, 14), (1.0, 18), (4.0, 20), (20.0, 22), (150.0, 24))


#: On a big board (more than :data:`~reversi.engine.levels.BIG_BOARD_SQUARES`) each solver node
#: costs more, and the empties lie in more regions: from 16 empties a solve takes a few times 8x8's
#: time (docs/engine/tuning.md, Levels and play), so the exact solve that a time per move buys
#: comes ``BIG_BOARD_EXACT_LESS`` empties later there, from 16 empties up.
BIG_BOARD_EXACT_LESS = 2
#: ... but never below this: up to 14 empties the big boards solve as fast as 8x8 (the levels' own points).
BIG_BOARD_EXACT_KEPT = 14


def big_board_exact_empties(exact_empties: int) -> int:
    """The exact-solve point of a full-strength search on a big board, given 8x8's."""
    return min(exact_empties, max(BIG_BOARD_EXACT_KEPT, exact_empties - BIG_BOARD_EXACT_LESS))


def small_board_exact_empties(seconds: float) -> int:
    """How many empties a full-strength search with ``seconds`` a move solves on a small board."""
    return max(e for t, e in EXACT_BY_TIME_SMALL if seconds >= t)


def choose_move(
    position: Position,
    level: int | None = None,
    limits: Limits | float | None = None,
    *,
    seed: int | None = None,
    searcher: Searcher | None = None,
    evaluator: Evaluator | None = None,
    use_book: bool = True,
    carrier: Carrier | None = None,
    exact_only: bool = False,
) -> tuple[int, dict[str, Any]]:
    """A move for the side to move at ``level`` (default 5), and what was found.

    A limit given in ``limits`` overrides the level's: ``limits.seconds`` (the time per
    move; given without a level it plays at full strength, Expert, within that time, solving
    exactly as early as that time allows: :func:`exact_empties_for`), ``depth``,
    ``exact_empties``, and ``nodes`` caps the search. A plain number is a time
    (``Limits(seconds=...)``: the form of ``reversi/tools/match.py``). ``seed`` makes the
    noisy levels and the draw among book moves reproducible. ``info`` holds ``level``,
    ``score`` (centidiscs), ``depth``, ``nodes``, ``seconds`` and ``exact``; ``book`` is True
    for a move of the opening book (the levels whose ``book_margin`` is not -1 play from it,
    unless ``use_book`` is False; its ``score`` is the book's value). Returns PASS (with the value
    after it) when the side to move must pass. Raises :class:`EngineRequestError` on a
    finished game, a level that is not in the table or a time limit out of range. With
    ``carrier`` (:mod:`reversi.engine.scheduler`: worker processes, web workers) the search
    shares the root's moves between its workers (:mod:`reversi.engine.parallel_search`), and their
    exact solve (:mod:`reversi.engine.parallel`): at full strength with two workers or more, that
    solve starts sooner (:func:`~reversi.engine.levels.shared_exact_empties`). With ``exact_only`` the workers share
    the exact solve only, the midgame is searched here alone (the browser's helpers: at Expert's
    time a root split gains nothing, docs/engine/tuning.md).
    """
    need_position(position, "choose_move")
    if not isinstance(limits, Limits):
        limits = NO_LIMITS if limits is None else Limits(seconds=limits)
    if position.is_over:
        raise EngineRequestError(_("the game is over: there is no move to choose"))
    if level is None:
        spec = LEVELS[-1] if limits.seconds is not None else get_level(DEFAULT_LEVEL)
    else:
        spec = get_level(level)
    if limits.seconds is not None:
        spec = replace(spec, seconds=limits.seconds)
        if spec.temperature == 0:
            spec = replace(spec, exact_empties=exact_empties_for(spec.seconds))
    if limits.depth is not None:
        spec = replace(spec, depth=limits.depth)
    squares = position.rules.geometry.square_count
    if squares > BIG_BOARD_SQUARES:
        spec = replace(spec, exact_empties=big_board_exact_empties(spec.exact_empties))
    if spec.temperature == 0 and squares <= SMALL_BOARD_SQUARES:
        # a small board: the strong levels solve exactly as early as their time affords there
        spec = replace(spec, exact_empties=max(spec.exact_empties, small_board_exact_empties(spec.seconds)))
    if limits.exact_empties is not None:
        spec = replace(spec, exact_empties=limits.exact_empties)
    elif carrier is not None and workers_alive(carrier) >= 2:
        shared = shared_exact_empties(level, limits.seconds, squares)  # a solve shared reaches further
        spec = replace(spec, exact_empties=max(spec.exact_empties, shared))
    if exact_only and (position.empty.bit_count() > spec.exact_empties or position.in_placement):
        carrier = None  # a midgame move: searched here alone
    within = Limits(seconds=spec.seconds, nodes=limits.nodes, depth=spec.depth, exact_empties=spec.exact_empties)
    if spec.book_margin >= 0 and use_book:
        book = book_for(position.rules)
        scores = book_moves(position, book) if book else {}
        if scores:
            move = _book_pick(scores, spec.book_margin, random.Random(seed))
            info: dict[str, Any] = {
                "level": spec.level, "score": scores[move], "depth": 0, "nodes": 0, "seconds": 0.0,
                "exact": False, "book": True, "pv": [move],
            }
            return move, info
    s = searcher or Searcher(position.rules, evaluator)
    if spec.temperature > 0 and len(position.legal_moves()) > 1:
        if carrier is not None:
            a = analyse_split(position, carrier, within, searcher=s)
        else:
            a = analyse(position, within, searcher=s)
        move = _softmax_pick(a.scores, spec, random.Random(seed))
        info = {
            "level": spec.level,
            "score": a.scores[move],
            "depth": a.depth,
            "nodes": a.nodes,
            "seconds": a.seconds,
            "exact": a.exact,
        }
        return move, info
    if carrier is not None:
        r = search_split(position, carrier, within, searcher=s)
    else:
        r = search(position, within, searcher=s)
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


def _book_pick(scores: dict[int, int], margin: int, rng: random.Random) -> int:
    """One of the book moves within ``margin`` of the best, drawn evenly."""
    best = max(scores.values())
    candidates = sorted(m for m, v in scores.items() if v >= best - margin)
    return candidates[rng.randrange(len(candidates))]


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
