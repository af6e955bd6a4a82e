"""Hostile input to the saved game in a real browser (Chromium via Playwright, against serve.py):
links and stored states that must never stop the page, stored data of other pages of the origin,
and the page's own readers inside Pyodide. Split from tests/test_storage_browser.py so that the
test processes share the browser work evenly."""

from __future__ import annotations

import json

import pytest
from browser_support import (
    alert,
    click_square,
    hostile_state,
    list_text,
    notice_of,
    open_records,
    records_message,
    storage,
    wait_ready,
)

from reversi.formats.record import MAX_TEXT
from reversi.ui.store.saved_state import BROKEN_KEY, STATE_VERSION, STORAGE_KEY
from reversi.ui.store.shown import SHOWN_KEY, first_paint

pytestmark = pytest.mark.browser

HOSTILE = [
    ("?s=%C2%B2", "{not json", "s='²'", "not valid JSON"),
    ("?x=" + "a" * 30_000, hostile_state(rules={"variant": "hexagon"}, live=10**30), "too long", "rule set"),
    ("", hostile_state(version=STATE_VERSION + 1), "", None),
]


def test_hostile_links_and_saved_states_never_stop_the_page(fresh, server_url) -> None:
    """Each address and saved text in one tab, one after the other: ready, named, playable."""
    f = fresh()
    page = f.page
    f.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server_url.rstrip("/"))
    f.context.block("*/reversi/engine/worker.py")  # no computer: faster loads
    for k, (address, stored, link_words, state_words) in enumerate(HOSTILE):
        # the page before does not save over it when it goes (the stored text is not what it knows)
        page.evaluate("([key, text]) => localStorage.setItem(key, text)", [STORAGE_KEY, stored])
        page.goto(server_url + address)
        wait_ready(page)
        # its check of the worker's script is over (no fetch of it is cut short by the next address)
        page.wait_for_selector('#board[data-engine="unavailable"]')
        if state_words is None:  # a newer page's state: kept, not overwritten, and said so
            page.wait_for_selector('#notices [data-notice="newer"]')
            assert f"version {STATE_VERSION + 1}" in page.inner_text("#notices")
            assert page.is_hidden("#alert")
        else:
            message = alert(page)
            assert message.startswith("The link could not be opened: ") and link_words in message, message
            assert "The saved game could not be restored: " in message and state_words in message, message
            assert len(message) < 1000
            assert storage(page, BROKEN_KEY) == stored  # moved aside, for the person to copy
            assert page.is_visible('#alert button[data-notice-action="copy-broken"]')
        assert page.evaluate("location.search") in ("", "?m=f5&pl=hc5")  # the address is the game's own
        click_square(page, "f5")  # playable: a fresh game (its Black is a person, White the computer)
        page.wait_for_function("location.search === '?m=f5&pl=hc5'")
        if state_words is None:
            assert storage(page) == stored
        else:
            assert json.loads(storage(page))["moves"] == "f5"  # never read again
        if k == 0:  # the copy of the unreadable state: the message's button and the Game menu's
            page.click('#alert button[data-notice-action="copy-broken"]')
            page.wait_for_function("t => navigator.clipboard.readText().then(c => c === t)", arg=stored)
            page.click("#records summary")
            assert page.is_visible('button[data-record="copy-broken"]')
    # the newer page's state survives a reload of this tab, until the person replaces it
    page.reload()
    wait_ready(page)
    page.wait_for_selector('#board[data-engine="unavailable"]')
    assert storage(page) == HOSTILE[-1][1]
    page.click('#notices button[data-notice-action="overwrite"]')
    page.wait_for_selector('#notices [data-notice="newer"]', state="detached")
    assert json.loads(storage(page))["version"] == STATE_VERSION
    # sizes: the box takes no more than the parsers read, a huge file is refused unread
    assert list_text(page) == "1. f5"  # the address's game (the reload kept it)
    assert page.get_attribute("#records-input", "maxlength") == str(MAX_TEXT)
    page.set_input_files(
        "#records-file", files=[{"name": "huge.txt", "mimeType": "text/plain", "buffer": b"f5" * (MAX_TEXT // 2 + 1)}]
    )
    assert f"huge.txt was not opened: it is {MAX_TEXT + 2:,} bytes" in records_message(page)
    assert list_text(page) == "1. f5"


def test_a_saved_game_with_a_damaged_choice_comes_back_and_says_what_was_reset(fresh, server_url) -> None:
    """Who plays saved as nonsense (levels 99 and -1) and hints as "yes": the game's moves come back
    and the message names the choices reset; nothing is moved aside."""
    state = json.loads(hostile_state())
    state["settings"]["players"] = {"kinds": ["human", "computer"], "levels": [99, -1]}
    state["settings"]["hints"] = "yes"
    f = fresh()
    page = f.page
    f.context.block("*/reversi/engine/worker.py")  # no computer: faster loads
    page.evaluate("([key, text]) => localStorage.setItem(key, text)", [STORAGE_KEY, json.dumps(state)])
    page.goto(server_url)
    wait_ready(page)
    message = alert(page)
    assert message.startswith("The saved game is restored, but some of its choices could not be read and were "
                              "reset: ") and "settings.players" in message and "settings.hints" in message, message
    assert list_text(page) == "1. f5 d6"
    assert storage(page, BROKEN_KEY) is None


def test_stored_data_from_another_page_of_the_origin_never_stops_this_one(fresh, server_url) -> None:
    """On GitHub Pages every project of an account shares one origin: another page may write our
    keys. Each hostile value is read by the page's own readers inside Pyodide (whose stack is far
    smaller than CPython's): the page starts, says what it could not read, and plays."""
    f = fresh()
    page = f.page
    f.context.block("*/reversi/engine/worker.py")  # no computer: faster loads
    deep = "[" * 8000 + "]" * 8000
    huge_recent = json.dumps([{"query": "m=f5", "date": "2026-12-03", "rules": "Othello 8x8", "players": "",
                               "result": "", "moves": 1}]).replace('"moves": 1', '"moves": 1e999')
    surrogate = hostile_state(moves="f5{nice HALF}d6").replace("HALF", "\\ud83d")  # a JSON escape: half an emoji
    cases = [(STORAGE_KEY, deep, "nested 8000 deep"), ("reversi.recent", deep, None),
             ("reversi.recent", huge_recent, None), (STORAGE_KEY, surrogate, None)]
    for key, stored, words in cases:
        if page.url.startswith(server_url):
            page.goto(server_url + "assets/rules/rules.en.html")  # the page before saves as it goes
        page.evaluate("([k, t]) => { localStorage.clear(); localStorage.setItem(k, t); }", [key, stored])
        page.goto(server_url)
        wait_ready(page)
        # the engine settled: blocked where something needs it, none booted where nothing does
        page.wait_for_selector('#board[data-engine="unavailable"], #board[data-engine="idle"]')
        if words is not None:
            assert words in alert(page)
            assert storage(page, BROKEN_KEY) == stored  # moved aside, offered for copy
        if stored is surrogate:  # the comment is kept, its broken half replaced, and the address written
            assert list_text(page).startswith("1. f5 d6")
            page.wait_for_function("location.search.includes('%EF%BF%BD')")
        open_records(page)  # the recent games are drawn: the unreadable entries left out
        assert "1e999" not in page.inner_text("#recent-games")
        moves = int(page.get_attribute("#board", "data-moves"))
        page.click("#board .sq.legal")  # playable
        page.wait_for_function(f"Number(document.querySelector('#board').dataset.moves) > {moves}")
    # a full storage: the player is told at once and offered the game as a file; the moves stay
    page.evaluate("""() => { Storage.prototype.setItem = function () {
        throw new DOMException("the quota is exceeded", "QuotaExceededError"); }; }""")
    before = list_text(page)
    moves = int(page.get_attribute("#board", "data-moves"))
    page.click("#board .sq.legal")
    page.wait_for_function(f"Number(document.querySelector('#board').dataset.moves) > {moves}")
    notice = notice_of(page, "not-saved")
    notice.wait_for()
    assert "could not keep your game (its storage is full)" in notice.inner_text()
    with page.expect_download() as download:
        page.click('#notices button[data-notice-action="download-game"]')
    assert download.value.suggested_filename.endswith(".rev")
    assert list_text(page).startswith(before)  # the moves stay on the board


def test_the_page_readers_inside_pyodide_refuse_or_read_every_hostile_text(fresh) -> None:
    """A fuzz corpus through the page's own readers inside Pyodide (window.reversiRead): nothing
    but a reading or a message; afterwards the page still plays."""
    from support import hostile_texts

    f = fresh()
    page = f.page
    f.context.block("*/reversi/engine/worker.py")
    cases = hostile_texts()
    answers = page.evaluate("cases => cases.map(([kind, text]) => window.reversiRead(kind, text))", cases)
    assert len(answers) == len(cases)
    broken = [(cases[k][0], cases[k][1][:60], a) for k, a in enumerate(answers) if a.startswith("BROKEN")]
    assert not broken, broken[:5]
    assert sum(a.startswith("refused") for a in answers) > 20 and answers.count("ok") > 20
    moves = int(page.get_attribute("#board", "data-moves"))
    page.click("#board .sq.legal")
    page.wait_for_function(f"Number(document.querySelector('#board').dataset.moves) > {moves}")


#: What the first paint did with the board: its mode, the board's state and anything a stored value
#: could have injected (an element with a handler, a global, a polluted prototype).
FIRST_PAINT_JS = """() => { const board = document.getElementById('board');
    return {mode: document.documentElement.getAttribute('data-first-paint'), busy: board.getAttribute('aria-busy'),
            squares: board.querySelectorAll('[data-square]').length,
            discs: Array.from(board.querySelectorAll('[data-state="black"], [data-state="white"]'))
                .map(e => e.dataset.square + ':' + e.dataset.state).sort().join(' '),
            injected: document.querySelectorAll('img, iframe, object, [onerror], [onload], [onclick]').length,
            pwned: window.__pwned === undefined ? null : String(window.__pwned),
            polluted: ({}).polluted === undefined ? null : 'polluted'}; }"""


def test_hostile_records_of_the_position_shown_are_never_drawn_nor_break_the_first_paint(fresh, server_url) -> None:
    """The record of the position shown ("reversi.shown") that the first paint reads before Python has
    loaded, as another page of the origin may write it: a value that is hostile, damaged, another
    saved text's or another board's leaves the board waiting for Python (not the saved game drawn
    from it, no click kept), is never markup, and raises nothing; the good one is drawn. Python then
    restores the game and writes its own record."""
    from shown_cases import STATE, VALID, hostile_shown

    f = fresh()
    page = f.page
    f.context.block("*/reversi/engine/worker.py")  # two people: no computer

    def no_python(route) -> None:  # the first paint only: PyScript never starts
        route.fulfill(status=200, content_type="text/javascript", body="export {};")

    page.route("**/assets/runtime/pyscript/core.js", no_python)
    page.evaluate("localStorage.clear()")
    page.goto(server_url, wait_until="domcontentloaded")
    # each record is read by the first paint's script run again on the static board, in this one page
    # (a navigation a record would cost a second): the board as index.html has it, its attributes and
    # the kept click reset, then assets/first-board.js evaluated anew
    page.evaluate("""async () => {
        window.__pristine = document.getElementById('board').cloneNode(true);
        window.__pristine.removeAttribute('aria-busy');  // the fixture's own saved game may have left it waiting
        window.__pristine.removeAttribute('data-waiting');
        window.__firstBoard = await (await fetch('assets/first-board.js')).text(); }""")
    rerun = """([keys, texts]) => {
        localStorage.clear(); localStorage.setItem(keys[0], texts[0]); localStorage.setItem(keys[1], texts[1]);
        document.getElementById('board').replaceWith(window.__pristine.cloneNode(true));
        document.documentElement.removeAttribute('data-first-paint');
        window.REVERSI_EARLY_CLICK = null;
        (0, eval)(window.__firstBoard); }"""
    start = "d4:white d5:black e4:black e5:white"
    names = [f"{c}{r}" for r in range(1, 9) for c in "abcdefgh"]
    sides = {"X": "black", "O": "white"}
    saved = " ".join(sorted(f"{n}:{sides[x]}" for n, x in zip(names, VALID["cells"], strict=True) if x != "-"))
    cases = [("the good record", json.dumps(VALID)), *hostile_shown()]
    for what, value in cases:
        page.evaluate(rerun, [[STORAGE_KEY, SHOWN_KEY], [STATE, value]])
        seen = page.evaluate(FIRST_PAINT_JS)
        good = what == "the good record"
        assert seen == {"mode": "saved" if good else "waiting", "busy": None if good else "true", "squares": 64,
                        "discs": saved if good else start, "injected": 0, "pwned": None, "polluted": None}, what
        page.click('#board [data-square="c4"]', force=True)
        assert (page.evaluate("window.REVERSI_EARLY_CLICK") is None) != good, what  # a waiting board keeps none
    # then Python comes, with the last one stored: the game is restored, the board stops waiting, and
    # its record is written
    page.unroute("**/assets/runtime/pyscript/core.js", no_python)
    page.goto(server_url)
    wait_ready(page)
    assert list_text(page) == "1. f5 d6 2. c3" and page.get_attribute("#board", "aria-busy") is None
    page.wait_for_function(f"localStorage.getItem('{SHOWN_KEY}') !== {json.dumps(cases[-1][1])}")
    assert first_paint(storage(page), storage(page, SHOWN_KEY)) is not None
