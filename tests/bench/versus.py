"""This tree's engine against an earlier commit's, at the same time per move (8x8 Othello).

    python -m tests.bench.versus --old 2488621 --games 100 --time 0.5 --processes 2
    python -m tests.bench.versus --old HEAD~1 --games 400 --sprt 0,50   # stop early on a verdict
    python -m tests.bench.versus --old HEAD --set midgame.PROBCUT_T=2.0  # a constant changed, new side only

The earlier commit is exported (``git archive``) into a temporary directory and runs in its
own Python process per worker, answering "your move" requests over a pipe; this tree's engine
plays in the worker itself. Both play ``--player`` (Expert by default) with ``--time`` seconds a
move and keep their search tables from move to move, as in a game on the page. Openings are
random moves (``--plies``), each played twice with the colours swapped. Both sides use their
own weights files, so the match measures everything that changed: evaluation, search, book.

The report: wins, draws, losses of the new engine, its score with the 95% interval, the Elo
difference; with ``--sprt elo0,elo1`` a sequential probability ratio test (alpha = beta = 0.05,
normal approximation of the per-game scores) stops the match as soon as it accepts either
hypothesis: "new is elo1 stronger" (H1) or "new is at most elo0 stronger" (H0).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import subprocess
import sys
import tarfile
import tempfile
import time
from typing import Any

from reversi.core.position import PASS, Position
from reversi.core.rules import BLACK, Rules
from reversi.engine.play import choose_move
from reversi.engine.search import Searcher
from reversi.tools.match import GameRecord, MatchResult, openings

#: The earlier engine's side of the pipe: one JSON request a line, one move a line.
SERVER = r"""
import json, sys
from reversi.core.position import Position
from reversi.core.rules import Rules
from reversi.engine.play import choose_move
from reversi.engine.search import Searcher
rules = Rules()
searcher = None
for line in sys.stdin:
    req = json.loads(line)
    if req.get("new_game") or searcher is None:
        searcher = Searcher(rules)
    pos = Position.start(rules)
    for m in req["moves"]:
        pos = pos.pass_turn() if m == -1 else pos.play(m)
    move, info = choose_move(pos, req["level"], req["time"], seed=req["seed"], searcher=searcher)
    print(json.dumps({"move": move, "depth": info.get("depth")}), flush=True)
"""

_OLD: subprocess.Popen[str] | None = None
_OLD_DIR = ""


def export(rev: str) -> str:
    """The tree of commit ``rev`` in a new temporary directory."""
    where = tempfile.mkdtemp(prefix="versus-")
    archive = subprocess.run(["git", "archive", "--format=tar", rev], check=True, capture_output=True).stdout
    path = os.path.join(where, "tree.tar")
    with open(path, "wb") as f:
        f.write(archive)
    with tarfile.open(path) as tar:
        tar.extractall(where, filter="data")
    os.remove(path)
    return where


def _old_engine() -> subprocess.Popen[str]:
    global _OLD
    if _OLD is None:
        env = dict(os.environ, PYTHONPATH=_OLD_DIR)
        _OLD = subprocess.Popen(
            [sys.executable, "-c", SERVER], cwd=_OLD_DIR, env=env, text=True,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
        )
    return _OLD


def _init(old_dir: str, settings: list[tuple[str, str, float]]) -> None:
    global _OLD_DIR
    _OLD_DIR = old_dir
    apply_settings(settings)


def parse_setting(text: str) -> tuple[str, str, float]:
    """``module.NAME=value`` (a module of ``reversi.engine``) -> (module, NAME, value)."""
    import importlib

    target, _, value = text.partition("=")
    module, _, name = target.rpartition(".")
    try:
        mod = importlib.import_module(f"reversi.engine.{module}")
        old = getattr(mod, name)
        number = type(old)(float(value)) if isinstance(old, (int, float)) else None
    except (ImportError, AttributeError, ValueError) as e:
        raise argparse.ArgumentTypeError(f"--set {text!r}: {e}") from None
    if number is None:
        raise argparse.ArgumentTypeError(f"--set {text!r}: {name} is not a number")
    return module, name, number


def apply_settings(settings: list[tuple[str, str, float]]) -> None:
    import importlib

    for module, name, value in settings:
        setattr(importlib.import_module(f"reversi.engine.{module}"), name, value)


def play(task: tuple[list[int], bool, int, int, float | None]) -> tuple[GameRecord, list[int], list[int]]:
    """One game: (opening, new plays black, seed, level, time) -> record, depths new, depths old."""
    opening, new_is_black, seed, level, seconds = task
    rules = Rules()
    old = _old_engine()
    pos = Position.start(rules)
    moves: list[int] = list(opening)
    for m in opening:
        pos = pos.play(m)
    searcher = Searcher(rules)
    new_game = True
    depths: dict[bool, list[int]] = {True: [], False: []}
    ply = 0
    while not pos.is_over:
        if pos.must_pass:
            pos = pos.pass_turn()
            moves.append(PASS)
            continue
        new_to_move = (pos.turn == BLACK) == new_is_black
        if new_to_move:
            move, info = choose_move(pos, level, seconds, seed=seed * 1000 + ply, searcher=searcher)
            depth = info.get("depth")
        else:
            req = {"moves": moves, "level": level, "time": seconds, "seed": seed * 1000 + ply, "new_game": new_game}
            assert old.stdin is not None and old.stdout is not None
            old.stdin.write(json.dumps(req) + "\n")
            old.stdin.flush()
            answer = json.loads(old.stdout.readline())
            move, depth = answer["move"], answer.get("depth")
            new_game = False
        if not info_exact(pos) and isinstance(depth, int):
            depths[new_to_move].append(depth)
        pos = pos.play(move)
        moves.append(move)
        ply += 1
    color = BLACK if new_is_black else 1 - BLACK
    record = GameRecord(opening, new_is_black, moves[len(opening):], pos.final_margin(color))
    return record, depths[True], depths[False]


def info_exact(pos: Position) -> bool:
    """Positions the strong levels solve exactly (their depth is not a search depth)."""
    return pos.empty.bit_count() <= 20


def sprt_llr(result: MatchResult, elo0: float, elo1: float) -> float:
    """The log-likelihood ratio of H1 (elo1) against H0 (elo0), normal approximation."""
    n = result.count
    if n < 2:
        return 0.0
    mean = result.score
    var = (result.wins + result.draws / 4) / n - mean * mean
    if var <= 0:
        return 0.0
    s0 = 1 / (1 + 10 ** (-elo0 / 400))
    s1 = 1 / (1 + 10 ** (-elo1 / 400))
    return n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--old", required=True, help="the earlier commit (any git revision)")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--level", type=int, default=7)
    ap.add_argument("--time", type=float, default=None, help="seconds a move (default: the level's)")
    ap.add_argument("--plies", type=int, default=6, help="random opening moves")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--processes", type=int, default=2)
    ap.add_argument("--sprt", default=None, help="elo0,elo1: stop when the test accepts one")
    ap.add_argument("--set", type=parse_setting, action="append", default=[], metavar="MODULE.NAME=VALUE",
                    help="the new side plays with this constant of reversi.engine.MODULE changed (repeatable)")
    args = ap.parse_args(argv)
    elo0 = elo1 = 0.0
    if args.sprt:
        elo0, elo1 = (float(x) for x in args.sprt.split(","))
    bound = math.log((1 - 0.05) / 0.05)
    old_dir = export(args.old)
    rev = subprocess.run(["git", "rev-parse", "--short", args.old], capture_output=True, text=True).stdout.strip()
    lines = openings(Rules(), args.plies, (args.games + 1) // 2, args.seed)
    tasks = []
    for k, line in enumerate(lines):
        tasks.append((line, True, args.seed * 100_003 + 2 * k, args.level, args.time))
        tasks.append((line, False, args.seed * 100_003 + 2 * k + 1, args.level, args.time))
    result = MatchResult("new", f"old {rev}", 0, 0, 0)
    depths_new: list[int] = []
    depths_old: list[int] = []
    t0 = time.time()
    verdict = ""
    import multiprocessing

    with multiprocessing.Pool(args.processes, initializer=_init, initargs=(old_dir, args.set)) as pool:
        for rec, dn, do in pool.imap_unordered(play, tasks):
            if rec.margin > 0:
                result.wins += 1
            elif rec.margin < 0:
                result.losses += 1
            else:
                result.draws += 1
            depths_new += dn
            depths_old += do
            if result.count % 10 == 0:
                print(f"  {result.report()}  ({time.time() - t0:.0f}s)", flush=True)
            if args.sprt:
                llr = sprt_llr(result, elo0, elo1)
                if llr >= bound:
                    verdict = f"SPRT accepts H1 (new >= {elo1:+g} Elo) after {result.count} games, LLR {llr:.2f}"
                elif llr <= -bound:
                    verdict = f"SPRT accepts H0 (new <= {elo0:+g} Elo) after {result.count} games, LLR {llr:.2f}"
                if verdict:
                    pool.terminate()
                    break
    settings = f"level {args.level}, " + (f"{args.time:g} s a move" if args.time else "the level's time")
    settings += "".join(f", new {m}.{n}={v:g}" for m, n, v in args.set)
    print(f"new engine vs {rev} ({settings}, {args.plies}-ply openings, colours swapped)")
    print(result.report())
    n = result.count
    sd = math.sqrt(max(0.0, (result.wins + result.draws / 4) / n - result.score**2)) if n else 0.0
    print(f"score {100 * result.score:.1f}% +- {196 * sd / math.sqrt(max(1, n)):.1f} (95%)")
    out: dict[str, Any] = {}
    for name, ds in (("new", depths_new), ("old", depths_old)):
        if ds:
            out[name] = round(sum(ds) / len(ds), 2)
    print(f"mean depth of midgame moves (more than 20 empties): {out}")
    if verdict:
        print(verdict)
    print(f"{time.time() - t0:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
