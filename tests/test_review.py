"""The review in words and on the board (reversi/ui/review.py), under CPython: which move it speaks
of, what that move lost, the better move for the side that played it, Anti, passes, plurals."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

from support import find_game_with_pass, made_up_evaluations

from reversi import Position, Rules
from reversi.core.game import Game
from reversi.core.position import PASS
from reversi.formats.notation import move_name, play_transcript
from reversi.i18n import set_language
from reversi.ui.drivers.study import Evaluation, MoveReview, review_marks
from reversi.ui.move_list import render_move_list
from reversi.ui.review import (
    better_squares,
    move_list_marks,
    review_note,
    review_sentence,
    review_words,
    reviewed_node,
)

#: Black's g2 at ply 11 (move 6) hands White the h1 corner.
GAME = "f5d6c3d3c4f4f6f3e6e7g2"


def valued(game: Game, losses: dict[int, int], exact: bool = False) -> dict[Position, Evaluation]:
    """Every main-line position valued: the move played at ply ``p`` loses ``losses[p]`` discs."""
    return made_up_evaluations(game, losses, exact)


def test_the_review_speaks_of_the_move_shown_and_rings_its_better_move_for_its_player() -> None:
    game = play_transcript(Position.start(Rules()), GAME)
    evals = valued(game, {11: 14})
    marks = review_marks(game, evals)
    before_g2 = game.main_line()[10].position
    best = evals[before_g2].best[0]
    # the position after g2 (the move selected): the alternative to g2, Black's, "instead of g2"
    assert reviewed_node(game) is game.current and game.current.depth == 11
    better = better_squares(game, marks)
    assert better is not None and better.squares == {best} and better.side == 0 and better.instead_of == "g2"
    assert review_note(game, marks) == f"6. Black g2, a blunder: loses about 14 discs; {best} was best"
    # one move back (after White's e7, which lost nothing): no ring, and nothing of g2's
    game.go_to(10)
    assert better_squares(game, marks) is None
    assert review_note(game, marks) == "5. White e7, the best move"
    game.go_to(0)
    assert better_squares(game, marks) is None and "Select a move" in review_note(game, marks)
    # the move list: the blunder's accessible name says what it lost and what was best
    labels = move_list_marks(game, marks)
    assert labels == {11: ("blunder", f"a blunder: loses about 14 discs; {best} was best")}
    listing = ET.fromstring(f"<div>{render_move_list(game, ('Black', 'White'), labels)}</div>")
    g2 = listing.find(".//*[@data-ply='11']")
    assert g2 is not None and "blunder" in str(g2.get("class"))
    assert g2.get("aria-label") == f"6. Black g2, a blunder: loses about 14 discs; {best} was best"
    assert listing.find(".//*[@data-ply='10']").get("aria-label") == "5. White e7"  # a good move: just the move


def test_exact_values_anti_and_small_losses_are_said_as_they_are() -> None:
    review = MoveReview(9, 6, True, ("c3",), "b4")
    assert review_words(review, anti=False) == "a mistake: loses 6 discs; c3 was best"
    assert review_words(review, anti=True) == "a mistake: ends 6 discs worse; c3 was best"  # fewer discs win
    assert review_words(MoveReview(9, 1, False, ("c3", "d2"), "b4"), anti=False) == \
        "loses about 1 disc; c3, d2 were best"
    assert review_words(MoveReview(9, 0, True, ("c3", "b4"), "b4"), anti=False) == "one of the best moves"
    assert review_words(MoveReview(9, 0, False, ("c3",), "b4"), anti=False) == "within a disc of the best (c3)"
    assert review_words(review, anti=False, best=False) == "a mistake: loses 6 discs"  # Practise: no answer given
    # an Anti game's review and its board marks
    game = play_transcript(Position.start(Rules(anti=True)), "f5d6c3")
    marks = review_marks(game, valued(game, {2: 5}, exact=True))
    game.go_to(2)
    assert review_sentence(game, game.current, marks[2]).startswith("1. White d6, a mistake: ends 5 discs worse; ")
    assert better_squares(game, marks) is not None and better_squares(game, marks).side == 1


def test_after_a_forced_pass_the_review_speaks_of_the_move_before_it() -> None:
    rules = Rules()
    game = Game(rules)
    game.play_all(find_game_with_pass(rules))
    assert game.current.move == PASS and game.current.was_forced_pass  # the game stands after the pass
    mover = game.current.parent
    marks = review_marks(game, valued(game, {mover.depth: 12}))
    assert reviewed_node(game) is mover
    better = better_squares(game, marks)
    assert better is not None and better.side == mover.parent.position.turn
    assert better.instead_of == move_name(mover.move, rules.geometry)
    assert review_note(game, marks).startswith(f"{(mover.depth + 1) // 2}. ")  # Black started: plies 2k-1, 2k


def test_the_loss_is_in_the_right_plural_in_every_language() -> None:
    def said(loss: int) -> str:
        return review_words(MoveReview(3, loss, True, ("c3",), "b4"), anti=False, best=False)

    set_language("cs")  # the test's language is put back by conftest
    assert [said(n).rsplit(" ", 1)[1] for n in (1, 3, 5, 22)] == ["kámen", "kameny", "kamenů", "kamenů"]
    set_language("pl")
    assert [said(n).rsplit(" ", 1)[1] for n in (1, 3, 5, 22)] == ["pion", "piony", "pionów", "piony"]
    set_language("da")
    assert [said(n).rsplit(" ", 1)[1] for n in (1, 3)] == ["brik", "brikker"]
    assert said(12).startswith("en bommert: taber 12")


def test_random_games_ring_only_empty_squares_the_mover_could_play() -> None:
    """Whatever the game, the ring is on a square that was a legal move before the move shown,
    is empty after it, and is never the move played."""
    rng = random.Random(5)
    for rules in (Rules(), Rules(anti=True), Rules(size=6)):
        game = Game(rules)
        while not game.position.is_over:
            legal = game.position.legal_moves()
            game.play(rng.choice(legal) if legal else PASS)
        evals = valued(game, {ply: rng.choice((0, 2, 5, 12)) for ply in range(1, game.ply + 1)})
        marks = review_marks(game, evals)
        g = rules.geometry
        for ply in range(game.ply + 1):
            game.go_to(ply)
            better = better_squares(game, marks)
            if better is None:
                continue
            node = reviewed_node(game)
            assert node is not None and node.parent is not None
            before, after = node.parent.position, game.current.position
            for name in better.squares:
                square = g.parse_square(name)
                assert before.legal >> square & 1 and after.empty >> square & 1 and name != better.instead_of
            assert better.side == before.turn


def test_the_board_draws_the_better_move_in_the_colour_of_the_side_that_should_have_played_it() -> None:
    from dataclasses import replace

    from reversi.ui.controller import Controller

    c = Controller()
    c.load_game(play_transcript(Position.start(Rules("classic")), "d4e4"))  # Classic: White is drawn red
    view = replace(c.board_view(), better=frozenset({"d5"}), better_side=1, better_instead="e4")
    from reversi.drawing.render import render_board

    svg = render_board(view)
    square = svg[svg.index('data-square="d5"'):]
    square = square[:square.index("</g>")]
    assert 'data-better="true"' in square and "better move instead of e4" in square
    assert 'class="better-disc"' in square and 'url(#disc-red)' in square  # White's disc, in Classic's red
    assert 'class="better-ring"' in square


def test_an_anti_puzzle_says_a_worse_move_ends_worse_not_that_it_loses_discs() -> None:
    from reversi.ui.embed.puzzle import Puzzle, PuzzleState

    said = {True: "ends 3 discs worse than the best move", False: "loses 3 discs against the best move"}
    for anti, words in said.items():
        start = Position.start(Rules(anti=anti))
        first, second, *rest = start.legal_moves()
        losses = {first: 0, second: 3, **{m: 5 for m in rest}}
        state = PuzzleState(Puzzle(losses, (), True), start)
        assert state.try_move(second) and state.feedback.startswith(f"{start.rules.geometry.name(second)} {words}.")
