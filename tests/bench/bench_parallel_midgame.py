"""The midgame on two processes at Expert's time: the root split against a shared-nothing search,
and both against one process.

    python -m tests.bench.bench_parallel_midgame [--seconds 1.8] [--positions 20] [--reference 4]
        [--processes 2] [--modes 1,split,shared]
    python -m tests.bench.bench_parallel_midgame --depth 10 [--positions 10]   # time to a depth

Each position (the node-rate benchmark's midgame positions, then positions of random games, 24
to 44 empties) is searched by every mode in turn, the order rotated from position to position
so that none always runs first on a shared machine, each from fresh tables (a new pool a
position, started before the clock runs):

* ``1``: :func:`reversi.engine.search.search`, one process;
* ``split``: :func:`reversi.engine.parallel_search.search_split` on ``--processes`` worker
  processes (the root's moves shared, a job each);
* ``shared``: shared-nothing: each worker runs the whole iterative deepening on its own, the
  root's moves after the first in an order of its own (worker 0 keeps the serial order), and
  the deepest answer wins (a finished iteration before an unfinished one of the same depth).

Per mode: the mean depth reached, nodes per second (all processes' nodes over the wall time),
and how often its move is the move of a reference search of ``--reference`` times the time on
one process. With ``--depth D`` each mode searches every position to depth D instead (no time
limit, no reference; shared-nothing: the first worker done), and the wall seconds and nodes in
all are printed: the speed-up to a depth. The machine is shared: the ratios of one run are what
counts.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

from reversi.core.position import Position
from reversi.core.rules import Rules
from reversi.engine import search as search_module
from reversi.engine.jobs import JobWorker
from reversi.engine.midgame import Searcher, ordered_children
from reversi.engine.parallel_search import search_split
from reversi.engine.processes import ProcessCarrier
from reversi.engine.protocol import Limits
from reversi.engine.scheduler import Message
from reversi.engine.search import SearchResult, search
from reversi.formats.notation import parse_position, position_to_string
from reversi.formats.record import rules_to_dict

from .positions import MIDGAME, random_position


class ThinkWorker(JobWorker):
    """A shared-nothing worker: ``think`` runs the whole search, its root order perturbed by its ``seed``."""

    def answer(self, message: Message) -> Message | None:
        if message["kind"] != "think":
            return super().answer(message)
        self.current = message["id"]
        seed = message["seed"]
        if seed:
            rng = random.Random(seed)

            def perturbed(s: Searcher, position: Position, scores: dict[int, int]) -> list[tuple[int, Position]]:
                kids = ordered_children(s, position, scores)
                rest = kids[1:]
                rng.shuffle(rest)
                return kids[:1] + rest

            search_module.ordered_children = perturbed  # type: ignore[assignment]  # this worker's process only
        pos = self.position(message)
        r = search(pos, Limits(seconds=message["seconds"], depth=message.get("depth")), searcher=Searcher(pos.rules))
        self.current = 0
        return {"kind": "think", "id": message["id"], "move": r.move, "score": r.score, "depth": r.depth,
                "stopped": r.stopped, "nodes": r.nodes}


def shared_nothing(position: Position, carrier: ProcessCarrier, seconds: float | None,
                   depth: int | None = None) -> SearchResult:
    start = time.perf_counter()
    job = {"kind": "think", "rules": rules_to_dict(position.rules), "position": position_to_string(position),
           "move": None, "seconds": seconds, "depth": depth}
    for w in range(carrier.count()):
        carrier.send(w, {**job, "id": 1000 + w, "seed": w})
    answers: dict[int, Message] = {}
    while len(answers) < carrier.count():
        for w, a in carrier.receive(None):
            answers[w] = a
        if depth is not None and answers:
            break  # to a depth: the first done wins (the other is cancelled when its pool closes)
    best = max(answers, key=lambda w: (answers[w]["depth"], not answers[w]["stopped"], -w))
    a = answers[best]
    nodes = sum(x["nodes"] for x in answers.values())
    return SearchResult(a["move"], a["score"], a["depth"], [a["move"]], nodes, time.perf_counter() - start,
                        stopped=a["stopped"])


def positions(count: int) -> list[Position]:
    out = [parse_position(t) for t in MIDGAME][:count]
    rng = random.Random(2027)
    while len(out) < count:
        pos = random_position(Rules(), rng.randrange(24, 45), rng)
        if len(pos.legal_moves()) > 1:
            out.append(pos)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=1.8)
    ap.add_argument("--positions", type=int, default=20)
    ap.add_argument("--reference", type=float, default=4.0, help="the reference search's time, times --seconds")
    ap.add_argument("--processes", type=int, default=2)
    ap.add_argument("--modes", default="1,split,shared")
    ap.add_argument("--depth", type=int, default=None, help="search every position to this depth instead")
    args = ap.parse_args()
    if args.depth is not None:
        to_depth(args)
        return
    modes = args.modes.split(",")
    stats: dict[str, dict[str, Any]] = {m: {"depth": 0.0, "nodes": 0, "seconds": 0.0, "agree": 0} for m in modes}
    todo = positions(args.positions)
    Searcher(Rules())  # the evaluator loaded before the workers are forked
    for k, pos in enumerate(todo):
        ref = search(pos, Limits(seconds=args.seconds * args.reference))
        row = [f"{k + 1:2d} {pos.empty.bit_count()} empties, reference {ref.move} depth {ref.depth}:"]
        for j in range(len(modes)):
            mode = modes[(k + j) % len(modes)]
            if mode == "1":
                r = search(pos, Limits(seconds=args.seconds))
            elif mode == "split":
                with ProcessCarrier(args.processes) as c:
                    r = search_split(pos, c, Limits(seconds=args.seconds), searcher=Searcher(pos.rules))
            else:
                with ProcessCarrier(args.processes, make=ThinkWorker) as c:
                    r = shared_nothing(pos, c, args.seconds)
            st = stats[mode]
            st["depth"] += r.depth
            st["nodes"] += r.nodes
            st["seconds"] += r.seconds
            st["agree"] += r.move == ref.move
            row.append(f"{mode} d{r.depth}{'*' if r.stopped else ''} {r.nodes / max(r.seconds, 1e-9):,.0f}/s"
                       f"{'' if r.move == ref.move else ' (' + str(r.move) + ')'}")
        print("  ".join(row), flush=True)
    n = len(todo)
    print(f"\n{n} positions, {args.seconds} s a move, {args.processes} processes for split and shared:")
    for m in modes:
        st = stats[m]
        print(f"  {m:6s} mean depth {st['depth'] / n:5.2f}  nodes/s {st['nodes'] / st['seconds']:9,.0f}  "
              f"agrees with the reference {st['agree']}/{n}")


def to_depth(args: argparse.Namespace) -> None:
    modes = args.modes.split(",")
    wall = {m: 0.0 for m in modes}
    nodes = {m: 0 for m in modes}
    Searcher(Rules())
    limits = Limits(depth=args.depth)
    for k, pos in enumerate(positions(args.positions)):
        row = [f"{k + 1:2d} {pos.empty.bit_count()} empties:"]
        for j in range(len(modes)):
            mode = modes[(k + j) % len(modes)]
            if mode == "1":
                r = search(pos, limits)
            elif mode == "split":
                with ProcessCarrier(args.processes) as c:
                    r = search_split(pos, c, limits, searcher=Searcher(pos.rules))
            else:
                with ProcessCarrier(args.processes, make=ThinkWorker) as c:
                    r = shared_nothing(pos, c, None, args.depth)
                    for w in range(c.count()):
                        c.cancel(w, 1000 + w)  # the first is done: the others stop
                    while c.busy:
                        c.receive(None)
            wall[mode] += r.seconds
            nodes[mode] += r.nodes
            row.append(f"{mode} {r.seconds:6.2f} s {r.nodes:9,d}")
        print("  ".join(row), flush=True)
    print(f"\nto depth {args.depth}, {args.processes} processes for split and shared:")
    for m in modes:
        ratio = wall["1"] / wall[m] if "1" in wall else 0.0
        print(f"  {m:6s} {wall[m]:8.2f} s  {nodes[m]:11,d} nodes  speed-up {ratio:4.2f}")


if __name__ == "__main__":
    main()
