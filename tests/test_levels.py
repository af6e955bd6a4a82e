"""Strength levels, choose_move and the browser-facing engine API."""

from __future__ import annotations

import itertools
import json
import random

import pytest

from reversi import PASS, Position, Rules
from reversi.engine import api as engine_api
from reversi.engine.levels import (
    EXACT_BY_TIME,
    LEVELS,
    RETIRED_LEVELS,
    Level,
    current_level,
    exact_empties_for,
    get_level,
    levels_table,
)
from reversi.engine.play import _softmax_pick, choose_move
from reversi.engine.protocol import Limits
from reversi.formats.notation import parse_position, position_to_string
from tests.bench.plain import minimax
from tests.bench.positions import MIDGAME, random_position


def test_levels_table_is_monotone() -> None:
    assert [lv.level for lv in LEVELS] == list(range(1, len(LEVELS) + 1))
    for weak, strong in itertools.pairwise(LEVELS):
        assert strong.depth >= weak.depth
        assert strong.seconds >= weak.seconds
        assert strong.exact_empties >= weak.exact_empties
        assert strong.temperature <= weak.temperature
        assert strong.margin <= weak.margin
        if weak.book_margin >= 0:  # once a level plays from the book, every stronger one does, choosing closer
            assert 0 <= strong.book_margin <= weak.book_margin
        assert (strong.depth, strong.seconds, strong.exact_empties, -strong.temperature) != (
            weak.depth, weak.seconds, weak.exact_empties, -weak.temperature,
        )
    assert LEVELS[0].temperature > 0 and LEVELS[-1].temperature == 0


def test_bad_levels_are_rejected() -> None:
    for bad in (0, len(LEVELS) + 1, 11, -1, "3"):
        with pytest.raises(ValueError):
            get_level(bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        choose_move(Position.start(), limits=Limits(seconds=0))


def test_retired_levels_become_expert_and_time_buys_an_earlier_exact_solve() -> None:
    top = len(LEVELS)
    assert LEVELS[-1].name == "Expert" and all(lv > top for lv in RETIRED_LEVELS)
    assert [current_level(lv) for lv in (1, top, *RETIRED_LEVELS)] == [1, top] + [top] * len(RETIRED_LEVELS)
    assert current_level(42) == 42  # not a retired level: get_level still refuses it
    times = [t for t, _ in EXACT_BY_TIME]
    empties = [e for _, e in EXACT_BY_TIME]
    assert times == sorted(times) and empties == sorted(empties) and times[0] == 0
    assert exact_empties_for(LEVELS[-1].seconds) == LEVELS[-1].exact_empties
    assert exact_empties_for(0.1) < exact_empties_for(5) < exact_empties_for(60)
    # a time alone plays Expert with that time, and solves as early as the time allows
    pos = parse_position(MIDGAME[0])
    _, info = choose_move(pos, limits=Limits(seconds=0.2))
    assert info["level"] == top


@pytest.mark.parametrize("level", [1, 3, 5, 7])
def test_choose_move_is_legal_at_every_level(level: int) -> None:
    rng = random.Random(level)
    for rules in (Rules(), Rules(anti=True), Rules("classic"), Rules("octagon")):
        pos = random_position(rules, rules.geometry.square_count - 14, rng)
        move, info = choose_move(pos, level, Limits(seconds=0.3), seed=1)
        assert pos.is_legal(move)
        assert info["level"] == level


def test_noise_is_reproducible_and_stays_within_the_margin() -> None:
    scores = {10: 0, 11: -50, 12: -200, 13: -5000}
    spec = get_level(1)
    picks = {_softmax_pick(scores, spec, random.Random(s)) for s in range(300)}
    assert 13 not in picks  # never junk
    assert {10, 11} <= picks  # but not always the best
    pos = parse_position(MIDGAME[1])
    a = choose_move(pos, 1, seed=42)
    b = choose_move(pos, 1, seed=42)
    assert a[0] == b[0]


def test_strong_level_plays_the_exact_best_move() -> None:
    rng = random.Random(31)
    pos = random_position(Rules(), 8, rng)
    move, info = choose_move(pos, 7, seed=0)
    assert info["exact"]
    assert -minimax(pos.play(move)) == minimax(pos)


def test_time_override_and_pass() -> None:
    pos = parse_position("XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXO--- O")
    assert choose_move(pos, 3)[0] == PASS
    _move, info = choose_move(parse_position(MIDGAME[4]), limits=Limits(seconds=0.2))
    assert info["seconds"] < 0.6 and info["level"] == len(LEVELS)
    assert isinstance(levels_table()[0], dict) and Level(**levels_table()[0]) == LEVELS[0]


# -- engine_api: JSON in, JSON out ----------------------------------------------------


def test_api_best_move_is_json_and_legal() -> None:
    out = engine_api.best_move({"variant": "othello"}, None, "f5d6c3", level=2, time_limit=0.3, seed=1)
    json.dumps(out)
    pos = Position.start()
    from reversi.formats.notation import play_transcript

    pos = play_transcript(pos, "f5d6c3").position
    assert pos.is_legal(pos.rules.geometry.parse_square(out["move"]))
    assert set(out) >= {"move", "score", "depth", "nodes", "seconds", "exact"}


def test_api_analyse_values_every_move() -> None:
    rules = {"variant": "octagon", "anti": True}
    out = engine_api.analyse(rules, None, "", time_limit=0.3)
    json.dumps(out)
    pos = Position.start(Rules("octagon", anti=True))
    names = {pos.rules.geometry.name(m) for m in pos.legal_moves()}
    assert set(out["scores"]) == names
    assert out["best"] and set(out["best"]) <= names


def test_api_solve_and_start_position() -> None:
    rng = random.Random(4)
    pos = random_position(Rules(size=6), 7, rng)
    out = engine_api.solve({"size": 6}, position_to_string(pos), "")
    assert out["score"] == minimax(pos)
    json.dumps(out)


def test_api_errors_are_messages() -> None:
    assert "error" in engine_api.best_move({"variant": "nope"}, None, "", level=1)
    assert "error" in engine_api.best_move({}, None, "a1", level=1)
    assert "error" in engine_api.analyse({}, "XX X", "")
    assert engine_api.levels()["levels"][0]["level"] == 1


# -- small boards: solved exactly as early as the time affords ------------------------------


def test_small_boards_are_solved_earlier_by_the_strong_levels() -> None:
    from reversi.engine.play import EXACT_BY_TIME_SMALL, small_board_exact_empties

    assert small_board_exact_empties(1.8) == 18 and small_board_exact_empties(0.5) == 14
    assert [e for _, e in EXACT_BY_TIME_SMALL] == sorted(e for _, e in EXACT_BY_TIME_SMALL)
    for seconds in (0.5, 1.0, 1.8, 4.0, 30.0, 120.0):  # never later than on 8x8
        assert small_board_exact_empties(seconds) >= exact_empties_for(seconds)
    _, info = choose_move(Position.start(Rules(size=4)), 7, seed=0)
    assert info["exact"]  # 4x4 is solved from its first move
    _, info = choose_move(Position.start(Rules(size=4)), 6, seed=0)
    assert info["exact"]


def test_big_boards_solve_later_with_much_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """On 10x10, the octagon and 12x12 a long time per move solves two empties later than on
    8x8 (the solver is slower there); the levels' own exact points (at most 14) stay."""
    from reversi.engine.play import big_board_exact_empties

    assert [big_board_exact_empties(exact_empties_for(t)) for t in (1.0, 4.0, 12.0, 60.0)] == [14, 14, 16, 18]
    assert all(big_board_exact_empties(lv.exact_empties) == lv.exact_empties for lv in LEVELS)
    # what choose_move asks of the search, by board: 4 s a move solves 16 empties on 8x8 only
    import reversi.engine.play as play

    asked = []

    def fake_search(position, limits, **kw):
        asked.append(limits.exact_empties)
        raise LookupError  # stop here: only the request is tested

    monkeypatch.setattr(play, "search", fake_search)
    for rules in (Rules(), Rules("octagon"), Rules(size=12), Rules(size=10)):
        with pytest.raises(LookupError):  # 8x8's start is in the opening book: the search is asked without it
            choose_move(Position.start(rules), limits=Limits(seconds=4.0), use_book=False)
    with pytest.raises(LookupError):
        choose_move(Position.start(Rules(size=10)), 7)
    assert asked == [16, 14, 14, 14, LEVELS[-1].exact_empties]


def test_expert_plays_4x4_perfectly() -> None:
    """4x4 is a win for White by 10 discs: Expert as White keeps all of it against any play, and
    every move it makes is one of the solver's best."""
    import random

    from reversi.core.position import PASS
    from reversi.engine.search import solve

    start = Position.start(Rules(size=4))
    assert solve(start).score == -10  # Black to move loses by 10 with best play
    rng = random.Random(4)
    for _ in range(12):
        pos = start
        while not pos.is_over:
            if pos.must_pass:
                pos = pos.play(PASS)
                continue
            if pos.turn == 0:
                pos = pos.play(rng.choice(pos.legal_moves()))
                continue
            move, _ = choose_move(pos, 7, seed=0)
            assert move in solve(pos).best, pos
            pos = pos.play(move)
        assert pos.final_margin(1) >= 10  # White's margin: at least the game's value
