"""Screen-reader news, resigning, the settings and the sounds, under CPython.

The browser half (a whole game by keyboard, the live region, the panels) is in
tests/test_access_browser.py.
"""

from __future__ import annotations

import pytest

from reversi.core.game import Game
from reversi.core.position import PASS, Position
from reversi.core.rules import BLACK, WHITE, Rules
from reversi.formats.notation import play_transcript
from reversi.ui.announce import MOST_PLIES, announcement, plies_since, ply_sentence
from reversi.ui.controller import Controller
from reversi.ui.forms import players_from_fields
from reversi.ui.players import Players
from reversi.ui.settings import PREFERENCES
from reversi.ui.sound import MOST_TICKS, move_tones

NAMES = ("Black", "White")


def vs_computer(you: str) -> Controller:
    c = Controller()
    c.new_game({"players": "computer", "you": you, "level": "1"})
    return c


# -- what is announced ----------------------------------------------------------------------


def test_a_move_is_said_with_the_discs_it_turns() -> None:
    game = Game(Rules())
    start = game.current
    game.play(game.rules.geometry.parse_square("f5"))
    assert ply_sentence(game.current, NAMES) == "Black plays f5, flipping e5"
    text = announcement(game, start, NAMES, "White to move")
    assert text == "Black plays f5, flipping e5. White to move."
    assert announcement(game, game.current, NAMES, "White to move") == ""  # nothing changed


def test_the_person_and_the_computer_in_one_announcement() -> None:
    game = Game(Rules())
    start = game.current
    g = game.rules.geometry
    for move in ("f5", "f6"):
        game.play(g.parse_square(move))
    text = announcement(game, start, NAMES, "Black to move")
    assert text.startswith("Black plays f5, flipping e5. White plays f6, flipping e5.")
    assert text.endswith("Black to move.")
    assert [n.move for n in plies_since(game, start)] == [g.parse_square("f5"), g.parse_square("f6")]


def test_a_pass_and_the_result_are_said() -> None:
    # the shortest game: nine moves, every disc Black's (the empty squares go to the winner)
    game = play_transcript(Position.start(Rules()), "f5d6c5f4e3f6g5e6e7")
    before = game.root
    assert game.position.is_over
    result = game.position.result()
    assert result is not None
    text = announcement(game, game.current.parent, NAMES, result.describe(NAMES))
    assert text.endswith("Black wins 64:0 (13:0 on the board, plus 51 empty squares for the winner).")
    assert "Black plays e7" in text
    assert plies_since(game, before) == []  # nine plies since: summed up, not read out
    summed = announcement(game, before, NAMES, result.describe(NAMES))
    # summed up as the move list names the last move (nine plies: Black's fifth move)
    assert summed == "After 5. Black e7: Black wins 64:0 (13:0 on the board, plus 51 empty squares for the winner)."


def test_a_pass_sentence() -> None:
    # random games on 4x4 (seeded): the first pass met is said as one
    import random

    rng = random.Random(7)
    for _ in range(50):
        game = Game(Rules(size=4))
        while not game.position.is_over:
            pos = game.position
            game.play(PASS if pos.must_pass else rng.choice(pos.legal_moves()))
            if game.current.move == PASS:
                side = NAMES[game.current.parent.position.turn]
                assert ply_sentence(game.current, NAMES) == f"{side} passes"
                text = announcement(game, game.current.parent, NAMES, "Black to move")
                assert text == f"{side} passes. Black to move."
                return
    raise AssertionError("no pass in fifty games")


def test_a_jump_is_summed_up() -> None:
    game = Game(Rules())
    g = game.rules.geometry
    for move in ("f5", "f6", "e6"):
        game.play(g.parse_square(move))
    end = game.current
    game.go_to(1)
    assert announcement(game, end, NAMES, "White to move") == "After 1. Black f5: White to move."
    game.go_to(0)
    assert announcement(game, end, NAMES, "Black to move") == "Black to move."
    assert announcement(game, None, NAMES, "Black to move") == "Black to move."


def test_free_opening_placements_turn_nothing() -> None:
    game = Game(Rules(free_opening=True))
    start = game.current
    game.play(game.position.legal_moves()[0])
    assert "places a disc on" in announcement(game, start, NAMES, "White to move")
    assert MOST_PLIES >= 2  # a move and the computer's answer are read out whole


# -- resigning ------------------------------------------------------------------------------


def test_resigning_against_the_computer_and_taking_it_back() -> None:
    c = vs_computer("black")
    assert c.resigner == BLACK
    c.click("f5")
    assert c.resign()
    st = c.status()
    assert st.over and st.winner == WHITE and st.message == "Black resigns: White wins"
    assert st.notice == "Undo takes the resignation back."  # one click resigns: how to take it back is said
    assert c.over and c.ai_request() is None and not c.board_view().legal  # nobody moves any more
    assert not c.resign() and c.resigner is None
    assert c.undo() and not c.over and c.resigned is None  # Undo takes the resignation back
    assert c.position.count(BLACK) == 4  # the move itself stays


def test_who_resigns() -> None:
    assert vs_computer("white").resigner == WHITE
    two = Controller()
    two.new_game({"players": "two"})
    assert two.resigner == BLACK
    two.click("f5")
    assert two.resigner == WHITE  # two people: the side to move
    cvc = Controller()
    cvc.new_game({"players": "computers"})
    assert cvc.resigner is None
    done = Controller(Rules(size=4))
    done.game = Game(start=Position(done.rules, 0b1111, 0, WHITE))
    assert done.position.is_over and done.resigner is None


# -- the settings -----------------------------------------------------------------------------


def test_playing_white_turns_the_board_to_face_you() -> None:
    c = vs_computer("white")
    assert c.rotated  # White's side is at the bottom
    c.new_game({"players": "computer", "you": "black"})
    assert not c.rotated
    c.set_preference("face_white", False)
    c.new_game({"players": "computer", "you": "white"})
    assert not c.rotated  # the setting off: the board stays as it is
    assert c.set_preference("face_white", True) and c.rotated  # turned at once
    two = Controller()
    two.rotate()
    two.new_game({"players": "two"})
    assert two.rotated  # two people: the board stays as they turned it


def test_preferences_outlive_the_page_and_refuse_junk() -> None:
    c = Controller()
    c.set_preference("disc_marks", True)
    c.set_preference("sound", True)
    saved = c.settings()
    other = Controller()
    other.load_settings(saved)
    assert other.disc_marks and other.sound and other.face_white
    other.load_settings({"sound": "yes", "disc_marks": 1, "face_white": None})
    assert other.sound and other.disc_marks and other.face_white  # not booleans: ignored
    with pytest.raises(ValueError):
        c.set_preference("volume", True)
    assert set(PREFERENCES) <= set(saved)
    assert not c.set_preference("sound", True)  # already on: no change


def test_players_from_fields_still_name_the_person() -> None:
    players = players_from_fields({"players": "computer", "you": "white"})
    assert isinstance(players, Players) and players.is_computer(BLACK) and not players.is_computer(WHITE)


# -- the sounds -------------------------------------------------------------------------------


def test_a_move_knocks_then_ticks_once_per_turned_disc() -> None:
    tones = move_tones(3)
    assert len(tones) == 4 and tones[0].frequency < tones[1].frequency
    starts = [t.start for t in tones]
    assert starts == sorted(starts) and len(set(starts)) == 4
    assert len(move_tones(20)) == 1 + MOST_TICKS  # a long line is a run, not counted
    assert len(move_tones(5, reduced_motion=True)) == 2  # no cascade
    assert len(move_tones(0)) == 1  # a free opening's placement
    passed = move_tones(0, passed=True)
    assert len(passed) == 2 and passed[1].frequency < passed[0].frequency
    assert all(0 < t.gain <= 1 and t.duration > 0 for t in (*tones, *passed))


def test_the_news_in_the_pages_language() -> None:
    from reversi import i18n

    i18n.set_language("pl")
    try:
        c = Controller()
        start = c.game.current
        c.click("f5")
        st = c.status()
        text = announcement(c.game, start, st.side_names, st.message)
        assert text == "Czarne grają f5, odwracając e5. Białe na posunięciu."
        assert c.resign() and c.status().message == "Czarne poddają się: wygrywają Białe"
    finally:
        i18n.set_language("en")


def test_the_news_in_japanese_is_punctuated_the_japanese_way() -> None:
    """Japanese lists the discs with 「、」 and ends each sentence with 「。」, with no space between them."""
    from reversi import i18n

    i18n.set_language("ja")
    try:
        ja = i18n.catalog("ja")
        black, white = ja.gettext("Black"), ja.gettext("White")
        game = play_transcript(Position.start(Rules()), "f5f6e6")
        start = game.current
        game.play(game.rules.geometry.parse_square("f4"))
        status = ja.gettext("{side} to move").format(side=black)
        text = announcement(game, start, (black, white), status)
        played = ja.ngettext("{side} plays {square}, flipping {squares}", "", 2).format(
            side=white, square="f4", squares="e4\u3001f5")
        assert text == f"{played}\u3002{status}\u3002" and ". " not in text and ", " not in text
    finally:
        i18n.set_language("en")


def test_a_game_in_progress_is_asked_about() -> None:
    c = Controller()
    assert not c.in_progress  # nothing played: New game just starts
    c.click("f5")
    assert c.in_progress
    c.undo()
    assert c.in_progress  # taken back, but there to redo
    c.resign()
    assert not c.in_progress  # ended
    c.new_game()
    c.open_editor()
    assert not c.in_progress
