"""Balanced random openings: drawn by the engine, reproducible from a seed, in the link, the form and `match`."""

from __future__ import annotations

import asyncio
import json

import pytest
from support import run

from reversi import Position, Rules
from reversi.core.game import Game
from reversi.engine import api as engine_api
from reversi.engine.balanced import (
    MAX_TRIES,
    balance_depth,
    balanced_opening,
    balanced_openings,
    most_plies,
    opening_value,
)
from reversi.engine.protocol import OpeningRequest
from reversi.errors import EngineRequestError, NotationError, RulesError
from reversi.formats.balanced_spec import TAG, BalancedSpec
from reversi.formats.links import record_from_query, record_to_query
from reversi.formats.notation import write_transcript
from reversi.formats.record import Record
from reversi.ui.controller import Controller
from reversi.ui.drivers.balanced_start import OpeningDriver
from reversi.ui.forms import FORM_DEFAULTS, balanced_from_fields, preview_fields
from reversi.ui.players import Players
from reversi.ui.turns import computer_to_move, human_to_move

RULE_SETS = [
    Rules(),
    Rules(anti=True),
    Rules("octagon"),
    Rules("classic"),
    Rules(size=10, blocked=("a1", "j10")),
    Rules(size=6),
]


def replay(rules: Rules, moves: tuple[int, ...]) -> Position:
    game = Game(rules=rules)
    game.play_all(list(moves))
    return game.position


@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda r: r.describe())
def test_an_opening_is_legal_balanced_by_the_engine_and_the_same_from_the_same_seed(rules: Rules) -> None:
    plies, within = min(8, most_plies(rules)), 3
    first = balanced_opening(rules, plies, within, seed=11)
    position = replay(rules, first.moves)  # legal: it plays
    assert len(first.moves) == plies and not position.is_over
    assert abs(first.value) <= within * 100 and first.depth == balance_depth(rules)
    assert opening_value(position, first.depth) == first.value  # the value is the engine's, checked again
    engine_api.analyse(rules=None, moves="f5d6c3", time_limit=0.05)  # another search meanwhile: no effect
    assert balanced_opening(rules, plies, within, seed=11) == first
    others = {balanced_opening(rules, plies, within, seed=s).moves for s in (12, 13, 14)}
    assert len(others | {first.moves}) >= 3  # seeds give different openings


def test_the_window_is_kept_and_lines_outside_it_are_drawn_again() -> None:
    rules = Rules()
    narrow = [balanced_opening(rules, 10, 1, seed) for seed in range(6)]
    assert all(abs(o.value) <= 100 for o in narrow)
    assert any(o.tries > 1 for o in narrow)  # some first lines were refused: the window does something
    wide = balanced_opening(rules, 10, 64, 0)
    assert wide.tries == 1  # every line is within 64 discs: the first is taken


def test_many_openings_for_a_match_are_distinct_and_a_short_one_gives_what_there_is() -> None:
    rules = Rules()
    lines = balanced_openings(rules, 6, 4, 12, seed=3)
    assert len(lines) == 12 and len({o.moves for o in lines}) == 12
    positions = {(p.black, p.white, p.turn) for p in (replay(rules, o.moves) for o in lines)}
    assert len(positions) == 12
    few = balanced_openings(rules, 1, 64, 10, seed=1)  # the first move reaches four positions only
    assert len(few) == 4


def test_bad_openings_are_refused_with_their_reason() -> None:
    with pytest.raises(NotationError, match="1 to 11"):
        balanced_opening(Rules(size=4), 12, 2)
    with pytest.raises(NotationError, match="1 to 64"):
        balanced_opening(Rules(), 8, 0)
    # the first four plies of Classic fill the centre: no line is within one disc there
    with pytest.raises(EngineRequestError, match=f"{MAX_TRIES} tries"):
        balanced_opening(Rules("classic"), 4, 1)
    for fields, message in (
        ({"plies": 0}, "plies"), ({"plies": 31}, "plies"), ({"within": 0}, "within"), ({"seed": -1}, "seed"),
        ({"seed": 2**64}, "seed"), ({"plies": "8"}, "plies"), ({"within": True}, "within"),
        ({"rules": {"variant": "go"}}, "go"),
    ):
        reply = engine_api.opening(**fields)
        assert set(reply) == {"error"} and message in reply["error"], (fields, reply)
    good = engine_api.opening(plies=6, within=4, seed=9)
    assert set(good) == {"moves", "value", "depth", "tries"}
    request = OpeningRequest(plies=6, within=4, seed=9)
    assert OpeningRequest.from_json(json.loads(json.dumps(request.to_json()))) == request


def test_the_spec_reads_back_and_travels_in_links_and_records() -> None:
    spec = BalancedSpec(8, 2, 1234)
    assert spec.text == "8.2.1234" and BalancedSpec.parse(" 8.2.1234 ") == spec
    assert BalancedSpec.parse("30.64.18446744073709551615").seed == 2**64 - 1
    for bad in ("8.2", "8.2.1.", "0.2.1", "8.0.1", "31.2.1", "8.2.18446744073709551616", "-8.2.1", "８.2.1", ""):
        with pytest.raises(NotationError):
            BalancedSpec.parse(bad)
    with pytest.raises(NotationError, match=r"a margin of -1 discs is out of range: 1 to 64"):  # not "±-1"
        BalancedSpec(8, -1, 1)
    rules = Rules()
    opening = balanced_opening(rules, 8, 2, 1234)
    game = Game(rules=rules)
    game.play_all(list(opening.moves))
    game.tags[TAG] = spec.text
    query = record_to_query(Record.from_game(game))
    assert "bo=8.2.1234" in query and "m=" + write_transcript(list(opening.moves), rules.geometry) in query
    back = record_from_query(query)
    assert back.tags[TAG] == "8.2.1234" and back.moves == list(opening.moves)
    waiting = record_from_query("bo=8.2.1234&pl=hc5")  # no moves: the page draws the opening
    assert waiting.tags[TAG] == "8.2.1234" and waiting.moves == []
    with pytest.raises(NotationError, match=r"moves\.discs\.seed"):
        record_from_query("bo=8.2&m=f5")


def test_the_form_asks_for_an_opening_and_says_what_is_wrong() -> None:
    rules = Rules()
    assert balanced_from_fields(FORM_DEFAULTS, rules) is None
    fields = {**FORM_DEFAULTS, "opening": "balanced", "opening_moves": "10", "opening_within": "3",
              "opening_seed": "77"}
    assert balanced_from_fields(fields, rules) == BalancedSpec(10, 3, 77)
    drawn = balanced_from_fields({**fields, "opening_seed": ""}, rules)
    assert drawn is not None and (drawn.plies, drawn.within) == (10, 3)  # a random seed, kept in the record
    ok, text = preview_fields({**fields, "opening_seed": ""})
    assert ok and "10 moves within ±3 discs (a random seed)" in text
    for changed, message in (
        ({"opening_moves": "x"}, "not a whole number"), ({"opening_moves": "31"}, "1 to 30"),
        ({"opening_within": "0"}, "1 to 64"), ({"opening_seed": "-5"}, "not a whole number"),
        ({"opening_seed": str(2**64)}, "seed"), ({"opening": "sideways"}, "sideways"),
        ({"size": "4", "opening_moves": "12"}, "1 to 11"),
    ):
        ok, text = preview_fields({**fields, **changed})
        assert not ok and message in text, (changed, text)
        with pytest.raises(RulesError):
            Controller().new_game({**fields, **changed})


def fake_worker(calls: list):
    async def ask(request: OpeningRequest) -> dict:
        calls.append(request)
        await asyncio.sleep(0)
        return engine_api.opening(**request.to_json())

    return ask


def poked(driver: OpeningDriver, meanwhile=lambda: None) -> bool:
    """Poke the driver and wait for its reply (``meanwhile()`` runs before the reply comes)."""

    async def go() -> bool:
        task = driver.poke()
        meanwhile()
        if task is not None:
            await task
        return task is not None

    return run(go())


def test_a_new_game_waits_for_its_opening_then_plays_it() -> None:
    c = Controller(players=Players.vs_computer(human_side=1))  # the computer plays Black, first
    fields = {**FORM_DEFAULTS, "players": "computer", "you": "white", "opening": "balanced", "opening_moves": "6",
              "opening_within": "4", "opening_seed": "5"}
    c.new_game(fields)
    assert c.opening_pending == BalancedSpec(6, 4, 5) and c.game.tags[TAG] == "6.4.5"
    assert computer_to_move(c) is None and not human_to_move(c)  # nobody moves meanwhile
    assert c.status().message == "Drawing a balanced opening…"
    assert not c.click("d3")
    calls: list = []
    driver = OpeningDriver(c, fake_worker(calls))
    assert poked(driver)
    assert len(calls) == 1 and (calls[0].plies, calls[0].within, calls[0].seed) == (6, 4, 5)
    expected = balanced_opening(Rules(), 6, 4, 5).moves
    assert tuple(c.game.moves) == expected and c.opening_pending is None and driver.error == ""
    assert not poked(driver)  # drawn once
    assert computer_to_move(c) == c.position.turn or human_to_move(c)
    # a rematch keeps the length and the window, with a new seed
    c.new_game(rules=c.rules, players=c.players)
    again = c.opening_pending
    assert again is not None and (again.plies, again.within) == (6, 4)


def test_an_opening_that_cannot_be_drawn_gives_the_usual_start_and_says_why() -> None:
    c = Controller(players=Players())
    c.new_game({**FORM_DEFAULTS, "players": "two", "variant": "classic", "opening": "balanced",
                "opening_moves": "4", "opening_within": "1", "opening_seed": "1"})
    driver = OpeningDriver(c, fake_worker([]))
    assert poked(driver)
    assert c.opening_pending is None and TAG not in c.game.tags and c.game.moves == []
    assert "tries" in driver.take_error() and driver.take_error() == ""
    assert human_to_move(c)  # the game goes on from the start
    # a reply for a game replaced meanwhile is dropped
    c.new_game({**FORM_DEFAULTS, "players": "two", "opening": "balanced", "opening_seed": "3"})
    assert poked(driver, lambda: c.new_game({**FORM_DEFAULTS, "players": "two"}))
    assert c.game.moves == [] and driver.dropped == 1
    # moves that do not fit the game are refused: nothing played, the usual start
    c.new_game({**FORM_DEFAULTS, "players": "two", "opening": "balanced", "opening_seed": "3"})
    assert not c.play_opening([c.rules.geometry.parse_square("a1")])
    assert c.opening_pending is not None and c.drop_opening() and c.opening_pending is None


def test_match_plays_balanced_openings_twice_with_colours_swapped(capsys) -> None:
    from reversi.cli.main import main
    from reversi.tools.match import Player, match

    result = match(Player.parse("depth=1"), Player.parse("depth=1"), 4, plies=6, within=3, seed=2)
    openings = [tuple(g.opening) for g in result.games]
    assert len(openings) == 4 and len(set(openings)) == 2
    assert set(openings) == {o.moves for o in balanced_openings(Rules(), 6, 3, 2, seed=2)}
    assert main(["match", "--a", "depth=1", "--b", "depth=1", "--games", "2", "--plies", "6", "--balanced", "3",
                 "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 2
    assert main(["match", "--games", "2", "--balanced", "0"]) == 2
    assert "1 to 64" in capsys.readouterr().err


def test_an_opening_that_does_not_fit_the_game_is_refused_with_a_message() -> None:
    c = Controller(players=Players())
    c.new_game({**FORM_DEFAULTS, "players": "two", "opening": "balanced", "opening_seed": "3"})

    async def wrong(request: OpeningRequest) -> dict:
        await asyncio.sleep(0)
        return {"moves": "a1a2", "value": 0, "depth": 6, "tries": 1}

    driver = OpeningDriver(c, wrong)
    assert poked(driver)
    assert c.game.moves == [] and c.opening_pending is None
    assert "a1a2" in driver.take_error()
