"""Diagrams: a position as a board view, and as a standalone SVG that needs no style sheet.

The page draws its board with :func:`reversi.drawing.render.render_board`, whose markup only
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
from dataclasses import replace
from html import escape

from reversi.core.position import PASS, TAKES_RULES, Position, need_instance, need_position
from reversi.core.rules import Rules
from reversi.drawing.render import (
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
from reversi.errors import ReversiError
from reversi.i18n import N_, _
from reversi.inputs import is_int, shown

THEMES = ("dark", "light")
#: The widths a picture may have, in pixels (the command line's ``--width`` too).
MIN_SIZE, MAX_SIZE = 64, 4096
#: What :func:`standalone_svg` takes.
TAKES_VIEW = N_("a BoardView (position_view(rules, position))")
# The rules pages' own texts (reversi/tools/rules_pages.py writes the pages; the catalogs hold the texts).
# Translators: the title of the rules pages (assets/rules/rules.LANG.html)
RULES_TITLE = N_("Rules of Othello, Reversi and Octagon Reversi")
# Translators: the rules page's link back to the app, to play
RULES_PLAY = N_("Play")
# Translators: a board diagram's screen-reader name in the rules pages: "Diagram: rows 3, 4, 5, 6"
DIAGRAM_LABEL = N_("Diagram: rows {rows}")

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
    'class="better-ring"': 'fill="none" stroke="#e0c040" stroke-width="6" stroke-dasharray="10 6"',
    'class="cursor-ring"': 'display="none"',
    'class="ghost"': 'display="none"',  # the page shows it on hover only; a picture never
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


#: A square's value as a teacher draws it, from best to worst (see :func:`square_values`).
CORNER, EDGE, PLAIN, INNER_RING, C_SQUARE, X_SQUARE = 4, 1, 0, -1, -2, -4


def square_values(rules: Rules) -> dict[int, int]:
    """How good each square of the board is to take, by the shape alone (a stability analysis).

    * a *corner-like* square (no line through it has squares on both sides, so a disc
      there can never be flipped) is the best: :data:`CORNER`. The plain board's four
      corners, the octagon's eight, and any square walled in by blocked squares;
    * the squares that give a corner away are the worst: the diagonal neighbour of a
      corner-like square (the X-square, :data:`X_SQUARE`), then its neighbours along the
      board's edge (C-squares, :data:`C_SQUARE`);
    * other edge squares (a line through them leaves the board) are good: :data:`EDGE`
      (they are flipped along one line only);
    * the squares next to an edge hand the edge to the opponent: :data:`INNER_RING`;
    * the rest: :data:`PLAIN`.
    """
    g = rules.geometry
    on = {i for i in range(g.height * (g.width + 1)) if g.in_rectangle(i) and i not in g.removed}

    def at(col: int, row: int) -> int | None:
        if not (0 <= col < g.width and 0 <= row < g.height):
            return None
        i = g.index(col, row)
        return i if i in on else None

    axes = ((1, 0), (0, 1), (1, 1), (1, -1))
    around = [(dc, dr) for dc in (-1, 0, 1) for dr in (-1, 0, 1) if dc or dr]

    def lines_through(i: int) -> int:  # axes with a square on both sides
        col, row = g.coords(i)
        return sum(at(col + dc, row + dr) is not None and at(col - dc, row - dr) is not None for dc, dr in axes)

    corners = {i for i in on if lines_through(i) == 0}
    edges = {i for i in on if i not in corners and lines_through(i) < 4}
    values: dict[int, int] = {}
    for i in on:
        col, row = g.coords(i)
        near = [(dc, dr) for dc, dr in around if at(col + dc, row + dr) in corners]
        if i in corners:
            values[i] = CORNER
        elif any(dc and dr for dc, dr in near) and i not in edges:
            values[i] = X_SQUARE
        elif near and i in edges:
            values[i] = C_SQUARE
        elif near:
            values[i] = X_SQUARE
        elif i in edges:
            values[i] = EDGE
        elif any(at(col + dc, row + dr) in edges for dc, dr in around):
            values[i] = INNER_RING
        else:
            values[i] = PLAIN
    return values


def value_marks(rules: Rules) -> tuple[tuple[str, int], ...]:
    """:func:`square_values` by square name, for a board view's overlay."""
    g = rules.geometry
    return tuple((g.name(i), v) for i, v in sorted(square_values(rules).items()))


def cursor_step(rules: Rules, position: Position, cursor: int | None, dcol: int, drow: int,
                rotated: bool = False) -> int | None:
    """The keyboard cursor one square on from ``cursor`` as the board is drawn (holes skipped);
    with no cursor yet, the first legal move (else the middle square); None off the board."""
    g = rules.geometry
    if cursor is None:
        legal = position.legal_moves()
        return legal[0] if legal else g.squares[len(g.squares) // 2]
    if rotated:
        dcol, drow = -dcol, -drow
    col, row = g.coords(cursor)
    while True:
        col, row = col + dcol, row + drow
        if not (0 <= col < g.width and 0 <= row < g.height):
            return None
        index = g.index(col, row)
        if index not in g.removed:
            return index


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
    values: bool = False,
    cursor: int | None = None,
    grid: bool = False,
    glyph: str = "",
    signs: dict[int, str] | None = None,
) -> BoardView:
    """A still board: ``position`` with its last move (and its annotation ``glyph``) and marks; legal
    moves dotted if asked.

    ``playable``: the legal moves take a click (a puzzle): dotted, with the mover's ghost disc.
    ``grid``: drawn for a page's focusable board (an ARIA grid, :attr:`BoardView.grid`).
    """
    need_instance(rules, Rules, "position_view", TAKES_RULES)
    if need_position(position, "position_view").rules.geometry != rules.geometry:
        # Translators: a library call given a position of another board than its rules' ("10x10 ... 8x8")
        raise ReversiError(
            _("position_view: the position is of another board ({board}) than the rules ({other})").format(
                board=position.rules.describe(), other=rules.describe()))
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
        glyph="" if last_move is None or last_move == PASS else glyph,
        signs=tuple((g.name(i), sign) for i, sign in sorted((signs or {}).items())),
        colors=side_colors(rules),
        side_names=rules.display_side_names(),
        turn=position.turn if playable and legal else None,  # a ghost disc where a click plays
        rotated=rotated,
        # Translators: the board's screen-reader name: the rule set's description, e.g. "Othello 8x8 board"
        label=label or _("{rules} board").format(rules=rules.describe()),
        stars=default_stars(g.width, g.height, cells),
        marks=frozenset(g.name(i) for i in marks),
        values=value_marks(rules) if values else (),
        cursor=None if cursor is None else g.name(cursor),
        grid=grid,
    )


def numbered_view(
    start: Position, moves: list[int], first: int = 1, last: int | None = None, *, rotated: bool = False,
) -> BoardView:
    """A numbered game diagram, the printed form of a game: on each square the number of the move
    played there, on a disc of the side that played it; the discs that stood before move ``first``
    plain (the start's four, or the position a split diagram starts from). Moves are counted as
    discs placed (a pass has no number), from 1; ``last`` (default: all) ends the diagram.
    Raises :class:`~reversi.errors.IllegalMoveError` for a move that cannot be played."""
    rules = start.rules
    g = rules.geometry
    position = start
    base = start
    numbers: dict[int, tuple[int, int]] = {}  # square -> (move number, the side that played it)
    placed = 0
    for move in moves:
        if move == PASS:
            position = position.pass_turn()
            continue
        placed += 1
        if placed == first:
            base = position
        if last is not None and placed > last:
            break
        if placed >= first:
            numbers[move] = (placed, position.turn)
        position = position.play(move)
    if placed < first:
        base = position
    cells = list(board_cells(rules, base))
    for square, (_number, side) in numbers.items():
        col, row = g.coords(square)
        cells[row * g.width + col] = (BLACK, WHITE)[side]
    view = position_view(rules, base, rotated=rotated)
    shown = tuple(cells)
    span = (first, max((n for n, _side in numbers.values()), default=first - 1))
    return replace(
        view, cells=shown, stars=default_stars(g.width, g.height, shown),
        numbers=tuple((g.name(sq), n) for sq, (n, _side) in sorted(numbers.items(), key=lambda kv: kv[1][0])),
        # Translators: a numbered game diagram's screen-reader name: "Othello 8x8, moves 1 to 11"
        label=_("{rules}, moves {first} to {last}").format(rules=rules.describe(), first=span[0], last=span[1]),
    )


#: A square's role and screen-reader name (dropped from a standalone picture).
_SQUARE_NAME = re.compile(r' role="img" aria-label="[^"]*"')


def standalone_svg(view: BoardView, size: int | None = None, theme: str = "light") -> str:
    """The board as an SVG that draws the same with no style sheet, ``size`` pixels wide.

    Each class the page's style sheet colours gets presentation attributes; the
    ``role`` of the squares is dropped: the picture is one image, named by its label.
    """
    need_instance(view, BoardView, "standalone_svg", TAKES_VIEW)
    if theme not in THEMES:
        raise ValueError(f"theme should be one of {THEMES}, not {theme!r}")
    if size is not None and (not is_int(size) or not MIN_SIZE <= size <= MAX_SIZE):
        # Translators: a library call's picture width out of range ("standalone_svg: size should be ...")
        raise ReversiError(_("standalone_svg: size should be a whole number of pixels from {low} to {high}, "
                             "not {value}").format(low=MIN_SIZE, high=MAX_SIZE, value=shown(size)))
    paint = {key: f"{_COMMON.get(key, '')} {_PALETTES[theme].get(key, '')}".strip()
             for key in {*_COMMON, *_PALETTES[theme]}}
    svg = render_board(replace(view, grid=False))  # a picture: no grid, no ids (many on a page)

    def painted(match: re.Match[str]) -> str:
        attr = match.group(0)
        extra = paint.get(attr)
        return f"{attr} {extra}" if extra else attr

    svg = _CLASS_ATTR.sub(painted, svg)
    svg = _SQUARE_NAME.sub("", svg)  # the squares': the whole picture is one image, named by its label
    svg = svg.replace('role="group"', 'role="img"', 1)
    w, h = board_size(view)
    width = size or w
    height = round(width * h / w)
    return svg.replace("<svg ", f'<svg width="{width}" height="{height}" ', 1)


def split_point(moves: list[int], shown: int) -> int | None:
    """Where a numbered diagram of ``moves`` splits when the position after the first ``shown`` of
    them is the one shown: the discs placed by then, if moves lie on both sides (else None)."""
    before = sum(1 for m in moves[:shown] if m != PASS)
    return before if 1 <= before < sum(1 for m in moves if m != PASS) else None


#: Between the two halves of a split numbered diagram, in pixels.
SPLIT_GAP = 24


def numbered_svg(start: Position, moves: list[int], split: int | None = None, width: int = 480,
                 theme: str = "light", *, rotated: bool = False) -> str:
    """A numbered game diagram as a standalone SVG ``width`` pixels wide (a board's width); with
    ``split`` K two side by side: moves 1 to K from the start, then the rest from the position
    after move K (ValueError unless 1 <= K < the number of discs placed)."""
    if split is None:
        return standalone_svg(numbered_view(start, moves, rotated=rotated), width, theme)
    placed = sum(1 for m in moves if m != PASS)
    if not 1 <= split < placed:
        raise ValueError(f"split {split} is out of range: 1 to {placed - 1}")
    parts = [numbered_view(start, moves, 1, split, rotated=rotated),
             numbered_view(start, moves, split + 1, rotated=rotated)]
    pictures = [standalone_svg(view, width, theme) for view in parts]
    w, h = board_size(parts[0])
    height = round(width * h / w)
    total = 2 * width + SPLIT_GAP
    inner = "".join(pic.replace("<svg ", f'<svg x="{k * (width + SPLIT_GAP)}" y="0" ', 1)
                    for k, pic in enumerate(pictures))
    label = escape(" · ".join(view.label for view in parts))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{total}" height="{height}" '
            f'viewBox="0 0 {total} {height}" role="img" aria-label="{label}">{inner}</svg>')
