"""The board as SVG markup: a pure function of a :class:`BoardView`.

:func:`render_board` knows nothing of the rules and nothing of the DOM: it is
given plain data (the bounding rectangle, what stands on each cell, the legal
moves, the last move, the discs just turned, the colours and names of the two
sides, the orientation) and returns one string, which the page assigns once
(``innerHTML``). Styling and animation live in ``assets/app.css``: the markup
only sets classes.

The testability contract of the page is written here:

* every square of the board is an element ``<g class="sq ..." data-square="f5"
  data-state="black|white|empty">``; squares cut from the board (the octagon)
  or blocked are not such elements (blocked ones are drawn as ``<g
  class="blocked" data-blocked="c3">``), so ``[data-square]`` counts the board's
  squares (88 on the octagon);
* a legal move carries the class ``legal`` and ``data-legal="true"``; with hints
  on, its value is a ``<text class="hint">`` in it (``hint best`` for the best);
* ``data-state`` is the engine's side (``black``/``white``), whatever its colour
  on screen (Classic draws white as red); ``data-color`` is the colour drawn;
* a line shown on the board (:attr:`BoardView.line`) puts on each square it plays
  ``data-line-move="N"`` and a ``<g class="line-disc" data-color="...">``: a translucent
  disc of the side that plays there with the number N on it, as a numbered diagram's (a hint's
  value there moves to the square's corner: ``<text class="hint corner">``).

Coordinates: a square is :data:`SQUARE` units wide; letters run along the top and bottom,
numbers down the left and right, in a margin of :data:`MARGIN` units
(scaled up on boards wider than 10, see :func:`label_scale`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html import escape

from reversi.core.game import glyph_name, sign_name
from reversi.i18n import _, join_list

SQUARE = 100
MARGIN = 44
LABEL_FONT = 25
DISC_RADIUS = 41

EMPTY = "empty"
BLACK = "black"
WHITE = "white"
BLOCKED = "blocked"  # taken off the board by a table option: drawn as a hole
CUT = "cut"  # not part of the board's shape (the octagon's corners): not drawn
SIDES = (BLACK, WHITE)
COLUMN_LETTERS = "abcdefghijklmnop"

#: Radial gradients of the disc colours: (stop offset, colour) from the highlight out.
DISC_PAINTS: dict[str, tuple[tuple[str, str], ...]] = {
    "black": (("0", "#6b6b6b"), ("0.38", "#2a2a2a"), ("1", "#050505")),
    "white": (("0", "#ffffff"), ("0.55", "#f0f0ec"), ("1", "#b4b4ae")),
    "red": (("0", "#ff8a7a"), ("0.45", "#d42a1c"), ("1", "#7a0f08")),
}


@dataclass(frozen=True)
class BoardView:
    """Everything the board drawing depends on, as plain values.

    ``cells`` holds ``width * height`` entries in reading order (a1, b1, ..., then
    row 2): one of ``"empty"``, ``"black"``, ``"white"``, ``"blocked"``, ``"cut"``.
    Squares are named as in :mod:`reversi.core.geometry` (``"f5"``).
    """

    width: int
    height: int
    cells: tuple[str, ...]
    legal: frozenset[str] = frozenset()
    last_move: str | None = None
    #: Discs turned by the last move: drawn with the flip animation.
    flipped: frozenset[str] = frozenset()
    #: The disc colour drawn for the black side and for the white side.
    colors: tuple[str, str] = ("black", "white")
    #: Display names of the two sides (for the squares' labels).
    side_names: tuple[str, str] = ("Black", "White")
    #: The side whose move it is (its colour shows as a ghost disc on hover), or None.
    turn: int | None = 0
    #: True turns the board by 180 degrees (a1 at the bottom right).
    rotated: bool = False
    #: The square of the keyboard cursor, or None.
    cursor: str | None = None
    #: The accessible name of the whole board.
    label: str = "Board"
    #: Star points (the small dots at the grid intersections of an 8x8 board).
    stars: tuple[tuple[int, int], ...] = field(default=())
    #: Squares marked by a teacher (the position's marks): drawn as a ring, ``data-marked``.
    marks: frozenset[str] = frozenset()
    #: The review's better moves where a worse one was played: ``data-better``.
    better: frozenset[str] = frozenset()
    #: The side that should have played there (its colour is drawn faintly in the ring), or None.
    better_side: int | None = None
    #: The move played instead (its square), named in the better squares' labels: "instead of b8".
    better_instead: str = ""
    #: Every square takes a click (none is disabled): the board editor's view, or marking squares.
    editable: bool = False
    #: Hints: ``(square, label)`` for legal moves ("+4"), drawn on the square instead of the dot.
    hints: tuple[tuple[str, str], ...] = field(default=())
    #: The squares of the best hints (marked).
    hint_best: frozenset[str] = frozenset()
    #: Square values (a teaching overlay: ``(square, value)``, good ones green, bad ones red).
    values: tuple[tuple[str, int], ...] = field(default=())
    #: A numbered game diagram: ``(square, move number)``, written on the disc played there.
    numbers: tuple[tuple[str, int], ...] = field(default=())
    #: The last move's annotation glyph (``!``, ``?!``...), drawn as a badge in its square's corner.
    glyph: str = ""
    #: Squares marked in a colour (R, G, Y) or lettered (A, B...): ``(square, sign)``.
    signs: tuple[tuple[str, str], ...] = field(default=())
    #: An interactive board (the page's, an embed's): an ARIA grid of rows of ``gridcell``s with
    #: the ids ``sq-f5`` (the element holding the markup is the grid and points at the cursor's
    #: cell with ``aria-activedescendant``). Else a still picture: a group of labelled squares.
    grid: bool = False
    #: Discs told apart without colour: the second side's discs carry a ring (a setting).
    disc_marks: bool = False
    #: The stable discs (a study overlay: discs that can never flip), ``data-stable``.
    stable: frozenset[str] = frozenset()
    #: A line shown on the board (an analysis line or the review's better move, pointed at): for
    #: each disc it places ``(square, number, side)``, numbered from 1, drawn as a translucent disc
    #: of that side's colour with its number (where a hint's value or a dot would be).
    line: tuple[tuple[str, int, int], ...] = field(default=())
    #: Nothing animates: the last move's disc and the discs it turned are drawn at rest (a redraw
    #: that is no move, such as a line shown or taken away).
    still: bool = False

    def name(self, col: int, row: int) -> str:
        return f"{COLUMN_LETTERS[col]}{row + 1}"

    def cell(self, col: int, row: int) -> str:
        return self.cells[row * self.width + col]


def default_stars(width: int, height: int, cells: tuple[str, ...]) -> tuple[tuple[int, int], ...]:
    """The four star points of a full square board of side 8 or more, else none."""
    if width < 8 or height < 8 or any(c == CUT for c in cells):
        return ()
    return ((2, 2), (width - 2, 2), (2, height - 2), (width - 2, height - 2))


def label_scale(view: BoardView) -> float:
    """How much larger the coordinates are drawn on big boards (so they stay legible)."""
    return max(1.0, max(view.width, view.height) / 10)


def margin_of(view: BoardView) -> int:
    return round(MARGIN * label_scale(view))


def board_size(view: BoardView) -> tuple[int, int]:
    """Width and height of the SVG's view box."""
    m = margin_of(view)
    return view.width * SQUARE + 2 * m, view.height * SQUARE + 2 * m


def _gradient(color: str) -> str:
    stops = "".join(f'<stop offset="{o}" stop-color="{c}"/>' for o, c in DISC_PAINTS[color])
    return f'<radialGradient id="disc-{color}" cx="0.38" cy="0.32" r="0.72">{stops}</radialGradient>'


#: The ring on the second side's discs (:attr:`BoardView.disc_marks`): radius and width.
MARK_RADIUS = 19
MARK_WIDTH = 7


def _disc(color: str, css: str = "disc", old_color: str | None = None, *, mark: bool = False,
          old_mark: bool = False) -> str:
    c = SQUARE // 2
    parts = [f'<g class="{css}" data-color="{color}">']
    parts.append(f'<circle class="shadow" cx="{c + 2}" cy="{c + 5}" r="{DISC_RADIUS}"/>')
    if old_color is not None:
        parts.append(f'<circle class="face old" cx="{c}" cy="{c}" r="{DISC_RADIUS}" fill="url(#disc-{old_color})"/>')
        if old_mark:
            parts.append(_disc_mark("old"))
    parts.append(f'<circle class="face" cx="{c}" cy="{c}" r="{DISC_RADIUS}" fill="url(#disc-{color})"/>')
    if mark:
        parts.append(_disc_mark())
    parts.append("</g>")
    return "".join(parts)


def _disc_mark(css: str = "") -> str:
    """The ring that tells the second side's discs apart without their colour."""
    c = SQUARE // 2
    return (
        f'<circle class="disc-mark{" " + css if css else ""}" cx="{c}" cy="{c}" r="{MARK_RADIUS}" fill="none" '
        f'stroke="#1b1b1b" stroke-opacity="0.72" stroke-width="{MARK_WIDTH}"/>'
    )


def render_board(view: BoardView) -> str:
    """The SVG markup of the board (one ``<svg>`` element)."""
    w, h = board_size(view)
    m = margin_of(view)
    font = round(LABEL_FONT * label_scale(view))
    colors = view.colors
    # an interactive board's grid is the element around the picture (it holds the focus)
    role = 'role="none"' if view.grid else f'role="group" aria-label="{escape(view.label)}"'
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="board-svg" viewBox="0 0 {w} {h}" {role}>',
        "<defs>",
        *(_gradient(c) for c in dict.fromkeys(colors)),
        "</defs>",
        f'<rect class="frame" width="{w}" height="{h}" rx="18"/>',
        f'<g class="coords" font-size="{font}" aria-hidden="true">',
    ]
    half = SQUARE // 2
    near, far = m // 2 + 1, h - m // 2 + 1
    for col in range(view.width):
        x = m + _screen_col(view, col) * SQUARE + half
        letter = COLUMN_LETTERS[col]
        out.append(f'<text x="{x}" y="{near}">{letter}</text><text x="{x}" y="{far}">{letter}</text>')
    near, far = m // 2, w - m // 2
    for row in range(view.height):
        y = m + _screen_row(view, row) * SQUARE + half + 1
        out.append(f'<text x="{near}" y="{y}">{row + 1}</text><text x="{far}" y="{y}">{row + 1}</text>')
    out.append("</g>")
    out.append('<g class="squares" role="none">' if view.grid else '<g class="squares">')
    ghost = None if view.turn is None else colors[view.turn]
    hints = dict(view.hints)
    values = dict(view.values)
    numbers = dict(view.numbers)
    signs = dict(view.signs)
    line = {square: (number, side) for square, number, side in view.line}
    # in the order seen on screen (a turned board's rows and columns read the other way round)
    for screen_row in range(view.height):
        row = _screen_row(view, screen_row)
        if view.grid:
            out.append('<g role="row">')
        for screen_col in range(view.width):
            col = _screen_col(view, screen_col)
            state = view.cell(col, row)
            if state == CUT:
                continue
            x = m + screen_col * SQUARE
            y = m + screen_row * SQUARE
            name = view.name(col, row)
            if state == BLOCKED:
                out.append(_blocked(view, name, x, y))
                continue
            out.append(_square(view, name, state, x, y, ghost, hints.get(name), values.get(name), numbers.get(name),
                               signs.get(name), line.get(name)))
        if view.grid:
            out.append("</g>")
    out.append("</g>")
    if view.stars:
        out.append('<g class="stars" aria-hidden="true">')
        for col, row in view.stars:
            sx = m + (view.width - col if view.rotated else col) * SQUARE
            sy = m + (view.height - row if view.rotated else row) * SQUARE
            out.append(f'<circle cx="{sx}" cy="{sy}" r="7"/>')
        out.append("</g>")
    out.append("</svg>")
    return "".join(out)


def _blocked(view: BoardView, name: str, x: int, y: int) -> str:
    """A blocked square: a hole (a cell of the grid that takes no move)."""
    if view.grid:
        # Translators: a blocked square's screen-reader label: "c3, blocked"
        label = escape(_("{square}, blocked").format(square=name))
        aria = f'id="sq-{name}" role="gridcell" aria-label="{label}" aria-disabled="true"'
    else:
        aria = 'aria-hidden="true"'
    return (
        f'<g class="blocked" data-blocked="{name}" transform="translate({x} {y})" {aria}>'
        f'<rect class="hole" x="3" y="3" width="{SQUARE - 6}" height="{SQUARE - 6}" rx="6"/>'
        f'<path class="hatch" d="M24 24L76 76M76 24L24 76"/></g>'
    )


def _screen_col(view: BoardView, col: int) -> int:
    return view.width - 1 - col if view.rotated else col


def _screen_row(view: BoardView, row: int) -> int:
    return view.height - 1 - row if view.rotated else row


#: The overlay's tint of each square value (reversi.drawing.diagram.square_values): green good, red bad.
VALUE_TINTS = {4: "#1fbf5a", 1: "#9be07a", 0: "", -1: "#f2b84b", -2: "#f08a3c", -4: "#e0402e"}


def _value_mark(value: int, with_text: bool) -> str:
    tint = VALUE_TINTS.get(value, "")
    shown = f"+{value}" if value > 0 else str(value).replace("-", chr(0x2212))
    parts = []
    if tint:
        parts.append(f'<rect class="value-tint" width="{SQUARE}" height="{SQUARE}" fill="{tint}" fill-opacity="0.55"/>')
    if with_text:  # not under a disc, which would hide it but for an edge
        parts.append(
            f'<text class="value-text" x="{SQUARE - 8}" y="{SQUARE - 10}" fill="#ffffff" fill-opacity="0.9" '
            f'font-size="24" font-weight="700" text-anchor="end" font-family="system-ui, sans-serif">{shown}</text>'
        )
    return "".join(parts)


#: A glyph's badge colour: good moves green, interesting blue, dubious amber, mistakes red (white ink).
GLYPH_COLORS = {"!!": "#1b7a3a", "!": "#2e8b57", "!?": "#2563b0", "?!": "#b06a00", "?": "#c0392b", "??": "#8e1b10"}


#: A colour mark's fill, over the square's green and under its disc.
SIGN_FILLS = {"R": "#e0362c", "G": "#7ee07a", "Y": "#f2d23c"}


def _letter(letter: str, disc: str | None) -> str:
    """A square's letter, as books letter squares: light with a dark edge on an empty square, dark on a
    light disc, light on a dark one (presentation attributes: it draws the same in a standalone
    picture)."""
    c = half_square()
    ink = "#111" if disc in LIGHT_DISCS else "#fff"
    halo = "#111" if disc is None else "none"
    return (f'<text class="sign-letter" x="{c}" y="{c}" fill="{ink}" stroke="{halo}" stroke-width="4" '
            f'paint-order="stroke" font-size="52" font-weight="700" text-anchor="middle" dominant-baseline="central" '
            f'font-family="system-ui, sans-serif" aria-hidden="true">{escape(letter)}</text>')


def _glyph_badge(glyph: str) -> str:
    """A move's annotation in its square's top right corner (presentation attributes: it draws the
    same in a standalone picture)."""
    c = SQUARE - 21
    size = 24 if len(glyph) == 1 else 21
    return (f'<g class="glyph" data-glyph="{escape(glyph)}" aria-hidden="true">'
            f'<circle cx="{c}" cy="21" r="19" fill="{GLYPH_COLORS.get(glyph, "#444")}" stroke="#fff" stroke-width="2"/>'
            f'<text x="{c}" y="22" fill="#fff" font-size="{size}" font-weight="700" text-anchor="middle" '
            f'dominant-baseline="central" font-family="system-ui, sans-serif">{escape(glyph)}</text></g>')


def _move_number(number: int, color: str) -> str:
    """A numbered diagram's move number on its disc: black on a light disc, white on a dark one, with
    its own paint (a printed page in black and white reads it; no style sheet needed)."""
    ink = "#111111" if color in LIGHT_DISCS else "#ffffff"
    size = 40 if number < 100 else 32
    c = half_square()
    return (f'<text class="move-number" data-number="{number}" x="{c}" y="{c}" fill="{ink}" font-size="{size}" '
            f'font-weight="700" text-anchor="middle" dominant-baseline="central" '
            f'font-family="system-ui, sans-serif">{number}</text>')


#: The disc colours drawn light (a move number on them is written dark).
LIGHT_DISCS = frozenset({"white"})
#: A line's discs: how much of the disc's paint shows on an empty square, and over a disc.
LINE_OPACITY = 0.62
LINE_OPACITY_OVER_DISC = 0.9


def _line_disc(color: str, number: int, over_disc: bool, mark: bool) -> str:
    """A move of a line shown on the board: a translucent disc of the side that plays it, edged with
    a dashed ring, its number on it as a numbered diagram writes it (``mark``: the ring of the
    second side's discs, drawn wider so as not to cross the number)."""
    c = half_square()
    ink = "#111111" if color in LIGHT_DISCS else "#ffffff"
    halo = "#ffffff" if color in LIGHT_DISCS else "#000000"
    size = 40 if number < 100 else 32
    opacity = LINE_OPACITY_OVER_DISC if over_disc else LINE_OPACITY
    ring = (f'<circle class="line-mark" cx="{c}" cy="{c}" r="{MARK_RADIUS + 13}" fill="none" stroke="#1b1b1b" '
            f'stroke-opacity="0.72" stroke-width="5"/>' if mark else "")
    return (f'<g class="line-disc" data-color="{color}" pointer-events="none" aria-hidden="true">'
            f'<circle cx="{c}" cy="{c}" r="{DISC_RADIUS}" fill="url(#disc-{color})" fill-opacity="{opacity}" '
            f'stroke="{ink}" stroke-opacity="0.6" stroke-width="3" stroke-dasharray="8 5"/>{ring}'
            f'<text class="line-number" x="{c}" y="{c}" fill="{ink}" stroke="{halo}" stroke-opacity="0.35" '
            f'stroke-width="3" paint-order="stroke" font-size="{size}" font-weight="700" text-anchor="middle" '
            f'dominant-baseline="central" font-family="system-ui, sans-serif">{number}</text></g>')


def _square(
    view: BoardView, name: str, state: str, x: int, y: int, ghost: str | None, hint: str | None = None,
    value: int | None = None, number: int | None = None, sign: str | None = None,
    in_line: tuple[int, int] | None = None,
) -> str:
    legal = name in view.legal
    hint = hint if legal else None
    classes = ["sq"]
    if legal:
        classes.append("legal")
    last = name == view.last_move
    if last:
        classes.append("last")
    if name == view.cursor:
        classes.append("cursor")
    if state in SIDES:
        side = SIDES.index(state)
        what = view.side_names[side]
        color = view.colors[side]
    else:
        # Translators: a square's state in its screen-reader label: "f5, empty, legal move"
        what, color = _("empty"), None
    said = [name, what]
    if legal:
        # Translators: in a square's screen-reader label: "f5, empty, legal move"
        said.append(_("legal move"))
    if hint is not None:
        # Translators: in a square's screen-reader label, the hint's value of the move: "value +4"
        said.append(_("value {value}").format(value=hint.replace(chr(0x2212), "-")))
        if name in view.hint_best:
            # Translators: in a square's screen-reader label: the move with the best hint value
            said.append(_("best"))
    if last:
        # Translators: in a square's screen-reader label: "e6, Black, last move"
        said.append(_("last move"))
        if view.glyph:
            said.append(glyph_name(view.glyph))
    marked = name in view.marks
    if marked:
        # Translators: in a square's screen-reader label: a square a teacher marked
        said.append(_("marked"))
    if sign:
        said.append(sign_name(sign))
    if number is not None:
        # Translators: in a numbered game diagram, a square's screen-reader label: "f5, Black, move 1"
        said.append(_("move {number}").format(number=number))
    better = name in view.better
    if better and view.better_instead:
        # Translators: in a square's screen-reader label, in the review: the move that should have been played
        # instead of the one played to the position shown: "a3, empty, better move instead of b8"
        said.append(_("better move instead of {move}").format(move=view.better_instead))
    elif better:
        # Translators: in a square's screen-reader label, in the review: the engine's better move here
        said.append(_("better move"))
    if value is not None:
        # Translators: in a square's screen-reader label, the teaching overlay's value of the square: "value +4"
        said.append(_("square value {value}").format(value=f"+{value}" if value > 0 else value))
    stable = color is not None and name in view.stable
    if stable:
        # Translators: in a square's screen-reader label, the study overlay: a disc that can never be flipped
        said.append(_("stable"))
    if in_line is not None:
        # Translators: in a square's screen-reader label, while a line (the analysis', the review's better
        # move) is shown on the board: the move of the line played there, "in the line shown: 3. Black"
        said.append(_("in the line shown: {number}. {side}").format(number=in_line[0],
                                                                      side=view.side_names[in_line[1]]))
    label = join_list(said)
    attrs = (
        f'class="{" ".join(classes)}" data-square="{name}" data-state="{state}"'
        + (' data-legal="true"' if legal else "")
        + (' data-marked="true"' if marked else "")
        + (f' data-sign="{sign}"' if sign else "")
        + (' data-better="true"' if better else "")
        + (' data-stable="true"' if stable else "")
        + ("" if value is None else f' data-value="{value}"')
        + ("" if in_line is None else f' data-line-move="{in_line[0]}"')
        + (f' id="sq-{name}" role="gridcell"' if view.grid else ' role="img"')
        + f' aria-label="{escape(label)}"'
        + ("" if legal or view.editable or not view.grid else ' aria-disabled="true"')
        + f' transform="translate({x} {y})"'
    )
    parts = [f"<g {attrs}>", f'<rect class="cell" width="{SQUARE}" height="{SQUARE}"/>']
    if sign in SIGN_FILLS:
        parts.append(f'<rect class="sign" width="{SQUARE}" height="{SQUARE}" fill="{SIGN_FILLS[sign]}" '
                     'fill-opacity="0.8" pointer-events="none"/>')
    if value is not None:
        parts.append(_value_mark(value, color is None))
    if color is not None:
        side = SIDES.index(state)
        mark = view.disc_marks and side == 1
        if name in view.flipped and not view.still:
            old = view.colors[1 - side]
            parts.append(_disc(color, "disc flip", old, mark=mark, old_mark=view.disc_marks and side == 0))
        elif last and not view.still:
            parts.append(_disc(color, "disc placed", mark=mark))
        else:
            parts.append(_disc(color, mark=mark))
        if number is not None:
            parts.append(_move_number(number, color))
        elif last:
            parts.append(f'<circle class="last-mark" cx="{half_square()}" cy="{half_square()}" r="8"/>')
    elif legal:
        c = half_square()
        if ghost is not None and in_line is None:
            parts.append(f'<circle class="ghost" cx="{c}" cy="{c}" r="{DISC_RADIUS}" fill="url(#disc-{ghost})"/>')
        # a line's disc stands where the dot or the hint's value was (the value moves to a corner)
        if in_line is None and hint is None:
            parts.append(f'<circle class="dot" cx="{c}" cy="{c}" r="11"/>')
        elif hint is not None:
            css = "hint best" if name in view.hint_best else "hint"
            if in_line is None:
                parts.append(f'<text class="{css}" x="{c}" y="{c + 1}">{escape(hint)}</text>')
            else:  # small, in the corner the line's disc leaves free
                parts.append(f'<text class="{css} corner" x="{SQUARE - 4}" y="{SQUARE - 5}">{escape(hint)}</text>')
    if last and view.glyph:
        parts.append(_glyph_badge(view.glyph))
    if sign and sign not in SIGN_FILLS:
        parts.append(_letter(sign, color))
    if better:
        c = half_square()
        if color is None and view.better_side is not None and in_line is None:
            # the disc that should have been played, faint: whose move it was, not the side to move now
            parts.append(f'<circle class="better-disc" cx="{c}" cy="{c}" r="{DISC_RADIUS}" '
                         f'fill="url(#disc-{view.colors[view.better_side]})" fill-opacity="0.6" '
                         'pointer-events="none"/>')
        parts.append(f'<circle class="better-ring" cx="{c}" cy="{c}" r="{DISC_RADIUS - 2}"/>')
    if stable:
        c, r = half_square(), 7
        # a diamond in the disc's middle, in a colour that shows on either side's discs
        parts.append(f'<path class="stable-mark" d="M{c} {c - r}L{c + r} {c}L{c} {c + r}L{c - r} {c}Z" '
                     'fill="#2ec4b6" stroke="#0b3d38" stroke-width="2" pointer-events="none"/>')
    if in_line is not None:
        line_color = view.colors[in_line[1]]
        parts.append(_line_disc(line_color, in_line[0], color is not None, view.disc_marks and in_line[1] == 1))
    if marked:
        parts.append(f'<rect class="mark-ring" x="3" y="3" width="{SQUARE - 6}" height="{SQUARE - 6}" rx="4"/>')
    if name == view.cursor:
        parts.append(f'<rect class="cursor-ring" x="5" y="5" width="{SQUARE - 10}" height="{SQUARE - 10}" rx="8"/>')
    parts.append("</g>")
    return "".join(parts)


def half_square() -> int:
    return SQUARE // 2


# -- the static board of index.html ---------------------------------------------

INDEX_START = "<!-- board:start (the site generator draws the start board here: reversi/tools/build.py) -->"
INDEX_END = "<!-- board:end -->"


def splice_board(html: str, svg: str) -> str:
    """``html`` with the markup between the board markers replaced by ``svg``."""
    start = html.index(INDEX_START) + len(INDEX_START)
    end = html.index(INDEX_END, start)
    return html[:start] + svg + html[end:]


def board_in_html(html: str) -> str:
    """The markup between the board markers of ``html``."""
    start = html.index(INDEX_START) + len(INDEX_START)
    return html[start : html.index(INDEX_END, start)]

