"""Is the computer there? (reversi/ui/drivers/health.py), the requests' deadlines and failures
(reversi/ui/drivers/requests.py), and Play two-player (reversi/ui/controller.py), under CPython."""

from __future__ import annotations

import asyncio

from support import Board, FakeClock, Recorder, Worker, run

from reversi.core.rules import WHITE
from reversi.engine.levels import get_level
from reversi.engine.protocol import AnalyseRequest, Limits, MoveRequest, PingRequest, Request
from reversi.ui.controller import Controller
from reversi.ui.drivers.ai import AiDriver
from reversi.ui.drivers.health import (
    ACTION_RETRY,
    ACTION_TWO_PLAYERS,
    BOOT_SECONDS,
    HINTS_UNAVAILABLE,
    READY,
    STARTING,
    EngineHealth,
    boot_reason,
    script_reason,
)
from reversi.ui.drivers.hints import HINT_SECONDS, HintDriver
from reversi.ui.drivers.requests import REPLY_MARGIN_SECONDS
from reversi.ui.forms import FORM_DEFAULTS
from reversi.ui.players import Players


def test_a_boot_that_takes_too_long_is_given_up() -> None:
    clock = FakeClock(start=100.0)
    health = EngineHealth(clock)
    assert health.state == STARTING and health.verdict(()) == ""  # the first boot has not begun
    attempt = health.boot()
    clock.now += BOOT_SECONDS - 1
    assert health.verdict(()) == ""
    clock.now += 2
    reason = health.verdict(())
    assert str(reason) == f"It did not start within {BOOT_SECONDS:g} seconds."
    health.down(reason)
    assert health.unavailable and not health.is_current(attempt)  # its late success is ignored
    again = health.boot()
    assert health.is_current(again) and not health.is_current(attempt)
    health.up()
    assert health.state == READY and not health.is_current(again)


def test_the_notice_offers_retry_and_two_players_while_the_computer_is_needed() -> None:
    health = EngineHealth(FakeClock(start=100.0))
    assert health.notice(needed=True) is None and health.hints_title() == ""
    health.down(script_reason())
    notice = health.notice(needed=True)
    assert notice is not None and notice.key == "engine"
    assert notice.text == "The computer is unavailable. Its script could not be loaded. Your game is kept."
    assert [(a.name, a.label) for a in notice.actions] == [(ACTION_RETRY, "Retry"),
                                                            (ACTION_TWO_PLAYERS, "Play two-player")]
    assert health.notice(needed=False) is None  # two people, no hints: nothing is missing
    assert health.hints_title() == HINTS_UNAVAILABLE == "Hints need the computer, which is unavailable."
    assert health.thinking(1) is None and health.board_hints("waiting") == "none"
    assert health.board_hints("off") == "off"
    health.boot()
    assert health.thinking(1) == 1 and health.board_hints("waiting") == "waiting"


def test_reasons_are_sentences() -> None:
    assert str(script_reason(404)) == "Its script could not be loaded (the server answered 404)."
    assert str(boot_reason("RuntimeError: no wasm.")) == "It could not start: RuntimeError: no wasm."
    assert str(boot_reason("")) == "It could not start: no reason given."


def test_a_reply_is_overdue_after_its_budget_and_the_margin() -> None:
    async def scenario():
        board, worker, clock = Board(), Worker(), FakeClock(start=100.0)
        d = Recorder(board, worker)
        d.clock = clock
        health = EngineHealth(clock)
        health.boot()
        health.up()
        d.send(board.token, AnalyseRequest(limits=Limits(seconds=2.0)))
        assert d.reply_seconds() == 2.0 + REPLY_MARGIN_SECONDS
        clock.now += 2.0 + REPLY_MARGIN_SECONDS
        assert not d.overdue() and health.verdict([d]) == ""
        clock.now += 0.5
        assert d.overdue()
        assert str(health.verdict([d])) == f"It did not answer within {round(2.0 + REPLY_MARGIN_SECONDS)} seconds."
        d.abandon()  # the page stops that worker
        assert not d.overdue()
        # a long budget gets a margin as long as itself
        d.send(board.token, AnalyseRequest(limits=Limits(seconds=30.0)))
        assert d.reply_seconds() == 60.0
        await asyncio.sleep(0)
        worker.release(1, {"ok": True})
        await d.task
        clock.now += 1000
        assert not d.overdue()  # answered

    run(scenario())


def test_a_call_that_raises_is_a_failure_but_an_error_reply_is_not() -> None:
    async def scenario():
        board = Board()
        answers: list = [{"error": "level 99 is not a level"}, RuntimeError("the worker is gone")]

        async def ask(args):
            answer = answers.pop(0)
            if isinstance(answer, Exception):
                raise answer
            return answer

        d = Recorder(board, ask)
        health = EngineHealth()
        health.boot()
        health.up()
        await d.send(board.token, Request())
        assert d.failure == "" and health.verdict([d]) == ""  # the engine is there and refused
        await d.send(board.token, Request())
        assert d.failure == "RuntimeError: the worker is gone"
        assert str(health.verdict([d])) == "It stopped working: RuntimeError: the worker is gone."
        assert d.accepted[-1][1] == {"error": "RuntimeError: the worker is gone"}  # shown as before
        d.set_engine(None)
        assert d.failure == ""

    run(scenario())


def test_the_computers_budget_is_its_levels_time_or_the_chosen_one() -> None:
    c = Controller(players=Players.vs_computer(WHITE, 6))
    d = AiDriver(c, clock=FakeClock())
    assert d.budget_for(MoveRequest(level=6)) == get_level(6).seconds
    assert d.budget_for(MoveRequest(level=7, limits=Limits(seconds=30))) == 30.0
    h = HintDriver(c)
    assert h.budget_for(AnalyseRequest(limits=Limits(seconds=HINT_SECONDS))) == HINT_SECONDS
    assert h.budget_for(AnalyseRequest(limits=Limits())) == 0.0 and h.budget_for(PingRequest()) == 0.0


def test_a_new_engine_asks_again_where_the_old_one_failed() -> None:
    async def scenario():
        c = Controller(players=Players.vs_computer(WHITE, 1))
        clock = FakeClock()

        async def broken(args):
            raise RuntimeError("the worker is gone")

        d = AiDriver(c, broken, sleep=clock.sleep, clock=clock)
        await d.poke()
        assert d.failure and "worker is gone" in d.current_error() and d.poke() is None

        async def working(args):
            return {"move": "f5"}

        d.set_engine(working)  # Retry: a new worker
        assert d.current_error() == "" and d.task is not None
        await d.task
        assert c.game.ply == 1 and d.failure == ""

    run(scenario())


def test_play_two_players_keeps_the_game() -> None:
    c = Controller()
    c.new_game({**FORM_DEFAULTS, "players": "computer", "you": "black", "level": "3"})
    assert c.click("f5") and not c.click("d6")  # White is the computer's
    before = list(c.game.line)
    assert c.play_two_players()
    assert not c.players.any_computer and c.game.line == before and not c.paused
    assert c.form_fields["players"] == "two" and c.settings()["players"] == Players().to_dict()
    assert c.click("d6")  # a person plays White now
    assert not c.play_two_players()  # already two people


def test_the_unavailable_notice_follows_a_language_switch():
    """The reason is kept as a message, not as text: a switch after the computer went down redraws it."""
    from reversi import i18n

    health = EngineHealth(lambda: 0.0)
    health.boot()
    health.down(boot_reason(""))
    english = health.notice(needed=True)
    try:
        i18n.set_language("cs")
        czech = health.notice(needed=True)
    finally:
        i18n.set_language("en")
    assert english is not None and czech is not None
    assert "no reason given" in english.text and "no reason given" not in czech.text
    assert czech.text != english.text and czech.actions[0].label != english.actions[0].label
