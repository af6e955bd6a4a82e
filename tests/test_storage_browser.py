"""The saved game in a real browser (Chromium via Playwright, against serve.py): autosave and its
fallbacks, hostile links and stored data, two tabs, reload and a new tab. Split from
tests/test_game_features.py so that the test processes share the browser work evenly."""

from __future__ import annotations

import json

from browser_support import (
    ARTIFACTS,
    alert,
    assert_shows,
    click_square,
    game_of,
    hostile_state,
    list_text,
    notice_of,
    open_records,
    play,
    start_game,
    storage,
    wait_ply,
    wait_ready,
)

from reversi import Game, Rules
from reversi.formats.record import MAX_TEXT
from reversi.ui.store.session import BROKEN_KEY, STATE_VERSION, STORAGE_KEY


def test_a_bad_link_falls_back_to_the_autosave(fresh) -> None:
    f = fresh()
    play(f.page, "f5d6c3")
    page = f.new_page("?m=f5d6zz")
    assert "The link could not be opened: transcript" in alert(page)
    assert_shows(page, game_of("f5d6c3"))
    page.wait_for_function("location.search === '?m=f5d6c3'")  # the bad address is replaced
    # no autosave either: a new game (a first visit again)
    f.context.close()
    other = fresh(path="?s=9&m=f5")
    assert "The link could not be opened: " in alert(other.page)
    assert_shows(other.page, Game(Rules()))


#: Saved states the page cannot read: the hostile ones below are read with hostile links; this one,
#: an older version's, alone (the parsers' cases are in tests/test_session.py and test_autosave.py).
CORRUPT = [
    ('{"version": 0}', "version 0 is not supported"),
]


def test_a_corrupted_autosave_shows_a_message_and_starts_a_new_game(fresh, server_url) -> None:
    """Each corrupted autosave in turn, in one tab (a reload reads it)."""
    f = fresh()
    page = f.page
    f.context.block("*/reversi/engine/worker.py")  # no computer: faster loads
    for stored, words in CORRUPT:
        page.evaluate("text => localStorage.setItem('reversi.state', text)", stored)
        page.goto(server_url)
        wait_ready(page)
        message = alert(page)
        assert message.startswith("The saved game could not be restored") and words in message, message
        assert_shows(page, Game(Rules()))
        # the broken state is moved aside (never read again), and the new game saved in its place
        assert page.evaluate("localStorage.getItem('reversi.state.broken')") == stored
        assert json.loads(page.evaluate("localStorage.getItem('reversi.state')"))["moves"] == ""
        click_square(page, "f5")
        saved = json.loads(page.evaluate("localStorage.getItem('reversi.state')"))
        assert saved["moves"] == "f5" and saved["version"] == STATE_VERSION


#: (address, saved text, words of the link's problem, words of the saved state's problem or None: newer).
#: Three kinds, each a page load: the parsers' full lists are read under CPython
#: (tests/test_links.py, test_session.py, test_autosave.py, and fuzzed in test_fuzz.py).
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
        "#records-file", files=[{"name": "huge.rev", "mimeType": "text/plain", "buffer": b"f5" * (MAX_TEXT // 2 + 1)}]
    )
    assert f"huge.rev was not opened: it is {MAX_TEXT + 2:,} bytes" in alert(page)
    assert list_text(page) == "1. f5"


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
        page.wait_for_selector('#board[data-engine="unavailable"]')
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


def test_a_tab_never_silently_overwrites_another_tabs_newer_moves(fresh) -> None:
    f = fresh()
    a = f.page
    f.context.block("*/reversi/engine/worker.py")  # two people: no computer
    play(a, "f5")
    b = f.new_page()  # the same game, from the autosave
    assert list_text(b) == "1. f5"
    play(b, "d6c3")
    notice_of(a, "other-tab").wait_for()  # A heard of it at once
    assert a.inner_text("#notices").startswith("This game was changed in another tab.")
    ARTIFACTS.mkdir(exist_ok=True)
    a.bring_to_front()  # a tab in the background paints nothing to take
    a.screenshot(path=str(ARTIFACTS / "desktop-other-tab.png"), full_page=True)
    play(a, "f6")  # a move in A: not saved over B's
    assert json.loads(storage(a))["moves"] == "f5d6c3"
    # Load it: A shows B's game, and saves again
    a.click('#notices button[data-notice-action="load-other"]')
    notice_of(a, "other-tab").wait_for(state="detached")
    assert list_text(a) == "1. f5 d6 2. c3"
    play(a, "d3")
    assert json.loads(storage(a))["moves"] == "f5d6c3d3"
    # B heard of that; B keeps its own game, deliberately
    notice_of(b, "other-tab").wait_for()
    b.set_viewport_size({"width": 390, "height": 844})
    b.bring_to_front()
    b.screenshot(path=str(ARTIFACTS / "phone-other-tab.png"), full_page=True)
    b.click('#notices button[data-notice-action="overwrite"]')
    notice_of(b, "other-tab").wait_for(state="detached")
    b.wait_for_function("JSON.parse(localStorage.getItem('reversi.state')).moves === 'f5d6c3'")
    # A is told, and closing it does not save over B's game
    notice_of(a, "other-tab").wait_for()
    a.close(run_before_unload=True)
    b.wait_for_timeout(300)
    assert json.loads(storage(b))["moves"] == "f5d6c3"
    play(b, "d3")
    assert json.loads(storage(b))["moves"] == "f5d6c3d3"


# -- autosave -----------------------------------------------------------------------------------


def test_reload_and_a_new_tab_resume_the_game(fresh) -> None:
    f = fresh()
    page = f.page
    start_game(page, variant="octagon", anti=True)
    play(page, "e4f4")
    page.click("#btn-undo")
    wait_ply(page, 1)
    game = game_of("e4f4", Rules("octagon", anti=True))
    game.go_to(1)
    page.goto(f.server_url)  # the plain address: the autosave
    wait_ready(page)
    assert_shows(page, game)
    page.close()
    tab = f.new_page()  # the tab was closed: a new one
    assert_shows(tab, game)
    # the new-game choices are remembered too
    tab.click("#btn-new")
    assert tab.is_checked('#new-game-form input[name="variant"][value="octagon"]')
    assert tab.is_checked('#new-game-form input[name="anti"]')


# -- the clock --------------------------------------------------------------------------------------


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
