"""The AI's subcommands of ``python -m reversi``: ``solve``, ``best``, ``hints``, ``review`` and ``match``.

::

    python -m reversi solve "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X" --json
    python -m reversi best f5d6c3 --level 7
    python -m reversi best "<position string>" --time 2 --json -j 2
    python -m reversi hints f5d6 --time 2 -j 2
    python -m reversi review f5d6c3d3c4f4 --time 0.5 -j 2
    python -m reversi match --a level=3 --b level=5 --games 20 --seed 1
    python -m reversi match --a level=5 --b level=5 --plies 10 --balanced 2 --seed 7
    python -m reversi match --a level=7,jobs=2 --b level=7 --games 200 --plies 6

``solve``, ``best``, ``hints`` and ``review`` take a position string (RULES.md; other geometries
in the extended form of :mod:`reversi.formats.notation`) or a transcript played from the start
under the rule options. ``-j P`` (``--processes``) shares the work between P processes: the
root's moves for ``best`` and ``hints`` (:mod:`reversi.engine.parallel_search`), the positions
for ``review``, the games for ``match`` (a setting's ``jobs=P`` searches on P processes), the
exact solver's tree for ``solve`` (:mod:`reversi.engine.parallel`); 1, the default except for
long solves, is the serial search. Bad input exits with status 2 and a one-line message
(the handler raises :class:`~reversi.errors.ReversiError`; :func:`reversi.cli.main.main`
prints it).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from reversi.cli.options import (
    add_rule_options,
    check_exact_empties,
    decimal,
    game_from_args,
    rules_from_args,
    say_pass,
    text_game,
    whole,
    with_pass,
)
from reversi.core.rules import BLACK, WHITE, color_name
from reversi.engine.levels import check_time_limit
from reversi.engine.protocol import Limits
from reversi.errors import ReversiError
from reversi.formats.notation import move_name
from reversi.i18n import _, format_number, ngettext, pgettext

if TYPE_CHECKING:
    from reversi.core.rules import Rules
    from reversi.engine.scheduler import Carrier
    from reversi.tools.match import GameRecord, MatchResult


def _processes_option(p: argparse.ArgumentParser, help_text: str) -> None:
    p.add_argument("--processes", "-j", type=whole, default=1, metavar="P", help=help_text)


@contextmanager
def _pool(processes: int, rules: Rules) -> Iterator[Carrier | None]:
    """``processes`` worker processes for the command (None for one: the serial search)."""
    from reversi.engine.parallel import check_processes

    check_processes(processes, "--processes")
    if processes == 1:
        yield None
        return
    from reversi.engine.evaluate import make_evaluator
    from reversi.engine.processes import ProcessCarrier

    make_evaluator(rules)  # loaded once, before the processes are forked
    with ProcessCarrier(processes) as carrier:
        yield carrier


def register(subparsers: argparse._SubParsersAction[Any]) -> None:
    """Add ``solve``, ``best``, ``hints``, ``review``, ``match`` and ``nboard`` to the parser's subcommands."""
    p = subparsers.add_parser("solve", help=_("solve a position exactly: best moves and final disc difference"))
    p.add_argument("text", nargs="+", metavar=_("POS|MOVES"), help=_("a position string, or a transcript"))
    add_rule_options(p)
    p.add_argument("--time", type=decimal, default=None, metavar=_("SECONDS"), help=_("give up after this long"))
    p.add_argument("--all", action="store_true", help=_("also print the exact value of every move"))
    p.add_argument(
        "--processes",
        "-j",
        type=whole,
        default=None,
        metavar="P",
        help=_("solve on P processes (default: one per core from {n} empties, else one)").format(
            n=AUTO_PARALLEL_EMPTIES
        ),
    )
    p.add_argument("--json", action="store_true", help=_("print JSON"))
    p.set_defaults(func=cmd_solve)

    p = subparsers.add_parser("best", help=_("the engine's move in a position, at a level or within a time"))
    p.add_argument("text", nargs="*", metavar=_("POS|MOVES"), help=_("a position string, or a transcript"))
    add_rule_options(p)
    p.add_argument(
        "--level", type=whole, default=None, metavar="N",
        help=_("strength level 1 to 7 (default 5, or 7 with --time alone; 7 is Expert)")
    )
    p.add_argument("--time", type=decimal, default=None, metavar=_("SECONDS"),
                   help=_("time per move, instead of the level's (a level's depth limit still holds)"))
    _processes_option(p, _("search on P processes, the moves at the root shared between them (default 1)"))
    p.add_argument("--json", action="store_true", help=_("print JSON"))
    p.set_defaults(func=cmd_best)

    p = subparsers.add_parser("hints", help=_("a value for every legal move (the page's hints)"))
    p.add_argument("text", nargs="*", metavar=_("POS|MOVES"), help=_("a position string, or a transcript"))
    add_rule_options(p)
    p.add_argument("--time", type=decimal, default=1.0, metavar=_("SECONDS"), help=_("time to spend (default 1)"))
    p.add_argument(
        "--exact-empties", type=whole, default=14, metavar="N",
        help=_("solve exactly with this many empty squares or fewer, time allowing (default 14)"),
    )
    _processes_option(p, _("value the moves on P processes (default 1)"))
    p.add_argument("--json", action="store_true", help=_("print JSON"))
    p.set_defaults(func=cmd_hints)

    p = subparsers.add_parser("review", help=_("value every move of a game: what each lost against the best"))
    p.add_argument("text", nargs="*", metavar=_("POS|MOVES"), help=_("a position string, or a transcript"))
    add_rule_options(p)
    p.add_argument("--time", type=decimal, default=1.0, metavar=_("SECONDS"),
                   help=_("time for each position (default 1)"))
    p.add_argument("--depth", type=whole, default=None, metavar="N",
                   help=_("search each position this many moves deep at most"))
    p.add_argument(
        "--exact-empties", type=whole, default=14, metavar="N",
        help=_("solve exactly with this many empty squares or fewer, time allowing (default 14)"),
    )
    _processes_option(p, _("value the positions on P processes (default 1)"))
    p.add_argument("--json", action="store_true", help=_("print JSON"))
    p.set_defaults(func=cmd_review)

    p = subparsers.add_parser("match", help=_("play two engine settings against each other"))
    add_rule_options(p, openings=True)
    p.add_argument("--a", default="level=3", metavar=_("SETTING"), help=_("engine A, e.g. level=3 or depth=4,time=0.2"))
    p.add_argument("--b", default="level=5", metavar=_("SETTING"), help=_("engine B (default level=5)"))
    p.add_argument("--games", type=whole, default=20, metavar="N",
                   help=_("games, an even number: each opening is played twice, the colours swapped (default 20)"))
    p.add_argument("--plies", type=whole, default=4, metavar="K", help=_("random opening moves (default 4)"))
    p.add_argument("--balanced", type=whole, default=None, metavar=_("DISCS"),
                   help=_("balanced openings: the engine values each within this many discs of even"))
    p.add_argument("--processes", "-j", type=whole, default=1, metavar="P", help=_("parallel processes (default 1)"))
    p.add_argument("--record", metavar=_("FILE"),
                   help=_("keep the games in FILE as they end; with the FILE of the same match stopped earlier, "
                          "go on after its last game"))
    p.add_argument("--json", action="store_true", help=_("print JSON"))
    p.set_defaults(func=cmd_match)

    p = subparsers.add_parser(
        # Translators: NBoard is a desktop Othello program that runs engines; keep its name
        "nboard", help=_("serve a desktop GUI on standard input and output (the NBoard protocol)"))
    p.add_argument("--time", type=decimal, default=10.0, metavar=_("SECONDS"),
                   help=_("the most a move or a hint may take, whatever the depth (default 10)"))
    _processes_option(p, _("search on P processes (default 1)"))
    p.set_defaults(func=cmd_nboard)


def cmd_nboard(args: argparse.Namespace) -> int:
    from reversi.core.rules import Rules
    from reversi.engine.nboard import run

    seconds = check_time_limit(args.time, "--time")

    def say(line: str) -> None:
        sys.stdout.write(line + "\n")
        sys.stdout.flush()  # the GUI waits for each line

    with _pool(args.processes, Rules()) as carrier:
        return run(sys.stdin.readline, say, seconds, carrier=carrier)


def cmd_solve(args: argparse.Namespace) -> int:
    from reversi.engine.parallel import check_processes, default_processes, solve_parallel
    from reversi.engine.search import SolveTimeout, solve

    game = text_game(args)
    pos = game.position
    if not "".join(args.text).strip() and pos.empty.bit_count() > MOST_EMPTIES_OF_A_START:
        # an empty shell variable, say: the start of 8x8 (60 empties) would never end; 6x6's is asked
        raise ReversiError(_("no position or moves were given: solve needs a position string or a transcript"))
    g = pos.rules.geometry
    if args.processes is None:
        args.processes = default_processes() if pos.empty.bit_count() >= AUTO_PARALLEL_EMPTIES else 1
    check_processes(args.processes, "--processes")
    if args.time is not None:
        check_time_limit(args.time, "--time")
    else:
        warning = solve_warning(pos.empty.bit_count(), pos.rules.geometry.square_count, args.processes)
        if warning:
            print(warning, file=sys.stderr, flush=True)
    limits = Limits(seconds=args.time)
    try:
        if args.processes > 1:
            r = solve_parallel(pos, args.processes, limits=limits, all_moves=args.all)
        else:
            r = solve(pos, limits, all_moves=args.all)
    except SolveTimeout:
        empties = pos.empty.bit_count()
        message = ngettext(
            "not solved within {seconds} s ({n} empty)", "not solved within {seconds} s ({n} empties)", empties
        )
        raise ReversiError(message.format(seconds=f"{args.time:g}", n=empties)) from None
    best = [move_name(m, g) for m in r.best]
    if args.json:
        out = with_pass({"score": r.score, "best": best, "nodes": r.nodes, "seconds": round(r.seconds, 3)}, game)
        if args.all:
            out["moves"] = {move_name(m, g): v for m, v in sorted(r.values.items())}
        print(json.dumps(out))
        return 0
    if pos.is_over:
        result = pos.result()
        assert result is not None  # the game is over
        # Translators: {result} is how the game ended, e.g. "Black wins 40:24"
        print(_("The game is over: {result}.").format(result=result.describe(pos.rules.display_side_names())))
        return 0
    say_pass(game)
    if r.score > 0:
        outcome = pgettext("outcome", "win")
    elif r.score < 0:
        outcome = pgettext("outcome", "loss")
    else:
        outcome = pgettext("outcome", "draw")
    # Translators: the best moves found (square names), the exact final margin and whether it is a win, loss or draw
    line = _("best: {moves}  score: {score} ({outcome})")
    print(line.format(moves=" ".join(best), score=f"{r.score:+d}", outcome=outcome))
    if args.all:
        for m, v in sorted(r.values.items(), key=lambda mv: -mv[1]):
            print(f"  {move_name(m, g)}: {v:+d}")
    print(ngettext("{n} node in {seconds} s", "{n} nodes in {seconds} s", r.nodes).format(
        n=r.nodes, seconds=f"{r.seconds:.2f}"
    ))
    return 0


#: ``solve`` given no text solves the rules' start up to this many empties (6x6's 32, not 8x8's 60).
MOST_EMPTIES_OF_A_START = 40

#: From this many empties ``solve`` shares the work between the cores unless told otherwise
#: (below it the processes cost more than they save: bench_endgame --processes 1,2).
AUTO_PARALLEL_EMPTIES = 16

#: A rough cost of an exact solve under CPython on this engine: the seconds at 14 empties on
#: 8x8, and the factor for every two empties more (bench_endgame; docs/engine/tuning.md).
SOLVE_SECONDS_AT_14 = 0.2
SOLVE_GROWTH_PER_2 = 4.5


def estimate_solve_seconds(empties: int) -> float:
    """A rough guess at an exact solve's time: a warning, not a promise (positions vary tenfold)."""
    return float(SOLVE_SECONDS_AT_14 * SOLVE_GROWTH_PER_2 ** ((empties - 14) / 2))


#: What each process after the first adds to the solver's speed: a share of a process, as the
#: split costs some work (bench_endgame --processes 1,2; docs/engine/tuning.md).
PROCESS_GAIN = 0.8


def solve_warning(empties: int, squares: int, processes: int = 1) -> str | None:
    """What ``solve`` says before a long exact solve with no ``--time``, or None when it is quick."""
    from reversi.engine.parallel import MIN_SPLIT_EMPTIES, default_processes

    seconds = estimate_solve_seconds(empties)
    if processes > 1 and empties >= MIN_SPLIT_EMPTIES:
        seconds /= 1 + PROCESS_GAIN * (min(processes, default_processes()) - 1)
    if seconds < 10:
        return None
    if seconds < 90:
        n = round(seconds)
        guess = ngettext("about {n} second", "about {n} seconds", n).format(n=n)
    elif seconds < 3600:
        n = round(seconds / 60)
        guess = ngettext("about {n} minute", "about {n} minutes", n).format(n=n)
    elif seconds < 86_400 * 2:
        n = round(seconds / 3600)
        guess = ngettext("about {n} hour", "about {n} hours", n).format(n=n)
    elif seconds < 86_400 * 365:
        n = round(seconds / 86_400)
        guess = ngettext("about {n} day", "about {n} days", n).format(n=n)
    else:
        guess = _("longer than anyone will wait")
    # Translators: {guess} is "about 5 minutes", "about 3 hours"...; in "--time SECONDS" the option
    # stays and SECONDS is the help's placeholder (translated alike)
    message = ngettext(
        "note: solving {n} empty square exactly may take {guess}; it stays exact, and --time SECONDS bounds it",
        "note: solving {n} empty squares exactly may take {guess}; it stays exact, and --time SECONDS bounds it",
        empties,
    )
    return message.format(n=empties, guess=guess)


def cmd_best(args: argparse.Namespace) -> int:
    from reversi.engine.api import move_reply
    from reversi.engine.play import choose_move

    game = text_game(args)
    pos = game.position
    if pos.is_over:
        raise ReversiError(_("the game is over: there is no move to choose"))
    if args.time is not None:
        check_time_limit(args.time, "--time")
    with _pool(args.processes, pos.rules) as carrier:
        # EngineRequestError on a bad level
        move, info = choose_move(pos, args.level, Limits(seconds=args.time), carrier=carrier)
    g = pos.rules.geometry
    name = move_name(move, g)
    if args.json:
        # the worker's answer, as the page gets it
        print(json.dumps(with_pass(move_reply(move, info, g).to_json(), game)))
        return 0
    say_pass(game)
    # Translators: said of the engine's move when it came from its opening book
    kind = pgettext("search", "opening book") if info.get("book") else _search_kind(info["exact"], info["depth"])
    # Translators: the engine's move: {score} is in discs (+0.50), {kind} is "exact" or "depth 7"
    message = ngettext(
        "{move}  (score {score} discs, {kind}, {n} node, {seconds} s)",
        "{move}  (score {score} discs, {kind}, {n} nodes, {seconds} s)",
        info["nodes"],
    )
    print(message.format(
        move=name, score=f"{info['score'] / 100:+.2f}", kind=kind, n=info["nodes"], seconds=f"{info['seconds']:.2f}"
    ))
    return 0


def _search_kind(exact: bool, depth: int) -> str:
    """How deep a search looked: "exact" (to the end) or "depth 7"."""
    if exact:
        # Translators: a search that looked to the end of the game (its values are exact)
        return pgettext("search", "exact")
    # Translators: how many moves ahead a search looked
    return pgettext("search", "depth {depth}").format(depth=depth)


def cmd_hints(args: argparse.Namespace) -> int:
    from reversi.engine.search import analyse

    game = text_game(args)
    pos = game.position
    if pos.is_over:
        raise ReversiError(_("the game is over: there is no move to value"))
    check_time_limit(args.time, "--time")
    check_exact_empties(args.exact_empties, "--exact-empties")
    limits = Limits(seconds=args.time, exact_empties=args.exact_empties)
    with _pool(args.processes, pos.rules) as carrier:
        if carrier is None:
            a = analyse(pos, limits)
        else:
            from reversi.engine.parallel_search import analyse_split

            a = analyse_split(pos, carrier, limits)
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
        print(json.dumps(with_pass(out, game)))
        return 0
    say_pass(game)
    for m in a.order:
        v = a.scores[m]
        print(f"{move_name(m, g):>5}  {v / 100:+6.2f}" if not a.exact else f"{move_name(m, g):>5}  {v // 100:+3d}")
    kind = _search_kind(a.exact, a.depth)
    # Translators: under the values of the moves; {kind} is "exact" or "depth 7"
    message = ngettext(
        "(final disc margin for the side to move; {kind}, {n} node, {seconds} s)",
        "(final disc margin for the side to move; {kind}, {n} nodes, {seconds} s)",
        a.nodes,
    )
    print(message.format(kind=kind, n=a.nodes, seconds=f"{a.seconds:.2f}"))
    return 0


def cmd_review(args: argparse.Namespace) -> int:
    from reversi.core.position import PASS
    from reversi.engine.parallel_search import analyse_positions
    from reversi.engine.scheduler import InlineCarrier

    ns = argparse.Namespace(**vars(args))
    ns.position, ns.moves = None, list(args.text or [])
    game = game_from_args(ns)
    check_time_limit(args.time, "--time")
    check_exact_empties(args.exact_empties, "--exact-empties")
    if args.depth is not None:
        check_exact_empties(args.depth, "--depth")
    played = [n for n in game.main_line()[1:] if n.parent is not None and n.move is not None and n.move != PASS]
    if not played:
        raise ReversiError(_("review: the game has no move to value"))
    limits = Limits(seconds=args.time, depth=args.depth, exact_empties=args.exact_empties)
    positions = [n.parent.position for n in played if n.parent is not None]
    start = time.perf_counter()
    with _pool(args.processes, game.rules) as carrier:
        # one process: the same jobs, run here one after the other (the same values)
        analyses = analyse_positions(positions, carrier or InlineCarrier(1), limits)
    seconds = time.perf_counter() - start
    g = game.rules.geometry
    rows: list[dict[str, Any]] = []
    for node, pos, a in zip(played, positions, analyses, strict=True):
        assert node.move is not None
        best_value = max(a.scores.values())
        value = a.scores[node.move]
        rows.append({
            "ply": node.depth, "side": "black" if pos.turn == BLACK else "white", "move": move_name(node.move, g),
            "value": value, "best": [move_name(m, g) for m in a.order if a.scores[m] == best_value],
            "best_value": best_value, "loss": best_value - value, "depth": a.depth, "exact": a.exact,
        })
    nodes = sum(a.nodes for a in analyses)
    if args.json:
        print(json.dumps({"moves": rows, "nodes": nodes, "seconds": round(seconds, 3)}))
        return 0
    # Translators: the header of the review's table; keep it short
    print(_("ply, side: the move and its value, the best move and its value, the discs the move lost"))
    for row in rows:
        side = color_name(BLACK if row["side"] == "black" else WHITE)
        print(f"{row['ply']:>3}. {side:<6} {row['move']:<4} {row['value'] / 100:+6.2f}   "
              f"{row['best'][0]:<4} {row['best_value'] / 100:+6.2f}   {row['loss'] / 100:5.2f}")
    for color in (BLACK, WHITE):
        losses = [r["loss"] for r in rows if (r["side"] == "black") == (color == BLACK)]
        if losses:
            # Translators: the review's summary of one side, e.g. "Black: 30 moves, 1.25 discs lost a move on average"
            line = ngettext("{side}: {n} move, {loss} discs lost a move on average",
                            "{side}: {n} moves, {loss} discs lost a move on average", len(losses))
            print(line.format(side=color_name(color), n=len(losses),
                              loss=format_number(sum(losses) / len(losses) / 100, 2)))
    print(ngettext("{n} node in {seconds} s", "{n} nodes in {seconds} s", nodes).format(
        n=nodes, seconds=f"{seconds:.2f}"))
    return 0


def cmd_match(args: argparse.Namespace) -> int:
    from reversi.engine.parallel import check_processes
    from reversi.tools import match_record
    from reversi.tools.match import MAX_GAMES, Player, match, match_openings

    a, b = Player.parse(args.a), Player.parse(args.b)  # EngineRequestError naming the setting
    check_processes(args.processes, "--processes")  # in the words of the other commands' -j
    if args.games < 1:  # 1 is refused below, as odd, with the number to give instead
        raise ReversiError(_("--games {n} must be at least 2: games are played in pairs, each opening with the "
                             "colours swapped").format(n=args.games))
    if args.games % 2 and args.games < MAX_GAMES:  # above it: match() says the range
        raise ReversiError(
            _("--games {n} is odd: games are played in pairs, each opening with the colours swapped "
              "(e.g. --games {even})").format(n=args.games, even=args.games + 1)
        )
    rules = rules_from_args(args)
    played: list[GameRecord] = []
    lines = None
    record = None
    if args.record is not None:
        first = match_record.header(a, b, rules, args.seed, args.plies, args.balanced)
        record = match_record.open_record(args.record, first, rules)  # refused before any opening is drawn
        played = record.games
        try:
            lines = match_openings(rules, args.games, args.plies, args.seed, args.balanced)
            match_record.check_schedule(args.record, played, lines)
            if len(played) < 2 * len(lines):
                record.can_write()  # a game is to be played: say now that it could not be kept
        except ReversiError:
            record.close()
            raise
        if played and not args.json:
            # Translators: a match that goes on from its record (a file of the games played so far)
            print(ngettext("{n} game already played in {file}", "{n} games already played in {file}",
                           len(played)).format(n=len(played), file=args.record), flush=True)

    def progress(rec: GameRecord, res: MatchResult) -> None:
        if record is not None:
            record.write(match_record.game_line(rules, rec))
        if not args.json:
            winner = "A" if rec.margin > 0 else "B" if rec.margin < 0 else pgettext("outcome", "draw")
            color = color_name(BLACK if rec.a_is_black else WHITE)
            # Translators: a game of a match between engines A and B: who won, by how much, and A's colour
            line = _("game {n}: {winner} ({margin} for A, A {color})").format(
                n=rec.number, winner=winner, margin=f"{rec.margin:+d}", color=color
            )
            print(line, flush=True)

    try:
        result = match(a, b, args.games, rules=rules, seed=args.seed, plies=args.plies,
                       processes=args.processes, progress=progress, within=args.balanced, played=played,
                       lines=lines)
    finally:
        if record is not None:
            record.close()
    if result.count < args.games:
        # Translators: fewer distinct openings were found than the match needs
        note = ngettext(
            "note: only {n} distinct opening (--plies {plies}): {games} games played of the {asked} asked for",
            "note: only {n} distinct openings (--plies {plies}): {games} games played of the {asked} asked for",
            result.count // 2,
        )
        print(note.format(n=result.count // 2, plies=args.plies, games=result.count, asked=args.games),
              file=sys.stderr)
    if args.json:
        print(json.dumps(result.to_dict(), allow_nan=False))
    else:
        print(_match_summary(result))
    return 0


def _match_summary(result: MatchResult) -> str:
    """The last line of a match, in the user's language (:meth:`MatchResult.report` is its English)."""
    from reversi.tools.match import format_elo

    if result.interval_known:
        lo, hi = result.interval
        # Translators: the 95% confidence interval of an Elo difference, e.g. "[95% -120, +35]"
        bounds = _("[95% {low}, {high}]").format(low=format_elo(lo), high=format_elo(hi))
    elif result.count >= 10 and max(result.wins, result.draws, result.losses) == result.count:
        # Translators: instead of the confidence interval of the Elo difference, when every game of a
        # match ended the same way (all won, all drawn or all lost)
        bounds = _("(every game ended alike: no spread to bound it)")
    else:
        # Translators: instead of the confidence interval of the Elo difference
        bounds = _("(too few games for a confidence interval)")
    # Translators: the result of a match of engines A and B: A's wins, draws and losses, A's score,
    # the Elo difference A - B (e.g. "+35", "-inf") and {interval}, its confidence interval
    summary = ngettext(
        "A ({a}) vs B ({b}): {n} game, +{wins} ={draws} -{losses}, score {score}%, Elo {elo} {interval}",
        "A ({a}) vs B ({b}): {n} games, +{wins} ={draws} -{losses}, score {score}%, Elo {elo} {interval}",
        result.count,
    )
    return summary.format(
        a=result.a, b=result.b, n=result.count, wins=result.wins, draws=result.draws, losses=result.losses,
        score=format_number(100 * result.score, 1), elo=format_elo(result.elo), interval=bounds,
    )

