"""Tests of the static evaluation (reversi/engine/evaluate.py), its patterns (patterns.py) and
its weights files (weights.py)."""

from __future__ import annotations

import os
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from reversi import PASS, Position, Rules, random_blocked
from reversi.core.bitboard import moves
from reversi.core.geometry import Geometry, iter_indices
from reversi.engine.evaluate import build_pattern_evaluator, make_evaluator, make_evaluator_from, with_moves
from reversi.engine.kernels import unflippable_squares
from reversi.engine.patterns import (
    PATTERN_SCALARS,
    gather_code,
    packed_index,
    pattern_instances,
    pattern_scalars,
    symmetries,
)
from reversi.engine.solver import solver_for
from reversi.engine.weights import DATA_DIR, load_pattern_weights, pattern_file, pattern_names, save_pattern_weights
from reversi.errors import WeightsError
from reversi.tools.fit import PATTERNS_8X8
from reversi.tools.train import main as train_main


def random_position(rules: Rules, plies: int, seed: int) -> Position:
    rng = random.Random(seed)
    pos = Position.start(rules)
    for _ in range(plies):
        if pos.is_over:
            break
        legal = pos.legal_moves()
        pos = pos.play(rng.choice(legal) if legal else PASS)
    return pos


def transform(g: Geometry, bits: int, sym) -> int:
    out = 0
    for i in iter_indices(bits):
        out |= 1 << g.index(*sym(*g.coords(i)))
    return out


@pytest.fixture(scope="module")
def trained_dir(tmp_path_factory):
    """Weights of a tiny training run (tied symmetric pattern tables)."""
    d = tmp_path_factory.mktemp("weights")
    assert train_main(["patterns", "--quick", "--games", "16", "--out", str(d / "patterns_8x8.bin")]) == 0
    return d


# -- geometry of the evaluation -----------------------------------------------------------


def test_unflippable_squares_are_the_corners_on_8x8():
    g = Rules().geometry
    assert sorted(g.bits_to_names(unflippable_squares(g))) == ["a1", "a8", "h1", "h8"]


def test_unflippable_squares_on_the_octagon_are_next_to_the_cuts():
    g = Rules("octagon").geometry
    expected = {"c1", "h1", "a3", "j3", "a8", "j8", "c10", "h10"}
    assert set(g.bits_to_names(unflippable_squares(g))) == expected


def test_unflippable_squares_follow_blocked_squares():
    # c1 blocked: b1 and d1 now have no line through them along the edge, and off
    # the board above them, so they can never be flipped either.
    g = Rules(size=6, blocked=("c1",)).geometry
    assert sorted(g.bits_to_names(unflippable_squares(g))) == ["a1", "a6", "b1", "d1", "f1", "f6"]
    # a blocked square inside the board makes no square unflippable
    g = Rules(size=8, blocked=("c3",)).geometry
    assert sorted(g.bits_to_names(unflippable_squares(g))) == ["a1", "a8", "h1", "h8"]


def test_gathered_keys_match_the_squares():
    g = Geometry(8, 8)
    rng = random.Random(3)
    for _, squares in PATTERNS_8X8:
        for inst in pattern_instances(g, squares):
            expr, bits = gather_code(inst, "x")
            fn = eval("lambda x: " + expr)
            for _ in range(200):
                x = rng.getrandbits(80) & g.mask
                assert fn(x) == sum(1 << bits[k] for k, sq in enumerate(inst) if x >> sq & 1), expr


def test_packed_index_gives_the_base3_index():
    g = Geometry(8, 8)
    rng = random.Random(4)
    lane = 84
    for _, squares in PATTERNS_8X8:
        for inst in pattern_instances(g, squares)[:3]:
            table = packed_index(inst, lane, {})
            assert len(table) == 3 ** len(inst)
            mask = sum(1 << i for i in inst)
            for _ in range(200):
                own = rng.getrandbits(80) & g.mask
                opp = rng.getrandbits(80) & g.mask & ~own
                want = sum(3**k * (1 if own >> sq & 1 else 2 if opp >> sq & 1 else 0) for k, sq in enumerate(inst))
                assert table[(own | opp << lane) & (mask | mask << lane)] == want


@pytest.mark.parametrize("rules", [Rules(), Rules(variant="octagon"), Rules(size=10)], ids=["8x8", "octagon", "10x10"])
def test_gathered_and_looked_up_patterns_agree(rules, monkeypatch):
    # the two ways to an instance's index (the packed boards' bits looked up in a dictionary,
    # and the gathered keys of each side for patterns too big for one) value alike
    import reversi.engine.evaluate as evaluate_module

    header, weights = load_pattern_weights(pattern_file(rules))
    looked_up = build_pattern_evaluator(rules.geometry, header, weights)
    monkeypatch.setattr(evaluate_module, "DICT_MAX_SQUARES", 0)
    gathered = build_pattern_evaluator(rules.geometry, header, weights)
    assert "D0[" in looked_up.source and "D0[" not in gathered.source
    for seed in range(40):
        pos = random_position(rules, 4 + seed, seed)
        assert looked_up(pos.player, pos.opponent) == gathered(pos.player, pos.opponent)


# -- symmetry and sanity -------------------------------------------------------------------


@pytest.mark.parametrize("anti", [False, True])
def test_shipped_evaluator_is_symmetric_on_8x8(anti):
    rules = Rules(anti=anti)
    g = rules.geometry
    evaluate = make_evaluator(rules)
    for seed in range(12):
        pos = random_position(rules, 8 + 4 * seed, seed)
        p, o = pos.player, pos.opponent
        values = {evaluate(transform(g, p, s), transform(g, o, s)) for s in symmetries(8)}
        assert len(values) == 1, values


def test_trained_pattern_evaluator_is_symmetric(trained_dir):
    rules = Rules()
    g = rules.geometry
    evaluate = make_evaluator_from(rules, str(trained_dir))
    assert hasattr(evaluate, "source")  # the pattern evaluator, not the fallback
    for seed in range(12):
        pos = random_position(rules, 6 + 4 * seed, seed)
        p, o = pos.player, pos.opponent
        values = {evaluate(transform(g, p, s), transform(g, o, s)) for s in symmetries(8)}
        assert len(values) == 1, values


@pytest.mark.parametrize(
    ("rules", "names"),
    [
        (Rules(), ["patterns_8x8.bin"]),
        (Rules(anti=True), ["patterns_8x8_anti.bin"]),
        (Rules("classic"), ["patterns_8x8_classic.bin", "patterns_8x8.bin"]),
        (Rules(size=10), ["patterns_10x10.bin"]),
        (Rules("octagon", anti=True), ["patterns_octagon_anti.bin"]),
        (Rules(size=8, blocked=("c3",)), []),
        (Rules("octagon", blocked=("c3",)), []),
    ],
    ids=str,
)
def test_each_board_names_its_pattern_weights(rules, names):
    assert pattern_names(rules) == names
    found = pattern_file(rules)
    shipped = [n for n in names if os.path.exists(os.path.join(DATA_DIR, n))]
    assert found == (os.path.join(DATA_DIR, shipped[0]) if shipped else None)


def test_untied_random_pattern_weights_are_not_symmetric():
    """The symmetry test above can fail: random weights that are not tied break it."""
    g = Geometry(8, 8)
    patterns = [{"name": n, "squares": [list(s) for s in sq]} for n, sq in PATTERNS_8X8[:1]]
    header = {"patterns": patterns, "phases": 1, "phase_of_empties": [0] * 65, "scalars": ["bias", "parity"]}
    rng = random.Random(1)
    size = 3 ** len(PATTERNS_8X8[0][1])
    evaluate = build_pattern_evaluator(g, header, [rng.randint(-99, 99) for _ in range(size + 2)])
    pos = random_position(Rules(), 30, 4)
    values = {evaluate(transform(g, pos.player, s), transform(g, pos.opponent, s)) for s in symmetries(8)}
    assert len(values) > 1


@pytest.mark.parametrize(
    "rules",
    [
        Rules(), Rules(anti=True), Rules("classic"), Rules(size=6), Rules(size=10), Rules(size=12),
        Rules("octagon"), Rules(size=6, anti=True), Rules(size=8, blocked=("d2",)),
    ],
    ids=str,
)
def test_all_corners_mine_beats_all_corners_theirs(rules):
    g = rules.geometry
    evaluate = make_evaluator(rules)
    corners = unflippable_squares(g)
    pos = random_position(rules, 20, 7)
    p, o = pos.player & ~corners, pos.opponent & ~corners
    if rules.anti:  # in Anti, corners are a burden: owning them all is worse
        assert evaluate(p, o | corners) > evaluate(p | corners, o)
    else:
        assert evaluate(p | corners, o) > evaluate(p, o | corners)


def endgames(rules: Rules, count: int, empties: int = 3) -> list[tuple[int, int]]:
    """Positions of random games with a few empty squares and a clear disc lead."""
    out = []
    seed = 0
    while len(out) < count:
        seed += 1
        rng = random.Random(seed)
        pos = Position.start(rules)
        while not pos.is_over and rules.geometry.square_count - pos.count(0) - pos.count(1) > empties:
            legal = pos.legal_moves()
            pos = pos.play(rng.choice(legal) if legal else PASS)
        if not pos.is_over and pos.legal and abs(pos.player.bit_count() - pos.opponent.bit_count()) >= 16:
            out.append((pos.player, pos.opponent))
    return out


@pytest.mark.parametrize("size", [8, 10])
def test_the_evaluation_knows_who_wins_a_lopsided_endgame(size):
    """One empty square left and a lead of 16 discs or more: the evaluation's sign is the
    exact result's in more than five positions of six, in Othello (more discs wins) and in Anti
    (fewer wins) on the same positions. A disc lead is not the verdict (a last move can
    flip 20 discs), so the exact solve is."""
    positions = endgames(Rules(size=size), 40, empties=1)
    for anti in (False, True):
        rules = Rules(size=size, anti=anti)
        evaluate = make_evaluator(rules)
        solver = solver_for(Position.start(rules))
        decided = [(p, o, v) for p, o in positions if (v := solver.value(p, o)) != 0]
        agree = sum((evaluate(p, o) > 0) == (v > 0) for p, o, v in decided)
        assert len(decided) >= 30 and agree >= 0.85 * len(decided), (anti, agree, len(decided))
        # and the other rule set's evaluation gets most of them wrong
        other = make_evaluator(Rules(size=size, anti=not anti))
        assert sum((other(p, o) > 0) == (v > 0) for p, o, v in decided) < 0.5 * len(decided)


# -- every geometry and rule set ---------------------------------------------------------------


@st.composite
def any_rules(draw):
    variant = draw(st.sampled_from(["othello", "classic", "octagon"]))
    size = 8 if variant == "octagon" else draw(st.sampled_from(range(4, 17, 2)))
    rules = Rules(
        variant,
        size=size,
        anti=draw(st.booleans()),
        free_opening=draw(st.booleans()),
        handicap=0 if variant == "octagon" else draw(st.integers(0, 2)),
    )
    blocked = draw(st.integers(0, 6))
    if blocked:
        rules = random_blocked(rules, blocked, draw(st.integers(0, 1000)))
    return rules


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(any_rules(), st.integers(0, 120), st.integers(0, 10**6))
def test_evaluator_works_on_every_geometry(rules, plies, seed):
    pos = random_position(rules, plies, seed)
    evaluate = make_evaluator(rules)
    value = evaluate(pos.player, pos.opponent)
    assert isinstance(value, int)
    assert abs(value) < 100 * 100 * rules.geometry.square_count
    assert make_evaluator(rules) is evaluate  # cached per Rules
    # the searches' form, given the mover's moves (on the board, whatever the supply)
    g = rules.geometry
    legal = moves(pos.player, pos.opponent, pos.empty, g.shifts)
    assert with_moves(evaluate)(pos.player, pos.opponent, legal) == value
    assert with_moves(evaluate) is evaluate.with_moves  # the trained evaluators' own


def test_with_moves_wraps_a_plain_evaluator():
    def plain(player, opponent):
        return player.bit_count() - opponent.bit_count()

    assert with_moves(plain)(0b111, 0b1, 0b1000) == 2


# -- weights files --------------------------------------------------------------------------


def test_pattern_weights_round_trip(tmp_path):
    patterns = [{"name": "row", "squares": [[c, 1] for c in range(8)]}]
    header = {
        "patterns": patterns,
        "phases": 2,
        "phase_of_empties": [0] * 30 + [1] * 35,
        "scalars": ["bias", "parity"],
    }
    rng = random.Random(5)
    weights = [rng.randint(-32767, 32767) for _ in range(2 * (3**8 + 2))]
    path = tmp_path / "w.bin"
    save_pattern_weights(str(path), header, weights)
    header2, weights2 = load_pattern_weights(str(path))
    assert list(weights2) == weights
    assert header2["patterns"] == patterns


def test_truncated_weights_file_is_rejected(tmp_path, trained_dir):
    blob = (trained_dir / "patterns_8x8.bin").read_bytes()
    bad = tmp_path / "bad.bin"
    bad.write_bytes(blob[:-1])
    with pytest.raises(WeightsError, match="weights"):
        load_pattern_weights(str(bad))


def test_pattern_evaluator_reads_the_base3_index():
    """One pattern (a1 b1), weight = its base-3 index: own = 1, opponent = 2."""
    g = Geometry(8, 8)
    header = {
        "patterns": [{"name": "pair", "squares": [[0, 0], [1, 0]]}],
        "phases": 1,
        "phase_of_empties": [0] * 65,
        "scalars": ["bias", "parity"],
    }
    # instances: a1b1, h1g1, a8b8, h8g8, a1a2, h1h2, a8a7, h8h7; all weights 0 but one
    weights = [0] * 9 + [0, 0]
    weights[1 + 3 * 2] = 100  # first square own, second opponent
    evaluate = build_pattern_evaluator(g, header, weights)
    a1, b1 = 1 << g.parse_square("a1"), 1 << g.parse_square("b1")
    assert evaluate(a1, b1) == 100
    assert evaluate(b1, a1) == 0


def test_generated_scalar_terms_match_the_training_features():
    """The evaluator's inlined scalars (mobility, potential mobility, parity) equal
    :func:`pattern_scalars`, which training fits on: one weight per scalar, powers of
    100 apart, so every scalar can be read back from the value."""
    rules = Rules()
    g = rules.geometry
    header = {
        "patterns": [{"name": "corner", "squares": [[0, 0]]}],
        "phases": 1,
        "phase_of_empties": [0] * 65,
        "scalars": list(PATTERN_SCALARS),
    }
    scale = [100**k for k in range(len(PATTERN_SCALARS))]
    evaluate = build_pattern_evaluator(g, header, [0, 0, 0, *scale])
    for seed in range(30):
        pos = random_position(rules, 4 + 2 * seed, seed)
        if not pos.legal:
            continue
        x = pattern_scalars(g, pos.player, pos.opponent)
        assert evaluate(pos.player, pos.opponent) == sum(w * v for w, v in zip(scale, x, strict=False))
        # given the mover's moves, the mobility term reads them (not its own count)
        expected = sum(w * v for w, v in zip(scale, x, strict=True))
        assert evaluate.with_moves(pos.player, pos.opponent, pos.legal) == expected
        assert evaluate.with_moves(pos.player, pos.opponent, pos.legal | 1) == sum(
            w * v for w, v in zip(scale, x, strict=False)
        ) + scale[PATTERN_SCALARS.index("mob_own")] * (0 if pos.legal & 1 else 1)
        assert 0 < x[2] < 100 and 0 <= x[4] < 100


def test_stability_scalars_count_the_stable_discs_of_each_side():
    """``stab_own`` and ``stab_opp`` (optional scalars) are the stable discs of each side, in
    training's features and in the generated evaluator alike."""
    from reversi.engine.kernels import stable_discs
    from reversi.engine.patterns import KNOWN_SCALARS

    rules = Rules()
    g = rules.geometry
    names = ["stab_own", "stab_opp"]
    assert set(names) <= set(KNOWN_SCALARS)
    header = {
        "patterns": [{"name": "corner", "squares": [[0, 0]]}],
        "phases": 1,
        "phase_of_empties": [0] * 65,
        "scalars": names,
    }
    evaluate = build_pattern_evaluator(g, header, [0, 0, 0, 1, 100])
    seen = 0
    for seed in range(40):
        pos = random_position(rules, 30 + seed, seed)
        empty = pos.empty
        own, opp = stable_discs(g, pos.player, empty).bit_count(), stable_discs(g, pos.opponent, empty).bit_count()
        assert pattern_scalars(g, pos.player, pos.opponent, names) == [own, opp]
        assert evaluate(pos.player, pos.opponent) == own + 100 * opp
        seen += own + opp > 0
    assert seen > 5  # positions with stable discs were among them
    a1 = 1 << g.parse_square("a1")
    assert pattern_scalars(g, a1, 1 << g.parse_square("d4"), names) == [1, 0]


@pytest.mark.parametrize("rules", [Rules(), Rules("octagon")], ids=str)
def test_corner_scalars_count_the_corners_of_each_side(rules):
    """``corner_own`` and ``corner_opp`` (optional scalars) are the unflippable squares each
    side holds (the octagon's are not the board's four corners), in training's features and
    in the generated evaluator alike."""
    from reversi.engine.patterns import KNOWN_SCALARS

    g = rules.geometry
    names = ["corner_own", "corner_opp"]
    assert set(names) <= set(KNOWN_SCALARS)
    header = {
        "patterns": [{"name": "corner", "squares": [list(g.coords(g.squares[0]))]}],
        "phases": 1,
        "phase_of_empties": [0] * (g.square_count + 1),
        "scalars": names,
    }
    evaluate = build_pattern_evaluator(g, header, [0, 0, 0, 1, 100])
    corners = unflippable_squares(g)
    seen = 0
    for seed in range(60):
        pos = random_position(rules, 40 + seed % 20, seed)
        own, opp = (pos.player & corners).bit_count(), (pos.opponent & corners).bit_count()
        assert pattern_scalars(g, pos.player, pos.opponent, names) == [own, opp]
        assert evaluate(pos.player, pos.opponent) == own + 100 * opp
        seen += own + opp > 0
    assert seen > 10  # positions with corners taken were among them
    pos = random_position(rules, 50, 3)
    p, o = pos.player & ~corners, pos.opponent & ~corners
    assert evaluate(p, o) == 0 and evaluate(p | corners, o) == corners.bit_count()
    assert evaluate(p, o | corners) == 100 * corners.bit_count()
