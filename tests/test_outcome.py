"""How a game ended is the core game's (a resignation, a loss on time, its last move), and it
travels: the saved state, the share link and the record file bring a resigned game back resigned."""

from __future__ import annotations

import json

import pytest

from reversi.core.game import Ending, Game, Termination
from reversi.core.rules import BLACK, WHITE
from reversi.errors import NotationError, ReversiError
from reversi.formats.links import record_from_query, record_to_query
from reversi.formats.notation import write_transcript
from reversi.formats.record import Record, ending_code, parse_ending_code, read_record, write_record
from reversi.ui.controller import Controller
from reversi.ui.players import COMPUTER, HUMAN, Players
from reversi.ui.store.saved_state import SavedState, dump_state, load_state, state_to_dict


def opened() -> Game:
    game = Game()
    for name in ("f5", "d6", "c3"):
        game.play(game.rules.geometry.parse_square(name))
    return game


def finished() -> Game:
    """A whole game of Othello: the lowest legal square every move, to the end."""
    game = Game()
    while not game.position.is_over:
        legal = game.position.legal
        game.play((legal & -legal).bit_length() - 1)
    return game


FINISHED = write_transcript(finished().moves, finished().rules.geometry)


def test_a_game_in_progress_has_no_outcome_until_it_ends() -> None:
    game = opened()
    assert game.outcome is None and game.ending is None
    assert game.end(Ending(BLACK, Termination.RESIGNATION))
    outcome = game.outcome
    assert outcome is not None and outcome.winner == WHITE and outcome.termination is Termination.RESIGNATION
    assert outcome.result is None
    assert not game.end(Ending(WHITE, Termination.TIME))  # it has ended: the first ending stays
    assert game.ending == Ending(BLACK, Termination.RESIGNATION)


def test_a_game_its_moves_ended_takes_no_ending() -> None:
    ended = finished()
    outcome = ended.outcome
    assert outcome is not None and outcome.termination is Termination.RULES and outcome.result is not None
    assert not ended.end(Ending(BLACK, Termination.TIME)) and ended.ending is None


def test_an_ending_names_a_side_and_is_not_the_rules() -> None:
    with pytest.raises(ValueError):
        Ending(2, Termination.TIME)
    with pytest.raises(ValueError):
        Ending(BLACK, Termination.RULES)


@pytest.mark.parametrize("ending", [Ending(BLACK, Termination.RESIGNATION), Ending(WHITE, Termination.TIME)])
def test_the_ending_travels_in_the_record_the_link_and_the_saved_state(ending: Ending) -> None:
    game = opened()
    game.end(ending)
    text = write_record(Record.from_game(game))
    assert f'[Termination "{ending.by.value}"]' in text
    assert f'[Loser "{"black" if ending.loser == BLACK else "white"}"]' in text
    assert read_record(text).to_game().ending == ending
    query = record_to_query(Record.from_game(game))
    assert f"e={ending_code(ending)}" in query
    assert record_from_query(query).to_game().ending == ending
    state = load_state(dump_state(SavedState(game)))
    assert state.game.ending == ending and state_to_dict(SavedState(game))["ending"] == ending_code(ending)


def test_a_game_without_an_ending_writes_none() -> None:
    game = opened()
    assert "Termination" not in write_record(Record.from_game(game))
    assert "e=" not in record_to_query(Record.from_game(game))
    assert json.loads(dump_state(SavedState(game)))["ending"] is None


@pytest.mark.parametrize("code", ["", "x", "rb ", "rx", "zb", "r" * 200, "\ud800b"])
def test_a_bad_ending_code_is_refused_with_a_message(code: str) -> None:
    with pytest.raises(NotationError, match="rb, rw, tb or tw"):
        parse_ending_code(code)


@pytest.mark.parametrize("tags,message", [
    ('[Termination "abandoned"]\n[Loser "black"]', "expected resignation or time"),
    ('[Termination "resignation"]', "needs a Loser tag"),
    ('[Termination "time"]\n[Loser "green"]', "tag Loser is 'green'"),
])
def test_a_record_with_a_bad_ending_is_refused_with_a_message(tags: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        read_record(f"{tags}\n\nf5 d6 c3\n")


def test_a_link_or_state_whose_moves_ended_the_game_takes_no_ending() -> None:
    with pytest.raises(ReversiError, match="moves end the game"):
        record_from_query(f"m={FINISHED}&e=rb")
    state = json.loads(dump_state(SavedState(finished())))
    state["ending"] = "tw"
    with pytest.raises(ReversiError, match="moves end it"):
        load_state(json.dumps(state))
    state["ending"] = 3
    with pytest.raises(ReversiError, match="ending must be"):
        load_state(json.dumps(state))


def test_an_older_saved_state_is_still_read() -> None:
    data = json.loads(dump_state(SavedState(opened())))
    del data["ending"]
    data["version"] = 2
    assert load_state(json.dumps(data)).game.ending is None


def test_the_controller_resigns_and_loses_on_time_through_the_game() -> None:
    c = Controller(players=Players((HUMAN, COMPUTER), (1, 1)))
    c.click("f5")
    c.game.play(c.rules.geometry.parse_square("d6"))  # the computer's reply
    assert c.resign() and c.resigned == BLACK and c.game.ending == Ending(BLACK, Termination.RESIGNATION)
    assert c.over and "resigns" in c.status().message
    restored = Controller(players=c.players)
    restored.load_game(load_state(dump_state(SavedState(c.game))).game)
    assert restored.over and restored.resigned == BLACK and restored.resigner is None
    assert c.undo() and c.game.ending is None and not c.over  # Undo takes a resignation back
    assert c.lose_on_time(BLACK) and c.lost_on_time == BLACK and c.game.ending.by is Termination.TIME
