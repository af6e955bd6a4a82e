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
from collections.abc import Mapping
from typing import Any

from reversi.core.position import Position
from reversi.core.rules import BLACK, Rules
from reversi.errors import ReversiError
from reversi.formats.notation import play_transcript, write_transcript
from reversi.formats.record import rules_from_dict, rules_to_dict
from reversi.inputs import shown
from reversi.tools.match import GameRecord, Player

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
    return shown(value)


def read(path: str, expected: Mapping[str, Any], rules: Rules) -> tuple[list[GameRecord], int]:
    """The games of the record at ``path`` for the match ``expected`` (its :func:`header`), and
    how many of the file's bytes hold them (a last line cut short is not counted). A file that
    does not exist holds no game. The games' ``opening`` is empty, their ``moves`` are the whole
    game (the schedule knows its openings: :func:`reversi.tools.match.match` checks them).
    Raises :class:`ReversiError` saying what is wrong and where."""
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
        try:
            texts.append(json.loads(raw.decode("utf-8")))
        except (UnicodeDecodeError, ValueError, RecursionError):
            raise _refuse(path, k, "not a match record" if k == 1 else "not a game of a match record") from None
    first = texts[0]
    if not isinstance(first, dict) or first.get("format") != FORMAT:
        raise _refuse(path, 1, "not a match record")
    if first.get("version") != VERSION:
        raise _refuse(path, 1, "a match record of another version")
    for key, value in json.loads(json.dumps(expected)).items():  # as JSON has it: lists, not tuples
        if first.get(key) != value:
            raise _refuse(path, 1, "the record of another match: its {option} is {found}, not {due}".format(
                option="rules" if key == "rules" else f"--{key}", found=_shown(key, first.get(key)),
                due=_shown(key, value)))
    return [_game(path, n, t, rules) for n, t in enumerate(texts[1:], 1)], good


class Writer:
    """Appends a record's lines: the header first when the file holds none, each line flushed to
    the disk as it is written. ``keep``: the bytes of the file :func:`read` found good (a line
    cut short after them is cut off)."""

    def __init__(self, path: str, first: Mapping[str, Any], keep: int) -> None:
        try:
            self.file = open(path, "ab")
            self.file.truncate(keep)
        except OSError as e:
            raise ReversiError(f"cannot write {path}: {e.strerror or e}") from None
        if keep == 0:
            self.write(first)

    def write(self, line: Mapping[str, Any]) -> None:
        self.file.write(json.dumps(line, separators=(",", ":")).encode() + b"\n")
        self.file.flush()
        os.fsync(self.file.fileno())

    def close(self) -> None:
        self.file.close()
