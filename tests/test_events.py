"""What the controller's intents did, as events (reversi/ui/events.py, Controller.take_events), under CPython.

The page takes the queue once per redraw; the announcements, the sound, the clock and the
recent games follow it (tests/test_session.py, tests/test_timing.py and the browser tests
show what they make of it).
"""

from __future__ import annotations

from support import find_game_with_pass

from reversi.core.clock import TimeControl
from reversi.core.position import PASS
from reversi.core.rules import BLACK, WHITE, Rules
from reversi.formats.notation import play_transcript
from reversi.ui.clocks import GameTimer
from reversi.ui.controller import Controller
from reversi.ui.events import COMPUTER, PERSON, Event, EventKind, first_shown
from reversi.ui.forms import FORM_DEFAULTS
from reversi.ui.players import Players
from reversi.ui.store.recent_games import changes_record
from reversi.ui.turns import ai_request, ai_token


def kinds(c: Controller) -> list[EventKind]:
    return [e.kind for e in c.take_events()]


def two() -> Controller:
    c = Controller(players=Players())
    c.take_events()
    return c


def test_a_new_controller_has_one_event_its_game_and_the_queue_is_taken_once() -> None:
    c = Controller()
    events = c.take_events()
    assert [e.kind for e in events] == [EventKind.STARTED]
    assert events[0].before is None and events[0].after is c.game.root and events[0].replaces_game
    assert c.take_events() == ()  # taken: the next redraw gets only what happens next


def test_a_move_says_which_node_who_played_it_and_whether_the_tree_changed() -> None:
    c = two()
    root = c.game.current
    assert c.click("f5")
    (moved,) = c.take_events()
    assert moved.kind is EventKind.MOVED and moved.by == PERSON and moved.live and moved.changed_tree
    assert moved.before is root and moved.after is c.game.current and moved.node is c.game.current
    assert moved.node is not None and moved.node.move == c.rules.geometry.parse_square("f5")
    assert c.undo() and c.click("f5")  # the same move again: it follows the line already there
    undone, again = c.take_events()
    assert undone.kind is EventKind.UNDONE and undone.after is root
    assert again.kind is EventKind.MOVED and not again.changed_tree
    assert c.go_to(0) and c.click("d3")  # browsing: a variation, not a move of the game
    browsed, variation = c.take_events()
    assert browsed.kind is EventKind.BROWSED and browsed.after is root
    assert variation.kind is EventKind.MOVED and not variation.live and variation.changed_tree


def test_a_forced_pass_is_the_after_of_the_move_before_it() -> None:
    moves = find_game_with_pass(Rules())  # a game whose last move leaves the other side no move
    c = two()
    for move in moves[:-1]:
        assert c.place(move)
    c.take_events()
    assert c.place(moves[-1])
    (moved,) = c.take_events()
    assert moved.node is not None and moved.node.move == moves[-1]
    assert moved.after is c.game.current and c.game.current.move == PASS and moved.after.parent is moved.node


def test_the_computers_move_is_by_the_computer() -> None:
    c = Controller(players=Players.vs_computer(human_side=WHITE))
    c.take_events()
    request = ai_request(c)
    assert request is not None
    assert c.apply_ai_move(ai_token(c), "f5")
    (moved,) = c.take_events()
    assert moved.kind is EventKind.MOVED and moved.by == COMPUTER
    assert not c.apply_ai_move(ai_token(c), "f5")  # refused (the person's turn): no event
    assert c.take_events() == ()


def test_undo_and_redo() -> None:
    c = two()
    assert not c.undo() and not c.redo() and c.take_events() == ()  # nothing to take back or play again
    c.click("f5")
    c.click("d6")
    c.take_events()
    after_two = c.game.current
    assert c.undo()
    (undone,) = c.take_events()
    assert undone.kind is EventKind.UNDONE and undone.before is after_two and undone.after is c.game.current
    assert c.redo()
    (redone,) = c.take_events()
    assert redone.kind is EventKind.REDONE and redone.after is after_two


def test_browsing() -> None:
    c = two()
    c.click("f5")
    c.click("d6")
    c.take_events()
    assert c.go_to(1) and kinds(c) == [EventKind.BROWSED]
    assert not c.go_to(1) and c.take_events() == ()  # already there
    assert c.go_to_node(c.game.root.id) and kinds(c) == [EventKind.BROWSED]
    assert not c.go_to_node(c.game.root.id) and not c.go_to_node(10_000) and c.take_events() == ()
    assert c.back_to_live() and kinds(c) == [EventKind.BROWSED]
    assert not c.back_to_live() and c.take_events() == ()


def test_variations_promoted_and_deleted() -> None:
    c = two()
    c.click("f5")
    f5 = c.game.current
    c.go_to(0)
    c.click("d3")
    c.take_events()
    assert c.promote_moves_game  # the game is at f5, in the line the promotion demotes
    assert not c.promote() and c.take_events() == ()  # not unasked
    assert c.promote(play_from=True)
    (promoted,) = c.take_events()
    assert promoted.kind is EventKind.PROMOTED and promoted.before is promoted.after
    assert not c.game.browsing and not c.promote_moves_game
    assert not c.promote() and c.take_events() == ()  # the main line already
    assert c.go_to_node(f5.id)  # the old main line, now a variation
    c.take_events()
    shown = c.game.current
    assert c.delete_variation()
    (deleted,) = c.take_events()
    assert deleted.kind is EventKind.VARIATION_DELETED and deleted.before is shown
    assert deleted.after is c.game.root
    assert not c.delete_variation() and c.take_events() == ()


def test_resigning_and_taking_it_back() -> None:
    c = two()
    c.click("f5")
    c.take_events()
    assert c.resign()
    (resigned,) = c.take_events()
    assert resigned.kind is EventKind.RESIGNED and resigned.side == WHITE and resigned.before is resigned.after
    assert not c.resign() and c.take_events() == ()  # over: nobody can
    assert c.undo() and kinds(c) == [EventKind.RESUMED]


def test_lost_on_time_once() -> None:
    c = two()
    assert c.lose_on_time(BLACK)
    (lost,) = c.take_events()
    assert lost.kind is EventKind.LOST_ON_TIME and lost.side == BLACK
    assert not c.lose_on_time(WHITE) and c.take_events() == ()  # the first flag decides


def test_new_games_loaded_games_and_the_editor() -> None:
    c = two()
    c.click("f5")
    c.take_events()
    shown = c.game.current
    c.new_game({**FORM_DEFAULTS, "players": "two"})
    (new,) = c.take_events()
    assert new.kind is EventKind.NEW_GAME and new.before is shown and new.after is c.game.root
    assert new.replaces_game
    other = play_transcript(c.position, "f5d6")
    c.load_game(other)
    (loaded,) = c.take_events()
    assert loaded.kind is EventKind.LOADED and loaded.after is other.current and loaded.replaces_game
    assert c.open_editor() and kinds(c) == [EventKind.EDITOR_OPENED]
    assert not c.open_editor() and c.take_events() == ()
    assert c.close_editor() and kinds(c) == [EventKind.EDITOR_CLOSED]
    assert not c.close_editor() and c.take_events() == ()
    c.open_editor()
    c.take_events()
    assert c.close_editor(play=True)
    (set_up,) = c.take_events()
    assert set_up.kind is EventKind.SET_UP and set_up.replaces_game and set_up.after is c.game.root


def test_the_board_turned() -> None:
    c = two()
    assert c.rotate() and kinds(c) == [EventKind.TURNED]
    assert c.rotate() and kinds(c) == [EventKind.TURNED]
    # a game as White against the computer faces the person: a new game, then the board turned
    c.new_game({**FORM_DEFAULTS, "players": "computer", "you": "white"})
    assert kinds(c) == [EventKind.NEW_GAME, EventKind.TURNED] and c.rotated
    assert c.set_preference("face_white", False) and c.take_events() == ()  # it stays as it is
    assert c.set_preference("face_white", True) and c.take_events() == ()  # turned already


def test_who_plays_changed_as_a_record_names_it() -> None:
    c = two()
    c.set_players(Players(levels=(1, 2)))
    assert c.take_events() == ()  # still two people
    c.set_players(Players.vs_computer())
    assert kinds(c) == [EventKind.PLAYERS]
    assert c.play_two_players() and kinds(c) == [EventKind.PLAYERS]
    assert not c.play_two_players() and c.take_events() == ()
    c.load_settings({"players": Players.computers().to_dict()})
    assert kinds(c) == [EventKind.PLAYERS]


def test_intents_that_change_nothing_the_observers_follow_record_nothing() -> None:
    c = two()
    assert not c.click("z9") and not c.click("a1")  # not a square; not legal
    assert c.toggle_hints() and c.toggle_marking() and c.toggle_values()
    assert c.move_cursor(1, 0) and c.set_comment("") is False
    assert c.take_events() == ()


def test_the_position_shown_before_a_redraws_events() -> None:
    c = two()
    root = c.game.root
    assert first_shown((), root) is root  # no event: the board did not move
    c.click("f5")
    c.click("d6")
    events = c.take_events()
    assert first_shown(events, c.game.current) is root  # the way to announce: both moves
    c.resign()
    assert first_shown(c.take_events(), c.game.current) is c.game.current  # the board did not move


def test_what_changes_a_recent_games_entry() -> None:
    c = Controller(players=Players())
    assert all(changes_record(e) for e in c.take_events())  # the first game is written
    c.click("f5")
    assert all(changes_record(e) for e in c.take_events())
    c.undo()
    c.click("f5")  # follows the line already there
    c.go_to(0)
    c.rotate()
    c.set_comment("a comment")
    assert not any(changes_record(e) for e in c.take_events())
    c.click("d3")  # a new variation
    assert all(changes_record(e) for e in c.take_events())
    assert c.promote(play_from=True)
    assert all(changes_record(e) for e in c.take_events())
    c.go_to(0)
    c.click("f5")
    c.take_events()
    c.delete_variation()
    c.resign()
    assert not any(changes_record(e) for e in c.take_events())
    c.set_players(Players.vs_computer())
    assert [changes_record(e) for e in c.take_events()] == [True]


def test_a_rematch_gets_the_forms_clock_the_first_game_none() -> None:
    c = Controller(players=Players())
    c.form_fields = {**FORM_DEFAULTS, "clock": "60+1"}
    timer = GameTimer(c)
    assert timer.follow(0.0, c.take_events()) == "" and timer.clock is None  # the game the controller began with
    c.new_game(rules=c.rules, players=c.players)  # a rematch
    assert timer.follow(0.0, c.take_events()) == ""
    assert timer.clock is not None and timer.clock.control == TimeControl(60_000, 1_000)
    c.load_game(play_transcript(c.position, "f5"))
    timer.load(None)
    assert timer.follow(1.0, c.take_events()) == "" and timer.clock is None  # brought in: its own (none)


def test_events_are_values() -> None:
    c = two()
    c.click("f5")
    (moved,) = c.take_events()
    assert moved == Event(EventKind.MOVED, c.game.root, c.game.current, node=c.game.current, by=PERSON,
                          live=True, changed_tree=True)
    assert repr(moved) == f"Event(MOVED, node={c.game.current.id}, by=person)"
