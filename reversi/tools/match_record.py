"""A match's record: the games of a long match kept as they end, so that it can stop and go on.

``python -m reversi match ... --record FILE`` writes FILE as JSON lines:

* line 1, the match: ``{"format": "reversi-match-record", "version": 1, "a": {...}, "b": {...},
  "rules": {...}, "seed": 1, "plies": 6, "balanced": null}`` (the settings as
  :meth:`reversi.tools.match.Player.to_dict` gives them, the rules as
  :func:`reversi.formats.record.rules_to_dict`);
* then a line a game, in the schedule's order: ``{"game": 1, "a_is_black": true,
  "transcript": "f5d6c3...", "margin": 4}`` (the whole game, opening included; ``margin`` from
  A's side).

The same command with the same FILE goes on after the last game the file holds. A last line
cut short (the command stopped while writing it) is dropped; anything else that is not a
record of this match is refused with a message saying where, and the file is left as it is.
Each game is played again from its transcript when it is read: a game the rules do not allow,
one that has not ended or one whose margin is not its own is refused too. The messages are in
English, as :mod:`reversi.tools.match`'s (the tools' strings are not translated).
"""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Mapping
from typing import Any, BinaryIO

from reversi.core.position import Position
from reversi.core.rules import BLACK, Rules
from reversi.errors import ReversiError
from reversi.formats.notation import play_transcript, write_transcript
from reversi.formats.record import rules_from_dict, rules_to_dict
from reversi.inputs import shown
from reversi.tools.match import GameRecord, Player, scheduled

FORMAT = "reversi-match-record"
VERSION = 1
#: The largest record read (a game's line is well under 1 KB).
MAX_BYTES = 64 * 1024 * 1024


def header(a: Player, b: Player, rules: Rules, seed: int, plies: int, balanced: int | None) -> dict[str, Any]:
    """Line 1 of a record: what makes a match's schedule and its players (not its length, so
    that a match can be made longer and go on)."""
    return {"format": FORMAT, "version": VERSION, "a": a.to_dict(), "b": b.to_dict(),
            "rules": rules_to_dict(rules), "seed": seed, "plies": plies, "balanced": balanced}


def game_line(rules: Rules, rec: GameRecord) -> dict[str, Any]:
    return {"game": rec.number, "a_is_black": rec.a_is_black,
            "transcript": write_transcript(rec.opening + rec.moves, rules.geometry), "margin": rec.margin}


def _refuse(path: str, line: int, what: str) -> ReversiError:
    return ReversiError(f"{path}, line {line}: {what}")


def _game(path: str, number: int, data: object, rules: Rules) -> GameRecord:
    """Game ``number`` of a record from its line's JSON, played again to check it."""
    if not (isinstance(data, dict) and set(data) == {"game", "a_is_black", "transcript", "margin"}
            and type(data["game"]) is int and type(data["a_is_black"]) is bool
            and isinstance(data["transcript"], str) and type(data["margin"]) is int):
        raise _refuse(path, number + 1, "not a game of a match record")
    if data["game"] != number:
        raise _refuse(path, number + 1, f"game {shown(data['game'])} where game {number} is due")
    try:
        game = play_transcript(Position.start(rules), data["transcript"])
    except ReversiError as e:
        raise _refuse(path, number + 1, str(e)) from None
    end = game.position
    a_color = BLACK if data["a_is_black"] else 1 - BLACK
    if not end.is_over or end.final_margin(a_color) != data["margin"]:
        raise _refuse(path, number + 1, f"the game has not ended, or its margin is not {shown(data['margin'])}")
    return GameRecord([], data["a_is_black"], game.moves, data["margin"], number)


def _shown(key: str, value: object) -> str:
    """A header's value as the command line says it: ``level=7,jobs=2``, ``Othello 8x8``, ``6``."""
    try:
        if key in ("a", "b") and isinstance(value, dict):
            return Player.from_dict(value).describe()
        if key == "rules" and isinstance(value, dict):
            return rules_from_dict(value).describe()
    except (ReversiError, KeyError, TypeError, ValueError):
        pass
    return "not given" if value is None else shown(value)


def read(path: str, expected: Mapping[str, Any], rules: Rules) -> tuple[list[GameRecord], int]:
    """The games of the record at ``path`` for the match ``expected`` (its :func:`header`), and
    how many of the file's bytes hold them (a last line cut short is not counted; a last game
    whole but for its newline is). A file that does not exist holds no game. The games'
    ``opening`` is empty, their ``moves`` are the whole game (:func:`check_schedule` checks the
    openings). Raises :class:`ReversiError` saying what is wrong and where."""
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_BYTES + 1)
    except FileNotFoundError:
        return [], 0
    except OSError as e:
        raise ReversiError(f"cannot read {path}: {e.strerror or e}") from None
    if len(data) > MAX_BYTES:
        raise ReversiError(f"{path} is larger than a match record can be")
    lines = data.split(b"\n")
    cut = lines.pop()  # after the last newline: empty, or a line whose writing was cut short
    good = len(data) - len(cut)
    if not lines:
        if cut:
            raise _refuse(path, 1, "not a match record")
        return [], 0  # empty: a record whose first line was never written
    texts = []
    for k, raw in enumerate(lines, 1):
        texts.append(_json(raw, path, k))
    _check_header(path, texts[0], expected)
    games = [_game(path, n, t, rules) for n, t in enumerate(texts[1:], 1)]
    if cut:  # a last line without its newline: cut short if it is not JSON, else a game to check
        try:
            last = _json(cut, path, len(lines) + 1)
        except ReversiError:
            return games, good
        games.append(_game(path, len(games) + 1, last, rules))
        good = len(data)
    return games, good


def _json(raw: bytes, path: str, line: int) -> object:
    try:
        return json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise _refuse(path, line, "not a match record" if line == 1 else "not a game of a match record") from None


def _same(a: object, b: object) -> bool:
    """Equal as JSON writes them (``1.0`` is not ``1``, ``true`` is not ``1``)."""
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def _json_text(value: object, limit: int = 80) -> str:
    text = json.dumps(value, sort_keys=True)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _check_header(path: str, first: object, expected: Mapping[str, Any]) -> None:
    if not isinstance(first, dict) or first.get("format") != FORMAT:
        raise _refuse(path, 1, "not a match record")
    if not _same(first.get("version"), VERSION):
        raise _refuse(path, 1, "a match record of another version")
    due = json.loads(json.dumps(expected))  # as JSON has it: lists, not tuples
    for key, value in due.items():
        if not _same(first.get(key), value):
            found, wanted = _shown(key, first.get(key)), _shown(key, value)
            if found == wanted:  # the same in words (a blocked square, an extra field): say it in JSON
                found, wanted = _json_text(first.get(key)), _json_text(value)
            option = "rules" if key == "rules" else f"--{key}"
            raise _refuse(path, 1, f"the record of another match: its {option} is {found}, not {wanted}")
    extra = sorted(set(first) - set(due))
    if extra:
        raise _refuse(path, 1, f"not a match record of this version: unknown field {shown(extra[0])}")


def check_schedule(path: str, games: list[GameRecord], lines: list[list[int]]) -> None:
    """Each recorded game is its schedule's (:func:`reversi.tools.match.scheduled`)."""
    for rec in games[: 2 * len(lines)]:
        if not scheduled(rec.number, rec.a_is_black, rec.moves, lines):
            raise _refuse(path, rec.number + 1,
                          f"game {rec.number} is not this match's: another opening or another colour for A")


class Record:
    """A match's record, opened for the match (:func:`open_record`): its games, and the games to
    come appended. The file is locked while it is open (where the system can lock a file), so
    that two matches do not write one record; it is written only when a game comes, so a record
    that cannot be written still gives its report when it holds every game asked for."""

    def __init__(self, path: str, first: Mapping[str, Any], keep: int, games: list[GameRecord],
                 file: BinaryIO | None, cannot_write: str) -> None:
        self.path, self.first, self.keep, self.games = path, first, keep, games
        self.file, self.cannot_write = file, cannot_write
        self.started = False

    def can_write(self) -> None:
        """Raises :class:`ReversiError` if a game could not be written."""
        if self.file is None:
            raise ReversiError(f"cannot write {self.path}: {self.cannot_write}")

    def write(self, line: Mapping[str, Any]) -> None:
        self.can_write()
        assert self.file is not None
        try:
            if not self.started:
                self.started = True
                self.file.truncate(self.keep)  # a line cut short is cut off
                if self.keep == 0:
                    self._put(self.first)
                elif not self._ends_a_line():
                    self.file.write(b"\n")  # a last game that had no newline
            self._put(line)
        except OSError as e:  # a full disk, say: the games before are in the file
            raise ReversiError(f"cannot write {self.path}: {e.strerror or e}") from None

    def _ends_a_line(self) -> bool:
        assert self.file is not None
        with open(self.path, "rb") as f:
            f.seek(self.keep - 1)
            return f.read(1) == b"\n"

    def _put(self, line: Mapping[str, Any]) -> None:
        assert self.file is not None
        self.file.write(json.dumps(line, separators=(",", ":")).encode() + b"\n")
        self.file.flush()
        os.fsync(self.file.fileno())

    def close(self) -> None:
        if self.file is not None:
            file, self.file = self.file, None
            try:
                file.close()
            except OSError as e:
                raise ReversiError(f"cannot write {self.path}: {e.strerror or e}") from None


def _lock(file: BinaryIO) -> bool:
    """Lock ``file`` for this process alone; False if another holds it (True where files cannot be locked)."""
    try:
        import fcntl
    except ImportError:  # not on every system
        return True
    try:
        fcntl.flock(file.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    except OSError:
        return True  # a file system that cannot lock
    return True


def open_record(path: str, first: Mapping[str, Any], rules: Rules) -> Record:
    """The record at ``path`` for the match ``first`` (its :func:`header`), locked, its games read.
    Raises :class:`ReversiError`: not a file, in use by another match, not this match's record."""
    if not path:
        raise ReversiError("a match record needs a file name")
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        mode = None
    except OSError as e:
        raise ReversiError(f"cannot read {path}: {e.strerror or e}") from None
    if mode is not None and not stat.S_ISREG(mode):
        raise ReversiError(f"{path} is not a file: a match record is a file (not a directory, a device or a pipe)")
    file: BinaryIO | None = None
    cannot_write = ""
    try:
        file = open(path, "ab")  # kept open while the match runs: it holds the lock
    except OSError as e:
        cannot_write = str(e.strerror or e)
    if file is not None and not _lock(file):
        file.close()
        raise ReversiError(f"{path} is being written by another match: wait for it to end, or record in another file")
    try:
        games, keep = read(path, first, rules)
    except BaseException:
        if file is not None:
            file.close()
        raise
    return Record(path, first, keep, games, file, cannot_write)
