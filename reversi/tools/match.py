"""Engine matches: the team's strength yardstick.

Two engine settings (a level, a time per move, a depth) play each other from a
list of reproducible openings, each opening twice with the colours swapped, so
neither side profits from a lucky opening. The report gives wins, draws and
losses of A, A's score, the Elo difference and its 95% confidence interval:

* ``score = (wins + draws / 2) / games``, ``elo = -400 * log10(1 / score - 1)``;
* the interval is ``score +- 1.96 * sd / sqrt(games)`` (``sd`` the standard
  deviation of the per-game scores 1, 1/2, 0) mapped through the same formula.
  When A won or lost everything the Elo is infinite and reported as such. An end
  of the interval beyond a score of 0 or 1 is infinite; when every game ended
  alike the spread is unknown and the interval is ``(-inf, +inf)``: too few games
  to bound the difference (JSON gives ``null`` for every infinite number).

A match is a number of pairs of games: an odd number of games is refused. The
games are numbered in the schedule (opening 1 with A black, then with A white,
opening 2...), and results come back in that order whatever the processes.

Openings are random legal moves from a seed (:func:`openings`), the same on every
machine (the package's SplitMix64), with repeated positions skipped; or, with
``within``, balanced ones (:mod:`reversi.engine.balanced`: the engine values each
within that many discs of even). Games can be
played on several processes at once (``processes=2``: a worker process a game, on
:mod:`reversi.engine.scheduler`'s carrier of processes), and a setting may search on several
processes of its own (``jobs=2``: the root's moves shared, :mod:`reversi.engine.parallel_search`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from contextlib import ExitStack
from dataclasses import dataclass, field
from typing import Any

from reversi.core.position import PASS, Position
from reversi.core.rules import BLACK, Rules, SplitMix64
from reversi.engine.evaluate import make_evaluator
from reversi.engine.levels import check_time_limit, get_level
from reversi.engine.parallel import MAX_PROCESSES, check_processes
from reversi.engine.parallel_search import search_split
from reversi.engine.play import choose_move
from reversi.engine.protocol import Limits
from reversi.engine.scheduler import Carrier
from reversi.engine.search import Searcher, search
from reversi.errors import EngineRequestError
from reversi.formats.notation import write_transcript
from reversi.formats.record import rules_from_dict, rules_to_dict

#: The deepest search a ``depth=`` setting may ask for.
MAX_DEPTH = 60


@dataclass(frozen=True)
class Player:
    """An engine setting: a level, or a depth, with an optional time per move, searched by ``jobs``
    processes (the root's moves shared: :mod:`reversi.engine.parallel_search`)."""

    level: int | None = None
    time: float | None = None
    depth: int | None = None
    jobs: int = 1

    @classmethod
    def parse(cls, text: str) -> Player:
        """``'level=3'``, ``'level=5,time=0.2'``, ``'depth=4'``, ``'level=7,jobs=2'``, or just
        ``'3'`` (a level).

        Raises :class:`EngineRequestError` naming the setting and what is wrong: an
        unknown key, a value that is not a number, a level not in the table, a time
        that is not a finite positive number of seconds, a depth below 1, processes
        (``jobs``) out of 1 to :data:`MAX_PROCESSES`.
        """
        text = text.strip()
        if not text:
            raise EngineRequestError("engine setting '' is empty: expected e.g. 'level=3' or 'depth=4'")
        if text.isascii() and text.isdigit() and len(text) <= 3:
            text = f"level={text}"
        level: int | None = None
        time: float | None = None
        depth: int | None = None
        jobs = 1
        seen: set[str] = set()
        for part in text.split(","):
            key, sep, value = (s.strip() for s in part.partition("="))
            key = key.lower()
            if not sep or key not in ("level", "time", "depth", "jobs") or key in seen:
                raise EngineRequestError(
                    f"engine setting {text!r}: expected e.g. 'level=3', 'depth=4' or 'level=5,time=0.2'"
                )
            seen.add(key)
            if key == "time":
                try:
                    seconds = float(value)
                except ValueError:
                    raise EngineRequestError(f"engine setting {text!r}: time={value!r} is not a number") from None
                time = check_time_limit(seconds, f"engine setting {text!r}: time")
            else:
                if not (value.isascii() and value.isdigit() and len(value) <= 3):
                    raise EngineRequestError(f"engine setting {text!r}: {key}={value!r} is not a whole number")
                number = int(value)
                if key == "level":
                    level = get_level(number).level
                elif key == "jobs":
                    if not 1 <= number <= MAX_PROCESSES:
                        raise EngineRequestError(
                            f"engine setting {text!r}: jobs={number} is not within 1 to {MAX_PROCESSES}")
                    jobs = number
                elif not 1 <= number <= MAX_DEPTH:
                    raise EngineRequestError(f"engine setting {text!r}: depth={number} is not within 1 to {MAX_DEPTH}")
                else:
                    depth = number
        return cls(level=level, time=time, depth=depth, jobs=jobs)

    def describe(self) -> str:
        parts = []
        if self.level is not None:
            parts.append(f"level={self.level}")
        if self.depth is not None:
            parts.append(f"depth={self.depth}")
        if self.time is not None:
            parts.append(f"time={self.time:g}")
        if self.jobs != 1:
            parts.append(f"jobs={self.jobs}")
        return ",".join(parts)

    def to_dict(self) -> dict[str, Any]:
        """The setting as a job's message carries it (exactly: no number rounded)."""
        return {"level": self.level, "time": self.time, "depth": self.depth, "jobs": self.jobs}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Player:
        return cls(level=data["level"], time=data["time"], depth=data["depth"], jobs=data["jobs"])

    def choose(self, position: Position, searcher: Searcher, seed: int, carrier: Carrier | None = None) -> int:
        """The move of this setting (``carrier``: the processes of a setting with ``jobs`` > 1)."""
        if self.depth is not None and self.level is None:
            limits = Limits(depth=self.depth, seconds=self.time)
            if carrier is not None:
                return search_split(position, carrier, limits, searcher=searcher).move
            return search(position, limits, searcher=searcher).move
        move, _ = choose_move(position, self.level, self.time, seed=seed, searcher=searcher, carrier=carrier)
        return move


def openings(rules: Rules, plies: int, count: int, seed: int = 0) -> list[list[int]]:
    """``count`` distinct openings of ``plies`` random legal moves (fewer if there are not enough)."""
    from reversi.engine.balanced import random_lines

    seen: set[tuple[int, int, int]] = set()
    found: list[list[int]] = []
    lines = random_lines(rules, plies, SplitMix64(seed))
    for _attempt in range(count * 50):
        if len(found) == count:
            break
        line, pos = next(lines)
        key = (pos.black, pos.white, pos.turn)
        if key in seen or pos.is_over:
            continue
        seen.add(key)
        found.append(list(line))
    return found


@dataclass
class GameRecord:
    opening: list[int]
    a_is_black: bool
    moves: list[int]
    #: Final margin from A's side (positive: A won), as the game scores it.
    margin: int
    #: The game's place in its match's schedule, from 1 (0 for a game played outside a match).
    number: int = 0


def play_game(rules: Rules, opening: list[int], a: Player, b: Player, a_is_black: bool, seed: int) -> GameRecord:
    """One game of A against B from ``opening``; a setting with ``jobs`` > 1 searches on that
    many processes of its own, started for the game (their tables kept from move to move)."""
    with ExitStack() as stack:
        carriers: dict[bool, Carrier | None] = {}
        for is_a, player in ((True, a), (False, b)):
            carriers[is_a] = None
            if player.jobs > 1:
                from reversi.engine.processes import ProcessCarrier

                make_evaluator(rules)  # loaded before the processes are forked
                carriers[is_a] = stack.enter_context(ProcessCarrier(player.jobs))
        pos = Position.start(rules)
        for m in opening:
            pos = pos.play(m)
        searchers = {True: Searcher(rules), False: Searcher(rules)}  # keyed by "is A"
        moves: list[int] = []
        ply = 0
        while not pos.is_over:
            if pos.must_pass:
                pos = pos.pass_turn()
                moves.append(PASS)
                continue
            a_to_move = (pos.turn == BLACK) == a_is_black
            player = a if a_to_move else b
            move = player.choose(pos, searchers[a_to_move], seed * 1000 + ply, carriers[a_to_move])
            pos = pos.play(move)
            moves.append(move)
            ply += 1
    a_color = BLACK if a_is_black else 1 - BLACK
    return GameRecord(opening, a_is_black, moves, pos.final_margin(a_color))


@dataclass
class MatchResult:
    a: str
    b: str
    wins: int
    draws: int
    losses: int
    games: list[GameRecord] = field(default_factory=list, repr=False)

    @property
    def count(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def score(self) -> float:
        return (self.wins + self.draws / 2) / self.count if self.count else 0.5

    @property
    def elo(self) -> float:
        return elo_from_score(self.score)

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% confidence interval of the Elo difference: ``(-inf, +inf)`` when unknown
        (no game, or every game ended alike, so that the results show no spread)."""
        n = self.count
        s = self.score
        mean_sq = (self.wins + self.draws / 4) / n if n else 0.0
        sd = math.sqrt(max(0.0, mean_sq - s * s))
        if not n or sd == 0:
            return (-math.inf, math.inf)
        half = 1.96 * sd / math.sqrt(n)
        return elo_from_score(s - half), elo_from_score(s + half)

    @property
    def interval_known(self) -> bool:
        """Whether the games bound the Elo difference on at least one side."""
        lo, hi = self.interval
        return not (math.isinf(lo) and math.isinf(hi))

    def report(self) -> str:
        """The summary in English (the command line prints it in the user's language)."""
        lo, hi = self.interval
        if self.interval_known:
            bounds = f"[95% {format_elo(lo)}, {format_elo(hi)}]"
        else:
            bounds = "(too few games for a confidence interval)"
        return (
            f"A ({self.a}) vs B ({self.b}): {self.count} games, "
            f"+{self.wins} ={self.draws} -{self.losses}, score {100 * self.score:.1f}%, "
            f"Elo {format_elo(self.elo)} {bounds}"
        )

    def to_dict(self) -> dict[str, Any]:
        lo, hi = self.interval
        return {
            "a": self.a,
            "b": self.b,
            "games": self.count,
            "wins": self.wins,
            "draws": self.draws,
            "losses": self.losses,
            "score": self.score,
            "elo": _json_float(self.elo),
            "elo_low": _json_float(lo),
            "elo_high": _json_float(hi),
        }


def elo_from_score(s: float) -> float:
    if s <= 0:
        return -math.inf
    if s >= 1:
        return math.inf
    return -400 * math.log10(1 / s - 1) + 0.0  # + 0.0: an even score is 0, not -0


def format_elo(x: float) -> str:
    """An Elo figure with its sign: ``+35``, ``-120``, ``+0`` (never ``-0``), ``+inf``, ``-inf``."""
    if math.isinf(x):
        return "+inf" if x > 0 else "-inf"
    return f"{round(x):+d}"


_fmt = format_elo  # its former name (tests/bench/ladder.py)


def _json_float(x: float) -> float | None:
    """``x`` to a tenth for JSON: ``None`` (null) for an infinity, never ``-0.0``."""
    return round(x, 1) + 0.0 if math.isfinite(x) else None


#: The arguments of :func:`play_game`: rules, opening, A, B, A plays black, seed.
Task = tuple[Rules, list[int], Player, Player, bool, int]


def _play_task(task: Task) -> GameRecord:
    return play_game(*task)


class GameWorker:
    """A match's worker process: it plays the games it is sent (:mod:`reversi.engine.scheduler`'s
    ``game`` jobs: rules, opening, the two settings, A's colour and the seed)."""

    def __init__(self) -> None:
        self.current = 0

    def answer(self, message: dict[str, Any]) -> dict[str, Any] | None:
        self.current = message["id"]
        try:
            task: Task = (rules_from_dict(message["rules"]), list(message["opening"]),
                          Player.from_dict(message["a"]), Player.from_dict(message["b"]),
                          bool(message["a_is_black"]), message["seed"])
            rec = _play_task(task)
        finally:
            self.current = 0
        return {"kind": "game", "id": message["id"], "opening": rec.opening, "a_is_black": rec.a_is_black,
                "moves": rec.moves, "margin": rec.margin}


def _game_job(task: Task) -> dict[str, Any]:
    rules, opening, a, b, a_is_black, seed = task
    return {"kind": "game", "rules": rules_to_dict(rules), "opening": opening, "a": a.to_dict(), "b": b.to_dict(),
            "a_is_black": a_is_black, "seed": seed}


#: The most games one match plays (its processes: at most :data:`reversi.engine.parallel.MAX_PROCESSES`).
MAX_GAMES = 100_000


def _check_games(games: int, plies: int, rules: Rules) -> None:
    if not 1 <= games <= MAX_GAMES:
        raise EngineRequestError(f"games {games} is out of range: 1 to {MAX_GAMES}")
    if games % 2:
        raise EngineRequestError(f"games {games} is odd: games are played in pairs, the colours swapped")
    if not 0 <= plies <= rules.geometry.square_count:
        raise EngineRequestError(f"opening plies {plies} is out of range: 0 to {rules.geometry.square_count}")


def scheduled(number: int, a_is_black: bool, moves: list[int], lines: list[list[int]]) -> bool:
    """Is a game whose plies are ``moves`` (its opening included), A black or not, game ``number``
    of the match whose openings are ``lines``? (Each opening twice: A black in the odd games.)"""
    k = (number - 1) // 2
    return 0 <= k < len(lines) and moves[: len(lines[k])] == lines[k] and a_is_black == (number % 2 == 1)


def match_openings(
    rules: Rules, games: int, plies: int = 4, seed: int = 0, within: int | None = None
) -> list[list[int]]:
    """The openings of a match of ``games`` games (:func:`match`'s arguments), one a pair of games:
    ``plies`` random moves from ``seed``, or balanced ones (``within``)."""
    _check_games(games, plies, rules)
    pairs = games // 2
    if within is not None:
        from reversi.engine.balanced import balanced_openings

        lines = [list(o.moves) for o in balanced_openings(rules, plies, within, pairs, seed)]
    else:
        lines = openings(rules, plies, pairs, seed)
    if not lines:
        raise EngineRequestError(f"no opening of {plies} random moves leaves a game to play: use fewer --plies")
    return lines


def match(
    a: Player,
    b: Player,
    games: int = 20,
    *,
    rules: Rules | None = None,
    seed: int = 0,
    plies: int = 4,
    processes: int = 1,
    progress: Callable[[GameRecord, MatchResult], None] | None = None,
    within: int | None = None,
    played: Sequence[GameRecord] = (),
    lines: list[list[int]] | None = None,
) -> MatchResult:
    """Play ``games`` games (an even number: each opening twice, the colours swapped) of A against B.

    Fewer games are played when there are fewer distinct openings than pairs asked for
    (``result.count`` says how many); an odd ``games`` raises :class:`EngineRequestError`.

    With ``within``, the openings are balanced: ``plies`` random moves whose position the
    engine values within ``within`` discs of even (:mod:`reversi.engine.balanced`), drawn
    from ``seed`` too.

    ``progress(record, result_so_far)`` is called after each game, in the order of the
    schedule (``record.number``: 1, 2, ...) however many processes play them.

    ``played``: the first games of the schedule, played before (a match that goes on,
    :mod:`reversi.tools.match_record`), each with the whole game in ``moves`` (its opening
    empty): they count in the result and are not played again (nor passed to ``progress``).
    A game that is not the schedule's (another opening or colour) raises
    :class:`EngineRequestError`. ``lines``: the openings, if :func:`match_openings` gave them already.
    """
    rules = rules or Rules()
    _check_games(games, plies, rules)
    check_processes(processes, "processes")
    if lines is None:
        lines = match_openings(rules, games, plies, seed, within)
    tasks: list[Task] = []
    for k, line in enumerate(lines):
        tasks.append((rules, line, a, b, True, seed * 100_003 + 2 * k))
        tasks.append((rules, line, a, b, False, seed * 100_003 + 2 * k + 1))
    result = MatchResult(a.describe(), b.describe(), 0, 0, 0)

    def add(number: int, rec: GameRecord, report: bool = True) -> None:
        rec.number = number
        if rec.margin > 0:
            result.wins += 1
        elif rec.margin < 0:
            result.losses += 1
        else:
            result.draws += 1
        result.games.append(rec)
        if progress is not None and report:
            progress(rec, result)

    for number, (rec, task) in enumerate(zip(played, tasks, strict=False), 1):
        line, a_is_black = task[1], task[4]
        if not scheduled(number, rec.a_is_black, rec.moves, lines):
            raise EngineRequestError(f"game {number} of the record is not this match's: another opening or colour")
        add(number, GameRecord(line, a_is_black, rec.moves[len(line):], rec.margin), report=False)
    first = len(result.games)
    tasks = tasks[first:]

    if processes > 1 and tasks:
        from reversi.engine.processes import ProcessCarrier
        from reversi.engine.scheduler import run_jobs

        make_evaluator(rules)  # loaded before the processes are forked
        # not daemons: a setting with jobs > 1 starts processes of its own
        with ProcessCarrier(processes, make=GameWorker, daemon=False) as carrier:
            done: dict[int, GameRecord] = {}
            reported = 0
            for k, answer in run_jobs(carrier, [_game_job(t) for t in tasks]):
                done[k] = GameRecord(list(answer["opening"]), answer["a_is_black"], list(answer["moves"]),
                                     answer["margin"])
                # in the schedule's order: a game that ends early waits for those before it
                while reported in done:
                    add(first + reported + 1, done.pop(reported))
                    reported += 1
    else:
        for number, task in enumerate(tasks, first + 1):
            add(number, _play_task(task))
    return result


def game_transcript(rules: Rules, rec: GameRecord) -> str:
    return write_transcript(rec.opening + rec.moves, rules.geometry)
