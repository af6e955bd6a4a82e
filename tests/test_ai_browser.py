"""The computer in a real browser: the engine worker, computer turns, undo, responsiveness.

Uses the fixtures ``server_url`` and ``browser`` of ``tests/conftest.py`` and one
page per module (like tests/test_page.py). The worker is reached the way the page
reaches it (clicks, the new-game dialog); ``window.reversiEngine(name, json)``
only for the warm-up check. Screenshots go to ``tests/artifacts/``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from browser_support import ARTIFACTS, click_start, new_game, private_context

from reversi import Rules

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parent.parent
LEGAL_JS = "els => els.filter(e => e.classList.contains('legal')).map(e => e.dataset.square)"
STATES_JS = "els => els.map(e => [e.dataset.square, e.dataset.state])"


def boot(browser, server_url: str, viewport: dict, private: bool = False):
    """A new page on the app (a first visit: against the computer), once its AI worker is warm."""
    from browser_support import open_app

    context, page, foreign, requests, errors = open_app(browser, server_url, viewport, private=private)
    page.wait_for_function("document.documentElement.classList.contains('engine-ready')", timeout=120_000)
    return context, page, foreign, requests, errors


@pytest.fixture(scope="module")
def session(browser, server_url):
    context, page, foreign, requests, errors = boot(browser, server_url, {"width": 1280, "height": 800}, private=True)
    yield page, foreign, requests, errors
    assert not errors, errors
    assert not foreign, foreign
    context.close()


@pytest.fixture
def app(session):
    return session[0]


def moves(page) -> int:
    return int(page.get_attribute("#board", "data-moves"))


def wait_moves(page, n: int, timeout: float = 30_000) -> None:
    page.wait_for_function(f"+document.querySelector('#board').dataset.moves >= {n}", timeout=timeout)


def legal(page) -> list[str]:
    return page.eval_on_selector_all("[data-square]", LEGAL_JS)


# -- the worker -----------------------------------------------------------------------------


def test_the_worker_loads_the_weights_and_answers(app, session) -> None:
    from reversi.engine.worker import evaluator_kind
    from reversi.tools.build import DATA_FILES

    info = json.loads(app.evaluate("window.reversiEngine('ping', '{}')"))
    assert info["ok"] and info["platform"] == "emscripten"  # really Pyodide, in the worker
    data = ROOT / "reversi" / "engine" / "data"
    shipped = sorted(p.name for pattern in DATA_FILES for p in data.glob(pattern))
    assert "patterns_8x8_anti.bin" in shipped, "no Anti weights in reversi/engine/data"
    requests = session[2]
    # a rule set's weights come when a request first needs them: Othello's, not yet Anti's
    assert "patterns_8x8_anti.bin" not in info["data_files"]
    assert not any(u.endswith("/patterns_8x8_anti.bin") for u in requests)
    assert info["evaluator"] == evaluator_kind(Rules()) == "patterns"  # the trained weights, as under CPython
    anti = json.loads(app.evaluate("window.reversiEngine('ping', JSON.stringify({rules: {anti: true}}))"))
    assert anti["evaluator"] == evaluator_kind(Rules(anti=True)) == "patterns"  # Anti's own, fetched now
    # Othello's and Anti's 8x8 weights, Othello's book and the feature model, not other boards'
    wanted = ["book_8x8.bin", "features.json", "patterns_8x8.bin", "patterns_8x8_anti.bin"]
    assert [n for n in anti["data_files"] if n in shipped] == wanted
    for name in wanted:  # the weights one by one; the feature model is in the engine's archive
        fetched = "/assets/package/engine.zip" if name.endswith(".json") else f"/reversi/engine/data/{name}"
        assert any(u.endswith(fetched) for u in requests), name
    # Expert opens from the book there too (one fetch of it, none for Anti)
    assert sum(u.endswith("/book_8x8.bin") for u in requests) == 1
    reply = json.loads(app.evaluate(
        "window.reversiEngine('best_move', JSON.stringify({moves: 'f5d6', level: 7, seed: 3}))"))
    assert reply["book"] is True and reply["move"] in ("c3", "c4", "c5", "c6", "c7")
    # the octagon's own model comes with the first octagon request, and plays
    assert "patterns_octagon.bin" in shipped and not any(u.endswith("/patterns_octagon.bin") for u in requests)
    octagon = json.loads(app.evaluate("window.reversiEngine('ping', JSON.stringify({rules: {variant: 'octagon'}}))"))
    assert octagon["evaluator"] == evaluator_kind(Rules("octagon")) == "patterns"
    assert "patterns_octagon.bin" in octagon["data_files"] and "patterns_10x10.bin" not in octagon["data_files"]
    reply = json.loads(app.evaluate(
        "window.reversiEngine('best_move', JSON.stringify({rules: {variant: 'octagon'}, level: 3, seed: 1}))"))
    assert reply.get("move") in ("e4", "d5", "g6", "f7"), reply  # the octagon's first moves
    assert not [u for u in requests if "numpy" in u or u.endswith(".whl")]  # no numpy anywhere
    reply = json.loads(app.evaluate(
        "window.reversiEngine('best_move', JSON.stringify({rules: {handicap: 1, handicap_color: 'white'},"
        " moves: 'f5', level: 2, seed: 1}))"))
    assert reply["move"] in ("d6", "f6", "f4") and reply["level"] == 2
    assert "error" in json.loads(app.evaluate("window.reversiEngine('best_move', JSON.stringify({level: 99}))"))


# -- playing the computer ----------------------------------------------------------------------


def test_a_person_plays_the_computer_by_clicks(app) -> None:
    new_game(app, players="computer", you="black", level=1)
    assert app.inner_text('.player[data-side="1"] .player-kind') == "Computer · Beginner"
    assert app.inner_text('.player[data-side="0"] .player-kind') == "You"
    seen_boards = []
    for turn in range(4):
        before = moves(app)
        square = legal(app)[0]
        app.click(f'[data-square="{square}"]')
        if turn == 0:  # the computer's minimum time leaves the thinking state on screen
            # read in one task while it thinks (on a loaded machine it may answer before a second look)
            seen = app.wait_for_function("""() => document.querySelector('.player[data-side="1"].thinking')
                ? [document.querySelector('#message').textContent.trim(),
                   document.querySelectorAll('#board [data-square].legal').length] : null""",
                                         timeout=60_000).json_value()  # a loaded machine is slow to draw it
            assert seen == ["Computer is thinking…", 0], seen  # nothing to click for the person meanwhile
            ARTIFACTS.mkdir(exist_ok=True)
            app.screenshot(path=str(ARTIFACTS / "desktop-thinking.png"))
        wait_moves(app, before + 2)
        app.wait_for_function("document.querySelector('#board').dataset.turn === 'black'")
        assert app.get_attribute("#board", "data-thinking") == ""
        assert moves(app) == before + 2
        assert legal(app), "the person's legal moves are back"
        assert app.inner_text("#message") == "Black to move"
        assert app.locator(".player.thinking").count() == 0
        seen_boards.append(app.eval_on_selector_all("[data-square]", STATES_JS))
    assert len({json.dumps(b) for b in seen_boards}) == 4


def test_clicks_are_ignored_while_the_computer_is_to_move(app) -> None:
    new_game(app, players="computer", you="white", level=4)  # the computer opens
    app.click('[data-square="f5"]', force=True)  # a legal square for Black, but Black is the computer
    wait_moves(app, 1)
    app.wait_for_function("document.querySelector('#board').dataset.turn === 'white'")
    assert moves(app) == 1
    assert app.get_attribute("#board", "data-ai-replies")  # the computer did move
    assert app.inner_text('.player[data-side="0"] .player-kind') == "Computer · Club"


def test_undo_against_the_computer_returns_to_the_persons_turn(app) -> None:
    new_game(app, players="computer", you="black", level=1)
    for n in (2, 4):
        app.click(f'[data-square="{legal(app)[0]}"]')
        wait_moves(app, n)
        app.wait_for_function("document.querySelector('#board').dataset.turn === 'black'")
    after_four = app.eval_on_selector_all("[data-square]", STATES_JS)
    app.click("#btn-undo")
    app.wait_for_function("document.querySelector('#board').dataset.moves === '2'")
    assert app.get_attribute("#board", "data-turn") == "black" and legal(app)
    app.wait_for_timeout(1_000)  # the computer does not play again: it is the person's turn
    assert moves(app) == 2
    app.click("#btn-redo")  # replays the person's move and the computer's reply
    app.wait_for_function("document.querySelector('#board').dataset.moves === '4'")
    assert app.eval_on_selector_all("[data-square]", STATES_JS) == after_four


def test_computer_against_computer_plays_by_itself_and_pauses(app) -> None:
    new_game(app, players="computers", level=1, level2=2)
    assert app.is_visible("#btn-pause")
    wait_moves(app, 4, timeout=30_000)
    app.click("#btn-pause")
    assert app.inner_text("#btn-pause") == "Resume"
    app.wait_for_timeout(2_500)  # a reply already asked for may land; then nothing more
    stopped = moves(app)
    app.wait_for_timeout(2_000)
    assert moves(app) == stopped and "(paused)" in app.inner_text("#message")
    app.click("#btn-pause")
    wait_moves(app, stopped + 2, timeout=30_000)
    app.click("#btn-pause")
    new_game(app, players="two")
    assert not app.is_visible("#btn-pause")


def test_a_new_game_while_the_computer_thinks_drops_its_answer(app) -> None:
    board = "document.querySelector('#board').dataset"
    app.wait_for_function(f"!{board}.aiPending", timeout=60_000)  # no earlier request in flight
    dropped = int(app.get_attribute("#board", "data-ai-dropped"))
    # 5 s: the stale search would end within RESTART_AFTER_SECONDS, so the worker is kept
    # (on 10x10, which has no opening book: on 8x8 Expert's first move is a book move, at once)
    new_game(app, players="computer", you="white", level=7, size=10, think="5", shot="new-game-expert-time.png")
    app.wait_for_selector('.player[data-side="0"].thinking')  # Black is the computer: Expert thinks 5 s
    app.wait_for_function(f"{board}.aiPending === '1'")
    app.wait_for_timeout(300)
    new_game(app, players="two")
    start = app.eval_on_selector_all("[data-square]", STATES_JS)
    app.wait_for_function(
        f"+document.querySelector('#board').dataset.aiDropped > {dropped}", timeout=60_000
    )  # the old answer came back (its search kept its own deadline) ...
    app.wait_for_timeout(200)
    assert app.eval_on_selector_all("[data-square]", STATES_JS) == start  # ... and was not played
    assert moves(app) == 0 and app.get_attribute("#board", "data-turn") == "black"
    app.click('[data-square="f5"]')  # the new game plays on
    wait_moves(app, 1)
    assert app.get_attribute("#board", "data-engine-restarts") is None  # the same worker


def test_a_long_stale_search_is_stopped_in_place(app) -> None:
    """Expert at 30 s a move, then a new game: on the cross-origin isolated page (serve.py sends
    COOP/COEP) the search is stopped through the shared flag; the same worker plays on."""
    board = "document.querySelector('#board').dataset"
    app.wait_for_function(f"!{board}.aiPending", timeout=60_000)
    assert app.evaluate("crossOriginIsolated") is True and app.get_attribute("#board", "data-stop") == "shared"
    dropped = int(app.get_attribute("#board", "data-ai-dropped"))
    restarts = app.get_attribute("#board", "data-engine-restarts")
    new_game(app, players="computer", you="white", level=7, size=10, think="30")  # 10x10: no book move
    app.wait_for_function(f"{board}.aiPending === '1'")
    app.wait_for_timeout(2_500)
    # still thinking after Expert's own 1.8 s: the chosen time reached the worker
    assert app.get_attribute("#board", "data-ai-pending") == "1" and moves(app) == 0
    new_game(app, players="computer", you="white", level=1)  # the computer (Black) opens again
    app.wait_for_function(f"{board}.aiDropped === '{dropped + 1}'", timeout=30_000)  # stopped, dropped
    wait_moves(app, 1, timeout=20_000)  # the same worker played the new game's first move
    assert app.get_attribute("#board", "data-engine-restarts") == restarts  # not replaced
    app.click(f'[data-square="{legal(app)[0]}"]')
    wait_moves(app, 3, timeout=60_000)
    new_game(app, players="two")


def test_without_isolation_a_long_stale_search_is_stopped_by_a_new_worker(browser, server_url) -> None:
    """The page not cross-origin isolated (a first visit to a static host, an old browser, another
    site's iframe): no shared flag, so the old worker is replaced, not waited for."""
    from browser_support import block_foreign_requests

    context = private_context(browser, viewport={"width": 1000, "height": 800}, service_workers="block")
    foreign = block_foreign_requests(context, server_url)

    def not_isolated(route) -> None:  # the page as a host that sends no COOP/COEP serves it
        response = route.fetch()
        headers = {k: v for k, v in response.headers.items() if not k.lower().startswith("cross-origin-")}
        route.fulfill(response=response, headers=headers)

    context.route(lambda url: url.split("?")[0] in (server_url, server_url + "index.html"), not_isolated)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server_url + "?s=10&pl=c7ht30")  # 10x10: no opening book, so Expert searches at once
    page.wait_for_function("document.documentElement.classList.contains('engine-ready')", timeout=60_000)
    board = "document.querySelector('#board').dataset"
    assert page.evaluate("crossOriginIsolated") is False and page.get_attribute("#board", "data-stop") == "none"
    page.wait_for_function(f"{board}.aiPending === '1'")  # the Expert (Black) thinks for 30 s
    page.wait_for_timeout(2_500)
    new_game(page, players="computer", you="white", level=1)
    page.wait_for_function(f"{board}.engineRestarts === '1'", timeout=30_000)
    wait_moves(page, 1, timeout=60_000)  # the new worker booted and played the new game's first move
    context.close()
    assert not foreign, foreign
    assert not errors, errors


def out_of_book(plies: int, seed: int) -> str:
    """A random game's first ``plies`` moves (far from the opening book: the engine must search)."""
    import random

    from reversi import Game
    from reversi.formats.notation import write_transcript

    rng = random.Random(seed)
    game = Game(Rules())
    while len(game.moves) < plies:
        game.play(rng.choice(game.position.legal_moves()))
    return write_transcript(game.moves, game.rules.geometry)


def test_the_page_keeps_answering_while_the_computer_thinks(app) -> None:
    """The search runs in the worker: while the Expert thinks for seconds, a timer of the page keeps
    firing. Counted, not timed against a limit: a loaded machine makes the ticks fewer and later,
    but a search on the main thread would stop them for the whole of its seconds."""
    from browser_support import load_box

    moves_before = 21  # White is to move after them
    load_box(app, out_of_book(moves_before, seed=4))  # pasted: for study, nobody plays
    wait_moves(app, moves_before)
    app.click("#btn-play-from")  # the Expert plays White from here, and thinks at once
    app.wait_for_selector("#new-game-dialog.from-here[open]")
    form = "#new-game-form"
    app.check(f'{form} input[name="players"][value="computer"]')
    app.select_option(f'{form} select[name="you"]', "black")
    app.select_option(f'{form} select[name="level"]', "7")
    app.select_option(f'{form} select[name="think"]', "5")
    app.evaluate("""() => {
        window.__ticks = [];
        window.__ticker = setInterval(() => window.__ticks.push(performance.now()), 50);
    }""")
    started = app.evaluate("performance.now()")
    app.click("#btn-start")
    wait_moves(app, moves_before + 1, timeout=120_000)
    ended = app.evaluate("performance.now()")
    ticks = app.evaluate("clearInterval(window.__ticker), window.__ticks")
    during = [t for t in ticks if started <= t <= ended]
    gaps = [b - a for a, b in zip([started, *during], [*during, ended], strict=True)]
    assert ended - started >= 2000, "the Expert thought for seconds"  # out of its book
    assert len(during) >= 10 and max(gaps) < (ended - started) / 2, (len(during), max(gaps), ended - started)


def test_the_new_game_dialog_shows_the_players(app) -> None:
    app.click("#btn-new")
    app.wait_for_selector("#new-game-dialog[open]")
    app.check('#new-game-form input[name="players"][value="computer"]')
    assert app.is_visible('#new-game-form select[name="you"]')
    assert app.is_visible('#new-game-form select[name="level"]')
    assert not app.is_visible('#new-game-form select[name="level2"]')
    app.screenshot(path=str(ARTIFACTS / "desktop-dialog-players.png"))
    app.check('#new-game-form input[name="players"][value="computers"]')
    assert app.is_visible('#new-game-form select[name="level2"]')
    assert not app.is_visible('#new-game-form select[name="you"]')
    app.check('#new-game-form input[name="variant"][value="classic"]')
    assert app.inner_text(".players-level2").startswith("Red level\n")  # one line
    app.screenshot(path=str(ARTIFACTS / "desktop-dialog-computers.png"))
    app.click('#new-game-form button[value="cancel"]')
    app.wait_for_selector("#new-game-dialog", state="hidden")
    # the dialog opens on the last game's choices
    new_game(app, players="computer", you="white", level=3)
    app.click("#btn-new")
    app.wait_for_selector("#new-game-dialog[open]")
    assert app.is_checked('#new-game-form input[name="players"][value="computer"]')
    assert app.input_value('#new-game-form select[name="you"]') == "white"
    assert app.input_value('#new-game-form select[name="level"]') == "3"
    app.click('#new-game-form button[value="cancel"]')
    new_game(app, players="two")


def test_hints_show_a_value_on_every_legal_move(app) -> None:
    """Two people: Hints puts the engine's value on each legal move, new ones after a move."""
    new_game(app, players="two")
    board = "document.querySelector('#board').dataset"
    assert app.get_attribute("#btn-hints", "aria-pressed") == "false"
    assert app.locator(".sq .hint").count() == 0
    app.click("#btn-hints")
    assert app.get_attribute("#btn-hints", "aria-pressed") == "true"
    app.wait_for_selector("#btn-hints.busy", timeout=30_000)  # the worker is on it
    app.wait_for_function(f"{board}.hints === 'shown' || {board}.hints === 'exact'", timeout=30_000)
    assert "busy" not in app.get_attribute("#btn-hints", "class")  # it pulses only while they are worked out
    values = app.eval_on_selector_all(".sq.legal .hint", "els => els.map(e => e.textContent)")
    assert len(values) == len(legal(app)) == 4
    assert app.locator(".sq .hint.best").count() >= 1
    label = app.get_attribute('[data-square="f5"]', "aria-label")
    assert ", value " in label, label
    # what the numbers are, under the status while they show: help, out of the live region
    assert app.text_content("#hints-legend").startswith("Hints: Black's final disc difference after each move shown")
    assert app.evaluate("document.querySelector('#hints-legend').closest('[aria-live]')") is None
    assert app.is_visible("#hints-legend")
    app.click('[data-square="f5"]')  # White's turn: White's values
    app.wait_for_function(f"{board}.moves === '1' && ({board}.hints === 'shown' || {board}.hints === 'exact')",
                          timeout=30_000)
    assert sorted(app.eval_on_selector_all(".sq .hint", "els => els.map(e => e.closest('[data-square]')"
                                           ".dataset.square)")) == sorted(legal(app))
    app.screenshot(path=str(ARTIFACTS / "desktop-hints.png"))
    app.wait_for_function("document.querySelector('#hints-legend').textContent.startsWith(\"Hints: White's\")")
    app.click("#btn-hints")  # off again: the dots are back
    assert app.locator(".sq .hint").count() == 0 and app.locator(".sq .dot").count() == len(legal(app))
    assert (app.text_content("#hints-legend") or "") == ""
    new_game(app, players="two")


UNAVAILABLE = '#notices [data-notice="engine"]'
HINTS_WHY = "Hints need the computer, which is unavailable."


def test_a_worker_killed_mid_search_is_reported_and_retry_brings_it_back(app) -> None:
    """The worker is killed while the computer thinks: no reply comes; the page says so, keeps
    the game, and Retry boots a new worker that plays on.

    Chromium lets a worker that is busy in WebAssembly finish the call it is running after
    ``terminate()``: that reply may still come (and is played); the next request then goes
    to the dead worker and is never answered.
    """
    board = "document.querySelector('#board').dataset"
    app.wait_for_function(f"!{board}.aiPending", timeout=60_000)
    new_game(app, players="computer", you="black", level=7, size=10)  # 10x10: no book move, a search
    app.click(f'[data-square="{legal(app)[0]}"]')
    app.wait_for_function(f"{board}.aiPending === '1'")  # the computer (White, Expert) thinks 1.8 s
    app.evaluate("document.querySelector('script[type=\"py\"][worker]').xworker.terminate()")
    app.wait_for_function(f"document.querySelector('{UNAVAILABLE}') || {board}.moves === '2'", timeout=30_000)
    if moves(app) == 2:  # the search in flight finished: the person's next move meets the dead worker
        app.wait_for_function(f"{board}.turn === 'black'")
        app.click(f'[data-square="{legal(app)[0]}"]')
        wait_moves(app, 3)
    app.wait_for_selector(UNAVAILABLE, timeout=30_000)  # its budget and the margin, then given up
    start = app.eval_on_selector_all("[data-square]", STATES_JS)
    played = moves(app)
    text = app.inner_text(UNAVAILABLE)
    assert text.startswith("The computer is unavailable. It did not answer within") and "game is kept" in text
    assert app.eval_on_selector_all("[data-square]", STATES_JS) == start and played in (1, 3)  # the game is kept
    assert app.evaluate("document.documentElement.classList.contains('engine-unavailable')")
    assert app.get_attribute("#board", "data-thinking") == "" and app.inner_text("#message") == "White to move"
    assert app.is_disabled("#btn-hints") and app.get_attribute("#btn-hints", "title") == HINTS_WHY
    assert app.get_attribute("#btn-hints", "aria-description") == HINTS_WHY
    ARTIFACTS.mkdir(exist_ok=True)
    app.screenshot(path=str(ARTIFACTS / "desktop-computer-lost.png"))
    app.click(f'{UNAVAILABLE} button[data-notice-action="retry"]')
    app.wait_for_selector(UNAVAILABLE, state="detached")
    app.wait_for_function("document.documentElement.classList.contains('engine-ready')", timeout=120_000)
    wait_moves(app, played + 1, timeout=60_000)  # the new worker plays White's move
    assert app.get_attribute("#board", "data-engine") == "ready" and not app.is_disabled("#btn-hints")
    assert app.get_attribute("#btn-hints", "title") == "Show the value of every move"
    new_game(app, players="two")


def test_a_blocked_worker_script_leaves_a_page_for_two_players(browser, server_url) -> None:
    """worker.py cannot be fetched: the page still starts, says the computer is unavailable,
    and Play two-player lets two people play the game on."""
    from browser_support import AppContext

    context = AppContext(browser, server_url, {"width": 1280, "height": 800}, reduced_motion="reduce")
    try:
        foreign = context.foreign
        context.block("*/reversi/engine/worker.py")
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(server_url)  # a first visit: against the computer
        page.wait_for_function("document.documentElement.classList.contains('ready')", timeout=60_000)
        page.wait_for_selector(UNAVAILABLE, timeout=30_000)
        assert "Its script could not be loaded." in page.inner_text(UNAVAILABLE)
        assert page.is_disabled("#btn-hints") and page.get_attribute("#btn-hints", "title") == HINTS_WHY
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "desktop-computer-unavailable.png"), full_page=True)
        page.click('[data-square="f5"]')  # the person's move is taken; the computer cannot answer
        wait_moves(page, 1)
        assert page.get_attribute("#board", "data-thinking") == ""
        page.set_viewport_size({"width": 390, "height": 844})
        page.screenshot(path=str(ARTIFACTS / "phone-computer-unavailable.png"), full_page=True)
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        page.click(f'{UNAVAILABLE} button[data-notice-action="two-players"]')
        page.wait_for_selector(UNAVAILABLE, state="detached")
        assert page.inner_text('.player[data-side="1"] .player-kind') == ""  # two people now
        page.click('[data-square="f6"]')  # White's move, by a person
        wait_moves(page, 2)
        assert page.evaluate("JSON.parse(localStorage.getItem('reversi.state')).moves") == "f5f6"
        assert not errors and not foreign, (errors, foreign)
    finally:
        context.close()


def test_phone_dialog_and_thinking(browser, server_url) -> None:
    context, page, foreign, _, errors = boot(browser, server_url, {"width": 360, "height": 740})
    try:
        page.click("#btn-new")
        page.check('#new-game-form input[name="players"][value="computer"]')
        page.screenshot(path=str(ARTIFACTS / "phone-dialog-players.png"))
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 360
        box = page.locator("#btn-start").bounding_box()  # in the window, under the scrolling form
        assert box is not None and box["y"] + box["height"] <= 740, box
        click_start(page)
        page.wait_for_selector("#new-game-dialog", state="hidden")
        page.click('[data-square="f5"]')
        page.wait_for_selector(".player.thinking")
        page.screenshot(path=str(ARTIFACTS / "phone-thinking.png"))
        # the computer's card says who it is in full (it wraps rather than clips)
        kind = '.player[data-side="1"] .player-kind'
        assert page.inner_text(kind) == "Computer · Strong club"
        assert page.eval_on_selector(kind, "e => e.scrollWidth <= e.clientWidth"), "clipped"
        assert page.eval_on_selector(kind, "e => e.getClientRects().length > 0")  # shown
        wait_moves(page, 2)
        assert not foreign and not errors, (foreign, errors)
    finally:
        context.close()


def test_a_first_visit_plays_the_computer(browser, server_url) -> None:
    """No saved state: the page opens as You (Black) against the computer, level 5."""
    context, page, foreign, _, errors = boot(browser, server_url, {"width": 1280, "height": 800})
    try:
        assert page.inner_text('.player[data-side="0"] .player-kind') == "You"
        assert page.inner_text('.player[data-side="1"] .player-kind') == "Computer · Strong club"
        page.click(f'[data-square="{legal(page)[0]}"]')
        wait_moves(page, 2)
        page.wait_for_function("document.querySelector('#board').dataset.turn === 'black'")
        assert legal(page)
    finally:
        context.close()
    assert not errors and not foreign


def test_hints_stay_on_after_a_reload(browser, server_url) -> None:
    """The Hints choice is saved with the game: a reload shows the values again."""
    context, page, foreign, _, errors = boot(browser, server_url, {"width": 1280, "height": 800})
    board = "document.querySelector('#board').dataset"
    try:
        page.click("#btn-hints")
        page.wait_for_function(f"{board}.hints === 'shown'", timeout=30_000)
        page.reload()
        page.wait_for_function("document.documentElement.classList.contains('engine-ready')", timeout=120_000)
        assert page.get_attribute("#btn-hints", "aria-pressed") == "true"
        page.wait_for_function(f"{board}.hints === 'shown'", timeout=30_000)
        assert page.locator(".sq .hint").count() == len(legal(page)) == 4
    finally:
        context.close()
    assert not errors and not foreign
