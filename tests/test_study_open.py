"""A game brought in opens for study, and "Play from here" plays on from a position of it.

The one rule of :func:`reversi.ui.players.who_plays`: a game from a file, a database or the
box is played by nobody, whoever played the game on the board before; a link and a recent
game go on with the players they name. :meth:`Controller.play_from_here` is the user's choice
to play on: a game of the moves up to the position shown, with the players and clock chosen.
"""

from __future__ import annotations

import pytest

from reversi import Game, Rules, RulesError
from reversi.core.game import Ending, Termination
from reversi.core.geometry import iter_indices
from reversi.core.rules import BLACK
from reversi.ui.clocks import GameTimer
from reversi.ui.controller import Controller
from reversi.ui.events import EventKind
from reversi.ui.players import FOR_STUDY, Brought, Players, known_name, who_plays


def game_of(moves: str, rules: Rules | None = None) -> Game:
    game = Game(rules or Rules())
    g = game.rules.geometry
    game.play_all([g.parse_square(moves[k : k + 2]) for k in range(0, len(moves), 2)])
    return game


@pytest.mark.parametrize("source", sorted(FOR_STUDY, key=lambda s: s.value))
@pytest.mark.parametrize("code", ["", "hh", "hc3", "ch7", "cc15"])
def test_a_game_from_a_file_a_database_or_the_box_is_played_by_nobody(source: Brought, code: str) -> None:
    players = who_plays(source, code)
    assert players == Players() and not players.any_computer


@pytest.mark.parametrize("source", [Brought.LINK, Brought.RECENT])
def test_a_link_and_a_recent_game_go_on_with_the_players_they_name(source: Brought) -> None:
    assert who_plays(source, "hc3") == Players.vs_computer(BLACK, 3)
    assert who_plays(source, "") == Players()
    with pytest.raises(Exception, match="players"):
        who_plays(source, "hc99")


def test_every_source_has_its_rule() -> None:
    assert FOR_STUDY == {Brought.FILE, Brought.DATABASE, Brought.PASTE}
    assert set(Brought) - FOR_STUDY == {Brought.LINK, Brought.RECENT}


@pytest.mark.parametrize("name, shown", [("?", ""), (" ??? ", ""), ("-", ""), ("Unknown", ""), ("", ""),
                                          ("Saio3000", "Saio3000"), (" Tamenori ", "Tamenori"), ("?x", "?x")])
def test_a_name_a_record_does_not_know_is_not_shown(name: str, shown: str) -> None:
    assert known_name(name) == shown


# -- Play from here -------------------------------------------------------------------------------


def studied(moves: str = "f5d6c3d3c4f4c5b3c2") -> Controller:
    """A controller that played the computer, with a game from a file opened for study."""
    c = Controller(players=Players.vs_computer(BLACK, 3))
    game = game_of(moves)
    game.tags.update({"Black": "Saio3000", "White": "Tamenori", "Event": "GGS", "GGFResult": "+8"})
    c.load_game(game)
    c.set_players(who_plays(Brought.FILE, "hc3"))
    c.take_events()
    return c


def test_a_game_studied_waits_for_nobody() -> None:
    c = studied()
    assert c.ai_request() is None  # the computer does not play on a recorded game
    assert not c.players.any_computer


def test_play_from_here_plays_on_from_the_position_shown_with_the_players_chosen() -> None:
    c = studied()
    c.game.set_comment(c.game.line_nodes()[2], "a note on d6")
    c.go_to(3)  # after c3: White to move
    c.take_events()
    assert c.can_play_from_here
    assert c.play_from_here({"players": "computer", "you": "black", "level": "2", "clock": "300+3"})
    game = c.game
    assert [game.rules.geometry.name(n.move) for n in game.live.path()] == ["f5", "d6", "c3"]
    assert not game.live.children and game.current is game.live  # the game goes on from here
    assert game.line_nodes()[2].comment == "a note on d6"  # what was said of the moves kept
    assert "Black" not in game.tags and "White" not in game.tags  # the recorded players' names go
    assert game.tags.get("Event") == "GGS" and "GGFResult" not in game.tags  # the details stay, the result goes
    assert c.players == Players.vs_computer(BLACK, 2)
    assert c.form_fields["clock"] == "300+3" and c.form_fields["level"] == "2"
    kinds = [e.kind for e in c.take_events()]
    assert EventKind.PLAYED_FROM in kinds
    request = c.ai_request()
    assert request is not None  # White, the computer, is to move
    # the new-game form's rule fields are not the game's to change
    assert c.rules == Rules()


def test_play_from_here_in_a_variation_takes_its_moves() -> None:
    c = studied("f5d6c3d3")
    c.go_to(2)
    c.click("c5")  # a variation: f5 d6 c5
    assert not c.game.current.is_main
    assert c.play_from_here({"players": "two"})
    g = c.game.rules.geometry
    assert [g.name(n.move) for n in c.game.main_line()[1:]] == ["f5", "d6", "c5"]
    assert not c.game.has_variations


def test_a_refused_choice_leaves_the_game_as_it_was() -> None:
    c = studied()
    before = c.game
    for fields in ({"players": "computer", "level": "99"}, {"players": "two", "clock": "forever"}):
        with pytest.raises(RulesError):
            c.play_from_here(fields)
        assert c.game is before and c.players == Players()


def test_nothing_plays_on_from_the_end_of_a_game_or_in_the_editor() -> None:
    rules = Rules(size=4)
    c = Controller(rules, Players())
    while not c.position.is_over:
        c.place(next(iter_indices(c.position.legal)))
    assert not c.can_play_from_here and not c.play_from_here({"players": "two"})
    c.go_to(1)
    assert c.can_play_from_here
    c.open_editor()
    assert not c.can_play_from_here and not c.play_from_here({"players": "two"})


def test_a_resigned_game_plays_on_from_an_earlier_position_without_its_ending() -> None:
    c = Controller(players=Players.vs_computer(BLACK, 1))
    c.game = game_of("f5d6c3d3")
    c.game.end(Ending(BLACK, Termination.RESIGNATION))
    assert not c.in_progress
    c.go_to(2)
    assert c.play_from_here({"players": "two"})
    assert c.game.ending is None and c.in_progress and c.resigner == BLACK


def test_play_from_here_gives_the_game_the_clock_chosen() -> None:
    c = studied()
    timer = GameTimer(c)
    c.go_to(4)
    c.play_from_here({"players": "two", "clock": "60+0"})
    timer.follow(0.0, c.take_events())
    assert timer.clock is not None and timer.clock.running == c.position.turn == BLACK
    c.play_from_here({"players": "two", "clock": "none"})
    timer.follow(1.0, c.take_events())
    assert timer.clock is None


# -- the game in progress --------------------------------------------------------------------------


def test_a_finished_game_browsed_at_an_earlier_move_is_not_in_progress() -> None:
    """Load asks before it ends a game in progress; a finished game (a review) is not one."""
    c = Controller(Rules(size=4), Players())
    while not c.position.is_over:
        c.place(next(iter_indices(c.position.legal)))
    assert not c.in_progress
    c.go_to(2)
    assert not c.position.is_over and not c.in_progress
    c.back_to_live()
    c.undo()
    assert c.in_progress
