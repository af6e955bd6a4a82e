"""WTHOR databases: the French federation's files of games (``.wtb``) with their players (``.JOU``)
and tournaments (``.TRN``), read and written from the public file layout.

Every file starts with a 16-byte header::

    byte  0      century the file was made (20)     bytes 8-9    N2: records of a .JOU/.TRN (LE)
    byte  1      its year in the century (24)       bytes 10-11  the year of the games (LE)
    byte  2, 3   its month and day                  byte 12      board size (0 or 8: 8x8)
    bytes 4-7    N1: games of a .wtb (little-endian) byte 13     0 a game file, 1 solitaires
                                                    byte 14      the depth of the theoretical score

then its records: a ``.wtb`` game is 68 bytes (the tournament's number, Black's and White's
players' numbers, two bytes each; Black's discs at the end; Black's discs with perfect play from
the depth of byte 14 on; 60 moves, a byte each, ``10 * row + column`` (f5 is 56), 0 after the
last), a player's name is 20 bytes and a tournament's 26 (Latin-1, the rest zeros).

A file is listed without playing its games (:func:`read_wtb`: the header and the games' numbers,
scores and move bytes, fast enough for 100,000 games); :func:`to_record` plays one (passes are
not written in WTHOR: the rules put them in) into a record with the players' names, the
tournament, the year and the result. A header or a file of the wrong size, or a game whose moves
cannot be played, gives a message naming it, and the file's other games stay readable. Listing
checks each game's move bytes without playing them (:meth:`WthorGame.damage`: a byte that is no
square, a centre square, a square played twice, moves after the zero that ends them): such a game
is damaged and cannot be read. A score above 64 discs is damaged too: the game is listed without
one (:meth:`WthorGame.result` is '', :meth:`WthorGame.score_note` says why). A move that breaks
the rules is found only when the game is played.

Black's discs at the end are scored as the rules score a game: the empty squares go to the
winner. A game the moves do not end (adjourned, adjudged, resigned) has the result it was given:
:func:`write_wtb` writes a recorded result (a GGF ``RE[+12.000]``, the ``GGFResult`` tag: Black's
discs are half of 64 plus the margin, a half counted to the winner), a resignation or a loss on
time as a wipe-out (64 or 0, as GGS scores it), and else the last position's discs, the empty
squares to the side ahead; :func:`to_record` keeps such a result as the ``GGFResult`` tag.

The header's year of the games is required (WTHOR has no "unknown" year): the command line's
``--to wtb`` takes the games' first date and says which year it wrote when no game has one (a year
of 0 is read as no date). WTHOR holds 8x8 Othello from the standard start only: :func:`write_wtb`
refuses other games.
"""

from __future__ import annotations

import math
import re
import struct
from dataclasses import dataclass

from reversi.core.game import Game
from reversi.core.position import PASS, Position
from reversi.core.rules import BLACK, Rules
from reversi.errors import NotationError, ReversiError
from reversi.formats.ggf import result_margin
from reversi.formats.record import Record
from reversi.i18n import _

HEADER_BYTES = 16
GAME_BYTES = 68
PLAYER_BYTES = 20
TOURNAMENT_BYTES = 26
_GAME = struct.Struct("<HHHBB60s")
_HEADER = struct.Struct("<BBBBIHHBBBB")
#: A move byte's square name ("f5" for 56), '' for a byte that is no square (0 ends the moves).
_SQUARE_NAMES = tuple(
    "abcdefgh"[b % 10 - 1] + str(b // 10) if 1 <= b // 10 <= 8 and 1 <= b % 10 <= 8 else "" for b in range(256))
#: The move bytes that can be played: the squares but the four of the start.
_PLAYABLE = bytes(b for b, name in enumerate(_SQUARE_NAMES) if name and name not in ("d4", "e4", "d5", "e5"))
#: The most discs a side has on 8x8: a score byte above it is damaged.
MAX_DISCS = 64


@dataclass(frozen=True)
class WthorHeader:
    made: tuple[int, int, int]  # year, month, day
    count: int  # N1 (games) or N2 (players, tournaments)
    year: int
    board: int
    solitaire: bool
    depth: int


@dataclass(frozen=True)
class WthorGame:
    """One game as the file has it (not played yet)."""

    number: int
    tournament: int
    black: int
    white: int
    #: Black's discs at the end, and with perfect play from the header's depth on.
    score: int
    theoretical: int
    moves: bytes

    def squares(self) -> list[int]:
        """The moves as square indices of 8x8 (the bytes before the first 0)."""
        g = Rules().geometry
        out = []
        for b in self.moves:
            if b == 0:
                break
            row, col = divmod(b, 10)
            if not (1 <= row <= 8 and 1 <= col <= 8):
                raise NotationError(_("game {n}: move byte {byte} is not a square").format(n=self.number, byte=b))
            out.append(g.index(col - 1, row - 1))
        return out

    def damage(self) -> str:
        """Why the move bytes cannot be a game ('' when they can), checked without playing them (fast:
        a 100,000 games' listing checks every one): a byte that is no square, a square of the start,
        one played twice, or move bytes after the zero that ends the moves."""
        moves = self.moves
        end = moves.find(0)
        played = moves if end < 0 else moves[:end]
        wrong = played.translate(None, _PLAYABLE)
        if wrong:
            k = played.index(wrong[0])
            # Translators: a damaged game of a WTHOR database; {byte} is a number 0-255, {ply} counts the moves
            return _("game {n}: move {ply} is byte {byte}, not a square that can be played").format(
                n=self.number, ply=k + 1, byte=wrong[0])
        if len(set(played)) != len(played):
            twice = next(b for k, b in enumerate(played) if b in played[:k])
            return _("game {n}: {square} is played twice").format(n=self.number, square=_SQUARE_NAMES[twice])
        if end >= 0 and moves[end:].strip(b"\0"):
            return _("game {n}: move bytes after the zero that ends its {count} moves").format(
                n=self.number, count=end)
        return ""

    def result(self) -> str:
        """The result as Black's and White's discs (``36:28``), '' when the score byte is damaged."""
        return f"{self.score}:{MAX_DISCS - self.score}" if self.score <= MAX_DISCS else ""

    def theoretical_result(self) -> str:
        """The theoretical result (``36:28``), '' when its byte is damaged."""
        return f"{self.theoretical}:{MAX_DISCS - self.theoretical}" if self.theoretical <= MAX_DISCS else ""

    def score_note(self) -> str:
        """A message when the score byte is damaged ('' when it is not)."""
        if self.score <= MAX_DISCS:
            return ""
        # Translators: a damaged byte of a WTHOR game: Black cannot have more than 64 discs
        return _("game {n}: Black's discs are {score}, more than 64: the score is damaged, none shown").format(
            n=self.number, score=self.score)

    def opening(self, plies: int) -> str:
        """The first ``plies`` moves as a transcript (``f5d6c3``), read straight from the bytes."""
        out = []
        for b in self.moves[:plies]:
            name = _SQUARE_NAMES[b]
            if not name:
                break
            out.append(name)
        return "".join(out)


def read_header(data: bytes, what: str) -> WthorHeader:
    if len(data) < HEADER_BYTES:
        # Translators: {what} names a WTHOR file (games, players or tournaments)
        raise NotationError(_("{what}: {n} bytes, shorter than a WTHOR header (16)").format(what=what, n=len(data)))
    century, year, month, day, n1, n2, games_year, board, kind, depth, _reserved = _HEADER.unpack_from(data)
    count = n1 if what == "wtb" else n2
    return WthorHeader((century * 100 + year, month, day), count, games_year, board, kind == 1, depth)


def read_wtb_header(data: bytes) -> WthorHeader:
    """A ``.wtb`` file's header, checked against the file's size; raises NotationError."""
    header = read_header(data, "wtb")
    if header.board not in (0, 8):
        raise NotationError(_("wtb: a board of {size}x{size} (only 8x8 is read)").format(size=header.board))
    room = (len(data) - HEADER_BYTES) // GAME_BYTES
    if header.count > room:
        raise NotationError(_("wtb: the header says {n} games but the file holds {room}").format(
            n=header.count, room=room))
    return header


def read_wtb_games(data: bytes, start: int, count: int) -> list[WthorGame]:
    """``count`` games of a ``.wtb`` file from game ``start`` (0 for the first), unplayed."""
    offset = HEADER_BYTES + start * GAME_BYTES
    return [
        WthorGame(start + k + 1, t, b, w, s, th, mv)
        for k, (t, b, w, s, th, mv) in enumerate(_GAME.iter_unpack(data[offset : offset + count * GAME_BYTES]))
    ]


def read_wtb(data: bytes) -> tuple[WthorHeader, list[WthorGame]]:
    """A ``.wtb`` file's header and games (unplayed); raises NotationError for a damaged file."""
    header = read_wtb_header(data)
    return header, read_wtb_games(data, 0, header.count)


#: Control characters (C0, DEL, C1): never part of a name.
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f]")


def read_names(data: bytes, what: str) -> list[str]:
    """The names of a ``.JOU`` (``what`` "jou": players) or ``.TRN`` ("trn": tournaments) file."""
    header = read_header(data, what)
    size = PLAYER_BYTES if what == "jou" else TOURNAMENT_BYTES
    room = (len(data) - HEADER_BYTES) // size
    if header.count > room:
        raise NotationError(_("{what}: the header says {n} names but the file holds {room}").format(
            what=what, n=header.count, room=room))
    names = []
    for k in range(header.count):
        raw = data[HEADER_BYTES + k * size : HEADER_BYTES + (k + 1) * size]
        # a control character (ESC, BEL, CR, LF...) is no part of a name: it would reach a terminal raw
        names.append(_CONTROL.sub("?", raw.split(b"\0", 1)[0].decode("latin-1")).strip())
    return names


def name_at(names: list[str], number: int) -> str:
    """Player or tournament ``number`` of a names file, ``#number`` when the file has no such name."""
    return names[number] if 0 <= number < len(names) else f"#{number}"


def split_damaged(games: list[WthorGame]) -> tuple[list[WthorGame], list[str]]:
    """The games whose move bytes can be a game, and why each of the others cannot (``damage()``)."""
    good, reasons = [], []
    for game in games:
        damage = game.damage()
        if damage:
            reasons.append(damage)
        else:
            good.append(game)
    return good, reasons


def to_record(game: WthorGame, year: int, players: list[str] | None = None,
              tournaments: list[str] | None = None) -> Record:
    """The game played out (passes put in by the rules) as a record: names, tournament, year, result."""
    rules = Rules()
    played = Game(rules)
    damage = game.damage()
    if damage:
        raise NotationError(damage)
    for ply, move in enumerate(game.squares(), 1):
        try:
            played.play(move)
        except ReversiError as e:
            raise NotationError(_("game {n}, move {ply}: {error}").format(n=game.number, ply=ply, error=e)) from None
    tags = {"Black": name_at(players or [], game.black), "White": name_at(players or [], game.white),
            "Event": name_at(tournaments or [], game.tournament)}
    if year:
        tags["Date"] = str(year)
    if game.theoretical_result():
        tags["TheoreticalScore"] = game.theoretical_result()
    if not played.live.position.is_over and game.score <= MAX_DISCS:
        tags["GGFResult"] = f"{2 * game.score - MAX_DISCS:+d}.000"  # the result given: the moves do not end it
    main = [n.move for n in played.main_line()[1:] if n.move is not None]
    return Record(rules, None, main, tags)


# -- writing -----------------------------------------------------------------------------------


def wthor_refusal(record: Record) -> str:
    """Why WTHOR cannot hold ``record`` ('' when it can)."""
    if record.rules != Rules():
        # Translators: WTHOR is the French federation's database format
        return _("WTHOR holds 8x8 Othello games from the standard start only: not {rules}").format(
            rules=record.rules.describe())
    if record.start is not None and record.start != Position.start(Rules()):
        return _("WTHOR holds games from the standard start only: this one starts from another position")
    return ""


def black_discs(record: Record, game: Game | None = None) -> int:
    """Black's discs at the end as WTHOR scores a game (the module's docstring): the moves' score, a
    resignation or loss on time as a wipe-out, a recorded result, or the last position scored."""
    game = game or record.to_game()
    end = game.main_line()[-1].position
    if end.is_over:
        return end.score_now().black
    if record.ending is not None:
        return MAX_DISCS if record.ending.winner == BLACK else 0
    margin = result_margin(record.tags.get("GGFResult", ""))
    if margin is not None:
        half = (MAX_DISCS + margin) / 2
        black = math.ceil(half) if margin > 0 else math.floor(half)  # a half disc to the winner
        return max(0, min(MAX_DISCS, black))
    return end.score_now().black


def _header(count_games: int, count_names: int, year: int, made: tuple[int, int, int]) -> bytes:
    y, m, d = made
    return _HEADER.pack(y // 100, y % 100, m, d, count_games, count_names, year, 8, 0, 0, 0)


def write_wtb(records: list[Record], year: int,
              made: tuple[int, int, int] = (2026, 1, 1)) -> tuple[bytes, bytes, bytes]:
    """The records as a ``.wtb`` file with its ``.JOU`` and ``.TRN`` (players and tournaments
    numbered as they first appear); raises NotationError for a game WTHOR cannot hold."""
    players: dict[str, int] = {}
    tournaments: dict[str, int] = {}
    body = bytearray()
    for record in records:
        refusal = wthor_refusal(record)
        if refusal:
            raise NotationError(refusal)
        game = record.to_game()
        g = record.rules.geometry
        moves = bytes(10 * (g.coords(m)[1] + 1) + g.coords(m)[0] + 1 for m in record.moves if m != PASS)
        numbers = [players.setdefault(record.tags.get(side, "?"), len(players)) for side in ("Black", "White")]
        # the event, else where it was played (a GGF game's server: GGS/os): WTHOR's tournament
        event = record.tags.get("Event") or record.tags.get("Site") or "?"
        tournament = tournaments.setdefault(event, len(tournaments))
        black = black_discs(record, game)
        body += _GAME.pack(tournament, numbers[0], numbers[1], black, black, moves.ljust(60, b"\0"))
    wtb = _header(len(records), 0, year, made) + bytes(body)
    jou = _header(0, len(players), year, made) + b"".join(
        name.encode("latin-1", "replace")[:PLAYER_BYTES - 1].ljust(PLAYER_BYTES, b"\0") for name in players)
    trn = _header(0, len(tournaments), year, made) + b"".join(
        name.encode("latin-1", "replace")[:TOURNAMENT_BYTES - 1].ljust(TOURNAMENT_BYTES, b"\0")
        for name in tournaments)
    return wtb, jou, trn
