"""The AI for the browser worker: a reply for each request of :mod:`reversi.engine.protocol`.

:func:`answer_best_move`, :func:`answer_analyse`, :func:`answer_solve` and :func:`answer_book` take a
request (:class:`~reversi.engine.protocol.MoveRequest`, :class:`~reversi.engine.protocol.AnalyseRequest`,
:class:`~reversi.engine.protocol.SolveRequest`, :class:`~reversi.engine.protocol.BookRequest`), already
checked when it was made, and return its reply; a position the request names that cannot be read,
or a finished game, raises a :class:`~reversi.errors.ReversiError`. Squares come back as names (``"f5"``, ``"pass"``),
scores in centidiscs for the side to move (100 = one disc), and exact results say so
with ``"exact": true``.

:func:`best_move`, :func:`analyse` and :func:`solve` are the same on plain JSON-able values,
for callers without the request classes (the command line, the build, tests): the request's
``rules``, ``start`` and ``moves``, and its other fields as keywords (``time_limit=``,
``exact_empties=``...: the wire's names, read by the request's ``from_json``, so the defaults
and the checks are the protocol's). They return the reply's JSON, or ``{"error": "one-line
message"}`` for a request that is wrong, instead of raising; anything else is a bug and is
raised as it is. The unguarded function is each one's ``__wrapped__``.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Callable, Container, Mapping
from typing import TYPE_CHECKING, Any, ParamSpec

from reversi.core.geometry import Geometry
from reversi.core.position import Position
from reversi.engine.protocol import (
    AnalyseRequest,
    AnalysisReply,
    BookReply,
    BookRequest,
    MoveReply,
    MoveRequest,
    OpeningReply,
    OpeningRequest,
    SolveReply,
    SolveRequest,
)
from reversi.errors import EngineRequestError, ReversiError
from reversi.formats.notation import move_name
from reversi.i18n import _, language, set_language

if TYPE_CHECKING:
    from reversi.core.rules import Rules
    from reversi.engine.scheduler import Carrier

Reply = dict[str, Any]
_P = ParamSpec("_P")


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


def answer_best_move(request: MoveRequest, carrier: Carrier | None = None) -> MoveReply:
    """The engine's move for ``request`` (raises :class:`EngineRequestError` on a finished game);
    ``carrier``: the workers its exact solve is shared with (the page's helpers)."""
    from reversi.engine.play import choose_move

    pos = request.position()
    move, info = choose_move(pos, request.level, request.limits, seed=request.seed, carrier=carrier,
                             exact_only=True)
    return move_reply(move, info, pos.rules.geometry)


def move_reply(move: int, info: Mapping[str, Any], g: Geometry) -> MoveReply:
    """A chosen move as a reply: its name, score, depth, nodes, seconds, exactness, level, line, and
    whether it came from the opening book."""
    return MoveReply(
        move=move_name(move, g),
        score=info["score"],
        depth=info["depth"],
        nodes=info["nodes"],
        seconds=round(info["seconds"], 3),
        exact=info["exact"],
        level=info["level"],
        pv=tuple(move_name(m, g) for m in info.get("pv", [move])),
        book=bool(info.get("book", False)),
    )


def answer_analyse(request: AnalyseRequest) -> AnalysisReply:
    """A value for every legal move of the request's position.

    ``best`` lists the moves with the top value, ``pv`` the line expected after the
    first of them (as far as the search saw it). A side that must pass gets
    ``{"pass": value}``; a finished game an empty ``scores``. The search's table is
    kept for the next call on the same rule set, so asking again about the same
    position (or the next one) goes deeper for the same time.
    """
    from reversi.core.position import PASS
    from reversi.engine.search import analyse as _analyse
    from reversi.engine.search import exact_line

    started = time.perf_counter()
    pos = request.position()
    searcher = _searcher(pos)
    a = _analyse(pos, request.limits, searcher=searcher)
    g = pos.rules.geometry
    top = max(a.scores.values()) if a.scores else None
    best = [m for m in a.order if a.scores[m] == top]
    lines: list[list[int]] = []
    if best and best[0] == PASS:
        lines = [[PASS]]
    elif best:
        firsts = a.order[:request.lines]  # best first: a.order is by value
        if a.exact:
            # the solver's values leave no line in the search's table: each line is played out by
            # the solver, within what is left of the request's time (a second when it names none)
            deadline = started + (request.limits.seconds or 1.0)
            lines = [exact_line(pos, m, a.scores[m] // 100, PV_LENGTH, deadline) for m in firsts]
        else:
            lines = [searcher.pv_from(pos, m, max(1, min(a.depth, PV_LENGTH))) for m in firsts]
    pv = lines[0] if lines else []
    return AnalysisReply(
        scores={move_name(m, g): v for m, v in a.scores.items()},
        best=tuple(move_name(m, g) for m in best),
        pv=tuple(move_name(m, g) for m in pv),
        depth=a.depth,
        exact=a.exact,
        nodes=a.nodes,
        seconds=round(a.seconds, 3),
        lines=tuple(tuple(move_name(m, g) for m in line) for line in lines),
    )


def answer_solve(request: SolveRequest) -> SolveReply:
    """The exact solve of the request's position; raises :class:`EngineRequestError` when its time runs out first."""
    from reversi.engine.search import solve as _solve
    from reversi.errors import SolveTimeout

    pos = request.position()
    try:
        r = _solve(pos, request.limits, all_moves=True)
    except SolveTimeout:
        raise EngineRequestError(_("not solved within {seconds} s").format(seconds=request.limits.seconds)) from None
    g = pos.rules.geometry
    return SolveReply(
        score=r.score,
        best=tuple(move_name(m, g) for m in r.best),
        moves={move_name(m, g): v for m, v in r.values.items()},
        nodes=r.nodes,
        seconds=round(r.seconds, 3),
    )


def answer_opening(request: OpeningRequest) -> OpeningReply:
    """A balanced random opening (:func:`reversi.engine.balanced.balanced_opening`)."""
    from reversi.engine.balanced import balanced_opening
    from reversi.formats.notation import write_transcript

    found = balanced_opening(request.rules, request.plies, request.within, request.seed)
    moves = write_transcript(list(found.moves), request.rules.geometry)
    return OpeningReply(moves=moves, value=found.value, depth=found.depth, tries=found.tries)


def answer_book(request: BookRequest) -> BookReply:
    """The opening book's value of every move of the request's position (:func:`reversi.engine.book.book_moves`):
    empty when the book does not hold it, or the rules have no book."""
    from reversi.engine.book import book_for, book_moves

    pos = request.position()
    book = book_for(pos.rules)
    values = book_moves(pos, book) if book else {}
    g = pos.rules.geometry
    return BookReply(moves={move_name(m, g): v for m, v in sorted(values.items())})


#: The engine's data files (name: SHA-256, as the engine's archive lists them) that the evaluators in this
#: interpreter's memory were built from before a memory snapshot was made of it (:func:`warm_up`, called
#: by assets/snapshot-worker.js). A worker restored from that snapshot fetches the files again; it keeps
#: what it built from them when its archive lists the same digests (reversi/engine/worker.py).
PREPARED_FROM: dict[str, str] = {}


def data_files_for(rules: Rules, listed: Container[str], weights: bool = True, book: bool = True) -> list[str]:
    """The engine's data files (names) that requests with ``rules`` use, of those ``listed``: the most
    specific pattern weights (unless not ``weights``), then the book (unless not ``book``). The
    browser's worker fetches them at a request's first need, and the engine's memory snapshot is
    warmed up with them."""
    from reversi.engine.book import book_names
    from reversi.engine.weights import pattern_names

    out: list[str] = []
    for names in (pattern_names(rules) if weights else [], book_names(rules) if book else []):
        out += [n for n in names if n in listed][:1]
    return out


def warm_up(rules: Rules, data: Mapping[str, str] | None = None) -> bool:
    """Build the evaluation of ``rules`` and play one quick move with it: the tables, the generated code
    and the caches that a game's first request would otherwise wait for. ``data``: the data files (name:
    SHA-256) read for them, when a memory snapshot is to be made of this interpreter (kept in
    :data:`PREPARED_FROM`). False when no move can be played from the rules' start."""
    from reversi.engine.evaluate import make_evaluator

    make_evaluator(rules)
    try:
        answer_best_move(MoveRequest(rules=rules, level=1, seed=0))
    except ReversiError:
        return False
    PREPARED_FROM.update(data or {})
    return True


def _fields(rules: object, start: object, moves: object, fields: Mapping[str, object]) -> dict[str, object]:
    return {**fields, "rules": rules, "start": start, "moves": moves}


@_guard
def best_move(rules: object = None, start: object = None, moves: object = None, **fields: object) -> Reply:
    """:func:`answer_best_move` on JSON: ``{"move", "score", "depth", "nodes", "seconds", "exact", "level",
    "pv", "book"}``; ``fields`` are the request's others (``level``, ``time_limit``, ``seed``...)."""
    return answer_best_move(MoveRequest.from_json(_fields(rules, start, moves, fields))).to_json()


@_guard
def analyse(rules: object = None, start: object = None, moves: object = None, **fields: object) -> Reply:
    """:func:`answer_analyse` on JSON: ``{"scores": {"f5": 120, ...}, "best": [...], "pv": [...], "depth",
    "exact", ...}``; ``fields`` are the request's limits (``time_limit``, 1 s by default; ``exact_empties``, 12...)."""
    return answer_analyse(AnalyseRequest.from_json(_fields(rules, start, moves, fields))).to_json()


@_guard
def solve(rules: object = None, start: object = None, moves: object = None, **fields: object) -> Reply:
    """:func:`answer_solve` on JSON: ``{"score": discs, "best": [...], "moves": {name: discs}, "nodes",
    "seconds"}``, or ``{"error": ...}`` when ``time_limit`` runs out first."""
    return answer_solve(SolveRequest.from_json(_fields(rules, start, moves, fields))).to_json()


@_guard
def opening(rules: object = None, **fields: object) -> Reply:
    """:func:`answer_opening` on JSON: ``{"moves", "value", "depth", "tries"}``; ``fields`` are
    ``plies``, ``within`` and ``seed``."""
    return answer_opening(OpeningRequest.from_json({**fields, "rules": rules})).to_json()


@_guard
def book(rules: object = None, start: object = None, moves: object = None, **fields: object) -> Reply:
    """:func:`answer_book` on JSON: ``{"moves": {"f5": 0, ...}}`` (``{}`` outside the book)."""
    return answer_book(BookRequest.from_json(_fields(rules, start, moves, fields))).to_json()


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
def levels() -> Reply:
    """The strength levels table: ``{"levels": [{"level", "name", "depth", "seconds", ...}]}``."""
    from reversi.engine.levels import levels_table

    return {"levels": levels_table()}
