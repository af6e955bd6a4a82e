"""The page in a real browser: Debian Chromium via Playwright, against serve.py.

Uses the fixtures ``server_url`` and ``browser`` of ``tests/conftest.py``. One
page is booted per module and reused: each test starts the game it needs
through the new-game dialog, as a person would. Screenshots go to
``tests/artifacts/`` (git-ignored).
"""

from __future__ import annotations

import functools

import pytest
from browser_support import (
    ARTIFACTS,
    STATES_JS,
    click_square,
    click_start,
    dom_states,
    expected_states,
    moves_played,
    start_game,
    wait_ready,
)
from support import find_game_with_pass, in_language

from reversi import Game, Rules
from reversi.core.rules import WHITE, random_blocked
from reversi.ui.controller import Controller
from reversi.ui.players import Players

pytestmark = pytest.mark.browser


def boot(browser, server_url: str, viewport: dict, reduced_motion: str = "no-preference", private: bool = False,
         script: str = ""):
    """A new page on the app as two players (these tests play both sides by clicking); ``script``
    runs in it before its own scripts."""
    from browser_support import open_app

    return open_app(browser, server_url, viewport, reduced_motion, two_players=True, private=private, script=script)


@pytest.fixture(scope="module")
def app(browser, server_url):
    context, page, foreign, _requests, errors = boot(browser, server_url, {"width": 1280, "height": 800}, private=True)
    wait_ready(page)
    yield page
    assert not errors, errors
    assert not foreign, foreign
    context.close()


# -- booting -----------------------------------------------------------------------------


#: Records, from the page's first byte, each state of the loading bar and its note: [--load, the
#: phase of the note shown, the bar's computed transform] at every change (a MutationObserver on the whole document).
LOAD_PHASES_JS = """
window.__loadPhases = [];
new MutationObserver(() => {
  const root = document.documentElement;
  if (!root || root.classList.contains('ready')) return;
  const load = parseFloat(root.style.getPropertyValue('--load') || '0');
  const note = document.querySelector('.loading-note:not([hidden])');
  const state = [load, note ? note.dataset.phase : null];
  const last = window.__loadPhases[window.__loadPhases.length - 1];
  if (!last || last[0] !== state[0] || last[1] !== state[1]) {
    const fill = document.querySelector('.load-bar-fill');
    window.__loadPhases.push(state.concat([fill ? getComputedStyle(fill).transform : null]));
  }
}).observe(document, {subtree: true, childList: true, attributes: true});
"""


def test_the_loading_bar_and_its_words_follow_the_start_s_real_phases(browser, server_url) -> None:
    """The bar only grows, through the files, Python's start and the board's set-up, each named in
    words as it happens (assets/progress.js); it never stands at one value for the whole start."""
    from browser_support import AppContext

    context = AppContext(browser, server_url, {"width": 390, "height": 844})
    try:
        page = context.new_page()
        page.add_init_script(LOAD_PHASES_JS)
        page.goto(server_url)
        wait_ready(page)
        seen = page.evaluate("window.__loadPhases")
        loads = [load for load, _, _ in seen]
        assert loads == sorted(loads), seen  # never back
        assert len(set(loads)) >= 4 and loads[-1] >= 94, seen  # moved on at each phase, to its last
        phases = [phase for _, phase, _ in seen if phase]
        order = [p for k, p in enumerate(phases) if k == 0 or phases[k - 1] != p]
        assert order == ["files", "start", "board"], seen
        # drawn as a transform (the compositor runs its transitions while Python's start holds the
        # main thread), scaled to the share loaded (scaleX: a matrix with only its first value changing)
        matrices = [m for _, _, m in seen if m and m != "none"]
        assert matrices and all(m.startswith("matrix(") and m.endswith(", 0, 0, 1, 0, 0)") for m in matrices), seen
    finally:
        context.close()


#: The engine's files: its archive, its worker's script, its weights and book.
ENGINE_FILES = ("assets/package/engine.zip", "reversi/engine/worker.py", "reversi/engine/data/")


@pytest.mark.parametrize("private", [True, False], ids=["first visit", "from the snapshots"])
def test_no_engine_file_is_asked_for_before_the_board_takes_moves(browser, server_url, private) -> None:
    """The engine (its archive, worker and weights) loads after the board takes moves, never before:
    the first move does not wait for it. Each request's start is compared with the mark reversi-ready."""
    from browser_support import AppContext

    context = AppContext(browser, server_url, {"width": 390, "height": 844}, private=private)
    try:
        page = context.new_page()
        asked: list = []
        page.on("request", lambda r: asked.append(r) if r.url.startswith(server_url) else None)
        page.goto(server_url)
        wait_ready(page)
        page.wait_for_function("document.documentElement.classList.contains('engine-ready')", timeout=60_000)
        ready = page.evaluate("performance.timeOrigin + performance.getEntriesByName('reversi-ready')[0].startTime")
        engine = [r for r in asked if r.url.removeprefix(server_url).startswith(ENGINE_FILES)]
        assert engine, "the engine's files were not seen at all"  # the check can see them
        early = [(r.url, r.timing["startTime"] - ready) for r in engine if r.timing["startTime"] < ready]
        assert not early, early
    finally:
        context.close()


#: The box of the element ``s`` selects, in the page's coordinates: [x, y, width, height].
BOX_JS = ("s => { const r = document.querySelector(s).getBoundingClientRect();"
          " return [r.x + scrollX, r.y + scrollY, r.width, r.height]; }")
#: The page as its load event finds it, kept in ``window.atLoad``: read at once, in the page, as
#: the test reading it piece by piece could find Python ready between two readings.
AT_LOAD_JS = """addEventListener('load', () => {
  const shown = e => !!e && getComputedStyle(e).display !== 'none' && e.getClientRects().length > 0
    && e.getBoundingClientRect().width > 0;
  const box = """ + BOX_JS + """;
  window.atLoad = {
    ready: document.documentElement.classList.contains('ready'),
    squares: document.querySelectorAll('[data-square]').length,
    notes: Array.from(document.querySelectorAll('.loading-note')).filter(shown).length,
    bar: shown(document.querySelector('.load-bar')),
    // the bar's box against the board's coordinates: it lies below them, never over a letter
    barOverLabels: [...document.querySelectorAll('#board text')].some(t => {
      const a = t.getBoundingClientRect(), b = document.querySelector('.load-bar').getBoundingClientRect();
      return a.width > 0 && a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom; }),
    board: box('#board'), panel: box('.panel'),
    svg: document.querySelector('#board svg').outerHTML,
  };
});"""


def test_boots_offline_with_the_board_painted_before_python(browser, server_url) -> None:
    context, page, foreign, requests, errors = boot(browser, server_url, {"width": 1280, "height": 800},
                                                    script=AT_LOAD_JS)
    try:
        first = page.evaluate("window.atLoad")
        assert not first["ready"]
        assert first["squares"] == 64  # the static board of index.html
        # how far it has loaded: one of the notes ("Loading..." or, once the runtime's files are in,
        # "Starting Python...") and the bar
        assert first["notes"] == 1 and first["bar"] and not first["barOverLabels"], first
        board_box, panel_box, static_board = first["board"], first["panel"], first["svg"]
        svg_js = "document.querySelector('#board svg').outerHTML"
        wait_ready(page)
        assert not page.is_visible(".loading-note") and not page.is_visible(".load-bar")
        # the bar went past the runtime's files and Python's start, and the note said the board was next
        assert float(page.evaluate("getComputedStyle(document.documentElement).getPropertyValue('--load')")) >= 94
        assert page.evaluate("document.querySelector('.loading-note[data-phase=board]').hidden") is False
        assert page.evaluate(BOX_JS, "#board") == board_box  # no layout jump
        assert page.evaluate(BOX_JS, ".panel") == panel_box
        assert page.evaluate(svg_js) == static_board  # Python draws the same start
        assert foreign == []
        assert not [u for u in requests if "numpy" in u or u.endswith(".whl")]  # numpy stays off
        assert not errors, errors
        assert page.evaluate("performance.getEntriesByName('reversi-ready').length") == 1
    finally:
        context.close()


# -- playing -----------------------------------------------------------------------------


def test_a_full_game_by_clicks_ends_with_the_engines_score(app) -> None:
    start_game(app)
    game = Game(Rules())
    while True:
        states = app.eval_on_selector_all("[data-square]", STATES_JS)
        legal = [name for name, _, is_legal in states if is_legal]
        if not legal:
            break
        move = legal[0]  # the first legal square in reading order
        game.play(game.rules.geometry.parse_square(move))
        click_square(app, move)
    assert game.is_over
    result = game.position.result()
    names = game.rules.side_names
    assert app.inner_text("#message") == result.describe(names)
    assert app.get_attribute("#board", "data-over") == "true"
    pos = game.position
    counts = app.eval_on_selector_all(".player .player-count", "els => els.map(e => e.textContent)")
    assert counts == [str(pos.count(0)), str(pos.count(1))]
    assert dom_states(app) == expected_states(controller_after(Rules(), game.moves))
    app.wait_for_timeout(400)  # let the last flip finish
    app.screenshot(path=str(ARTIFACTS / "desktop-game-over.png"))


def test_a_wipeout_says_where_the_score_beyond_the_counters_comes_from(app) -> None:
    """The shortest game ends 64:0 with 13 discs on the board: the result says the empties went to the winner."""
    start_game(app)
    for move in "f5 d6 c5 f4 e3 f6 g5 e6 e7".split():
        click_square(app, move)
    counts = app.eval_on_selector_all(".player .player-count", "els => els.map(e => e.textContent)")
    assert counts == ["13", "0"]
    assert app.text_content("#message") == "Black wins 64:0 13:0 on the board, plus 51 empty squares for the winner"
    # a redraw (the graph filling in) replaces the status line's parts: asked of the note in the page
    # until it is one that is drawn (a line of its own under the result, not bold)
    look = """() => { const e = document.querySelector('#message .score-note');
        if (!e || !e.isConnected) return null;
        const s = getComputedStyle(e);
        return s.display ? [e.textContent, s.display, s.fontWeight] : null; }"""
    app.wait_for_function(f"JSON.stringify(({look})()) === "
                          "'[\"13:0 on the board, plus 51 empty squares for the winner\",\"block\",\"400\"]'",
                          timeout=20_000)
    app.click("#btn-undo")  # the game goes on: a plain message again
    assert app.text_content("#message") == "Black to move" and app.locator("#message .score-note").count() == 0


def controller_after(rules: Rules, moves: list[int]) -> Controller:
    c = Controller(rules, players=Players())
    for m in moves:
        if m >= 0:
            c.play(m)
    return c


RULE_SETS = {
    "othello": ({}, Rules()),
    "classic": ({"variant": "classic"}, Rules("classic")),
    "octagon": ({"variant": "octagon"}, Rules("octagon")),
    "size10": ({"size": 10}, Rules(size=10)),
    "size4-anti": ({"size": 4, "anti": True}, Rules(size=4, anti=True)),
    "handicap": ({"handicap": 3, "handicap_color": "white"}, Rules(handicap=3, handicap_color=WHITE)),
    "blocked-list": ({"blocked": "list", "blocked_list": "c3 f6 h1"}, Rules(blocked=("c3", "f6", "h1"))),
    "blocked-random": (
        {"blocked": "random", "blocked_count": 6, "blocked_seed": "2024", "size": 12},
        random_blocked(Rules(size=12), 6, 2024),
    ),
    "free-opening": ({"free_opening": True, "variant": "octagon"}, Rules("octagon", free_opening=True)),
}


@pytest.mark.parametrize("key", list(RULE_SETS))
def test_every_rule_set_starts_from_the_right_position(app, key: str) -> None:
    options, rules = RULE_SETS[key]
    start_game(app, **options)
    expected = Controller(rules, players=Players())
    assert dom_states(app) == expected_states(expected)
    assert app.inner_text("#game-title") == rules.describe()
    assert app.inner_text("#message") == expected.status().message
    blocked = app.eval_on_selector_all("[data-blocked]", "els => els.map(e => e.dataset.blocked)")
    assert sorted(blocked) == sorted(rules.blocked)
    if key == "octagon":
        assert app.locator("[data-square]").count() == 88
    if key == "classic":
        # Classic is drawn in black and red: play two centre discs and look
        click_square(app, "d4")
        click_square(app, "e5")
        colour = app.get_attribute('[data-square="e5"] .disc', "data-color")
        assert colour == "red"
        assert app.get_attribute('.player[data-side="1"] .disc-icon', "data-color") == "red"
        assert app.inner_text('.player[data-side="1"] .player-name') == "Red"
        fill = app.evaluate(
            "getComputedStyle(document.querySelector('.player[data-side=\"1\"] .disc-icon')).backgroundImage"
        )
        assert "212, 42, 28" in fill  # #d42a1c


#: ``zipMembers`` of ``assets/interpreter.js`` on each archive (a list of bytes; "served": the page's
#: own archive, fetched): its members, or the message it refused the archive with.
ZIP_MEMBERS_JS = """async archives => {
  const { zipMembers } = await import('./assets/interpreter.js');
  const served = new Uint8Array(await (await fetch('assets/package/page.zip')).arrayBuffer());
  return archives.map(bytes => {
    try { return zipMembers(bytes === 'served' ? served : new Uint8Array(bytes)); } catch (e) { return e.message; }
  });
}"""
#: ``unpackPackage`` on bytes it cannot read, with an interpreter that records what is asked of it:
#: Pyodide's own unpacker is the fallback, into the interpreter's folder.
UNPACK_FALLBACK_JS = """async () => {
  const { unpackPackage } = await import('./assets/interpreter.js');
  const asked = [];
  const pyodide = { FS: { cwd: () => '/home/pyodide' },
                    unpackArchive: (bytes, format, options) => asked.push([bytes.length, format, options.extractDir]) };
  const warn = console.warn;
  console.warn = () => {};
  try { return [unpackPackage(pyodide, new Uint8Array([80, 75, 1, 2, 3])), asked]; } finally { console.warn = warn; }
}"""


def _members(data: bytes) -> list[list]:
    """What zipMembers must say of ``data``: each member's name, method, where its data starts (after
    its local header), its length as stored and unpacked, its CRC-32."""
    import io
    import zipfile

    out = []
    for info in zipfile.ZipFile(io.BytesIO(data)).infolist():
        at = info.header_offset
        name_length, extra_length = (int.from_bytes(data[i:i + 2], "little") for i in (at + 26, at + 28))
        start = at + 30 + name_length + extra_length
        out.append([info.filename, info.compress_type, start, info.compress_size, info.file_size, info.CRC])
    return out


def test_the_package_is_unpacked_by_the_pages_own_reader_and_a_bad_archive_by_pyodides(app, server_url) -> None:
    """``assets/interpreter.js`` unpacks the package itself (``data-unpacked``): its zip reader reads
    the served archive and others as Python's zipfile does, refuses what it cannot read or what
    would land outside the folder, and leaves those to Pyodide's own unpacker."""
    import io
    import urllib.request
    import zipfile

    assert app.get_attribute("html", "data-unpacked") == "js"

    def archive(members: dict[str, bytes], method: int = zipfile.ZIP_DEFLATED, comment: bytes = b"") -> bytes:
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w", method) as z:
            for name, data in members.items():
                z.writestr(name, data)
            z.comment = comment
        return buffer.getvalue()

    mixed = io.BytesIO()
    with zipfile.ZipFile(mixed, "w") as z:
        z.writestr("pkg/", b"")
        z.writestr(zipfile.ZipInfo("pkg/stored.txt"), b"as it is", compress_type=zipfile.ZIP_STORED)
        z.writestr(zipfile.ZipInfo("pkg/packed.pyc"), bytes(range(256)) * 40, compress_type=zipfile.ZIP_DEFLATED)
        z.writestr(zipfile.ZipInfo("pkg/ünï.mo"), b"x" * 999, compress_type=zipfile.ZIP_DEFLATED)
        z.comment = b"a comment at the end"

    class Unseekable(io.RawIOBase):  # zipfile then writes each member's sizes after its data (flag bit 3)
        def __init__(self) -> None:
            self.data = bytearray()

        def writable(self) -> bool:
            return True

        def write(self, b) -> int:
            self.data += b
            return len(b)

    streamed = Unseekable()
    with zipfile.ZipFile(streamed, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("pkg/streamed.pyc", b"streamed " * 300)
    plain = archive({"a.py": b"print(1)\n"})
    # a comment that looks like the directory's end (Python's zipfile takes it for the end, and finds
    # no member): its members are the plain archive's
    fooled = archive({"a.py": b"print(1)\n"}, comment=b"PK\x05\x06" + bytes(18))
    assert fooled[: len(plain) - 2] == plain[:-2] and zipfile.ZipFile(io.BytesIO(fooled)).namelist() == []
    good = [mixed.getvalue(), fooled, bytes(streamed.data)]
    expected = [_members(good[0]), _members(plain), _members(good[2])]
    refused = {
        "outside": archive({"pkg/../../etc/x.py": b"1"}),
        "absolute": archive({"/etc/x.py": b"1"}),
        "bzip2": archive({"a.py": b"1" * 100}, zipfile.ZIP_BZIP2),
        "cut short": good[0][:-40],
        "not an archive": b"PK but nothing more than this",
        "no member": archive({}),
    }
    with urllib.request.urlopen(server_url + "assets/package/page.zip") as response:
        served = response.read()
    got = app.evaluate(ZIP_MEMBERS_JS, ["served"] + [list(data) for data in good + list(refused.values())])
    assert got[0] == _members(served) and len(got[0]) > 100
    assert got[1:4] == expected
    assert dict(zip(refused, got[4:], strict=True)) == {
        "outside": "pkg/../../etc/x.py: a member outside the folder",
        "absolute": "/etc/x.py: a member outside the folder",
        "bzip2": "a.py: a member this unpacker cannot read",
        "cut short": "not a zip archive",
        "not an archive": "not a zip archive",
        "no member": "not a zip archive",
    }
    assert app.evaluate(UNPACK_FALLBACK_JS) == ["pyodide", [[5, "zip", "/home/pyodide"]]]


def test_an_english_start_keeps_the_first_paints_texts_and_the_switch_translates_them(app) -> None:
    """``assets/first-paint.js`` records each marked text's English (its id) on an English page too
    and says so (``<html data-texts>``): Python's start leaves those texts as they are, and a switch
    of language translates them from the ids, and back."""
    czech = functools.partial(in_language, "cs")

    assert app.get_attribute("html", "data-texts") == "en"
    assert app.get_attribute("#btn-new", "data-i18n-id") == "New game"
    assert app.get_attribute("#btn-undo", "data-i18n-id-title") == "Take back a move"
    assert czech("New game") != "New game" and czech("Take back a move") != "Take back a move"
    try:
        app.select_option("#lang-select", "cs")
        app.wait_for_function("document.documentElement.lang === 'cs'")
        assert app.text_content("#btn-new").strip() == czech("New game")
        assert app.get_attribute("#btn-undo", "title") == czech("Take back a move")
    finally:
        app.select_option("#lang-select", "en")
        app.wait_for_function("document.documentElement.lang === 'en'")
    assert app.text_content("#btn-new").strip() == "New game"
    assert app.get_attribute("#btn-undo", "title") == "Take back a move"


def test_an_illegal_click_changes_nothing(app) -> None:
    start_game(app)
    click_square(app, "f5")
    before = app.inner_html("#board")
    status = app.inner_text(".panel")
    for name in ("a1", "f5", "e4", "h8"):  # empty but illegal, or occupied
        app.click(f'[data-square="{name}"]', force=True)  # aria-disabled: a person can still click
    app.click(".frame", position={"x": 5, "y": 5}, force=True)  # the frame, no square
    app.wait_for_timeout(100)
    assert app.inner_html("#board") == before
    assert app.inner_text(".panel") == status
    assert moves_played(app) == 1


def test_blocked_squares_cannot_be_played(app) -> None:
    start_game(app, blocked="list", blocked_list="f4 c5")
    before = app.inner_html("#board")
    app.click('[data-blocked="f4"]', force=True)
    app.wait_for_timeout(100)
    assert app.inner_html("#board") == before
    assert app.locator('[data-square="f4"]').count() == 0


def test_a_bad_form_over_a_game_in_progress_is_said_in_sight_and_ends_nothing(app) -> None:
    """On a phone the dialog's body scrolls: Start with a bad blocked-squares list showed "The game
    in progress will end", the error out of view below, and "End it and start" then did nothing."""
    start_game(app)
    click_square(app, "f5")
    app.wait_for_function("document.querySelector('#board').dataset.moves === '1'")
    app.set_viewport_size({"width": 390, "height": 600})  # put back below: the module shares this page
    try:
        _say_a_bad_form_on_a_phone(app)
    finally:
        app.set_viewport_size({"width": 1280, "height": 800})
    assert moves_played(app) == 1  # the game in progress goes on


def _say_a_bad_form_on_a_phone(app) -> None:
    app.click("#btn-new")
    app.wait_for_selector("#new-game-dialog[open]")
    app.check('#new-game-form input[name="blocked_mode"][value="list"]')
    app.fill('#new-game-form input[name="blocked_list"]', "zz qq")
    app.evaluate("document.querySelector('#new-game-dialog').scrollTop = 0")  # the form read from its top
    app.evaluate("document.querySelector('#form-error').textContent = ''")  # as before the live check ran
    click_start(app)
    app.wait_for_function("document.querySelector('#form-error').textContent.includes('zz')")
    assert app.is_hidden("#form-confirm") and app.is_hidden("#btn-start-confirm")  # nothing offered to end
    # in sight: the element at the middle of the message is the message (not the fields, not the bar)
    assert app.evaluate("""() => { const box = document.querySelector('#form-error').getBoundingClientRect();
        return document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2)?.id; }""") == "form-error"
    app.screenshot(path=str(ARTIFACTS / "phone-dialog-error-in-sight.png"))
    app.keyboard.press("Escape")
    app.wait_for_selector("#new-game-dialog", state="hidden")


def test_a_refused_combination_shows_the_engines_message_inline(app) -> None:
    start_game(app, variant="othello", blocked="list", blocked_list="d4", expect_error=True)
    assert app.is_visible("#new-game-dialog")
    error = app.inner_text("#form-error")
    with pytest.raises(Exception) as info:
        Rules("othello", blocked=("d4",))
    assert error == str(info.value)
    app.screenshot(path=str(ARTIFACTS / "desktop-dialog-error.png"))
    # fixing the form clears the message (live check) and starts the game
    app.fill('#new-game-form input[name="blocked_list"]', "a1")
    assert app.inner_text("#form-error") == ""
    click_start(app)
    app.wait_for_selector("#new-game-dialog", state="hidden")
    # what a rule set does not take is disabled, not refused on Start: Octagon has one size, no handicap
    start_game(app, variant="octagon")
    assert app.locator("[data-square]").count() == 88
    app.click("#btn-new")
    assert app.is_disabled('#new-game-form select[name="size"]')
    assert app.is_disabled('#new-game-form select[name="handicap"]')
    app.check('#new-game-form input[name="variant"][value="classic"]')
    assert app.is_disabled('#new-game-form input[name="free_opening"]')
    assert app.is_enabled('#new-game-form select[name="size"]')
    app.click('#new-game-form button[value="cancel"]')
    # Cancel leaves the game alone
    click_square(app, app.get_attribute(".sq.legal", "data-square"))
    board = app.inner_html("#board")
    app.click("#btn-new")
    app.check('#new-game-form input[name="variant"][value="classic"]')
    app.click('#new-game-form button[value="cancel"]')
    app.wait_for_selector("#new-game-dialog", state="hidden")
    assert app.inner_html("#board") == board and moves_played(app) == 1


def test_undo_redo_buttons(app) -> None:
    start_game(app)
    assert app.is_disabled("#btn-undo") and app.is_disabled("#btn-redo")
    click_square(app, "f5")
    click_square(app, "d6")
    after_two = dom_states(app)
    app.click("#btn-undo")
    assert moves_played(app) == 1
    assert dom_states(app) == expected_states(controller_after(Rules(), [Rules().geometry.parse_square("f5")]))
    assert app.is_enabled("#btn-redo")
    app.click("#btn-redo")
    assert dom_states(app) == after_two
    assert app.is_disabled("#btn-redo")


def test_a_pass_is_announced(app) -> None:
    rules = Rules("classic")
    moves = find_game_with_pass(rules, within=24)  # clicked one by one
    start_game(app, variant="classic")
    g = rules.geometry
    for move in moves:
        click_square(app, g.name(move))
    expected = controller_after(rules, moves).status()
    assert "passes" in expected.notice
    assert app.inner_text("#notice") == expected.notice
    assert expected.notice.split()[0] in ("Black", "Red")


def test_keyboard_plays_a_move(app) -> None:
    start_game(app)
    app.focus("#board")
    app.keyboard.press("ArrowRight")  # the cursor appears on the first legal move (d3)
    assert app.get_attribute(".sq.cursor", "data-square") == "d3"
    app.keyboard.press("Enter")
    app.wait_for_function("document.querySelector('#board').dataset.moves === '1'")
    assert app.get_attribute(".sq.last", "data-square") == "d3"


# -- looks -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "name, viewport",
    [("desktop", {"width": 1280, "height": 800}), ("phone", {"width": 360, "height": 740})],
)
def test_screenshots_fit_the_viewport(browser, server_url, name: str, viewport: dict) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    context, page, foreign, _, errors = boot(browser, server_url, viewport, reduced_motion="reduce")
    try:
        page.screenshot(path=str(ARTIFACTS / f"{name}-loading.png"))
        wait_ready(page)
        for move in ("f5", "d6", "c3", "d3", "c4"):
            click_square(page, move)
        page.screenshot(path=str(ARTIFACTS / f"{name}-start.png"))
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= viewport["width"], "horizontal scroll"
        board = page.locator("#board").bounding_box()
        assert board["x"] >= 0 and board["x"] + board["width"] <= viewport["width"]
        assert board["y"] + board["height"] <= viewport["height"]  # the board fits on screen
        controls = page.locator("#controls").bounding_box()
        assert controls["y"] + controls["height"] <= viewport["height"]  # and so do the buttons
        panel = page.locator(".panel").bounding_box()
        for box in page.eval_on_selector_all(
            ".panel button:not([hidden]), .player",
            "els => els.filter(e => e.getClientRects().length).map(e => e.getBoundingClientRect().toJSON())",
        ):  # nothing sticks out of the panel
            assert panel["x"] <= box["left"] and box["right"] <= panel["x"] + panel["width"], box
        names = page.eval_on_selector_all(".player-name", "els => els.map(e => e.scrollWidth <= e.clientWidth)")
        assert names == [True, True]  # side names are not cut off
        start_game(page, variant="classic")
        for move in ("d4", "e4", "d5", "e5", "f4", "c5"):
            click_square(page, move)
        page.screenshot(path=str(ARTIFACTS / f"{name}-classic.png"))
        start_game(page, variant="octagon", blocked="random", blocked_count=5, blocked_seed="7")
        page.screenshot(path=str(ARTIFACTS / f"{name}-octagon.png"))
        start_game(page, size=16)
        page.screenshot(path=str(ARTIFACTS / f"{name}-16x16.png"))
        page.click("#btn-new")
        page.check('#new-game-form input[name="blocked_mode"][value="random"]')
        page.screenshot(path=str(ARTIFACTS / f"{name}-dialog.png"))
        assert not foreign and not errors, (foreign, errors)
    finally:
        context.close()
