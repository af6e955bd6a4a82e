"""Game history: undo, redo, new lines, forced passes."""

import random

import pytest

from reversi import PASS, Game, IllegalMoveError, Position, Rules, play_transcript


def sq(name):
    return Rules().geometry.parse_square(name)


def test_undo_redo_and_new_line():
    game = Game()
    for name in ("f5", "d6", "c3"):
        game.play(sq(name))
    after3 = game.position
    assert game.undo() and game.undo()
    assert game.position == Position.start().play(sq("f5"))
    assert game.can_redo and game.redo() and game.redo()
    assert game.position == after3 and not game.can_redo
    game.undo()
    game.play(sq("c5"))  # a new line: the old continuation is dropped
    assert game.moves == [sq("f5"), sq("d6"), sq("c5")] and not game.can_redo
    while game.undo():
        pass
    assert game.ply == 0 and game.position == Position.start() and not game.can_undo
    assert not game.undo()


def test_forced_pass_is_recorded_and_undone_with_its_move():
    rules = Rules(size=4)
    for seed in range(300):
        rng = random.Random(seed)
        game = Game(rules)
        while not game.is_over:
            before = game.ply
            game.play(rng.choice(game.position.legal_moves()))
            if game.line[-1] == PASS and not game.is_over:
                assert game.ply == before + 2
                mover = game.position_at(before).turn
                game.undo()
                assert game.ply == before and game.position.turn == mover
                game.redo()
                assert game.ply == before + 2
                return
    pytest.fail("no forced pass found")


def test_illegal_moves_change_nothing():
    game = play_transcript(Position.start(), "f5d6")
    snapshot = (list(game.line), game.ply, game.position)
    for bad in (sq("a1"), sq("f5"), PASS, -7, 10_000):
        with pytest.raises(IllegalMoveError):
            game.play(bad)
        assert (game.line, game.ply, game.position) == snapshot


def test_go_to_and_positions():
    game = play_transcript(Position.start(), "f5d6c3d3c4")
    game.go_to(2)
    assert game.position == play_transcript(Position.start(), "f5d6").position
    with pytest.raises(IndexError):
        game.go_to(9)
    game.go_to(5)
    assert game.ply == 5
