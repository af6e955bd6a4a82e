"""The game's clock and the loss on time (reversi/ui/clocks.py, Controller.lose_on_time), under CPython.

The page only reports the time (ms) and draws; these are the decisions.
"""

from __future__ import annotations

import random

import pytest

from reversi.core.clock import Clock, TimeControl
from reversi.core.rules import BLACK, WHITE, Rules
from reversi.errors import RulesError
from reversi.ui.clocks import LOW_TIME_MS, GameTimer, clock_from_fields
from reversi.ui.controller import Controller, legal_names
from reversi.ui.events import EventKind
from reversi.ui.forms import FORM_DEFAULTS
from reversi.ui.players import Players
from reversi.ui.turns import ai_request


def timed(control: str = "3+0", players: str = "two") -> tuple[Controller, GameTimer]:
    """A controller and its timer, as the page has them after a new game with ``control``."""
    c = Controller()
    timer = GameTimer(c)
    c.new_game({**FORM_DEFAULTS, "players": players, "clock": control})
    assert timer.follow(0.0, c.take_events()) == ""
    return c, timer


def test_a_new_game_gets_the_forms_clock_and_blacks_time_runs() -> None:
    c, timer = timed("300+3")
    assert timer.clock is not None and timer.clock.control == TimeControl(300_000, 3_000)
    assert timer.clock.running == BLACK
    assert c.click("f5")
    timer.follow(1_000.0, c.take_events())
    assert timer.clock.running == WHITE and timer.clock.left(BLACK, 1_000.0) == 302_000  # 1 s used, 3 s earned
    assert not timer.check(2_000.0)
    faces = timer.faces(2_000.0)
    assert faces is not None
    assert [f.running for f in faces] == [False, True] and [f.text for f in faces] == ["5:02", "4:59"]
    assert faces[1].ms == 299_000 and not faces[1].low and not faces[1].flagged


def test_no_clock_without_a_time_control() -> None:
    c, timer = timed("none")
    assert timer.clock is None and timer.faces(0.0) is None and not timer.check(10**9)
    c.click("f5")
    assert timer.follow(5.0, c.take_events()) == "" and c.lost_on_time is None


def test_a_refused_time_control_is_reported_and_the_game_has_no_clock() -> None:
    c = Controller()
    timer = GameTimer(c)
    with pytest.raises(RulesError, match="not a time control"):  # the form's: no game starts
        c.new_game({**FORM_DEFAULTS, "clock": "soon"})
    c.form_fields["clock"] = "soon"  # a remembered choice that no longer reads (saved settings)
    c.new_game(rules=c.rules, players=c.players)  # a rematch takes the remembered clock
    error = timer.follow(0.0, c.take_events())
    assert "not a time control" in error and timer.clock is None
    assert timer.follow(1.0, c.take_events()) == ""  # reported once, for the new game
    assert clock_from_fields({}) == (None, "")


def test_the_flag_falls_the_game_is_lost_on_time() -> None:
    c, timer = timed("3+0")
    c.click("f5")
    timer.follow(1_000.0, c.take_events())  # White's time runs from 1 s
    assert not timer.check(3_999.0) and c.lost_on_time is None
    assert timer.check(4_000.0)  # White's 3 s are gone: the page redraws
    assert c.lost_on_time == WHITE
    st = c.status()
    assert st.message == "White loses on time" and st.over and st.winner == BLACK and st.turn is None
    assert st.notice == "" and st.score is None
    view = c.board_view()
    assert view.legal == frozenset() and view.turn is None
    assert not c.click("d6") and c.game.ply == 1  # no more moves
    assert not timer.check(5_000.0)  # decided once: no second redraw
    faces = timer.faces(5_000.0)
    assert faces is not None and faces[1].flagged and faces[1].low and faces[1].text == "0:00.0"
    assert faces[0].ms == 2_000 and not faces[0].running  # Black's clock stopped
    timer.follow(6_000.0, c.take_events())  # a redraw after the loss: nothing runs
    assert timer.clock is not None and timer.clock.running is None


def test_a_flag_that_falls_while_browsing_brings_the_board_back_to_the_game() -> None:
    c, timer = timed("10+0")
    for name in ("f5", "d6", "c3"):
        assert c.click(name)
    timer.follow(1_000.0, c.take_events())  # White's time runs from 1 s
    end = c.game.live
    assert c.go_to(1)  # the person reads the game back: the clock goes on
    timer.follow(2_000.0, c.take_events())
    assert timer.clock is not None and timer.clock.running == WHITE and c.game.browsing
    assert timer.check(11_000.0) and c.lost_on_time == WHITE
    # the board is the game's again, where it ended: the counters and the status agree
    assert not c.game.browsing and c.game.current is end
    st = c.status()
    assert not st.browsing and st.message == "White loses on time" and st.over and st.winner == BLACK
    assert st.counts == (end.position.count(BLACK), end.position.count(WHITE))
    assert c.board_view().legal == frozenset()
    (lost,) = c.take_events()
    assert lost.kind is EventKind.LOST_ON_TIME and lost.side == WHITE
    assert lost.before is not None and lost.before.depth == 1 and lost.after is end  # the way back is told


def test_a_flag_that_falls_in_a_variation_ends_the_game_and_keeps_the_variation() -> None:
    """Browsing a variation played to its end (over there, not in the game): the flag still ends the game."""
    for seed in range(100):  # random 4x4 games: two moves, then another way from the first to its end
        rng = random.Random(seed)
        c, timer = timed("10+0")
        c.new_game({**FORM_DEFAULTS, "players": "two", "clock": "10+0", "size": "4"})
        timer.follow(0.0, c.take_events())
        for _ in range(2):
            assert c.click(rng.choice(legal_names(c.position)))
        timer.follow(1_000.0, c.take_events())  # the side to move's time runs from 1 s
        live = c.game.live
        c.go_to(1)
        while not c.position.is_over:
            c.click(rng.choice(legal_names(c.position)))
        if not c.game.current.is_main and c.game.live is live:
            break
    else:
        pytest.fail("no variation played to its end found")
    variation_end = c.game.current
    assert c.over and c.game.browsing  # the position shown is over; the game is not
    timer.follow(2_000.0, c.take_events())
    side = live.position.turn
    assert timer.check(11_000.0) and c.lost_on_time == side
    assert c.game.current is live and not c.game.browsing
    assert c.game.node(variation_end.id) is variation_end  # the variation stays in the game's tree
    assert c.status().message == f"{('Black', 'White')[side]} loses on time"


def test_the_computer_stops_and_the_hints_go_when_the_flag_falls() -> None:
    c, timer = timed("1+0", players="computers")
    assert ai_request(c) is not None
    assert timer.check(1_000.0) and c.lost_on_time == BLACK
    assert ai_request(c) is None
    assert c.status().message == "Black loses on time" and c.status().winner == WHITE


def test_a_low_clock_face() -> None:
    _, timer = timed("20+0")
    faces = timer.faces(10_001.0)
    assert faces is not None and faces[0].low and faces[0].text == "0:09.9" and not faces[1].low
    assert LOW_TIME_MS == 10_000


def test_a_game_brought_in_keeps_its_clock_and_its_fallen_flag() -> None:
    c, timer = timed("60+0")
    saved = Controller()
    saved.click("f5")
    c.load_game(saved.game)
    timer.load(Clock(TimeControl(60_000), (12_000, 0), flagged=WHITE))
    assert c.lost_on_time == WHITE and c.status().message == "White loses on time"
    assert timer.follow(0.0, c.take_events()) == "" and timer.clock is not None and timer.clock.running is None
    # a game brought in without a clock has none (the form's is not taken)
    other = Controller().game
    c.load_game(other)
    timer.load(None)
    assert timer.follow(0.0, c.take_events()) == "" and timer.clock is None and c.lost_on_time is None


def test_the_controller_decides_a_loss_on_time() -> None:
    c = Controller(players=Players())
    assert c.lose_on_time(BLACK) and c.lost_on_time == BLACK
    assert not c.lose_on_time(WHITE) and c.lost_on_time == BLACK  # the first flag decides
    assert not c.place(c.rules.geometry.parse_square("f5"))  # no move after the end
    with pytest.raises(ValueError):
        c.lose_on_time(2)
    c.new_game({**FORM_DEFAULTS, "players": "two"})
    assert c.lost_on_time is None  # a new game


def test_no_loss_on_time_after_the_game_ended_by_the_rules() -> None:
    c = Controller(Rules(size=4), players=Players())
    while not c.position.is_over:
        assert c.place(c.position.legal_moves()[0])
    assert not c.lose_on_time(BLACK) and c.lost_on_time is None
    assert "loses on time" not in c.status().message
