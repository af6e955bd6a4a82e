"""The engine's helper workers in a real browser (Chromium via Playwright, against serve.py).

Functional only (no timing): a review on two workers gives the marks one gives; the settings say
how many workers the engine uses and let the person choose fewer, remembered; a helper killed in
the middle of a review is replaced and the review completes; a review made stale by a new game
stops on every worker; the exact solver shared by two helpers gives the value one worker gives,
and a helper killed in the middle of a solve has its job run by the other. The test browser's
shared context restores the engine's memory snapshot, so each helper starts as a returning
visitor's does. This machine's Chromium says it has ``navigator.hardwareConcurrency`` cores; the
tests that need a helper ask for at least two.
"""

from __future__ import annotations

import json
import random

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.long]

VIEWPORT = {"width": 1280, "height": 900}


def endgame_record() -> str:
    """The record of a game from a position with 8 empty squares to its end: every slice solves its
    positions exactly (in milliseconds), so their values do not depend on which worker gave them."""
    from reversi import Rules
    from reversi.core.game import Game
    from reversi.formats.notation import play_transcript
    from reversi.formats.record import Record, write_record

    rng = random.Random(11)
    while True:
        start = Game(Rules())
        while start.position.empty.bit_count() > 8 and not start.position.is_over:
            start.play(rng.choice(start.position.legal_moves()))
        game = play_transcript(start.position, "")
        while not game.position.is_over:
            game.play(rng.choice(game.position.legal_moves()))
        if len(game.main_line()) >= 8:
            return write_record(Record.from_game(game))


def full_game_link() -> str:
    """A whole 8x8 game of 60 moves (the same every run): 61 positions for the graph."""
    from reversi import Rules
    from reversi.core.game import Game
    from reversi.formats.notation import write_transcript

    rng = random.Random(2026)
    while True:
        game = Game(Rules())
        while not game.position.is_over:
            game.play(rng.choice(game.position.legal_moves()))
        if len([m for m in game.line if m >= 0]) == 60:
            return "?m=" + write_transcript(game.line, game.rules.geometry)


@pytest.fixture(scope="module")
def context(browser, server_url):
    from browser_support import app_context

    yield from app_context(browser, server_url, VIEWPORT, cores=None)  # the browser's own count of cores


@pytest.fixture
def page(context):
    from browser_support import page_without_errors

    yield from page_without_errors(context)


def pool(page) -> dict:
    return json.loads(page.evaluate("window.reversiPool.state()"))


def wait_engine(page) -> None:
    page.wait_for_function("document.documentElement.classList.contains('engine-ready')", timeout=120_000)


def choose_workers(page, value: str) -> None:
    """The settings' choice of workers, stored with the settings."""
    page.click("#settings summary")
    page.select_option('#settings select[name="workers"]', value)
    stored = "s => JSON.parse(localStorage.getItem('reversi.state')).settings.workers"
    if value == "0":
        page.wait_for_function(f"({stored})() === undefined")
    else:
        page.wait_for_function(f"({stored})() === {int(value)}")
    page.click("#settings summary")


def graph_done(page, points: int, timeout_ms: float = 180_000) -> None:
    page.wait_for_function("n => document.querySelectorAll('#eval-graph [data-ply]').length === n",
                           arg=points, timeout=timeout_ms)


def marks(page) -> list[tuple[str, str, str]]:
    """Each main-line move of the move list: its class and accessible name (the review's words),
    and each point of the graph's title (its value)."""
    rows = page.eval_on_selector_all(
        "#move-list > .ply[data-ply]", "els => els.map(e => [e.className, e.getAttribute('aria-label') || ''])")
    points = page.eval_on_selector_all("#eval-graph [data-ply]", "els => els.map(e => e.textContent)")
    return [(c, a, "") for c, a in rows] + [("", "", t) for t in points]


def cores(page) -> int:
    return int(page.evaluate("navigator.hardwareConcurrency"))


def test_a_review_on_two_workers_marks_as_on_one(page, server_url) -> None:
    from browser_support import load_box

    page.goto(server_url)
    wait_engine(page)
    if cores(page) < 2:
        pytest.skip("this browser says it has one core: the engine starts no helper")
    seen = {}
    for choice in ("1", "0"):  # one worker, then the device's (two here at least)
        choose_workers(page, choice)
        page.goto(server_url + full_game_link())  # a whole game to evaluate: the helpers start
        wait_engine(page)
        if choice == "0":
            page.wait_for_function("JSON.parse(window.reversiPool.state()).helpers.length >= 1", timeout=60_000)
        load_box(page, endgame_record())  # then a short game, on every worker there is
        page.click('[data-study="review"]')
        count = page.locator("#move-list > .ply[data-ply]").count()
        graph_done(page, count + 1)
        page.wait_for_function("JSON.parse(window.reversiPool.state()).asking.length === 0")
        seen[choice] = (marks(page), pool(page))
    (one, alone), (two, shared) = seen["1"], seen["0"]
    assert alone["size"] == 1 and alone["started"] == 0 and alone["helper_replies"] == 0
    assert shared["size"] >= 2 and shared["started"] >= 1 and shared["helper_replies"] > 0, shared
    assert one == two
    assert not any("about" in a for _, a, _ in one), one  # exact, every one
    assert any("mistake" in c or "blunder" in c for c, _, _ in one)


def test_the_settings_say_how_many_workers_and_the_choice_is_kept(page, server_url) -> None:
    page.goto(server_url)
    wait_engine(page)
    n = min(cores(page), 4)
    page.click("#settings summary")
    options = page.eval_on_selector_all('#settings select[name="workers"] option',
                                        "els => els.map(e => [e.value, e.textContent])")
    assert options == [["0", f"Automatic ({n})"], *([str(k), str(k)] for k in range(1, n + 1))]
    assert page.get_attribute("#settings", "data-workers") == str(n)
    working = int(page.get_attribute("#settings", "data-workers-working"))  # a saved game may start a helper
    said = page.text_content("#settings .workers-now")
    assert said.startswith("The engine is using 1 worker now." if working == 1 else
                           f"The engine is using {working} workers now."), said
    page.select_option('#settings select[name="workers"]', "1")
    page.wait_for_function("JSON.parse(localStorage.getItem('reversi.state')).settings.workers === 1")
    page.goto(server_url + full_game_link())  # the link's game, the saved settings
    wait_engine(page)
    assert page.input_value('#settings select[name="workers"]') == "1"
    assert page.get_attribute("#settings", "data-workers") == "1"
    page.wait_for_function("document.querySelectorAll('#eval-graph [data-ply]').length > 3")
    assert pool(page)["started"] == 0  # a whole game to evaluate, and still no helper: the person chose one
    page.click("#settings summary")
    page.select_option('#settings select[name="workers"]', "0")
    page.wait_for_function("JSON.parse(localStorage.getItem('reversi.state')).settings.workers === undefined")
    if n >= 2:
        page.wait_for_function("JSON.parse(window.reversiPool.state()).helpers.length >= 1", timeout=60_000)
        page.wait_for_function("document.querySelector('#settings').dataset.workersWorking >= '2'")
        assert "workers now." in page.text_content("#settings .workers-now")


def test_a_killed_helper_is_replaced_and_the_review_completes(page, server_url) -> None:
    page.goto(server_url + full_game_link())
    wait_engine(page)
    if cores(page) < 2:
        pytest.skip("this browser says it has one core: the engine starts no helper")
    page.click('[data-study="review"]')
    page.wait_for_function("JSON.parse(window.reversiPool.state()).asking.some(n => n.startsWith('helper'))",
                           timeout=60_000)
    first = pool(page)["helpers"][0]
    assert page.evaluate("name => window.reversiPool.kill(name)", first)
    page.wait_for_function("JSON.parse(window.reversiPool.state()).replaced === 1", timeout=30_000)
    state = pool(page)
    assert first not in state["helpers"] and "stopped" in state["error"], state
    page.wait_for_function("JSON.parse(window.reversiPool.state()).helpers.length >= 1", timeout=60_000)
    graph_done(page, 61)
    state = pool(page)
    assert state["started"] >= 2 and first not in state["helpers"], state
    assert page.locator("#move-list > .ply[data-ply].blunder, #move-list > .ply[data-ply].mistake").count() > 0


def test_a_new_game_stops_the_review_on_every_worker(page, server_url) -> None:
    from browser_support import new_game

    page.goto(server_url + full_game_link())
    wait_engine(page)
    if cores(page) < 2:
        pytest.skip("this browser says it has one core: the engine starts no helper")
    assert page.get_attribute("#board", "data-stop") == "shared"  # serve.py's page is cross-origin isolated
    page.wait_for_function("JSON.parse(window.reversiPool.state()).asking.length >= 2", timeout=60_000)
    new_game(page, players="two")
    page.wait_for_function("Object.keys(JSON.parse(window.reversiPool.state()).stops).length >= 1")
    state = pool(page)
    # the slice in flight on each worker was stopped, once: the engine's own and the helper's
    assert set(state["stops"]) == {"engine", *state["helpers"]} and set(state["stops"].values()) == {1}, state


def solve_in_page(page, text: str) -> dict:
    return json.loads(page.evaluate("p => window.reversiEngine('solve', JSON.stringify({start: p}))", text))


def test_the_exact_solver_on_two_helpers_gives_one_workers_value_and_survives_a_killed_helper(
        page, server_url) -> None:
    from bench.positions import ENDGAME

    from reversi.engine.search import solve
    from reversi.formats.notation import move_name, parse_position

    page.goto(server_url + "?m=")  # nothing to study: the helpers are the solver's
    wait_engine(page)
    if cores(page) < 2 or not page.evaluate("crossOriginIsolated"):
        pytest.skip("one core, or no shared memory: the solver has no helpers")
    choose_workers(page, "2")
    text = ENDGAME[14][0]  # split by the master (at least MIN_SPLIT_EMPTIES + SPLIT_DEPTH empties), quick
    alone = solve_in_page(page, text)
    assert alone["workers"] == 1  # no helper: the engine's own worker solves alone
    page.evaluate("window.reversiPool.reserve(600)")
    page.wait_for_function("JSON.parse(window.reversiPool.state()).attached.length >= 2", timeout=60_000)
    shared = solve_in_page(page, text)
    position = parse_position(text)
    best = {move_name(m, position.rules.geometry) for m in solve(position).best}
    assert shared["workers"] == 2 and shared["score"] == alone["score"] and shared["best"][0] in best
    # a longer solve, and a helper killed in the middle of it: its job goes to the other one
    longer = ENDGAME[16][0]
    page.evaluate("p => { window.__solved = window.reversiEngine('solve', JSON.stringify({start: p})); }", longer)
    page.wait_for_function("JSON.parse(window.reversiPool.state()).solving === 1")
    page.wait_for_timeout(100)  # in the middle of the solve
    victim = pool(page)["attached"][0]
    assert page.evaluate("name => window.reversiPool.kill(name)", victim)
    reply = json.loads(page.evaluate("async () => await window.__solved"))
    assert reply["score"] == solve(parse_position(longer), all_best=False).score, reply
    state = pool(page)
    assert state["replaced"] >= 1 and victim not in state["helpers"], state
    page.wait_for_function("JSON.parse(window.reversiPool.state()).attached.length >= 2", timeout=60_000)
    # a stale solve stops on every worker: the master, and each helper's job through its cancel slot
    hard = ENDGAME[20][0]  # tens of seconds
    page.evaluate("p => { window.__solved = window.reversiEngine('solve', JSON.stringify({start: p})); }", hard)
    page.wait_for_function("JSON.parse(window.reversiPool.state()).solving === 1")
    page.wait_for_timeout(1000)
    assert page.evaluate("window.reversiPool.stop()")
    stopped = json.loads(page.evaluate("async () => await window.__solved"))
    assert "error" in stopped, stopped  # not solved: stopped
    quick = solve_in_page(page, text)  # the helpers are free at once, and answer right
    assert quick["workers"] == 2 and quick["score"] == alone["score"]


def anti_endgame(empties: int) -> tuple[str, dict]:
    """A position of Anti (the same every run) with ``empties`` empties and a choice of moves, and its rules."""
    from reversi import Rules
    from reversi.core.game import Game
    from reversi.formats.notation import position_to_string
    from reversi.formats.record import rules_to_dict

    rules = Rules(anti=True)
    rng = random.Random(56)
    while True:
        game = Game(rules)
        while game.position.empty.bit_count() > empties and not game.position.is_over:
            game.play(rng.choice(game.position.legal_moves()))
        if game.position.empty.bit_count() == empties and len(game.position.legal_moves()) > 1:
            return position_to_string(game.position), rules_to_dict(rules)


def test_a_solve_of_anti_on_the_helpers_uses_antis_weights_there(page, server_url) -> None:
    """A helper starts with Othello's weights; a job of other rules fetches theirs first, as the engine's
    own worker does, so that its solver orders moves (and its searches value them) as the master's."""
    from reversi.engine.search import solve
    from reversi.formats.notation import parse_position
    from reversi.formats.record import rules_from_dict

    page.goto(server_url + "?m=")
    wait_engine(page)
    if cores(page) < 2 or not page.evaluate("crossOriginIsolated"):
        pytest.skip("one core, or no shared memory: the solver has no helpers")
    choose_workers(page, "2")
    page.evaluate("window.reversiPool.reserve(600)")
    page.wait_for_function("JSON.parse(window.reversiPool.state()).attached.length >= 2", timeout=60_000)
    helpers = pool(page)["attached"]

    def files(name: str) -> list[str]:
        reply = page.evaluate("([n]) => window.reversiPool.ask(n, 'ping', '{}')", [name])
        return json.loads(reply)["data_files"]

    assert all("patterns_8x8_anti.bin" not in files(name) for name in helpers)
    text, rules = anti_endgame(14)
    reply = json.loads(page.evaluate("([p, r]) => window.reversiEngine('solve', JSON.stringify({start: p, rules: r}))",
                                     [text, rules]))
    assert reply["workers"] == 2, reply
    assert reply["score"] == solve(parse_position(text, rules_from_dict(rules)), all_best=False).score, reply
    assert all("patterns_8x8_anti.bin" in files(name) for name in helpers)


def expert_endgame_link() -> tuple[str, int]:
    """A link to a game (the same every run) where the computer, Expert, plays White and is to move
    at a few empties more than the point where its exact solve is shared: its first move there is
    its own (the helpers boot meanwhile), the one after the person's reply is shared. The link, and
    the empties at that point."""
    from reversi import Rules
    from reversi.core.game import Game
    from reversi.core.rules import WHITE
    from reversi.engine.levels import LEVELS, shared_exact_empties
    from reversi.formats.notation import write_transcript

    point = shared_exact_empties(LEVELS[-1].level, None, 64)
    rng = random.Random(54)
    while True:
        game = Game(Rules())
        while game.position.empty.bit_count() > point + 2 and not game.position.is_over:
            game.play(rng.choice(game.position.legal_moves()))
        pos = game.position
        if pos.empty.bit_count() == point + 2 and pos.turn == WHITE and len(pos.legal_moves()) > 1:
            return f"?m={write_transcript(game.line, game.rules.geometry)}&pl=hc{LEVELS[-1].level}", point


def test_expert_near_the_end_keeps_the_helpers_up_and_shares_its_exact_solve_with_them(page, server_url) -> None:
    from browser_support import moves_played

    link, point = expert_endgame_link()
    page.goto(server_url + link)
    wait_engine(page)
    if cores(page) < 2 or not page.evaluate("crossOriginIsolated"):
        pytest.skip("one core, or no shared memory: the solver has no helpers")
    played = moves_played(page)
    page.wait_for_function(f"document.querySelector('#board').dataset.moves === '{played + 1}'", timeout=60_000)
    # near the end at Expert: the helpers boot and are given to the engine's worker for its solves
    page.wait_for_function("JSON.parse(window.reversiPool.state()).attached.length >= 2", timeout=60_000)
    assert pool(page)["shared_moves"] == 0  # the computer's first move here was its own: too far from the end
    square = page.eval_on_selector("#board [data-square].legal", "e => e.dataset.square")
    page.click(f'[data-square="{square}"]')  # the person's reply: now within the point
    page.wait_for_function(f"document.querySelector('#board').dataset.moves === '{played + 3}'", timeout=60_000)
    state = pool(page)
    assert state["shared_moves"] == 1 and state["solving"] == 0, state
    empties = page.evaluate("document.querySelectorAll('#board [data-square][data-state=\"empty\"]').length")
    assert 0 < empties <= point - 1  # the shared move was made within the point
