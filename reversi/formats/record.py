"""Game records: the rule set, the start and the moves, as a ``.rev`` file.

Record file (``.rev``, UTF-8 text), PGN-like tags then the moves::

    [Event "Casual game"]
    [Rules "othello"]
    [Size "10"]
    [Anti "yes"]
    [FreeOpening "no"]
    [Blocked "c3 h8"]
    [Handicap "2"]
    [HandicapColor "black"]
    [Position "...extended position string..."]   (only for a set-up start)
    [Result "36:28"]                               (informative, checked if present)
    [Termination "resignation"]                    (a game resigned or lost on "time" ...)
    [Loser "black"]                                (... by this side, before its moves ended it)

    f5 d6 c3 d3 c4 f4 f6 f3 e6 e7
    d7 pass c6 ...

A file of several games (``python -m reversi games FILE --to rev`` writes one) holds their
records one after the other, a blank line between them: each starts with its tags, and a tag
after a blank line that follows a record's moves (or repeats one of its tags) starts the next one.
:func:`read_records` reads such a file record by record, a damaged one named by its number;
:func:`read_record` reads one game and refuses a text of several, saying so.

Tags other than the rule tags are kept as they are, with the game (:attr:`Game.tags
<reversi.core.game.Game.tags>`): the page lets a person edit those of :data:`DETAIL_TAGS`
(PGN's own: the event, the place, the date as ``2026.12.03``, the round and the players'
names in ``[Black "..."]`` and ``[White "..."]``). A record holds at most :data:`MAX_TAGS`
tags of at most :data:`MAX_TAG_CHARS` characters each.
Moves are square names or ``pass``; the move text accepts everything a
transcript accepts, and variations in parentheses, comments in braces and
marked squares (:mod:`reversi.formats.notation`'s move text). Rule tags left
out take their defaults, so a file holding only moves is standard Othello.

Who plays is recorded with PGN's own tags: ``[BlackType "human"]`` or
``"program"``, a program's ``[BlackLevel "5"]`` (1 to 7), and the Expert's
``[TimePerMove "10"]`` in seconds; a record without them names no players
(it opens for study). :data:`Record.players` holds them as one short code,
the same a link carries (``pl=hc5``: a person plays Black, the computer at
level 5 White; ``c3c7t10``: two computers, the Expert at 10 s a move).

A record also travels as a share link: :mod:`reversi.formats.links`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from typing import Any

from reversi.core.game import Ending, Game, Termination
from reversi.core.position import PASS, TAKES_GAME, TAKES_RECORD, TAKES_TEXT, Position, need_instance
from reversi.core.rules import BLACK, WHITE, Rules
from reversi.errors import NotationError, ReversiError, RulesError
from reversi.formats.notation import has_tree, parse_movetext, parse_position, position_to_string, write_movetext
from reversi.i18n import _, ngettext
from reversi.inputs import clean_text

_TAG_RE = re.compile(r'\[\s*([A-Za-z][A-Za-z0-9_]*)\s+"((?:[^"\\]|\\.)*)"\s*\]')
RULE_TAGS = ("Rules", "Size", "Anti", "FreeOpening", "Blocked", "Handicap", "HandicapColor", "Position")
#: How a game ended before its moves did (a resignation, a loss on time).
ENDING_TAGS = ("Result", "Termination", "Loser")
PLAYER_TAGS = ("BlackType", "WhiteType", "BlackLevel", "WhiteLevel", "TimePerMove")
MAX_TEXT = 200_000
#: The tags a person can edit in the page (the game's details), in the order a record writes them.
DETAIL_TAGS = ("Event", "Site", "Date", "Round", "Black", "White")
#: The most tags a record (or a game) keeps besides its rule, player and ending tags.
MAX_TAGS = 40
#: The longest value of a tag (characters).
MAX_TAG_CHARS = 200
_PLAYERS_CODE = re.compile(r"(h|c[1-9])(h|c[1-9])(?:t([0-9]{1,4}(?:\.[0-9]{1,2})?))?")


def parse_players_code(code: str) -> tuple[tuple[str, str], tuple[int, int], float | None]:
    """``"hc5"`` -> ``(("human", "computer"), (5, 5), None)``: kinds, levels (a person's is the
    other side's, or 5) and the Expert's seconds a move. Raises NotationError."""
    m = _PLAYERS_CODE.fullmatch(code)
    if m is None:
        raise NotationError(
            # Translators: {code} names who plays, e.g. "hc5" (a person, then the computer at level 5)
            _("players {code!r} should be like hc5: h for a person or c and a level for the computer, "
              "Black first").format(code=code[:20])
        )
    parts = (m.group(1), m.group(2))
    kinds = tuple("human" if p == "h" else "computer" for p in parts)
    given = [int(p[1:]) for p in parts if p != "h"]
    levels = tuple(int(p[1:]) if p != "h" else (given[0] if given else 5) for p in parts)
    seconds = float(m.group(3)) if m.group(3) else None
    if seconds is not None and seconds <= 0:
        raise NotationError(_("players {code!r}: the time a move must be more than 0").format(code=code[:20]))
    return (kinds[0], kinds[1]), (levels[0], levels[1]), seconds


def players_code(kinds: tuple[str, str], levels: tuple[int, int], seconds: float | None = None) -> str:
    """The short code of who plays (:func:`parse_players_code` reads it back)."""
    code = "".join("h" if k == "human" else f"c{lv}" for k, lv in zip(kinds, levels, strict=True))
    if seconds is not None and "computer" in kinds:
        code += f"t{seconds:g}"
    return code


@dataclass
class Record:
    rules: Rules = field(default_factory=Rules)
    #: A set-up start position, or None for the rule set's own start.
    start: Position | None = None
    #: The main line's plies in order, passes included as PASS.
    moves: list[int] = field(default_factory=list)
    tags: dict[str, str] = field(default_factory=dict)
    #: The whole tree as move text (variations, comments, marks), or '' when it is the main line alone.
    movetext: str = ""
    #: Who plays, as a short code (:func:`parse_players_code`), or '' when the record names nobody.
    players: str = ""
    #: A resignation or a loss on time that ended the game before its moves did, or None.
    ending: Ending | None = None

    def start_position(self) -> Position:
        return self.start if self.start is not None else Position.start(self.rules)

    def to_game(self) -> Game:
        """The game: its main line (the live position at its end) and every variation, comment and mark."""
        if self.movetext:
            game = parse_movetext(self.start_position(), self.movetext)
        else:
            game = Game(start=self.start_position())
            game.play_all(self.moves)
        if self.ending is not None:
            game.end(self.ending)
        game.tags = dict(self.tags)
        return game

    @classmethod
    def from_game(cls, game: Game, tags: dict[str, str] | None = None, players: str = "") -> Record:
        standard = Position.start(need_instance(game, Game, "Record.from_game", TAKES_GAME).rules)
        start = None if game.start == standard else game.start
        main = [n.move for n in game.main_line()[1:] if n.move is not None]
        movetext = write_movetext(game, compact=True) if has_tree(game) else ""
        return cls(game.rules, start, main, {**game.tags, **(tags or {})}, movetext, players, game.ending)


# -- rules as plain data ----------------------------------------------------------


def rules_to_dict(rules: Rules) -> dict[str, Any]:
    """JSON-able form of a rule set (used by the page, the worker and records)."""
    return {
        "variant": rules.variant,
        "size": rules.size,
        "anti": rules.anti,
        "free_opening": rules.free_opening,
        "blocked": list(rules.blocked),
        "handicap": rules.handicap,
        "handicap_color": "white" if rules.handicap_color == WHITE else "black",
    }


def rules_from_dict(data: object) -> Rules:
    """Inverse of :func:`rules_to_dict`; missing keys take defaults, bad ones are refused."""
    if not isinstance(data, dict):
        # Translators: {type} is the name of a JSON type in Python: list, str, int...
        raise RulesError(_("rules must be an object, not {type}").format(type=type(data).__name__))
    known = {"variant", "size", "anti", "free_opening", "blocked", "handicap", "handicap_color"}
    unknown = set(data) - known
    if unknown:
        # Translators: names of rule options in the code follow (variant, size, anti...)
        raise RulesError(_("unknown rule option(s): {options}").format(options=", ".join(sorted(unknown))))
    variant = data.get("variant", "othello")
    if not isinstance(variant, str):
        raise RulesError(_("variant must be the name of a rule set, not {variant!r}").format(variant=variant))
    color = data.get("handicap_color", "black")
    if color not in ("black", "white"):
        raise RulesError(_("handicap colour {color!r} must be 'black' or 'white'").format(color=color))
    blocked = data.get("blocked", [])
    if isinstance(blocked, str):
        blocked = blocked.replace(",", " ").split()
    if not isinstance(blocked, (list, tuple)) or not all(isinstance(b, str) for b in blocked):
        raise RulesError(_("blocked squares must be a list of square names"))
    for key in ("anti", "free_opening"):
        if not isinstance(data.get(key, False), bool):
            # Translators: {option} is the name of a rule option in the code: anti or free_opening
            raise RulesError(_("{option} must be true or false").format(option=key))
    for key in ("size", "handicap"):
        if key in data and (not isinstance(data[key], int) or isinstance(data[key], bool)):
            # Translators: {option} is the name of a rule option in the code: size or handicap
            raise RulesError(_("{option} must be a whole number, not {value!r}").format(option=key, value=data[key]))
    return Rules(
        variant,
        size=data.get("size", 8),
        anti=data.get("anti", False),
        free_opening=data.get("free_opening", False),
        blocked=tuple(blocked),
        handicap=data.get("handicap", 0),
        handicap_color=WHITE if color == "white" else BLACK,
    )


# -- record file ---------------------------------------------------------------------


def _yes_no(text: str, tag: str) -> bool:
    t = text.strip().lower()
    if t in ("yes", "true", "1", "on"):
        return True
    if t in ("no", "false", "0", "off", ""):
        return False
    # Translators: {tag} is a tag of the record file (Anti, FreeOpening), written in English in the file;
    # so are its values yes and no
    raise NotationError(_("record: tag {tag} is {text!r}, expected yes or no").format(tag=tag, text=text))


def _int_tag(text: str, tag: str) -> int:
    digits = text.strip()
    if not (digits.isascii() and digits.isdigit() and len(digits) <= 3):
        # Translators: {tag} is a tag of the record file (Size, Handicap), written in English in the file
        raise NotationError(_("record: tag {tag} is {text!r}, expected a whole number").format(tag=tag, text=text))
    return int(digits)


def write_record(record: Record) -> str:
    r = need_instance(record, Record, "write_record", TAKES_RECORD).rules
    tags = {k: v for k, v in record.tags.items() if k not in RULE_TAGS + PLAYER_TAGS + ENDING_TAGS}
    ordered = [k for k in DETAIL_TAGS if k in tags] + [k for k in tags if k not in DETAIL_TAGS]
    lines = [f'[{k} "{_escape(tags[k])}"]' for k in ordered]
    if record.players:
        kinds, levels, seconds = parse_players_code(record.players)
        for side, kind, level in zip(("Black", "White"), kinds, levels, strict=True):
            lines.append(f'[{side}Type "{"human" if kind == "human" else "program"}"]')
            if kind != "human":
                lines.append(f'[{side}Level "{level}"]')
        if seconds is not None:
            lines.append(f'[TimePerMove "{seconds:g}"]')
    lines.append(f'[Rules "{r.variant}"]')
    if r.kind.allows_size:
        lines.append(f'[Size "{r.size}"]')
    lines.append(f'[Anti "{"yes" if r.anti else "no"}"]')
    lines.append(f'[FreeOpening "{"yes" if r.free_opening else "no"}"]')
    if r.blocked:
        lines.append(f'[Blocked "{" ".join(r.blocked)}"]')
    if r.handicap:
        lines.append(f'[Handicap "{r.handicap}"]')
        lines.append(f'[HandicapColor "{"white" if r.handicap_color == WHITE else "black"}"]')
    if record.start is not None:
        lines.append(f'[Position "{position_to_string(record.start)}"]')
    game = record.to_game()
    end = game.main_line()[-1].position
    result = end.result()
    if result is not None:
        lines.append(f'[Result "{result.score}"]')
    elif record.ending is not None:
        lines.append(f'[Termination "{record.ending.by.value}"]')
        lines.append(f'[Loser "{"white" if record.ending.loser == WHITE else "black"}"]')
    lines.append("")
    if record.movetext:
        lines.append(write_movetext(game))
        return "\n".join(lines) + "\n"
    g = r.geometry
    names = ["pass" if m == PASS else g.name(m) for m in record.moves]
    for k in range(0, len(names), 10):
        lines.append(" ".join(names[k : k + 10]))
    return "\n".join(lines) + "\n"


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ")


@dataclass(frozen=True)
class RecordEntry:
    """One record of a file of several: its number (1 for the first), and the record read or why not."""

    number: int
    record: Record | None
    error: str = ""


def split_records(text: str) -> list[str]:
    """The records of a text of several, each with its own lines: a new record starts at a tag line
    after a blank line that follows the current one's moves, or repeats one of its tags."""
    chunks: list[list[str]] = [[]]
    seen: set[str] = set()
    moves = blank = False
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith("["):
            m = _TAG_RE.fullmatch(stripped)
            # after a blank line: a tag after the moves, or one the record has already (a tag right
            # after the moves, with no blank line, is still the same record's)
            if blank and (moves or (m is not None and m.group(1) in seen)):
                chunks.append([])
                seen.clear()
                moves = blank = False
            if m is not None:
                seen.add(m.group(1))
        elif not stripped:
            blank = True
        elif not stripped.startswith(("#", ";", "%")):
            moves = True
        chunks[-1].append(line)
    return ["\n".join(c) + "\n" for c in chunks if any(line.strip() for line in c)]


def _starts_with_tag(chunk: str) -> bool:
    first = next((line.strip() for line in chunk.splitlines() if line.strip()), "")
    return _TAG_RE.fullmatch(first) is not None


def read_records(text: str) -> list[RecordEntry]:
    """Every record of a text of one or several (:func:`split_records`), each read or refused on its own."""
    return list(iter_records(text))


def iter_records(text: str) -> Iterator[RecordEntry]:
    """:func:`read_records` a record at a time (the page reads a big file in slices between them);
    raises NotationError at once for an empty text."""
    text = clean_text(need_instance(text, str, "read_records", TAKES_TEXT).removeprefix("\ufeff"))
    if not text.strip():
        raise NotationError(_("record: the file is empty"))
    return _entries(split_records(text))


def _entries(chunks: list[str]) -> Iterator[RecordEntry]:
    for number, chunk in enumerate(chunks, 1):
        try:
            yield RecordEntry(number, _read_one(chunk))
        except ReversiError as e:
            # Translators: a record of a file of several .rev records that could not be read
            error = str(e).removeprefix("record: ")  # said once: "record 2: board size 9..."
            yield RecordEntry(number, None, _("record {n}: {error}").format(n=number, error=error))


def read_record(text: str) -> Record:
    """Parse a record file of one game; every error names the tag or move that is wrong."""
    # a byte-order mark, as some editors write one, is left out
    text = clean_text(need_instance(text, str, "read_record", TAKES_TEXT).removeprefix("\ufeff"))
    if not text.strip():
        # Translators: an empty file was opened as a game record
        raise NotationError(_("record: the file is empty"))
    count = record_count(text)
    if count > 1:
        raise NotationError(
            # Translators: a text of several .rev records (games) opened as one game
            _("record: the text holds {n} games, one after the other, not one").format(n=count))
    return _read_one(text)


#: The longest text of several records counted (a file of games; each record is at most ``MAX_TEXT``).
MAX_RECORDS_TEXT = 5_000_000


def record_count(text: str) -> int:
    """How many records a text holds one after the other, each starting with its tags (as ``--to rev``
    writes them); 1 for one record, or for a text that is no record at all (binary data, a text
    too long: the reader's own message says what is wrong with its first line)."""
    text = text.removeprefix("\ufeff")
    if len(text) > MAX_RECORDS_TEXT:
        return 1
    chunks = split_records(text)
    return len(chunks) if len(chunks) > 1 and all(_starts_with_tag(chunk) for chunk in chunks) else 1


def _read_one(text: str) -> Record:
    if len(text) > MAX_TEXT:
        raise NotationError(
            ngettext(
                "record: {n} character is too long for a game record",
                "record: {n} characters is too long for a game record",
                len(text),
            ).format(n=len(text))
        )
    tags: dict[str, str] = {}
    body_lines = []
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if stripped.startswith("["):
            m = _TAG_RE.fullmatch(stripped)
            if not m:
                message = _('record: line {n} is not a tag like [Name "value"]: {text!r}')
                raise NotationError(message.format(n=number, text=stripped[:40]))
            tags[m.group(1)] = re.sub(r"\\(.)", r"\1", m.group(2))
        elif stripped.startswith(("#", ";", "%")):
            continue  # comment lines
        else:
            body_lines.append(line)
    try:
        rules = Rules(
            tags.get("Rules", "othello"),
            size=_int_tag(tags["Size"], "Size") if "Size" in tags else 8,
            anti=_yes_no(tags.get("Anti", "no"), "Anti"),
            free_opening=_yes_no(tags.get("FreeOpening", "no"), "FreeOpening"),
            blocked=tuple(tags.get("Blocked", "").replace(",", " ").split()),
            handicap=_int_tag(tags["Handicap"], "Handicap") if "Handicap" in tags else 0,
            handicap_color=_color_tag(tags.get("HandicapColor", "black")),
        )
    except RulesError as e:
        raise NotationError(_("record: {error}").format(error=e)) from None
    start = parse_position(tags["Position"], rules) if "Position" in tags else None
    game = parse_movetext(start or Position.start(rules), "\n".join(body_lines))
    main = [n.move for n in game.main_line()[1:] if n.move is not None]
    record = Record(
        rules,
        start,
        main,
        check_tags({k: v for k, v in tags.items() if k not in RULE_TAGS + PLAYER_TAGS + ENDING_TAGS + ("Result",)}),
        write_movetext(game, compact=True) if has_tree(game) else "",
        _players_from_tags(tags),
        _ending_from_tags(tags, game),
    )
    expected = tags.get("Result")
    result = game.main_line()[-1].position.result()
    if expected and result is not None and expected.strip() != result.score:
        raise NotationError(
            # Translators: Result is a tag of the record file, written in English in the file
            _("record: Result tag says {expected!r} but the moves end {score}").format(
                expected=expected, score=result.score
            )
        )
    return record


_TAG_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]{0,29}")


def check_tags(tags: dict[str, str]) -> dict[str, str]:
    """``tags`` with their values cleaned (control characters and line breaks out, spaces trimmed;
    empty ones left out); raises :class:`~reversi.errors.NotationError` for a bad name, a value
    longer than :data:`MAX_TAG_CHARS` or more than :data:`MAX_TAGS` tags."""
    if len(tags) > MAX_TAGS:
        raise NotationError(
            # Translators: the tags of a record file ([Event "..."] and the like)
            _("record: {n} tags are more than the {limit} a record keeps").format(n=len(tags), limit=MAX_TAGS))
    out: dict[str, str] = {}
    for name, value in tags.items():
        if not isinstance(name, str) or not _TAG_NAME.fullmatch(name):
            raise NotationError(_("record: {name!r} is not a tag name (letters, digits and _, at most 30)").format(
                name=str(name)[:40]))
        if not isinstance(value, str):
            raise NotationError(_("record: tag {tag} must be text").format(tag=name))
        text = " ".join("".join(c if c.isprintable() else " " for c in clean_text(value)).split())
        if len(text) > MAX_TAG_CHARS:
            raise NotationError(
                _("record: tag {tag} has {n} characters, more than {limit}").format(
                    tag=name, n=len(text), limit=MAX_TAG_CHARS))
        if text:
            out[name] = text
    return out


def _ending_from_tags(tags: dict[str, str], game: Game) -> Ending | None:
    """The resignation or loss on time of the Termination and Loser tags, or None (none, or "normal")."""
    by = tags.get("Termination", "").strip().lower()
    if by in ("", "normal", "rules"):
        return None
    if by not in ("resignation", "time", "time forfeit"):
        # Translators: Termination is a tag of the record file; its values are written in English in the file
        raise NotationError(_("record: tag Termination is {text!r}, expected resignation or time").format(
            text=tags["Termination"]))
    if "Loser" not in tags:
        # Translators: Termination and Loser are tags of the record file
        raise NotationError(_("record: tag Termination {text!r} needs a Loser tag (black or white)").format(
            text=tags["Termination"]))
    loser = _color_tag(tags["Loser"], "Loser")
    if game.main_line()[-1].position.is_over:
        # Translators: Termination is a tag of the record file
        raise NotationError(_("record: tag Termination says {text!r} but the moves end the game").format(
            text=tags["Termination"]))
    return Ending(loser, Termination.RESIGNATION if by == "resignation" else Termination.TIME)


def ending_code(ending: Ending) -> str:
    """An ending as a link and the saved state write it: ``r`` (resigned) or ``t`` (lost on time),
    then the loser, ``b`` or ``w``: ``rb`` is "Black resigned"."""
    return ("r" if ending.by is Termination.RESIGNATION else "t") + ("w" if ending.loser == WHITE else "b")


def parse_ending_code(code: str) -> Ending:
    """The ending of :func:`ending_code`'s ``code``; raises NotationError."""
    if len(code) != 2 or code[0] not in "rt" or code[1] not in "bw":
        # Translators: how a game ended, in a link or the saved state: rb, rw, tb or tw
        raise NotationError(_("ending {code!r} should be rb, rw, tb or tw (resigned or lost on time, and who)")
                            .format(code=code[:10]))
    return Ending(WHITE if code[1] == "w" else BLACK, Termination.RESIGNATION if code[0] == "r" else Termination.TIME)


def _players_from_tags(tags: dict[str, str]) -> str:
    """The players' code of the BlackType/WhiteType (and level, time) tags; '' if they name nobody."""
    if "BlackType" not in tags and "WhiteType" not in tags:
        return ""
    code = ""
    for side in ("Black", "White"):
        kind = tags.get(f"{side}Type", "human").strip().lower()
        if kind not in ("human", "program"):
            raise NotationError(
                # Translators: BlackType/WhiteType are tags of the record file, human and program their values
                _("record: tag {tag} is {text!r}, expected human or program").format(tag=f"{side}Type", text=kind[:20])
            )
        code += "h" if kind == "human" else "c" + tags.get(f"{side}Level", "5").strip()
    if "TimePerMove" in tags:
        code += "t" + tags["TimePerMove"].strip()
    try:
        parse_players_code(code)
    except NotationError as e:
        raise NotationError(_("record: {error}").format(error=e)) from None
    return code


def _color_tag(text: str, tag: str = "HandicapColor") -> int:
    t = text.strip().lower()
    if t in ("black", "b", "x"):
        return BLACK
    if t in ("white", "w", "o", "red", "r"):
        return WHITE
    # Translators: {tag} is a tag of the record file (HandicapColor, Loser), and black and white
    # its values, all in English in the file
    raise NotationError(_("record: tag {tag} is {text!r}, expected black or white").format(tag=tag, text=text))


__all__ = [
    "Record",
    "RecordEntry",
    "read_record",
    "read_records",
    "record_count",
    "replace",
    "rules_from_dict",
    "rules_to_dict",
    "split_records",
    "write_record",
]
