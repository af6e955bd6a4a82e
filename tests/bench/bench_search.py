"""Node rate of the midgame search on fixed positions; nodes and time to a fixed depth.

    python -m tests.bench.bench_search [SECONDS_PER_POSITION]
    python -m tests.bench.bench_search --depth 8 [--full-width]   # 40 positions from games
    python -m tests.bench.bench_search --depth 8 --against OLD_CHECKOUT [--runs 2]
    python -m tests.bench.bench_search --kernels

``--depth``: every position of :func:`depth_positions` (the fixed midgame positions and
positions of random games, 20 to 50 empties) searched to that depth from a fresh table;
the total nodes and CPU seconds compare search changes on equal work (``--full-width``:
without ProbCut). With ``--against``, the other checkout runs the same command in its own
process, taking turns with this one (old, new, old, new...), and the ratio of the best CPU
times is printed: one run on a shared machine.

``--kernels``: the cost of one call of the search's building blocks on positions of random
games (8x8 Othello, 20 to 50 empties), microseconds: the evaluation given both sides' moves,
both sides' moves in one pass, one side's moves, and the moves of a node's children side by
side in one integer (per child), against one call per child.

:func:`run` is importable (plain data in and out) so the browser worker can run
the same benchmark under Pyodide.
"""

from __future__ import annotations

import sys

from reversi.engine.protocol import Limits
from reversi.engine.search import search
from reversi.formats.notation import parse_position

from .positions import MIDGAME


def run(positions: list[str] | None = None, seconds: float = 2.0) -> dict:
    """Search each position for ``seconds``; nodes, depth and nodes per second."""
    rows = []
    total_nodes = 0
    total_seconds = 0.0
    for text in positions or MIDGAME:
        pos = parse_position(text)
        r = search(pos, Limits(seconds=seconds))
        rows.append({"position": text, "nodes": r.nodes, "seconds": round(r.seconds, 3), "depth": r.depth,
                     "nps": round(r.nodes / r.seconds) if r.seconds else 0})
        total_nodes += r.nodes
        total_seconds += r.seconds
    return {"positions": rows, "nodes": total_nodes, "seconds": round(total_seconds, 3),
            "nps": round(total_nodes / total_seconds) if total_seconds else 0}


def depth_positions(count: int = 40) -> list:
    import random

    from reversi.core.rules import Rules

    from .positions import random_position

    out = [parse_position(text) for text in MIDGAME]
    rng = random.Random(2026)
    while len(out) < count:
        out.append(random_position(Rules(), rng.randrange(20, 51), rng))
    return out


def fixed_depth(depth: int, selective: bool = True, count: int = 40) -> tuple[int, float]:
    """Total nodes and CPU seconds of searches to ``depth`` over :func:`depth_positions`."""
    import time

    from reversi.engine.search import Searcher

    nodes = 0
    t0 = time.process_time()
    for pos in depth_positions(count):
        r = search(pos, Limits(depth=depth), searcher=Searcher(pos.rules, selective=selective))
        nodes += r.nodes
    return nodes, time.process_time() - t0


def against(other: str, depth: int, runs: int) -> None:
    """``--depth`` here and in the checkout ``other``, taking turns; the best CPU times' ratio."""
    import re
    import subprocess

    best: dict[str, float] = {}
    for _ in range(runs):
        for label, root in (("old", other), ("new", ".")):
            out = subprocess.run([sys.executable, "-m", "tests.bench.bench_search", "--depth", str(depth)],
                                 cwd=root, capture_output=True, text=True, check=True).stdout
            found = re.search(r"(\d+) nodes, ([\d.]+) CPU s", out)
            assert found, out
            nodes, cpu = int(found.group(1)), float(found.group(2))
            print(f"{label} ({root}): {nodes} nodes, {cpu:.2f} CPU s, {nodes / cpu:.0f} nodes per CPU s", flush=True)
            best[label] = min(best.get(label, cpu), cpu)
    print(f"new against old: {best['old'] / best['new']:.2f} times faster (best of {runs} each)")


def kernels() -> None:
    """Microseconds a call of the evaluation and the move generators (see the module's docstring)."""
    import random
    import timeit

    from reversi.core.rules import Rules
    from reversi.engine.evaluate import make_evaluator, with_both
    from reversi.engine.kernels import flip_functions, lane_width, moves_by_empties

    from .positions import random_position

    rules = Rules()
    g = rules.geometry
    rng = random.Random(1)
    positions = [random_position(rules, rng.randrange(20, 51), rng) for _ in range(200)]
    evaluate, moves, flip = with_both(make_evaluator(rules)), moves_by_empties(g), flip_functions(g)
    lane = lane_width(g)
    low = (1 << lane) - 1
    leaves, nodes = [], []
    for pos in positions:
        p, o, e = pos.player, pos.opponent, pos.empty
        n = e.bit_count()
        found = moves[n](p | o << lane, o | p << lane, e | e << lane)
        leaves.append((p, o, e, n, found & low, found >> lane))
        kids = []
        for sq in pos.legal_moves():
            f = flip[sq](p, o)
            kids.append((o ^ f, p | f | 1 << sq, e & ~(1 << sq)))
        nodes.append((n - 1, kids))
    children = sum(len(kids) for _, kids in nodes)

    def timed(fn, count: int) -> float:
        return min(timeit.repeat(fn, number=20, repeat=5)) / 20 / count * 1e6

    def run_evaluate():
        for p, o, _e, _n, mine, theirs in leaves:
            evaluate(p, o, mine, theirs)

    def run_both():
        for p, o, e, n, _m, _t in leaves:
            found = moves[n](p | o << lane, o | p << lane, e | e << lane)
            found & low, found >> lane

    def run_moves():
        for p, o, e, n, _m, _t in leaves:
            moves[n](p, o, e)

    def run_children_one_by_one():
        for n, kids in nodes:
            for cp, co, ce in kids:
                moves[n](cp, co, ce)

    def run_children_packed():
        for n, kids in nodes:
            packed_p = packed_o = packed_e = 0
            at = 0
            for cp, co, ce in kids:
                packed_p |= cp << at
                packed_o |= co << at
                packed_e |= ce << at
                at += lane
            found = moves[n](packed_p, packed_o, packed_e)
            for _ in kids:
                found >>= lane

    print(f"8x8 Othello, {len(positions)} positions of random games, 20 to 50 empties (us a call):")
    print(f"  evaluation given both sides' moves  {timed(run_evaluate, len(leaves)):6.2f}")
    print(f"  both sides' moves, one pass          {timed(run_both, len(leaves)):6.2f}")
    print(f"  one side's moves                     {timed(run_moves, len(leaves)):6.2f}")
    print(f"  children's moves, one call each      {timed(run_children_one_by_one, children):6.2f} a child")
    print(f"  children's moves, side by side       {timed(run_children_packed, children):6.2f} a child")


def main() -> None:
    if "--kernels" in sys.argv:
        kernels()
        return
    if "--depth" in sys.argv and "--against" in sys.argv:
        runs = int(sys.argv[sys.argv.index("--runs") + 1]) if "--runs" in sys.argv else 2
        against(sys.argv[sys.argv.index("--against") + 1], int(sys.argv[sys.argv.index("--depth") + 1]), runs)
        return
    if "--depth" in sys.argv:
        depth = int(sys.argv[sys.argv.index("--depth") + 1])
        nodes, seconds = fixed_depth(depth, selective="--full-width" not in sys.argv)
        print(f"depth {depth}: {nodes} nodes, {seconds:.1f} CPU s")
        return
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 2.0
    out = run(seconds=seconds)
    for row in out["positions"]:
        print(f"{row['position'][:64]}  depth {row['depth']:2d}  {row['nodes']:8d} nodes  {row['nps']:7d} n/s")
    print(f"total: {out['nodes']} nodes in {out['seconds']} s = {out['nps']} nodes/s")


if __name__ == "__main__":
    main()
