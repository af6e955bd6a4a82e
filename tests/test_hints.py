"""Hints (reversi/ui/drivers/hints.py) and their drawing (reversi/drawing/render.py), under CPython."""

from __future__ import annotations

import asyncio
import json
from dataclasses import replace

import pytest
from support import run

from reversi.core.rules import BLACK
from reversi.drawing.render import render_board
from reversi.engine import api as engine_api
from reversi.engine.protocol import AnalyseRequest, Limits
from reversi.ui.controller import Controller
from reversi.ui.drivers.hints import (
    HINT_ALL,
    HINT_BEST,
    HINT_EXACT_EMPTIES,
    HINT_LIMITS,
    HINT_MODES,
    HINT_SECONDS,
    HINT_THREE,
    HINT_TITLES,
    HintDriver,
    hint_label,
    hint_marks,
    hint_request,
    wants_hints,
)
from reversi.ui.forms import FORM_DEFAULTS
from reversi.ui.players import Players
from reversi.ui.turns import ai_token


def engine_analyse(calls: list):
    async def ask(request: AnalyseRequest) -> dict:
        calls.append(request)
        await asyncio.sleep(0)
        return engine_api.analyse(**{**request.to_json(), "time_limit": 0.2})

    return ask


def held_first(calls: list, gate: asyncio.Event, first_reply: dict | None = None):
    """An engine whose first request waits for ``gate`` (the worker still busy), then answers
    ``first_reply`` (or its real values); later requests answer at once."""

    async def ask(request: AnalyseRequest) -> dict:
        calls.append(request)
        if len(calls) == 1:
            await gate.wait()
            if first_reply is not None:
                return first_reply
        return engine_api.analyse(**{**request.to_json(), "time_limit": 0.1})

    return ask


def hinted(controller: Controller, driver: HintDriver) -> str:
    """The board as the page draws it with the driver's hints."""
    labels, best = driver.view()
    return render_board(replace(controller.board_view(), hints=labels, hint_best=best))


def test_labels_are_whole_discs_with_a_sign() -> None:
    assert [hint_label(v) for v in (1234, 149, 51, 49, 0, -49, -51, -1800)] == [
        "+12", "+1", "+1", "0", "0", "0", "\u22121", "\u221218",
    ]


def test_the_request_is_what_the_worker_needs() -> None:
    c = Controller()
    c.click("f5")
    request = hint_request(c)
    assert request.moves == "f5" and request.limits == HINT_LIMITS == Limits(seconds=HINT_SECONDS, exact_empties=14)
    args = request.to_json()
    assert args["time_limit"] == HINT_SECONDS and args["exact_empties"] == HINT_EXACT_EMPTIES and "level" not in args
    assert AnalyseRequest.from_json(json.loads(json.dumps(args))) == request
    reply = engine_api.analyse(**json.loads(json.dumps({**args, "time_limit": 0.1})))
    assert set(reply["scores"]) == {"d6", "f6", "f4"}  # White's replies to f5


def test_hints_come_for_the_persons_position_and_are_drawn() -> None:
    async def scenario():
        c = Controller(players=Players())  # two people
        calls: list = []
        changes: list = []
        d = HintDriver(c, engine_analyse(calls), on_change=lambda: changes.append(1))
        assert d.poke() is None and not calls  # hints are off
        assert c.toggle_hints() and c.show_hints
        assert d.waiting()
        task = d.poke()
        assert task is not None and d.poke() is None  # one request at a time
        await task
        assert changes == [1] and not d.waiting()
        assert set(d.current()) == {"d3", "c4", "f5", "e6"}
        names = c.rules.display_side_names()
        assert d.legend(names).startswith("Hints: Black's final disc difference after each move shown")
        labels, best = d.view()
        assert len(labels) == 4 and best  # the four openings are symmetric: all best
        svg = hinted(c, d)
        assert svg.count('class="hint best"') == len(best) and svg.count('class="dot"') == 0
        assert "f5, empty, legal move, value " in svg
        assert d.poke() is None  # known: not asked again
        # a move: the old values go, new ones are asked for White
        c.click("f5")
        assert d.current() == {} and d.waiting() and d.legend(names) == ""  # nothing shown: nothing to explain
        await d.poke()
        assert set(d.current()) == {"d6", "f6", "f4"} and len(calls) == 2
        assert "White's" in d.legend(names)
        # off: nothing shown, the dots are back
        c.toggle_hints()
        assert d.view() == ((), frozenset()) and 'class="hint' not in hinted(c, d)

    run(scenario())


def test_a_stale_reply_is_dropped_and_the_new_position_asked() -> None:
    async def scenario():
        c = Controller(players=Players())
        c.toggle_hints()
        gate = asyncio.Event()
        calls: list = []
        d = HintDriver(c, held_first(calls, gate))
        first = d.poke()
        await asyncio.sleep(0)
        c.click("f5")  # moved while the engine worked on the start position
        gate.set()
        await first
        assert d.dropped == 1 and d.current() == {}
        await d.poke()
        assert set(d.current()) == {"d6", "f6", "f4"}
        assert calls[1].moves == "f5"

    run(scenario())


def test_no_hints_on_the_computers_turn_nor_while_it_thinks() -> None:
    async def scenario():
        c = Controller(players=Players.vs_computer(BLACK, 1))
        c.toggle_hints()
        calls: list = []
        d = HintDriver(c, engine_analyse(calls))
        assert wants_hints(c)
        assert d.poke(busy=True) is None  # the computer's request runs: wait for it
        c.click("f5")  # now the computer is to move
        assert not wants_hints(c) and d.poke() is None and not d.waiting()
        assert not calls

    run(scenario())


def test_engine_errors_become_a_message_and_are_not_retried() -> None:
    async def scenario():
        c = Controller(players=Players())
        c.toggle_hints()
        calls: list = []

        async def ask(args):
            calls.append(args)
            return {"error": "out of time"}

        d = HintDriver(c, ask)
        await d.poke()
        assert d.current() == {} and "out of time" in d.current_error()
        assert d.poke() is None and len(calls) == 1 and not d.waiting()
        c.click("f5")
        assert d.current_error() == ""  # about the old position only

    run(scenario())


def test_the_choice_is_remembered_with_the_settings() -> None:
    c = Controller()
    c.toggle_hints()
    settings = c.settings()
    assert settings["hints"] is True
    other = Controller()
    other.load_settings(json.loads(json.dumps(settings)))
    assert other.show_hints
    other.load_settings({"hints": "yes"})  # not a boolean: ignored
    assert other.show_hints
    other.load_settings({**settings, "hints": False, "form": dict(FORM_DEFAULTS)})
    assert not other.show_hints


def test_an_abandoned_request_is_forgotten_and_its_late_reply_ignored() -> None:
    async def scenario():
        c = Controller(players=Players())
        c.toggle_hints()
        gate = asyncio.Event()
        calls: list = []
        # the stopped worker never answers (or late)
        d = HintDriver(c, held_first(calls, gate, {"scores": {"f5": 9900}}))
        first = d.poke()
        await asyncio.sleep(0)
        d.abandon()
        assert d.pending is None and d.dropped == 1 and d.waiting()
        await d.poke()  # asked again, of the new worker
        assert set(d.current()) == {"d3", "c4", "f5", "e6"}
        kept = dict(d.current())
        gate.set()
        await first
        assert d.current() == kept and d.replies == 1  # the late reply changed nothing

    run(scenario())


def test_the_boards_hints_state() -> None:
    async def scenario():
        c = Controller(players=Players())
        gate = asyncio.Event()
        calls: list = []
        d = HintDriver(c, held_first(calls, gate, {"scores": {"f5": 100}, "exact": True}))
        assert d.board_state() == "off"
        c.toggle_hints()
        assert d.board_state() == "waiting"
        first = d.poke()
        await asyncio.sleep(0)
        assert d.board_state() == "waiting"  # being worked out
        gate.set()
        await first
        assert d.board_state() == "exact" and d.current() == {"f5": 100}
        c.click("f5")
        await d.poke()
        assert d.board_state() == "shown"
        c.players = Players.vs_computer(BLACK, 1)  # the computer's turn now: no hints due
        assert d.board_state() == "none"

    run(scenario())


def test_moves_whose_shown_values_are_equal_are_marked_alike() -> None:
    """The gold goes by the value shown: +4 and +4 (raw 380 and 420) are both best; +3 is not."""
    c = Controller(players=Players())
    c.toggle_hints()
    d = HintDriver(c)
    d.token = ai_token(c)
    d.scores = {"d3": 420, "c4": 380, "f5": 300, "e6": -50}
    labels, best = d.view()
    assert dict(labels) == {"d3": "+4", "c4": "+4", "f5": "+3", "e6": "0"}
    assert best == {"d3", "c4"}


def test_the_hint_modes_show_every_move_the_best_only_or_the_three_best() -> None:
    """Every move with its value; the best only (every move tied for it, by the value shown); the
    three best (more where moves tie with the third). The gold is the best's in every mode."""
    scores = {"a1": 420, "b1": 380, "c1": 300, "d1": 260, "e1": 240, "f1": -50}
    labels, best = hint_marks(scores, HINT_ALL)
    assert dict(labels) == {"a1": "+4", "b1": "+4", "c1": "+3", "d1": "+3", "e1": "+2", "f1": "0"}
    assert best == {"a1", "b1"}
    labels, best = hint_marks(scores, HINT_BEST)
    assert dict(labels) == {"a1": "+4", "b1": "+4"} and best == {"a1", "b1"}
    labels, best = hint_marks(scores, HINT_THREE)
    assert dict(labels) == {"a1": "+4", "b1": "+4", "c1": "+3", "d1": "+3"}  # d1 ties with the third
    assert best == {"a1", "b1"}
    few = {"a1": 100, "b1": -300}
    assert dict(hint_marks(few, HINT_THREE)[0]) == {"a1": "+1", "b1": "\u22123"}  # fewer than three moves
    assert dict(hint_marks(few, HINT_BEST)[0]) == {"a1": "+1"}
    assert hint_marks({}, HINT_BEST) == ((), frozenset())
    with pytest.raises(ValueError, match="hint mode"):
        hint_marks(scores, "loud")
    assert set(HINT_TITLES) == set(HINT_MODES)


def test_the_board_and_its_labels_follow_the_hint_mode() -> None:
    """With the best only, the other legal moves keep their dots and say no value; the driver reads
    the controller's mode; the mode is remembered with the settings (old settings have none)."""
    c = Controller(players=Players())
    c.toggle_hints()
    d = HintDriver(c)
    d.token = ai_token(c)
    d.scores = {"d3": 420, "c4": 380, "f5": 300, "e6": -50}
    assert c.hint_mode == HINT_ALL and len(d.view()[0]) == 4
    assert c.set_hint_mode(HINT_BEST) and not c.set_hint_mode(HINT_BEST)
    svg = hinted(c, d)
    assert svg.count('class="hint best"') == 2 and svg.count('class="hint"') == 0 and svg.count('class="dot"') == 2
    assert "d3, empty, legal move, value +4, best" in svg
    assert "f5, empty, legal move\"" in svg and "e6, empty, legal move\"" in svg  # no value said
    c.set_hint_mode(HINT_THREE)
    assert dict(d.view()[0]) == {"d3": "+4", "c4": "+4", "f5": "+3"}
    with pytest.raises(ValueError):
        c.set_hint_mode("loud")
    settings = json.loads(json.dumps(c.settings()))
    assert settings["hint_mode"] == HINT_THREE
    other = Controller()
    other.load_settings(settings)
    assert other.hint_mode == HINT_THREE
    for bad in ("loud", 3, None, ["best"]):
        other.load_settings({"hint_mode": bad})  # not a mode: ignored
        assert other.hint_mode == HINT_THREE
    old = {k: v for k, v in settings.items() if k != "hint_mode"}  # saved before the modes
    fresh = Controller()
    fresh.load_settings(old)
    assert fresh.hint_mode == HINT_ALL


@pytest.mark.parametrize("value, words", [
    ("loud", "settings.hint_mode must be all, best or three, not 'loud'"),
    (3, "not the number 3"), (None, "not null"), (True, "not true/false"), (["best"], "not a list"),
    ("x" * 500, "not 'xxxx"),
])
def test_a_bad_stored_hint_mode_is_refused_and_named(value: object, words: str) -> None:
    from reversi.ui.store.saved_state import StateError, readable_settings, settings_from_dict

    with pytest.raises(StateError, match=r"^saved state: settings\.hint_mode") as info:
        settings_from_dict({"hint_mode": value})
    assert words in str(info.value) and len(str(info.value)) < 120
    kept, reset = readable_settings({"hint_mode": value, "hints": True})
    assert kept == {"hints": True} and len(reset) == 1 and words in reset[0]
    assert settings_from_dict({"hint_mode": "best"}) == {"hint_mode": "best"}
