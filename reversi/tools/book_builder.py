"""Building the opening book by self-play (drop-out expansion), for 8x8 Othello.

Usage::

    python -m reversi.tools.book_builder --depth 8 --time-limit 3600 --processes 2
    python -m reversi.tools.book_builder --quick --out /tmp/book.bin            # tiny, for tests
    python -m reversi.tools.book_builder --grow reversi/engine/data/book_8x8.bin --time-limit 1800  # grow it
    python -m reversi.tools.book_builder --grow reversi/engine/data/book_8x8.bin --revalue ...  # new weights

``--revalue`` searches every leaf of the earlier book again (with the weights shipped now)
before it grows: the tree stays, its values are the current evaluation's, and the growth
then follows the lines that those values favour.

The book (:mod:`reversi.engine.book`) is a tree of positions from the start. Each round
expands the leaves that the engine's own play is likeliest to reach: a leaf's *cost* is
the sum, along the cheapest line from the start, of what each move of the line gives
away against the best move of its position (by the book's current values), plus
``--ply-cost`` a move. So the best lines grow deepest, the moves close to the best (those
the playing levels draw among for variety) are covered, and a move that loses three
discs is left alone. To expand a position, each of its moves is searched ``--depth``
plies deep (the engine's own search and evaluation); then every inner position is
revalued by negamax over its moves. Values are centidiscs for the side to move.

The run is time-limited; ``docs/engine/training.md`` records the shipped book's command,
its size and what it cost.
"""

from __future__ import annotations

import argparse
import heapq
import os
import sys
import time
from collections.abc import Callable
from typing import Any

from reversi.core.position import Position
from reversi.core.rules import Rules
from reversi.engine.book import Book, book_names, canonical, load_book, save_book
from reversi.engine.search import search
from reversi.engine.weights import DATA_DIR
from reversi.errors import WeightsError

Key = tuple[int, int]


def evaluate(task: tuple[Position, int]) -> int:
    """The value (centidiscs, side to move) of a position by a search of ``depth`` plies."""
    position, depth = task
    if position.is_over:
        return position.final_margin(position.turn) * 100
    if position.must_pass:
        return -evaluate((position.pass_turn(), depth))
    return search(position, max_depth=depth).score


class BookBuilder:
    """The growing book: every position met, its search value, and the expanded ones."""

    def __init__(self, rules: Rules, depth: int, ply_cost: int, max_ply: int) -> None:
        self.rules = rules
        self.depth = depth
        self.ply_cost = ply_cost
        self.max_ply = max_ply
        self.g = rules.geometry
        self.positions: dict[Key, Position] = {}
        self.leaf: dict[Key, int] = {}
        self.expanded: dict[Key, list[Key]] = {}
        self.value: dict[Key, int] = {}
        #: An expanded position's moves: the position after each, and the sign of its value.
        self.signed: dict[Key, list[tuple[Key, int]]] = {}
        start = Position.start(rules)
        self.root = self.key(start)
        self.positions[self.root] = start

    def grow_from(self, book: Book) -> int:
        """Take up an earlier book: every position reached from the start through positions
        whose every move the book holds is expanded again (no search), the others are leaves
        with their book values. Returns the number of expanded positions."""
        if self.root not in book:
            return 0
        todo = [self.root]
        self.leaf[self.root] = book[self.root]
        while todo:
            k = todo.pop()
            kids = [(child, sign, self.key(child)) for child, sign in self.children(self.positions[k])]
            if not kids or any(ck not in book for _, _, ck in kids):
                continue
            self.signed[k] = [(ck, sign) for _, sign, ck in kids]
            self.expanded[k] = [ck for _, _, ck in kids]
            for child, _, ck in kids:
                if ck not in self.positions:
                    self.positions[ck] = child
                    self.leaf[ck] = book[ck]
                    todo.append(ck)
        self.revalue()
        return len(self.expanded)

    def key(self, position: Position) -> Key:
        return canonical(self.g, position.player, position.opponent)

    def children(self, position: Position) -> list[tuple[Position, int]]:
        """The positions after each move, with the sign that turns their value into the mover's."""
        out = []
        for m in position.legal_moves():
            child = position.play(m)
            if child.must_pass and not child.is_over:
                out.append((child.pass_turn(), 1))
            else:
                out.append((child, -1))
        return out

    def frontier(self, count: int) -> list[Key]:
        """The ``count`` cheapest leaves (see the module's docstring), cheapest first."""
        best: dict[Key, float] = {self.root: 0.0}
        heap: list[tuple[float, int, Key]] = [(0.0, 0, self.root)]
        out: list[Key] = []
        while heap and len(out) < count:
            cost, p, k = heapq.heappop(heap)
            if cost > best.get(k, float("inf")):
                continue
            if k not in self.expanded:
                pos = self.positions[k]
                if p < self.max_ply and not pos.is_over and pos.legal_moves():
                    out.append(k)
                continue
            v = self.value[k]
            for child, sign in self.signed[k]:
                c = cost + (v - sign * self.value[child]) + self.ply_cost
                if c < best.get(child, float("inf")):
                    best[child] = c
                    heapq.heappush(heap, (c, p + 1, child))
        return out

    def unseen_children(self, key: Key) -> int:
        """How many positions expanding ``key`` would add to the book."""
        return len({ck for child, _ in self.children(self.positions[key]) if (ck := self.key(child)) not in self.leaf})

    def expand(self, keys: list[Key], run: Callable[[list[tuple[Position, int]]], list[int]]) -> int:
        """Value every move of the positions ``keys``; returns the number of searches."""
        tasks: list[tuple[Position, int]] = []
        new: list[Key] = []
        for k in keys:
            kids = []
            for child, sign in self.children(self.positions[k]):
                ck = self.key(child)
                kids.append((ck, sign))
                if ck not in self.positions:
                    self.positions[ck] = child
                if ck not in self.leaf and ck not in new:
                    new.append(ck)
                    tasks.append((child, self.depth))
            self.signed[k] = kids
            self.expanded[k] = [ck for ck, _ in kids]
        for ck, v in zip(new, run(tasks), strict=True):
            self.leaf[ck] = v
        if self.root not in self.leaf:
            self.leaf[self.root] = 0
        self.revalue()
        return len(tasks)

    def research_leaves(self, run: Callable[[list[tuple[Position, int]]], list[int]]) -> int:
        """Search every leaf again (``depth`` plies, the weights in use now) and revalue the
        tree: an earlier book's shape with the current evaluation's values. Returns the
        number of searches (none when nothing was taken up: an earlier book without the start)."""
        if self.root not in self.leaf:
            return 0
        keys = [k for k in self.leaf if k not in self.expanded]
        for k, v in zip(keys, run([(self.positions[k], self.depth) for k in keys]), strict=True):
            self.leaf[k] = v
        self.revalue()
        return len(keys)

    def revalue(self) -> None:
        """Negamax over the expanded positions (leaves keep their search value)."""
        value: dict[Key, int] = {}
        sys.setrecursionlimit(max(sys.getrecursionlimit(), 10 * self.max_ply + 100))

        def walk(k: Key) -> int:
            got = value.get(k)
            if got is not None:
                return got
            if k not in self.expanded:
                v = self.leaf[k]
            else:
                v = max(sign * walk(ck) for ck, sign in self.signed[k])
            value[k] = v
            return v

        walk(self.root)
        for k in self.leaf:
            if k not in value:
                value[k] = self.leaf[k]
        self.value = value

    def book(self) -> Book:
        return dict(self.value)


def build(
    rules: Rules,
    depth: int,
    time_limit: float,
    max_positions: int,
    processes: int,
    ply_cost: int,
    max_ply: int,
    log: Callable[[str], None],
    earlier: Book | None = None,
    revalue: bool = False,
) -> tuple[Book, dict[str, Any]]:
    """Grow a book until ``time_limit`` seconds or ``max_positions`` positions, from the start
    or from an ``earlier`` book (``revalue``: its leaves searched again first, not counted in
    the time limit)."""
    builder = BookBuilder(rules, depth, ply_cost, max_ply)
    if earlier:
        log(f"grown from a book of {len(earlier)} positions: {builder.grow_from(earlier)} expanded")
    searches = 0
    revalued = 0
    pool = None
    if processes > 1:
        import multiprocessing

        pool = multiprocessing.Pool(processes)

    def run(tasks: list[tuple[Position, int]]) -> list[int]:
        if pool is None:
            return [evaluate(t) for t in tasks]
        return pool.map(evaluate, tasks, chunksize=1)

    try:
        if earlier and revalue:
            t1 = time.time()
            revalued = builder.research_leaves(run)
            start = f": start {builder.value[builder.root]:+d}" if revalued else " (the earlier book lacks the start)"
            log(f"revalued {revalued} leaves in {time.time() - t1:.0f}s{start}")
        t0 = time.time()
        if builder.root not in builder.expanded:
            searches += builder.expand([builder.root], run)
        rounds = 0
        while time.time() - t0 < time_limit and len(builder.leaf) < max_positions:
            leaves = builder.frontier(max(1, processes))
            # the cap is a bound: expand only what keeps the book within it
            room = max_positions - len(builder.leaf)
            leaves = [k for k in leaves if (room := room - builder.unseen_children(k)) >= 0]
            if not leaves:
                break
            searches += builder.expand(leaves, run)
            rounds += 1
            if rounds % 20 == 0:
                log(
                    f"  {len(builder.expanded)} expanded, {len(builder.leaf)} positions, "
                    f"start {builder.value[builder.root]:+d}, {time.time() - t0:.0f}s"
                )
    finally:
        if pool is not None:
            pool.close()
            pool.join()
    report = {
        "depth": depth,
        "ply_cost": ply_cost,
        "max_ply": max_ply,
        "expanded": len(builder.expanded),
        "searches": searches,
        "seconds": round(time.time() - t0),
        **({"revalued": revalued} if revalued else {}),
        "start_value": builder.value[builder.root],
    }
    return builder.book(), report


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m reversi.tools.book_builder", description=__doc__.split("\n")[0])
    ap.add_argument("--depth", type=int, default=8, help="search depth of each book move")
    ap.add_argument("--time-limit", type=float, default=600.0, help="seconds of building at most")
    ap.add_argument("--positions", type=int, default=20_000, help="the most positions in the book")
    ap.add_argument("--ply-cost", type=int, default=40, help="cost of a move in centidiscs (deeper or wider)")
    ap.add_argument("--max-ply", type=int, default=24, help="no book position deeper than this")
    ap.add_argument("--processes", type=int, default=1)
    ap.add_argument("--out", default=None, help="book file (default: the shipped one in reversi/engine/data/)")
    ap.add_argument("--grow", default=None, metavar="BOOK", help="start from this earlier book file")
    ap.add_argument("--revalue", action="store_true",
                    help="with --grow: search the earlier book's leaves again first (new weights)")
    ap.add_argument("--quick", action="store_true", help="tiny run for tests")
    args = ap.parse_args(argv)
    if args.quick:
        args.depth, args.time_limit, args.positions = 1, min(args.time_limit, 20.0), min(args.positions, 60)
    if not (1 <= args.depth <= 20 and 1 <= args.positions <= 1_000_000 and 1 <= args.processes <= 64):
        ap.error("--depth must be 1 to 20, --positions 1 to 1000000, --processes 1 to 64")
    if not (0 <= args.ply_cost <= 10_000 and 1 <= args.max_ply <= 60 and args.time_limit > 0):
        ap.error("--ply-cost must be 0 to 10000, --max-ply 1 to 60, --time-limit more than 0")
    if args.revalue and not args.grow:
        ap.error("--revalue needs --grow BOOK (the book whose leaves are searched again)")
    rules = Rules()
    out = args.out or os.path.join(DATA_DIR, book_names(rules)[0])

    def log(msg: str) -> None:
        print(msg, file=sys.stderr, flush=True)

    earlier: Book | None = None
    history: list[Any] = []
    if args.grow:
        try:
            old_header, earlier = load_book(args.grow)
        except WeightsError as e:
            ap.error(f"--grow: {e}")
        old_training = old_header.get("training")
        if isinstance(old_training, dict):
            history = [*old_training.get("earlier", []), {k: v for k, v in old_training.items() if k != "earlier"}]
    book, report = build(
        rules, args.depth, args.time_limit, args.positions, args.processes, args.ply_cost, args.max_ply, log,
        earlier, args.revalue,
    )
    if history:
        report["earlier"] = history
    header = {"format": "reversi opening book 1", "board": 8, "units": "centidiscs", "training": report}
    os.makedirs(os.path.dirname(out) or ".", exist_ok=True)
    save_book(out, header, book)
    log(f"wrote {out}: {len(book)} positions, {report['expanded']} expanded, {report['seconds']}s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
