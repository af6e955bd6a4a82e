"""The named openings of 8x8 Othello, and which one a game follows.

The names are the ones players use (facts of the game's culture; where a line
has two names both are given, the more common first). Each line is written
from Black's first move ``c4``; a game that began on ``f5``, ``e6`` or ``d3`` is
the same opening seen in a mirror or turned, so :func:`opening_name` tries
the four symmetries of the board that keep its start. It gives the longest named line the game's moves
begin with, so a game that follows the Tiger and goes on is still "Tiger"
until it reaches a longer named line (the Stephenson, say).

Only standard 8x8 Othello has these names: another rule set, size, a set-up
start, blocked squares or a handicap has none.

The names are the international ones in every language but where players of a language
have a name of their own in common use (:data:`LOCAL_NAMES`, :func:`local_name`): Japanese
players call the Tiger 虎 and the Cow 牛, and the three second moves 縦取り, 斜め取り, 並び取り.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from reversi.core.position import PASS
from reversi.core.rules import Rules

#: (line from c4, name): the openings named.
OPENINGS: tuple[tuple[str, str], ...] = (
    ("c4c3", "Diagonal Opening"),
    ("c4c3d3c5b3", "Snake / Peasant"),
    ("c4c3d3c5b3f3", "Lysons"),
    ("c4c3d3c5b4", "Heath / Tobidashi"),
    ("c4c3d3c5b4e3", "Heath-Chimney"),
    ("c4c3d3c5b5", "Raccoon Dog"),
    ("c4c3d3c5b6", "Rocket"),
    ("c4c3d3c5b6c6b5", "Hamilton"),
    ("c4c3d3c5d6", "Cow"),
    ("c4c3d3c5d6e3", "Chimney"),
    ("c4c3d3c5d6f4b4", "Bat / Cambridge"),
    ("c4c3d3c5d6f4f5", "Rose-v-Toth"),
    ("c4c3d3c5d6f4f5d2", "Tanida"),
    ("c4c3d3c5d6f4f5d2b5", "Aircraft / Feldborg"),
    ("c4c3d3c5d6f4f5d2g4d7", "Sailboat"),
    ("c4c3d3c5d6f4f5e6c6d7", "Maruoka"),
    ("c4c3d3c5d6f4f5e6f6", "Landau"),
    ("c4c3d3c5f6", "Buffalo / Kenichi Variation"),
    ("c4c3d3c5f6f5", "Hokuriku Buffalo"),
    ("c4c3e6c5", "Wing Variation"),
    ("c4c3f5c5", "Semi-Wing Variation"),
    ("c4c5", "Parallel Opening"),
    ("c4e3", "Perpendicular Opening"),
    ("c4e3f4c5d6e6", "Mimura"),
    ("c4e3f4c5d6f3c6", "Shaman / Danish"),
    ("c4e3f4c5d6f3d3", "Inoue"),
    ("c4e3f4c5d6f3d3c3", "Iago"),
    ("c4e3f4c5d6f3e2", "Bhagat"),
    ("c4e3f4c5d6f3e6c3d3e2", "Rose"),
    ("c4e3f4c5d6f3e6c3d3e2b5", "Flat"),
    ("c4e3f4c5d6f3e6c3d3e2b5f5", "Rotating Flat"),
    ("c4e3f4c5d6f3e6c3d3e2b6f5", "Rose-Birth"),
    ("c4e3f4c5d6f3e6c3d3e2b6f5g5", "Rose-Birdie / Rose-Tamenori"),
    ("c4e3f4c5d6f3e6c3d3e2d2", "Greenberg / Dawg"),
    ("c4e3f4c5d6f3e6c6", "Ralle"),
    ("c4e3f4c5e6", "Horse"),
    ("c4e3f5b4", "Ganglion / No-Cat"),
    ("c4e3f5b4f3", "Swallow"),
    ("c4e3f5e6d3", "Italian"),
    ("c4e3f5e6f4", "Cat"),
    ("c4e3f5e6f4c5d6c6f7f3", "Sakaguchi"),
    ("c4e3f5e6f4c5d6c6f7g5g6", "Berner"),
    ("c4e3f6b4", "Bent Ganglion"),
    ("c4e3f6e6f5", "Tiger"),
    ("c4e3f6e6f5c5c3", "Stephenson"),
    ("c4e3f6e6f5c5c3b4", "No-Kung"),
    ("c4e3f6e6f5c5c3c6", "Comp'Oth"),
    ("c4e3f6e6f5c5c3g5", "Kung"),
    ("c4e3f6e6f5c5d3", "Leader's Tiger"),
    ("c4e3f6e6f5c5d6", "Brightwell"),
    ("c4e3f6e6f5c5f4g5g4f3c6d3d6", "Ishii"),
    ("c4e3f6e6f5c5f4g5g4f3c6d3d6b3c3b4e2b6", "Mainline Tiger"),
    ("c4e3f6e6f5c5f4g6f7", "Rose-Bill"),
    ("c4e3f6e6f5c5f4g6f7d3", "Tamenori"),
    ("c4e3f6e6f5c5f4g6f7g5", "Central Rose-Bill / Dead Draw"),
    ("c4e3f6e6f5g6", "Aubrey / Tanaka"),
    ("c4e3f6e6f5g6e7c5", "Aubrey (Feldborg Continuation)"),
)


#: Names that players of a language use instead of the international one (by language code, then
#: the name of :data:`OPENINGS`). Only names in common use: an opening without one keeps its name.
LOCAL_NAMES: Mapping[str, Mapping[str, str]] = {
    "ja": {
        "Diagonal Opening": "斜め取り",
        "Parallel Opening": "並び取り",
        "Perpendicular Opening": "縦取り",
        "Tiger": "虎",
        "Cow": "牛",
        "Cat": "猫",
        "Snake / Peasant": "蛇",
        "Raccoon Dog": "狸",
        "Heath / Tobidashi": "飛び出し牛",
        "Bat / Cambridge": "こうもり",
        "Aircraft / Feldborg": "飛行機",
        "Sailboat": "ヨット",
        "Buffalo / Kenichi Variation": "バッファロー",
        "Hokuriku Buffalo": "北陸バッファロー",
        "Rose": "ローズ",
        "Flat": "フラットローズ",
    },
}


def local_name(name: str, language: str) -> str:
    """The name players of ``language`` give the opening ``name`` (its own name when they have none)."""
    return LOCAL_NAMES.get(language, {}).get(name, name)


def _squares(line: str) -> tuple[tuple[int, int], ...]:
    """``"c4e3"`` -> ((2, 3), (4, 2)): column and row, from 0."""
    return tuple((ord(line[k]) - ord("a"), int(line[k + 1]) - 1) for k in range(0, len(line), 2))


_LINES = tuple((_squares(line), name) for line, name in OPENINGS)

#: The board's symmetries that keep the start position (the other four swap its colours), as maps
#: of (column, row) on 8x8: they take c4 to c4, f5, d3 and e6, Black's four first moves.
_SYMMETRIES: tuple[Callable[[int, int], tuple[int, int]], ...] = (
    lambda c, r: (c, r),
    lambda c, r: (7 - c, 7 - r),
    lambda c, r: (r, c),
    lambda c, r: (7 - r, 7 - c),
)


def has_names(rules: Rules) -> bool:
    """Do the named openings apply to ``rules`` (standard 8x8 Othello)?"""
    return rules == Rules()


def opening_name(rules: Rules, moves: list[int], standard_start: bool = True) -> str:
    """The name of the longest named opening ``moves`` begin with ('' for none).

    ``moves`` are the game's plies from the standard start (a pass ends the search).
    """
    if not has_names(rules) or not standard_start or not moves:
        return ""
    g = rules.geometry
    played = []
    for m in moves[:40]:
        if m == PASS:
            break
        played.append(g.coords(m))
    best, best_length = "", 0
    for line, name in _LINES:
        if len(line) > len(played) or len(line) <= best_length:
            continue
        for symmetry in _SYMMETRIES:
            if all(symmetry(c, r) == played[k] for k, (c, r) in enumerate(line)):
                best, best_length = name, len(line)
                break
    return best
