"""The bitboard engine against the array reference, over many random games.

At every position of random games of every rule set and table option: the legal
moves and their flips agree with :mod:`reference`; disc counts add up; the
position string and the transcript round-trip.
"""

import random

import pytest
import reference as ref
from hypothesis import given, settings
from hypothesis import strategies as st

from reversi import PASS, Game, Position, Rules, RulesError, parse_position, play_transcript, position_to_string
from reversi.core.rules import random_blocked
from reversi.formats.notation import rules_for_position, write_transcript


@st.composite
def rule_sets(draw):
    variant = draw(st.sampled_from(["othello", "othello", "classic", "octagon"]))
    size = 8
    if variant != "octagon":
        size = draw(st.sampled_from([4, 6, 8, 8, 10, 12, 16]))
    handicap = 0 if variant == "octagon" else draw(st.integers(0, 4))
    rules = Rules(
        variant,
        size=size,
        anti=draw(st.booleans()),
        free_opening=draw(st.booleans()),
        handicap=handicap,
        handicap_color=draw(st.sampled_from([0, 1])),
    )
    blocked = draw(st.integers(0, 6))
    if blocked:
        try:
            rules = random_blocked(rules, blocked, draw(st.integers(0, 2**32)))
        except RulesError:
            pass
    return rules


def ref_moves(pos: Position) -> dict:
    g = pos.rules.geometry
    game = ref.from_position(pos)
    return {
        g.name(g.index(c, r)): sorted(g.name(g.index(x, y)) for x, y in flips)
        for (c, r), flips in game.moves().items()
    }


def engine_moves(pos: Position) -> dict:
    g = pos.rules.geometry
    return {g.name(i): sorted(g.bits_to_names(f)) for i, f in pos.moves_with_flips().items()}


def play_random_game(rules: Rules, seed: int, check: bool = True):
    rng = random.Random(seed)
    game = Game(rules)
    positions = [game.position]
    while not game.is_over:
        pos = game.position
        if check:
            assert engine_moves(pos) == ref_moves(pos), position_to_string(pos)
            check_counts(pos)
        game.play(rng.choice(pos.legal_moves()))
        positions.append(game.position)
    assert engine_moves(game.position) == {} == ref_moves(game.position)
    return game, positions


def check_counts(pos: Position):
    g = pos.rules.geometry
    assert pos.black & pos.white == 0
    assert (pos.black | pos.white) & ~g.mask == 0
    assert pos.count(0) + pos.count(1) + pos.empty.bit_count() == g.square_count
    if pos.supply is not None:
        full = pos.rules.supply
        placed = (pos.black | pos.white).bit_count() - pos.rules.handicap
        assert (full - pos.supply[0]) + (full - pos.supply[1]) == placed


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(rules=rule_sets(), seed=st.integers(0, 2**32))
def test_random_games_agree_with_reference(rules, seed):
    game, _positions = play_random_game(rules, seed)
    final = game.position
    result = final.result()
    assert result is not None
    squares = rules.geometry.square_count
    if rules.empties_to_winner:
        assert result.black + result.white == squares - (squares - final.count(0) - final.count(1)) % 2 * (
            result.winner is None
        )
    else:
        assert (result.black, result.white) == (final.count(0), final.count(1))
    # the reference agrees that the game is over
    assert ref.from_position(final).is_over()


@settings(max_examples=40, deadline=None)
@given(rules=rule_sets(), seed=st.integers(0, 2**32))
def test_positions_and_transcripts_round_trip(rules, seed):
    game, positions = play_random_game(rules, seed, check=False)
    for pos in positions[:: max(1, len(positions) // 8)]:
        text = position_to_string(pos)
        assert parse_position(text, rules) == pos
        # a bare string brings its own geometry back
        bare = Rules(rules.variant, anti=rules.anti, free_opening=rules.free_opening)
        assert rules_for_position(text, bare).geometry == rules.geometry
    transcript = write_transcript(game.line, rules.geometry)
    assert "pass" not in transcript and transcript == transcript.lower()
    replayed = play_transcript(Position.start(rules), transcript)
    assert replayed.line == game.line and replayed.position == game.position
    # upper case, spaces and move numbers give the same game
    names = [rules.geometry.name(m) for m in game.line if m != PASS]
    numbered = " ".join(
        f"{k + 1}. {names[2 * k].upper()} {' '.join(names[2 * k + 1 : 2 * k + 2])}"
        for k in range((len(names) + 1) // 2)
    )
    assert numbered.startswith("1. ")
    assert play_transcript(Position.start(rules), numbered).position == game.position
    explicit = " ".join("pass" if m == PASS else rules.geometry.name(m) for m in game.line)
    assert play_transcript(Position.start(rules), explicit).line == game.line


def test_flips_agree_on_dense_random_boards():
    """Not only reachable positions: arbitrary boards of every shape."""
    rng = random.Random(7)
    shapes = [Rules(size=s) for s in (4, 6, 8, 10, 16)] + [Rules("octagon"), Rules(blocked=("b2", "g7", "c6"))]
    for rules in shapes:
        g = rules.geometry
        for _ in range(40):
            black = white = 0
            for i in g.squares:
                x = rng.random()
                if x < 0.35:
                    black |= 1 << i
                elif x < 0.7:
                    white |= 1 << i
            for turn in (0, 1):
                pos = Position(rules, black, white, turn)
                assert engine_moves(pos) == ref_moves(pos)


def test_full_games_of_each_rule_set_agree_with_reference():
    """Deterministic companions of the property test: whole games on big boards."""
    for rules in (Rules(), Rules("classic"), Rules("octagon"), Rules(size=16), Rules(size=10, anti=True, handicap=4)):
        for seed in range(3):
            _game, positions = play_random_game(rules, seed)
            assert len(positions) > rules.geometry.square_count // 2
