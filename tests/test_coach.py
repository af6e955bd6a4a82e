"""The coach (reversi/ui/coach.py, over reversi/core/features.py): a constructed position for each
kind of reason, with the reason and its words; Anti, the octagon, a small board, the opening's
placement; and over random positions of every rule set, that no reason says what the features
it cites contradict, each feature measured again here on the array reference (tests/reference.py),
not by the features module."""

from __future__ import annotations

import random

import pytest
import reference as ref
from hypothesis import given, settings
from hypothesis import strategies as st

from reversi import Position, Rules
from reversi.core.features import PARITY_EMPTIES, corner_squares, move_features
from reversi.core.position import PASS
from reversi.core.rules import BLACK, WHITE, random_blocked
from reversi.engine.kernels import stable_function
from reversi.errors import RulesError
from reversi.formats.notation import parse_position
from reversi.i18n import set_language
from reversi.ui.coach import (
    C_SQUARE,
    CORNER_GIVEN,
    CORNER_MISSED,
    CORNER_TAKEN,
    FRONTIER,
    KINDS,
    MOBILITY,
    MOST_REASONS,
    PARITY,
    STABLE,
    WIPEOUT_ALLOWED,
    WIPEOUT_MISSED,
    X_SQUARE,
    Reason,
    coach_sentences,
    differs,
    reasons,
)


def board(black: str, white: str, turn: str = "X", size: int = 8) -> str:
    """A position string of a ``size`` board with Black's and White's discs on the squares named."""
    rows = [["-"] * size for _ in range(size)]
    for cell, names in (("X", black), ("O", white)):
        for name in names.split():
            rows[int(name[1:]) - 1][ord(name[0]) - ord("a")] = cell
    return "/".join("".join(row) for row in rows) + " " + turn


def why(text: str, played: str, best: str, rules: Rules | None = None) -> tuple[tuple[Reason, ...], list[str]]:
    """The reasons and the English sentences for ``played`` against ``best`` in the position ``text``."""
    position = parse_position(text, rules or Rules())
    g = position.rules.geometry
    a, b = g.parse_square(played), g.parse_square(best)
    return reasons(position, a, b), coach_sentences(position, a, b)


def sq(*names: str, rules: Rules | None = None) -> tuple[int, ...]:
    g = (rules or Rules()).geometry
    return tuple(g.parse_square(n) for n in names)


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


# -- a position for each kind of reason ---------------------------------------------------------------


def test_a_move_that_lets_the_opponent_take_a_corner():
    # b2 turns c3 and leaves b2-c3-d4 for White's e5 to bracket from a1; f6 leaves no corner
    found, words = why(board("d4", "c3 e5"), "b2", "f6")
    assert found == (Reason(CORNER_GIVEN, WHITE, sq("a1"), 1, 0),)  # the X-square's corner is not said twice
    assert words == ["After b2, White can take the corner a1; f6 does not allow it."]


def test_a_corner_the_best_move_takes():
    found, words = why(board("c3 d5", "b2 d4"), "d3", "a1")
    assert found == (Reason(CORNER_MISSED, WHITE, sq("a1"), 0, 0),)
    assert words == ["a1 takes the corner; d3 does not."]
    # and where the move played leaves that corner to the opponent (a2-a3: White's a1 turns a2)
    found, words = why(board("c1 a2 d5", "b1 a3 d4"), "d3", "a1")
    assert found == (Reason(CORNER_MISSED, WHITE, sq("a1"), 1, 0), Reason(STABLE, BLACK, (), 0, 4))
    assert words == ["a1 takes the corner; after d3, White can take it.",
                     "After a1, Black has 4 stable discs, which can never be turned; after d3, 0."]


def test_a_wipe_out_missed():
    # d4 turns c4 and d3 at once: White has no disc left
    found, words = why(board("b4 d2 e4", "c4 d3"), "c2", "d4")
    assert found == (Reason(WIPEOUT_MISSED, WHITE),)
    assert words == ["After d4, White has no disc left and the game is won; after c2, it goes on."]


def test_a_wipe_out_allowed():
    # after b4 Black's discs are b4 c4 d4 in a row, with White's e4 beyond them: a4 turns them all
    found, words = why(board("d4", "c4 e4 d5"), "b4", "d6")
    assert found == (Reason(WIPEOUT_ALLOWED, WHITE, sq("a4")),)
    assert words == ["After b4, White can reply a4, and Black has no disc left; d6 does not allow it."]


def test_an_x_square_and_a_c_square_beside_an_empty_corner():
    # g7 does not give h8 at once (nothing of White's behind it on the diagonal), but sits beside it
    found, words = why(board("d4 e5", "f6 c4"), "g7", "b4")
    assert found == (Reason(X_SQUARE, BLACK, sq("h8")),)
    assert words == ["g7 is diagonally next to the empty corner h8, which such a square often gives away; "
                     "b4 is next to no empty corner."]
    found, words = why(board("h5 d4", "h6 d5"), "h7", "d6")
    assert found == (Reason(C_SQUARE, BLACK, sq("h8")),)
    assert words == ["h7 is beside the empty corner h8, which such a square often gives away; "
                     "d6 is next to no empty corner."]


def test_stable_discs():
    # d1 makes a1 b1 c1 d1 an edge run from the corner, all stable; d6 leaves a1 b1
    found, words = why(board("a1 b1 d4", "c1 d5"), "d6", "d1")
    assert found == (Reason(STABLE, BLACK, (), 2, 4),)
    assert words == ["After d1, Black has 4 stable discs, which can never be turned; after d6, 2."]


def test_mobility_the_opponents_and_the_movers():
    found, words = why("------------------OX-------OX------XX-------X------------------- O", "d2", "f6")
    assert found == (Reason(MOBILITY, WHITE, (), 4, 6),)  # White moved: its own moves, fewer after d2
    assert words == ["After f6, White has 6 possible moves; after d2, 4."]
    found, words = why("---------XX-------XXOO-----XX---OOOOO------O--------O----------- O", "b3", "d2")
    assert found == (Reason(MOBILITY, BLACK, (), 12, 8),)  # the opponent's moves, more after b3
    assert words == ["After b3, Black has 12 possible moves; after d2, 8."]


def test_frontier_discs():
    found, words = why("-XX-XOOOOOOXXXO-OXXOXOXOXXXOXXXXXXOOXOXXOOXOOOX-OXXXXXXXXXXXXO-O O", "h6", "h2")
    assert found == (Reason(FRONTIER, WHITE, (), 11, 5),)
    assert words == ["After h6, White has 11 discs next to empty squares, which give the opponent moves; "
                     "after h2, 5."]


def test_parity_near_the_end():
    text = "XXXO-XXOXXO-OXOOXOXXXOXOXXOXOOXOXXXOOOXOXXXOOXXOX-OXOOX-XOOO-O-X X"
    found, words = why(text, "g8", "e8")
    assert found == (Reason(PARITY, WHITE, (), 3, 1),)
    assert words == ["After g8, 3 empty regions have an odd number of squares, with White to move, who can then "
                     "have the last move in each; after e8, 1."]


def test_at_most_two_reasons_the_most_important_first():
    # every pair of moves of random games: never more than two, in the order of KINDS
    rng = random.Random(3)
    seen = 0
    for _game in range(8):
        position = Position.start()
        while not position.is_over:
            if position.must_pass:
                position = position.play(PASS)
                continue
            moves = position.legal_moves()
            for a in moves:
                for b in moves:
                    found = reasons(position, a, b)
                    assert len(found) <= MOST_REASONS
                    ranks = [KINDS.index(r.kind) for r in found]
                    assert ranks == sorted(ranks) and len(set(ranks)) == len(ranks)
                    seen += len(found) == MOST_REASONS
            position = position.play(rng.choice(moves))
    assert seen


def test_no_reason_for_the_best_move_itself_a_pass_or_the_placement():
    position = parse_position(board("d4", "c3 e5"))
    b2 = sq("b2")[0]
    assert reasons(position, b2, b2) == ()
    assert reasons(position, PASS, b2) == ()
    classic = Position.start(Rules("classic"))
    d4, e4 = sq("d4", "e4")
    assert classic.in_placement and reasons(classic, d4, e4) == ()


def test_counts_must_differ_by_two_and_by_a_quarter():
    assert differs(4, 2) and differs(8, 6) and differs(3, 0)
    assert not differs(5, 4) and not differs(17, 15) and not differs(24, 20)


# -- other rule sets ---------------------------------------------------------------------------------


def test_anti_takes_a_corner_and_keeps_stable_discs():
    anti = Rules(anti=True)
    found, words = why("--OOOOXOXOOOOXO-OOOOOOOOOOXOXXOOOOXOOOXOOOXXOOXOXOXOOXXOOOXXXXX- X", "a1", "h2", anti)
    assert found == (Reason(CORNER_TAKEN, BLACK, sq("a1")),)
    assert words == ["a1 takes the corner, a disc nobody can turn, which in Anti counts against its owner to the "
                     "end; h2 takes no corner."]
    found, words = why("-XX--OOOOOOOOOO-OXXOOOOOXXXXXXXXXXXOXOXXOXXOOOX--XXXXXXXXXXXXO-O O", "h6", "a7", anti)
    assert found == (Reason(STABLE, WHITE, (), 10, 6),)
    assert words == ["After h6, White has 10 discs that can never be turned, which in Anti count against it; "
                     "after a7, 6."]


def test_anti_says_nothing_of_what_turns_round_there():
    anti = Rules(anti=True)
    for text, played, best in [(board("d4", "c3 e5"), "b2", "f6"), (board("d4 e5", "f6 c4"), "g7", "b4"),
                               (board("d4", "c4 e4 d5"), "b4", "d6"), (board("b4 d2 e4", "c4 d3"), "c2", "d4")]:
        assert why(text, played, best, anti) == ((), [])


def test_the_octagons_corners_are_beside_its_cuts():
    octagon = Rules("octagon")
    g = octagon.geometry
    assert set(g.bits_to_names(corner_squares(g))) == {"c1", "h1", "a3", "j3", "a8", "j8", "c10", "h10"}
    text = ("##------##/#-OOO----#/-OXO-XO---/OOOXXOO---/-O-XOOO---/---OOOO---/--O--O----/-----O----/"
            "#--------#/##------## O")
    found, words = why(text, "c5", "b2", octagon)
    assert found[0] == Reason(CORNER_GIVEN, BLACK, sq("c1", "a3", rules=octagon), 2, 0)
    assert words[0] == "After c5, Black can take the corners c1, a3; b2 does not allow it."


def test_a_small_board():
    six = Rules(size=6)
    found, words = why("------/--X---/--XX--/--XO--/------/------ O", "b2", "b4", six)
    assert found == (Reason(X_SQUARE, WHITE, sq("a1", rules=six)),)
    assert words[0].startswith("b2 is diagonally next to the empty corner a1")


def test_a_puzzle_does_not_name_the_best_move():
    position = parse_position(board("d4", "c3 e5"))
    b2, f6 = sq("b2", "f6")
    assert coach_sentences(position, b2, f6, name_best=False) == [
        "After b2, White can take the corner a1; the best move does not allow it."]
    position = parse_position(board("a1 b1 d4", "c1 d5"))
    d6, d1 = sq("d6", "d1")
    assert coach_sentences(position, d6, d1, name_best=False) == [
        "After the best move, Black has 4 stable discs, which can never be turned; after d6, 2."]


# -- never a reason the features contradict ----------------------------------------------------------


@st.composite
def rule_sets(draw):
    variant = draw(st.sampled_from(["othello", "othello", "othello", "classic", "octagon"]))
    size = 8 if variant == "octagon" else draw(st.sampled_from([4, 6, 8, 8, 8, 10]))
    rules = Rules(variant, size=size, anti=draw(st.booleans()))
    blocked = draw(st.sampled_from([0, 0, 0, 2, 5]))
    if blocked:
        try:
            rules = random_blocked(rules, blocked, draw(st.integers(0, 2**32)))
        except RulesError:
            pass
    return rules


LINES = ((1, 0), (0, 1), (1, 1), (1, -1))
AROUND = [(dc, dr) for dc in (-1, 0, 1) for dr in (-1, 0, 1) if (dc, dr) != (0, 0)]


class Seen:
    """The reference's view of one move: the position after it, measured square by square."""

    def __init__(self, position: Position, move: int) -> None:
        g = position.rules.geometry
        self.g = g
        self.mover = ref.BLACK if position.turn == BLACK else ref.WHITE
        self.other = ref.WHITE if self.mover == ref.BLACK else ref.BLACK
        self.square = g.coords(move)
        game = ref.from_position(position)
        game.play(self.square)
        self.game = game
        self.after = position.play(move)

    def corner(self, c: int, r: int) -> bool:
        at = self.game.at
        return at(c, r) != ref.OFF and all(at(c + dc, r + dr) == ref.OFF or at(c - dc, r - dr) == ref.OFF
                                           for dc, dr in LINES)

    def moves(self, who: str) -> dict:
        return self.game.moves_of(who)

    def empty_corners_beside(self, diagonal: bool) -> set:
        """The empty corners the move is next to (none when it is a corner: beside a corner, as
        blocked squares can make, a corner gives nothing away)."""
        c, r = self.square
        if self.corner(c, r):
            return set()
        return {(c + dc, r + dr) for dc, dr in AROUND if (dc != 0 and dr != 0) == diagonal
                and self.corner(c + dc, r + dr) and self.game.at(c + dc, r + dr) == ref.EMPTY}

    def frontier(self) -> int:
        game = self.game
        return sum(1 for r in range(game.height) for c in range(game.width) if game.at(c, r) == self.mover
                   and any(game.at(c + dc, r + dr) == ref.EMPTY for dc, dr in AROUND))

    def stable(self) -> int:
        g = self.g
        own = self.after.discs(BLACK if self.mover == ref.BLACK else WHITE)
        return stable_function(g)(own, self.after.empty).bit_count()  # the engine's own copy, not the core's

    def odd_regions(self) -> int:
        game = self.game
        empty = {(c, r) for r in range(game.height) for c in range(game.width) if game.at(c, r) == ref.EMPTY}
        odd = 0
        while empty:
            todo = [empty.pop()]
            size = 0
            while todo:
                c, r = todo.pop()
                size += 1
                for dc, dr in AROUND:
                    if (c + dc, r + dr) in empty:
                        empty.remove((c + dc, r + dr))
                        todo.append((c + dc, r + dr))
            odd += size % 2
        return odd

    def wiping_replies(self) -> set:
        out = set()
        for square, turned in self.moves(self.other).items():
            if len(turned) == self.game.count(self.mover):
                out.add(square)
        return out


def check_reason(reason: Reason, position: Position, played: int, best: int) -> None:
    """The reason agrees with the features the reference measures after both moves."""
    g = position.rules.geometry
    p, b = Seen(position, played), Seen(position, best)
    named = {g.coords(i) for i in reason.squares}
    anti = position.rules.anti
    mover = p.mover
    if reason.kind in (CORNER_TAKEN,):
        assert anti and named == {p.square} and p.corner(*p.square) and not b.corner(*b.square)
        return
    assert reason.kind in (STABLE,) or not anti, reason
    if reason.kind == CORNER_GIVEN:
        assert named and all(p.corner(*s) for s in named)
        assert named <= set(p.moves(p.other)) and not named & set(b.moves(b.other)) and b.square not in named
        assert reason.played == sum(1 for s in p.moves(p.other) if p.corner(*s))
    elif reason.kind == CORNER_MISSED:
        assert named == {b.square} and b.corner(*b.square) and not p.corner(*p.square)
        assert reason.played == (b.square in p.moves(p.other))
    elif reason.kind == WIPEOUT_MISSED:
        assert b.game.count(b.other) == 0 and p.game.count(p.other) > 0
    elif reason.kind == WIPEOUT_ALLOWED:
        assert named and named == p.wiping_replies() and not b.wiping_replies()
    elif reason.kind in (X_SQUARE, C_SQUARE):
        beside = p.empty_corners_beside(reason.kind == X_SQUARE)
        assert named and named <= beside
        assert not b.empty_corners_beside(True) | b.empty_corners_beside(False)
    elif reason.kind == STABLE:
        assert (reason.played, reason.best) == (p.stable(), b.stable())
        more, fewer = (reason.played, reason.best) if anti else (reason.best, reason.played)
        assert more - fewer >= 2
    elif reason.kind == MOBILITY:
        side, other = (mover, p.other) if reason.side == position.turn else (p.other, mover)
        assert (reason.played, reason.best) == (len(p.moves(side)), len(b.moves(side)))
        if side == mover:  # fewer moves of its own after the played move, and no fewer for the opponent
            assert reason.best - reason.played >= 2 and len(p.moves(other)) >= len(b.moves(other))
        else:
            assert reason.played - reason.best >= 2 and len(p.moves(other)) <= len(b.moves(other))
    elif reason.kind == FRONTIER:
        assert (reason.played, reason.best) == (p.frontier(), b.frontier())
        assert reason.played - reason.best >= 2
    elif reason.kind == PARITY:
        assert sum(1 for row in p.game.grid for cell in row if cell == ref.EMPTY) <= PARITY_EMPTIES
        assert (reason.played, reason.best) == (p.odd_regions(), b.odd_regions())
        assert reason.played > reason.best and p.moves(p.other) and b.moves(b.other)
    else:
        raise AssertionError(reason)


@settings(max_examples=100, deadline=None)
@given(rules=rule_sets(), seed=st.integers(0, 2**32))
def test_no_reason_contradicts_the_features_it_cites(rules, seed):
    rng = random.Random(seed)
    position = Position.start(rules)
    said = 0
    while not position.is_over:
        if position.must_pass:
            position = position.play(PASS)
            continue
        moves = position.legal_moves()
        if len(moves) >= 2 and rng.random() < 0.5:
            played, best = rng.sample(moves, 2)
            found = reasons(position, played, best)
            assert len(found) <= MOST_REASONS
            for reason in found:
                check_reason(reason, position, played, best)
            words = coach_sentences(position, played, best)
            assert len(words) == len(found) and all(w.endswith(".") and "{" not in w for w in words)
            said += len(found)
        position = position.play(rng.choice(moves))


def test_the_features_of_a_move():
    position = parse_position(board("d4", "c3 e5"))
    f = move_features(position, sq("b2")[0])
    assert (f.corner_taken, f.corners_given, f.x_corners, f.c_corners) == (0, 1 << sq("a1")[0], 1 << sq("a1")[0], 0)
    assert (f.own_moves, f.opponent_moves, f.frontier, f.stable) == (1, 1, 3, 0)  # f6; a1
    # and White's a1 turns all three of Black's discs (so does g7 after f6: neither move is said to allow it)
    assert f.odd_regions is None and not f.wipes_out and f.wiped_by == 1 << sq("a1")[0]


# -- where the coach speaks: the review, the move list, a puzzle's answers ----------------------------

#: Black's g2 at ply 11 (move 6), an X-square beside the empty h1.
GAME = "f5d6c3d3c4f4f6f3e6e7g2"


def test_the_reviews_note_and_the_move_list_say_why_when_asked():
    from reversi.formats.notation import play_transcript
    from reversi.ui.accuracy import move_list_review
    from reversi.ui.drivers.study import MoveReview
    from reversi.ui.review import review_note

    game = play_transcript(Position.start(), GAME)
    marks = {11: MoveReview(11, 14, True, ("f2",), "g2"), 10: MoveReview(10, 0, True, ("e7",), "e7")}
    why = "g2 is diagonally next to the empty corner h1, which such a square often gives away; f2 is next to no " \
          "empty corner."
    plain = "6. Black g2, a blunder: loses 14 discs; f2 was best"
    assert review_note(game, marks) == plain  # the words alone unless asked
    assert review_note(game, marks, coach=True) == f"{plain}. {why}"
    listed = move_list_review(game, marks, coach=True)
    assert listed[11] == ("blunder", f"a blunder: loses 14 discs; f2 was best. {why}")
    assert listed[10] == ("", "the best move")
    game.go_to(10)  # the best move: nothing to explain
    assert review_note(game, marks, coach=True) == "5. White e7, the best move"
    # a move that lost a little: the note says why too (selecting it asks), the move list does not
    marks[11] = MoveReview(11, 2, True, ("f2",), "g2")
    game.go_to(11)
    assert review_note(game, marks, coach=True).endswith(why)
    assert move_list_review(game, marks, coach=True)[11] == ("", "loses 2 discs; f2 was best")


def test_a_puzzles_wrong_try_says_why_without_naming_the_best_move_when_asked():
    from reversi.ui.embed.puzzle import Puzzle, PuzzleState
    from reversi.ui.embed.viewer import embed_options

    position = parse_position("--XXXX-XX-OOX-X-XOOXXOOOXOXXXOOXXOOOXOO-XOXOOX-OXOOOXXX-XOOXXXX- X")
    g = position.rules.geometry
    losses = {m: 6 for m in position.legal_moves()}
    losses[g.parse_square("h2")] = 0
    losses[g.parse_square("b1")] = 28
    puzzle = Puzzle(losses, (g.parse_square("h2"),), True)
    plain, coached = PuzzleState(puzzle, position), PuzzleState(puzzle, position, coach=True)
    for state in (plain, coached):
        state.try_move(g.parse_square("b1"))
    assert plain.feedback == "b1 loses 28 discs against the best move. Try again."
    assert coached.feedback == (
        "b1 loses 28 discs against the best move. b1 is beside the empty corner a1, which such a square often "
        "gives away; the best move is next to no empty corner. After the best move, Black has 12 stable discs, "
        "which can never be turned; after b1, 9. Try again.")
    assert "h2" not in coached.feedback
    assert embed_options("view=puzzle&coach=1").coach and not embed_options("view=puzzle").coach
    assert embed_options("view=puzzle&coach=2").notes  # said, and off


@pytest.mark.parametrize("code", ["cs", "da", "pl"])
def test_the_coach_speaks_every_language(code):
    cases = [(board("d4", "c3 e5"), "b2", "f6"), (board("c1 a2 d5", "b1 a3 d4"), "d3", "a1"),
             (board("b4 d2 e4", "c4 d3"), "c2", "d4"), (board("d4", "c4 e4 d5"), "b4", "d6"),
             (board("d4 e5", "f6 c4"), "g7", "b4"), (board("h5 d4", "h6 d5"), "h7", "d6"),
             ("------------------OX-------OX------XX-------X------------------- O", "d2", "f6"),
             ("-XX-XOOOOOOXXXO-OXXOXOXOXXXOXXXXXXOOXOXXOOXOOOX-OXXXXXXXXXXXXO-O O", "h6", "h2"),
             ("XXXO-XXOXXO-OXOOXOXXXOXOXXOXOOXOXXXOOOXOXXXOOXXOX-OXOOX-XOOO-O-X X", "g8", "e8")]
    anti = [("--OOOOXOXOOOOXO-OOOOOOOOOOXOXXOOOOXOOOXOOOXXOOXOXOXOOXXOOOXXXXX- X", "a1", "h2"),
            ("-XX--OOOOOOOOOO-OXXOOOOOXXXXXXXXXXXOXOXXOXXOOOX--XXXXXXXXXXXXO-O O", "h6", "a7")]
    said = []
    for rules, found in ((Rules(), cases), (Rules(anti=True), anti)):
        for text, played, best in found:
            position = parse_position(text, rules)
            a, b = sq(played, best)
            english = [coach_sentences(position, a, b, name_best=n) for n in (True, False)]
            set_language(code)
            local = [coach_sentences(position, a, b, name_best=n) for n in (True, False)]
            set_language("en")
            assert len(local[0]) == len(english[0]) > 0 and len(local[1]) == len(english[1])
            for mine, theirs in zip(local[0] + local[1], english[0] + english[1], strict=True):
                assert mine != theirs and "{" not in mine and played in mine, mine
            assert all(best not in s for s in local[1])  # a puzzle's answer stays unnamed
            said += local[0]
    assert len(said) >= 11
