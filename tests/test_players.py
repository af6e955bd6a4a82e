"""Players and the computer's turns (reversi/ui/players.py, the controller's use of it), under CPython."""

from __future__ import annotations

import asyncio
import json

import pytest
from support import FakeClock, find_game_with_pass, run

from reversi import PASS, Rules, RulesError
from reversi.core.rules import BLACK, WHITE
from reversi.engine.levels import LEVELS
from reversi.engine.protocol import Limits, MoveRequest
from reversi.formats.record import rules_to_dict
from reversi.ui import turns as pl
from reversi.ui.controller import Controller
from reversi.ui.drivers import ai as ai_driver
from reversi.ui.drivers.ai import AiDriver
from reversi.ui.forms import FORM_DEFAULTS, THINK_CHOICES, level_choices, players_from_fields
from reversi.ui.players import COMPUTER, HUMAN, Players, PlayersError
from reversi.ui.turns import ai_token

ROOT = __import__("pathlib").Path(__file__).resolve().parent.parent


def sq(name: str, rules: Rules | None = None) -> int:
    return (rules or Rules()).geometry.parse_square(name)


# -- settings and the form ---------------------------------------------------------------


@pytest.mark.parametrize(
    "fields, expected, text",
    [
        ({}, Players.vs_computer(BLACK, 5), "You (Black) vs Computer level 5 (Strong club)"),
        ({"players": "two", "level": "9"}, Players(), "Two players"),
        ({"players": "computer", "you": "black", "level": "5"}, Players.vs_computer(BLACK, 5),
         "You (Black) vs Computer level 5 (Strong club)"),
        ({"players": "computer", "you": "white", "level": "1"}, Players.vs_computer(WHITE, 1),
         "You (White) vs Computer level 1 (Beginner)"),
        ({"players": "computers", "level": "2", "level2": "7"}, Players.computers(2, 7),
         "Computer level 2 (Novice, Black) vs computer level 7 (Expert, White)"),
        ({"players": "computer", "you": "white", "level": "7", "think": "10"}, Players.vs_computer(WHITE, 7, 10.0),
         "You (White) vs Computer level 7 (Expert, 10 s a move)"),
        ({"players": "computers", "level": "3", "level2": "7", "think": "5"}, Players.computers(3, 7, 5.0),
         "Computer level 3 (Casual, Black) vs computer level 7 (Expert, 5 s a move, White)"),
    ],
)
def test_players_from_the_form(fields: dict, expected: Players, text: str) -> None:
    players = players_from_fields(fields)
    assert players == expected
    assert players.describe() == text
    assert Players.from_dict(json.loads(json.dumps(players.to_dict()))) == players


@pytest.mark.parametrize(
    "fields",
    [{"players": "robots"}, {"players": "computer", "level": "11"}, {"players": "computer", "level": "x"},
     {"players": "computer", "you": "red"}, {"players": "computers", "level2": "0"},
     {"players": "computer", "think": "soon"}, {"players": "computer", "think": "0"},
     {"players": "computers", "think": "3600"}],
)
def test_bad_players_fields_are_refused_with_a_message(fields: dict) -> None:
    with pytest.raises(PlayersError):
        players_from_fields(fields)
    with pytest.raises(RulesError):  # the controller reports it like a rules problem, shown in the form
        Controller().new_game({**FORM_DEFAULTS, **fields})


def test_labels_on_the_player_cards() -> None:
    p = Players.vs_computer(WHITE, 7)
    assert p.label(BLACK) == "Computer · Expert"
    assert p.label(WHITE) == "You"
    assert Players().label(BLACK) == ""
    assert Players.computers(1, 7).label(WHITE) == "Computer · Expert"


def test_the_form_offers_every_level_by_name() -> None:
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    assert level_choices() == [(lv.level, lv.name) for lv in LEVELS]
    for select in ("level", "level2"):
        start = html.index(f'<select name="{select}">')
        block = html[start : html.index("</select>", start)]
        for level, name in level_choices():
            assert f'<option value="{level}"' in block and f"{level} · {name}</option>" in block
    assert 'name="players" value="computer" checked' in html
    css = (ROOT / "assets" / "app.css").read_text(encoding="utf-8")
    assert f'option[value="{len(LEVELS)}"]:checked) .players-think' in css  # shown for the top level only
    start = html.index('<select name="think">')
    block = html[start : html.index("</select>", start)]
    assert block.count("<option") == len(THINK_CHOICES)
    for value, label in THINK_CHOICES:
        assert f'<option value="{value}"' in block and f">{label}</option>" in block
        assert value == "" or players_from_fields({"players": "computer", "level": "7", "think": value}).seconds


def test_settings_are_json_and_come_back() -> None:
    c = Controller()
    fields = {**FORM_DEFAULTS, "players": "computer", "you": "white", "level": "3", "size": "10"}
    c.new_game(fields)
    assert c.players == Players.vs_computer(WHITE, 3)
    settings = json.loads(json.dumps(c.settings()))
    assert settings["form"]["size"] == "10" and settings["form"]["players"] == "computer"
    fresh = Controller()
    fresh.load_settings(settings)
    assert fresh.players == c.players and fresh.form_fields == c.form_fields
    fresh.load_settings({"players": {"kinds": ["robot", "human"], "levels": [1, 1]}, "form": "nonsense"})
    assert fresh.players == c.players  # bad parts are ignored
    # a game saved when there were levels 8-10 (Expert with more time) comes back at Expert
    fresh.load_settings({"players": {"kinds": ["computer", "human"], "levels": [9, 5]}})
    assert fresh.players == Players((COMPUTER, HUMAN), (7, 5), 5.0)  # level 9 was Expert with 5 s
    for bad in ({"kinds": ["computer", "human"], "levels": [7, 7], "seconds": "x"},
                {"kinds": ["computer", "human"], "levels": [7, 7], "seconds": -1}):
        with pytest.raises(PlayersError):
            Players.from_dict(bad)
    assert players_from_fields({**FORM_DEFAULTS, "players": "computers", "level": "10", "level2": "2"}).levels == (7, 2)


# -- the request and the reply -----------------------------------------------------------


def test_no_request_on_a_persons_turn() -> None:
    c = Controller(players=Players.vs_computer(BLACK, 2))
    assert c.ai_request() is None
    assert c.click("f5")
    req = c.ai_request()
    assert req is not None and req["side"] == WHITE
    assert req["token"] == (c.game_id, 1, (sq("f5"),))
    assert req["args"] == MoveRequest(rules=Rules(), start=None, moves="f5", level=2)
    assert req["args"].to_json() == {"rules": rules_to_dict(Rules()), "start": None, "moves": "f5", "level": 2}
    # Expert's time per move goes to the worker; other levels keep their own
    c.players = Players.vs_computer(BLACK, 7, 10.0)
    assert c.ai_request()["args"].limits == Limits(seconds=10.0)
    assert c.ai_request()["args"].to_json()["time_limit"] == 10.0
    c.players = Players.vs_computer(BLACK, 6, 10.0)
    assert "time_limit" not in c.ai_request()["args"].to_json()


def test_the_request_is_what_the_worker_needs() -> None:
    from reversi.engine import api as engine_api

    rules = Rules(handicap=2, handicap_color=WHITE, blocked=("a8",))
    c = Controller(rules, players=Players.vs_computer(WHITE, 1))
    req = c.ai_request()
    assert req is not None and req["args"].to_json()["rules"]["handicap_color"] == "white"
    reply = engine_api.best_move(**req["args"].to_json(), seed=1)
    assert "error" not in reply, reply
    assert c.apply_ai_move(req["token"], reply["move"])
    assert c.game.ply == 1


def test_persons_clicks_are_ignored_while_the_computer_is_to_move() -> None:
    c = Controller(players=Players.vs_computer(WHITE, 2))  # the computer opens
    assert not c.click("f5")
    assert not c.activate() or c.game.ply == 0  # the cursor may move, no move is played
    assert c.game.ply == 0
    req = c.ai_request()
    assert c.apply_ai_move(req["token"], "f5")
    assert c.click("d6")  # now it is the person's turn


def test_a_stale_reply_is_dropped() -> None:
    c = Controller(players=Players.vs_computer(BLACK, 2))
    c.click("f5")
    req = c.ai_request()
    # a new game while the computer thinks
    c.new_game(rules=Rules())
    assert not c.apply_ai_move(req["token"], "d6")
    assert c.game.ply == 0
    # an undo while the computer thinks
    c = Controller(players=Players.vs_computer(BLACK, 2))
    c.click("f5")
    req = c.ai_request()
    assert c.undo()
    assert c.game.ply == 0 and not c.apply_ai_move(req["token"], "d6")
    # the same ply reached by another line
    c.click("d3")
    assert ai_token(c)[1] == req["token"][1] and not c.apply_ai_move(req["token"], "c3")
    # a navigation (the move list's go_to)
    c = Controller(players=Players.vs_computer(BLACK, 2))
    c.click("f5")
    req = c.ai_request()
    c.game.go_to(0)
    assert not c.apply_ai_move(req["token"], "d6")


def test_an_illegal_or_paused_reply_is_refused() -> None:
    c = Controller(players=Players.computers(1, 1))
    req = c.ai_request()
    assert not c.apply_ai_move(req["token"], "a1")
    assert not c.apply_ai_move(req["token"], "zz")
    assert not c.apply_ai_move(req["token"], "pass")
    assert c.pause()
    assert c.ai_request() is None and not c.apply_ai_move(req["token"], "f5")
    assert c.pause(False) and c.apply_ai_move(req["token"], "f5")


def test_the_computers_pass_is_recorded_and_announced() -> None:
    rules = Rules("classic")
    moves = find_game_with_pass(rules)
    # replay it with the side that passes played by the computer
    passer = None
    c = Controller(rules, players=Players())
    for m in moves:
        c.play(m)
    k = c.game.line.index(PASS)
    passer = c.game.position_at(k).turn
    c = Controller(rules, players=Players.vs_computer(1 - passer, 1))
    for m in moves:
        if c.players.is_computer(c.position.turn):
            assert c.apply_ai_move(c.ai_request()["token"], rules.geometry.name(m))
        else:
            assert c.play(m)
    assert PASS in c.game.moves
    assert "passes" in c.status().notice


# -- undo and redo against the computer ----------------------------------------------------


def play_vs(c: Controller, names: list[str]) -> None:
    for name in names:
        if c.players.is_computer(c.position.turn):
            assert c.apply_ai_move(c.ai_request()["token"], name), name
        else:
            assert c.click(name), name


def test_undo_takes_back_the_reply_too_and_redo_replays_both() -> None:
    c = Controller(players=Players.vs_computer(BLACK, 3))
    play_vs(c, ["f5", "d6", "c3", "d3"])
    assert c.game.ply == 4 and c.ai_request() is None
    assert c.undo()
    assert c.game.ply == 2 and c.position.turn == BLACK  # the person's previous turn
    assert c.undo()
    assert c.game.ply == 0
    assert not c.undo()
    assert c.redo()
    assert c.game.ply == 2 and c.position.turn == BLACK
    assert c.redo() and c.game.ply == 4
    assert not c.redo()


def test_undo_while_the_computer_thinks_takes_back_the_persons_move() -> None:
    c = Controller(players=Players.vs_computer(BLACK, 3))
    play_vs(c, ["f5", "d6", "c3"])  # the computer is to move now
    assert c.undo()
    assert c.game.ply == 2 and c.position.turn == BLACK and c.ai_request() is None


def test_undo_never_goes_before_the_persons_first_turn() -> None:
    c = Controller(players=Players.vs_computer(WHITE, 3))  # the computer opened with f5
    play_vs(c, ["f5", "d6", "c3"])
    assert c.undo() and c.game.ply == 1
    assert not c.undo() and c.game.ply == 1  # ply 0 is the computer's turn: nothing to take back


def test_undo_steps_over_the_computers_forced_passes() -> None:
    """The game records forced passes; undo against the computer lands on the person's turn."""
    rules = Rules("classic")
    moves = find_game_with_pass(rules)
    c = Controller(rules, players=Players())
    for m in moves:
        c.play(m)
    k = c.game.line.index(PASS)
    person = c.game.position_at(k).turn ^ 1  # the person moves just before the computer's pass
    c = Controller(rules, players=Players.vs_computer(person, 1))
    play_vs(c, [rules.geometry.name(m) for m in moves])
    while c.undo():
        assert c.position.turn == person and not c.players.is_computer(c.position.turn)


def test_two_players_and_computers_undo_one_move() -> None:
    c = Controller(players=Players())
    play_vs(c, ["f5", "d6"])
    assert c.undo() and c.game.ply == 1
    c = Controller(players=Players.computers(1, 1))
    play_vs(c, ["f5", "d6"])
    assert not c.paused
    assert c.undo() and c.game.ply == 1
    assert c.paused and c.ai_request() is None  # the watcher stopped them
    assert c.redo() and c.game.ply == 2


# -- the driver ------------------------------------------------------------------------------


def engine_ask(calls: list):
    from reversi.engine import api as engine_api

    async def ask(request: MoveRequest) -> dict:
        calls.append(request)
        await asyncio.sleep(0)
        return engine_api.best_move(**request.to_json(), seed=0)

    return ask


def test_driver_plays_the_computers_reply_after_the_minimum_time() -> None:
    async def scenario():
        clock = FakeClock()
        c = Controller(players=Players.vs_computer(BLACK, 1))
        changes = []
        calls: list = []
        d = AiDriver(c, engine_ask(calls), on_change=lambda: changes.append(c.game.ply), sleep=clock.sleep,
                     clock=clock)
        assert d.poke() is None  # the person's turn
        c.click("f5")
        assert d.thinking_side() == WHITE
        task = d.poke()
        assert task is not None and d.poke() is None  # one request at a time
        await task
        assert c.game.ply == 2 and changes == [2]
        assert clock.slept == [ai_driver.MIN_SECONDS_VS_HUMAN]
        assert d.thinking_side() is None and d.current_error() == ""
        assert len(calls) == 1

    run(scenario())


def test_driver_drops_a_stale_reply_and_serves_the_new_game() -> None:
    async def scenario():
        c = Controller(players=Players.computers(1, 1))
        gate = asyncio.Event()
        calls = []

        async def ask(args):
            calls.append(args)
            if len(calls) == 1:
                await gate.wait()
                return {"move": "f5"}  # the old game's answer
            return {"move": "d3"}

        clock = FakeClock()
        d = AiDriver(c, ask, on_change=lambda: c.game.ply and c.pause(), sleep=clock.sleep, clock=clock)
        first = d.poke()
        await asyncio.sleep(0)
        c.new_game({**FORM_DEFAULTS, "players": "computers", "level": "1", "level2": "1"})
        gate.set()
        await first
        assert c.game.moves[:1] != [sq("f5")]  # the stale f5 was not played
        await d.task  # the driver asked again for the new game
        assert c.game.moves == [sq("d3")] and len(calls) == 2
        assert calls[1].moves == "" and d.pending is None
        assert clock.slept == [ai_driver.MIN_SECONDS_COMPUTERS]  # only the current answer waits

    run(scenario())


def test_driver_shows_engine_errors_and_does_not_loop() -> None:
    async def scenario():
        c = Controller(players=Players.vs_computer(WHITE, 1))
        calls = []

        async def ask(args):
            calls.append(args)
            if len(calls) == 1:
                return {"error": "out of cheese"}
            raise RuntimeError("worker died")

        clock = FakeClock()
        d = AiDriver(c, ask, sleep=clock.sleep, clock=clock)
        await d.poke()
        assert "out of cheese" in d.current_error()
        assert d.thinking_side() is None
        assert d.poke() is None and len(calls) == 1  # not asked again for the same position
        c.new_game({**FORM_DEFAULTS, "players": "computer", "you": "white"})
        assert d.current_error() == ""
        await d.poke()
        assert "worker died" in d.current_error() and c.game.ply == 0

    run(scenario())


def test_worker_functions_speak_json() -> None:
    from reversi.engine import worker

    info = json.loads(worker.ping("{}"))
    assert info["ok"] and info["evaluator"] in ("patterns", "features", "hand")
    reply = json.loads(worker.best_move(json.dumps({"rules": rules_to_dict(Rules()), "moves": "f5", "level": 1})))
    assert reply["move"] in ("d6", "f6", "f4")
    assert "error" in json.loads(worker.best_move(json.dumps({"rules": {"size": 7}})))
    assert "error" in json.loads(worker.best_move("[1, 2]"))
    assert "error" in json.loads(worker.best_move("not json"))
    bench = json.loads(worker.bench(json.dumps({"positions": [Rules().geometry and
                                                              "-" * 27 + "OX------XO" + "-" * 27 + " X"],
                                                "seconds": 0.05})))
    assert bench["nodes"] > 0 and bench["nps"] > 0


def test_driver_pause_while_thinking_then_resume() -> None:
    async def scenario():
        c = Controller(players=Players.computers(1, 1))
        calls = []

        async def ask(args):
            calls.append(args)
            c.pause()  # the watcher presses Pause while the computer thinks
            return {"move": "f5"}

        clock = FakeClock()
        d = AiDriver(c, ask, sleep=clock.sleep, clock=clock)
        await d.poke()
        assert c.game.ply == 0 and d.current_error() == "" and d.dropped == 1
        assert d.poke() is None  # paused
        c.pause(False)
        c.players = Players.computers(1, 1)
        task = d.poke()
        assert task is not None  # asked again on resume
        await task
        assert c.game.ply == 0 and len(calls) == 2  # (paused again by this stub)

    run(scenario())


def test_driver_abandons_a_long_stale_request_and_ignores_its_late_reply() -> None:
    async def scenario():
        clock = FakeClock()
        c = Controller(players=Players.vs_computer(WHITE, 7, 30.0))  # the computer opens, 30 s a move
        gate = asyncio.Event()
        calls: list = []

        async def ask(args):
            calls.append(args)
            if len(calls) == 1:
                await gate.wait()  # the worker is still searching
                return {"move": "f5"}
            return {"move": "d3"}

        d = AiDriver(c, ask, sleep=clock.sleep, clock=clock)
        first = d.poke()
        await asyncio.sleep(0)
        assert calls[0].limits.seconds == 30.0
        clock.now = 1.0
        assert d.stale_seconds_left() == 0.0  # its answer is still wanted
        c.new_game({**FORM_DEFAULTS, "players": "computer", "you": "white", "level": "1"})
        assert d.stale_seconds_left() == 29.0  # no longer wanted, and it could run 29 s more
        d.abandon()  # the page stopped that worker
        assert d.pending is None and d.dropped == 1 and d.stale_seconds_left() == 0.0
        await d.poke()  # the new game's request, to the new worker
        assert c.game.moves == [sq("d3")]
        gate.set()  # the old worker's answer, if it ever came, changes nothing
        await first
        assert c.game.moves == [sq("d3")] and d.dropped == 1 and d.replies == 1 and d.pending is None
        d.abandon()  # nothing in flight: nothing to forget
        assert d.dropped == 1

    run(scenario())


def test_a_level_without_its_own_time_has_its_levels_budget() -> None:
    async def scenario():
        clock = FakeClock()
        c = Controller(players=Players.computers(1, 1))
        gate = asyncio.Event()

        async def ask(args):
            await gate.wait()
            return {"move": "f5"}

        d = AiDriver(c, ask, sleep=clock.sleep, clock=clock)
        task = d.poke()
        await asyncio.sleep(0)
        c.new_game({**FORM_DEFAULTS, "players": "two"})
        assert d.stale_seconds_left() == LEVELS[0].seconds  # level 1's own time
        gate.set()
        await task

    run(scenario())


def test_the_status_line_says_who_thinks_or_that_the_computers_are_paused() -> None:
    c = Controller(players=Players.vs_computer(BLACK, 1))
    assert pl.status_message(c, "Black to move", None) == "Black to move"
    assert pl.status_message(c, "White to move", WHITE) == "Computer is thinking…"
    c = Controller(Rules("classic"), players=Players.computers(1, 1))
    assert pl.status_message(c, "Black to move", BLACK) == "Computer (Black) is thinking…"
    assert pl.status_message(c, "Red to move", WHITE) == "Computer (Red) is thinking…"
    assert c.pause()
    assert pl.status_message(c, "Black to move", None) == "Black to move (paused)"
    c = Controller(Rules(size=4), players=Players())
    while not c.position.is_over:
        assert c.place(c.position.legal_moves()[0])
    c.players = Players.computers(1, 1)
    c.pause()
    assert pl.status_message(c, "the result", None) == "the result"  # over: not paused


def test_the_computers_move_goes_through_the_controllers_public_place() -> None:
    class Seat:
        """Any object that fits ComputerSeat: the computer's turn needs no more."""

        def __init__(self) -> None:
            self.inner = Controller(players=Players.vs_computer(WHITE, 1))
            self.placed: list[int] = []

        def __getattr__(self, name: str):
            return getattr(self.inner, name)

        def place(self, index: int) -> bool:
            self.placed.append(index)
            return self.inner.place(index)

    seat = Seat()
    request = pl.ai_request(seat)
    assert request is not None and request["side"] == BLACK
    assert pl.apply_ai_move(seat, request["token"], "f5") and seat.placed == [sq("f5")]
    assert seat.inner.game.moves == [sq("f5")]


def test_pause_is_offered_while_the_computers_game_goes_on() -> None:
    from reversi.core.game import Game
    from reversi.ui.turns import pause_offered

    c = Controller(players=Players.computers(1, 1))
    assert pause_offered(c)
    game = Game(Rules(size=4))
    while not game.position.is_over:
        game.play(game.position.legal_moves()[0])
    c.load_game(game)
    assert not pause_offered(c)  # nothing to pause once the game has ended
    assert not pause_offered(Controller(players=Players()))
