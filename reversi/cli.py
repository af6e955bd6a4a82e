"""The command line: ``python -m reversi SUBCOMMAND ...``.

Every subcommand takes the same rule options (``add_rule_options``) and builds
its start position with ``start_from_args``. Bad input exits with status 2 and a
one-line ``error: ...`` message naming the problem. The AI's subcommands (solve,
best, match) are registered from :mod:`reversi.cli_ai`.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import replace

from .errors import ReversiError
from .game import Game
from .geometry import COLUMN_LETTERS
from .notation import board_rows, parse_position, play_transcript, position_to_string, rules_for_position
from .perft import perft
from .position import Position
from .rules import BLACK, COLOR_NAMES, WHITE, Rules, random_blocked


def add_rule_options(parser: argparse.ArgumentParser) -> None:
    g = parser.add_argument_group("rule options")
    g.add_argument("--rules", default="othello", metavar="NAME", help="othello (default), classic or octagon")
    g.add_argument("--size", type=int, default=None, metavar="N", help="board side, even, 4 to 16 (default 8)")
    g.add_argument("--anti", action="store_true", help="Anti: fewer discs wins")
    g.add_argument("--free-opening", action="store_true", help="the centre starts empty and is filled freely")
    g.add_argument(
        "--blocked",
        default="",
        metavar="SQUARES|COUNT",
        help="blocked squares: a list like a1,c3 or a count of random squares (see --seed)",
    )
    g.add_argument("--seed", type=int, default=0, help="seed for random blocked squares (default 0)")
    g.add_argument("--handicap", type=int, default=0, metavar="K", help="corner handicap, 1 to 4 discs")
    g.add_argument(
        "--handicap-color", choices=("black", "white"), default="black", help="who receives the handicap"
    )


def rules_from_args(args: argparse.Namespace) -> Rules:
    blocked_text = args.blocked.strip()
    count = 0
    names: tuple[str, ...] = ()
    if blocked_text.isdigit():
        count = int(blocked_text)
    elif blocked_text:
        names = tuple(n for n in blocked_text.replace(",", " ").split() if n)
    rules = Rules(
        args.rules,
        size=8 if args.size is None else args.size,
        anti=args.anti,
        free_opening=args.free_opening,
        blocked=names,
        handicap=args.handicap,
        handicap_color=BLACK if args.handicap_color == "black" else WHITE,
    )
    if count:
        rules = random_blocked(rules, count, args.seed)
    return rules


def start_from_args(args: argparse.Namespace) -> Position:
    """The position given by ``--position`` (or the start), under the rule options."""
    rules = rules_from_args(args)
    text = getattr(args, "position", None)
    if not text:
        return Position.start(rules)
    if args.size is None and not args.blocked:
        # a bare position string brings its own size and blocked squares
        rules = rules_for_position(text, replace(rules, handicap=0))
    return parse_position(text, rules)


def game_from_args(args: argparse.Namespace) -> Game:
    return play_transcript(start_from_args(args), " ".join(getattr(args, "moves", []) or []))


# -- subcommands -------------------------------------------------------------------


def cmd_perft(args: argparse.Namespace) -> int:
    if args.depth < 0:
        raise ReversiError(f"perft depth {args.depth} must be 0 or more")
    game = game_from_args(args)
    print(perft(game.position, args.depth))
    return 0


def cmd_legal(args: argparse.Namespace) -> int:
    game = game_from_args(args)
    pos = game.position
    g = pos.rules.geometry
    moves = {g.name(i): g.bits_to_names(f) for i, f in pos.moves_with_flips().items()}
    if args.json:
        out = {
            "to_move": COLOR_NAMES[pos.turn],
            "moves": moves,
            "pass": pos.must_pass,
            "over": pos.is_over,
        }
        print(json.dumps(out))
        return 0
    side = pos.rules.side_names[pos.turn]
    if pos.is_over:
        print("The game is over: no legal moves.")
    elif pos.must_pass:
        print(f"{side} has no move and must pass.")
    else:
        print(f"{side} to move, {len(moves)} legal moves:")
        for name, flipped in moves.items():
            print(f"  {name}: {' '.join(flipped) if flipped else '(flips nothing)'}")
    return 0


def board_text(pos: Position) -> str:
    """The board as text with coordinates: X black, O white, * legal, . empty, # off-board."""
    g = pos.rules.geometry
    lines = ["    " + " ".join(COLUMN_LETTERS[: g.width])]
    for row, cells in enumerate(board_rows(pos, marks=pos.legal, empty=".")):
        lines.append(f"{row + 1:>3} " + " ".join(cells))
    return "\n".join(lines)


def status_text(pos: Position) -> str:
    names = pos.rules.side_names
    result = pos.result()
    if result is not None:
        if result.winner is None:
            return f"Draw {result.score}"
        return f"{names[result.winner]} wins {result.score}"
    if pos.must_pass:
        return f"{names[pos.turn]} has no move and must pass"
    return f"{names[pos.turn]} to move"


def cmd_replay(args: argparse.Namespace) -> int:
    game = game_from_args(args)
    pos = game.position
    result = pos.result()
    if args.json:
        out = {
            "rules": pos.rules.describe(),
            "position": position_to_string(pos),
            "to_move": COLOR_NAMES[pos.turn],
            "over": pos.is_over,
            "black": pos.count(BLACK),
            "white": pos.count(WHITE),
            "result": None if result is None else result.winner_name,
            "score": None if result is None else result.score,
            "moves": len([m for m in game.moves if m >= 0]),
        }
        print(json.dumps(out))
        return 0
    print(board_text(pos))
    print(f"Black (X) {pos.count(BLACK)}, {pos.rules.side_names[WHITE]} (O) {pos.count(WHITE)}")
    print(status_text(pos))
    return 0


class _Parser(argparse.ArgumentParser):
    """argparse, with a bad command line reported in one line like every other error."""

    def error(self, message: str):  # type: ignore[override]
        self.exit(2, f"error: {message} (see {self.prog} --help)\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="python -m reversi",
        description="Reversi and Othello: rules, notation and AI from the command line.",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    p = sub.add_parser("perft", help="count the leaves of the game tree to a depth")
    p.add_argument("depth", type=int, metavar="DEPTH")
    add_rule_options(p)
    p.add_argument("--position", metavar="POS", help="start from this position string")
    p.add_argument("moves", nargs="*", metavar="MOVES", help="moves played first (a transcript)")
    p.set_defaults(func=cmd_perft)

    p = sub.add_parser("legal", help="the legal moves and what each flips")
    add_rule_options(p)
    p.add_argument("--position", metavar="POS", help="start from this position string")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.add_argument("moves", nargs="*", metavar="MOVES", help="a transcript to play first, e.g. f5d6c3")
    p.set_defaults(func=cmd_legal)

    p = sub.add_parser("replay", help="play a transcript and show the board and result")
    add_rule_options(p)
    p.add_argument("--position", metavar="POS", help="start from this position string")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.add_argument("moves", nargs="*", metavar="MOVES", help="a transcript, e.g. 'f5 d6 c3' or '1. F5 d6'")
    p.set_defaults(func=cmd_replay)

    try:
        from . import cli_ai
    except ImportError:  # the AI is optional for the rules-only command line
        cli_ai = None
    if cli_ai is not None:
        cli_ai.register(sub, add_rule_options)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args.func(args)
    except ReversiError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
