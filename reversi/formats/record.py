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

    f5 d6 c3 d3 c4 f4 f6 f3 e6 e7
    d7 pass c6 ...

Tags other than the rule tags are kept as they are (player names, date...).
Moves are square names or ``pass``; the move text accepts everything a
transcript accepts (:mod:`reversi.formats.notation`). Rule tags left out take their
defaults, so a file holding only moves is standard Othello.

A record also travels as a share link: :mod:`reversi.formats.links`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Any

from reversi.core.game import Game
from reversi.core.position import PASS, Position
from reversi.core.rules import BLACK, WHITE, Rules
from reversi.errors import NotationError, RulesError
from reversi.formats.notation import parse_position, play_transcript, position_to_string
from reversi.i18n import _, ngettext

_TAG_RE = re.compile(r'\[\s*([A-Za-z][A-Za-z0-9_]*)\s+"((?:[^"\\]|\\.)*)"\s*\]')
RULE_TAGS = ("Rules", "Size", "Anti", "FreeOpening", "Blocked", "Handicap", "HandicapColor", "Position")
MAX_TEXT = 200_000


@dataclass
class Record:
    rules: Rules = field(default_factory=Rules)
    #: A set-up start position, or None for the rule set's own start.
    start: Position | None = None
    #: The plies in order, passes included as PASS.
    moves: list[int] = field(default_factory=list)
    tags: dict[str, str] = field(default_factory=dict)

    def start_position(self) -> Position:
        return self.start if self.start is not None else Position.start(self.rules)

    def to_game(self) -> Game:
        game = Game(start=self.start_position())
        game.play_all(self.moves)
        return game

    @classmethod
    def from_game(cls, game: Game, tags: dict[str, str] | None = None) -> Record:
        standard = Position.start(game.rules)
        start = None if game.start == standard else game.start
        return cls(game.rules, start, list(game.line), dict(tags or {}))


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
    r = record.rules
    tags = {k: v for k, v in record.tags.items() if k not in RULE_TAGS and k != "Result"}
    lines = [f'[{k} "{_escape(v)}"]' for k, v in tags.items()]
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
    result = game.position.result() if game.ply == len(game.line) else None
    if result is not None:
        lines.append(f'[Result "{result.score}"]')
    lines.append("")
    g = r.geometry
    names = ["pass" if m == PASS else g.name(m) for m in record.moves]
    for k in range(0, len(names), 10):
        lines.append(" ".join(names[k : k + 10]))
    return "\n".join(lines) + "\n"


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ")


def read_record(text: str) -> Record:
    """Parse a record file; every error names the tag or move that is wrong."""
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
    game = play_transcript(start or Position.start(rules), "\n".join(body_lines))
    record = Record(rules, start, list(game.line), {k: v for k, v in tags.items() if k not in RULE_TAGS})
    expected = tags.get("Result")
    result = game.position.result()
    if expected and result is not None and expected.strip() != result.score:
        raise NotationError(
            # Translators: Result is a tag of the record file, written in English in the file
            _("record: Result tag says {expected!r} but the moves end {score}").format(
                expected=expected, score=result.score
            )
        )
    record.tags.pop("Result", None)
    return record


def _color_tag(text: str) -> int:
    t = text.strip().lower()
    if t in ("black", "b", "x"):
        return BLACK
    if t in ("white", "w", "o", "red", "r"):
        return WHITE
    # Translators: HandicapColor is a tag of the record file, and black and white its values, all in English in the file
    raise NotationError(_("record: tag HandicapColor is {text!r}, expected black or white").format(text=text))


__all__ = [
    "Record",
    "read_record",
    "replace",
    "rules_from_dict",
    "rules_to_dict",
    "write_record",
]
