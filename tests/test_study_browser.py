"""Studying a game in a real browser (Chromium via Playwright, against serve.py).

One context, a few pages, each navigation booting Python once:

* a link that names no players opens for study: nobody moves, even where the
  computer would; browsing and a move there make a variation, kept, promoted,
  commented, and restored from the address after a reload and from a .rev file;
* a link that names the players (``pl=hc1``) has the computer play its side,
  and browsing that game back never makes it move or deletes the rest;
* both games are in the recent games, and the studied one reopens whole;
* the evaluation graph fills in by itself, the review marks a known blunder
  (in the move list and on the graph), a click on the graph goes there and the
  better move is shown, and the analysis gives the best line.
"""

from __future__ import annotations

import time

import pytest
from browser_support import MAIN_PY, wait_ready

pytestmark = pytest.mark.browser



def main_plies(page) -> list[str]:
    return page.eval_on_selector_all(
        "#move-list > .ply[data-ply]", "els => els.map(e => e.textContent.trim())"
    )


@pytest.fixture(scope="module")
def context(browser, server_url):
    from browser_support import app_context

    yield from app_context(browser, server_url, {"width": 1280, "height": 860})


@pytest.fixture
def page(context):
    from browser_support import page_without_errors

    yield from page_without_errors(context)


def test_a_link_without_players_is_for_study_and_keeps_its_variations(page, server_url) -> None:
    page.goto(server_url + "?m=f5d6c3d3c4")  # White (d6...) would be the computer's side by default
    wait_ready(page)
    time.sleep(1.5)  # long enough for a computer's reply at level 1, were there one
    assert main_plies(page) == ["f5", "d6", "c3", "d3", "c4"]
    assert page.get_attribute("#board", "data-ai-replies") in ("0", None)
    assert page.text_content("#opening-name") == "Opening: Tiger"  # the named opening it follows
    page.click('#move-list [data-ply="2"]')  # after d6: Black to move
    assert "nobody moves" in page.text_content("#study-status")
    legal = page.eval_on_selector_all('[data-legal="true"]', "els => els.map(e => e.dataset.square)")
    other = next(s for s in legal if s != "c3")
    page.click(f'[data-square="{other}"]')
    page.wait_for_selector("#move-list .variation .ply.current")
    assert main_plies(page) == ["f5", "d6", "c3", "d3", "c4"]  # nothing deleted
    page.fill("#comment", "the other way")
    page.locator("#comment").blur()
    page.wait_for_function("location.search.includes('v=2')")
    address = page.evaluate("location.search")
    assert "(" in address and "other" in address and "pl=" not in address
    page.click('[data-study="promote"]')
    page.click('[data-study="promote-play"]')  # the game's own position was in the old line: asked
    page.wait_for_function("!document.querySelector('#move-list .variation .current')")
    assert main_plies(page)[:3] == ["f5", "d6", other]
    promoted = page.evaluate("location.search")
    # the address restores the tree: the promoted line first, the old one a variation, the comment kept
    page.goto(server_url + promoted)
    wait_ready(page)
    assert main_plies(page)[:3] == ["f5", "d6", other]
    assert page.locator("#move-list .variation .ply").count() == 3  # c3 d3 c4, kept
    page.click('#move-list > .ply[data-ply="3"]')
    assert page.input_value("#comment") == "the other way"
    # the tree, the comment and the game's details go into a .rev file, and come back from it
    page.click("#records summary")
    page.click("#game-details summary")
    page.fill('#game-details input[name="Event"]', "Club night")
    page.fill('#game-details input[name="Black"]', "Alice")
    page.locator('#game-details input[name="Black"]').blur()
    page.wait_for_function("document.querySelector('.player[data-side=\"0\"] .player-kind').textContent === 'Alice'")
    with page.expect_download() as info:
        page.click('button[data-record="download"]')
    text = open(info.value.path(), encoding="utf-8").read()
    assert "{the other way}" in text and "(c3 d3 c4)" in text
    assert '[Event "Club night"]' in text and '[Black "Alice"]' in text and '[Date "20' in text
    assert '[BlackType "human"]' in text and '[WhiteType "human"]' in text  # two people, named as such
    page.fill('#game-details input[name="Event"]', "")
    page.locator('#game-details input[name="Event"]').blur()
    page.set_input_files("#records-file", files=[
        {"name": "study.rev", "mimeType": "text/plain",
         "buffer": text.replace("the other way", "kept").replace("Club night", "Open day").encode()}
    ])
    page.click('button[data-record="load-confirm"]')  # the game on the board had moves: asked first
    page.wait_for_function("document.querySelector('#records .records-message').textContent.includes('study.rev')")
    page.click('#move-list > .ply[data-ply="3"]')
    assert page.input_value("#comment") == "kept" and page.locator("#move-list .variation .ply").count() == 3
    assert page.input_value('#game-details input[name="Event"]') == "Open day"
    assert page.input_value('#game-details input[name="Black"]') == "Alice"


def test_a_link_with_players_plays_and_browsing_it_never_does(page, server_url) -> None:
    page.goto(server_url + "?m=f5&pl=hc1")  # a person (Black) against the computer at level 1
    wait_ready(page)
    page.wait_for_function("document.querySelectorAll('#move-list > .ply[data-ply]').length >= 2", timeout=60_000)
    first = main_plies(page)
    legal = page.eval_on_selector_all('[data-legal="true"]', "els => els.map(e => e.dataset.square)")
    page.click(f'[data-square="{legal[0]}"]')
    page.wait_for_function("document.querySelectorAll('#move-list > .ply[data-ply]').length >= 4", timeout=60_000)
    played = main_plies(page)
    page.click('#move-list [data-ply="1"]')  # White (the computer) to move there
    time.sleep(1.5)
    assert main_plies(page) == played and page.locator("#move-list .variation").count() == 0
    assert page.get_attribute("#board", "data-thinking") == ""
    page.click('[data-study="live"]')
    assert page.locator('[data-study="live"]').is_hidden() and played[:2] == first[:2]
    # the recent games (the Game menu) hold this game and the studied one of the test before
    page.click("#records summary")
    page.wait_for_selector("#recent-games button[data-recent]")  # drawn when the menu opens
    games = page.locator("#recent-games button[data-recent]")
    assert games.count() >= 2 and "Computer level 1" in games.nth(0).text_content()
    games.nth(1).click()  # the studied game comes back, its variation with it
    page.wait_for_selector("#move-list .variation")


def test_promote_never_moves_a_game_against_the_computer_unasked(page, server_url) -> None:
    page.goto(server_url + "?m=f5d6c3d3c4f4&pl=hc1")  # a person (Black, to move) against level 1
    wait_ready(page)
    played = main_plies(page)
    page.click('#move-list [data-ply="2"]')
    for _ in range(2):  # a two-move variation: Black's other move, then a White reply by hand
        legal = page.eval_on_selector_all('[data-legal="true"]', "els => els.map(e => e.dataset.square)")
        page.click(f'[data-square="{next(s for s in legal if s not in played)}"]')
        page.wait_for_function("n => document.querySelectorAll('#move-list .variation .ply').length === n",
                               arg=_ + 1)
    page.click('[data-study="promote"]')
    confirm = page.locator("#study .study-confirm")
    assert confirm.is_visible() and "move 2" in confirm.text_content()
    page.click('[data-study="promote-cancel"]')  # nothing changes: the game stays the main line
    assert confirm.is_hidden() and main_plies(page) == played
    assert "The game is at move 4" in page.text_content("#study-status")
    page.click('[data-study="promote"]')
    page.click('[data-study="promote-play"]')  # asked and answered: the game goes on from this line
    page.wait_for_function("!document.querySelector('#move-list .variation .current')")
    promoted = main_plies(page)
    assert promoted[:1] == played[:1] and promoted[2:4] != played[2:4] and len(promoted) == 4
    assert page.locator('[data-study="live"]').is_hidden() and page.is_hidden("#study-status")
    assert page.locator("#move-list .variation").count() == 1  # the game's old moves, kept
    time.sleep(1.0)
    assert main_plies(page) == promoted  # Black (the person) to move: the computer waits


def test_the_graph_fills_in_the_review_marks_a_blunder_and_the_analysis_speaks(page, server_url) -> None:
    # Black's g2 (an X-square next to the empty h1 corner) loses about 20 discs: a known blunder
    page.goto(server_url + "?m=f5d6c3d3c4f4f6f3e6e7g2")
    wait_ready(page)
    # the graph redraws the page as it fills in: what is being typed meanwhile is never overwritten
    page.click("#records summary")
    page.click("#game-details summary")
    page.type('#game-details input[name="Black"]', "Typed while the graph fills")
    page.type("#comment", "typed too")
    page.wait_for_function("document.querySelectorAll('#eval-graph [data-ply]').length === 12", timeout=60_000)
    assert page.input_value("#comment") == "typed too"
    page.locator("#comment").blur()
    assert page.input_value('#game-details input[name="Black"]') == "Typed while the graph fills"
    assert page.inner_text('.player[data-side="0"] .player-kind') == "Typed while the graph fills"
    for field in ("#comment", '#game-details input[name="Black"]'):  # the next tests find the game as it was
        page.fill(field, "")
        page.locator(field).blur()
    page.wait_for_function("!JSON.parse(localStorage.getItem('reversi.state')).tags")
    page.click("#records summary")
    page.click('[data-study="review"]')
    page.wait_for_selector('#move-list .ply.blunder[data-ply="11"]')
    assert "blunder" in page.get_attribute('#eval-graph [data-ply="11"]', "class")
    assert page.is_visible("#review-legend")
    page.click('#eval-graph [data-ply="10"]')  # the graph takes you there
    page.wait_for_function("document.querySelector('#move-list').dataset.ply === '10'")
    # White's e7 is no mistake: nothing ringed (g2's alternative belongs to g2), the note says so
    assert page.query_selector('[data-better="true"]') is None
    assert page.inner_text("#review-note").startswith("5. White e7, ")
    page.click('#move-list [data-ply="11"]')  # the blunder: its better move, Black's, instead of g2
    page.wait_for_selector('[data-better="true"]')
    better = page.get_attribute('[data-better="true"]', "data-square")
    assert better != "g2" and page.get_attribute(f'[data-square="{better}"]', "data-state") == "empty"
    assert page.get_attribute('[data-better="true"]', "aria-label").endswith("better move instead of g2")
    assert page.query_selector('[data-better="true"] .better-disc[fill="url(#disc-black)"]') is not None
    note = page.inner_text("#review-note")
    assert note.startswith("6. Black g2, a blunder: loses ") and f"{better} was best" in note, note
    assert page.get_attribute('#move-list [data-ply="11"]', "aria-label") == note
    assert page.get_attribute("#review-note", "data-kind") == "blunder"
    box = page.locator("#review-note").bounding_box()
    assert box is not None and box["y"] + box["height"] <= 860  # in view, under the move list
    # the graph: its scale in discs, a point's value on hover and with the keys
    scale = page.eval_on_selector_all("#eval-graph .scale", "els => els.map(e => e.textContent)")
    assert len(scale) == 2 and scale[0].startswith("Black +") and scale[1].startswith("White +")
    assert all(text.endswith(" discs") for text in scale)
    assert page.inner_text(".graph-readout").startswith("6. Black g2: White +")
    page.hover('#eval-graph [data-ply="4"]')
    page.wait_for_function("document.querySelector('.graph-readout').textContent.startsWith('2. White d3: ')")
    page.focus("#graph-box")
    assert page.get_attribute("#graph-box", "role") == "slider"
    page.keyboard.press("End")
    page.keyboard.press("ArrowLeft")
    assert page.get_attribute("#graph-box", "aria-valuetext").startswith("5. White e7: ")
    assert page.inner_text(".graph-readout") == page.get_attribute("#graph-box", "aria-valuetext")
    page.keyboard.press("Enter")  # goes there
    page.wait_for_function("document.querySelector('#move-list').dataset.ply === '10'")
    page.click('[data-study="analysis"]')
    page.wait_for_function("document.querySelector('#analysis').textContent.startsWith('Best for Black: ')")
    assert page.get_attribute('[data-study="analysis"]', "aria-pressed") == "true"


def test_practise_these_positions_after_a_review_offers_the_known_blunder(page, server_url) -> None:
    """The review of a game whose 11th move (Black's g2) loses at least BLUNDER_DISCS offers that
    position as a puzzle: the dialog names it, its set opens in the puzzle embed, which takes the
    better move; desktop and phone screenshots."""
    from browser_support import ARTIFACTS

    from reversi import Position, Rules
    from reversi.engine import api as engine_api
    from reversi.formats.notation import play_transcript, position_to_string
    from reversi.ui.drivers.study import BLUNDER_DISCS
    from reversi.ui.embed.puzzle_set import pack_position, read_puzzle_set

    before = play_transcript(Position.start(Rules()), "f5d6c3d3c4f4f6f3e6e7").position
    values = engine_api.analyse(start=position_to_string(before), moves="", time_limit=2.0)["scores"]
    assert (max(values.values()) - values["g2"]) / 100 >= BLUNDER_DISCS  # the game's blunder, by the engine
    page.goto(server_url + "?m=f5d6c3d3c4f4f6f3e6e7g2")
    wait_ready(page)
    assert page.is_hidden('[data-study="practise"]')  # no review yet: nothing offered
    page.click('[data-study="review"]')
    page.wait_for_function("document.querySelectorAll('#eval-graph [data-ply]').length === 12", timeout=60_000)
    page.wait_for_selector('[data-study="practise"]:not([hidden])')
    page.click('[data-study="practise"]')
    page.wait_for_selector("#practice-dialog[open]")
    lines = page.eval_on_selector_all(".practice-list li", "els => els.map(e => e.textContent)")
    # numbered as in the move list (g2 is "6. g2" there), what it lost, not the answer
    blunder = [line for line in lines if ": 6. Black g2, a blunder: loses " in line]
    assert len(blunder) == 1 and "best" not in blunder[0], lines
    src = page.get_attribute(".practice-open", "href")
    assert "view=puzzle" in src and pack_position(before) in src.split("ps=")[1].split("&")[0]
    puzzle = dict(read_puzzle_set(src.split("?", 1)[1]))[before]  # the answers the set's link carries
    better = [before.rules.geometry.name(m) for m in sorted(puzzle.best)]
    # the set is mounted on the page's own interpreter (a shadow root), not in an iframe of the app:
    # no second runtime starts
    page.wait_for_selector(".practice-board[data-styled]")
    assert page.query_selector(".practice-frame iframe") is None and len(page.frames) == 1
    board = page.locator(".practice-board")
    at = lines.index(blunder[0])  # the set is in the order played
    for _ in range(at):
        board.locator('[data-action="next-puzzle"]').click()
    assert board.locator(".puzzle-progress").inner_text().startswith(f"Puzzle {at + 1} of {len(lines)} ")
    assert board.locator("#embed-open").get_attribute("href").startswith(server_url)  # the app, this puzzle
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "practice.png"))
    page.set_viewport_size({"width": 1280, "height": 800})  # a laptop: the answer falls below the board
    board.locator(f'[data-square="{better[0]}"]').click()
    assert board.locator("#puzzle-feedback").get_attribute("data-verdict") == "best"
    page.wait_for_timeout(300)
    # the answer is in view, above the dialog's own buttons (which stay at its bottom)
    feedback = board.locator("#puzzle-feedback").bounding_box()
    buttons = page.locator("#practice-dialog .dialog-buttons").bounding_box()
    assert feedback is not None and buttons is not None and feedback["y"] >= 0
    assert feedback["y"] + feedback["height"] <= buttons["y"], (feedback, buttons)
    shown = page.evaluate("document.getElementById('move-list').dataset.ply")
    page.keyboard.press("ArrowLeft")  # the keys are the board's: the app's game stays where it is
    assert page.evaluate("document.getElementById('move-list').dataset.ply") == shown
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(300)
    page.screenshot(path=str(ARTIFACTS / "practice-phone.png"))
    page.set_viewport_size({"width": 1280, "height": 860})
    page.click('[data-practice="close"]')
    # the board goes on the dialog's close event, which the browser fires in a task of its own
    page.wait_for_function("!document.querySelector('.practice-board')", timeout=30_000)
    assert page.is_hidden("#practice-dialog") and not page.query_selector(".practice-board")
    # opened again: one board, at the set's first puzzle
    page.click('[data-study="practise"]')
    page.wait_for_selector(".practice-board[data-styled]")
    assert len(page.query_selector_all(".practice-board")) == 1
    assert page.locator(".practice-board .puzzle-progress").inner_text().startswith(f"Puzzle 1 of {len(lines)} ")
    page.click('[data-practice="close"]')


def test_balanced_openings_from_a_link_and_the_new_game_dialog_are_the_engines_own(page, server_url) -> None:
    """A link ``bo=6.3.5`` (no moves) has the worker draw the same opening as CPython from the same
    seed, nobody moving before it; the new-game dialog's "Balanced random" does the same and puts
    the opening in the address; desktop and phone screenshots."""
    from browser_support import ARTIFACTS

    from reversi import Rules
    from reversi.engine.balanced import balanced_opening
    from reversi.formats.notation import move_name

    def names(plies: int, within: int, seed: int) -> list[str]:
        g = Rules().geometry
        return [move_name(m, g) for m in balanced_opening(Rules(), plies, within, seed).moves]

    page.goto(server_url + "?bo=6.3.5&pl=c3h")  # the computer plays Black: it waits for the opening
    wait_ready(page)
    page.wait_for_function("document.querySelectorAll('#move-list > .ply[data-ply]').length >= 6", timeout=60_000)
    assert main_plies(page)[:6] == names(6, 3, 5)
    assert page.inner_text("#opening-name") == "A balanced opening: 6 moves within ±3 discs (seed 5)"
    page.wait_for_function("location.search.includes('bo=6.3.5')")
    page.click("#btn-new")
    page.check('input[name="players"][value="two"]')
    page.check('input[name="opening"][value="balanced"]')
    page.fill('input[name="opening_moves"]', "31")
    page.wait_for_function("document.querySelector('#form-error').textContent.includes('1 to 30')")
    page.fill('input[name="opening_moves"]', "10")
    page.fill('input[name="opening_within"]', "2")
    page.fill('input[name="opening_seed"]', "9")
    page.wait_for_function("document.querySelector('#form-preview').textContent.includes('10 moves within ±2 discs')")
    ARTIFACTS.mkdir(exist_ok=True)
    page.set_viewport_size({"width": 390, "height": 844})
    page.locator('input[name="opening_seed"]').scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / "balanced-dialog-phone.png"))
    page.set_viewport_size({"width": 1280, "height": 860})
    page.click("#btn-start")
    if page.is_visible("#btn-start-confirm"):
        page.click("#btn-start-confirm")
    page.wait_for_function("document.querySelectorAll('#move-list > .ply[data-ply]').length === 10", timeout=60_000)
    assert main_plies(page) == names(10, 2, 9)
    page.wait_for_function("location.search.includes('bo=10.2.9')")
    page.screenshot(path=str(ARTIFACTS / "balanced-opening.png"))


def test_multi_line_analysis_the_evaluation_bar_counts_and_stable_discs(page, server_url) -> None:
    """Analysis with three lines shows three lines (the best one and two more), the evaluation bar,
    both sides' moves and stable discs; the stable-disc overlay marks exactly the discs the rules'
    own code finds; desktop and phone screenshots."""
    from browser_support import ARTIFACTS

    from reversi import Position, Rules
    from reversi.core.stability import mobility, stable_discs
    from reversi.formats.notation import play_transcript

    moves = "c4e3f2c5d6e2f3g1d1g3e6c3b6e1b2a7g4f4h2f7d2h3b4c1g8e7f8a5a4b3c2d3h4d7c7e8f5a2b5d8c6h8g2g5"
    position = play_transcript(Position.start(Rules()), moves).position
    black, white = stable_discs(position)
    expected = set(Rules().geometry.bits_to_names(black | white))
    assert expected  # the position has stable discs to show
    page.goto(server_url + "?m=" + moves)
    wait_ready(page)
    assert page.is_hidden("#eval-bar") and page.query_selector("[data-stable]") is None
    page.click('[data-study="analysis"]')
    page.select_option("#analysis-lines-count", "3")
    page.wait_for_function("document.querySelectorAll('#analysis-lines li').length === 2", timeout=60_000)
    assert page.inner_text("#analysis").startswith("Best for Black: ")
    others = page.eval_on_selector_all("#analysis-lines li", "els => els.map(e => e.textContent)")
    firsts = [page.inner_text("#analysis").split(": ")[1].split(" ")[0]] + [text.split(" ")[0] for text in others]
    assert len(set(firsts)) == 3 and set(firsts) <= set(position.rules.geometry.bits_to_names(position.legal))
    assert page.is_visible("#eval-bar")
    assert page.get_attribute("#eval-bar", "aria-label").startswith("Evaluation: ")
    black_moves, white_moves = mobility(position)
    assert page.inner_text("#analysis-counts") == (
        f"Moves: Black {black_moves}, White {white_moves} · Stable discs: Black {black.bit_count()}, "
        f"White {white.bit_count()}")
    page.click('[data-study="stable"]')
    page.wait_for_selector("[data-stable]")
    shown = set(page.eval_on_selector_all("[data-stable]", "els => els.map(e => e.dataset.square)"))
    assert shown == expected
    assert "stable" in page.get_attribute(f'[data-square="{sorted(expected)[0]}"]', "aria-label")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "analysis-lines.png"), full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(300)
    page.screenshot(path=str(ARTIFACTS / "analysis-lines-phone.png"), full_page=True)
    page.set_viewport_size({"width": 1280, "height": 860})
    page.click('[data-study="stable"]')
    page.click('[data-study="analysis"]')
    assert page.is_hidden("#eval-bar") and page.query_selector("[data-stable]") is None


def test_the_board_editor_goes_out_as_a_link_and_comes_back(page, server_url) -> None:
    # a game saved in this browser (the test makes it itself: it needs no earlier test's)
    page.goto(server_url + "?m=f5d6c3d3c4f4f6f3e6e7g2")
    wait_ready(page)
    page.wait_for_function("(localStorage.getItem('reversi.state') || '').includes('f5d6c3d3c4f4f6f3e6e7g2')")
    page.goto(server_url + "?m=f5")  # another game than the one saved
    wait_ready(page)
    # the saved game is kept one click away, and comes back, saved again in this tab
    page.click('#alert button[data-notice-action="previous"]')
    page.wait_for_function("document.querySelectorAll('#move-list > .ply[data-ply]').length === 11")
    assert page.locator("#notices [data-notice]").count() == 0  # not "changed in another tab"
    stored = page.evaluate("localStorage.getItem('reversi.state')")
    assert '"moves":"f5d6c3d3c4f4f6f3e6e7g2"' in stored
    page.click('[data-study="edit"]')
    page.wait_for_selector("#editor:not([hidden])")
    page.click('[data-editor="clear"]')
    for tool, squares in (("black", ["c3", "d4"]), ("white", ["e5"])):
        page.check(f'input[name="editor-tool"][value="{tool}"]')
        for name in squares:
            page.click(f'[data-square="{name}"]')
    page.select_option("#editor-turn", "1")
    page.wait_for_function("document.querySelector('#editor-message').textContent.includes('centre squares')")
    assert page.is_disabled("#btn-undo")  # the game behind the editor does not move while it is open
    # the game in progress would end: the editor asks first, as New game and Load do
    page.click('[data-editor="study"]')
    page.wait_for_selector(".editor-confirm:not([hidden])")
    assert page.evaluate("document.activeElement.dataset.editor") == "confirm"
    page.click('[data-editor="keep"]')
    assert page.is_hidden(".editor-confirm") and page.is_visible("#editor")
    assert page.evaluate("document.activeElement.dataset.editor") == "study"  # back where it asked
    assert page.evaluate("document.querySelectorAll('#move-list > .ply[data-ply]').length") == 11
    page.click('[data-editor="study"]')
    page.click('[data-editor="confirm"]')
    page.wait_for_function("location.search.includes('p=')")
    address = page.evaluate("location.search")
    page.goto(server_url + address)
    wait_ready(page)
    states = page.eval_on_selector_all(
        "[data-square]", "els => Object.fromEntries(els.map(e => [e.dataset.square, e.dataset.state]))"
    )
    assert (states["c3"], states["d4"], states["e5"], states["d5"]) == ("black", "black", "white", "empty")
    assert "White" in page.text_content("#message")


def test_a_click_before_the_page_is_ready_is_played_when_it_is(page, server_url) -> None:
    import threading

    release = threading.Event()

    def hold(route) -> None:  # the page's Python arrives only once the click was made
        release.wait(10)
        route.continue_()

    page.route(MAIN_PY, hold)
    # nothing saved (a saved game and a game link: the board would wait for Python, taking no click)
    page.goto(server_url + "assets/app.css")  # a file of the site: its storage, without starting the page
    page.evaluate("localStorage.clear()")
    page.goto(server_url + "?m=", wait_until="domcontentloaded")  # the first paint's scripts have run
    page.click('#board [data-square="f5"]')
    assert page.get_attribute('#board [data-square="f5"]', "data-queued") == "true"
    release.set()
    wait_ready(page)
    page.wait_for_function("document.querySelectorAll('#move-list > .ply[data-ply]').length >= 1")
    assert main_plies(page)[0] == "f5"
    page.unroute(MAIN_PY)


def test_a_moves_annotation_goes_into_the_link_and_the_file_and_shows_in_the_viewer(page, server_url) -> None:
    """A glyph chosen for a move (the study bar's annotation) and a lettered square show in the move
    list and on the board, travel in the address and a .rev file, and show in the viewer embed."""
    from browser_support import ARTIFACTS

    page.goto(server_url + "?m=f5d6c3d3c4")
    wait_ready(page)
    page.click('#move-list [data-ply="2"]')  # d6
    page.select_option("#glyph", "?!")
    page.wait_for_function("location.search.includes('v=2')")
    assert main_plies(page)[:2] == ["f5", "d6?!"]
    label = page.get_attribute('#move-list [data-ply="2"]', "aria-label")
    assert label == "1. White d6, a dubious move"
    assert page.get_attribute('[data-square="d6"] .glyph', "data-glyph") == "?!"
    assert "a dubious move" in page.get_attribute('[data-square="d6"]', "aria-label")
    page.locator("#board").screenshot(path=str(ARTIFACTS / "glyph-board.png"))
    # a letter on a square, as books letter them (the marking tool's "Letters A, B, C...")
    page.select_option("#mark-kind", "+")
    assert page.get_attribute('[data-study="mark"]', "aria-pressed") == "true"
    page.click('[data-square="e6"]')
    page.wait_for_function("decodeURIComponent(location.search).includes('[%lbl Ae6]')")
    assert page.get_attribute('[data-square="e6"]', "data-sign") == "A"
    assert page.get_attribute('[data-square="e6"]', "aria-label").endswith("letter A")
    page.click('[data-study="mark"]')  # marking off: clicks play again
    page.click('#move-list [data-ply="5"]')
    page.select_option("#glyph", "!!")
    page.wait_for_function("decodeURIComponent(location.search).includes('c4!!')")
    address = page.evaluate("location.search")
    # the file keeps them
    page.click("#records summary")
    with page.expect_download() as info:
        page.click('button[data-record="download"]')
    text = open(info.value.path(), encoding="utf-8").read()
    assert "f5 d6?! {[%lbl Ae6]} c3 d3 c4!!" in text
    # the viewer embed of the same game says them
    page.goto(server_url + address + "&view=embed&at=2")
    wait_ready(page)
    assert page.text_content("#embed-status") == "1. White d6?!, a dubious move"
    assert page.get_attribute('[data-square="d6"] .glyph', "data-glyph") == "?!"
    assert page.get_attribute('[data-square="e6"]', "data-sign") == "A"  # the letter, after d6
    assert main_plies(page)[-1] == "c4!!"
    page.screenshot(path=str(ARTIFACTS / "glyph-embed.png"))


def test_the_coach_says_why_a_reviewed_blunder_and_a_wrong_try_are_worse(page, server_url) -> None:
    """The review's note on Black's g2 (the known blunder) goes on with the coach's why, as does
    the move's accessible name; Practise's puzzle of it answers a wrong try (g2 again) with the
    same reason, the best move not named."""
    import json

    page.goto(server_url + "?m=f5d6c3d3c4f4f6f3e6e7g2")
    wait_ready(page)
    page.click('[data-study="review"]')
    page.wait_for_selector('#move-list .ply.blunder[data-ply="11"]', timeout=60_000)
    page.click('#move-list [data-ply="11"]')
    why = "g2 is diagonally next to the empty corner h1, which such a square often gives away; "
    page.wait_for_function(f"document.querySelector('#review-note').textContent.includes({json.dumps(why)})")
    note = page.inner_text("#review-note")
    assert note.startswith("6. Black g2, a blunder: loses ") and " was best. " + why in note, note
    assert note.endswith(" is next to no empty corner.")
    assert page.get_attribute('#move-list [data-ply="11"]', "aria-label") == note
    page.wait_for_selector('[data-study="practise"]:not([hidden])', timeout=60_000)
    page.click('[data-study="practise"]')
    page.wait_for_selector(".practice-board[data-styled]")
    lines = page.eval_on_selector_all(".practice-list li", "els => els.map(e => e.textContent)")
    at = next(k for k, line in enumerate(lines) if ": 6. Black g2, a blunder: loses " in line)
    board = page.locator(".practice-board")
    for _ in range(at):
        board.locator('[data-action="next-puzzle"]').click()
    board.locator('[data-square="g2"]').click()
    feedback = board.locator("#puzzle-feedback")
    assert feedback.get_attribute("data-verdict") == "worse"
    said = feedback.inner_text()
    assert said.startswith("g2 loses ") and said.endswith(" Try again."), said
    assert why + "the best move is next to no empty corner." in said, said
    page.click('[data-practice="close"]')
    # a teacher's viewer of the game with the review in its comments: the blunder's why too
    from html import unescape
    from urllib.parse import unquote

    page.click("#records summary")
    page.click('button[data-record="embed"]')
    page.wait_for_selector("#embed-dialog[open]")
    review = page.locator('#embed-form input[name="review"]')
    assert review.is_enabled() and not review.is_checked()
    plain = page.input_value("#embed-code")
    assert "diagonally" not in unquote(plain)
    review.check()
    page.check('#embed-form input[name="from_start"]')  # no at= of its own: the test adds one
    html = page.input_value("#embed-code")
    src = unescape(html.split('src="', 1)[1].split('"', 1)[0])
    assert why in unquote(src) and page.inner_text("#embed-message") == ""
    page.click('#embed-dialog button[data-embed="close"]')
    page.goto(src + "&at=11")
    wait_ready(page)
    comment = page.inner_text("#embed-comment")
    assert comment.startswith("a blunder: loses ") and why in comment, comment


def test_the_coach_setting_says_why_after_a_mistake_against_the_computer(page, server_url) -> None:
    """Coach in Settings (off by default): against the computer at level 1, Black's g2 (the known
    blunder) is followed, once the computer has replied, by the coach's note (what it lost and
    why, heard by a screen reader); the next move takes it away. Off again at the end (the
    module's pages share their storage)."""
    import json

    page.goto(server_url + "?m=f5d6c3d3c4f4f6f3e6e7&pl=hc1")
    wait_ready(page, "engine-ready", 120_000)
    page.click("#settings summary")
    box = page.locator('#settings input[name="coach"]')
    assert not box.is_checked()
    box.check()
    page.wait_for_function("JSON.parse(localStorage.getItem('reversi.state')).settings.coach === true")
    page.click('#board [data-square="g2"]')
    page.wait_for_function("document.querySelectorAll('#move-list > .ply[data-ply]').length === 12",
                           timeout=60_000)  # the computer's reply
    why = "g2 is diagonally next to the empty corner h1, which such a square often gives away; "
    page.wait_for_function(f"document.querySelector('#coach-note').textContent.includes({json.dumps(why)})",
                           timeout=60_000)
    note = page.locator("#coach-note")
    assert note.is_visible() and note.get_attribute("aria-live") == "polite"
    text = note.inner_text()
    assert text.startswith("Coach: 6. Black g2, a blunder: loses "), text
    legal = page.eval_on_selector_all('#board [data-legal="true"]', "els => els.map(e => e.dataset.square)")
    page.click(f'#board [data-square="{legal[0]}"]')
    page.wait_for_function("document.querySelector('#coach-note').hidden")
    box.uncheck()
    page.wait_for_function("JSON.parse(localStorage.getItem('reversi.state')).settings.coach === false")


def test_the_graph_setting_off_values_nothing_until_the_review_asks(page, server_url) -> None:
    """Settings' "Value each move as the game is played" (on by default): off, the graph's box says
    it is off and where to turn it on, and the engine values no move of the game; Review values
    them all (the graph drawn, the blunder marked); on again, a new move is valued as it is played.
    On again at the end (the module's pages share their storage)."""
    from browser_support import ARTIFACTS

    page.goto(server_url + "?m=f5d6c3d3c4f4f6f3e6e7g2")
    wait_ready(page, "engine-ready", 120_000)
    page.click("#settings summary")
    box = page.locator('#settings input[name="graph"]')
    assert box.is_checked()
    box.uncheck()
    page.wait_for_function("JSON.parse(localStorage.getItem('reversi.state')).settings.graph === false")
    page.reload()  # nothing valued yet on this visit: the graph's box says why it is empty
    wait_ready(page, "engine-idle")  # and nothing needs the engine: none boots until the review asks
    off = page.locator("#graph-box .graph-off")
    off.wait_for()
    assert off.inner_text().startswith("The evaluation graph is off in Settings")
    assert page.get_attribute("#graph-box", "role") is None  # no slider over no values
    page.click("#settings summary")
    page.locator("#graph-box").scroll_into_view_if_needed()
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "graph-off-desktop.png"))
    time.sleep(1.5)  # several of the study's slices, were it valuing the moves
    assert page.locator("#graph-box .graph-off").count() == 1 and page.locator("#eval-graph").count() == 0
    assert page.get_attribute("#board", "data-engine") == "idle"
    assert page.is_enabled("#btn-hints")  # asking for hints would boot it
    page.click('[data-study="review"]')  # the review values the game all the same: the engine boots
    page.wait_for_selector('#move-list .ply.blunder[data-ply="11"]', timeout=60_000)
    assert "blunder" in page.get_attribute('#eval-graph [data-ply="11"]', "class")
    page.click('[data-study="review"]')  # review off: the values stay on the graph
    page.wait_for_function("!document.querySelector('#review-legend') || "
                           "document.querySelector('#review-legend').hidden")
    box.check()  # Settings still open
    page.wait_for_function("JSON.parse(localStorage.getItem('reversi.state')).settings.graph === true")
    legal = page.eval_on_selector_all('#board [data-legal="true"]', "els => els.map(e => e.dataset.square)")
    page.click(f'#board [data-square="{legal[0]}"]')
    page.wait_for_function("document.querySelectorAll('#eval-graph [data-ply]').length === 13", timeout=60_000)
