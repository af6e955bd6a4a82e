"""Teachers' subcommands: ``svg`` (a standalone diagram) and ``puzzle`` (a puzzle's link).

* ``svg``: the page's own board (:mod:`reversi.drawing.render`), painted so that it needs no
  style sheet or script (:func:`reversi.drawing.diagram.standalone_svg`), for handouts and books;
  ``--numbers`` draws the game as a numbered diagram (:func:`reversi.drawing.diagram.numbered_view`),
  ``--from K`` splits it in two.
* ``puzzle``: the engine values every legal move of a position once (exactly where the
  solver reaches the end) and prints the embed's address that carries the answers
  (:mod:`reversi.ui.embed.puzzle`), or with ``--html`` the iframe to paste into a page;
  ``--set FILE`` does so for each position of a file, all in one link
  (:mod:`reversi.ui.embed.puzzle_set`).
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from reversi.cli.options import add_rule_options, check_exact_empties, decimal, game_from_args, whole
from reversi.core.game import Game
from reversi.core.position import PASS, Position
from reversi.drawing.diagram import MAX_SIZE, MIN_SIZE, THEMES, position_view, standalone_svg
from reversi.drawing.diagram import numbered_svg as diagram_svg
from reversi.errors import ReversiError
from reversi.i18n import _
from reversi.ui.embed.puzzle import Puzzle


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
    if not MIN_SIZE <= args.width <= MAX_SIZE:
        raise ReversiError(
            _("--width {width} is out of range: {least} to {most} pixels").format(
                width=args.width, least=MIN_SIZE, most=MAX_SIZE
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
    if args.split is not None and placed < 2:
        # Translators: svg --numbers --from K of a game of fewer than two moves: there is nothing to split
        raise ReversiError(_("--from splits a game of at least 2 moves; this one has {n}").format(n=placed))
    if args.split is not None and not 1 <= args.split < placed:
        raise ReversiError(_("--from {k} is out of range: 1 to {most} (the moves given, less one)").format(
            k=args.split, most=placed - 1))
    return diagram_svg(game.start, moves, args.split, args.width, args.theme, rotated=args.flip)


def split_app_address(text: str) -> tuple[str, str]:
    """``--url``: the app's address without its query, and the query (``lang=cs``), which goes first
    in the puzzle's own. Only an http(s) address or a path relative to the page is taken (never
    ``javascript:`` or ``data:``, which an iframe would run); raises ReversiError naming it."""
    from urllib.parse import urlsplit, urlunsplit

    raw = text.strip()
    try:
        parts = urlsplit(raw)
    except ValueError:
        parts = None
    scheme = parts.scheme.lower() if parts is not None else "?"
    if parts is None or any(c.isspace() or c in "<>\"'`" for c in raw) or not (
            (scheme in ("http", "https") and parts.netloc) or (not scheme and not parts.netloc)):
        raise ReversiError(
            # Translators: the puzzle command's --url: only a web address or a relative path is taken
            _("--url {url!r} is not an http(s) address or a path: e.g. https://NAME.github.io/REPO/").format(
                url=raw[:60]))
    path = parts.path or ("/" if scheme else "./")
    return urlunsplit((parts.scheme, parts.netloc, path, "", "")), parts.query


def cmd_puzzle(args: argparse.Namespace) -> int:
    from reversi.ui.embed.puzzle import puzzle_query
    from reversi.ui.embed.snippets import embed_url, viewer_snippet

    if not 0.05 <= args.seconds <= 600:
        raise ReversiError(_("--seconds {seconds} is out of range: 0.05 to 600").format(seconds=args.seconds))
    split_app_address(args.url)  # refused before the engine works out any answer
    if args.set is not None:
        if args.text:
            raise ReversiError(_("--set reads the positions from its file: give no position or moves beside it"))
        return _puzzle_set(args)
    app, extra = split_app_address(args.url)
    game = _game_at(args)
    position = game.position
    query = puzzle_query(position, _answers(position, args))
    query = f"{extra}&{query}" if extra else query
    if args.html:
        print(viewer_snippet(app, query, args.caption, view="puzzle"))
    else:
        print(embed_url(app, query, args.caption, view="puzzle"))
    return 0


def _answers(position: Position, args: argparse.Namespace) -> Puzzle:
    """The puzzle at ``position``: the engine's values of its moves, within ``--seconds``."""
    from reversi.engine.api import answer_analyse
    from reversi.engine.protocol import AnalyseRequest, Limits
    from reversi.ui.embed.puzzle import puzzle_from_analysis

    if position.must_pass or position.is_over:
        raise ReversiError(_("puzzle: the side to move has no move to find here"))
    check_exact_empties(args.exact, "--exact")
    reply = answer_analyse(AnalyseRequest.at(position, limits=Limits(seconds=args.seconds, exact_empties=args.exact)))
    return puzzle_from_analysis(position, reply.to_json())


#: The largest file ``puzzle --set`` reads (bytes).
MAX_SET_FILE = 1_000_000


def _set_lines(path: str) -> list[tuple[int, str]]:
    """The positions of a set's file (``-``: standard input): ``(line number, text)``, blank lines and
    comments (``#`` and a space) left out."""
    from reversi.ui.embed.puzzle_set import MAX_PUZZLES

    try:
        if path == "-":
            data = sys.stdin.buffer.read(MAX_SET_FILE + 1)
        else:
            with open(path, "rb") as f:
                data = f.read(MAX_SET_FILE + 1)
    except OSError as e:
        raise ReversiError(_("cannot read {path}: {reason}").format(path=path, reason=e.strerror)) from e
    if len(data) > MAX_SET_FILE:
        raise ReversiError(_("{path}: more than {most} bytes; a set's file lists positions, one a line").format(
            path=path, most=f"{MAX_SET_FILE:,}"))
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise ReversiError(_("{path}: not UTF-8 text (byte {offset})").format(path=path, offset=e.start + 1)) from e
    # a comment is '#' and a space ('##---' begins an octagon's position string)
    lines = [(n, line.strip()) for n, line in enumerate(text.splitlines(), 1)
             if line.strip() and line.strip() != "#" and not line.strip().startswith("# ")]
    if not lines:
        raise ReversiError(_("{path}: no position in it (one a line: a position string or the moves of a game)").format(
            path=path))
    if len(lines) > MAX_PUZZLES:
        raise ReversiError(_("{path}: {n} positions, but a set holds at most {most}").format(
            path=path, n=len(lines), most=MAX_PUZZLES))
    return lines


def _puzzle_set(args: argparse.Namespace) -> int:
    """``puzzle --set FILE``: a puzzle of each line's position, all in one link."""
    from reversi.ui.embed.puzzle_set import check_set_address, least_set_query, puzzle_set_query
    from reversi.ui.embed.snippets import embed_url, viewer_snippet

    def line_error(number: int, e: ReversiError) -> ReversiError:
        # Translators: a puzzle set's file is wrong on one line: "positions.txt, line 3: ..."
        return ReversiError(_("{path}, line {line}: {error}").format(path=args.set, line=number, error=e))

    lines = _set_lines(args.set)
    positions = []
    for number, line in lines:
        ns = argparse.Namespace(**vars(args))
        ns.text = line.split()
        try:
            positions.append((number, _game_at(ns).position))
        except ReversiError as e:
            raise line_error(number, e) from None
    app, extra = split_app_address(args.url)

    def address(query: str) -> tuple[str, str]:
        query = f"{extra}&{query}" if extra else query
        return query, embed_url(app, query, args.caption, view="puzzle")

    # a set too long for an address even with the shortest answers: said before any search
    check_set_address(address(least_set_query([p for _n, p in positions]))[1], len(positions))
    entries = []
    for number, position in positions:
        try:
            entries.append((position, _answers(position, args)))
        except ReversiError as e:
            raise line_error(number, e) from None
        if sys.stderr.isatty():
            print(_("puzzle {number} of {total} worked out").format(number=len(entries), total=len(lines)),
                  file=sys.stderr)
    query, url = address(puzzle_set_query(entries))
    check_set_address(url, len(entries))
    print(viewer_snippet(app, query, args.caption, view="puzzle") if args.html else url)
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
    p.add_argument("--set", default=None, metavar=_("FILE"),
                   help=_("a puzzle set: a puzzle of each line of FILE (a position string or the moves of a "
                          "game, with --at for all), in one link; '-' reads standard input"))
    p.set_defaults(func=cmd_puzzle)
