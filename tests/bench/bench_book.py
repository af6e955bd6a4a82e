"""The opening book as the levels play it: its size, its main line, and how varied and how long
the levels' games stay in it.

    python -m tests.bench.bench_book [GAMES]

For each level that plays from the book, ``GAMES`` games (default 40) from the start, each
move drawn by :func:`reversi.engine.play.choose_move` with its own seed, until the book has no
move: how many plies each game stayed in the book, and how many distinct lines of the first
six moves were played (the four first moves are one position turned, so four is one line).
"""

from __future__ import annotations

import collections
import sys

from reversi.core.position import Position
from reversi.core.rules import Rules
from reversi.engine.book import book_for, book_moves
from reversi.engine.levels import LEVELS
from reversi.engine.play import choose_move
from reversi.formats.notation import move_name


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    rules = Rules()
    g = rules.geometry
    book = book_for(rules)
    if not book:
        raise SystemExit("no opening book for 8x8 Othello in reversi/engine/data/")
    pos = Position.start(rules)
    line = []
    while scores := book_moves(pos, book):
        best = max(scores, key=lambda m: scores[m])
        line.append(move_name(best, g))
        pos = pos.play(best)
    print(f"{len(book)} positions; the main line (best moves): {' '.join(line)} ({len(line)} plies)")
    for level in LEVELS:
        if level.book_margin < 0:
            continue
        lengths: collections.Counter[int] = collections.Counter()
        lines = set()
        for seed in range(games):
            pos = Position.start(rules)
            played = []
            while book_moves(pos, book):
                move, _info = choose_move(pos, level.level, seed=seed * 100 + len(played))
                played.append(move_name(move, g))
                pos = pos.play(move)
            lengths[len(played)] += 1
            lines.add(" ".join(played[:6]))
        spread = ", ".join(f"{n} plies: {c}" for n, c in sorted(lengths.items()))
        print(f"level {level.level} (within {level.book_margin} centidiscs of the best): {spread}; "
              f"{len(lines)} distinct six-move lines in {games} games")


if __name__ == "__main__":
    main()
