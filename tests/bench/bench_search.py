"""Node rate of the midgame search on fixed positions; nodes and time to a fixed depth.

    python -m tests.bench.bench_search [SECONDS_PER_POSITION]
    python -m tests.bench.bench_search --depth 8 [--full-width]   # 40 positions from games

``--depth``: every position of :func:`depth_positions` (the fixed midgame positions and
positions of random games, 20 to 50 empties) searched to that depth from a fresh table;
the total nodes and CPU seconds compare search changes on equal work (``--full-width``:
without ProbCut).

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


def main() -> None:
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
