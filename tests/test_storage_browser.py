"""The saved game in a real browser (Chromium via Playwright, against serve.py): autosave and its
fallbacks, a corrupted autosave, two tabs, reload and a new tab (hostile links and stored data:
tests/test_hostile_storage_browser.py). Split from
tests/test_game_features.py so that the test processes share the browser work evenly."""

from __future__ import annotations

import json

import pytest
from browser_support import (
    ARTIFACTS,
    MAIN_PY,
    alert,
    assert_shows,
    click_square,
    game_of,
    hostile_state,
    list_text,
    notice_of,
    play,
    start_game,
    storage,
    wait_ply,
    wait_ready,
)
from shown_cases import restored_view

from reversi import Game, Rules
from reversi.drawing.render import render_board
from reversi.ui.store.saved_state import STATE_VERSION
from reversi.ui.store.shown import SHOWN_KEY, first_paint, view_key

pytestmark = pytest.mark.browser


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


def go_to_ply(page, ply: int) -> None:
    if ply:
        page.click(f'#move-list [data-ply="{ply}"]')
    else:  # the start: Home in the move list
        page.click('#move-list [data-ply="1"]')
        page.keyboard.press("Home")


def test_a_game_annotated_to_the_limit_comes_back_whole_after_a_reload(fresh) -> None:
    """A 2,000-character comment typed on each position of a game: the address holds no game link
    too long to open, the box takes no more than a game may hold (and says so), and a reload brings
    the game back with every comment; the link copied leaves the comments out, and says so."""
    f = fresh()
    page = f.page
    page.goto(f.server_url + "?m=f5d6c3d3c4f4c5b3c2e3d2c6")
    wait_ready(page)
    note = ("Une note longue & {accolades} " * 80)[:2000]
    for ply in range(13):
        go_to_ply(page, ply)
        wait_ply(page, ply)
        page.fill("#comment", note)
        page.locator("#comment").blur()
    page.wait_for_function("!location.search.includes('m=')")  # the game's link would not open again
    page.wait_for_function(f"(localStorage.getItem('reversi.state') || '').length > {13 * 2000}")
    page.goto(f.server_url)
    wait_ready(page)
    assert page.is_hidden("#alert"), page.inner_text("#alert")
    assert list_text(page) == "1. f5 d6 2. c3 d3 3. c4 f4 4. c5 b3 5. c2 e3 6. d2 c6"
    for ply in (0, 6, 12):
        go_to_ply(page, ply)
        wait_ply(page, ply)
        assert page.input_value("#comment") == " ".join(note.split()), ply
    f.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.click("#records > summary")
    page.click('button[data-record="copy-link"]')
    page.wait_for_selector("#records .copy-status:has-text('Link, without the comments (too long for a link), copied')")
    link = page.evaluate("navigator.clipboard.readText()")
    assert "m=f5d6c3d3c4f4c5b3c2e3d2c6" in link and len(link) < 200


# -- a returning visit's first paint (assets/first-board.js, reversi/ui/store/shown.py) ---------------

#: Each square of a board, as drawn: its name, class, state, legal flag, ARIA attributes and every
#: element in it with its attributes (the same of the first paint's DOM and of Python's markup).
SQUARES_JS = """els => els.map(e => [e.getAttribute('data-square'), e.getAttribute('class'),
    e.getAttribute('data-state'), e.getAttribute('data-legal'), e.getAttribute('aria-disabled'),
    e.getAttribute('aria-label'),
    Array.from(e.querySelectorAll('*')).map(d => d.tagName + ' ' +
        Array.from(d.attributes).map(a => a.name + '=' + a.value).sort().join(' '))])"""


def held_tab(f, path: str = ""):
    """A new tab of ``f``'s browser on ``path`` whose Python is held back: its entry script
    (reversi/ui/dom/main.py) is asked for and kept waiting, so the page shows its first paint only.
    Returns the page and ``release()``, which lets Python in."""
    page = f.context.new_page()
    page.on("pageerror", lambda e: f.errors.append(str(e)))
    held: list = []

    def hold(route) -> None:
        held.append(route)

    page.route(MAIN_PY, hold)
    page.goto(f.server_url + path, wait_until="domcontentloaded")
    for _ in range(400):  # the runtime asks for it once it has started
        if held:
            break
        page.wait_for_timeout(50)
    assert held, "the page never asked for its Python"
    assert not is_ready(page)

    def release() -> None:
        for route in held:
            route.continue_()
        page.unroute(MAIN_PY, hold)
        wait_ready(page)

    return page, release


def is_ready(page) -> bool:
    return bool(page.evaluate("document.documentElement.classList.contains('ready')"))


def drawn_squares(page, markup: str | None = None) -> list:
    """:data:`SQUARES_JS` of the page's board, or of ``markup`` (Python's) parsed by the page."""
    if markup is None:
        return page.eval_on_selector_all("#board [data-square]", SQUARES_JS)
    return page.evaluate(f"""markup => {{ const box = document.createElement('div'); box.innerHTML = markup;
        return ({SQUARES_JS})(Array.from(box.querySelectorAll('[data-square]'))); }}""", markup)


def test_a_returning_visit_first_paints_the_saved_game_and_plays_a_click_made_on_it(fresh) -> None:
    """What the visitor sees is what they click on: before Python has loaded, the board is the saved
    game (drawn as Python draws it), and a click made then is played on that same position."""
    f = fresh()
    page = f.page
    f.context.block("*/reversi/engine/worker.py")  # two people: no computer
    play(page, "f5d6c3")
    page.wait_for_function(f"(localStorage.getItem('{SHOWN_KEY}') || '').includes('\"moves\":3')")
    saved = storage(page)
    view = restored_view(saved)
    assert first_paint(saved, storage(page, SHOWN_KEY)) is not None  # the record is the saved text's
    tab, release = held_tab(f)
    assert tab.get_attribute("html", "data-first-paint") == "saved"
    # the saved game, square by square as Python's own markup draws it (discs, last move, legal moves, labels)
    assert drawn_squares(tab) == drawn_squares(tab, render_board(view))
    assert [tab.get_attribute("#board", name) for name in ("data-moves", "data-turn", "data-over", "aria-busy")] == [
        "3", "white", "false", None]
    counts = [str(view.cells.count(side)) for side in ("black", "white")]
    assert tab.inner_text(".players").split() == ["Black", counts[0], "White", counts[1]]
    assert counts == ["5", "2"]
    assert tab.is_visible(".player[data-side='1'].to-move")
    # not the start's "No moves yet" nor "Black to move": the page says it is loading the game
    assert tab.is_hidden(".moves-empty") and tab.is_hidden("#message") and tab.is_hidden(".board-wait")
    assert tab.inner_text(".status .first-paint-note") == "Loading your game…"
    ARTIFACTS.mkdir(exist_ok=True)
    tab.screenshot(path=str(ARTIFACTS / "desktop-returning-first-paint.png"))
    square = sorted(view.legal)[0]
    tab.click(f'#board [data-square="{square}"]')
    assert tab.get_attribute(f'#board [data-square="{square}"]', "data-queued") == "true"
    assert tab.evaluate("window.REVERSI_EARLY_CLICK") == {"square": square, "shown": view_key(view)}
    release()
    tab.wait_for_function("document.querySelector('#board').dataset.moves === '4'")
    assert list_text(tab) == f"1. f5 d6 2. c3 {square}"
    assert tab.get_attribute("#board", "aria-busy") is None and tab.is_visible("#message")
    # a link to another game: not the saved game's position, nor the start's: the board waits for Python
    other, release = held_tab(f, "?m=f5d6")
    assert other.get_attribute("html", "data-first-paint") == "waiting"
    other.click('#board [data-square="c4"]')
    assert other.evaluate("window.REVERSI_EARLY_CLICK") is None  # no click taken on a board that waits
    release()
    assert list_text(other) == "1. f5 d6" and other.get_attribute("#board", "data-moves") == "2"
    other.wait_for_function(f"(localStorage.getItem('{SHOWN_KEY}') || '').includes('\"moves\":2')")
    # the saved game drawn (the link's, saved over it), then another tab saves another game before Python
    # has come: a click made on the position drawn is not played on the other one
    again, release = held_tab(f)
    assert again.get_attribute("html", "data-first-paint") == "saved"
    again.click('#board [data-square="c4"]')
    assert again.evaluate("window.REVERSI_EARLY_CLICK.square") == "c4"
    again.evaluate("text => localStorage.setItem('reversi.state', text)", hostile_state(moves="f5d6c3", live=3,
                                                                                       shown=[0, 0, 0]))
    release()
    again.wait_for_selector("#notice:has-text('was not played')")
    assert again.inner_text("#notice") == ("c4 was clicked while the page loaded, on another position than the "
                                           "game's: it was not played.")
    assert list_text(again) == "1. f5 d6 2. c3" and again.get_attribute("#board", "data-moves") == "3"


def test_a_friends_reply_carries_the_saved_game_on_and_the_next_visit_first_paints_it(fresh) -> None:
    """A game by correspondence: I play, my friend sends back the link with their move. Opening it says
    so and carries my game on (my players, no "Back to my game"); before Python the board waits (the
    saved game is one move behind); a reload then first paints the game with the reply."""
    f = fresh()
    page = f.page
    f.context.block("*/reversi/engine/worker.py")  # two people: no computer
    play(page, "f5d6")
    page.wait_for_function("location.search === '?m=f5d6'")  # the address is the game's link
    page.wait_for_function(f"(localStorage.getItem('{SHOWN_KEY}') || '').includes('\"moves\":2')")
    settings = json.loads(storage(page))["settings"]
    page.close()
    reply, release = held_tab(f, "?m=f5d6c3")  # my friend's link: c3 played on my game
    assert reply.get_attribute("html", "data-first-paint") == "waiting"  # not my game one move behind
    assert reply.get_attribute("#board", "aria-busy") == "true"
    release()
    assert alert(reply) == "Your friend replied: c3"
    assert reply.get_attribute("#alert", "data-kind") == "notice"
    assert reply.locator('#alert [data-notice-action="previous"]').count() == 0  # no other game kept aside
    assert_shows(reply, game_of("f5d6c3"))
    assert reply.get_attribute('#board [data-square="c3"]', "class") == "sq last"
    reply.wait_for_function(f"(localStorage.getItem('{SHOWN_KEY}') || '').includes('\"moves\":3')")
    saved = storage(reply)
    assert json.loads(saved)["moves"] == "f5d6c3" and json.loads(saved)["settings"] == settings
    assert reply.evaluate("localStorage.getItem('reversi.previous')") is None
    address = str(reply.evaluate("location.search"))
    assert address == "?m=f5d6c3"
    reply.close()
    # the next visit at that address (a reload): the game with the reply, drawn before Python
    again, release = held_tab(f, address)
    assert again.get_attribute("html", "data-first-paint") == "saved"
    assert drawn_squares(again) == drawn_squares(again, render_board(restored_view(saved, address)))
    release()
    assert again.is_hidden("#alert") and list_text(again) == "1. f5 d6 2. c3"


def test_the_first_paint_draws_the_saved_game_at_its_own_address_only(fresh, server_url) -> None:
    """The addresses of tests/shown_cases.py (the saved game's own link, a friend's reply, another game...)
    read by assets/first-board.js as reversi/ui/store/shown.py reads them (first_paint_mode), in one page
    whose Python never starts: the script is run again on the static board for each."""
    from shown_cases import ADDRESSES, STATE, VALID

    from reversi.ui.store.saved_state import STORAGE_KEY
    from reversi.ui.store.shown import first_paint_mode

    f = fresh()
    page = f.page

    def no_python(route) -> None:
        route.fulfill(status=200, content_type="text/javascript", body="export {};")

    page.route("**/assets/runtime/pyscript/core.js", no_python)
    page.goto(server_url, wait_until="domcontentloaded")
    page.evaluate("""async () => {
        window.__pristine = document.getElementById('board').cloneNode(true);
        window.__pristine.removeAttribute('aria-busy');
        window.__pristine.removeAttribute('data-waiting');
        window.__firstBoard = await (await fetch('assets/first-board.js')).text(); }""")
    rerun = """([query, keys, texts]) => {
        history.replaceState(null, '', location.pathname + query);
        localStorage.clear(); localStorage.setItem(keys[0], texts[0]); localStorage.setItem(keys[1], texts[1]);
        document.getElementById('board').replaceWith(window.__pristine.cloneNode(true));
        document.documentElement.removeAttribute('data-first-paint');
        (0, eval)(window.__firstBoard);
        return document.documentElement.getAttribute('data-first-paint'); }"""
    record = json.dumps(VALID)
    seen = {what: page.evaluate(rerun, [query, [STORAGE_KEY, SHOWN_KEY], [STATE, record]])
            for what, query, _mode in ADDRESSES}
    assert seen == {what: first_paint_mode(STATE, record, query) for what, query, _mode in ADDRESSES}
    assert seen == {what: mode for what, _query, mode in ADDRESSES}


def test_a_saved_game_the_first_paint_cannot_draw_waits_and_takes_no_click(fresh) -> None:
    """A saved game on another board (10x10), or whose record is damaged: the board is dimmed, says it
    is loading, is busy for screen readers and takes no click until Python holds the game."""
    f = fresh()
    page = f.page
    f.context.block("*/reversi/engine/worker.py")  # two people: no computer
    start_game(page, size=10)
    play(page, "e4")
    page.wait_for_function(f"(localStorage.getItem('{SHOWN_KEY}') || '').includes('10x10')")
    for case in ("another board", "a damaged record"):
        if case == "a damaged record":
            play(page, "d4")  # the record written, then damaged
            page.wait_for_function(f"(localStorage.getItem('{SHOWN_KEY}') || '').includes('\"moves\":2')")
            page.evaluate(f"localStorage.setItem('{SHOWN_KEY}', localStorage.getItem('{SHOWN_KEY}').slice(0, -9))")
        moves = page.get_attribute("#board", "data-moves")
        tab, release = held_tab(f)
        assert tab.get_attribute("html", "data-first-paint") == "waiting", case
        assert tab.get_attribute("#board", "data-waiting") == "true"
        assert tab.get_attribute("#board", "aria-busy") == "true"
        assert tab.inner_text(".board-wait") == "Loading your game…"
        assert tab.is_hidden("#board .disc >> nth=0") and tab.is_hidden(".moves-empty") and tab.is_hidden("#message")
        if case == "another board":
            ARTIFACTS.mkdir(exist_ok=True)
            tab.screenshot(path=str(ARTIFACTS / "desktop-returning-waiting.png"))
        tab.click('#board [data-square="d3"]')  # taken by nothing: no square kept, nothing played later
        assert tab.locator("[data-queued]").count() == 0 and tab.evaluate("window.REVERSI_EARLY_CLICK") is None
        release()
        assert tab.get_attribute("#board", "aria-busy") is None and tab.get_attribute("#board", "data-waiting") is None
        assert tab.is_hidden(".board-wait") and tab.is_visible("#board .disc >> nth=0")
        tab.wait_for_timeout(300)
        assert tab.get_attribute("#board", "data-moves") == moves and tab.inner_text("#notice") == ""
        assert tab.locator("[data-square]").count() == 100
        tab.close()


# -- the clock --------------------------------------------------------------------------------------
