"""Around the board, in a real browser: move list, share link, records, autosave, clock.

Each test opens the app as a first visit finds it (no localStorage: see
browser_support.AppContext), so autosaves do not leak between tests; those that need no
first visit share one tab (``tab``). Helpers come from tests/browser_support.py. Screenshots of
the move list, the records menu and an error message go to ``tests/artifacts/``.
"""

from __future__ import annotations

import re

import pytest
from browser_support import (
    ARTIFACTS,
    Fresh,
    alert,
    assert_shows,
    click_square,
    click_start,
    controller_for,
    dom_states,
    expected_states,
    game_of,
    list_text,
    load_box,
    new_game,
    open_records,
    play,
    records_message,
    start_game,
    wait_ply,
    wait_ready,
)
from support import find_game_with_pass

from reversi import Game, Rules
from reversi.core.position import PASS, Position
from reversi.formats.notation import position_to_string
from reversi.formats.record import read_record
from reversi.ui.move_list import as_text

pytestmark = pytest.mark.browser




@pytest.fixture(scope="module")
def one_tab(browser, server_url):
    """One page for the tests that need no first visit: each starts a new game in it."""
    f = Fresh(browser, server_url, private=True)  # private: the other tests' first visits leave it alone
    f.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server_url.rstrip("/"))
    yield f
    f.close()


#: A box of the page's, for a failed assertion's message.
BOX_OF = "s => document.querySelector(s).getBoundingClientRect().toJSON()"


@pytest.fixture
def tab(one_tab):
    """The module's page on a new standard game, as a person would start one (New game)."""
    page = one_tab.page
    if page.is_visible("#alert"):
        page.click("#alert-close")
    start_game(page)
    page.wait_for_function("document.querySelector('#board').dataset.moves === '0'")
    return page


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
    moves = find_game_with_pass(rules, within=24)  # clicked one by one
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


@pytest.mark.parametrize("text, form", [
    ("f5d6c3", "small letters, back to back"), ("F5D6C3", "capital letters, back to back"),
    ("f5 d6 c3", "small letters, with separators"), ("1. F5 d6 2. C3", "numbered, mixed letters, with separators"),
    ("1. f5 d6\n2. c3", "numbered"), ("F5 (0:05) D6 (0:03) C3 (0:10)", "clock times left out"),
])
def test_a_pasted_transcript_loads_and_its_form_is_named(tab, text: str, form: str) -> None:
    page = tab
    play(page, "f5")
    load_box(page, text)
    page.wait_for_function("document.querySelector('#board').dataset.moves === '3'")
    assert_shows(page, game_of("f5d6c3"))
    message = records_message(page)
    assert "Loaded the moves" in message and form in message, message


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
    # named by the rules, the local day and minute: two games of a day have two names
    assert re.fullmatch(r"reversi-othello-8x8-\d{4}-\d\d-\d\d-\d{4}\.rev", info.value.suggested_filename)
    assert info.value.suggested_filename[20:30] == page.evaluate(
        "(() => { const d = new Date(); return [d.getFullYear(), String(d.getMonth() + 1).padStart(2, '0'), "
        "String(d.getDate()).padStart(2, '0')].join('-'); })()")
    page.click("#game-details summary")
    for side, name in (("Black", "Łukasz Dvořák"), ("White", "Ann/O'Neil")):
        page.fill(f'#game-details input[name="{side}"]', name)
        page.keyboard.press("Tab")
    with page.expect_download() as info:
        page.click('button[data-record="download"]')
    download = info.value  # and by the players' names, in plain letters
    assert re.fullmatch(r"reversi-othello-8x8-lukasz-dvorak-vs-ann-o-neil-\d{4}-\d\d-\d\d-\d{4}\.rev",
                        download.suggested_filename), download.suggested_filename
    path = tmp_path / download.suggested_filename
    download.save_as(str(path))
    text = path.read_text(encoding="utf-8")
    assert read_record(text).moves == game_of("f5d6c3").line
    with page.expect_download() as info:
        page.click('button[data-record="download-ggf"]')
    ggf_name = info.value.suggested_filename
    assert ggf_name.startswith("reversi-othello-8x8-lukasz-dvorak-vs-ann-o-neil-") and ggf_name.endswith(".ggf")
    ggf = open(info.value.path(), encoding="utf-8").read()
    from reversi.formats.ggf import read_ggf

    assert ggf.startswith("(;GM[Othello]") and read_ggf(ggf).moves == game_of("f5d6c3").line
    start_game(page)
    record = "[Rules \"othello\"]\n[Size \"6\"]\n\nc2 b2\n"
    page.set_input_files(
        "#records-file", files=[{"name": "g.rev", "mimeType": "text/plain", "buffer": record.encode()}]
    )
    page.wait_for_function("document.querySelectorAll('[data-square]').length === 36")
    assert_shows(page, read_record(record).to_game())


#: The two sizes a confirmation must be seen at, beside the button used.
SIZES = ({"width": 1280, "height": 800}, {"width": 390, "height": 844})
#: Where an element is on the screen.
BOX_JS = "e => e.getBoundingClientRect().toJSON()"


def clipboard_is(page, expected: str) -> None:
    """Wait until the clipboard holds ``expected`` (a copy is asked for in the click, done a moment later)."""
    page.wait_for_function("t => navigator.clipboard.readText().then(c => c === t)", arg=expected)


def assert_beside(page, status: str, button: str, viewport: dict, most: float) -> None:
    """The status line ``status`` is on the screen, at most ``most`` pixels from ``button``."""
    near = page.eval_on_selector(status, BOX_JS)
    used = page.eval_on_selector(button, BOX_JS)
    assert near["height"] > 0 and near["top"] >= 0 and near["bottom"] <= viewport["height"], near
    assert 0 <= near["left"] and near["right"] <= viewport["width"], near
    gap = max(near["top"] - used["bottom"], used["top"] - near["bottom"], 0)
    assert gap <= most, (gap, near, used)
    assert near["left"] < used["right"] and near["right"] > used["left"], (near, used)  # under it, not aside


def test_copy_buttons_copy_and_say_so_beside_them(tab, server_url) -> None:
    """Copy moves, Copy position, Copy link: the clipboard holds each, and "Moves copied" shows under
    the Game menu's buttons, on the screen at both sizes, not in the message line at the top."""
    page = tab
    play(page, "f5d6")
    open_records(page)
    try:
        for viewport in SIZES:
            page.set_viewport_size(viewport)
            for action, expected, said in (
                ("copy-moves", "f5d6", "Moves copied"),
                ("copy-position", position_to_string(game_of("f5d6").position), "Position copied"),
                ("copy-link", server_url + "?m=f5d6", "Link copied"),
            ):
                button = f'button[data-record="{action}"]'
                page.click(button)
                clipboard_is(page, expected)
                page.wait_for_function(
                    "t => document.querySelector('#records .copy-status').textContent.trim() === t", arg=said)
                assert page.get_attribute("#records .copy-status", "role") == "status"
                assert_beside(page, "#records .copy-status", button, viewport, 12)
                assert page.is_hidden("#alert")
            if viewport["width"] == 390:
                page.screenshot(path=str(ARTIFACTS / "records-copied-phone.png"))
        # the confirmation goes by itself
        page.wait_for_function("document.querySelector('#records .copy-status').textContent === ''", timeout=30_000)
    finally:
        page.set_viewport_size(SIZES[0])


#: A share sheet that notes what it was given and answers as ``window.shareAnswer`` says (a
#: DOMException's name: AbortError when the person closes it), else shares.
SHARE_SHEET_JS = """
window.sharedWith = [];
const share = data => {
  window.sharedWith.push({title: data.title, text: data.text, url: data.url});
  return window.shareAnswer ? Promise.reject(new DOMException("stub", window.shareAnswer)) : Promise.resolve();
};
Object.defineProperty(Navigator.prototype, "share", {value: share, configurable: true, writable: true});
Object.defineProperty(Navigator.prototype, "canShare", {value: () => true, configurable: true, writable: true});
"""
#: A browser without a share sheet (a desktop's).
NO_SHARE_SHEET_JS = "delete Navigator.prototype.share; delete Navigator.prototype.canShare;"
#: A clipboard that refuses every copy.
NO_CLIPBOARD_JS = (
    "Object.defineProperty(Clipboard.prototype, 'writeText', {configurable: true, "
    "value: () => Promise.reject(new DOMException('refused', 'NotAllowedError'))});"
)


def page_with(fresh, script: str, viewport: dict | None = None):
    """A first visit's page whose scripts start after ``script``, the clipboard allowed."""
    return fresh(viewport=viewport, script=script, clipboard=True).page


def share_status(page) -> str:
    return page.evaluate("document.querySelector('#share-status').textContent").strip()


def test_share_opens_the_share_sheet_with_the_games_link(fresh, server_url) -> None:
    """Share gives the system's share sheet the game's link (the one Copy link copies), a title and
    the score; closing the sheet is no error and copies nothing; a sheet that fails copies the link."""
    page = page_with(fresh, SHARE_SHEET_JS)
    play(page, "f5d6c3")
    share = page.locator("#btn-share")
    assert share.is_enabled() and share.inner_text().strip() == "Share"
    assert share.get_attribute("type") == "button"
    page.evaluate("navigator.clipboard.writeText('before')")
    share.click()
    page.wait_for_function("window.sharedWith.length === 1")
    assert page.evaluate("window.sharedWith[0]") == {
        "title": "Reversi: Othello 8x8",
        "text": "Othello 8x8, after 2. Black c3: Black 5, White 2",
        "url": server_url + "?m=f5d6c3",
    }
    page.evaluate("window.shareAnswer = 'AbortError'")  # the person closes the sheet
    share.click()
    page.wait_for_function("window.sharedWith.length === 2")
    page.wait_for_timeout(300)
    assert share_status(page) == "" and page.is_hidden("#alert")
    assert page.evaluate("navigator.clipboard.readText()") == "before"
    page.evaluate("window.shareAnswer = 'NotAllowedError'")  # a sheet that cannot open: the link copied
    share.click()
    page.wait_for_function("window.sharedWith.length === 3")
    clipboard_is(page, server_url + "?m=f5d6c3")
    page.wait_for_function("document.querySelector('#share-status').textContent.trim() === 'Link copied'")
    open_records(page)
    page.click('button[data-record="copy-link"]')
    clipboard_is(page, server_url + "?m=f5d6c3")  # the same link as Copy link


@pytest.mark.parametrize("viewport", SIZES, ids=["desktop", "phone"])
def test_share_copies_the_link_where_there_is_no_share_sheet(fresh, server_url, viewport: dict) -> None:
    page = page_with(fresh, NO_SHARE_SHEET_JS, viewport)
    play(page, "f5d6")
    page.click("#btn-share")
    clipboard_is(page, server_url + "?m=f5d6")
    page.wait_for_function("document.querySelector('#share-status').textContent.trim() === 'Link copied'")
    assert page.get_attribute("#share-status", "role") == "status"
    assert page.get_attribute("#share-status", "aria-live") == "polite"
    assert_beside(page, "#share-status", "#btn-share", viewport, 12)
    assert page.is_hidden("#alert")
    # the controls fit their row: no button's label cut or wrapped onto a third line
    for box in page.eval_on_selector_all("#controls .btn:not([hidden])", "els => els.map(e => [e.scrollWidth, "
                                         "e.clientWidth, e.getBoundingClientRect().height])"):
        assert box[0] <= box[1] and box[2] <= 60, box
    page.wait_for_function("document.querySelector('#share-status').textContent === ''", timeout=30_000)


def test_a_copy_the_clipboard_refuses_goes_into_a_box_and_says_so(fresh, server_url) -> None:
    """No clipboard: Copy moves and Share put the text into the Game menu's box, selected; Copy HTML
    selects the HTML in its own box; each says so beside the button used."""
    page = page_with(fresh, NO_CLIPBOARD_JS + NO_SHARE_SHEET_JS)
    play(page, "f5d6")
    open_records(page)
    page.click('button[data-record="copy-moves"]')
    page.wait_for_function("document.querySelector('#records .copy-status').textContent.trim() === "
                           "'Moves: in the box below, ready to copy'")
    assert page.input_value("#records-input") == "f5d6"
    page.click("#btn-share")
    page.wait_for_function("document.querySelector('#share-status').textContent.trim() === "
                           "'Link: in the box below, ready to copy'")
    assert page.input_value("#records-input") == server_url + "?m=f5d6"
    page.click('button[data-record="embed"]')
    page.wait_for_selector("#embed-dialog[open]")
    page.click('#embed-dialog button[data-embed="copy"]')
    page.wait_for_function("document.querySelector('#embed-dialog .copy-status').textContent.trim() === "
                           "'HTML: selected in the box above, ready to copy'")
    selected = page.evaluate("(() => { const c = document.querySelector('#embed-code'); "
                             "return [document.activeElement === c, c.selectionEnd - c.selectionStart, "
                             "c.value.length]; })()")
    assert selected[0] and selected[1] == selected[2] > 0, selected
    assert page.is_hidden("#alert")


def test_the_embed_dialog_takes_the_apps_colours_and_says_copied_beside_copy_html(tab) -> None:
    page = tab
    play(page, "f5d6")
    open_records(page)
    theme_field = '#embed-form select[name="theme"]'
    try:
        for scheme in ("light", "dark"):  # the app's colours as the page resolves Auto
            page.emulate_media(color_scheme=scheme)
            page.wait_for_function("s => document.documentElement.dataset.theme === s", arg=scheme)
            page.click('button[data-record="embed"]')
            page.wait_for_selector("#embed-dialog[open]")
            assert page.input_value(theme_field) == scheme
            assert "theme=" + scheme in page.input_value("#embed-code")
            page.click('#embed-dialog button[data-embed="close"]')
        page.click('button[data-record="embed"]')
        page.select_option(theme_field, "light")  # chosen here: kept, whatever the app shows
        page.click('#embed-dialog button[data-embed="close"]')
        page.click('button[data-record="embed"]')
        assert page.input_value(theme_field) == "light"
        for viewport in SIZES:
            page.set_viewport_size(viewport)
            button = '#embed-dialog button[data-embed="copy"]'
            page.click(button)
            clipboard_is(page, page.input_value("#embed-code"))
            page.wait_for_function(
                "document.querySelector('#embed-dialog .copy-status').textContent.trim() === 'HTML copied'")
            assert_beside(page, "#embed-dialog .copy-status", button, viewport, 40)
            assert page.is_hidden("#alert")
        page.screenshot(path=str(ARTIFACTS / "embed-copied-phone.png"))
        page.click('#embed-dialog button[data-embed="close"]')
    finally:
        page.emulate_media(color_scheme="light")
        page.set_viewport_size(SIZES[0])


def test_practise_these_positions_says_copied_beside_its_buttons(fresh, server_url) -> None:
    """The review's puzzle set: Copy link and Copy HTML copy, and say so beside them, at both sizes;
    the HTML's iframe is named for a puzzle."""
    page = page_with(fresh, "")
    page.goto(server_url + "?m=f5d6c3d3c4f4f6f3e6e7g2")  # g2: a blunder of Black's
    wait_ready(page)
    page.click('[data-study="review"]')  # the engine boots for it (two people, the graph off)
    page.wait_for_selector('[data-study="practise"]:not([hidden])', timeout=120_000)
    page.click('[data-study="practise"]')
    page.wait_for_selector("#practice-dialog[open]")
    try:
        for viewport in SIZES:
            page.set_viewport_size(viewport)
            for action, said in (("link", "Link copied"), ("html", "HTML copied")):
                button = f'#practice-dialog button[data-practice="{action}"]'
                page.click(button)
                page.wait_for_function(
                    "t => document.querySelector('#practice-dialog .copy-status').textContent.trim() === t", arg=said)
                assert_beside(page, "#practice-dialog .copy-status", button, viewport, 70)  # over the buttons
        html = page.evaluate("navigator.clipboard.readText()")
        assert html.startswith("<iframe ") and ' title="Reversi puzzle"' in html, html
        page.screenshot(path=str(ARTIFACTS / "practice-copied-phone.png"))
    finally:
        page.set_viewport_size(SIZES[0])


ALERT_LOOK_JS = """() => { const s = getComputedStyle(document.querySelector('#alert'));
                           return [s.backgroundColor, s.color, s.borderTopColor]; }"""


def test_an_info_a_notice_and_an_error_look_different(fresh) -> None:
    """The message line's kinds (reversi/ui/dom/alerts.py) in both themes: an error red, news amber,
    what went well ("Opened a recent game") green; never an info in the error's colours."""
    f = fresh()
    f.page.evaluate("localStorage.setItem('reversi.theme', 'dark')")
    play(f.page, "f5d6c3")  # saved: a link in another tab keeps it, and says so (a notice)
    f.page.close()
    page = f.new_page("?m=e6f4")
    assert "your game in progress is kept" in alert(page)
    looks: dict[tuple[str, str], list[str]] = {}
    for theme in ("dark", "light"):  # the notice stays until dismissed: seen in both themes
        page.select_option("#theme-select", theme)
        assert page.get_attribute("html", "data-theme") == theme
        assert page.get_attribute("#alert", "data-kind") == "notice"
        looks[theme, "notice"] = page.evaluate(ALERT_LOOK_JS)
    bad_link = page.evaluate("location.origin + location.pathname") + "?m=f5f5"
    for theme in ("dark", "light"):
        page.select_option("#theme-select", theme)
        open_records(page)
        page.click("#recent-games button[data-recent]")  # a recent game opened: an info
        page.wait_for_selector("#alert[data-kind='info']:not([hidden])")
        assert alert(page).startswith("Opened a recent game")
        looks[theme, "info"] = page.evaluate(ALERT_LOOK_JS)
        page.goto(bad_link)  # a link that cannot be opened: an error
        page.wait_for_selector("#alert[data-kind='error']:not([hidden])")
        assert page.get_attribute("html", "data-theme") == theme
        assert alert(page).startswith("The link could not be opened")
        looks[theme, "error"] = page.evaluate(ALERT_LOOK_JS)
        kinds = [looks[theme, k] for k in ("error", "notice", "info")]
        for part in range(3):  # background, text and border: each kind its own
            assert len({look[part] for look in kinds}) == 3, (theme, looks)
    assert looks["dark", "info"] != looks["light", "info"]  # each theme its own palette


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
    message = records_message(page)
    assert message.startswith("Not loaded") and words in message, message
    assert page.inner_html("#board") == board and list_text(page) == "1. f5 d6"
    assert page.is_hidden("#records .records-confirm")  # nothing read: nothing to ask


def paste(page, selector: str, text: str) -> None:
    """Paste ``text`` at the end of the field ``selector`` as a person does: the clipboard, then Ctrl+V."""
    page.evaluate("t => navigator.clipboard.writeText(t)", text)
    page.focus(selector)
    page.keyboard.press("End")
    page.keyboard.press("Control+V")


def test_a_paste_too_long_for_the_box_or_a_comment_is_refused_with_a_word(tab) -> None:
    page = tab
    play(page, "f5d6")
    open_records(page)
    page.fill("#records-input", "f5d6")
    paste(page, "#records-input", "c3")  # it fits: pasted as ever
    page.wait_for_function("document.querySelector('#records-input').value === 'f5d6c3'")
    assert "Not pasted" not in page.text_content("#records .records-message")
    paste(page, "#records-input", "e3" * 100_000)  # 200,000 characters where 199,994 fit: refused whole
    message = records_message(page)
    assert message.startswith("Not pasted") and "200,000 characters long" in message, message
    assert "room for 199,994 more characters" in message and "Open file…" in message, message
    assert page.input_value("#records-input") == "f5d6c3"  # the box as it was (the browser cut nothing in)
    assert list_text(page) == "1. f5 d6"
    page.fill("#comment", "Good.")
    paste(page, "#comment", "x" * 2_500)
    page.wait_for_selector(".comment-room:not([hidden])")
    room = page.inner_text(".comment-room")
    assert room.startswith("Not pasted") and "2,500 characters long" in room, room
    assert "this comment has room for 1,995 more characters" in room, room
    assert page.input_value("#comment") == "Good."


def test_a_bad_file_shows_a_message_and_keeps_the_game(tab) -> None:
    page = tab
    play(page, "f5d6")
    page.set_input_files(
        "#records-file", files=[{"name": "bad.rev", "mimeType": "text/plain", "buffer": b"[Size \"9\"]\nf5"}]
    )
    assert "bad.rev was not opened: record:" in records_message(page)
    assert list_text(page) == "1. f5 d6"


def several_games_ggf() -> str:
    game = ("(;GM[Othello]PC[club]PB[alice]PW[bob]TY[8]BO[8 ---------------------------O*------*O"
            "--------------------------- *]B[F5]W[D6]B[C3];)")
    return game.replace("B[C3]", "B[A1]") + "\n" + game  # the first is damaged: the list holds the second


def several_records_rev() -> str:
    """Three .rev records (as ``games --to rev`` writes them), the second damaged."""
    from reversi.formats.record import Record, write_record

    def record(moves: str, black: str) -> str:
        game = game_of(moves)
        game.tags = {"Black": black, "White": "Bob", "Event": "Club"}
        return write_record(Record.from_game(game))

    return "\n".join([record("f5d6", "Ann"), record("f5d6c3", "Eve").replace("c3", "a1"), record("f5f6e6", "Zoe")])


@pytest.mark.parametrize("name, text, count, damaged, number, moves, black", [
    ("club.ggf", several_games_ggf(), "1 of 1 games", "GGF game 1: move 3", 2, "1. f5 d6 2. c3", "alice"),
    ("three.rev", several_records_rev(), "2 of 2 games", "record 2:", 3, "1. f5 f6 2. e6", "Zoe"),
])
def test_a_file_of_several_games_opens_its_list(tab, name: str, text: str, count: str, damaged: str, number: int,
                                                moves: str, black: str) -> None:
    """A GGF file or a .rev file of several records, one damaged: the games list holds the others,
    names the damaged one, and opens the one chosen with its players."""
    page = tab
    page.set_input_files("#records-file", files=[{"name": name, "mimeType": "text/plain", "buffer": text.encode()}])
    page.wait_for_selector("#games-dialog[open] .games-list button")
    assert page.inner_text("#games-dialog .games-count") == count
    said = page.inner_text("#games-dialog .games-message")
    assert said.startswith("1 game could not be read:") and damaged in said, said
    page.click(f'#games-dialog button[data-game="{number}"]')
    assert f"Opened {name}, game {number}" in records_message(page)
    assert list_text(page) == moves
    assert page.inner_text('.player[data-side="0"] .player-kind') == black


def test_a_wthor_database_lists_searches_and_opens_its_games(tab) -> None:
    from support import random_records

    from reversi.formats.wthor import write_wtb

    page = tab
    records = random_records(30, seed=8)
    wtb, jou, trn = write_wtb(records, 2024)
    page.set_input_files("#records-file", files=[
        {"name": "WTH_2024.wtb", "mimeType": "application/octet-stream", "buffer": wtb},
        {"name": "WTHOR.JOU", "mimeType": "application/octet-stream", "buffer": jou},
        {"name": "WTHOR.TRN", "mimeType": "application/octet-stream", "buffer": trn},
    ])
    page.wait_for_function("document.querySelector('#games-dialog .games-count').textContent === '30 of 30 games'")
    page.fill("#games-search", "chloé paris")  # Chloé plays Black in games 3, 9, 15...; Paris Open is every other
    expected = [k + 1 for k, r in enumerate(records) if r.tags["Black"] == "Chloé" or r.tags["White"] == "Chloé"]
    expected = [n for n in expected if records[n - 1].tags["Event"] == "Paris Open"]
    page.wait_for_function("n => document.querySelectorAll('#games-dialog .games-list button').length === n",
                           arg=len(expected))
    numbers = page.eval_on_selector_all("#games-dialog .games-list button", "els => els.map(e => +e.dataset.game)")
    assert numbers == expected
    page.screenshot(path=str(ARTIFACTS / "games-list.png"))
    page.click(f'#games-dialog button[data-game="{expected[0]}"]')
    assert f"Opened WTH_2024.wtb, game {expected[0]}" in records_message(page)
    page.wait_for_function("n => document.querySelector('#board').dataset.moves === String(n)",
                           arg=sum(1 for m in records[expected[0] - 1].moves if m >= 0))
    assert page.inner_text('.player[data-side="0"] .player-kind') == "Chloé"


def test_a_file_that_fails_after_a_list_shows_only_its_own_message(tab) -> None:
    """A WTHOR file whose header cannot be read, opened after a file of games (the dialog closed
    while that one was read): the dialog names the new file, lists nothing of the old one, and says
    what is wrong; the message of an earlier failed Open beside Load is gone. An empty database says
    it holds no game."""
    game = ("(;GM[Othello]PC[club]PB[alice]PW[bob]TY[8]BO[8 ---------------------------O*------*O"
            "--------------------------- *]B[F5]W[D6]B[C3];)")
    page = tab
    page.set_input_files("#records-file", files=[{"name": "bad.rev", "mimeType": "text/plain",
                                                  "buffer": b"[Size \"9\"]\nf5"}])
    assert "bad.rev was not opened" in records_message(page)
    page.set_input_files("#records-file", files=[{"name": "many.ggf", "mimeType": "text/plain",
                                                  "buffer": ("\n".join([game] * 12_000)).encode()}])
    page.wait_for_function("document.querySelector('#games-dialog .games-count').textContent.startsWith("
                           "'Reading the games: ')")
    page.click('#games-dialog [data-games="close"]')  # while it is being read
    assert page.is_hidden("#records .records-message")  # the failed Open's message went with the new file
    seen = ""
    for _ in range(40):  # until the count stops moving: at once if the reading stopped, at the end if not
        page.wait_for_timeout(400)
        now = page.inner_text("#games-dialog .games-count")
        if now == seen:
            break
        seen = now
    assert "12,000" not in seen, seen  # stopped before the end of the file
    header = bytes(16)[:4] + (1_000_000).to_bytes(4, "little") + bytes(8)  # claims a million games, holds none
    page.set_input_files("#records-file", files=[{"name": "lies.wtb", "mimeType": "application/octet-stream",
                                                  "buffer": header}])
    page.wait_for_selector("#games-dialog[open] .games-message:not([hidden])")
    page.wait_for_timeout(300)  # a reading of many.ggf that went on would have drawn its list by now
    assert page.inner_text("#games-dialog .games-heading") == "Games in lies.wtb"
    assert page.query_selector_all("#games-dialog .games-list button") == []
    assert "games" not in page.inner_text("#games-dialog .games-count")
    page.click('#games-dialog [data-games="close"]')
    page.set_input_files("#records-file", files=[{"name": "empty.wtb", "mimeType": "application/octet-stream",
                                                  "buffer": bytes(16)}])
    page.wait_for_selector("#games-dialog[open] .games-message:not([hidden])")
    assert page.inner_text("#games-dialog .games-message") == "empty.wtb holds no game."
    page.click('#games-dialog [data-games="close"]')


def test_a_puzzle_sets_link_loads_its_first_position_and_a_bad_one_keeps_the_game(fresh, server_url) -> None:
    from support import three_puzzles

    from reversi.ui.embed.puzzle_set import puzzle_set_query

    entries = three_puzzles()
    page = fresh().page  # a page of its own: after the module's earlier tests its board was not redrawn
    play(page, "f5d6")
    load_box(page, server_url + "?view=puzzle&ps=garbage")
    assert records_message(page).startswith("Not loaded: puzzle 1:") and list_text(page) == "1. f5 d6"
    load_box(page, server_url + "?view=puzzle&" + puzzle_set_query(entries))
    assert "Loaded the first puzzle's position of the set" in records_message(page)
    assert_shows(page, Game(start=entries[0][0]))


def test_saved_choices_the_form_has_no_option_for_show_the_defaults(fresh) -> None:
    """A saved game whose new-game choices are damaged (level 99, size 7, an opening of markup):
    the form shows the defaults Start would use, not blank lists."""
    import json

    from browser_support import two_players_state

    state = json.loads(two_players_state())
    state["settings"]["form"].update({"level": "99", "size": "7", "opening": "<b>"})
    page = fresh().page
    page.evaluate("s => localStorage.setItem('reversi.state', s)", json.dumps(state))
    page.reload()
    wait_ready(page)
    page.click("#btn-new")
    page.wait_for_selector("#new-game-dialog[open]")
    level = page.eval_on_selector('#new-game-form select[name="level"]', "e => [e.selectedIndex, e.value]")
    size = page.eval_on_selector('#new-game-form select[name="size"]', "e => [e.selectedIndex, e.value]")
    assert level[0] >= 0 and level[1] != "" and size[0] >= 0 and size[1] == "8", (level, size)
    assert page.eval_on_selector_all('#new-game-form [name="opening"]', "els => els.some(e => e.checked)")
    page.keyboard.press("Escape")


def test_load_asks_before_it_ends_a_game_in_progress_and_opens_it_for_study(tab) -> None:
    page = tab
    play(page, "f5d6")
    load_box(page, "f5d6c3d3", end_the_game=False)  # asked, and the answer is no
    assert "Nothing loaded" in records_message(page) and list_text(page) == "1. f5 d6"
    load_box(page, "f5d6c3d3")  # asked again, and the answer is yes
    page.wait_for_function("document.querySelector('#board').dataset.moves === '4'")
    message = records_message(page)
    assert "Loaded the moves" in message and "For study: nobody plays it" in message
    box = page.locator("#records .records-message").bounding_box()
    assert box is not None and box["y"] + box["height"] <= page.viewport_size["height"]  # in view
    # a finished game is not in progress, even shown at an earlier move: nothing to ask
    finished = ("d3c3b3b2b1a1c4c1c2d2d1e1a2a3f5e2f1g1f2e3b5b4a5a4c5a6f4f3g3g2h2h1h3h4g4"
                "c6g5h5b6c7d6e6f6g6h6h7a7b7a8d7e7f7g7g8b8c8d8e8f8h8")
    load_box(page, finished, end_the_game=True)
    page.wait_for_function("document.querySelector('#board').dataset.over === 'true'")
    page.click('#move-list [data-ply="10"]')
    wait_ply(page, 10)
    open_records(page)
    page.fill("#records-input", "f5d6")
    page.click('button[data-record="load"]')
    page.wait_for_function("document.querySelector('#board').dataset.moves === '2'")
    assert page.is_hidden("#records .records-confirm")


#: A GGF game of five moves, its White player unknown ("?"), as archives write them.
FIVE_MOVES_GGF = ("(;GM[Othello]PC[GGS/os]PB[Saio3000]PW[?]TY[8]"
                  "BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]"
                  "B[f5]W[d6]B[c3]W[d3]B[c4];)")


def test_a_game_opened_from_a_file_is_studied_and_played_on_only_when_asked(tab) -> None:
    page = tab
    new_game(page, players="computer", level=1)  # the person plays Black against the computer
    click_square(page, "f5")
    page.wait_for_function("document.querySelector('#board').dataset.moves === '2'")  # it replied
    open_records(page)
    page.set_input_files("#records-file", files=[{"name": "five.ggf", "mimeType": "text/plain",
                                                  "buffer": FIVE_MOVES_GGF.encode()}])
    page.wait_for_selector("#records .records-confirm:not([hidden])")  # the game in progress would end
    page.click('button[data-record="load-confirm"]')
    page.wait_for_function("document.querySelector('#board').dataset.moves === '5'")
    assert "For study: nobody plays it" in records_message(page)
    kinds = page.eval_on_selector_all(".player .player-kind", "els => els.map(e => e.textContent)")
    assert kinds == ["Saio3000", ""], kinds  # the recorded names only: nobody plays, "?" is nobody's name
    page.wait_for_timeout(1500)  # long enough for a computer's reply at level 1 (its moves take 0.35 s)
    assert page.get_attribute("#board", "data-moves") == "5" and not page.get_attribute("#board", "data-thinking")
    assert list_text(page) == "1. f5 d6 2. c3 d3 3. c4"
    # playing on is a choice: from the position after c3, against the computer
    page.click('#move-list [data-ply="3"]')
    wait_ply(page, 3)
    page.click("#btn-play-from")
    page.wait_for_selector("#new-game-dialog.from-here[open]")
    assert page.inner_text("#new-game-heading") == "Play from here"
    assert page.is_hidden('#new-game-form input[name="variant"]') and page.is_hidden("#rules-link")
    assert page.inner_text("#form-preview") == "White to move, after 2. Black c3 · Othello 8x8"  # as the list says
    page.check('#new-game-form input[name="players"][value="computer"]')
    page.select_option('#new-game-form select[name="you"]', "black")
    page.select_option('#new-game-form select[name="level"]', "1")
    page.click("#btn-start")
    page.wait_for_selector("#new-game-dialog", state="hidden")
    page.wait_for_function("document.querySelector('#board').dataset.moves === '4'")  # the computer, White
    assert list_text(page).startswith("1. f5 d6 2. c3 ")
    kinds = page.eval_on_selector_all(".player .player-kind", "els => els.map(e => e.textContent)")
    assert kinds == ["You", "Computer · Beginner"], kinds
    page.screenshot(path=str(ARTIFACTS / "played-from-here.png"))


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
    records_message(page)
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


def test_the_editor_opens_in_view_beside_a_board_that_stays_on_a_desktop(tab) -> None:
    """At 1366x800 the editor's panel opened at y 951, below the window (page audit): its tools
    are scrolled into view, and the board, sticky beside the panel, stays whole in view."""
    page = tab
    page.set_viewport_size({"width": 1366, "height": 800})
    in_view = """s => { const r = document.querySelector(s).getBoundingClientRect();
        return r.top >= -1 && r.bottom <= innerHeight + 1 && r.height > 0; }"""
    try:
        page.click('[data-study="edit"]')
        page.wait_for_selector("#editor:not([hidden])")
        page.wait_for_function(f"({in_view})('#editor .editor-tools')")
        assert page.evaluate(in_view, "#board"), page.evaluate(BOX_OF, "#board")
        page.screenshot(path=str(ARTIFACTS / "desktop-editor-in-view.png"))
        page.click('[data-editor="cancel"]')
        page.wait_for_selector("#editor", state="hidden")
    finally:
        page.set_viewport_size({"width": 1280, "height": 800})


def test_the_editors_play_from_here_shows_the_board_on_a_phone(tab) -> None:
    page = tab
    page.set_viewport_size({"width": 390, "height": 844})
    try:
        page.click('[data-study="edit"]')  # below the board: the page scrolls down to it
        page.wait_for_selector("#editor:not([hidden])")
        page.click('[data-editor="play"]')
        page.wait_for_selector("#editor", state="hidden")
        box = page.locator("#board").bounding_box()
        assert box is not None and -1 <= box["y"] and box["y"] + box["height"] <= 844 + 1, box  # in view, whole
    finally:
        page.set_viewport_size({"width": 1280, "height": 800})


def test_a_big_file_of_records_is_read_in_slices_and_names_each_damaged_game(tab) -> None:
    """250 .rev records, three damaged: the list holds the others, read a slice at a time (the
    count says how far it has got), and the dialog names each damaged one, a line each."""
    from reversi.formats.record import Record, write_record

    good = game_of("f5d6c3")
    good.tags = {"Black": "Ann", "White": "Bob"}
    text = write_record(Record.from_game(good))
    records = [text.replace("Ann", f"Ann{k}") for k in range(250)]
    for k in (10, 120, 240):
        records[k] = records[k].replace("c3", "a1")
    page = tab
    page.set_input_files("#records-file", files=[{"name": "big.rev", "mimeType": "text/plain",
                                                  "buffer": "\n".join(records).encode()}])
    page.wait_for_function("document.querySelector('#games-dialog .games-count').textContent.includes('247')")
    said = page.inner_text("#games-dialog .games-message")
    assert said.splitlines()[0] == "3 games could not be read:", said
    assert [line.split(":")[0] for line in said.splitlines()[1:]] == ["record 11", "record 121", "record 241"]
    page.keyboard.press("Escape")
