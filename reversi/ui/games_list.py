"""A file of many games, listed and searched: what the page's games list shows (no DOM here).

:class:`GamesIndex` holds a line a game of a WTHOR database (:mod:`reversi.formats.wthor`) or a
GGF file (:mod:`reversi.formats.ggf`): the players, the tournament or place, the year or date,
the result and the opening moves, read without playing the games. :meth:`GamesIndex.search`
keeps the games every word of a query is found in (any case, a part of a name; a word of moves
such as ``f5d6c3`` must be how the game begins), the first ones to show and how many there are.
:meth:`GamesIndex.record` plays the chosen game into a record to open.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from reversi.core.game import Game
from reversi.formats.ggf import GgfEntry, listed_result
from reversi.formats.record import Record, RecordEntry
from reversi.formats.wthor import WthorGame, WthorHeader, name_at, split_damaged, to_record

#: The most rows the list shows at once (a search narrows them).
SHOWN = 200
_MOVES = re.compile(r"(?ai)(?:[a-h][1-8])+")


@dataclass(frozen=True)
class GameLine:
    """One game as the list shows it."""

    number: int
    black: str
    white: str
    event: str
    date: str
    result: str
    moves: str  # the opening, as a transcript (f5d6c3...)
    #: What a search looks in: the names, the event and the date, in lower case.
    text: str = field(repr=False, default="")


class GamesIndex:
    """The games of one file: their lines, and how to open one."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.lines: list[GameLine] = []
        self.unreadable: list[str] = []
        self._wthor: tuple[WthorHeader, list[WthorGame], list[str], list[str]] | None = None
        self._records: dict[int, Record] = {}

    # -- filling ---------------------------------------------------------------------------

    def add_wthor(self, header: WthorHeader, games: list[WthorGame], players: list[str],
                  tournaments: list[str]) -> list[WthorGame]:
        """Add a slice of a WTHOR database's games (called a slice at a time: the page stays live);
        the games listed (those whose move bytes can be a game)."""
        self._wthor = (header, self._wthor[1] + games if self._wthor else list(games), players, tournaments)
        year = str(header.year) if header.year else ""  # 0: the database names no year
        readable, damaged = split_damaged(games)
        self.unreadable.extend(damaged)  # move bytes that cannot be a game: counted as unreadable, not listed
        for g in readable:
            black, white = name_at(players, g.black), name_at(players, g.white)
            event = name_at(tournaments, g.tournament)
            # a damaged score byte shows no result (result() is '' then)
            self.lines.append(GameLine(g.number, black, white, event, year, g.result(),
                                       g.opening(60), f"{black} {white} {event} {year}".casefold()))
        return readable

    def add_records(self, entries: Sequence[GgfEntry | RecordEntry]) -> list[Game]:
        """Add games read as records: a GGF file's (a slice at a time) or a file of .rev records; the
        games listed, played."""
        from reversi.formats.notation import write_transcript

        played: list[Game] = []
        for e in entries:
            if e.record is None:
                self.unreadable.append(e.error)
                continue
            r = e.record
            t = r.tags
            game = r.to_game()
            played.append(game)
            result = listed_result(game)  # one notation, Black's discs first, whatever the file
            black, white, date = t.get("Black", ""), t.get("White", ""), t.get("Date", "")
            event = t.get("Event", "") or t.get("Site", "")  # GGF names the place (its PC) only
            text = f"{black} {white} {event} {date} {r.rules.describe()}".casefold()
            self.lines.append(GameLine(e.number, black, white, event, date, result,
                                       write_transcript(r.moves, r.rules.geometry), text))
            self._records[e.number] = r
        return played

    # -- searching and opening ---------------------------------------------------------------

    def search(self, query: str, limit: int = SHOWN) -> tuple[list[GameLine], int]:
        """The first ``limit`` games that every word of ``query`` is found in, and how many there are."""
        words = query.casefold().split()
        openings = [w.replace("-", "") for w in words if _MOVES.fullmatch(w.replace("-", ""))]
        others = [w for w in words if not _MOVES.fullmatch(w.replace("-", ""))]
        found: list[GameLine] = []
        total = 0
        for line in self.lines:
            if openings and not all(line.moves.startswith(o) for o in openings):
                continue
            if others and not all(w in line.text for w in others):
                continue
            total += 1
            if len(found) < limit:
                found.append(line)
        return found, total

    def record(self, number: int) -> Record:
        """The game numbered ``number``, played into a record; raises ReversiError (a damaged game)."""
        if number in self._records:
            return self._records[number]
        if self._wthor is None:
            raise KeyError(number)
        header, games, players, tournaments = self._wthor
        return to_record(games[number - 1], header.year, players, tournaments)
