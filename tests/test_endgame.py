"""The exact endgame solver against slow references, on every kind of board."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

from reversi import PASS, Position, Rules
from reversi.core.bitboard import moves
from reversi.core.geometry import iter_indices
from reversi.engine import kernels
from reversi.engine import search as root
from reversi.engine import solver as endgame
from reversi.engine.kernels import final_score, moves_function, stable_discs
from reversi.engine.protocol import Limits
from reversi.engine.search import solve
from reversi.engine.solver import INFINITY, Solver, SolveTimeout, clear_solvers, position_value, solver_for
from reversi.formats.notation import parse_position
from tests.bench.plain import minimax, plain_alphabeta
from tests.bench.positions import ENDGAME, random_position

RULE_SETS = [
    Rules(),
    Rules(anti=True),
    Rules("octagon"),
    Rules(size=6),
    Rules(size=10, blocked=("c3", "h8")),
    Rules(blocked=("c3",)),  # an odd number of squares: a game can end drawn with one empty
    Rules("classic"),
    Rules("classic", anti=True),
    Rules(size=4, free_opening=True),
]


def _has_pass_below(position: Position, depth: int = 12) -> bool:
    """Does some line of play from here contain a pass (first moves only, cheaply)?"""
    p = position
    for _ in range(depth):
        if p.is_over:
            return False
        if p.must_pass:
            return True
        p = p.play(p.legal_moves()[0])
    return False


@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda r: r.describe())
def test_solver_agrees_with_minimax(rules: Rules) -> None:
    rng = random.Random(hash(rules.describe()) & 0xFFFF)
    for _ in range(25):
        pos = random_position(rules, rng.randint(1, 7), rng)
        r = solve(pos)
        assert r.score == minimax(pos), pos
        # every best move reaches the score, every other move does less
        for m in pos.legal_moves() or [PASS]:
            v = -minimax(pos.play(m))
            assert (v == r.score) == (m in r.best), (pos, m)


@pytest.mark.parametrize(
    "rules, count", [(Rules(), 20), (Rules(anti=True), 10), (Rules("octagon"), 6)], ids=("othello", "anti", "octagon")
)
@pytest.mark.slow
def test_solver_agrees_with_plain_alphabeta_up_to_10_empties(rules: Rules, count: int) -> None:
    rng = random.Random(5)
    for i in range(count):
        pos = random_position(rules, 8 + i % 3, rng)
        assert solve(pos, all_best=False).score == plain_alphabeta(pos), pos


@pytest.mark.parametrize("rules", [Rules(), Rules(anti=True), Rules(size=6)], ids=lambda r: r.describe())
def test_solver_agrees_on_positions_with_passes(rules: Rules) -> None:
    rng = random.Random(21)
    found = 0
    for _ in range(400):
        pos = random_position(rules, rng.randint(4, 9), rng)
        if not (pos.must_pass or _has_pass_below(pos)):
            continue
        found += 1
        assert solve(pos).score == plain_alphabeta(pos), pos
        if found == 6:
            break
    assert found >= 3, "too few positions with a pass in the sample"


def test_windows_give_correct_bounds() -> None:
    rng = random.Random(11)
    for _ in range(10):
        pos = random_position(Rules(), 9, rng)
        exact = plain_alphabeta(pos)
        for alpha, beta in ((-64, 64), (exact - 1, exact + 1), (exact, exact + 1), (exact - 1, exact), (-3, 3)):
            solver_for(pos).tt.clear()
            v = position_value(pos, alpha, beta)
            if alpha < exact < beta:
                assert v == exact
            elif exact <= alpha:
                assert v <= alpha and v >= exact
            else:
                assert v >= beta and v <= exact


def test_all_moves_gives_each_exact_value() -> None:
    pos = parse_position(ENDGAME[14][0])
    r = solve(pos, all_moves=True)
    assert set(r.values) == set(pos.legal_moves())
    assert max(r.values.values()) == r.score
    for m in pos.legal_moves()[:3]:
        assert r.values[m] == -solve(pos.play(m), all_best=False).score


def test_passes_and_game_over() -> None:
    # white has no move, black does: the solver must pass and go on
    rules = Rules()
    pos = parse_position("XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXO--- O", rules)
    r = solve(pos)
    assert r.best == [PASS]
    assert r.score == minimax(pos)
    over = parse_position("X" * 63 + "- O", rules)  # nobody can move: game over, empty to the winner
    r = solve(over)
    assert r.best == [] and r.score == -64
    assert over.final_margin(over.turn) == -64


def test_empties_go_to_the_winner_but_not_in_anti() -> None:
    assert final_score(0b111, 0b1, 10, anti=False, empties_to_winner=True) == 3 - 1 + 6
    assert final_score(0b1, 0b111, 10, anti=False, empties_to_winner=True) == -8
    assert final_score(0b111, 0b1, 10, anti=True, empties_to_winner=False) == -2
    assert final_score(0b11, 0b11, 10, anti=False, empties_to_winner=True) == 0


def test_anti_solver_prefers_losing_discs() -> None:
    rng = random.Random(3)
    for _ in range(10):
        pos = random_position(Rules(anti=True), 6, rng)
        r = solve(pos)
        # play the solver's line to the end: the side to move ends with the margin it promised
        color = pos.turn
        p = pos
        while not p.is_over:
            p = p.play(solve(p).best[0])
        assert p.final_margin(color) == r.score
        theirs, mine = p.count(1 - color), p.count(color)
        assert theirs - mine == r.score  # fewer own discs is better in Anti


def test_node_limit_raises_timeout() -> None:
    pos = parse_position(ENDGAME[16][0])
    with pytest.raises(SolveTimeout):
        solve(pos, Limits(nodes=2000))
    # the solver is usable afterwards
    small = random_position(Rules(), 6, random.Random(1))
    assert solve(small).score == minimax(small)


def test_solves_14_empties() -> None:
    pos = parse_position(ENDGAME[14][1])
    r = solve(pos, all_best=False)
    assert r.score == -solve(pos.play(r.best[0]), all_best=False).score


def _cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "reversi", *args], capture_output=True, text=True, timeout=120)


def test_cli_solve_json() -> None:
    rng = random.Random(8)
    pos = random_position(Rules(), 8, rng)
    from reversi.formats.notation import position_to_string

    out = _cli("solve", position_to_string(pos), "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["score"] == minimax(pos)
    names = [pos.rules.geometry.name(m) for m in solve(pos).best]
    assert data["best"] == names
    assert set(data) >= {"score", "best", "nodes", "seconds"}


def test_cli_solve_bad_input() -> None:
    out = _cli("solve", "XXXX-- X")
    assert out.returncode != 0
    assert out.stderr.strip().count("\n") == 0 and "error" in out.stderr


def _all_continuations(position: Position, seen: set, out: list) -> None:
    """Every position reachable from ``position`` (passes included), into ``out``."""
    key = (position.player, position.opponent)
    if key in seen:
        return
    seen.add(key)
    out.append(position)
    if position.is_over:
        return
    if position.must_pass:
        _all_continuations(position.pass_turn(), seen, out)
        return
    for m in position.legal_moves():
        _all_continuations(position.play(m), seen, out)


@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda r: r.describe())
def test_generated_move_functions_agree_with_the_bitboard(rules: Rules) -> None:
    """Both generated move generators, on every shape."""
    g = rules.geometry
    fill, kogge_stone = moves_function(g, kogge_stone=False), moves_function(g)

    def check(p: int, o: int, e: int) -> None:
        expected = moves(p, o, e, g.shifts)
        assert fill(p, o, e) == expected, (p, o)
        assert kogge_stone(p, o, e) == expected, (p, o)

    rng = random.Random(31)
    for _ in range(30):
        pos = random_position(rules, rng.randint(1, g.square_count - 6), rng)
        check(pos.player, pos.opponent, pos.empty)
        check(pos.opponent, pos.player, pos.empty)
    # the longest runs: every line of the board, a disc at one end, the other side's
    # discs in between, the far end empty (both ways round)
    found = 0
    for d in g.shifts:
        for line in kernels.board_lines(g, d):
            squares = list(iter_indices(line))
            if len(squares) < 3:
                continue
            for ends in (squares, squares[::-1]):
                p, e = 1 << ends[0], 1 << ends[-1]
                o = line & ~p & ~e
                check(p, o, e)
                found += moves(p, o, e, g.shifts) == e
    assert found > 0


@pytest.mark.parametrize(
    "rules", [Rules(), Rules("octagon"), Rules(size=6), Rules(size=8, blocked=("c3", "f6"))], ids=lambda r: r.describe()
)
def test_stable_discs_never_flip(rules: Rules) -> None:
    g = rules.geometry
    rng = random.Random(17)
    checked = 0
    for _ in range(12):
        pos = random_position(rules, rng.randint(3, 6), rng)
        empty = pos.empty
        stable = {side: stable_discs(g, bits, empty) for side, bits in ((0, pos.player), (1, pos.opponent))}
        later: list[Position] = []
        _all_continuations(pos, set(), later)
        for q in later:
            # the side to move of q: same as pos after an even number of plies
            own = {0: q.player, 1: q.opponent} if q.turn == pos.turn else {0: q.opponent, 1: q.player}
            for side in (0, 1):
                assert stable[side] & own[side] == stable[side], (pos, q)
        checked += stable[0].bit_count() + stable[1].bit_count()
    assert checked > 0, "no stable disc in the sample"


@pytest.mark.parametrize("rules", [Rules(), Rules(anti=True), Rules("octagon")], ids=lambda r: r.describe())
@pytest.mark.slow
def test_stability_cutoff_agrees_with_unpruned_solver(rules: Rules, monkeypatch: pytest.MonkeyPatch) -> None:
    """Positions with many stable discs at 11-12 empties: the same value with and without the cutoff."""
    g = rules.geometry
    rng = random.Random(23)
    positions = []
    while len(positions) < 3:
        pos = random_position(rules, 11 + len(positions) % 2, rng)
        stable = stable_discs(g, pos.player, pos.empty) | stable_discs(g, pos.opponent, pos.empty)
        if stable.bit_count() >= 6 and pos.legal:
            positions.append(pos)
    fired = False
    for pos in positions:
        with_cutoff = Solver(g, rules.anti, rules.empties_to_winner)
        monkeypatch.setattr(endgame, "STABILITY_MIN_EMPTIES", 10_000)
        without = Solver(g, rules.anti, rules.empties_to_winner)
        monkeypatch.undo()
        exact = Solver(g, rules.anti, rules.empties_to_winner).solve(pos.player, pos.opponent)
        for alpha, beta in ((-INFINITY, INFINITY), (exact - 1, exact), (exact, exact + 1), (20, 22)):
            with_cutoff.tt.clear()
            without.tt.clear()
            a = with_cutoff.solve(pos.player, pos.opponent, alpha, beta)
            b = without.solve(pos.player, pos.opponent, alpha, beta)
            # both are valid fail-soft results for the window
            for v in (a, b):
                if alpha < exact < beta:
                    assert v == exact, pos
                elif exact <= alpha:
                    assert exact <= v <= alpha, pos
                else:
                    assert beta <= v <= exact, pos
        fired |= with_cutoff.nodes != without.nodes
    if g.is_standard:  # on this small octagon sample the cutoff's alpha threshold is never reached
        assert fired, "the stability cutoff never changed the search"


def test_midgame_hints_keep_the_value(monkeypatch: pytest.MonkeyPatch) -> None:
    """The root's midgame search leaves move hints (no bounds) in the table: same score and best move."""
    pos = parse_position(ENDGAME[18][1])
    solver = Solver(pos.rules.geometry, pos.rules.anti, pos.rules.empties_to_winner)
    root.estimate(pos, solver)
    hints = [(k, e) for k, e in solver.tt.items() if e[:2] == (-INFINITY, INFINITY)]
    assert hints and all(e[2] & solver.moves(*k) for k, e in hints)
    # hints everywhere the search went (the worst case for the table) and none at all
    pos = parse_position(ENDGAME[14][2])
    results = []
    for plies in (100, -1):
        monkeypatch.setattr(root, "HINT_PLIES", plies)
        clear_solvers()
        results.append(solve(pos))
    assert (results[0].score, results[0].best) == (results[1].score, results[1].best)
    assert results[0].score == -solve(pos.play(results[0].best[0]), all_best=False).score


@pytest.mark.parametrize("text", ENDGAME[16][:2])
@pytest.mark.slow
def test_the_orderings_near_the_root_keep_the_value(text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """16 empties: with the one-ply and evaluation orderings, and with neither (mobility only)."""
    pos = parse_position(text)
    clear_solvers()
    with_them = solve(pos, all_best=False)
    monkeypatch.setattr(endgame, "PROBE_ORDER_MIN_EMPTIES", 100)
    monkeypatch.setattr(endgame, "EVAL_ORDER_MIN_EMPTIES", 100)
    clear_solvers()
    without = solve(pos, all_best=False)
    assert with_them.score == without.score
    assert with_them.nodes != without.nodes  # the orderings did apply
    assert with_them.score == -solve(pos.play(with_them.best[0]), all_best=False).score


def test_a_drawn_end_with_one_empty_square_on_an_odd_board() -> None:
    """63 squares, one empty that nobody can take, 31 discs each: a draw, 0 (not -1 or +1)."""
    # a1 is empty; row 1 and column a are Black, so no line from a1 ends in the other colour
    cells = [["X"] * 8 for _ in range(8)]
    cells[0][0], cells[2][2] = "-", "#"
    rest = [(r, c) for r in range(1, 8) for c in range(1, 8) if (r, c) != (2, 2)]
    for k, (r, c) in enumerate(rest):
        cells[r][c] = "O" if k < 31 else "X"
    pos = parse_position("".join("".join(row) for row in cells) + " X", Rules(blocked=("c3",)))
    assert pos.is_over and pos.empty.bit_count() == 1
    assert pos.player.bit_count() == pos.opponent.bit_count() == 31
    solver = Solver(pos.rules.geometry, False, True)  # the solver itself: solve() returns finished games as they are
    assert solver.solve(pos.player, pos.opponent) == pos.final_margin(pos.turn) == 0
    # one disc more for Black: the empty square goes to the winner
    cells[1][1] = "X"
    pos = parse_position("".join("".join(row) for row in cells) + " X", Rules(blocked=("c3",)))
    assert pos.is_over and solver.solve(pos.player, pos.opponent) == (32 - 30) + 1
    assert solver.solve(pos.opponent, pos.player) == -3


@pytest.mark.parametrize("rules", [Rules(), Rules(blocked=("c3",)), Rules(anti=True)], ids=lambda r: r.describe())
def test_the_last_two_squares_agree_with_minimax(rules: Rules) -> None:
    """The two-empties solver scores the last square inline (Othello scoring): every case, odd boards too."""
    rng = random.Random(2)
    seen_pass = False
    for _ in range(150):
        pos = random_position(rules, 2, rng)
        if pos.is_over:
            continue
        seen_pass |= pos.must_pass or any(pos.play(m).must_pass or pos.play(m).is_over for m in pos.legal_moves())
        solver = Solver(rules.geometry, rules.anti, rules.empties_to_winner)
        for alpha in (-3, 0, 2):  # null windows below, at and above the usual values
            v = solver.solve(pos.player, pos.opponent, alpha, alpha + 1)
            exact = minimax(pos)
            # fail-soft: the right side of alpha, and a bound on the right side of the value
            assert (v > alpha) == (exact > alpha) and (v <= exact if v > alpha else v >= exact), (pos, alpha)
        assert solver.solve(pos.player, pos.opponent) == minimax(pos)
    assert seen_pass


def test_two_empties_ending_in_a_draw_with_one_left() -> None:
    """63 squares: Black's only move leaves a1 empty, nobody can take it, 31 discs each: 0."""
    rules = Rules(blocked=("c3",))
    pos = parse_position("-XXXXXXXXOOOOXXOXO#OXOOOXOOOOXOOXXOXOXXOXOXXOOOOXXOOOXOXXXOOOXO- X", rules)
    (move,) = pos.legal_moves()
    end = pos.play(move)
    assert end.is_over and end.player.bit_count() == end.opponent.bit_count()
    solver = Solver(rules.geometry, False, True)
    assert solver.solve(pos.player, pos.opponent) == minimax(pos) == 0
    # the null windows the search uses: above -1, not above 0
    assert solver.solve(pos.player, pos.opponent, -1, 0) > -1
    assert solver.solve(pos.player, pos.opponent, 0, 1) <= 0
