"""Around the board, in a real browser: move list, share link, records, autosave, clock.

Each test boots its own browser context (its own localStorage), so autosaves do
not leak between tests. Helpers come from tests/test_page.py. Screenshots of the
move list, the records menu and an error message go to ``tests/artifacts/``.
"""

from __future__ import annotations

import json
import time

import pytest
from test_page import ARTIFACTS, boot, click_square, dom_states, expected_states, start_game, wait_ready
from test_ui_state import find_game_with_pass

from reversi import Game, Rules
from reversi.core.position import PASS, Position
from reversi.formats.notation import play_transcript, position_to_string
from reversi.formats.record import read_record
from reversi.ui.movelist import as_text
from reversi.ui.players import Players

pytestmark = pytest.mark.browser

LIST_TEXT_JS = "() => Array.from(document.querySelectorAll('#move-list > span')).map(e => e.textContent).join(' ')"


class Fresh:
    """A new context and page on the app; closes itself and checks nothing left the machine."""

    def __init__(self, browser, server_url: str, viewport: dict | None = None, path: str = "") -> None:
        self.browser, self.server_url = browser, server_url
        self.context, self.page, self.foreign, _, self.errors = boot(
            browser, server_url + path, viewport or {"width": 1280, "height": 800}, reduced_motion="reduce"
        )
        wait_ready(self.page)

    def new_page(self, path: str = ""):
        """Another tab of the same browser context (same localStorage)."""
        page = self.context.new_page()
        page.on("pageerror", lambda e: self.errors.append(str(e)))
        page.goto(self.server_url + path)
        wait_ready(page)
        return page

    def close(self) -> None:
        self.context.close()
        assert not self.foreign, self.foreign
        assert not [e for e in self.errors if "Failed to load resource" not in e], self.errors


@pytest.fixture
def fresh(browser, server_url):
    made: list[Fresh] = []

    def make(path: str = "", viewport: dict | None = None) -> Fresh:
        f = Fresh(browser, server_url, viewport, path)
        made.append(f)
        return f

    yield make
    for f in made:
        f.close()


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


def load_box(page, text: str) -> None:
    if page.get_attribute("#records", "open") is None:
        page.click("#records summary")
    page.fill("#records-input", text)
    page.click('button[data-record="load"]')


def alert(page) -> str:
    page.wait_for_selector("#alert:not([hidden])")
    return page.inner_text("#alert-text")


# -- the move list -----------------------------------------------------------------------


def test_move_list_navigation_and_branching(fresh) -> None:
    page = fresh().page
    play(page, "f5d6c3d3")
    assert list_text(page) == "1. f5 d6 2. c3 d3"
    assert page.inner_text("#move-list .current") == "d3"
    page.click('#move-list [data-ply="2"]')  # d6
    wait_ply(page, 2)
    game = game_of("f5d6c3d3")
    game.go_to(2)
    assert_shows(page, game)
    assert page.inner_text("#move-list .current") == "d6"
    assert page.eval_on_selector_all("#move-list .ahead", "els => els.map(e => e.textContent)") == ["c3", "d3"]
    # the keyboard, with the focus in the list (a click put it there)
    for key, ply in (("Home", 0), ("ArrowRight", 1), ("End", 4), ("ArrowLeft", 3), ("ArrowLeft", 2)):
        page.keyboard.press(key)
        wait_ply(page, ply)
    # a different move from here starts a new line
    click_square(page, "c5")
    game.play(game.rules.geometry.parse_square("c5"))
    assert_shows(page, game)
    assert list_text(page) == "1. f5 d6 2. c5"
    assert page.locator("#move-list .ahead").count() == 0


def test_a_pass_shows_in_the_list(fresh) -> None:
    rules = Rules()
    moves = find_game_with_pass(rules)
    game = Game(rules)
    game.play_all(moves)
    page = fresh().page
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
    other = fresh(path=link[len(first.server_url) :])  # a new browser context: no autosave
    game = game_of("f5d6c3d3c4")
    game.go_to(4)
    assert_shows(other.page, game)
    # and playing on there: the address follows
    click_square(other.page, "e3")
    other.page.wait_for_function("location.search === '?m=f5d6c3d3e3'")
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
def test_a_pasted_transcript_loads(fresh, text: str) -> None:
    page = fresh().page
    play(page, "f5")
    load_box(page, text)
    page.wait_for_function("document.querySelector('#board').dataset.moves === '3'")
    assert_shows(page, game_of("f5d6c3"))
    assert "Loaded the moves" in alert(page)


def test_a_pasted_transcript_with_passes_loads(fresh) -> None:
    rules = Rules()
    moves = find_game_with_pass(rules)
    game = Game(rules)
    game.play_all(moves)
    g = rules.geometry
    text = " ".join("pass" if m == PASS else g.name(m).upper() for m in game.line)
    page = fresh().page
    load_box(page, text)
    wait_ply(page, len(game.line))
    assert_shows(page, game)


def test_a_position_string_sets_up_the_board(fresh) -> None:
    page = fresh().page
    target = game_of("f5d6c3").position
    load_box(page, position_to_string(target))
    page.wait_for_function("document.querySelector('#move-list .moves-empty') !== null")
    assert dom_states(page) == expected_states(controller_for(Game(start=target)))
    big = Position.start(Rules(size=10))
    load_box(page, position_to_string(big))
    page.wait_for_function("document.querySelectorAll('[data-square]').length === 100")


def test_download_and_open_a_record_file(fresh, tmp_path) -> None:
    page = fresh().page
    play(page, "f5d6c3")
    page.click("#records summary")
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


def test_copy_buttons(fresh) -> None:
    f = fresh()
    page = f.page
    f.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=f.server_url.rstrip("/"))
    play(page, "f5d6")
    page.click("#records summary")
    for action, expected in (
        ("copy-moves", "f5d6"),
        ("copy-position", position_to_string(game_of("f5d6").position)),
        ("copy-link", f.server_url + "?m=f5d6"),
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
def test_bad_text_shows_a_message_and_keeps_the_game(fresh, text: str, words: str) -> None:
    page = fresh().page
    play(page, "f5d6")
    board = page.inner_html("#board")
    load_box(page, text)
    message = alert(page)
    assert message.startswith("Not loaded") and words in message, message
    assert page.inner_html("#board") == board and list_text(page) == "1. f5 d6"
    page.click("#alert-close")
    assert page.is_hidden("#alert")


def test_a_bad_file_shows_a_message_and_keeps_the_game(fresh) -> None:
    page = fresh().page
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
    assert "The link could not be opened: link: transcript" in alert(page)
    assert_shows(page, game_of("f5d6c3"))
    page.wait_for_function("location.search === '?m=f5d6c3'")  # the bad address is replaced
    # no autosave either: a new game
    other = fresh(path="?s=9&m=f5")
    assert "The link could not be opened: link:" in alert(other.page)
    assert_shows(other.page, Game(Rules()))


CORRUPT = [
    ("{not json", "not valid JSON"),
    ('{"version": 99}', "version 99 is not supported"),
    (json.dumps({"version": 1, "rules": {}, "start": None, "moves": "f5f5", "ply": 2, "settings": {},
                 "clock": None}),
     "moves: transcript: move 2"),
    (json.dumps({"version": 1, "rules": {"size": "8"}, "start": None, "moves": "", "ply": 0, "settings": {},
                 "clock": None}),
     "size must be a whole number"),
    (json.dumps({"version": 1, "rules": {}, "start": None, "moves": "f5", "ply": 5, "settings": {},
                 "clock": None}),
     "ply 5 is outside"),
]


@pytest.mark.parametrize("stored, words", CORRUPT)
def test_a_corrupted_autosave_shows_a_message_and_starts_a_new_game(fresh, stored: str, words: str) -> None:
    f = fresh()
    f.page.evaluate("text => localStorage.setItem('reversi.state', text)", stored)
    page = f.new_page()
    message = alert(page)
    assert message.startswith("The saved game could not be restored") and words in message, message
    assert_shows(page, Game(Rules()))
    # the broken state is kept aside, and left in place until the first move
    assert page.evaluate("localStorage.getItem('reversi.state.broken')") == stored
    assert page.evaluate("localStorage.getItem('reversi.state')") == stored
    click_square(page, "f5")
    saved = json.loads(page.evaluate("localStorage.getItem('reversi.state')"))
    assert saved["moves"] == "f5" and saved["version"] == 1


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
    page.click("#btn-start")
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
