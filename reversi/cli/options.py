"""The rule options every subcommand shares, and the positions they name.

``add_rule_options`` adds ``--rules``, ``--size``, ``--anti``, ``--free-opening``,
``--blocked``, ``--seed``, ``--handicap`` and ``--handicap-color``;
``rules_from_args`` turns them into :class:`~reversi.core.rules.Rules`;
``start_from_args``, ``game_from_args`` and ``text_game`` read the
position or transcript a subcommand was given (``say_pass``: the side asked about had to pass). Bad input raises
:class:`~reversi.errors.ReversiError`.
"""

from __future__ import annotations

import argparse
import re
from dataclasses import replace
from typing import Any

from reversi.core.game import Game
from reversi.core.position import OFF_CELL, PASS, Position
from reversi.core.rules import BLACK, WHITE, Rules, random_blocked
from reversi.errors import ReversiError, RulesError
from reversi.formats.notation import (
    BLACK_CELLS,
    EMPTY_CELLS,
    WHITE_CELLS,
    parse_position,
    play_transcript,
    rules_for_position,
)
from reversi.i18n import _

_CELLS = set(BLACK_CELLS + WHITE_CELLS + EMPTY_CELLS + OFF_CELL + "/")


def whole(text: str) -> int:
    """argparse's type for a whole number: ASCII digits only (not ``1_0``, ``٣`` or ``１``, which
    Python's ``int`` takes). A ValueError gives argparse's own (translated) complaint."""
    if not re.fullmatch(r"-?[0-9]{1,20}", text.strip()):
        raise ValueError(text)
    return int(text)


def decimal(text: str) -> float:
    """argparse's type for a number of seconds: ASCII only (not ``1_0`` or ``١``, which Python's
    ``float`` takes); its range (no NaN, no infinity) is the command's to check."""
    if not re.fullmatch(r"-?([0-9]{1,12}(\.[0-9]{0,9})?|\.[0-9]{1,9})([eE][-+]?[0-9]{1,3})?|-?(nan|inf)", text.strip()):
        raise ValueError(text)
    return float(text)


# argparse names the type in its complaint ("invalid int value: '1_0'"), as it did with int and float
whole.__name__ = "int"
decimal.__name__ = "float"


def add_rule_options(parser: argparse.ArgumentParser, *, openings: bool = False) -> None:
    """The rule options; ``openings``: the command draws openings too (``match``), from ``--seed``."""
    g = parser.add_argument_group(_("rule options"))
    g.add_argument("--rules", default="othello", metavar=_("NAME"), help=_("othello (default), classic or octagon"))
    g.add_argument("--size", type=whole, default=None, metavar="N", help=_("board side, even, 4 to 16 (default 8)"))
    g.add_argument("--anti", action="store_true", help=_("Anti: fewer discs wins"))
    g.add_argument("--free-opening", action="store_true", help=_("the centre starts empty and is filled freely"))
    g.add_argument(
        "--blocked",
        default="",
        metavar=_("SQUARES|COUNT"),
        help=_("blocked squares: a list like a1,c3 or a count of random squares (see --seed)"),
    )
    g.add_argument(
        "--seed", type=whole, default=0, metavar=_("SEED"),
        help=_("seed for random blocked squares and a match's openings (default 0)") if openings
        else _("seed for random blocked squares (default 0)"),
    )
    g.add_argument("--handicap", type=whole, default=0, metavar="K", help=_("corner handicap, 1 to 4 discs"))
    g.add_argument(
        "--handicap-color", choices=("black", "white"), default="black", help=_("who receives the handicap")
    )


def rules_from_args(args: argparse.Namespace) -> Rules:
    blocked_text = args.blocked.strip()
    count = 0
    names: tuple[str, ...] = ()
    if blocked_text.isascii() and blocked_text.isdigit():
        if len(blocked_text) > 3:
            raise RulesError(_("--blocked {count}: too many squares to block").format(count=blocked_text))
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


#: The side to move after a position string's cells.
_SIDES = ("X", "x", "B", "b", "*", "O", "o", "W", "w")


def split_start(words: list[str]) -> tuple[str | None, list[str]]:
    """A command line's words as (a position string, the moves after it), however the shell split
    them: ``"CELLS X"`` as one quoted argument or as two, its rows apart or not. No position
    string at the start: (None, the words)."""
    tokens = " ".join(words).split()
    if not tokens or len(tokens[0]) < 16 or not set(tokens[0]) <= _CELLS:
        return None, list(words)
    k = 1
    while k < len(tokens) and len(tokens[k]) > 1 and set(tokens[k]) <= _CELLS:
        k += 1  # the rows of an Edax-style string, apart
    if k < len(tokens) and tokens[k] in _SIDES:
        k += 1
    return " ".join(tokens[:k]), tokens[k:]


def game_from_args(args: argparse.Namespace) -> Game:
    """The game of ``args.moves`` from ``--position`` (or the start); the moves may begin with
    a position string themselves (then there must be no ``--position``)."""
    moves = list(getattr(args, "moves", []) or [])
    start, rest = split_start(moves)
    if start is not None and not getattr(args, "position", None):
        ns = argparse.Namespace(**vars(args))
        ns.position, moves = start, rest
        return play_transcript(start_from_args(ns), " ".join(moves))
    return play_transcript(start_from_args(args), " ".join(moves))


def text_game(args: argparse.Namespace) -> Game:
    """The game named by ``args.text``: a position string (moves may follow) or a transcript."""
    ns = argparse.Namespace(**vars(args))
    ns.position = None
    ns.moves = list(args.text or [])
    return game_from_args(ns)


def passed_last(game: Game) -> bool:
    """Did the game (its moves as given, forced passes filled in) end with a pass: the side to move
    at the position asked about had no move, and the other side moves now?"""
    return bool(game.moves) and game.moves[-1] == PASS and not game.position.is_over


def say_pass(game: Game) -> None:
    """Print "Black has no move and passes." when the position asked about was a forced pass
    (the command answers for the other side)."""
    if passed_last(game):
        names = game.position.rules.display_side_names()
        # Translators: {side} is a side's name: Black, White (Red in Classic Reversi); the other side's moves follow
        print(_("{side} has no move and passes.").format(side=names[1 - game.position.turn]))


def with_pass(out: dict[str, Any], game: Game) -> dict[str, Any]:
    """A command's JSON ``out``, with ``"pass": true`` when the side to move at the position asked
    about had to pass (the values are the other side's)."""
    if passed_last(game):
        out["pass"] = True
    return out


def check_exact_empties(n: int, option: str) -> None:
    """An exact-solve point out of the engine's range, named by its option (the engine's own
    message names its request field, ``exact_empties``, which the command line does not have)."""
    from reversi.engine.protocol import MAX_DEPTH

    if not 0 <= n <= MAX_DEPTH:
        raise ReversiError(
            # Translators: {name} is an option of the command line, e.g. --exact-empties
            _("{name} {value!r} is out of range: a whole number {low} to {high}").format(
                name=option, value=n, low=0, high=MAX_DEPTH)
        )
