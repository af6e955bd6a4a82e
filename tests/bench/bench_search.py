"""Node rate of the midgame search on fixed positions.

    python -m tests.bench.bench_search [SECONDS_PER_POSITION]

:func:`run` is importable (plain data in and out) so the browser worker can run
the same benchmark under Pyodide.
"""

from __future__ import annotations

import sys

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
        r = search(pos, time_limit=seconds)
        rows.append({"position": text, "nodes": r.nodes, "seconds": round(r.seconds, 3), "depth": r.depth,
                     "nps": round(r.nodes / r.seconds) if r.seconds else 0})
        total_nodes += r.nodes
        total_seconds += r.seconds
    return {"positions": rows, "nodes": total_nodes, "seconds": round(total_seconds, 3),
            "nps": round(total_nodes / total_seconds) if total_seconds else 0}


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 2.0
    out = run(seconds=seconds)
    for row in out["positions"]:
        print(f"{row['position'][:64]}  depth {row['depth']:2d}  {row['nodes']:8d} nodes  {row['nps']:7d} n/s")
    print(f"total: {out['nodes']} nodes in {out['seconds']} s = {out['nps']} nodes/s")


if __name__ == "__main__":
    main()
