"""Tests of the training pipeline (reversi/tools/train.py and its steps: selfplay, dataset, fit,
probcut): tiny runs, end to end."""

from __future__ import annotations

import json
import os
import random

import pytest

pytest.importorskip("numpy")

from reversi import PASS, Position, Rules
from reversi.core.geometry import Geometry
from reversi.engine.evaluate import make_evaluator_from
from reversi.engine.weights import load_pattern_weights
from reversi.tools.fit import KNOWN_PATTERNS, canonical_ids, fit_patterns
from reversi.tools.selfplay import play_game, search_value
from reversi.tools.train import main


def near_end(rules: Rules, empties: int, seed: int) -> Position:
    rng = random.Random(seed)
    pos = Position.start(rules)
    while not pos.is_over and rules.geometry.square_count - pos.count(0) - pos.count(1) > empties:
        legal = pos.legal_moves()
        pos = pos.play(rng.choice(legal) if legal else PASS)
    return pos


def exact(pos: Position) -> int:
    """Reference minimax on Position objects: final margin for the side to move."""
    if pos.is_over:
        return pos.final_margin(pos.turn)
    if not pos.legal:
        return -exact(pos.play(PASS))
    return max(-exact(pos.play(m)) for m in pos.legal_moves())


@pytest.mark.parametrize("rules", [Rules(), Rules("octagon", anti=True)], ids=str)
def test_self_play_labels_are_exact_near_the_end(rules):
    game = play_game(rules, lambda p, o: 0, seed=3, epsilon=0.1, solve_empties=6, game_id=0, depth=1)
    g = rules.geometry
    checked = 0
    for p, o, label in zip(game.players, game.opponents, game.labels, strict=False):
        if (g.mask & ~(p | o)).bit_count() <= 6:
            black, white = p, o  # the colours do not matter to the value
            assert exact(Position(rules, black, white)) == label
            checked += 1
    assert checked >= 4


def test_self_play_labels_are_the_game_result_before_the_solve():
    rules = Rules()
    game = play_game(rules, lambda p, o: 0, seed=4, epsilon=0.0, solve_empties=6, game_id=7, depth=1)
    assert set(game.games) == {7}
    first = game.labels[0]
    assert first != 0 or set(game.labels) == {0.0}
    # the side to move alternates except at passes: labels are +-the same result
    assert {abs(v) for v in game.labels} == {abs(first)}
    assert game.labels[1] == -first


def test_search_value_at_depth_one_is_the_best_child():
    rules = Rules()
    pos = near_end(rules, 30, 2)
    g = rules.geometry

    def evaluate(p: int, o: int) -> int:
        return 7 * p.bit_count() - 3 * o.bit_count()

    children = []
    for m in pos.legal_moves():
        c = pos.play(m)
        children.append(-evaluate(c.player, c.opponent))
    assert search_value(rules, evaluate, pos.player, pos.opponent, 1, -(10**9), 10**9) == max(children)
    assert g.square_count == 64


def test_symmetry_classes_tie_mirror_configurations():
    g = Geometry(8, 8)
    squares = KNOWN_PATTERNS["row2"]
    ids, count = canonical_ids(g, squares)
    assert count < 3**8
    # own on the first square only, and own on the last square only: mirror images
    assert ids[1] == ids[3**7]
    assert ids[1] != ids[2]


@pytest.fixture(scope="module")
def trained_8x8(tmp_path_factory):
    """One tiny 8x8 training run, end to end, shared by the tests that need one: its folder
    holds the weights it wrote (``patterns_8x8.bin``) and the positions it saved (``data.npz``)."""
    folder = tmp_path_factory.mktemp("trained_8x8")
    assert main(["patterns", "--quick", "--games", "20", "--save-data", str(folder / "data.npz"),
                 "--out", str(folder / "patterns_8x8.bin")]) == 0
    return folder


def test_pattern_training_end_to_end(trained_8x8):
    header, weights = load_pattern_weights(str(trained_8x8 / "patterns_8x8.bin"))
    assert header["training"]["positions"] > 500
    assert any(weights)
    evaluate = make_evaluator_from(Rules(), str(trained_8x8))
    pos = Position.start(Rules())
    assert isinstance(evaluate(pos.player, pos.opponent), int)


@pytest.mark.parametrize(
    ("rules", "args"), [(Rules("octagon"), ["--rules", "octagon"]), (Rules(size=10), ["--size", "10"])], ids=str
)
def test_pattern_training_on_other_boards(tmp_path, rules, args):
    """A board's own patterns: trained, saved with its positions (over 128 bits a board on
    10x10), refitted from them alike, and evaluated alike in the board's 8 symmetries."""
    from reversi.engine.patterns import symmetries
    from reversi.engine.weights import pattern_names

    name = pattern_names(rules)[0]
    data = tmp_path / "data.npz"
    out = tmp_path / name
    assert main(["patterns", "--quick", "--games", "6", *args, "--save-data", str(data), "--out", str(out)]) == 0
    header, weights = load_pattern_weights(str(out))
    assert header["board"] == 10 and header["training"]["positions"] > 300
    refit = tmp_path / "refit" / name
    assert main(["patterns", "--quick", *args, "--load-data", str(data), "--out", str(refit)]) == 0
    assert load_pattern_weights(str(refit))[1] == weights
    # the positions say which rules they are of: another board's fit is refused, and so is no file
    with pytest.raises(SystemExit):
        main(["patterns", "--quick", "--load-data", str(data), "--out", str(tmp_path / "wrong.bin")])
    with pytest.raises(SystemExit):
        main(["patterns", "--quick", *args, "--load-data", str(tmp_path / "none.npz"), "--out", str(refit)])
    assert not (tmp_path / "wrong.bin").exists()
    evaluate = make_evaluator_from(rules, str(tmp_path))
    assert hasattr(evaluate, "source")  # the pattern evaluator, not the feature model
    g = rules.geometry
    for seed in range(6):
        pos = near_end(rules, 70 - 8 * seed, seed)
        values = set()
        for sym in symmetries(10):
            p = o = 0
            for i in g.squares:
                j = g.index(*sym(*g.coords(i)))
                p |= (pos.player >> i & 1) << j
                o |= (pos.opponent >> i & 1) << j
            values.add(evaluate(p, o))
        assert len(values) == 1, values


def test_bootstrap_fits_the_last_phase_alike_and_the_earlier_ones_on_later_values(trained_8x8):
    """With ``--bootstrap`` the last phase learns from the games' results as before; the
    earlier ones from the fitted later phases' values of positions a phase further on."""
    from reversi.tools.dataset import load_samples

    data = load_samples(str(trained_8x8 / "data.npz"), Rules())
    _, plain, _ = fit_patterns(data, [10.0], log=lambda m: None)
    _, boot, report = fit_patterns(data, [10.0], log=lambda m: None, bootstrap=True)
    per = len(plain) // 6
    assert boot[5 * per :] == plain[5 * per :]  # the last phase: the same labels, the same fit
    assert boot[: 5 * per] != plain[: 5 * per]
    assert [p["phase"] for p in report["phases"]] == [5, 4, 3, 2, 1, 0]


@pytest.mark.slow
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


@pytest.mark.slow
def test_saved_positions_refit_with_a_pattern_subset(tmp_path, trained_8x8):
    data = trained_8x8 / "data.npz"
    assert data.exists()
    sub = tmp_path / "sub" / "patterns_8x8.bin"
    args = ["patterns", "--quick", "--load-data", str(data), "--patterns", "edge+2x,diag8"]
    assert main([*args, "--ridge", "1,10", "--out", str(sub)]) == 0
    header, _ = load_pattern_weights(str(sub))
    assert [p["name"] for p in header["patterns"]] == ["edge+2x", "diag8"]
    assert {ph["ridge"] for ph in header["training"]["report"]["phases"]} <= {1.0, 10.0}
    evaluate = make_evaluator_from(Rules(), str(sub.parent))
    assert evaluate.source.count("+ w") == 4 + 2  # instances of the two patterns


def test_fit_recovers_a_planted_scalar_model():
    """Labels made from known scalar weights (and no pattern) are fitted back."""
    from reversi.engine.patterns import PATTERN_SCALARS, pattern_scalars
    from reversi.tools.dataset import Sample

    rules = Rules()
    g = rules.geometry
    planted = {"bias": 0.0, "parity": 1.0, "mob_own": 2.0, "mob_opp": -1.5, "pot_own": 0.5, "pot_opp": -0.25}
    data = Sample()
    for seed in range(300):
        pos = near_end(rules, random.Random(seed).randint(5, 55), seed)
        if pos.is_over:
            continue
        x = pattern_scalars(g, pos.player, pos.opponent)
        data.players.append(pos.player)
        data.opponents.append(pos.opponent)
        data.labels.append(sum(planted[n] * v for n, v in zip(PATTERN_SCALARS, x, strict=False)))
        data.games.append(seed)
        data.rules.append(rules)
    header, ints, report = fit_patterns(
        data, [1e-3], lambda m: None, [("edge", KNOWN_PATTERNS["edge"])], scalars=PATTERN_SCALARS
    )
    per_phase = 3**8 + len(PATTERN_SCALARS)
    for ph in range(header["phases"]):
        scal = ints[ph * per_phase + 3**8 : (ph + 1) * per_phase]
        if report["phases"][ph]["rows"] > 60:
            for name, v in zip(PATTERN_SCALARS[1:], scal[1:], strict=False):
                assert abs(v - 100 * planted[name]) <= 15, (ph, name, v)


def test_self_play_with_the_shipped_evaluation_and_stability_scalars(tmp_path):
    """``--player shipped`` plays with the board's shipped weights (recorded in the header);
    ``--scalars`` may add the stable-disc counts, which the evaluator then computes."""
    out = tmp_path / "patterns_8x8.bin"
    scalars = "bias,parity,mob_own,mob_opp,stab_own,stab_opp"
    assert main(["patterns", "--quick", "--games", "16", "--player", "shipped", "--scalars", scalars,
                 "--out", str(out)]) == 0
    header, _ = load_pattern_weights(str(out))
    assert header["training"]["player"] == "shipped"
    assert header["scalars"] == scalars.split(",")
    evaluate = make_evaluator_from(Rules(), str(tmp_path))
    assert evaluate.source.count("STABLE(") == 2
    with pytest.raises(SystemExit):
        main(["patterns", "--quick", "--scalars", "bias,stab_everything", "--out", str(out)])
    with pytest.raises(SystemExit):  # a feature twice would be two columns of one weight
        main(["patterns", "--quick", "--scalars", "corner_own,bias,corner_own", "--out", str(out)])
    with pytest.raises(SystemExit):
        main(["patterns", "--quick", "--player", "edax", "--out", str(out)])


def test_a_nested_pattern_folds_into_the_larger_one_with_the_same_values():
    """The edge fitted beside the edge with its X-squares is folded into the latter's table:
    one pattern fewer, and exactly the same evaluation everywhere."""
    from reversi.engine.evaluate import build_pattern_evaluator
    from reversi.tools.dataset import Sample
    from reversi.tools.fit import fold_patterns

    rules = Rules()
    g = rules.geometry
    data = Sample()
    for seed in range(40):
        data.extend(play_game(rules, make_evaluator_from(rules, "/nonexistent"), seed, 0.3, 6, seed, 1))
    names = ["edge", "edge+2x", "corner2x4"]
    header, ints, _report = fit_patterns(data, [1.0], lambda m: None, [(n, KNOWN_PATTERNS[n]) for n in names])
    assert any(ints[: 3**8])  # the edge's own table holds something to fold
    folded_header, folded = fold_patterns(g, header, ints)
    assert [p["name"] for p in folded_header["patterns"]] == ["edge+2x", "corner2x4"]
    assert folded_header["folded"] == {"edge": "edge+2x"}
    assert len(folded) == len(ints) - header["phases"] * 3**8
    plain = build_pattern_evaluator(g, header, ints)
    fast = build_pattern_evaluator(g, folded_header, folded)
    assert fast.source.count("+ w") == plain.source.count("+ w") - 4  # the edge's 4 lookups gone
    rng = random.Random(5)
    for _ in range(200):
        pos = near_end(rules, rng.randint(1, 58), rng.randrange(10**6))
        assert fast(pos.player, pos.opponent) == plain(pos.player, pos.opponent)
    # nothing to fold: the weights are returned as they are
    edge_only = [("edge", KNOWN_PATTERNS["edge"]), ("corner2x4", KNOWN_PATTERNS["corner2x4"])]
    h2, w2, _ = fit_patterns(data, [1.0], lambda m: None, edge_only)
    assert fold_patterns(g, h2, w2) == (h2, w2)


@pytest.mark.parametrize(
    "rules, name",
    [(Rules(), "patterns_8x8.bin"), (Rules(anti=True), "patterns_8x8_anti.bin"),
     (Rules("classic"), "patterns_8x8_classic.bin"), (Rules(size=10), "patterns_10x10.bin")],
    ids=["othello", "anti", "classic", "10x10"],
)
def test_training_fits_the_shape_of_the_shipped_model_by_default(rules, name):
    """Without ``--patterns`` and ``--scalars`` training fits the pattern set and scalars of
    the board's shipped model (after folding: 8x8 Othello's edge lives in its edge with the
    X-squares), so the recorded commands redo it."""
    from reversi.engine.weights import DATA_DIR
    from reversi.tools.fit import default_model

    header, _ = load_pattern_weights(os.path.join(DATA_DIR, name))
    patterns, scalars = default_model(rules)
    folded = header.get("folded", {})
    assert [n for n, _ in patterns if n not in folded] == [p["name"] for p in header["patterns"]]
    assert list(scalars) == header["scalars"]
