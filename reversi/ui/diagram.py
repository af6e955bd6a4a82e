"""Diagrams: a position as a board view, and as a standalone SVG that needs no style sheet.

The page draws its board with :func:`reversi.ui.render.render_board`, whose markup only
sets classes (``assets/app.css`` colours them). A diagram leaves the page: a file for a
handout (``python -m reversi svg``), or a teacher's lite embed inside another site's
page, where our style sheet is absent and a ``<style>`` element would leak into the
host page. :func:`standalone_svg` therefore paints the same markup with presentation
attributes (``fill``, ``stroke``...), in the light or the dark palette, and gives it a
size. What the page animates or reveals on hover (flips, ghost discs) is left out.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from reversi.core.position import PASS, Position
from reversi.core.rules import Rules
from reversi.i18n import _
from reversi.ui.render import (
    BLACK,
    BLOCKED,
    CUT,
    EMPTY,
    WHITE,
    BoardView,
    board_size,
    default_stars,
    render_board,
)

THEMES = ("dark", "light")

#: Presentation attributes per class attribute of the board's markup, for each theme.
#: The dark palette is the page's own (assets/app.css); the light one prints well.
_COMMON: dict[str, str] = {
    'class="coords"': 'font-family="system-ui, -apple-system, Segoe UI, Roboto, sans-serif" font-weight="600" '
    'text-anchor="middle" dominant-baseline="central"',
    'class="shadow"': 'fill="#000000" fill-opacity="0.38"',
    'class="last-mark"': 'fill="#f3b23e" stroke="#000000" stroke-opacity="0.35" stroke-width="2"',
    'class="dot"': 'fill="#000000" fill-opacity="0.3"',
    'class="hatch"': 'stroke-width="6" stroke-linecap="round"',
    'class="mark-ring"': 'fill="none" stroke="#3fb6ff" stroke-width="6"',
    'class="better-ring"': 'fill="none" stroke="#e0c040" stroke-width="4" stroke-dasharray="6 5"',
    'class="cursor-ring"': 'display="none"',
}
_PALETTES: dict[str, dict[str, str]] = {
    "dark": {
        'class="frame"': 'fill="#17452b"',
        'class="coords"': 'fill="#b9d8c3"',
        'class="cell"': 'fill="#2f8050" stroke="#1d5a36" stroke-width="2.5"',
        'class="stars"': 'fill="#1d5a36"',
        'class="hole"': 'fill="#123823" stroke="#0d2a1a" stroke-width="3"',
        'class="hatch"': 'stroke="#2b5a3e"',
    },
    "light": {
        'class="frame"': 'fill="#e9efe9"',
        'class="coords"': 'fill="#2c4a37"',
        'class="cell"': 'fill="#3a9a60" stroke="#1f5c38" stroke-width="2.5"',
        'class="stars"': 'fill="#1f5c38"',
        'class="hole"': 'fill="#cfd8d1" stroke="#8a9a8f" stroke-width="3"',
        'class="hatch"': 'stroke="#8a9a8f"',
    },
}
_CLASS_ATTR = re.compile(r'class="[^"]*"')


def board_cells(rules: Rules, position: Position) -> tuple[str, ...]:
    """What stands on each cell of the board's bounding rectangle, in reading order."""
    g = rules.geometry
    base_removed = rules.kind.base_geometry(rules.size).removed
    cells = []
    for row in range(g.height):
        for col in range(g.width):
            i = g.index(col, row)
            bit = 1 << i
            if i in g.removed:
                cells.append(CUT if i in base_removed else BLOCKED)
            elif position.black & bit:
                cells.append(BLACK)
            elif position.white & bit:
                cells.append(WHITE)
            else:
                cells.append(EMPTY)
    return tuple(cells)


def side_colors(rules: Rules) -> tuple[str, str]:
    """The disc colours drawn for the two sides: their names, in lower case."""
    return (rules.side_names[0].lower(), rules.side_names[1].lower())


def position_view(
    rules: Rules,
    position: Position,
    *,
    last_move: int | None = None,
    marks: Iterable[int] = (),
    show_legal: bool = False,
    rotated: bool = False,
    label: str | None = None,
    playable: bool = False,
) -> BoardView:
    """A still board: ``position`` with its last move and marks; legal moves dotted if asked.

    ``playable``: the legal moves take a click (a puzzle): dotted, with the mover's ghost disc.
    """
    show_legal = show_legal or playable
    g = rules.geometry
    cells = board_cells(rules, position)
    legal = frozenset(g.bits_to_names(position.legal)) if show_legal and not position.is_over else frozenset()
    return BoardView(
        width=g.width,
        height=g.height,
        cells=cells,
        legal=legal,
        last_move=None if last_move is None or last_move == PASS else g.name(last_move),
        colors=side_colors(rules),
        side_names=rules.display_side_names(),
        turn=position.turn if playable and legal else None,  # a ghost disc where a click plays
        rotated=rotated,
        # Translators: the board's screen-reader name: the rule set's description, e.g. "Othello 8x8 board"
        label=label or _("{rules} board").format(rules=rules.describe()),
        stars=default_stars(g.width, g.height, cells),
        marks=frozenset(g.name(i) for i in marks),
    )


def standalone_svg(view: BoardView, size: int | None = None, theme: str = "light") -> str:
    """The board as an SVG that draws the same with no style sheet, ``size`` pixels wide.

    Each class the page's style sheet colours gets presentation attributes; the
    ``role`` of the squares (buttons, in the page) is dropped: here they take no click.
    """
    if theme not in THEMES:
        raise ValueError(f"theme should be one of {THEMES}, not {theme!r}")
    paint = {key: f"{_COMMON.get(key, '')} {_PALETTES[theme].get(key, '')}".strip()
             for key in {*_COMMON, *_PALETTES[theme]}}
    svg = render_board(view)

    def painted(match: re.Match[str]) -> str:
        attr = match.group(0)
        extra = paint.get(attr)
        return f"{attr} {extra}" if extra else attr

    svg = _CLASS_ATTR.sub(painted, svg)
    svg = svg.replace(' role="button"', "").replace(' aria-disabled="true"', "")
    svg = svg.replace('role="group"', 'role="img"', 1)
    w, h = board_size(view)
    width = size or w
    height = round(width * h / w)
    return svg.replace("<svg ", f'<svg width="{width}" height="{height}" ', 1)
