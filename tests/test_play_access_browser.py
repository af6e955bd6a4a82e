"""Playing without a mouse or without sight, and the rough edges players met, in the browser.

* a whole game against the computer by keyboard alone, with what a screen reader is told
  after every move (the live region ``#announce``) and the end's panel;
* Resign (and Undo taking it back), New game asking before it ends a game, the settings
  (the board faces White's player, ring marks on the discs, sound) kept across a reload,
  the end's Review;
* a 320 px phone in four languages and both themes: nothing wider than the screen, no
  button label cut, the player cards as tall before the page is ready as after.

The pure parts (what is said, resigning, the settings, the tones) are tested under
CPython in tests/test_access.py.
"""

from __future__ import annotations

import pytest
from browser_support import ARTIFACTS, MAIN_PY, click_start, new_game, open_app, resign

pytestmark = pytest.mark.browser

#: Every text the live region took, in order (a MutationObserver: the computer's answer
#: replaces the person's move within milliseconds).
RECORD_SAID_JS = """() => {
  window.__said = [];
  const region = document.getElementById('announce');
  new MutationObserver(() => window.__said.push(region.textContent))
    .observe(region, {childList: true, characterData: true, subtree: true});
}"""
ACTIVE_JS = """() => { const b = document.getElementById('board'); const id = b.getAttribute('aria-activedescendant');
  const cell = id && document.getElementById(id); return [id, cell ? cell.getAttribute('aria-label') : null]; }"""


@pytest.fixture(scope="module")
def tab(browser, server_url):
    """One page for the module's tests, in turn (no other test's first visit clears it meanwhile)."""
    context, page, foreign, _requests, errors = open_app(browser, server_url, {"width": 1280, "height": 800})
    page.wait_for_function("document.documentElement.classList.contains('engine-ready')", timeout=120_000)
    yield page, errors
    context.close()
    assert not foreign, foreign


def said(page) -> list[str]:
    return page.evaluate("window.__said")


def turn(page) -> str:
    return str(page.get_attribute("#board", "data-turn"))


def over(page) -> bool:
    return page.get_attribute("#board", "data-over") == "true"


def walk_to_turned(page, target: str) -> None:
    """Move the cursor to ``target`` on the board as it is drawn (turned or not)."""
    turned = page.get_attribute("#btn-rotate", "aria-pressed") == "true"
    current = str(page.get_attribute("#board", "aria-activedescendant")).removeprefix("sq-")
    dx = ord(target[0]) - ord(current[0])
    dy = int(target[1:]) - int(current[1:])
    if turned:
        dx, dy = -dx, -dy
    for _ in range(abs(dx)):
        page.keyboard.press("ArrowRight" if dx > 0 else "ArrowLeft")
    for _ in range(abs(dy)):
        page.keyboard.press("ArrowDown" if dy > 0 else "ArrowUp")
    assert page.get_attribute("#board", "aria-activedescendant") == f"sq-{target}"


def test_a_whole_game_by_keyboard_with_what_a_screen_reader_is_told(tab) -> None:
    page, errors = tab
    new_game(page, players="computer", you="black", level=1, size=4)
    page.evaluate(RECORD_SAID_JS)
    # the board is one stop in the tab order: reached by Tab, left by the next Tab
    page.evaluate("document.activeElement && document.activeElement.blur()")
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.id") == "board":
            break
    else:
        raise AssertionError("Tab never reached the board")
    assert page.get_attribute("#board", "role") == "grid"
    assert page.evaluate("document.querySelectorAll('#board [tabindex], #board button, #board a').length") == 0
    active, label = page.evaluate(ACTIVE_JS)
    assert active and label and label.startswith(active.removeprefix("sq-")), (active, label)
    played = 0
    while not over(page):
        page.wait_for_function(
            "() => { const b = document.getElementById('board');"
            " return b.dataset.over === 'true' || (b.dataset.turn === 'black' && !b.dataset.aiPending); }",
            timeout=20_000,
        )
        if over(page):
            break
        legal = page.eval_on_selector_all("#board [data-legal='true']", "els => els.map(e => e.dataset.square)")
        target = legal[0]
        walk_to_turned(page, target)
        active, label = page.evaluate(ACTIVE_JS)
        assert active == f"sq-{target}" and "legal move" in label, (active, label)
        before = len(said(page))
        page.keyboard.press("Enter")
        played += 1
        page.wait_for_function("n => window.__said.length > n", arg=before, timeout=10_000)
        assert said(page)[before].startswith(f"Black plays {target}, flipping "), said(page)[before:]
        # the computer's answer (or its pass), then whose turn it is, or the result
        page.wait_for_function(
            "() => { const b = document.getElementById('board');"
            " return b.dataset.over === 'true' || b.dataset.turn === 'black'; }",
            timeout=20_000,
        )
        page.wait_for_function("() => !document.getElementById('board').dataset.aiPending", timeout=20_000)
        last = said(page)[-1]
        assert over(page) or "White plays" in last or "White passes" in last, last
        assert page.evaluate("document.activeElement.id") == "board"  # the focus stayed on the board
    assert played >= 3
    message = page.inner_text("#message")
    # the result is said; a score note under it (empty squares counted for the winner) in brackets
    result, _, note = message.partition("\n")
    expected = result + (f" ({note})" if note else "") + "."
    assert said(page)[-1].endswith(expected), (said(page)[-1], message)
    assert page.is_visible("#game-over") and page.inner_text("#game-over-title") == "Game over"
    page.screenshot(path=str(ARTIFACTS / "keyboard-game-over.png"))
    # Rematch by keyboard: the same rules and players, a new game
    page.focus('#game-over [data-over="rematch"]')
    page.keyboard.press("Enter")
    page.wait_for_function("document.getElementById('board').dataset.moves === '0'")
    assert page.is_hidden("#game-over") and page.locator("#board [data-square]").count() == 16
    assert not errors, errors


def test_resign_confirm_settings_and_review(tab) -> None:
    page, errors = tab
    new_game(page, players="computer", you="white", level=1)
    # playing White, the board faces you: h8 is its top left square, read first
    first = page.eval_on_selector("#board [role='row'] [role='gridcell']", "e => e.id")
    assert first == "sq-h8" and page.get_attribute("#btn-rotate", "aria-pressed") == "true"  # a toggle, pressed
    page.wait_for_function("document.getElementById('board').dataset.turn === 'white'", timeout=20_000)
    assert page.is_enabled("#btn-resign")
    # the clocks and counts are named by side
    assert page.get_attribute('.player[data-side="1"] .player-count', "aria-label") == "Discs of White"
    assert page.get_attribute('.player[data-side="0"] .player-clock', "aria-label") == "Time left for Black"
    page.evaluate(RECORD_SAID_JS)
    # Enter on a square that takes no move is answered, not ignored
    page.focus("#board")
    occupied = page.eval_on_selector("#board [data-state='black']", "e => e.dataset.square")
    walk_to_turned(page, occupied)
    page.keyboard.press("Enter")
    assert said(page)[-1] == f"{occupied}: no move there now"
    page.click("#btn-resign")  # one click asks, beside the button, and the game goes on
    page.wait_for_function("document.querySelector('#share-status').textContent.includes('Click Resign again')")
    assert page.inner_text("#message") != "White resigns: Black wins"
    button, line = page.locator("#btn-resign").bounding_box(), page.locator("#share-status").bounding_box()
    assert button is not None and line is not None and abs(line["y"] - (button["y"] + button["height"])) < 80
    page.click("#btn-rotate")  # another button forgets the first click
    page.click("#btn-rotate")
    assert page.locator("#btn-resign.confirming").count() == 0
    page.click("#btn-resign")
    page.wait_for_timeout(4300)  # a second click after the time to confirm asks again
    page.click("#btn-resign")
    assert page.inner_text("#message") != "White resigns: Black wins"
    page.click("#btn-resign")  # the second click within the time gives the game up
    assert page.inner_text("#message") == "White resigns: Black wins"
    assert page.inner_text("#notice") == "Undo takes the resignation back."
    assert said(page)[-1] == "White resigns: Black wins."
    assert page.is_visible("#game-over") and "computer won" in page.inner_text("#game-over-detail")
    assert page.is_disabled("#btn-resign") and page.locator("#board [data-legal='true']").count() == 0
    assert page.evaluate("document.activeElement.dataset.over") == "rematch"  # the focus is not lost
    page.screenshot(path=str(ARTIFACTS / "resigned.png"))
    page.click('#game-over [data-over="close"]')
    assert page.is_hidden("#game-over") and page.evaluate("document.activeElement.id") == "board"
    page.click("#btn-undo")  # takes the resignation back: the game goes on, and that is said
    assert page.inner_text("#message") == "White to move" and page.is_hidden("#game-over")
    assert said(page)[-1] == "White to move."
    assert page.locator("#board [data-legal='true']").count() > 0
    resign(page)  # a second resignation shows the end's panel again
    assert page.is_visible("#game-over")
    page.click("#btn-undo")
    # New game asks before it ends the game in progress; Start again goes on
    page.click("#btn-new")
    page.wait_for_selector("#new-game-dialog[open]")
    page.click("#btn-start")
    assert page.is_visible("#form-confirm") and page.is_visible("#btn-start-confirm")
    assert page.is_hidden("#btn-start") and page.evaluate("document.getElementById('new-game-dialog').open")
    assert page.get_attribute("#board", "data-moves") != "0"  # nothing ended yet
    page.screenshot(path=str(ARTIFACTS / "new-game-confirm.png"))
    page.select_option('#new-game-form select[name="you"]', "black")  # a change asks again
    assert page.is_hidden("#form-confirm") and page.is_visible("#btn-start")
    click_start(page)
    page.wait_for_selector("#new-game-dialog", state="hidden")
    assert page.get_attribute("#board", "data-moves") == "0"
    first = page.eval_on_selector("#board [role='row'] [role='gridcell']", "e => e.id")
    assert first == "sq-a1"  # Black again: the board turned back
    assert page.get_attribute("#btn-rotate", "aria-pressed") == "false"
    assert said(page)[-1] == "The board is the usual way up again. Black to move."  # said, with the game's news
    page.click("#btn-rotate")
    assert said(page)[-1] == "The board is turned around: the arrow keys follow the screen."
    page.click("#btn-rotate")
    # the settings: ring marks and sound
    page.click("#settings summary")
    page.check('#settings input[name="disc_marks"]')
    assert page.locator("#board .disc-mark").count() == 2  # White's two discs
    ring = "getComputedStyle(document.querySelector('.player[data-side=\"1\"] .disc-icon'), '::after').content"
    assert page.evaluate(ring) == '""'  # the player card's disc is ringed too
    page.check('#settings input[name="sound"]')
    page.click('#board [data-square="f5"]')
    page.wait_for_function("document.documentElement.dataset.sounds >= '1'")
    page.wait_for_function("document.getElementById('board').dataset.turn === 'black'", timeout=20_000)
    heard = int(page.evaluate("document.documentElement.dataset.sounds"))
    assert heard == 2  # the person's move and the computer's answer
    page.uncheck('#settings input[name="sound"]')
    legal = page.eval_on_selector_all("#board [data-legal='true']", "els => els.map(e => e.dataset.square)")
    page.click(f'#board [data-square="{legal[0]}"]')
    page.wait_for_function("document.getElementById('board').dataset.turn === 'black'", timeout=20_000)
    assert int(page.evaluate("document.documentElement.dataset.sounds")) == heard  # off: silent
    # kept with the game's settings: a reload has them
    page.reload()
    page.wait_for_function("document.documentElement.classList.contains('ready')", timeout=60_000)
    assert page.is_checked('#settings input[name="disc_marks"]')
    assert not page.is_checked('#settings input[name="sound"]')
    assert page.locator("#board .disc-mark").count() > 0
    # the end's Review turns the review on
    resign(page)
    page.click('#game-over [data-over="review"]')
    assert page.get_attribute('[data-study="review"]', "aria-pressed") == "true"
    assert page.is_hidden("#game-over") and page.evaluate("document.activeElement.id") == "move-list"
    page.click("#btn-undo")
    resign(page)
    page.click('#game-over [data-over="rematch"]')  # a new game is played, not reviewed
    assert page.get_attribute('[data-study="review"]', "aria-pressed") == "false"
    # in the light theme a hovered green button keeps its colour (its white text readable)
    page.emulate_media(color_scheme="light")
    page.wait_for_function("document.documentElement.dataset.theme === 'light'")
    page.hover("#btn-new")
    page.evaluate("document.getAnimations().forEach(a => a.finish())")
    hovered = page.evaluate("getComputedStyle(document.getElementById('btn-new')).backgroundColor")
    assert hovered not in ("rgb(230, 227, 222)", "rgb(255, 255, 255)"), hovered
    page.emulate_media(color_scheme="dark")
    assert not errors, errors


DIALOG_OVERFLOW_JS = """() => [...document.querySelectorAll(
    '#new-game-form, #new-game-form .segmented span, #new-game-form .field')]
  .filter(e => e.offsetParent && e.scrollWidth > e.clientWidth)
  .map(e => e.className + ': ' + e.textContent.trim().slice(0, 30))"""
PLAYER_BOXES_JS = """() => [...document.querySelectorAll('.player')].map(e => {
  const r = e.getBoundingClientRect(); return [Math.round(r.top), Math.round(r.height)]; })"""
CUT_LABELS_JS = """() => [...document.querySelectorAll('button, .btn, select, summary, .player-name')]
  .filter(e => e.offsetParent && e.scrollWidth > e.clientWidth + 1)
  .map(e => (e.id || e.className) + ': ' + e.textContent.trim().slice(0, 30))"""


def test_a_320_px_phone_in_four_languages_and_both_themes(tab) -> None:
    page, errors = tab
    page.set_viewport_size({"width": 320, "height": 700})
    held: list = []  # the page's Python is held back until the cards are measured as first painted
    page.route(MAIN_PY, lambda route: held.append(route))
    page.reload(wait_until="domcontentloaded")
    page.wait_for_selector("#board .sq")
    for _ in range(600):
        if held:
            break
        page.wait_for_timeout(50)
    before = page.evaluate(PLAYER_BOXES_JS)
    assert not page.evaluate("document.documentElement.classList.contains('ready')")
    held[0].continue_()
    page.unroute(MAIN_PY)
    page.wait_for_function("document.documentElement.classList.contains('ready')", timeout=60_000)
    assert page.evaluate(PLAYER_BOXES_JS) == before  # the cards do not jump when the page is ready
    for lang in ("en", "pl", "cs", "da"):
        page.select_option("#lang-select", lang)
        page.wait_for_function("code => document.documentElement.lang === code", arg=lang)
        for scheme in ("dark", "light"):
            page.emulate_media(color_scheme=scheme)
            page.wait_for_function("s => document.documentElement.dataset.theme === s", arg=scheme)
            assert page.evaluate("document.documentElement.scrollWidth") <= 320
            assert page.evaluate(CUT_LABELS_JS) == [], (lang, scheme)
            if lang in ("en", "pl"):
                page.screenshot(path=str(ARTIFACTS / f"phone-320-{lang}-{scheme}.png"), full_page=True)
        # the new-game dialog: its choices fit, whole words on their lines
        page.click("#btn-new")
        page.wait_for_selector("#new-game-dialog[open]")
        page.check('#new-game-form input[name="players"][value="computers"]')
        assert page.evaluate(DIALOG_OVERFLOW_JS) == [], lang
        if lang == "pl":
            page.screenshot(path=str(ARTIFACTS / "phone-320-pl-dialog.png"))
        page.click('#new-game-dialog button[value="cancel"]')
    assert not errors, errors
