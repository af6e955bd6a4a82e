"""The coach in a game against the computer (reversi/ui/drivers/coach.py): off by default; on, the
person's last move is valued once the computer has replied, and a mistake gets a note that says
what it lost and why; a good move, two people, a strong level, a stale reply say nothing."""

from __future__ import annotations

import asyncio

import pytest
from support import run

from reversi.core.game import Game
from reversi.core.rules import BLACK, WHITE
from reversi.engine import api as engine_api
from reversi.engine.protocol import AnalyseRequest
from reversi.formats.notation import parse_position
from reversi.i18n import set_language
from reversi.ui.controller import Controller
from reversi.ui.drivers.coach import COACH_MOST_LEVEL, CoachDriver, coached_game, judged_move
from reversi.ui.drivers.study import MISTAKE_DISCS
from reversi.ui.players import Players
from reversi.ui.settings import PREFERENCES


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def real_engine(calls: list):
    async def ask(request: AnalyseRequest) -> dict:
        calls.append(request)
        await asyncio.sleep(0)
        return engine_api.analyse(**{**request.to_json(), "time_limit": 0.3})

    return ask


def made_up(calls: list, scores: dict[str, int]):
    """An engine that values the moves as ``scores`` say (centidiscs for the side to move)."""

    async def ask(request: AnalyseRequest) -> dict:
        calls.append(request)
        await asyncio.sleep(0)
        best = max(scores.values())
        return {"scores": scores, "best": [k for k, v in scores.items() if v == best], "exact": False}

    return ask


def coached(players: Players, start: str | None = None) -> Controller:
    c = Controller(players=players)
    if start is not None:
        c.load_game(Game(start=parse_position(start)))
    c.set_preference("coach", True)
    return c


def after_f5_d6(losses: dict[str, int], coach: bool = True) -> tuple[Controller, CoachDriver, list]:
    """A person (Black) against the computer at level 1 after f5 and the computer's d6, and a coach
    whose made-up engine values f5 ``losses["f5"]`` centidiscs below the other openings."""
    c = coached(Players.vs_computer(BLACK, 1)) if coach else Controller(players=Players.vs_computer(BLACK, 1))
    calls: list = []
    d = CoachDriver(c, made_up(calls, {"d3": 0, "c4": 0, "e6": 0, **losses}))
    c.click("f5")
    computer_plays(c, "d6")
    return c, d, calls


def computer_plays(c: Controller, name: str) -> None:
    assert c.players.is_computer(c.position.turn)
    assert c.place(c.rules.geometry.parse_square(name))


def test_the_coach_is_a_setting_off_by_default_and_remembered():
    c = Controller(players=Players.vs_computer(BLACK, 1))
    assert "coach" in PREFERENCES and c.coach is False
    assert c.settings()["coach"] is False
    assert c.set_preference("coach", True) and c.settings()["coach"] is True
    other = Controller()
    other.load_settings(c.settings())
    assert other.coach is True
    other.load_settings({"coach": "yes"})  # not a boolean: ignored
    assert other.coach is True


def test_off_it_asks_nothing_and_says_nothing():
    async def scenario():
        _c, d, calls = after_f5_d6({"f5": -800}, coach=False)
        assert d.poke() is None and not calls and d.note() == "" and not d.waiting()

    run(scenario())


def test_a_mistake_gets_a_note_after_the_computers_reply_and_the_next_move_drops_it():
    async def scenario():
        c = coached(Players.vs_computer(BLACK, 1))
        calls: list = []
        d = CoachDriver(c, made_up(calls, {"f5": -800, "d3": 0, "c4": 0, "e6": 0}))
        c.click("f5")
        assert judged_move(c) is None and d.poke() is None  # the computer replies first
        computer_plays(c, "d6")
        assert d.waiting()
        assert d.poke(busy=True) is None  # the hints or the computer have the worker
        task = d.poke()
        assert task is not None and d.poke() is None  # one request at a time
        await task
        assert calls[0].moves == "" and calls[0].limits.seconds is not None  # the position before f5
        note = d.note()
        assert note.startswith("Coach: 1. Black f5, a mistake: loses about 8 discs; c4, d3, e6 were best")
        assert not d.waiting() and d.poke() is None  # valued once
        c.click("c5")  # the person's next move: the note goes
        assert d.note() == ""
        computer_plays(c, "f4")
        assert d.waiting()

    run(scenario())


def test_a_good_move_and_a_small_loss_say_nothing():
    async def scenario():
        _c, d, _calls = after_f5_d6({"f5": -300})
        await d.poke()
        assert d.note() == "" and not d.waiting()  # 3 discs: less than a mistake

    run(scenario())


def test_the_note_says_why_from_the_features_of_both_moves():
    async def scenario():
        # Black to move: b2 lets White's e5 bracket b2-c3-d4 from a1 (tests/test_coach.py); f6 does not
        c = coached(Players.vs_computer(BLACK, 1),
                    "--------/--------/--O-----/---X----/----O---/--------/--------/-------- X")
        calls: list = []
        d = CoachDriver(c, made_up(calls, {"b2": -1200, "f6": 0}))
        c.click("b2")
        assert c.position.turn == WHITE
        computer_plays(c, "a1")
        await d.poke()
        assert d.note() == ("Coach: 1. Black b2, a blunder: loses about 12 discs; f6 was best. "
                            "After b2, White can take the corner a1; f6 does not allow it.")

    run(scenario())


def test_the_real_engine_values_a_known_blunder():
    async def scenario():
        # Black's g2 hands White the h1 corner: about 20 discs lost (the study's own test game)
        c = coached(Players.vs_computer(BLACK, 1))
        for move in ("f5", "d6", "c3", "d3", "c4", "f4", "f6", "f3", "e6", "e7"):
            assert c.place(c.rules.geometry.parse_square(move))
        calls: list = []
        d = CoachDriver(c, real_engine(calls))
        c.click("g2")
        computer_plays(c, c.rules.geometry.name(c.position.legal_moves()[0]))
        await d.poke()
        (review,) = d.reviews.values()
        assert review is not None and review.played == "g2" and review.loss >= MISTAKE_DISCS, review
        assert d.note().startswith("Coach: 6. Black g2, a ")

    run(scenario())


def test_an_undo_goes_back_to_the_move_before_without_asking_again():
    async def scenario():
        c = coached(Players.vs_computer(BLACK, 1))
        calls: list = []
        d = CoachDriver(c, made_up(calls, {"f5": -900, "d3": 0, "c4": 0, "e6": 0, "d6": 0, "f6": 0, "f4": 0}))
        c.click("f5")
        computer_plays(c, "d6")
        await d.poke()
        first = d.note()
        c.click("c5")
        computer_plays(c, "f4")
        await d.poke()
        assert len(calls) == 2 and d.note() != first
        assert c.undo()  # the person's move and the computer's reply go back together
        assert d.note() == first and d.poke() is None and len(calls) == 2

    run(scenario())


def test_a_reply_that_comes_after_the_person_moved_on_is_dropped():
    async def scenario():
        c = coached(Players.vs_computer(BLACK, 1))
        gate = asyncio.Event()
        calls: list = []

        async def held(request: AnalyseRequest) -> dict:
            calls.append(request)
            await gate.wait()
            return {"scores": {"f5": -900, "d3": 0, "c4": 0, "e6": 0}, "best": ["d3"], "exact": False}

        d = CoachDriver(c, held)
        c.click("f5")
        computer_plays(c, "d6")
        task = d.poke()
        c.click("c5")  # moved on while the engine worked
        gate.set()
        await task
        assert d.dropped == 1 and d.note() == ""

    run(scenario())


def test_only_a_person_against_the_computer_at_the_low_levels():
    assert coached_game(Controller(players=Players.vs_computer(BLACK, COACH_MOST_LEVEL)))
    assert coached_game(Controller(players=Players.vs_computer(WHITE, 1)))
    assert not coached_game(Controller(players=Players.vs_computer(BLACK, COACH_MOST_LEVEL + 1)))
    assert not coached_game(Controller(players=Players()))  # two people
    assert not coached_game(Controller(players=Players.computers(1, 1)))

    async def scenario():
        c = coached(Players())
        calls: list = []
        d = CoachDriver(c, made_up(calls, {"f5": -900, "d3": 0, "c4": 0, "e6": 0}))
        c.click("f5")
        c.click("d6")
        assert d.poke() is None and d.note() == "" and not calls

    run(scenario())


def test_the_computer_moving_first_leaves_nothing_to_judge():
    c = coached(Players.vs_computer(WHITE, 1))
    computer_plays(c, "f5")
    assert judged_move(c) is None
