"""The opening explorer's index: the moves a file's games played from each position, with their results.

:class:`OpeningIndex` holds, for every position of the first :data:`PLIES` moves of the games
of a file (a WTHOR database, a GGF file, a file of ``.rev`` records), each move played from it:
in how many games, Black's points in them (a win 1, a draw ½) and the sum of their final disc
differences (Black's discs less White's). A position is its discs, the side to move (and
Classic's discs in hand): two games that reach it by different orders of moves count together
(a transposition). The eight turns and mirrors of a board are not merged. Each rule set keeps
its own positions, so a board shows only the games of its own rules. A game with no result
(the moves do not end it and none is recorded) counts in the number of games but not in
Black's score nor the discs; a game won by resigning or on time without a recorded margin
counts as a wipe-out, as WTHOR and GGS score it.

It is filled a slice at a time (:meth:`OpeningIndex.add_wthor` reads a WTHOR database's move
bytes without making a position of each move; :meth:`OpeningIndex.add_game` reads a played
game's main line), and :class:`Indexing` shares the work out in slices of a few hundredths of
a second, so the page stays responsive while 100,000 games are indexed.

The memory: an entry per position and move, its key one integer (the two bitboards, the side
to move and the move) and its value one integer (the four sums packed into fields, so adding a
game is one addition). The entries being added are a dictionary; every :data:`HOT_ENTRIES` of
them are frozen into a run, one bytes object of fixed-width records sorted by key (about 22
bytes an entry, a sixth of a dictionary's), which a lookup searches by bisection; a move's games
may be spread over several runs, and their sums add up. No DOM here.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Protocol

from reversi.core.bitboard import flips as _flips
from reversi.core.bitboard import moves as _moves
from reversi.core.game import Game
from reversi.core.position import PASS, Position
from reversi.core.rules import BLACK, WHITE, Rules
from reversi.formats.ggf import result_margin
from reversi.formats.wthor import MAX_DISCS, WthorGame
from reversi.i18n import _, format_number

#: The moves of each game indexed: an explorer serves the opening, where games share positions;
#: later positions are mostly one game's own and would cost memory for nothing.
PLIES = 30
#: The most games one index counts (its fields hold up to this many).
MAX_GAMES = (1 << 24) - 1

# A move's sums, packed into one integer: the games, the games with a result, Black's points
# counted in halves, and the disc differences (in half discs, a recorded komi result may end in
# a half) each biased by _BIAS so that every game adds a positive amount.
_SCORED_SHIFT = 24
_POINTS_SHIFT = 48
_DISCS_SHIFT = 74
_FIELD = (1 << 24) - 1
_POINTS_FIELD = (1 << 26) - 1
#: Larger than twice the most discs of a side on any board (16x16), in half discs.
_BIAS = 512

#: A WTHOR move byte's square index on 8x8 (``10 * row + col``, both from 1), -1 for no square.
_WTHOR_SQUARES = tuple(
    (b // 10 - 1) * 9 + (b % 10 - 1) if 1 <= b // 10 <= 8 and 1 <= b % 10 <= 8 else -1 for b in range(256))


@dataclass(frozen=True)
class MoveStats:
    """A move from a position and its games: how many, how many have a result, Black's points in
    those (a win 1, a draw ½) and the sum of their final disc differences (Black less White)."""

    move: int
    games: int
    scored: int = 0
    points: float = 0.0
    discs: float = 0.0

    @property
    def score(self) -> float | None:
        """Black's score over the games with a result (0 to 1), None when none has one."""
        return self.points / self.scored if self.scored else None

    @property
    def average(self) -> float | None:
        """The average final disc difference (Black less White), None when no game has a result."""
        return self.discs / self.scored if self.scored else None


def contribution(result: tuple[int, float] | None) -> int:
    """What one game adds to a move's packed sums: ``result`` is Black's points in halves (2 a win,
    1 a draw, 0 a loss) and the final disc difference, Black less White; None: no result."""
    if result is None:
        return 1
    points, diff = result
    half_discs = max(-_BIAS, min(_BIAS, round(2 * diff)))
    return 1 | 1 << _SCORED_SHIFT | points << _POINTS_SHIFT | (half_discs + _BIAS) << _DISCS_SHIFT


def unpack(move: int, packed: int) -> MoveStats:
    """The sums of ``packed`` (added contributions) for ``move``."""
    games = packed & _FIELD
    scored = packed >> _SCORED_SHIFT & _FIELD
    points = packed >> _POINTS_SHIFT & _POINTS_FIELD
    discs = (packed >> _DISCS_SHIFT) - _BIAS * scored
    return MoveStats(move, games, scored, points / 2, discs / 2)


def game_result(game: Game) -> tuple[int, float] | None:
    """Black's points in halves and the final disc difference (Black less White) of a game, as
    the explorer counts them (the module's docstring), None when it has no result."""
    outcome = game.outcome
    if outcome is not None:
        if outcome.result is not None:
            diff: float = outcome.result.black - outcome.result.white
        else:  # resigned, or lost on time: a wipe-out
            squares = game.rules.geometry.square_count
            diff = 0 if outcome.winner is None else squares if outcome.winner == BLACK else -squares
        return _points(outcome.winner), diff
    margin = result_margin(game.tags.get("GGFResult", ""))
    if margin is None:
        return None
    return _points(None if margin == 0 else BLACK if margin > 0 else WHITE), margin


def _points(winner: int | None) -> int:
    return 1 if winner is None else 2 if winner == BLACK else 0


def wthor_result(game: WthorGame) -> tuple[int, float] | None:
    """The result of a WTHOR game (Black's discs at the end), None when its score byte is damaged."""
    if game.score > MAX_DISCS:
        return None
    diff = 2 * game.score - MAX_DISCS
    return _points(None if diff == 0 else BLACK if diff > 0 else WHITE), diff


class _Run:
    """Entries frozen into one bytes object, sorted by key: a record is the key (the position's
    bytes, then the move's) and its value, ``width`` bytes in all. A run of *single* entries (one
    game each) writes the value in two bytes (:func:`_single`), the others in as many as the
    largest needs."""

    __slots__ = ("count", "data", "single", "width")

    def __init__(self, data: bytes, width: int, single: bool) -> None:
        self.data = data
        self.width = width
        self.single = single
        self.count = len(data) // width


def _single(packed: int) -> int:
    """One game's packed sums in 14 bits: whether it has a result, Black's points, its discs."""
    return (packed >> _SCORED_SHIFT & 1) | (packed >> _POINTS_SHIFT & 3) << 1 | (packed >> _DISCS_SHIFT) << 3


def _unsingle(small: int) -> int:
    """The packed sums of :func:`_single`'s 14 bits."""
    return 1 | (small & 1) << _SCORED_SHIFT | (small >> 1 & 3) << _POINTS_SHIFT | (small >> 3) << _DISCS_SHIFT


class _Table:
    """One rule set's positions: the entries being added (a dictionary: key -> packed sums), and
    the runs they were frozen into (:class:`_Run`) each time they grew to :data:`HOT_ENTRIES`. A
    key is the position's key (:meth:`base`) with the move in its last byte or two; an entry's
    games may be spread over several runs (the sums add up)."""

    __slots__ = ("hot", "key_bytes", "move_bytes", "rules", "runs", "shift")

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        g = rules.geometry
        self.shift = g.stride * g.height  # the bits of one side's discs
        self.move_bytes = 1 if self.shift <= 256 else 2
        supply = 18 if rules.supply is not None else 0
        self.key_bytes = (2 * self.shift + 1 + supply + 7) // 8 + self.move_bytes
        self.hot: dict[int, int] = {}
        self.runs: list[_Run] = []

    def base(self, black: int, white: int, turn: int, supply: tuple[int, int] | None = None) -> int:
        """A position's key, less its move (the move is its lowest byte or two)."""
        key = (black << self.shift | white) << 1 | turn
        if supply is not None:  # Classic's discs in hand: at most a board's squares each
            key = (key << 18 | supply[0] << 9 | supply[1])
        return key << 8 * self.move_bytes

    def freeze(self) -> None:
        """Freeze the entries being added into runs (sorted bytes: about 20 bytes an entry)."""
        hot = self.hot
        if not hot:
            return
        size = self.key_bytes + 2
        singles: list[bytes] = []
        many: list[tuple[int, int]] = []
        for key, packed in sorted(hot.items()):
            if packed & _FIELD == 1:  # one game: _single, written in (one conversion an entry)
                small = packed >> _SCORED_SHIFT & 1 | (packed >> _POINTS_SHIFT & 3) << 1
                small |= (packed >> _DISCS_SHIFT) << 3
                singles.append((key << 16 | small).to_bytes(size, "big"))
            else:
                many.append((key, packed))
        if singles:
            self.runs.append(_Run(b"".join(singles), size, True))
        if many:
            value = (max(v for _k, v in many).bit_length() + 7) // 8
            width = self.key_bytes + value
            data = b"".join((k << 8 * value | v).to_bytes(width, "big") for k, v in many)
            self.runs.append(_Run(data, width, False))
        self.hot = {}

    def sums(self, base: int, moves: int) -> dict[int, int]:
        """The packed sums of the position ``base`` (a key less its move) for each of ``moves``
        (a bitboard) that has any."""
        out: dict[int, int] = {}
        hot = self.hot
        bits = moves
        while bits:
            low = bits & -bits
            move = low.bit_length() - 1
            bits ^= low
            packed = hot.get(base | move)
            if packed:
                out[move] = packed
        prefix_bytes = self.key_bytes - self.move_bytes
        prefix = (base >> 8 * self.move_bytes).to_bytes(prefix_bytes, "big")
        for run in self.runs:
            data, width = run.data, run.width
            lo, hi = 0, run.count
            while lo < hi:  # the first record of the position (or where it would be)
                mid = (lo + hi) // 2
                at = mid * width
                if data[at : at + prefix_bytes] < prefix:
                    lo = mid + 1
                else:
                    hi = mid
            at = lo * width
            while at < len(data) and data[at : at + prefix_bytes] == prefix:
                move = int.from_bytes(data[at + prefix_bytes : at + self.key_bytes], "big")
                value = int.from_bytes(data[at + self.key_bytes : at + width], "big")
                if run.single:
                    value = _unsingle(value)
                out[move] = out.get(move, 0) + value
                at += width
        return {m: v for m, v in out.items() if moves >> m & 1}


#: Entries added before :class:`Indexing` freezes a rule set's table into a run (the freeze of
#: that many takes about a hundredth of a second under CPython, three or four in the browser),
#: and the most a table holds unfrozen when it is filled directly.
HOT_ENTRIES = 8_000
MAX_HOT = 4 * HOT_ENTRIES


class OpeningIndex:
    """The moves of a file's games from each position of their first ``plies`` moves (see the module)."""

    def __init__(self, plies: int = PLIES) -> None:
        self.plies = plies
        #: Games indexed, and games past :data:`MAX_GAMES` that were not.
        self.games = 0
        self.skipped = 0
        self._tables: dict[Rules, _Table] = {}

    def _table(self, rules: Rules) -> _Table:
        table = self._tables.get(rules)
        if table is None:
            table = self._tables[rules] = _Table(rules)
        return table

    @property
    def rules(self) -> list[Rules]:
        """The rule sets of the games indexed."""
        return list(self._tables)

    @property
    def entries(self) -> int:
        """Positions and moves held (one entry each)."""
        return sum(len(t.hot) + sum(r.count for r in t.runs) for t in self._tables.values())

    def _room(self) -> bool:
        if self.games >= MAX_GAMES:
            self.skipped += 1
            return False
        self.games += 1
        return True

    def add_wthor(self, games: Iterable[WthorGame]) -> None:
        """Add WTHOR games (8x8 Othello from the standard start), read from their move bytes. A game
        stops being read at a move that cannot be played (the positions before it count)."""
        table = self._table(Rules())
        counts, base = table.hot, table.base
        start = Position.start(Rules())
        g = start.rules.geometry
        shifts, mask, plies = g.shifts, g.mask, self.plies
        squares = _WTHOR_SQUARES
        for game in games:
            if not self._room():
                continue
            add = contribution(wthor_result(game))
            player, opponent, turn = start.black, start.white, BLACK
            for byte in game.moves[:plies]:
                square = squares[byte]
                if square < 0 or ((player | opponent) >> square) & 1:
                    break  # the end of the moves (a 0), or a damaged game
                flipped = _flips(player, opponent, square, shifts)
                if not flipped:  # a pass (WTHOR leaves them out), or a move that breaks the rules
                    if _moves(player, opponent, mask & ~(player | opponent), shifts):
                        break
                    player, opponent, turn = opponent, player, 1 - turn
                    flipped = _flips(player, opponent, square, shifts)
                    if not flipped:
                        break
                key = (base(player, opponent, turn) if turn == BLACK else base(opponent, player, turn)) | square
                counts[key] = counts.get(key, 0) + add
                player, opponent, turn = opponent ^ flipped, player | flipped | 1 << square, 1 - turn
            if len(counts) >= MAX_HOT:
                table.freeze()
                counts = table.hot

    def add_game(self, game: Game) -> None:
        """Add a played game: the moves of its main line from its start (passes are not moves here)."""
        if not self._room():
            return
        table = self._table(game.rules)
        counts, base = table.hot, table.base
        add = contribution(game_result(game))
        node = game.root
        played = 0
        while node.children and played < self.plies:
            child = node.children[0]
            move = child.move
            if move is not None and move != PASS:
                pos = node.position
                key = base(pos.black, pos.white, pos.turn, pos.supply) | move
                counts[key] = counts.get(key, 0) + add
                played += 1
            node = child
        if len(counts) >= MAX_HOT:
            table.freeze()

    def moves(self, position: Position) -> list[MoveStats]:
        """The moves the games played from ``position``, the most played first (then by name)."""
        table = self._tables.get(position.rules)
        if table is None:
            return []
        base = table.base(position.black, position.white, position.turn, position.supply)
        found = [unpack(move, packed) for move, packed in table.sums(base, position.legal).items()]
        found.sort(key=lambda s: (-s.games, s.move))
        return found

    def freeze(self, full: bool = False) -> None:
        """Freeze the entries being added into runs: every table's (once the file is indexed: the
        least memory), or with ``full`` those of the tables that hold :data:`HOT_ENTRIES`."""
        for table in self._tables.values():
            if not full or len(table.hot) >= HOT_ENTRIES:
                table.freeze()

    def unfrozen(self, full: bool = False) -> bool:
        """Does a table hold entries not frozen yet (with ``full``: :data:`HOT_ENTRIES` of them)?"""
        return any(len(t.hot) >= (HOT_ENTRIES if full else 1) for t in self._tables.values())

    def knows(self, rules: Rules) -> bool:
        """Does the index hold games of ``rules``?"""
        return rules in self._tables


class GamesFeed(Protocol):
    """Where the games list hands a file's games as it reads them (the explorer's panel)."""

    def begin(self, name: str, total: int | None) -> None:
        """A new file, of ``total`` games (None while unknown): the last file's games are forgotten."""
        ...

    def feed_wthor(self, games: Sequence[WthorGame]) -> None: ...

    def feed_games(self, games: Sequence[Game]) -> None: ...

    def end(self) -> None:
        """The file has been read whole."""
        ...

    def cancel(self) -> None:
        """The file's reading stopped before its end: its games are forgotten."""
        ...


class Indexing:
    """A file's games on their way into an index, a slice at a time: the games list hands over
    each slice it reads (:meth:`feed_wthor`, :meth:`feed_games`), and :meth:`work` indexes for
    a given time and says whether more is waiting. ``total`` is how many games the file holds
    (None while a text file is still being read)."""

    def __init__(self, name: str, total: int | None = None, plies: int = PLIES) -> None:
        self.name = name
        self.total = total
        self.index = OpeningIndex(plies)
        #: The whole file has been handed over (its reading ended).
        self.read = False
        self._waiting: deque[tuple[Sequence[WthorGame] | Sequence[Game], int, bool]] = deque()

    @property
    def done(self) -> int:
        """Games indexed so far."""
        return self.index.games + self.index.skipped

    @property
    def finished(self) -> bool:
        """Every game of the file is indexed (and frozen)."""
        return self.read and not self._waiting and not self.index.unfrozen()

    def feed_wthor(self, games: Sequence[WthorGame]) -> None:
        if games:
            self._waiting.append((games, 0, True))

    def feed_games(self, games: Sequence[Game]) -> None:
        if games:
            self._waiting.append((games, 0, False))

    def end(self) -> None:
        """The file has been read: what was handed over is all (``total`` becomes what it held)."""
        self.read = True
        self.total = self.done + sum(len(games) - at for games, at, _wthor in self._waiting)

    def work(self, seconds: float, clock: Callable[[], float] = time.perf_counter) -> bool:
        """Index games for about ``seconds`` (a few games at least); True while there is more to do.
        A table grown to :data:`HOT_ENTRIES` is frozen first thing in a slice (a slice never holds
        both a freeze and its time's worth of games), and so is the rest once the file is in."""
        index = self.index
        stop = clock() + seconds
        waiting = self._waiting
        worked = False
        while waiting:
            if index.unfrozen(full=True):
                if worked:
                    return True
                index.freeze(full=True)
                worked = True
                if clock() >= stop:
                    return True
            games, at, wthor = waiting[0]
            step = min(len(games), at + 8)  # a few games between two looks at the clock
            if wthor:
                index.add_wthor(games[at:step])  # type: ignore[arg-type]
            else:
                for game in games[at:step]:
                    index.add_game(game)  # type: ignore[arg-type]
            worked = True
            if step < len(games):
                waiting[0] = (games, step, wthor)
            else:
                waiting.popleft()
            if clock() >= stop:
                return True
        if self.read and index.unfrozen():
            if worked:
                return True
            index.freeze()  # all of it: the least memory from now on
        return bool(waiting)

    def progress(self) -> str:
        """How far the indexing has got, in words."""
        if self.total is None:
            # Translators: the opening explorer, while a file's games are read: "Indexed 4,000 games…"
            return _("Indexed {done} games…").format(done=format_number(self.done))
        # Translators: the opening explorer, while a database is indexed: "Indexed 40,000 of 100,000 games"
        return _("Indexed {done} of {total} games").format(done=format_number(self.done),
                                                           total=format_number(self.total))
