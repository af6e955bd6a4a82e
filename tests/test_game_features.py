"""Around the board, in a real browser: move list, share link, records, autosave, clock.

Each test opens the app as a first visit finds it (no localStorage: see
browser_support.AppContext), so autosaves do not leak between tests; those that need no
first visit share one tab (``tab``). Helpers come from tests/browser_support.py. Screenshots of
the move list, the records menu and an error message go to ``tests/artifacts/``.
"""

from __future__ import annotations

import json
import time

import pytest
from browser_support import (
    ARTIFACTS,
    click_square,
    click_start,
    dom_states,
    expected_states,
    start_game,
    two_players_state,
    wait_ready,
)
from support import find_game_with_pass

from reversi import Game, Rules
from reversi.core.position import PASS, Position
from reversi.formats.notation import play_transcript, position_to_string
from reversi.formats.record import MAX_TEXT, read_record
from reversi.ui.movelist import as_text
from reversi.ui.players import Players
from reversi.ui.store.session import BROKEN_KEY, STATE_VERSION, STORAGE_KEY

pytestmark = pytest.mark.browser

LIST_TEXT_JS = "() => Array.from(document.querySelectorAll('#move-list > span')).map(e => e.textContent).join(' ')"


class Fresh:
    """A page on the app as a first visit finds it; closes itself and checks nothing left the machine.

    ``private``: in a browser context of its own (its own localStorage), beside the others.
    """

    def __init__(self, browser, server_url: str, viewport: dict | None = None, path: str = "",
                 private: bool = False) -> None:
        from browser_support import AppContext

        self.server_url = server_url
        self.context = AppContext(browser, server_url, viewport or {"width": 1280, "height": 800},
                                  reduced_motion="reduce", two_players=True, private=private)
        self.foreign = self.context.foreign
        self.errors: list[str] = []
        self.page = self.new_page(path)

    def new_page(self, path: str = ""):
        """Another tab of the same browser context (same localStorage)."""
        page = self.context.new_page()
        page.on("pageerror", lambda e: self.errors.append(str(e)))
        page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        page.goto(self.server_url + path)
        wait_ready(page)
        return page

    def close(self) -> None:
        self.context.close()
        assert not self.foreign, self.foreign
        # a request cut short (a blocked URL, the next address) is no error of the page's
        cut_short = ("Failed to load resource", "Failed to fetch")
        assert not [e for e in self.errors if not e.startswith(cut_short)], self.errors


@pytest.fixture
def fresh(browser, server_url):
    made: list[Fresh] = []

    def make(path: str = "", viewport: dict | None = None, private: bool = False) -> Fresh:
        f = Fresh(browser, server_url, viewport, path, private)
        made.append(f)
        return f

    yield make
    for f in reversed(made):
        f.close()


@pytest.fixture(scope="module")
def one_tab(browser, server_url):
    """One page for the tests that need no first visit: each starts a new game in it."""
    f = Fresh(browser, server_url, private=True)  # private: the other tests' first visits leave it alone
    f.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server_url.rstrip("/"))
    yield f
    f.close()


@pytest.fixture
def tab(one_tab):
    """The module's page on a new standard game, as a person would start one (New game)."""
    page = one_tab.page
    if page.is_visible("#alert"):
        page.click("#alert-close")
    start_game(page)
    page.wait_for_function("document.querySelector('#board').dataset.moves === '0'")
    return page


def game_of(text: str, rules: Rules | None = None) -> Game:
    return play_transcript(Position.start(rules or Rules()), text)


def list_text(page) -> str:
    return page.evaluate(LIST_TEXT_JS)


def current_ply(page) -> int:
    return int(page.get_attribute("#move-list", "data-ply"))


def wait_ply(page, ply: int) -> None:
    page.wait_for_function(f"document.querySelector('#move-list').dataset.ply === '{ply}'")


def controller_for(game: Game):
    from reversi.ui.state import Controller

    c = Controller(game.rules, players=Players())
    c.load_game(game)
    return c


def assert_shows(page, game: Game) -> None:
    """The board, the move list and the cursor of the page are those of ``game``."""
    assert dom_states(page) == expected_states(controller_for(game))
    assert list_text(page) == as_text(game)
    assert current_ply(page) == game.ply


def play(page, moves: str) -> None:
    for k in range(0, len(moves), 2):
        click_square(page, moves[k : k + 2])


def open_records(page) -> None:
    if page.get_attribute("#records", "open") is None:
        page.click("#records summary")


def load_box(page, text: str) -> None:
    open_records(page)
    page.fill("#records-input", text)
    page.click('button[data-record="load"]')


def alert(page) -> str:
    page.wait_for_selector("#alert:not([hidden])")
    return page.inner_text("#alert-text")


# -- the move list -----------------------------------------------------------------------


def test_move_list_navigation_and_variations(tab) -> None:
    page = tab
    play(page, "f5d6c3d3")
    assert list_text(page) == "1. f5 d6 2. c3 d3"
    assert page.inner_text("#move-list .current") == "d3"
    page.click('#move-list [data-ply="2"]')  # d6
    wait_ply(page, 2)
    game = game_of("f5d6c3d3")
    game.go_to(2)
    assert_shows(page, game)
    assert page.inner_text("#move-list .current") == "d6"
    assert page.locator("#move-list .ahead").count() == 0  # browsing: the game itself is still at d3
    # the keyboard, with the focus in the list (a click put it there)
    for key, ply in (("Home", 0), ("ArrowRight", 1), ("End", 4), ("ArrowLeft", 3), ("ArrowLeft", 2)):
        page.keyboard.press(key)
        wait_ply(page, ply)
    # a different move from here starts a variation: the game's own line is kept
    click_square(page, "c5")
    game.play(game.rules.geometry.parse_square("c5"))
    assert_shows(page, game)
    assert list_text(page) == "1. f5 d6 2. c3 d3"
    assert page.inner_text("#move-list .variation .current") == "c5"


def test_a_pass_shows_in_the_list(tab) -> None:
    rules = Rules()
    moves = find_game_with_pass(rules)
    game = Game(rules)
    game.play_all(moves)
    page = tab
    for m in moves:
        click_square(page, rules.geometry.name(m))
    assert "pass" in list_text(page)
    assert list_text(page) == as_text(game)
    assert page.locator("#move-list .ply.pass").count() == game.line.count(PASS)


# -- the share link --------------------------------------------------------------------------


def test_the_address_follows_the_game_and_a_link_restores_it(fresh) -> None:
    first = fresh()
    page = first.page
    play(page, "f5d6c3d3c4")
    assert page.url.endswith("?m=f5d6c3d3c4")
    page.click("#btn-undo")
    page.wait_for_function("location.search === '?m=f5d6c3d3c4&at=4'")
    link = page.url
    other = fresh(path=link[len(first.server_url) :], private=True)  # another browser: no autosave
    game = game_of("f5d6c3d3c4")
    game.go_to(4)
    assert_shows(other.page, game)
    # and playing on there: the address follows; the move taken back stays, as a variation
    click_square(other.page, "e3")
    other.page.wait_for_function("location.search === '?m=f5d6c3d3e3(c4)&v=2'")
    # a new game clears the address
    start_game(page, size=6)
    page.wait_for_function("location.search === '?s=6'")


def test_a_link_with_other_rules(fresh) -> None:
    page = fresh(path="?r=octagon&a=1&m=e4f4").page
    game = game_of("e4f4", Rules("octagon", anti=True))
    assert_shows(page, game)
    assert page.inner_text("#game-title") == Rules("octagon", anti=True).describe()


# -- records: transcripts, positions, files --------------------------------------------------


@pytest.mark.parametrize("text", ["f5d6c3", "F5D6C3", "f5 d6 c3", "1. F5 d6 2. C3", "1. f5 d6\n2. c3"])
def test_a_pasted_transcript_loads(tab, text: str) -> None:
    page = tab
    play(page, "f5")
    load_box(page, text)
    page.wait_for_function("document.querySelector('#board').dataset.moves === '3'")
    assert_shows(page, game_of("f5d6c3"))
    assert "Loaded the moves" in alert(page)


def test_a_pasted_transcript_with_passes_loads(tab) -> None:
    rules = Rules()
    moves = find_game_with_pass(rules)
    game = Game(rules)
    game.play_all(moves)
    g = rules.geometry
    text = " ".join("pass" if m == PASS else g.name(m).upper() for m in game.line)
    page = tab
    load_box(page, text)
    wait_ply(page, len(game.line))
    assert_shows(page, game)


def test_a_position_string_sets_up_the_board(tab) -> None:
    page = tab
    target = game_of("f5d6c3").position
    load_box(page, position_to_string(target))
    page.wait_for_function("document.querySelector('#move-list .moves-empty') !== null")
    assert dom_states(page) == expected_states(controller_for(Game(start=target)))
    big = Position.start(Rules(size=10))
    load_box(page, position_to_string(big))
    page.wait_for_function("document.querySelectorAll('[data-square]').length === 100")


def test_download_and_open_a_record_file(tab, tmp_path) -> None:
    page = tab
    play(page, "f5d6c3")
    open_records(page)
    with page.expect_download() as info:
        page.click('button[data-record="download"]')
    download = info.value
    assert download.suggested_filename.endswith(".rev")
    path = tmp_path / download.suggested_filename
    download.save_as(str(path))
    text = path.read_text(encoding="utf-8")
    assert read_record(text).moves == game_of("f5d6c3").line
    start_game(page)
    record = "[Rules \"othello\"]\n[Size \"6\"]\n\nc2 b2\n"
    page.set_input_files(
        "#records-file", files=[{"name": "g.rev", "mimeType": "text/plain", "buffer": record.encode()}]
    )
    page.wait_for_function("document.querySelectorAll('[data-square]').length === 36")
    assert_shows(page, read_record(record).to_game())


def test_copy_buttons(tab, server_url) -> None:
    page = tab
    play(page, "f5d6")
    open_records(page)
    for action, expected in (
        ("copy-moves", "f5d6"),
        ("copy-position", position_to_string(game_of("f5d6").position)),
        ("copy-link", server_url + "?m=f5d6"),
    ):
        page.click(f'button[data-record="{action}"]')
        page.wait_for_selector("#alert[data-kind='info']:not([hidden])")
        # the message of the previous copy may still show: wait for the clipboard itself
        deadline = time.monotonic() + 5
        got = page.evaluate("navigator.clipboard.readText()")
        while got != expected and time.monotonic() < deadline:
            page.wait_for_timeout(50)
            got = page.evaluate("navigator.clipboard.readText()")
        assert got == expected


# -- bad input never costs the game ---------------------------------------------------------


@pytest.mark.parametrize(
    "text, words",
    [("f5 f5", "transcript: move 2"), ("f5 d6 zz", "cannot read"), ("XXXX-OOOO-XXXX-OOOO O", "position:"),
     ("?m=f5f5", "link:"), ("", "paste a transcript")],
)
def test_bad_text_shows_a_message_and_keeps_the_game(tab, text: str, words: str) -> None:
    page = tab
    play(page, "f5d6")
    board = page.inner_html("#board")
    load_box(page, text)
    message = alert(page)
    assert message.startswith("Not loaded") and words in message, message
    assert page.inner_html("#board") == board and list_text(page) == "1. f5 d6"
    page.click("#alert-close")
    assert page.is_hidden("#alert")


def test_a_bad_file_shows_a_message_and_keeps_the_game(tab) -> None:
    page = tab
    play(page, "f5d6")
    page.set_input_files(
        "#records-file", files=[{"name": "bad.rev", "mimeType": "text/plain", "buffer": b"[Size \"9\"]\nf5"}]
    )
    assert "bad.rev was not opened: record:" in alert(page)
    assert list_text(page) == "1. f5 d6"


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


def hostile_state(**changes) -> str:
    """A saved state of f5d6 between two people, with fields changed (a raw text may follow)."""
    data = json.loads(two_players_state())
    data.update({"moves": "f5d6", "live": 2, "shown": [0, 0]})
    data.update(changes)
    return json.dumps(data)


#: (address, saved text, words of the link's problem, words of the saved state's problem or None: newer).
#: Three kinds, each a page load: the parsers' full lists are read under CPython
#: (tests/test_links.py, test_session.py, test_autosave.py, and fuzzed in test_fuzz.py).
HOSTILE = [
    ("?s=%C2%B2", "{not json", "s='²'", "not valid JSON"),
    ("?x=" + "a" * 30_000, hostile_state(rules={"variant": "hexagon"}, live=10**30), "too long", "rule set"),
    ("", hostile_state(version=STATE_VERSION + 1), "", None),
]


def storage(page, key: str = STORAGE_KEY):
    return page.evaluate("key => localStorage.getItem(key)", key)


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


def notice_of(page, key: str):
    return page.locator(f'#notices [data-notice="{key}"]')


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


def start_timed(page, control: str) -> None:
    """Start a game with a time control (a short one is added to the choices, as a test may)."""
    page.click("#btn-new")
    page.wait_for_selector("#new-game-dialog[open]")
    page.evaluate(
        """c => { const s = document.querySelector('#new-game-form select[name="clock"]');
                   if (![...s.options].some(o => o.value === c)) s.add(new Option(c + ' s', c)); }""",
        control,
    )
    page.select_option('#new-game-form select[name="clock"]', control)
    click_start(page)
    page.wait_for_selector("#new-game-dialog", state="hidden")


def test_a_clock_runs_for_the_side_to_move_and_ends_the_game_on_time(fresh) -> None:
    f = fresh()
    page = f.page
    start_timed(page, "3+0")
    faces = page.locator(".player-clock")
    assert faces.nth(0).is_visible() and faces.nth(1).is_visible()
    assert "running" in faces.nth(0).get_attribute("class")
    click_square(page, "f5")
    page.wait_for_function("document.querySelectorAll('.player-clock')[1].classList.contains('running')")
    black_left = int(faces.nth(0).get_attribute("data-ms"))
    assert 0 < black_left < 3000
    page.wait_for_function(
        "document.querySelector('#message').textContent === 'White loses on time'", timeout=10_000
    )
    assert page.get_attribute("#board", "data-over") == "true"
    assert page.locator(".sq.legal").count() == 0
    assert "flagged" in faces.nth(1).get_attribute("class")
    assert int(faces.nth(0).get_attribute("data-ms")) == black_left  # Black's clock stopped
    page.click('[data-square="d6"]', force=True)  # no more moves
    page.wait_for_timeout(300)
    assert list_text(page) == "1. f5"
    # the ended game survives a reload
    page.goto(f.server_url)
    wait_ready(page)
    assert page.inner_text("#message") == "White loses on time"


# -- looks -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "name, viewport",
    [("desktop", {"width": 1280, "height": 800}), ("phone", {"width": 360, "height": 740})],
)
def test_screenshots_of_the_features(fresh, name: str, viewport: dict) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page = fresh(viewport=viewport).page
    start_timed(page, "300+3")
    play(page, "f5d6c3d3c4f4f6f3e6e7d7")
    page.click('#move-list [data-ply="7"]')
    wait_ply(page, 7)
    page.screenshot(path=str(ARTIFACTS / f"{name}-movelist.png"), full_page=True)
    load_box(page, "f5 d6 q9")
    alert(page)
    page.screenshot(path=str(ARTIFACTS / f"{name}-records-error.png"), full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"], "horizontal scroll"
    panel = page.locator(".panel").bounding_box()
    for box in page.eval_on_selector_all(
        ".panel button:not([hidden]), .panel textarea, #move-list, .player, .player-clock",
        "els => els.filter(e => e.getClientRects().length).map(e => e.getBoundingClientRect().toJSON())",
    ):
        assert panel["x"] <= box["left"] + 0.5 and box["right"] <= panel["x"] + panel["width"] + 0.5, box
    names = page.eval_on_selector_all(".player-name", "els => els.map(e => e.scrollWidth <= e.clientWidth)")
    assert names == [True, True]
