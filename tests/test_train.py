"""Tests of the training pipeline (reversi/train.py): tiny runs, end to end."""

from __future__ import annotations

import json
import random

import pytest

pytest.importorskip("numpy")

from reversi import PASS, Position, Rules
from reversi.evaluate import load_pattern_weights, make_evaluator_from
from reversi.geometry import Geometry
from reversi.train import PATTERNS_8X8, Solver, canonical_ids, main, play_game


def exact(pos: Position) -> int:
    """Reference minimax on Position objects: final margin for the side to move."""
    if pos.is_over:
        return pos.final_margin(pos.turn)
    if not pos.legal:
        return -exact(pos.play(PASS))
    return max(-exact(pos.play(m)) for m in pos.legal_moves())


def near_end(rules: Rules, empties: int, seed: int) -> Position:
    rng = random.Random(seed)
    pos = Position.start(rules)
    while not pos.is_over and rules.geometry.square_count - pos.count(0) - pos.count(1) > empties:
        legal = pos.legal_moves()
        pos = pos.play(rng.choice(legal) if legal else PASS)
    return pos


@pytest.mark.parametrize(
    "rules", [Rules(), Rules(anti=True), Rules(size=6), Rules("octagon", anti=True)], ids=str
)
def test_solver_matches_reference_minimax(rules):
    for seed in range(4):
        pos = near_end(rules, 6, seed)
        value, move = Solver(rules).solve(pos.player, pos.opponent)
        assert value == exact(pos)
        if pos.legal:
            assert exact(pos.play(move)) == -value


def test_self_play_labels_are_exact_near_the_end():
    rules = Rules()
    game = play_game(rules, lambda p, o: 0, seed=3, epsilon=0.1, solve_empties=6, game_id=0)
    g = rules.geometry
    for p, o, label in zip(game.players, game.opponents, game.labels):
        if (g.mask & ~(p | o)).bit_count() <= 6:
            assert Solver(rules).solve(p, o)[0] == label


def test_symmetry_classes_tie_mirror_configurations():
    g = Geometry(8, 8)
    squares = dict(PATTERNS_8X8)["row2"]
    ids, count = canonical_ids(g, squares)
    assert count < 3**8
    # own on the first square only, and own on the last square only: mirror images
    assert ids[1] == ids[3**7]
    assert ids[1] != ids[2]


def test_pattern_training_end_to_end(tmp_path):
    out = tmp_path / "patterns_8x8.bin"
    assert main(["patterns", "--quick", "--games", "20", "--out", str(out)]) == 0
    header, weights = load_pattern_weights(str(out))
    assert header["training"]["positions"] > 500
    assert any(weights)
    evaluate = make_evaluator_from(Rules(), str(tmp_path))
    pos = Position.start(Rules())
    assert isinstance(evaluate(pos.player, pos.opponent), int)


def test_feature_training_end_to_end(tmp_path):
    out = tmp_path / "features.json"
    assert main(["features", "--quick", "--games", "24", "--out", str(out)]) == 0
    assert main(["features", "--anti", "--quick", "--games", "24", "--out", str(out)]) == 0
    data = json.loads(out.read_text())
    assert set(data) >= {"normal", "anti", "features"}
    for rules in (Rules(size=10), Rules("octagon", anti=True)):
        evaluate = make_evaluator_from(rules, str(tmp_path))
        pos = Position.start(rules)
        assert isinstance(evaluate(pos.player, pos.opponent), int)


def test_td_lambda_labels_blend_values_and_keep_exact_ones():
    rules = Rules()
    g = rules.geometry
    plain = play_game(rules, lambda p, o: 0, seed=5, epsilon=0.0, solve_empties=6, game_id=0, lam=1.0)
    blended = play_game(rules, lambda p, o: 0, seed=5, epsilon=0.0, solve_empties=6, game_id=0, lam=0.5)
    assert plain.players == blended.players
    # with V = 0 everywhere, G_t = 0.5 * G_t+1 (up to sign): labels shrink towards 0
    for p, o, a, b in zip(plain.players, plain.opponents, plain.labels, blended.labels):
        if (g.mask & ~(p | o)).bit_count() <= 6:
            assert a == b
        else:
            assert abs(b) <= abs(a)
    assert any(abs(b) < abs(a) for a, b in zip(plain.labels, blended.labels))


def test_saved_positions_refit_with_a_pattern_subset(tmp_path):
    data = tmp_path / "data.npz"
    out = tmp_path / "patterns_8x8.bin"
    assert main(["patterns", "--quick", "--games", "12", "--save-data", str(data), "--out", str(out)]) == 0
    assert data.exists()
    sub = tmp_path / "sub" / "patterns_8x8.bin"
    args = ["patterns", "--quick", "--load-data", str(data), "--patterns", "edge+2x,diag8"]
    assert main(args + ["--ridge", "1,10", "--out", str(sub)]) == 0
    header, _ = load_pattern_weights(str(sub))
    assert [p["name"] for p in header["patterns"]] == ["edge+2x", "diag8"]
    assert {ph["ridge"] for ph in header["training"]["report"]["phases"]} <= {1.0, 10.0}
    evaluate = make_evaluator_from(Rules(), str(sub.parent))
    assert evaluate.source.count("+ w") == 4 + 2  # instances of the two patterns
