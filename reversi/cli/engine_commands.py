"""The AI's subcommands of ``python -m reversi``: ``solve``, ``best``, ``hints`` and ``match``.

::

    python -m reversi solve "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X" --json
    python -m reversi best f5d6c3 --level 7
    python -m reversi best "<position string>" --time 2 --json
    python -m reversi hints f5d6 --time 2
    python -m reversi match --a level=3 --b level=5 --games 20 --seed 1

``solve``, ``best`` and ``hints`` take a position string (RULES.md; other geometries in the
extended form of :mod:`reversi.formats.notation`) or a transcript played from the start
under the rule options. Bad input exits with status 2 and a one-line message
(the handler raises :class:`~reversi.errors.ReversiError`; :func:`reversi.cli.main.main`
prints it).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, Any

from reversi.cli.options import add_rule_options, position_from_args, rules_from_args
from reversi.engine.levels import check_time_limit
from reversi.errors import ReversiError
from reversi.formats.notation import move_name

if TYPE_CHECKING:
    from reversi.tools.match import GameRecord, MatchResult


def register(subparsers: argparse._SubParsersAction[Any]) -> None:
    """Add ``solve``, ``best``, ``hints`` and ``match`` to the parser's subcommands."""
    p = subparsers.add_parser("solve", help="solve a position exactly: best moves and final disc difference")
    p.add_argument("text", nargs="+", metavar="POS|MOVES", help="a position string, or a transcript")
    add_rule_options(p)
    p.add_argument("--time", type=float, default=None, metavar="SECONDS", help="give up after this long")
    p.add_argument("--all", action="store_true", help="also print the exact value of every move")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=cmd_solve)

    p = subparsers.add_parser("best", help="the engine's move in a position, at a level or within a time")
    p.add_argument("text", nargs="*", metavar="POS|MOVES", help="a position string, or a transcript")
    add_rule_options(p)
    p.add_argument(
        "--level", type=int, default=None, metavar="N", help="strength level 1 to 7 (default 5; 7 is Expert)"
    )
    p.add_argument("--time", type=float, default=None, metavar="SECONDS", help="time per move (overrides)")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=cmd_best)

    p = subparsers.add_parser("hints", help="a value for every legal move (the page's hints)")
    p.add_argument("text", nargs="*", metavar="POS|MOVES", help="a position string, or a transcript")
    add_rule_options(p)
    p.add_argument("--time", type=float, default=1.0, metavar="SECONDS", help="time to spend (default 1)")
    p.add_argument(
        "--exact-empties", type=int, default=14, metavar="N",
        help="solve exactly with this many empty squares or fewer, time allowing (default 14)",
    )
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=cmd_hints)

    p = subparsers.add_parser("match", help="play two engine settings against each other")
    add_rule_options(p)
    p.add_argument("--a", default="level=3", metavar="SETTING", help="engine A, e.g. level=3 or depth=4,time=0.2")
    p.add_argument("--b", default="level=5", metavar="SETTING", help="engine B (default level=5)")
    p.add_argument("--games", type=int, default=20, metavar="N", help="games (pairs of colours swapped)")
    p.add_argument("--plies", type=int, default=4, metavar="K", help="random opening moves (default 4)")
    p.add_argument("--processes", type=int, default=1, metavar="P", help="parallel processes (default 1)")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=cmd_match)


def cmd_solve(args: argparse.Namespace) -> int:
    from reversi.engine.search import SolveTimeout, solve

    pos = position_from_args(args)
    g = pos.rules.geometry
    if args.time is not None:
        check_time_limit(args.time, "--time")
    else:
        warning = solve_warning(pos.empty.bit_count(), pos.rules.geometry.square_count)
        if warning:
            print(warning, file=sys.stderr, flush=True)
    try:
        r = solve(pos, all_moves=args.all, time_limit=args.time)
    except SolveTimeout:
        raise ReversiError(f"not solved within {args.time:g} s ({pos.empty.bit_count()} empties)") from None
    best = [move_name(m, g) for m in r.best]
    if args.json:
        out = {"score": r.score, "best": best, "nodes": r.nodes, "seconds": round(r.seconds, 3)}
        if args.all:
            out["moves"] = {move_name(m, g): v for m, v in sorted(r.values.items())}
        print(json.dumps(out))
        return 0
    if pos.is_over:
        print(f"The game is over: final margin {r.score:+d} for the side to move.")
        return 0
    outcome = "win" if r.score > 0 else "loss" if r.score < 0 else "draw"
    print(f"best: {' '.join(best)}  score: {r.score:+d} ({outcome})")
    if args.all:
        for m, v in sorted(r.values.items(), key=lambda mv: -mv[1]):
            print(f"  {move_name(m, g)}: {v:+d}")
    print(f"{r.nodes} nodes in {r.seconds:.2f} s")
    return 0


#: A rough cost of an exact solve under CPython on this engine (bench_endgame): 0.2 s at 14
#: empties on 8x8, about 4.5 times more for every two empties more.
SOLVE_SECONDS_AT_14 = 0.2
SOLVE_GROWTH_PER_2 = 4.5


def estimate_solve_seconds(empties: int) -> float:
    """A rough guess at an exact solve's time: a warning, not a promise (positions vary tenfold)."""
    return float(SOLVE_SECONDS_AT_14 * SOLVE_GROWTH_PER_2 ** ((empties - 14) / 2))


def solve_warning(empties: int, squares: int) -> str | None:
    """What ``solve`` says before a long exact solve with no ``--time``, or None when it is quick."""
    seconds = estimate_solve_seconds(empties)
    if seconds < 10:
        return None
    if seconds < 3600:
        guess = f"about {seconds / 60:.0f} minutes" if seconds >= 90 else f"about {seconds:.0f} seconds"
    elif seconds < 86_400 * 365:
        guess = f"about {seconds / 3600:.0f} hours" if seconds < 86_400 * 2 else f"about {seconds / 86_400:.0f} days"
    else:
        guess = "longer than anyone will wait"
    return (f"note: solving {empties} empty squares exactly may take {guess}; "
            f"it stays exact, and --time SECONDS bounds it")


def cmd_best(args: argparse.Namespace) -> int:
    from reversi.engine.levels import choose_move

    pos = position_from_args(args)
    if pos.is_over:
        raise ReversiError("the game is over: there is no move to choose")
    if args.time is not None:
        check_time_limit(args.time, "--time")
    move, info = choose_move(pos, level=args.level, time_limit=args.time)  # EngineRequestError on a bad level
    g = pos.rules.geometry
    name = move_name(move, g)
    if args.json:
        out = {
            "move": name,
            "score": info["score"],
            "depth": info["depth"],
            "nodes": info["nodes"],
            "seconds": round(info["seconds"], 3),
            "exact": info["exact"],
            "level": info["level"],
        }
        print(json.dumps(out))
        return 0
    kind = "exact" if info["exact"] else f"depth {info['depth']}"
    print(f"{name}  (score {info['score'] / 100:+.2f} discs, {kind}, {info['nodes']} nodes, {info['seconds']:.2f} s)")
    return 0


def cmd_hints(args: argparse.Namespace) -> int:
    from reversi.engine.search import analyse

    pos = position_from_args(args)
    if pos.is_over:
        raise ReversiError("the game is over: there is no move to value")
    check_time_limit(args.time, "--time")
    if args.exact_empties < 0:
        raise ReversiError(f"--exact-empties {args.exact_empties} must not be negative")
    a = analyse(pos, time_limit=args.time, exact_empties=args.exact_empties)
    g = pos.rules.geometry
    if args.json:
        out = {
            "moves": {move_name(m, g): a.scores[m] for m in a.order},
            "best": [move_name(m, g) for m in a.order if a.scores[m] == a.scores[a.order[0]]],
            "depth": a.depth,
            "exact": a.exact,
            "nodes": a.nodes,
            "seconds": round(a.seconds, 3),
        }
        print(json.dumps(out))
        return 0
    for m in a.order:
        v = a.scores[m]
        print(f"{move_name(m, g):>5}  {v / 100:+6.2f}" if not a.exact else f"{move_name(m, g):>5}  {v // 100:+3d}")
    kind = "exact" if a.exact else f"depth {a.depth}"
    print(f"(final disc margin for the side to move; {kind}, {a.nodes} nodes, {a.seconds:.2f} s)")
    return 0


def cmd_match(args: argparse.Namespace) -> int:
    from reversi.tools.match import Player, match

    a, b = Player.parse(args.a), Player.parse(args.b)  # EngineRequestError naming the setting
    if args.games < 1:
        raise ReversiError(f"--games {args.games} must be at least 1")
    rules = rules_from_args(args)

    def progress(rec: GameRecord, res: MatchResult) -> None:
        if not args.json:
            print(f"game {res.count}: {'A' if rec.margin > 0 else 'B' if rec.margin < 0 else 'draw'} "
                  f"({rec.margin:+d} for A, A {'black' if rec.a_is_black else 'white'})", flush=True)

    result = match(a, b, args.games, rules=rules, seed=args.seed, plies=args.plies,
                   processes=args.processes, progress=progress)
    if args.json:
        print(json.dumps(result.to_dict()))
    else:
        print(result.report())
    return 0

