"""A game's text in and out of the Game menu: text brought in, files opened, records written.

* **Text brought in** by a person (:func:`load_text`): a transcript, a position
  string, a record file or a link, told apart by their look (:func:`kind_of_text`).
* **A file opened** (:func:`read_game_file`): a ``.rev`` record, or a GGF file's first
  readable game, refused unread when it is larger than a game file can be (:func:`file_size_error`).
* **The game as a record** (:func:`record_text`): the ``.rev`` file the page offers as a download,
  with the review when the person asks (:func:`reversi.ui.accuracy.with_review`).

The Game menu that offers them is :mod:`reversi.ui.dom.records`. No DOM here.
"""

from __future__ import annotations

from collections.abc import Mapping

from reversi.core.game import Game
from reversi.core.position import Position
from reversi.core.rules import Rules
from reversi.errors import NotationError, SavedStateError
from reversi.formats.ggf import is_ggf, read_ggf_games
from reversi.formats.links import parse_query
from reversi.formats.notation import clean_copied, parse_movetext, parse_position, rules_for_position
from reversi.formats.record import MAX_RECORDS_TEXT, MAX_TEXT, Record, read_record, write_record
from reversi.i18n import _, format_number, ngettext
from reversi.inputs import clean_text
from reversi.ui.accuracy import with_review
from reversi.ui.drivers.study import MoveReview
from reversi.ui.players import Players
from reversi.ui.sharing import link_game

#: The largest file of each kind opened (bytes; others: a record's MAX_TEXT): files of many games,
#: read a slice at a time (reversi/ui/dom/games_list.py). A WTHOR year is under 1 MB.
MAX_FILE_BYTES = {"ggf": 30_000_000, "wtb": 50_000_000, "jou": 2_000_000, "trn": 2_000_000,
                  "rev": MAX_RECORDS_TEXT}  # a file of several records (games --to rev): a list
FILE_TOO_BIG = "{name} was not opened: it is {size:,} bytes, and a game file is at most {limit:,}."

_POSITION_CHARS = frozenset("XxOoBbWw*-.#/")


def kind_of_text(text: str) -> str:
    """``"ggf"``, ``"record"``, ``"link"``, ``"position"`` or ``"transcript"``, by the look of ``text``."""
    t = text.strip()
    if is_ggf(t):
        return "ggf"
    if t.startswith("[") or "\n[" in t:
        return "record"
    if t.startswith(("?", "http://", "https://")) or ("?" in t and "=" in t):
        return "link"
    first = t.split()[0] if t else ""
    if len(first) >= 16 and set(first) <= _POSITION_CHARS:
        return "position"
    return "transcript"


def load_text(text: str, rules: Rules) -> tuple[Game, str, str]:
    """A game from pasted text, what the text was, and who plays (a players' code; '' names nobody).

    A transcript is played from the start of ``rules``; a position string sets
    up a position under ``rules`` (its size taken from the string); a record
    file or a link brings its own rules (a puzzle set's link, ``"puzzle set"``, its first
    puzzle's position). Raises :class:`ReversiError`
    subclasses with the engine's message.
    """
    if len(text) > MAX_TEXT:
        raise SavedStateError(f"the text is too long: {len(text):,} characters (at most {MAX_TEXT:,})")
    if not text.strip():
        raise SavedStateError("paste a transcript (f5d6c3), a position string, a game record or a link first")
    text = clean_text(text.removeprefix("\ufeff"))  # a byte-order mark, as some editors write one
    kind = kind_of_text(text)
    if kind in ("record", "ggf"):
        record, _note = read_game_file(text)
        return record.to_game(), kind, record.players
    if kind == "link":
        query = (text.strip().split("?", 1)[1] if "?" in text else text.strip()).split("#", 1)[0]
        if "ps" in parse_query(query):
            # a puzzle set's link holds no game: its first puzzle's position (the set itself is
            # solved on its own page); a set that cannot be read says why
            from reversi.ui.embed.puzzle_set import read_puzzle_set

            return Game(start=read_puzzle_set(query)[0][0]), "puzzle set", ""
        game, players = link_game(query)
        return game, kind, players
    if kind == "position":
        position = parse_position(text, rules_for_position(text, rules))
        return Game(start=position), kind, ""
    return parse_movetext(Position.start(rules), clean_copied(text)[0]), kind, ""


def read_game_file(text: str) -> tuple[Record, str]:
    """The game of a file's text: a ``.rev`` record, or the first game of a GGF file that can be
    read (:mod:`reversi.formats.ggf`), and what else the file held ('' when nothing: "the first of
    12 games"). Raises :class:`~reversi.errors.ReversiError` naming what is wrong."""
    if not is_ggf(text):
        return read_record(text), ""
    entries = read_ggf_games(text)
    good = [e for e in entries if e.record is not None]
    if not good:
        raise NotationError(entries[0].error if entries else _("a GGF game starts with '(;'"))
    first = good[0]
    assert first.record is not None
    if len(entries) == 1:
        return first.record, ""
    # Translators: opening a GGF file of several games, the first readable one is shown: "game 1 of 12"
    return first.record, ngettext("game {number} of {n}", "game {number} of {n}", len(entries)).format(
        number=first.number, n=len(entries))


def file_size_error(name: str, size: int) -> str:
    """Why a file of ``size`` bytes is not opened ('' when it may be): the check before reading it.

    Text is at most :data:`~reversi.formats.record.MAX_TEXT` characters, and a
    character is at least one byte: a larger file is refused unread.
    """
    limit = MAX_FILE_BYTES.get(name.rsplit(".", 1)[-1].lower(), MAX_TEXT)
    if size > limit:
        return FILE_TOO_BIG.format(name=name, size=size, limit=limit)
    return ""


def utf16_length(text: str) -> int:
    """The length of ``text`` as the browser counts it, in UTF-16 code units (``maxlength``'s unit:
    an emoji is two)."""
    return len(text.encode("utf-16-le", "surrogatepass")) // 2  # half an emoji is one unit


def paste_overflow(value: str, start: int, end: int, most: int, pasted: str) -> tuple[int, int] | None:
    """Would ``pasted``, put over the selection ``start``..``end`` (UTF-16 offsets) of a field
    holding ``value`` whose ``maxlength`` is ``most`` (negative: none), go past that limit? The
    browser would cut it without a word. Then ``(its length, the room the field has for it)``, in
    UTF-16 code units; else None."""
    if most < 0:
        return None
    room = max(most - utf16_length(value) + abs(end - start), 0)  # a field past its limit has none
    length = utf16_length(pasted)
    return (length, room) if length > room else None


def paste_refused(length: int, room: int, file: bool) -> str:
    """Why a paste of ``length`` characters was refused, where the field had ``room`` for ``room``:
    the Game menu's box (``file``: it says to open the text as a file) or a comment."""
    n, r = format_number(length), format_number(room)
    if file:
        # Translators: a text pasted into the Game menu's box that does not fit in it; "Open file…" is its button
        return ngettext(
            "Not pasted: the text is {length} characters long, and the box has room for {room} more "
            "character. Save it in a file and open that instead (Open file…).",
            "Not pasted: the text is {length} characters long, and the box has room for {room} more "
            "characters. Save it in a file and open that instead (Open file…).", room,
        ).format(length=n, room=r)
    # Translators: a text pasted into the comment box that does not fit in it
    return ngettext(
        "Not pasted: the text is {length} characters long, and this comment has room for {room} more character.",
        "Not pasted: the text is {length} characters long, and this comment has room for {room} more characters.",
        room,
    ).format(length=n, room=r)


def record_text(game: Game, players: Players | None = None, date: str = "",
                review: Mapping[int, MoveReview] | None = None) -> str:
    """The game as a ``.rev`` record file: the whole tree, its details (:attr:`Game.tags
    <reversi.core.game.Game.tags>`), who plays (two people named as such) and how it ended;
    ``date`` (``2026-12-03``) is its Date tag when the game has none; ``review`` (the review's
    values by ply, when the person asks for them): each valued move's loss as its comment, and
    the summary as tags."""
    tags = {}
    if date and "Date" not in game.tags:
        tags["Date"] = date.replace("-", ".")  # PGN's form: 2026.12.03
    code = "" if players is None else players.to_code() or "hh"
    record = Record.from_game(game, tags, players=code)
    return write_record(with_review(record, review) if review else record)
