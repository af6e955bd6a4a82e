"""Perft: the published counts from the standard start, and the reference elsewhere."""

import pytest
import reference as ref

from reversi import Position, Rules
from reversi.core.perft import perft

PUBLISHED = [4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288]


@pytest.mark.parametrize("depth", [*range(1, 9), pytest.param(9, marks=pytest.mark.slow)])
def test_perft_standard_start(depth):
    assert perft(Position.start(), depth) == PUBLISHED[depth - 1]


def test_perft_depth_zero_is_one():
    assert perft(Position.start(), 0) == 1


@pytest.mark.parametrize(
    "rules,depth",
    [
        (Rules(size=4), 9),
        (Rules(size=6), 5),
        (Rules(size=10), 4),
        (Rules("octagon"), 4),
        (Rules("classic"), 6),
        (Rules(free_opening=True, size=6), 6),
        (Rules(blocked=("c3", "f6", "b5")), 5),
        (Rules(handicap=4), 4),
    ],
    ids=lambda x: getattr(x, "describe", lambda: str(x))(),
)
def test_perft_matches_reference(rules, depth):
    start = Position.start(rules)
    assert perft(start, depth) == ref.perft(ref.from_position(start), depth)


@pytest.mark.slow
def test_perft_counts_finished_games_as_leaves():
    # 4x4 games end early: deep perft there exercises passes and game ends
    start = Position.start(Rules(size=4))
    assert perft(start, 12) == ref.perft(ref.from_position(start), 12)
