"""The names of the files the page offers as downloads: short, ASCII, told apart by who and when.

``reversi-othello-8x8-anna-vs-ben-2026-12-04-1530.rev``: the rule set (always in English: a
file name is read on any machine), the players' names when the game has them (its Black and
White details), then the day and the minute it was saved (the saver's local time), so that two
games of one day do not take each other's name. Every part is cut to letters and digits joined
by hyphens: accents dropped (``Łukasz Dvořák`` is ``lukasz-dvorak``), anything else a hyphen,
and each part kept short; the pictures of the board add ``-board`` or ``-numbered``.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping

from reversi.core.rules import Rules

#: The longest a player's name, and the rule set, may be in a file's name.
MAX_PLAYER = 20
MAX_RULES = 32
#: Letters no decomposition takes apart into a base letter and an accent.
_PLAIN = str.maketrans({"ł": "l", "Ł": "L", "ø": "o", "Ø": "O", "æ": "ae", "Æ": "AE", "œ": "oe", "Œ": "OE",
                        "ß": "ss", "đ": "d", "Đ": "D", "þ": "th", "Þ": "TH", "ð": "d", "Ð": "D"})


def slug(text: str, limit: int) -> str:
    """``text`` as lower-case ASCII letters and digits joined by single hyphens, at most ``limit``
    characters (cut at a hyphen where one is near the end); '' when nothing of it is left."""
    plain = unicodedata.normalize("NFKD", text.translate(_PLAIN))
    ascii_text = "".join(c for c in plain if c.isascii()).lower()
    words = "".join(c if c.isalnum() else " " for c in ascii_text).split()
    out = "-".join(words)
    if len(out) > limit:
        out = out[:limit]
        cut = out.rfind("-")
        if cut >= limit // 2:
            out = out[:cut]
    return out.strip("-")


def players_part(tags: Mapping[str, str]) -> str:
    """``anna-vs-ben`` from a game's Black and White names, one name if only one is given, else ''."""
    names = [slug(tags.get(side, ""), MAX_PLAYER) for side in ("Black", "White")]
    return "-vs-".join(name for name in names if name)


def download_stem(rules: Rules, tags: Mapping[str, str], date: str, time: str = "") -> str:
    """The name of a download without its ending: ``reversi-othello-8x8-anna-vs-ben-2026-12-04-1530``
    (``date`` ``2026-12-04``, ``time`` ``1530``, both the saver's local ones)."""
    parts = ["reversi", slug(rules.describe("en"), MAX_RULES), players_part(tags), slug(date, 10), slug(time, 4)]
    return "-".join(part for part in parts if part)
