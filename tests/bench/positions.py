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
from reversi.engine.protocol import Limits

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

#: Public test positions of the FFO endgame suite (number: position, best moves, exact score),
#: the yardstick every endgame solver is quoted on. Where several moves reach the score they
#: are all listed, separated by spaces. #40 to #59 have 20 to 34 empties; the benchmark
#: solves #40 by default and the others on request (``--ffo 41-59``).
FFO: dict[int, tuple[str, str, int]] = {
    40: ("O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X", "a2", 38),  # 20 empties
    41: ("-OOOOO----OOOOX--OOOOOO-XXXXXOO--XXOOX--OOXOXX----OXXO---OOO--O- X", "h4", 0),  # 22 empties
    42: ("--OOO-------XX-OOOOOOXOO-OOOOXOOX-OOOXXO---OOXOO---OOOXO--OOOO-- X", "g2", 6),  # 22 empties
    43: ("--XXXXX---XXXX---OOOXX---OOXXXX--OOXXXO-OOOOXOO----XOX----XXXXX- O", "g3 c7", -12),  # 23 empties
    44: ("--O-X-O---O-XO-O-OOXXXOOOOOOXXXOOOOOXX--XXOOXO----XXXX-----XXX-- O", "d2 b8", -14),  # 23 empties
    45: ("---XXXX-X-XXXO--XXOXOO--XXXOXO--XXOXXO---OXXXOO-O-OOOO------OO-- X", "b2", 6),  # 24 empties
    46: ("---XXX----OOOX----OOOXX--OOOOXXX--OOOOXX--OXOXXX--XXOO---XXXX-O- X", "b3", -8),  # 24 empties
    47: ("-OOOOO----OOOO---OOOOX--XXXXXX---OXOOX--OOOXOX----OOXX----XXXX-- O", "g2", 4),  # 25 empties
    48: ("-----X--X-XXX---XXXXOO--XOXOOXX-XOOXXX--XOOXX-----OOOX---XXXXXX- O", "f6", 28),  # 25 empties
    49: ("--OX-O----XXOO--OOOOOXX-OOOOOX--OOOXOXX-OOOOXX-----OOX----X-O--- X", "e1", 16),  # 26 empties
    50: ("----X-----XXX----OOOXOOO-OOOXOOO-OXOXOXO-OOXXOOO--OOXO----O--O-- X", "d8", 10),  # 26 empties
    51: ("----O-X------X-----XXXO-OXXXXXOO-XXOOXOOXXOXXXOO--OOOO-O----OO-- O", "e2 a3", 6),  # 27 empties
    52: ("---X-------OX--X--XOOXXXXXXOXXXXXXXOOXXXXXXOOOXX--XO---X-------- O", "a3", 0),  # 27 empties
    53: ("----OO-----OOO---XXXXOOO--XXOOXO-XXXXXOO--OOOXOO--X-OX-O-----X-- X", "d8", -2),  # 28 empties
    54: ("--OOO---XXOO----XXXXOOOOXXXXOX--XXXOXX--XXOOO------OOO-----O---- X", "c7", -2),  # 28 empties
    55: ("--------X-X------XXXXOOOOOXOXX--OOOXXXX-OOXXXX--O-OOOX-----OO--- O", "g6 b7 e2 g4", 0),  # 29 empties
    56: ("--XXXXX---XXXX---OOOXX---OOXOX---OXXXXX-OOOOOXO----OXX---------- O", "h5", 2),  # 29 empties
    57: ("-------------------XXOOO--XXXOOO--XXOXOO-OOOXXXO--OXOO-O-OOOOO-- X", "a6", -10),  # 30 empties
    58: ("--XOOO----OOO----OOOXOO--OOOOXO--OXOXXX-OOXXXX----X-XX---------- X", "g1", 4),  # 30 empties
    59: ("-----------------------O--OOOOO---OOOOOXOOOOXXXX--XXOOXX--XX-O-X X", "h4 g8 e8", 64),  # 34 empties
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
                p = p.play(search(p, Limits(depth=2)).move)
            if not p.is_over and p.legal:
                out[e].append(position_to_string(p))
    return out
