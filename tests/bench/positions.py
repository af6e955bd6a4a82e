"""Shared positions for the AI's tests and benchmarks.

``ENDGAME`` holds 8x8 position strings (RULES.md format) with 14, 16, 18 and 20
empties, taken from reproducible games: :func:`make_endgame_positions` plays
them with the engine's own search (depth 2, from seeded random 6-ply openings)
and was run once to fill the table (the last two 20-empty positions: a second
run, seed 2025); re-running it gives the same strings only as long as the search
and evaluation do not change, so the strings are frozen here on purpose.
``MIDGAME`` positions are for the node-rate benchmark.
"""

from __future__ import annotations

import random

from reversi.core.position import Position
from reversi.core.rules import Rules

ENDGAME: dict[int, list[str]] = {
    14: [
        "--OOOOOOO-OOXXOXOOOOOXXXOOOOXOXXOOOOXXXXOOOOXOOOO-OO------OO---- X",
        "---OXX-----OOX--OXXOOOOOOXXOOOOOXXOOXXOOOOOOOXXO--OOOXXO--OOOOXO X",
        "--OOO-----XX----XXXXOXOOXXXXXOOOXXXXOXOOXXXXXOXO--OXOXXX-OOOOOOO X",
    ],
    16: [
        "-O-X----XOXX----XOXOXOOOXOXOOXOOXOXOOOOOXOOOOOOOXOOOOX----XXXX-- X",
        "-XXXXXXX-OOOOOOX--OXXXOX-OOXXOOX-OOOOOOX-X-XOXOO---XXXX----XXX-X X",
        "----OO--X-OOOOOXXXOXOOXXXXOXOOXXXXXOOOXXXXOXXXXXXOOXXX------X--- X",
    ],
    18: [
        "XXXXXXXX-XOOOOXXXXXXXXXX-XOXXOXX-OOOOOXX--XXXXOX------XX-------X X",
        "--OOOOO---OOXO--XOOOOXXXXOOXXOX-OOXOXOOOXXXXOO----XOX----XXXXX-- X",
        "--X--X--X-XXXO--XXOXXOOXXOXXOOX-XOXOOOX-XXOXOOX-XOOOOO----XOOX-- X",
    ],
    20: [
        "-OOOOO----XXOOOO--XXOOOX--XOXOXX--OXOXXX-O-OOOXX----OXXX---XXXXX X",
        "-----O----OOOO--XXOOOO--XXOOXO-OXOXOXOO-XXOXXXXXX-XXXXX---XXXXX- X",
        "----O-----OOOO-O-OOOOXOOXOXXOOXOXOXOOOOOXXXXOOOOX-XXXX----X--X-- X",
        # make_endgame_positions((20,), per_count=2, seed=2025), with the evaluator of the time
        "OOOOOOOOOXXXXXO-OXXXOOX--XXXOX---XOXOX---XOOOX----OOO-----OOOO-- X",
        "-XXXX-O---XOXO-OOOOOOXOOXOXOXOXO-XOXXXOO-OXXXOXO--XXXX---------- X",
    ],
}

#: Public test positions of the FFO endgame suite (number: position, best move, exact score),
#: the yardstick every endgame solver is quoted on.
FFO: dict[int, tuple[str, str, int]] = {
    40: ("O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X", "a2", 38),
}

#: Midgame positions (44, 36 and 28 empties) from the same kind of games.
MIDGAME: list[str] = [
    "-------------O-----XOO-----XOOOO---XOO-----XOO-----OO-----OOO--- X",
    "--X-O-----X-OO----XXOO-----XOO-----XOOOO----OOO----------------- X",
    "OOOOXX---OOOOO----XXOO----XXOO----XXOO-----XOO------O-------O--- X",
    "-XXX------XO------XOOO----XOOO--OXOXOOOOOOXXX---O---X----------- X",
    "----------------OOXXX---OOOOXOO-XXXXXXOXOXXOOOOO--OOXX----OXXO-- X",
    "--X-------XX-O----XXOOO--OXOXXOOOXOOOXXOOOXXXXXOO-XX---O-------- X",
]


def random_position(rules: Rules, empties: int, rng: random.Random, *, allow_over: bool = False) -> Position:
    """A position from random legal moves, stopped at ``empties`` empty squares (or the end)."""
    while True:
        p = Position.start(rules)
        while not p.is_over and p.empty.bit_count() > empties:
            if p.must_pass:
                p = p.pass_turn()
                continue
            p = p.play(rng.choice(p.legal_moves()))
        if allow_over or not p.is_over:
            return p


def make_endgame_positions(empties_list=(14, 16, 18, 20), per_count: int = 3, seed: int = 2024) -> dict[int, list[str]]:
    from reversi.engine.search import search
    from reversi.formats.notation import position_to_string

    rng = random.Random(seed)
    out: dict[int, list[str]] = {e: [] for e in empties_list}
    for e in empties_list:
        while len(out[e]) < per_count:
            p = Position.start(Rules())
            for _ in range(6):
                p = p.play(rng.choice(p.legal_moves()))
            while not p.is_over and p.empty.bit_count() > e:
                if p.must_pass:
                    p = p.pass_turn()
                    continue
                p = p.play(search(p, max_depth=2).move)
            if not p.is_over and p.legal:
                out[e].append(position_to_string(p))
    return out
