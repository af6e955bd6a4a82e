"""The midgame search: legal moves on every rule set, deadlines, exactness, analysis."""

from __future__ import annotations

import random
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support import FakeClock

from reversi import PASS, Position, Rules
from reversi.core.bitboard import flips, moves
from reversi.engine.protocol import Limits
from reversi.engine.search import SURE_DEPTH, Searcher, TranspositionTable, analyse, search, solve
from reversi.formats.notation import move_name, parse_position, play_transcript
from tests.bench.plain import minimax
from tests.bench.positions import MIDGAME, random_position

ALL_RULES = [
    Rules(),
    Rules(anti=True),
    Rules("classic"),
    Rules("classic", anti=True),
    Rules("octagon"),
    Rules("octagon", anti=True, free_opening=True),
    Rules(size=4),
    Rules(size=6, free_opening=True),
    Rules(size=10, blocked=("b2", "e3", "i9")),
    Rules(handicap=2),
]


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> FakeClock:
    """``time.perf_counter`` that advances a millisecond at every reading."""
    # far beyond any real reading (seconds since boot): a search that read the real
    # clock instead of this one would never reach its deadline, on any machine
    fake = FakeClock(step=0.001, start=1e9)
    monkeypatch.setattr(time, "perf_counter", fake)
    return fake


def standin_evaluator(rules: Rules):
    """A simple stand-in evaluation (mobility), independent of reversi.engine.evaluate."""
    g = rules.geometry
    mask, shifts = g.mask, g.shifts

    def evaluate(p: int, o: int) -> int:
        e = mask & ~(p | o)
        return 100 * (moves(p, o, e, shifts).bit_count() - moves(o, p, e, shifts).bit_count())

    return evaluate


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, len(ALL_RULES) - 1), st.integers(0, 10**6), st.integers(0, 60), st.integers(1, 3))
def test_never_an_illegal_move(rule_index: int, seed: int, plies: int, depth: int) -> None:
    rules = ALL_RULES[rule_index]
    rng = random.Random(seed)
    pos = Position.start(rules)
    for _ in range(plies):
        if pos.is_over:
            break
        pos = pos.play(PASS if pos.must_pass else rng.choice(pos.legal_moves()))
    if pos.is_over:
        return
    r = search(pos, Limits(depth=depth, nodes=3000), evaluator=standin_evaluator(rules))
    assert pos.is_legal(r.move)
    assert (r.move == PASS) == pos.must_pass
    a = analyse(pos, Limits(depth=depth, nodes=3000), evaluator=standin_evaluator(rules))
    expected = {PASS} if pos.must_pass else set(pos.legal_moves())
    assert set(a.scores) == expected


@pytest.mark.parametrize("rules", ALL_RULES, ids=lambda r: r.describe())
def test_respects_the_deadline(rules: Rules, clock: FakeClock) -> None:
    pos = Position.start(rules)
    rng = random.Random(4)
    for _ in range(min(10, rules.geometry.square_count // 4)):
        pos = pos.play(PASS if pos.must_pass else rng.choice(pos.legal_moves()))
    t0 = time.perf_counter()
    r = search(pos, Limits(seconds=0.3))
    elapsed = time.perf_counter() - t0
    # it stopped within a few clock readings of the deadline (a reading every CLOCK_EVERY nodes),
    # or earlier when the next iteration would most likely not have finished
    assert elapsed < 0.3 + 10 * clock.step, elapsed
    assert r.depth >= 1 and pos.is_legal(r.move)


def test_deadline_with_the_default_evaluator_and_a_tiny_budget(clock: FakeClock) -> None:
    from reversi.engine.midgame import CLOCK_EVERY

    pos = parse_position(MIDGAME[2])
    t0 = time.perf_counter()
    r = search(pos, Limits(seconds=0.02))
    assert time.perf_counter() - t0 < 0.02 + 10 * clock.step
    assert r.nodes <= (clock.readings + 1) * CLOCK_EVERY  # no more than the readings allow
    assert pos.is_legal(r.move)


def test_the_time_left_after_an_iteration_goes_to_the_next_one(clock: FakeClock) -> None:
    # a search stops before its deadline only when its last iteration took longer than the
    # time left (the next one could not even finish its first move); otherwise it goes on
    # and returns at the deadline with the best of the moves the unfinished iteration searched
    early = 0
    for text in MIDGAME[:4]:
        pos = parse_position(text)
        ends: list[float] = []
        start = time.perf_counter()
        r = search(pos, Limits(seconds=0.03), on_iteration=lambda _r, ends=ends: ends.append(time.perf_counter()))
        deadline = start + 0.03
        assert not r.exact and len(ends) >= 2
        if not r.stopped:  # it stopped between iterations, on its own
            early += 1
            last = ends[-1] - ends[-2]
            assert last + 5 * clock.step > deadline - ends[-1], (text, last, deadline - ends[-1])
    assert early >= 1  # the rule above was checked (with this clock most searches stop between iterations)


@pytest.mark.parametrize(
    "rules", [Rules(), Rules(anti=True), Rules("classic"), Rules(size=6)], ids=lambda r: r.describe()
)
def test_full_depth_search_is_exact(rules: Rules) -> None:
    rng = random.Random(9)
    for _ in range(8):
        pos = random_position(rules, rng.randint(2, 7), rng)
        r = search(pos, Limits(depth=20), evaluator=standin_evaluator(rules))
        exact = minimax(pos)
        assert r.score == 100 * exact, pos
        if r.move != PASS:
            assert -minimax(pos.play(r.move)) == exact


def fixed_depth_negamax(rules: Rules, evaluate, p: int, o: int, depth: int) -> int:
    """Reference: plain negamax to ``depth`` plies (a pass is no ply), the static value at
    the leaves, exact end scores; no window, no table, no ordering."""
    g = rules.geometry
    e = g.mask & ~(p | o)
    mv = moves(p, o, e, g.shifts)
    if not mv:
        if not moves(o, p, e, g.shifts):
            a, b = p.bit_count(), o.bit_count()
            d = b - a if rules.anti else a - b
            return 100 * (d + (e.bit_count() if d > 0 else -e.bit_count() if d else 0))
        return -fixed_depth_negamax(rules, evaluate, o, p, depth)
    if depth == 0:
        return evaluate(p, o)
    best = None
    while mv:
        bit = mv & -mv
        mv ^= bit
        f = flips(p, o, bit.bit_length() - 1, g.shifts)
        v = -fixed_depth_negamax(rules, evaluate, o & ~f, p | f | bit, depth - 1)
        best = v if best is None else max(best, v)
    assert best is not None
    return best


@pytest.mark.parametrize("depth", [1, 2, 3])
def test_fixed_depth_full_width_value_is_the_plain_negamax_value(depth: int) -> None:
    """The full-width search (windows, table, ordering, leaves valued in their parent's loop)
    returns at each fixed depth exactly what plain negamax on the same evaluation does."""
    rules = Rules()
    evaluate = standin_evaluator(rules)
    rng = random.Random(depth)
    for _ in range(12):
        pos = random_position(rules, rng.randint(8, 40), rng)
        if pos.is_over or pos.must_pass:
            continue
        r = search(pos, Limits(depth=depth), searcher=Searcher(rules, evaluate, selective=False))
        assert r.score == fixed_depth_negamax(rules, evaluate, pos.player, pos.opponent, depth), pos


def test_exact_empties_uses_the_solver() -> None:
    rng = random.Random(2)
    pos = random_position(Rules(), 10, rng)
    r = search(pos, Limits(seconds=30, exact_empties=12))
    assert r.exact and r.score == 100 * solve(pos).score
    assert r.move in solve(pos).best


def test_anti_loses_discs_on_purpose() -> None:
    """In a solvable Anti position the AI picks the move that leaves it fewest discs."""
    rng = random.Random(17)
    checked = 0
    for _ in range(30):
        pos = random_position(Rules(anti=True), 6, rng)
        values = {m: -minimax(pos.play(m)) for m in pos.legal_moves()}
        if len(set(values.values())) < 2:
            continue
        r = search(pos, Limits(depth=10), evaluator=standin_evaluator(pos.rules))
        assert values[r.move] == max(values.values())
        # the same moves under normal Othello scoring would be judged differently
        checked += 1
    assert checked >= 5


def test_classic_supply_runs_out() -> None:
    """A Classic position where one side's supply is empty: only the other moves."""
    rules = Rules("classic")
    rng = random.Random(6)
    pos = random_position(rules, 8, rng)
    pos = Position(rules, pos.black, pos.white, pos.turn, (0, 6))
    if pos.is_over:
        pytest.skip("sample position is over")
    r = search(pos, Limits(depth=12), evaluator=standin_evaluator(rules))
    assert r.score == 100 * minimax(pos)
    assert pos.is_legal(r.move)


def test_must_pass_returns_pass() -> None:
    pos = parse_position("XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXO--- O")
    assert pos.must_pass
    assert search(pos, Limits(depth=3)).move == PASS
    assert analyse(pos, Limits(depth=3)).scores.keys() == {PASS}


def test_analyse_matches_exact_values_at_full_depth() -> None:
    rng = random.Random(12)
    pos = random_position(Rules(), 7, rng)
    a = analyse(pos, Limits(depth=12), evaluator=standin_evaluator(pos.rules))
    assert a.exact
    for m, v in a.scores.items():
        assert v == -100 * minimax(pos.play(m))
    b = analyse(pos, Limits(seconds=10, exact_empties=8))
    assert b.exact and b.scores == a.scores


def test_iterations_and_pv() -> None:
    pos = parse_position(MIDGAME[0])
    seen = []
    r = search(pos, Limits(depth=4), evaluator=standin_evaluator(pos.rules), on_iteration=seen.append)
    assert [x.depth for x in seen] == [1, 2, 3, 4]
    assert r.depth == 4 and r.pv[0] == r.move
    p = pos
    for m in r.pv:
        assert p.is_legal(m)
        p = p.play(m)


def test_table_stays_bounded() -> None:
    pos = parse_position(MIDGAME[1])
    tt = TranspositionTable(max_entries=500)
    search(pos, Limits(depth=5), tt=tt, evaluator=standin_evaluator(pos.rules))
    assert len(tt) <= 500


def test_searcher_reuse_gives_same_answer() -> None:
    pos = parse_position(MIDGAME[3])
    ev = standin_evaluator(pos.rules)
    s = Searcher(pos.rules, ev)
    a = search(pos, Limits(depth=4), searcher=s)
    b = search(pos, Limits(depth=4), searcher=s)
    c = search(pos, Limits(depth=4), evaluator=ev)
    assert a.score == b.score == c.score


def test_analyse_falls_back_when_the_solver_runs_out_of_time(clock: FakeClock) -> None:
    from tests.bench.positions import ENDGAME

    clock.step = 0.01  # 30 readings to the deadline: enough to start the solver and fall back
    pos = parse_position(ENDGAME[20][0])
    t0 = time.perf_counter()
    a = analyse(pos, Limits(seconds=0.3, exact_empties=20))
    assert time.perf_counter() - t0 < 0.3 + 10 * clock.step
    assert set(a.scores) == set(pos.legal_moves()) and not a.exact and a.depth >= 1
    r = search(pos, Limits(seconds=0.3, exact_empties=20))
    assert pos.is_legal(r.move) and not r.exact


def test_every_moves_value_sees_the_replies_however_short_the_time(clock: FakeClock) -> None:
    """The first iterations of an analysis complete whatever its limit (:data:`SURE_DEPTH`): in the
    shortest wipeout game, White's f5 lets Black's c5 take every disc. One ply deep it looks White's
    best move; with the replies seen it is the worst, lost by 64."""
    clock.step = 10.0  # every reading of the clock is past the deadline
    pos = play_transcript(Position.start(), "e6f4e3f6g5d6e7").position
    a = analyse(pos, Limits(seconds=0.01))
    assert a.depth >= SURE_DEPTH
    named = {move_name(m, pos.rules.geometry): v for m, v in a.scores.items()}
    assert set(named) == {move_name(m, pos.rules.geometry) for m in pos.legal_moves()}
    assert named["f5"] == -6400 and move_name(a.order[-1], pos.rules.geometry) == "f5", named


def test_a_stop_check_ends_a_search_at_once() -> None:
    """The worker's shared stop flag: a search asked to stop returns at its first clock check.
    (How long that takes: ``python tests/bench/bench_stop.py --cpython``.)"""
    from reversi.engine.midgame import CLOCK_EVERY
    from reversi.engine.search import search
    from reversi.engine.solver import set_stop_check
    from reversi.formats.notation import play_transcript

    pos = play_transcript(Position.start(Rules()), "f5d6c3d3c4").position
    asked: list[int] = []

    def stop() -> bool:
        asked.append(1)
        return True

    set_stop_check(stop)
    try:
        r = search(pos, Limits(seconds=30.0))  # 30 s of time left: only the check stops it
    finally:
        set_stop_check(None)
    assert r.stopped and len(asked) == 1 and r.nodes <= CLOCK_EVERY, (r, asked)
    assert pos.is_legal(r.move)
    r = search(pos, Limits(depth=5))  # no check: an ordinary search, through several clock checks
    assert not r.stopped and r.depth == 5 and r.nodes > 2 * CLOCK_EVERY, r


# -- ProbCut --------------------------------------------------------------------------------


def with_probcut(sigma: float, a: float = 1.0, b: float = 0.0):
    """The 8x8 evaluation with ProbCut statistics ``(a, b, sigma)`` at every depth and phase."""
    from reversi.engine.evaluate import make_evaluator
    from reversi.engine.midgame import probcut_shallow

    base = make_evaluator(Rules())

    def evaluate(p: int, o: int) -> int:
        return base(p, o)

    evaluate.with_moves = getattr(base, "with_moves", None) or (lambda p, o, legal: base(p, o))  # type: ignore[attr-defined]
    evaluate.probcut = {d: (probcut_shallow(d), [(a, b, sigma)] * 65) for d in (3, 4, 5)}  # type: ignore[attr-defined]
    return evaluate


def test_probcut_shallow_depths_keep_the_parity() -> None:
    from reversi.engine.midgame import probcut_shallow

    for depth in range(2, 30):
        s = probcut_shallow(depth)
        assert 0 <= s < depth and (depth - s) % 2 == 0 and s >= depth // 2 - 1


def test_probcut_cuts_nodes_and_a_wide_margin_changes_nothing() -> None:
    """Tight statistics prune (fewer nodes at the same depth); statistics so wide that no
    shallow search can predict a cut leave every value as the full-width search's."""
    positions = [random_position(Rules(), 30 + 3 * k, random.Random(k)) for k in range(6)]
    full = [Searcher(Rules(), with_probcut(1.0), selective=False) for _ in positions]
    tight = [Searcher(Rules(), with_probcut(20.0)) for _ in positions]
    wide = [Searcher(Rules(), with_probcut(1e5)) for _ in positions]
    nodes = {"full": 0, "tight": 0}
    for pos, f, t, w in zip(positions, full, tight, wide, strict=True):
        rf = search(pos, Limits(depth=6), searcher=f)
        rt = search(pos, Limits(depth=6), searcher=t)
        rw = search(pos, Limits(depth=6), searcher=w)
        assert rw.score == rf.score and rt.move in pos.legal_moves()
        nodes["full"] += rf.nodes
        nodes["tight"] += rt.nodes
    assert nodes["tight"] < 0.8 * nodes["full"], nodes


def test_the_shipped_8x8_model_has_probcut_statistics() -> None:
    from reversi.engine.evaluate import make_evaluator

    stats = getattr(make_evaluator(Rules()), "probcut", None)
    assert stats, "patterns_8x8.bin carries ProbCut statistics (python -m reversi.tools.train probcut)"
    for depth, (shallow, fits) in stats.items():
        assert shallow < depth
        midgame = [f for n, f in enumerate(fits) if 20 <= n <= 50]
        assert all(f is not None and 0.5 < f[0] < 1.5 and 0 < f[2] < 2000 for f in midgame), (depth, midgame)


@pytest.mark.parametrize("rules", [Rules(), Rules(anti=True), Rules("octagon"), Rules(size=10), Rules(size=16),
                                   Rules(size=6, blocked=("a1", "f6")), Rules("classic")], ids=lambda r: r.describe())
def test_both_sides_moves_in_one_pass_and_the_evaluation_given_them(rules: Rules) -> None:
    """The horizon's leaves: a position and the position turned round, side by side in one integer,
    give each side's own moves in one pass, and the evaluation given them is the evaluation (the
    packed potential mobility and transposition too)."""
    from reversi.engine.evaluate import make_evaluator, with_both
    from reversi.engine.kernels import lane_width, moves_by_empties

    g = rules.geometry
    moves, lane = moves_by_empties(g), lane_width(g)
    evaluate = make_evaluator(rules)
    given = with_both(evaluate)
    rng = random.Random(7)
    for _ in range(60):
        pos = random_position(rules, rng.randint(6, g.square_count - 6), rng)
        p, o, e = pos.player, pos.opponent, pos.empty
        n = e.bit_count()
        found = moves[n](p | o << lane, o | p << lane, e | e << lane)
        mine, theirs = found & ((1 << lane) - 1), found >> lane
        assert (mine, theirs) == (moves[n](p, o, e), moves[n](o, p, e))
        assert given(p, o, mine, theirs) == evaluate(p, o)


@pytest.mark.parametrize("rules", [Rules(), Rules("octagon"), Rules(size=10), Rules(size=16),
                                   Rules(size=6, blocked=("a1", "f6")), Rules(size=8, blocked=("d1", "c5"))],
                         ids=lambda r: r.describe())
def test_children_side_by_side_give_each_its_own_moves(rules: Rules) -> None:
    """The searches' ordering: a node's children laid side by side in one integer (each a lane up)
    have, from one pass of either generator, each child's own legal moves."""
    from reversi.engine.kernels import children_side_by_side, flip_functions, lane_width, moves_function

    g = rules.geometry
    lane = lane_width(g)
    flip = flip_functions(g)
    rng = random.Random(8)
    for kogge_stone in (False, True):
        moves = moves_function(g, kogge_stone)
        for _ in range(40):
            pos = random_position(rules, rng.randint(6, g.square_count - 6), rng)
            p, o, e = pos.player, pos.opponent, pos.empty
            children, *packed = children_side_by_side(p, o, pos.legal, e, flip, lane)
            assert [b.bit_length() - 1 for b, _, _ in children] == sorted(pos.legal_moves())
            found = moves(*packed)
            for i, (b, cp, co) in enumerate(children):
                child = pos.play(b.bit_length() - 1)
                assert (cp, co) == (child.player, child.opponent)
                assert found >> (i * lane) & ((1 << lane) - 1) == moves(cp, co, e & ~b) == child.legal


def test_an_exact_analysis_lines_are_played_out_to_their_values() -> None:
    """Each line of an exact analysis is a best line: played out, the game ends at the move's value;
    with no time left, a line is its first move."""
    import time as _time

    from reversi.engine.api import analyse as api_analyse
    from reversi.engine.search import exact_line
    from reversi.formats.notation import parse_position, play_transcript, position_to_string

    rules = Rules()
    rng = random.Random(12)
    checked = 0
    while checked < 6:
        pos = random_position(rules, rng.randint(6, 10), rng)
        if pos.must_pass:
            continue
        reply = api_analyse(start=position_to_string(pos), time_limit=5.0, exact_empties=14, lines=3)
        assert reply["exact"] and reply["pv"] == reply["lines"][0]
        for line in reply["lines"]:
            value = reply["scores"][line[0]] // 100
            end = play_transcript(parse_position(position_to_string(pos)), " ".join(line)).position
            assert end.is_over, line  # ten empties or fewer: the line reaches the end
            assert end.final_margin(pos.turn) == value, (line, value)
        checked += 1
    first = pos.legal_moves()[0]
    assert exact_line(pos, first, 0, 12, deadline=_time.perf_counter() - 1) == [first]
