"""The engine worker's protocol: its requests, its replies and the limits of a search, as typed values.

The page (its main thread) and the engine's worker are the same package, so both sides use
these classes: the page builds a request (:class:`MoveRequest` for the computer's move,
:class:`AnalyseRequest` for hints, the study and puzzles), sends ``request.to_json()`` across
the worker boundary (only plain JSON-able data crosses it), the worker reads it back with
``from_json`` and answers a reply's ``to_json()``, which the page reads with :func:`read_reply`.

:class:`Limits` is how far a search may go (time, nodes, depth, and from how many empties it
solves exactly); :func:`reversi.engine.search.search`, :func:`~reversi.engine.search.analyse`,
:func:`~reversi.engine.search.solve` and :func:`reversi.engine.play.choose_move` take one.

Validation is here and only here: every class checks its fields when it is made (``__post_init__``),
whether by ``from_json`` from a request's JSON or directly in Python, and raises
:class:`~reversi.errors.EngineRequestError` naming the field as the wire names it (``time_limit``,
``level``...): a wrong type, a bool where a number is wanted, NaN, infinity, a negative or huge
number (``1e999``, ``10**400``: a message, never an ``OverflowError``), text too long. The
rules are read by :func:`reversi.formats.record.rules_from_dict` (a
:class:`~reversi.errors.RulesError`), the start and the moves by :meth:`PositionRequest.position`
(a :class:`~reversi.errors.NotationError`).

The wire format (JSON objects; a key left out takes its default, ``null`` means "none")::

    every request   lang (the page's language), epoch (the page's stop epoch, see worker.py)
    best_move       rules, start, moves, level, seed, time_limit, node_limit, max_depth, exact_empties,
                    helpers (true: the exact solve shared with the page's helpers)
    analyse         rules, start, moves, time_limit (default 1.0), exact_empties (default 12),
                    node_limit, max_depth, lines (1 to 5: the best moves with their lines)
    ping            rules
    bench           positions, seconds (default 2.0)
    opening         rules, plies, within (discs), seed: a balanced random opening (reversi.engine.balanced)
    book            rules, start, moves: the opening book's value of every move (reversi.engine.book)
    replies         MoveReply, AnalysisReply, SolveReply, OpeningReply, BookReply, or {"error": message,
                    "internal": true?}

The main thread imports this module (never the search): it imports only the rules, the
formats, the level table and the messages.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields
from typing import Any, ClassVar, TypeVar

from reversi.core.game import Game
from reversi.core.geometry import MAX_SIZE
from reversi.core.position import Position
from reversi.core.rules import BLACK, WHITE, Rules
from reversi.engine.levels import LEVELS, check_time_limit
from reversi.errors import EngineRequestError
from reversi.formats import balanced_spec
from reversi.formats.notation import parse_position, play_transcript, position_to_string, write_transcript
from reversi.formats.record import rules_from_dict, rules_to_dict
from reversi.i18n import _, ngettext
from reversi.inputs import Shown, is_int

__all__ = [
    "ANALYSE_LIMITS",
    "BENCH_SECONDS",
    "MAX_BENCH_POSITIONS",
    "MAX_DEPTH",
    "MAX_LINES",
    "MAX_MOVES_CHARS",
    "MAX_NODES",
    "MAX_START_CHARS",
    "AnalyseRequest",
    "AnalysisReply",
    "BenchRequest",
    "BookReply",
    "BookRequest",
    "ErrorReply",
    "Limits",
    "MoveReply",
    "MoveRequest",
    "OpeningReply",
    "OpeningRequest",
    "PingRequest",
    "PositionRequest",
    "Request",
    "SolveReply",
    "SolveRequest",
    "read_reply",
]

#: The longest ``start`` position string and ``moves`` transcript a request may send.
MAX_START_CHARS = 2_000
MAX_MOVES_CHARS = 20_000
#: The deepest search and the most empties solved exactly a request may ask for (the squares of the largest board).
MAX_DEPTH = MAX_SIZE * MAX_SIZE
#: The largest node limit (about a day of the search under CPython).
MAX_NODES = 10**12
#: The longest language code a request may name.
MAX_LANG_CHARS = 35
#: The page's stop epoch is an integer of an Int32Array.
EPOCH_RANGE = (-(2**31), 2**31 - 1)
#: The most positions one ``bench`` request may time, and its default seconds per position.
MAX_BENCH_POSITIONS = 100
BENCH_SECONDS = 2.0
#: The longest text of a reply's field read back (a square name, a message).
MAX_REPLY_TEXT = 10_000
#: The most characters of a wrong value an error message echoes (:func:`reversi.inputs.shown`).
SHOWN_CHARS = 60


# -- the checks (one place) -----------------------------------------------------------------


def _check_int(value: object, name: str, low: int, high: int) -> int:
    if is_int(value) and low <= value <= high:
        return value
    raise EngineRequestError(
        # Translators: {name} is a field of a request to the engine: level, max_depth, exact_empties
        _("{name} {value!r} is out of range: a whole number {low} to {high}").format(
            name=name, value=Shown(value, SHOWN_CHARS), low=low, high=high
        )
    )


def _check_text(value: object, name: str, limit: int) -> str:
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


def _object(data: object, what: str = "request") -> Mapping[str, Any]:
    """``data`` if it is a JSON object (a mapping with text keys)."""
    if isinstance(data, Mapping):
        return data
    if what == "rules":
        # Translators: {type} is the name of a JSON type in Python: list, str, int...
        raise EngineRequestError(_("rules must be an object, not {type}").format(type=type(data).__name__))
    # Translators: {type} is the name of a JSON type in Python: list, str, int...
    raise EngineRequestError(_("request must be a JSON object, not {type}").format(type=type(data).__name__))


def _read_rules(spec: object) -> Rules:
    """The rules of a request: the form of :func:`reversi.formats.record.rules_to_dict` (or the keyword
    arguments of :class:`Rules`, ``handicap_color`` 0 or 1); None: standard Othello."""
    if spec is None:
        return Rules()
    items = dict(_object(spec, "rules"))
    color = items.get("handicap_color")
    if is_int(color) and color in (BLACK, WHITE):
        items["handicap_color"] = "white" if color == WHITE else "black"
    return rules_from_dict(items)


def _set(obj: object, name: str, value: object) -> None:
    object.__setattr__(obj, name, value)  # a frozen dataclass normalising its own field


# -- limits ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Limits:
    """How far a search may go: it stops at the first limit it reaches (None: no limit of that kind).

    ``seconds``: the time (more than 0, at most :data:`~reversi.engine.levels.MAX_TIME_LIMIT`);
    ``nodes``: the positions searched; ``depth``: the deepest iteration (plies); ``exact_empties``:
    solve exactly at that many empties or fewer (None: never, as 0). :func:`reversi.engine.play.choose_move`
    reads a limit that is given as overriding its level's. On the wire they are ``time_limit``,
    ``node_limit``, ``max_depth`` and ``exact_empties``, and errors name them so.
    """

    seconds: float | None = None
    nodes: int | None = None
    depth: int | None = None
    exact_empties: int | None = None

    #: (field, its name on the wire)
    WIRE: ClassVar[tuple[tuple[str, str], ...]] = (
        ("seconds", "time_limit"),
        ("nodes", "node_limit"),
        ("depth", "max_depth"),
        ("exact_empties", "exact_empties"),
    )

    def __post_init__(self) -> None:
        if self.seconds is not None:
            _set(self, "seconds", check_time_limit(self.seconds, "time_limit"))
        if self.nodes is not None:
            _check_int(self.nodes, "node_limit", 1, MAX_NODES)
        if self.depth is not None:
            _check_int(self.depth, "max_depth", 0, MAX_DEPTH)
        if self.exact_empties is not None:
            _check_int(self.exact_empties, "exact_empties", 0, MAX_DEPTH)

    def to_json(self, defaults: Limits | None = None) -> dict[str, Any]:
        """The limits as a request's fields: those given, and ``null`` for one that ``defaults`` sets
        but these do not."""
        base = defaults or NO_LIMITS
        out: dict[str, Any] = {}
        for attr, key in self.WIRE:
            value = getattr(self, attr)
            if value is not None or getattr(base, attr) is not None:
                out[key] = value
        return out

    @classmethod
    def from_json(cls, data: object, defaults: Limits | None = None) -> Limits:
        """The limits of a request's fields; a field left out takes its value in ``defaults``."""
        items = _object(data)
        base = defaults or NO_LIMITS
        return cls(**{attr: items[key] if key in items else getattr(base, attr) for attr, key in cls.WIRE})


#: No limit at all (a search then goes to the end of the game).
NO_LIMITS = Limits()
#: The defaults of an ``analyse`` request: a second, exact from 12 empties.
ANALYSE_LIMITS = Limits(seconds=1.0, exact_empties=12)


# -- requests -------------------------------------------------------------------------------

R = TypeVar("R", bound="Request")
P = TypeVar("P", bound="PositionRequest")


@dataclass(frozen=True, kw_only=True)
class Request:
    """What every request may carry: the page's language (its messages come back in it; None keeps
    the worker's last) and its stop epoch (:mod:`reversi.engine.worker`; None: no stop flag)."""

    lang: str | None = None
    epoch: int | None = None

    def __post_init__(self) -> None:
        if self.lang is not None:
            _check_text(self.lang, "lang", MAX_LANG_CHARS)
        if self.epoch is not None:
            _check_int(self.epoch, "epoch", *EPOCH_RANGE)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.lang is not None:
            out["lang"] = self.lang
        if self.epoch is not None:
            out["epoch"] = self.epoch
        return out

    @classmethod
    def from_json(cls: type[R], data: object) -> R:
        """The request of a JSON object (a mapping; keys the request does not know are ignored)."""
        items = _object(data)
        return cls(**cls._read(items))

    @classmethod
    def _read(cls, items: Mapping[str, Any]) -> dict[str, Any]:
        """The keyword arguments of the request in ``items`` (a subclass adds its own)."""
        return {"lang": items.get("lang"), "epoch": items.get("epoch")}


@dataclass(frozen=True, kw_only=True)
class PositionRequest(Request):
    """A request about a position: the ``rules``, a ``start`` position string (None: the rule set's
    start) and the ``moves`` played from it (a transcript), and the ``limits`` of its search
    (:attr:`DEFAULT_LIMITS` when it names none)."""

    rules: Rules = field(default_factory=Rules)
    start: str | None = None
    moves: str = ""
    limits: Limits = NO_LIMITS
    #: The request's limits when it names none (a subclass's).
    DEFAULT_LIMITS: ClassVar[Limits] = NO_LIMITS

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.start is not None:
            _check_text(self.start, "start", MAX_START_CHARS)
        _check_text(self.moves, "moves", MAX_MOVES_CHARS)

    def position(self) -> Position:
        """The position asked about; raises :class:`~reversi.errors.NotationError` for a bad start or move."""
        pos = parse_position(self.start, self.rules) if self.start else Position.start(self.rules)
        return play_transcript(pos, self.moves).position

    @classmethod
    def at(cls: type[P], position: Position, **fields: Any) -> P:
        """A request about ``position`` itself (its string as the start, no moves)."""
        return cls(rules=position.rules, start=position_to_string(position), **fields)

    @classmethod
    def in_game(cls: type[P], game: Game, moves: Sequence[int] | None = None, **fields: Any) -> P:
        """A request about a position of ``game``: its start (None when it is the rule set's own) and
        ``moves`` from it (by default the game's, to the position shown)."""
        rules = game.rules
        start = None if game.start == Position.start(rules) else position_to_string(game.start)
        line = list(game.moves) if moves is None else list(moves)
        return cls(rules=rules, start=start, moves=write_transcript(line, rules.geometry), **fields)

    def to_json(self) -> dict[str, Any]:
        return {
            **super().to_json(), "rules": rules_to_dict(self.rules), "start": self.start, "moves": self.moves,
            **self.limits.to_json(self.DEFAULT_LIMITS),
        }

    @classmethod
    def _read(cls, items: Mapping[str, Any]) -> dict[str, Any]:
        start, moves = items.get("start"), items.get("moves")
        return {
            **super()._read(items),
            "rules": _read_rules(items.get("rules")),
            "start": None if start == "" else start,  # "" or None: the rule set's start
            "moves": "" if moves is None else moves,
            "limits": Limits.from_json(items, cls.DEFAULT_LIMITS),
        }


@dataclass(frozen=True, kw_only=True)
class MoveRequest(PositionRequest):
    """The worker's ``best_move``: the computer's move at ``level`` (None: the default level, or Expert
    when a time is given), within ``limits`` (a time overrides the level's); ``seed`` makes it reproducible.
    With ``helpers`` the worker shares the move's exact solve with the page's helpers it was given
    (:func:`reversi.engine.worker.attach_pool`), which then solve it sooner
    (:data:`reversi.engine.levels.SHARED_EXACT_MORE`)."""

    level: int | None = None
    seed: int | None = None
    helpers: bool = False

    def __post_init__(self) -> None:
        super().__post_init__()
        if not isinstance(self.helpers, bool):
            raise EngineRequestError(_("{option} must be true or false, not {value!r}").format(
                option="helpers", value=Shown(self.helpers, SHOWN_CHARS)))
        if self.level is not None:
            _check_int(self.level, "level", 1, len(LEVELS))
        if self.seed is not None and not is_int(self.seed):
            seed = Shown(self.seed, SHOWN_CHARS)
            raise EngineRequestError(_("seed must be a whole number, not {seed!r}").format(seed=seed))
        if self.seed is not None:
            # at most 64 bits: a longer one (thousands of digits) cannot even be written back as JSON
            _check_int(self.seed, "seed", -(1 << 63), (1 << 64) - 1)

    def to_json(self) -> dict[str, Any]:
        out = super().to_json()
        if self.level is not None:
            out["level"] = self.level
        if self.seed is not None:
            out["seed"] = self.seed
        if self.helpers:
            out["helpers"] = True
        return out

    @classmethod
    def _read(cls, items: Mapping[str, Any]) -> dict[str, Any]:
        return {
            **super()._read(items),
            "level": items.get("level"),
            "seed": items.get("seed"),
            "helpers": items.get("helpers", False),
        }


#: The most lines (best moves, each with its expected continuation) an analysis gives.
MAX_LINES = 5


@dataclass(frozen=True, kw_only=True)
class AnalyseRequest(PositionRequest):
    """The worker's ``analyse``: a value for every legal move, within ``limits`` (by default
    :data:`ANALYSE_LIMITS`: a second, exact from 12 empties), and the expected line after
    each of the best ``lines`` moves (1 to :data:`MAX_LINES`)."""

    limits: Limits = ANALYSE_LIMITS
    lines: int = 1
    DEFAULT_LIMITS: ClassVar[Limits] = ANALYSE_LIMITS

    def __post_init__(self) -> None:
        super().__post_init__()
        _check_int(self.lines, "lines", 1, MAX_LINES)

    def to_json(self) -> dict[str, Any]:
        out = super().to_json()
        if self.lines != 1:
            out["lines"] = self.lines
        return out

    @classmethod
    def _read(cls, items: Mapping[str, Any]) -> dict[str, Any]:
        return {**super()._read(items), "lines": items.get("lines", 1)}


@dataclass(frozen=True, kw_only=True)
class SolveRequest(PositionRequest):
    """:func:`reversi.engine.api.solve`: the exact value of every move, within ``limits`` (by default none)."""

    limits: Limits = NO_LIMITS
    DEFAULT_LIMITS: ClassVar[Limits] = NO_LIMITS


@dataclass(frozen=True, kw_only=True)
class PingRequest(Request):
    """The worker's ``ping``: warm up the evaluator of ``rules`` and say what was loaded."""

    rules: Rules = field(default_factory=Rules)

    def to_json(self) -> dict[str, Any]:
        return {**super().to_json(), "rules": rules_to_dict(self.rules)}

    @classmethod
    def _read(cls, items: Mapping[str, Any]) -> dict[str, Any]:
        return {**super()._read(items), "rules": _read_rules(items.get("rules"))}


@dataclass(frozen=True, kw_only=True)
class BenchRequest(Request):
    """The worker's ``bench``: the search's node rate on ``positions`` (position strings), ``seconds`` each."""

    positions: tuple[str, ...] = ()
    seconds: float = BENCH_SECONDS

    def __post_init__(self) -> None:
        super().__post_init__()
        positions = self.positions
        if not (isinstance(positions, (list, tuple)) and all(isinstance(p, str) for p in positions)):
            raise EngineRequestError(_("positions must be a list of position strings"))
        if len(positions) > MAX_BENCH_POSITIONS:
            raise EngineRequestError(
                _("positions: {n} is too many, at most {most}").format(n=len(positions), most=MAX_BENCH_POSITIONS)
            )
        for text in positions:
            _check_text(text, "positions", MAX_START_CHARS)
        _set(self, "positions", tuple(positions))
        _set(self, "seconds", check_time_limit(self.seconds, "seconds"))

    def to_json(self) -> dict[str, Any]:
        return {**super().to_json(), "positions": list(self.positions), "seconds": self.seconds}

    @classmethod
    def _read(cls, items: Mapping[str, Any]) -> dict[str, Any]:
        positions, seconds = items.get("positions", ()), items.get("seconds", BENCH_SECONDS)
        return {**super()._read(items), "positions": positions, "seconds": seconds}


@dataclass(frozen=True, kw_only=True)
class BookRequest(PositionRequest):
    """The worker's ``book``: the opening book's value of every move of the position (no search)."""


#: The longest balanced opening (plies) and the widest window (discs) a request may ask for
#: (the rule set's board may allow less: :func:`reversi.engine.balanced.check_opening`).
MAX_OPENING_PLIES = balanced_spec.MAX_PLIES
MAX_OPENING_WITHIN = balanced_spec.MAX_WITHIN


@dataclass(frozen=True, kw_only=True)
class OpeningRequest(Request):
    """The worker's ``opening``: a balanced random opening of ``plies`` moves for ``rules``, valued
    within ``within`` discs of even, drawn from ``seed`` (:mod:`reversi.engine.balanced`)."""

    rules: Rules = field(default_factory=Rules)
    plies: int = 8
    within: int = 2
    seed: int = 0

    def __post_init__(self) -> None:
        super().__post_init__()
        _check_int(self.plies, "plies", 1, MAX_OPENING_PLIES)
        _check_int(self.within, "within", 1, MAX_OPENING_WITHIN)
        _check_int(self.seed, "seed", 0, (1 << 64) - 1)

    def to_json(self) -> dict[str, Any]:
        return {**super().to_json(), "rules": rules_to_dict(self.rules), "plies": self.plies,
                "within": self.within, "seed": self.seed}

    @classmethod
    def _read(cls, items: Mapping[str, Any]) -> dict[str, Any]:
        return {**super()._read(items), "rules": _read_rules(items.get("rules")), "plies": items.get("plies", 8),
                "within": items.get("within", 2), "seed": items.get("seed", 0)}


# -- replies --------------------------------------------------------------------------------


def _bad_reply(data: object) -> EngineRequestError:
    return EngineRequestError(_("the engine answered {reply!r}").format(reply=Shown(data, SHOWN_CHARS)))


def _reply_int(data: Mapping[str, Any], key: str, default: int | None = None) -> int:
    value = data.get(key, default)
    if not is_int(value) or value.bit_length() > 64:
        raise _bad_reply(data)
    return value


def _reply_float(data: Mapping[str, Any], key: str) -> float:
    value = data.get(key, 0.0)
    if is_int(value) and value.bit_length() <= 64:
        return float(value)
    if not isinstance(value, float) or not math.isfinite(value):
        raise _bad_reply(data)
    return value


def _reply_bool(data: Mapping[str, Any], key: str) -> bool:
    value = data.get(key, False)
    if not isinstance(value, bool):
        raise _bad_reply(data)
    return value


def _reply_text(data: Mapping[str, Any], key: str) -> str:
    value = data.get(key)
    if not isinstance(value, str) or len(value) > MAX_REPLY_TEXT:
        raise _bad_reply(data)
    return value


def _reply_names(data: Mapping[str, Any], key: str) -> tuple[str, ...]:
    value = data.get(key, [])
    if not isinstance(value, (list, tuple)) or not all(isinstance(m, str) and len(m) <= 8 for m in value):
        raise _bad_reply(data)
    return tuple(value)


def _reply_scores(data: Mapping[str, Any], key: str) -> dict[str, int]:
    value = data.get(key)
    if not isinstance(value, Mapping):
        raise EngineRequestError(_("the engine gave no values"))
    scores: dict[str, int] = {}
    for name, v in value.items():
        if not isinstance(name, str) or len(name) > 8 or not is_int(v) or v.bit_length() > 64:
            raise _bad_reply(data)
        scores[name] = v
    return scores


@dataclass(frozen=True)
class MoveReply:
    """The computer's move (a square name, ``"pass"``) and what the search found: its ``score``
    (centidiscs for the side to move), ``depth``, ``nodes``, ``seconds``, whether it is ``exact``,
    the ``level`` played, the expected line ``pv`` and whether it came from the opening ``book``.
    Only ``move`` is required on the wire."""

    move: str
    score: int = 0
    depth: int = 0
    nodes: int = 0
    seconds: float = 0.0
    exact: bool = False
    level: int = 0
    pv: tuple[str, ...] = ()
    book: bool = False

    def to_json(self) -> dict[str, Any]:
        out = {f.name: getattr(self, f.name) for f in fields(self)}
        out["pv"] = list(self.pv)
        return out

    @classmethod
    def from_json(cls, data: object) -> MoveReply:
        items = _object(data)
        return cls(
            move=_reply_text(items, "move"), score=_reply_int(items, "score", 0), depth=_reply_int(items, "depth", 0),
            nodes=_reply_int(items, "nodes", 0), seconds=_reply_float(items, "seconds"),
            exact=_reply_bool(items, "exact"), level=_reply_int(items, "level", 0), pv=_reply_names(items, "pv"),
            book=_reply_bool(items, "book"),
        )


@dataclass(frozen=True)
class AnalysisReply:
    """A value for every legal move (square name -> centidiscs for the side to move; ``{"pass": v}``
    for a side that must pass, empty for a finished game), the ``best`` moves, the line ``pv`` after
    the first of them, the ``depth`` reached and whether the values are ``exact``. Only ``scores``
    is required on the wire."""

    scores: Mapping[str, int]
    best: tuple[str, ...] = ()
    pv: tuple[str, ...] = ()
    depth: int = 0
    exact: bool = False
    nodes: int = 0
    seconds: float = 0.0
    #: The request's ``lines`` best moves, best first, each with its expected line (its first move
    #: is the move; its value is ``scores[move]``).
    lines: tuple[tuple[str, ...], ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "scores": dict(self.scores), "best": list(self.best), "pv": list(self.pv), "depth": self.depth,
            "exact": self.exact, "nodes": self.nodes, "seconds": self.seconds,
            "lines": [list(line) for line in self.lines],
        }

    @classmethod
    def from_json(cls, data: object) -> AnalysisReply:
        items = _object(data)
        scores = _reply_scores(items, "scores")
        lines = items.get("lines", [])
        if not isinstance(lines, list) or len(lines) > MAX_LINES:
            raise _bad_reply(data)
        read = tuple(_reply_names({"line": line}, "line") for line in lines)
        if any(not line or line[0] not in scores for line in read):
            raise _bad_reply(data)
        return cls(
            scores=scores, best=_reply_names(items, "best"), pv=_reply_names(items, "pv"),
            depth=_reply_int(items, "depth", 0), exact=_reply_bool(items, "exact"), nodes=_reply_int(items, "nodes", 0),
            seconds=_reply_float(items, "seconds"), lines=read,
        )


@dataclass(frozen=True)
class SolveReply:
    """The exact result: ``score`` (final disc difference for the side to move), the ``best`` moves,
    every move's exact value (``moves``), ``nodes`` and ``seconds``."""

    score: int
    best: tuple[str, ...] = ()
    moves: Mapping[str, int] = field(default_factory=dict)
    nodes: int = 0
    seconds: float = 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "score": self.score, "best": list(self.best), "moves": dict(self.moves), "nodes": self.nodes,
            "seconds": self.seconds,
        }

    @classmethod
    def from_json(cls, data: object) -> SolveReply:
        items = _object(data)
        return cls(
            score=_reply_int(items, "score"), best=_reply_names(items, "best"), moves=_reply_scores(items, "moves"),
            nodes=_reply_int(items, "nodes", 0), seconds=_reply_float(items, "seconds"),
        )


@dataclass(frozen=True)
class OpeningReply:
    """A balanced opening: its ``moves`` (a transcript, a forced pass as ``pass``), its ``value``
    from Black's side (centidiscs) at ``depth``, and the lines drawn to find it (``tries``)."""

    moves: str
    value: int = 0
    depth: int = 0
    tries: int = 0

    def to_json(self) -> dict[str, Any]:
        return {"moves": self.moves, "value": self.value, "depth": self.depth, "tries": self.tries}

    @classmethod
    def from_json(cls, data: object) -> OpeningReply:
        items = _object(data)
        moves = _reply_text(items, "moves")
        if len(moves) > MAX_MOVES_CHARS:
            raise _bad_reply(data)
        return cls(moves=moves, value=_reply_int(items, "value", 0), depth=_reply_int(items, "depth", 0),
                   tries=_reply_int(items, "tries", 0))


@dataclass(frozen=True)
class BookReply:
    """The book's value of every move of a position it holds (square name -> centidiscs for the side
    to move); empty when the book does not hold the position, or has none for the rules."""

    moves: Mapping[str, int] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"moves": dict(self.moves)}

    @classmethod
    def from_json(cls, data: object) -> BookReply:
        items = _object(data)
        return cls(moves=_reply_scores(items, "moves"))


@dataclass(frozen=True)
class ErrorReply:
    """A refused request (its message, in the request's language), or with ``internal`` a bug in the engine."""

    error: str
    internal: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"error": self.error, "internal": True} if self.internal else {"error": self.error}

    @classmethod
    def from_json(cls, data: object) -> ErrorReply:
        items = _object(data)
        error = items.get("error")
        if not isinstance(error, str) or not error:
            error = str(_bad_reply(data))
        return cls(error=error[:MAX_REPLY_TEXT], internal=items.get("internal") is True)


Answer = TypeVar("Answer", MoveReply, AnalysisReply, SolveReply, OpeningReply, BookReply)


def read_reply(kind: type[Answer], data: object) -> Answer | ErrorReply:
    """The reply ``data`` (a mapping decoded from the worker's JSON) as ``kind``, or an :class:`ErrorReply`:
    the engine's own ``{"error": ...}``, or a reply that is not a ``kind`` (naming what came)."""
    if not isinstance(data, Mapping):
        return ErrorReply(str(_bad_reply(data)))
    if "error" in data:
        return ErrorReply.from_json(data)
    try:
        return kind.from_json(data)
    except EngineRequestError as e:
        return ErrorReply(str(e))

