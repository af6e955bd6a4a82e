"""Stable discs (reversi/core/stability.py): never one that can flip, against every continuation on small boards."""

from __future__ import annotations

import random

import pytest

from reversi import Position, Rules
from reversi.core.game import Game
from reversi.core.position import PASS
from reversi.core.rules import BLACK, WHITE
from reversi.core.stability import mobility, stable_discs, stable_of
from reversi.engine.kernels import stable_discs as engine_stable_discs
from reversi.formats.notation import parse_position


class Continuations:
    """What every continuation of a position does to its squares, by brute force: the union of the Black
    discs and of the White discs over every position reachable from it (each searched once, and kept
    for the next position asked about: random positions of one rule set share most of their trees)."""

    def __init__(self, keep: int = 300_000, limit: int = 2_000_000) -> None:
        self.colours_of: dict[tuple[int, int, int, tuple[int, int] | None], tuple[int, int]] = {}
        self.keep, self.limit = keep, limit

    def ever_flipped(self, start: Position) -> int:
        """The squares of ``start``'s discs that some continuation of the game flips."""
        if len(self.colours_of) > self.keep:
            self.colours_of.clear()
        black, white = self.colours(start)
        return (white & start.black) | (black & start.white)

    def colours(self, pos: Position) -> tuple[int, int]:
        key = (pos.black, pos.white, pos.turn, pos.supply)
        known = self.colours_of.get(key)
        if known is not None:
            return known
        black, white = pos.black, pos.white
        if not pos.is_over:
            for child in [pos.play(PASS)] if pos.must_pass else [pos.play(m) for m in pos.legal_moves()]:
                b, w = self.colours(child)
                black, white = black | b, white | w
        self.colours_of[key] = (black, white)
        assert len(self.colours_of) <= self.limit, "too many positions for a brute force"
        return black, white


def random_positions(rules: Rules, count: int, seed: int, least_plies: int) -> list[Position]:
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        game = Game(rules=rules)
        plies = rng.randrange(least_plies, rules.geometry.square_count)
        for _ in range(plies):
            if game.position.is_over:
                break
            game.play(rng.choice(game.position.legal_moves() or [PASS]))
        out.append(game.position)
    return out


SMALL = [
    (Rules(size=4), 0),
    (Rules(size=4, anti=True), 0),
    (Rules(size=4, blocked=("b1",)), 0),
    (Rules(size=6), 22),
    (Rules(size=6, blocked=("a3",)), 23),
]


@pytest.mark.parametrize(("rules", "least_plies"), SMALL, ids=lambda x: x.describe() if isinstance(x, Rules) else "")
def test_no_disc_marked_stable_ever_flips_in_any_continuation(rules: Rules, least_plies: int) -> None:
    marked_total = truly_total = 0
    continuations = Continuations()
    for position in random_positions(rules, 40, seed=len(rules.describe()), least_plies=least_plies):
        black, white = stable_discs(position)
        assert not black & ~position.black and not white & ~position.white
        flipped = continuations.ever_flipped(position)
        assert not (black | white) & flipped, position  # sound: a marked disc never flips
        marked_total += (black | white).bit_count()
        truly_total += ((position.black | position.white) & ~flipped).bit_count()
    assert marked_total > 0  # the test sees stable discs at all
    assert marked_total <= truly_total


def test_known_cases_corners_full_lines_and_walls() -> None:
    rules = Rules()
    g = rules.geometry
    corner = parse_position("X" + "-" * 62 + "O" + " X")  # a1 Black, h8 White: corners are stable
    black, white = stable_discs(corner)
    assert black == 1 << g.parse_square("a1") and white == 1 << g.parse_square("h8")
    # an edge of Black from a1 to d1: leaning on the corner, each is stable; e1 alone is not
    edge = parse_position("XXXX-X--" + "-" * 56 + " O")
    black, _ = stable_discs(edge)
    assert set(g.bits_to_names(black)) == {"a1", "b1", "c1", "d1"}
    # the full board: every disc is stable
    full = parse_position("XO" * 32 + " X")
    assert stable_discs(full) == (full.black, full.white)
    # the start: nothing is stable
    assert stable_discs(Position.start(rules)) == (0, 0)
    # a blocked square is a wall: c1 (on the edge, d1 blocked) is stable; d2 below it is safe
    # along its column only
    blocked = Rules(blocked=("d1",))
    bg = blocked.geometry
    pos = Position(blocked, (1 << bg.parse_square("c1")) | (1 << bg.parse_square("d2")), 0, WHITE)
    assert bg.bits_to_names(stable_of(bg, pos.black, pos.empty)) == ["c1"]
    assert stable_of(g, 1 << g.parse_square("c1"), g.mask & ~(1 << g.parse_square("c1"))) == 0  # no wall: no
    assert mobility(Position.start(rules)) == (4, 4)


@pytest.mark.parametrize("rules", [Rules(), Rules("octagon"), Rules(size=10, blocked=("c3", "h8")), Rules("classic"),
                                   Rules(size=16), Rules(size=4)], ids=lambda r: r.describe())
def test_the_rules_and_the_engine_mark_the_same_discs(rules: Rules) -> None:
    g = rules.geometry
    for position in random_positions(rules, 60, seed=3, least_plies=4):
        black, white = stable_discs(position)
        assert black == engine_stable_discs(g, position.black, position.empty)
        assert white == engine_stable_discs(g, position.white, position.empty)
        for color, mine in ((BLACK, black), (WHITE, white)):
            assert mine & ~position.discs(color) == 0


def test_the_viewer_embed_shows_the_stable_discs_when_the_reader_asks() -> None:
    from reversi.ui.embed.viewer import Viewer

    moves = "c4e3f2c5d6e2f3g1d1g3e6c3b6e1b2a7g4f4h2f7d2h3b4c1g8e7f8a5a4b3c2d3h4d7c7e8f5a2b5d8c6h8g2g5"
    viewer = Viewer.from_query("?view=embed&m=" + moves)
    viewer.last()
    assert viewer.board_view().stable == frozenset()
    viewer.toggle_stable()
    black, white = stable_discs(viewer.current.position)
    assert viewer.board_view().stable == frozenset(Rules().geometry.bits_to_names(black | white)) != frozenset()
    viewer.first()
    assert viewer.board_view().stable == frozenset()  # the start: none
    from support import three_puzzles

    from reversi.ui.embed.puzzle_set import puzzle_set_query

    puzzle = Viewer.from_query("?view=puzzle&" + puzzle_set_query(three_puzzles()))
    puzzle.toggle_stable()
    assert puzzle.solving() and not puzzle.shows_stable()  # no hints while the reader answers
