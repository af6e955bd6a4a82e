"""The rules' subcommands of ``python -m reversi``: ``perft``, ``legal`` and ``replay``."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from reversi.cli.options import add_rule_options, game_from_args, passed_last, say_pass, whole
from reversi.core.geometry import COLUMN_LETTERS
from reversi.core.perft import perft
from reversi.core.position import Position, board_rows
from reversi.core.rules import BLACK, COLOR_NAMES, WHITE
from reversi.errors import ReversiError
from reversi.formats.notation import clean_copied, describe_form, position_to_string, transcript_form
from reversi.i18n import _, ngettext

#: Deeper than this, perft warns first: 8x8's depth 11 is already minutes in pure Python.
PERFT_QUICK = 9


def cmd_perft(args: argparse.Namespace) -> int:
    game = game_from_args(args)
    most = game.position.empty.bit_count() + 2  # no game goes deeper (two passes end it)
    if not 0 <= args.depth <= most:
        raise ReversiError(
            _("perft depth {depth} is out of range: 0 to {most} (the empty squares, and the passes)").format(
                depth=args.depth, most=most
            )
        )
    if args.depth > PERFT_QUICK and game.position.empty.bit_count() > PERFT_QUICK:
        # Translators: perft's warning before a deep count (the tree grows about tenfold a ply)
        print(_("note: perft {depth} counts a tree that grows about tenfold a ply: it may run for hours "
                "(Ctrl-C stops it)").format(depth=args.depth), file=sys.stderr, flush=True)
    print(perft(game.position, args.depth))
    return 0


def cmd_legal(args: argparse.Namespace) -> int:
    game = game_from_args(args)
    pos = game.position
    g = pos.rules.geometry
    moves = {g.name(i): g.bits_to_names(f) for i, f in pos.moves_with_flips().items()}
    passed = passed_last(game)
    if args.json:
        out = {
            "to_move": COLOR_NAMES[pos.turn],
            "moves": moves,
            # the side that was to move had no move: it passed, and "to_move" moves now
            "pass": passed or pos.must_pass,
            "over": pos.is_over,
        }
        print(json.dumps(out))
        return 0
    names = pos.rules.display_side_names()
    side = names[pos.turn]
    say_pass(game)
    if pos.is_over:
        print(_("The game is over: no legal moves."))
    elif pos.must_pass:
        # Translators: {side} is a side's name: Black, White (Red in Classic Reversi)
        print(_("{side} has no move and must pass.").format(side=side))
    else:
        # Translators: {side} is a side's name: Black, White (Red in Classic Reversi); the moves follow, one a line
        print(ngettext("{side} to move, {n} legal move:", "{side} to move, {n} legal moves:", len(moves)).format(
            side=side, n=len(moves)
        ))
        # Translators: a legal move that turns no disc (in the opening of Classic Reversi)
        nothing = _("(flips nothing)")
        for name, flipped in moves.items():
            print(f"  {name}: {' '.join(flipped) if flipped else nothing}")
    return 0


def board_text(pos: Position) -> str:
    """The board as text with coordinates: X black, O white, * legal, . empty, # off-board."""
    g = pos.rules.geometry
    lines = ["    " + " ".join(COLUMN_LETTERS[: g.width])]
    for row, cells in enumerate(board_rows(pos, marks=pos.legal, empty=".")):
        lines.append(f"{row + 1:>3} " + " ".join(cells))
    return "\n".join(lines)


def status_text(pos: Position) -> str:
    names = pos.rules.display_side_names()
    result = pos.result()
    if result is not None:
        return result.describe(names)
    if pos.must_pass:
        # Translators: {side} is a side's name: Black, White (Red in Classic Reversi)
        return _("{side} has no move and must pass").format(side=names[pos.turn])
    # Translators: {side} is a side's name: Black, White (Red in Classic Reversi)
    return _("{side} to move").format(side=names[pos.turn])


def cmd_replay(args: argparse.Namespace) -> int:
    game = game_from_args(args)
    pos = game.position
    result = pos.result()
    if args.json:
        out = {
            "rules": pos.rules.describe("en"),  # data: the same in every language
            "position": position_to_string(pos),
            "to_move": COLOR_NAMES[pos.turn],
            "over": pos.is_over,
            "black": pos.count(BLACK),
            "white": pos.count(WHITE),
            "result": None if result is None else result.winner_name,
            "score": None if result is None else result.score,
            "moves": len([m for m in game.moves if m >= 0]),
            # the side that was to move had no move: it passed, and "to_move" moves now
            "pass": passed_last(game) or pos.must_pass,
        }
        print(json.dumps(out))
        return 0
    print(board_text(pos))
    names = pos.rules.display_side_names()
    # Translators: the disc counts under the board: "Black (X) 5, White (O) 2"; X and O are the board's letters
    print(_("{black} (X) {black_count}, {white} (O) {white_count}").format(
        black=names[BLACK], black_count=pos.count(BLACK), white=names[WHITE], white_count=pos.count(WHITE)
    ))
    say_pass(game)
    print(status_text(pos))
    words = " ".join(getattr(args, "moves", []) or [])
    if words.strip():
        cleaned, removed = clean_copied(words)
        # Translators: how the command line's moves were written: "moves read: numbered, capital letters"
        print(_("moves read: {form}").format(form=describe_form(transcript_form(cleaned, removed))), file=sys.stderr)
    return 0


def register(sub: argparse._SubParsersAction[Any]) -> None:
    """Add ``perft``, ``legal`` and ``replay`` to the parser's subcommands."""
    p = sub.add_parser("perft", help=_("count the leaves of the game tree to a depth"))
    p.add_argument("depth", type=whole, metavar=_("DEPTH"))
    add_rule_options(p)
    p.add_argument("--position", metavar=_("POS"), help=_("start from this position string"))
    p.add_argument("moves", nargs="*", default=[], metavar=_("MOVES"), help=_("moves played first (a transcript)"))
    p.set_defaults(func=cmd_perft)

    p = sub.add_parser("legal", help=_("the legal moves and what each flips"))
    add_rule_options(p)
    p.add_argument("--position", metavar=_("POS"), help=_("start from this position string"))
    p.add_argument("--json", action="store_true", help=_("print JSON"))
    p.add_argument("moves", nargs="*", metavar=_("MOVES"), help=_("a transcript to play first, e.g. f5d6c3"))
    p.set_defaults(func=cmd_legal)

    p = sub.add_parser("replay", help=_("play a transcript and show the board and result"))
    add_rule_options(p)
    p.add_argument("--position", metavar=_("POS"), help=_("start from this position string"))
    p.add_argument("--json", action="store_true", help=_("print JSON"))
    p.add_argument("moves", nargs="*", metavar=_("MOVES"), help=_("a transcript, e.g. 'f5 d6 c3' or '1. F5 d6'"))
    p.set_defaults(func=cmd_replay)
