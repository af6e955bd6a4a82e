"""The evaluation graph: its drawing and its words (pure; the element is :mod:`reversi.ui.dom.graph`).

The values are the study engine's (:meth:`reversi.ui.drivers.study.StudyDriver.graph_points`),
in discs from Black's side (the first player's): above the middle line Black is doing better,
below it White (in Anti too, where "better" is heading for fewer discs). The scale is a power
of two times eight discs, as large as the largest value needs, written in the top and bottom
corners: "Black +16 discs", "White +16 discs".

A point is named as the move list names its move (:func:`reversi.ui.move_list.move_said`), and its
value is said as who is ahead by how much: "6. Black g2: White +20 (exact) · blunder"
(:func:`point_text`); that is the point's tooltip, the line under the graph for the point pointed
at or looked at with the keys, and what a screen reader is told.
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape

from reversi.core.game import Game
from reversi.i18n import _, ngettext
from reversi.ui.drivers.study import MoveReview, value_text
from reversi.ui.move_list import move_said

GRAPH_WIDTH = 320
GRAPH_HEIGHT = 96
#: Room above and below the curve, and left and right of it.
PAD = 6
#: The smallest scale (centidiscs from the middle line to the top).
MIN_SCALE = 800

#: ``(ply, value from Black's side in centidiscs or None while unknown, exact)``.
Point = tuple[int, int | None, bool]


def graph_scale(points: list[Point]) -> int:
    """The value at the graph's top edge (centidiscs): 8 discs, doubled until every value fits."""
    top = max([MIN_SCALE, *(abs(v) for _, v, _ in points if v is not None)])
    scale = MIN_SCALE
    while scale < top:
        scale *= 2
    return scale


def graph_names(game: Game) -> dict[int, str]:
    """Each main-line position's name, by ply: its move as the move list names it ("6. Black g2")."""
    return {node.depth: move_said(game, node) for node in game.main_line()}


def lead_text(value: int, exact: bool, side_names: tuple[str, str]) -> str:
    """Who is ahead, by how many discs: "Black +2.5", "White +20", or "even"."""
    if round(abs(value) / 100, 0 if exact else 1) == 0:  # as value_text would write it: 0
        # Translators: the evaluation graph: neither side is ahead
        return _("even")
    return f"{side_names[0 if value > 0 else 1]} {value_text(abs(value), exact)}"


def point_text(name: str, value: int | None, exact: bool, kind: str, side_names: tuple[str, str]) -> str:
    """One point in words: "6. Black g2: White +20 (exact) · blunder"."""
    if value is None:
        # Translators: a point of the evaluation graph that the engine has not valued yet: "6. Black g2: not valued yet"
        return _("{move}: not valued yet").format(move=name)
    text = f"{name}: {lead_text(value, exact, side_names)}"
    if exact:
        # Translators: the evaluation graph: a value the solver has exactly (not the search's estimate)
        text += " " + _("(exact)")
    if kind == "blunder":
        # Translators: a point of the evaluation graph where the move played was a blunder
        text += " · " + _("blunder")
    elif kind == "mistake":
        # Translators: a point of the evaluation graph where the move played was a mistake
        text += " · " + _("mistake")
    return text


def graph_caption(anti: bool) -> str:
    """The graph's sign convention, its accessible name's start."""
    if anti:
        # Translators: the evaluation graph's caption (its sign convention), in Anti
        return _("Values in discs from Black's side: above the line Black is better "
                 "(in Anti: heading for fewer discs).")
    # Translators: the evaluation graph's caption (its sign convention)
    return _("Values in discs from Black's side: above the line Black is better.")


def render_graph(
    points: list[Point],
    current: int | None,
    marks: Mapping[int, MoveReview] | None = None,
    anti: bool = False,
    names: Mapping[int, str] | None = None,
    side_names: tuple[str, str] = ("Black", "White"),
    looked: int | None = None,
) -> str:
    """The evaluation graph as SVG (``#eval-graph``): one point ``[data-ply]`` per evaluated position.

    ``points`` are (ply, value from Black's side or None, exact); ``current`` the ply
    shown (on the main line), ``marks`` the review's, ``names`` each ply's move
    (:func:`graph_names`; else its number), ``looked`` the ply pointed at or looked at with
    the keys (a guide line). Exact points are filled, estimates hollow; mistakes and
    blunders carry their class. The scale is written in the corners.
    """
    marks = marks or {}
    names = names or {}
    scale = graph_scale(points)
    last = max(1, points[-1][0] if points else 1)

    def x(ply: int) -> float:
        return round(PAD + (GRAPH_WIDTH - 2 * PAD) * ply / last, 1)

    def y(value: int) -> float:
        return round(GRAPH_HEIGHT / 2 - (GRAPH_HEIGHT / 2 - PAD) * value / scale, 1)

    caption = graph_caption(anti)
    discs = scale // 100
    # Translators: the evaluation graph's scale, in its top left corner ("Black +8 discs": the top edge) and
    # bottom left corner ("White +8 discs"); {side} is the side's name
    corner = ngettext("{side} +{n} disc", "{side} +{n} discs", discs)
    top_edge, bottom_edge = y(scale), y(-scale)
    out = [
        f'<svg id="eval-graph" class="eval-graph" viewBox="0 0 {GRAPH_WIDTH} {GRAPH_HEIGHT}" role="img" '
        f'aria-label="{escape(caption)}" data-scale="{discs}">',
        f"<title>{escape(caption)}</title>",
        f'<line class="edge" x1="{PAD}" x2="{GRAPH_WIDTH - PAD}" y1="{top_edge}" y2="{top_edge}"/>',
        f'<line class="edge" x1="{PAD}" x2="{GRAPH_WIDTH - PAD}" y1="{bottom_edge}" y2="{bottom_edge}"/>',
        f'<line class="axis" x1="{PAD}" x2="{GRAPH_WIDTH - PAD}" y1="{GRAPH_HEIGHT / 2}" y2="{GRAPH_HEIGHT / 2}"/>',
        f'<text class="scale" x="{PAD + 2}" y="{top_edge + 11}" aria-hidden="true">'
        f"{escape(corner.format(side=side_names[0], n=discs))}</text>",
        f'<text class="scale" x="{PAD + 2}" y="{bottom_edge - 4}" aria-hidden="true">'
        f"{escape(corner.format(side=side_names[1], n=discs))}</text>",
    ]
    line = [f"{x(p)},{y(v)}" for p, v, _ in points if v is not None]
    if len(line) > 1:
        out.append(f'<polyline class="curve" points="{" ".join(line)}"/>')
    if looked is not None and 0 <= looked <= last:
        out.append(f'<line class="looked" x1="{x(looked)}" x2="{x(looked)}" y1="{PAD}" y2="{GRAPH_HEIGHT - PAD}"/>')
    drawn = []
    for ply, value, exact in points:
        if value is None:
            continue
        classes = ["point", "exact" if exact else "estimate"]
        review = marks.get(ply)
        kind = review.kind if review is not None else ""
        if kind:
            classes.append(kind)
        if ply == current:
            classes.append("current")
        if ply == looked:
            classes.append("looked")
        label = point_text(names.get(ply, str(ply)), value, exact, kind, side_names)
        radius = 4.4 if kind or ply == looked else 4 if ply == current else 2.6
        # the review's marks are drawn last, over their neighbours
        drawn.append((bool(kind), f'<circle class="{" ".join(classes)}" data-ply="{ply}" cx="{x(ply)}" '
                                  f'cy="{y(value)}" r="{radius}"><title>{escape(label)}</title></circle>'))
    out.extend(markup for _, markup in sorted(drawn, key=lambda d: d[0]))
    if current is not None:
        out.append(f'<line class="now" x1="{x(current)}" x2="{x(current)}" y1="{PAD}" y2="{GRAPH_HEIGHT - PAD}"/>')
    out.append("</svg>")
    return "".join(out)


__all__ = [
    "GRAPH_HEIGHT",
    "GRAPH_WIDTH",
    "Point",
    "graph_caption",
    "graph_names",
    "graph_scale",
    "lead_text",
    "point_text",
    "render_graph",
]
