"""Teachers' subcommands: ``svg`` (a standalone diagram) and ``puzzle`` (a puzzle's link).

* ``svg``: the page's own board (:mod:`reversi.drawing.render`), painted so that it needs no
  style sheet or script (:func:`reversi.drawing.diagram.standalone_svg`), for handouts and books;
  ``--numbers`` draws the game as a numbered diagram (:func:`reversi.drawing.diagram.numbered_view`),
  ``--from K`` splits it in two.
* ``puzzle``: the engine values every legal move of a position once (exactly where the
  solver reaches the end) and prints the embed's address that carries the answers
  (:mod:`reversi.ui.embed.puzzle`), or with ``--html`` the iframe to paste into a page.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from reversi.cli.options import add_rule_options, decimal, game_from_args, whole
from reversi.core.game import Game
from reversi.core.position import PASS
from reversi.drawing.diagram import THEMES, position_view, standalone_svg
from reversi.drawing.diagram import numbered_svg as diagram_svg
from reversi.errors import ReversiError
from reversi.i18n import _

MIN_PX, MAX_PX = 64, 4096


def _game(args: argparse.Namespace) -> Game:
    """The game of the command line's words: moves, or a position string and the moves after it
    (the diagram's ``--at`` counts the moves from that position)."""
    ns = argparse.Namespace(**vars(args))
    ns.position, ns.moves = None, list(args.text or [])
    return game_from_args(ns)


def _game_at(args: argparse.Namespace) -> Game:
    """The game of the command line, shown after ``--at`` of its moves (default: all)."""
    game = _game(args)
    plies = len(game.line)
    at = plies if args.at is None else args.at
    if not 0 <= at <= plies:
        raise ReversiError(
            _("--at {at} is out of range: 0 to {most} (the moves given)").format(at=args.at, most=plies)
        )
    game.go_to(at)
    return game


def cmd_svg(args: argparse.Namespace) -> int:
    game = _game_at(args)
    if not MIN_PX <= args.width <= MAX_PX:
        raise ReversiError(
            _("--width {width} is out of range: {least} to {most} pixels").format(
                width=args.width, least=MIN_PX, most=MAX_PX
            )
        )
    at = game.ply
    rules = game.rules
    g = rules.geometry
    marks = []
    for name in args.marks.replace(",", " ").split():
        index = g.parse_square(name)  # raises the notation's error for a bad name
        if index in g.removed:
            raise ReversiError(_("--marks: {square} is not a square of this board").format(square=name))
        marks.append(index)
    if args.numbers or args.split is not None:
        body = numbered_svg(game, args)
    else:
        node = game.current  # what the move text put on it: its marks, letters, colours and glyph
        view = position_view(
            rules,
            game.position,
            last_move=game.line[at - 1] if at else None,
            glyph=node.glyph,
            signs=node.signs,
            marks=[*marks, *node.marks],
            show_legal=args.legal,
            rotated=args.flip,
            values=args.values,
        )
        body = standalone_svg(view, args.width, args.theme)
    svg = '<?xml version="1.0" encoding="UTF-8"?>\n' + body + "\n"
    if args.output in (None, "-"):
        sys.stdout.write(svg)
    else:
        try:
            with open(args.output, "w", encoding="utf-8") as out:
                out.write(svg)
        except OSError as e:
            raise ReversiError(_("cannot write {path}: {reason}").format(path=args.output, reason=e.strerror)) from e
    return 0




def numbered_svg(game: Game, args: argparse.Namespace) -> str:
    """``--numbers``: the game as a numbered diagram (every move's number on the square it was played
    on); with ``--from K`` two diagrams side by side, moves 1 to K and then the rest from the
    position after move K."""
    moves = [m for m in game.line if m is not None]
    placed = sum(1 for m in moves if m != PASS)
    if args.split is not None and not 1 <= args.split < placed:
        raise ReversiError(_("--from {k} is out of range: 1 to {most} (the moves given, less one)").format(
            k=args.split, most=placed - 1))
    return diagram_svg(game.start, moves, args.split, args.width, args.theme, rotated=args.flip)


def cmd_puzzle(args: argparse.Namespace) -> int:
    from reversi.engine.api import answer_analyse
    from reversi.engine.protocol import AnalyseRequest, Limits
    from reversi.ui.embed.puzzle import puzzle_query
    from reversi.ui.embed.snippets import embed_url, viewer_snippet

    game = _game_at(args)
    if not 0.05 <= args.seconds <= 600:
        raise ReversiError(_("--seconds {seconds} is out of range: 0.05 to 600").format(seconds=args.seconds))
    position = game.position
    reply = answer_analyse(AnalyseRequest.at(position, limits=Limits(seconds=args.seconds, exact_empties=args.exact)))
    query = puzzle_query(position, reply.to_json())
    if args.html:
        print(viewer_snippet(args.url, query, args.caption, view="puzzle"))
    else:
        print(embed_url(args.url, query, args.caption, view="puzzle"))
    return 0


def register(sub: argparse._SubParsersAction[Any]) -> None:
    """Add ``svg`` and ``puzzle`` to the parser's subcommands."""
    p = sub.add_parser("svg", help=_("draw a position as an SVG diagram (no style sheet needed)"))
    add_rule_options(p)
    p.add_argument("text", nargs="*", metavar=_("POSITION|MOVES"),
                   help=_("a position string, or the moves of a game (a transcript); default: the start"))
    p.add_argument("--at", type=whole, default=None, metavar="K",
                   help=_("draw the position after K of the moves (default: after all)"))
    p.add_argument("--marks", default="", metavar=_("SQUARES"), help=_("squares to mark, like d3,c4"))
    p.add_argument("--legal", action="store_true", help=_("dot the legal moves"))
    p.add_argument("--values", action="store_true",
                   help=_("square values: which squares are good (green) or bad (red) to take"))
    p.add_argument("--flip", action="store_true", help=_("turn the board around (a1 at the bottom right)"))
    p.add_argument("--numbers", action="store_true",
                   help=_("a numbered game diagram: each move's number on the square it was played on"))
    p.add_argument("--from", dest="split", type=whole, default=None, metavar="K",
                   help=_("with --numbers: two diagrams, moves 1 to K and then the rest"))
    # --width, not --size: --size is the board's side, as in every subcommand
    p.add_argument("--width", type=whole, default=400, metavar=_("PX"), help=_("width in pixels (default 400)"))
    p.add_argument("--theme", choices=THEMES, default="light", help=_("colours around the board (default light)"))
    p.add_argument("-o", "--output", default=None, metavar=_("FILE"), help=_("write to FILE (default: print)"))
    p.set_defaults(func=cmd_svg)

    p = sub.add_parser("puzzle", help=_("make a puzzle of a position: the embed's address, with the answers"))
    add_rule_options(p)
    p.add_argument("text", nargs="*", metavar=_("POSITION|MOVES"),
                   help=_("a position string, or the moves of a game (a transcript); default: the start"))
    p.add_argument("--at", type=whole, default=None, metavar="K",
                   help=_("the puzzle is the position after K of the moves (default: after all)"))
    p.add_argument("--seconds", type=decimal, default=5.0, metavar=_("SECONDS"),
                   help=_("the engine's time to value the moves (default 5)"))
    p.add_argument("--exact", type=whole, default=16, metavar="N",
                   help=_("solve exactly with N empty squares or fewer (default 16)"))
    p.add_argument("--url", default="./", metavar=_("ADDRESS"),
                   help=_("the app's address, e.g. https://NAME.github.io/REPO/ (default ./)"))
    p.add_argument("--caption", default="", metavar=_("TEXT"), help=_("a caption over the board"))
    p.add_argument("--html", action="store_true", help=_("print an iframe to paste into a page"))
    p.set_defaults(func=cmd_puzzle)
