"""The saved game in a real browser (Chromium via Playwright, against serve.py): autosave and its
fallbacks, a corrupted autosave, two tabs, reload and a new tab (hostile links and stored data:
tests/test_hostile_storage_browser.py). Split from
tests/test_game_features.py so that the test processes share the browser work evenly."""

from __future__ import annotations

import json

import pytest
from browser_support import (
    ARTIFACTS,
    alert,
    assert_shows,
    click_square,
    game_of,
    list_text,
    notice_of,
    play,
    start_game,
    storage,
    wait_ply,
    wait_ready,
)

from reversi import Game, Rules
from reversi.ui.store.session import STATE_VERSION

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


# -- the clock --------------------------------------------------------------------------------------
