"""The page in five languages, in a real browser (Chromium via Playwright, against serve.py).

Pages whose browser says Danish (``navigator.languages``, da-DK), in the test browser's warm
context (each starts from the memory snapshot, as a returning visitor's does), navigated:

* the browser's language opens the page in Danish; ``?lang=cs`` in Czech;
* the switch changes the language mid-game without losing the moves, is
  remembered over a reload, and sets ``<html lang>``;
* a first paint that stops part-way leaves the texts to Python's start, which translates them;
* on a phone the new-game dialog's choices fit, the levels' longest ("5 · Silný klubový hráč") too;
* Japanese, from the browser's languages and ``?lang=ja``: no Latin word left but notation and names,
  in the page, the study bar, the records, the embed and the rules page.

Kept few and fast: each navigation boots Python once.
"""

from __future__ import annotations

import functools
import re

import pytest
from browser_support import ARTIFACTS, MAIN_PY, click_start, wait_ready
from support import in_language

from reversi import i18n
from reversi.formats.openings import OPENINGS, local_name

pytestmark = pytest.mark.browser



def html_lang(page) -> str:
    return str(page.evaluate("document.documentElement.lang"))


def message(page) -> str:
    return str(page.text_content("#message")).strip()


#: A browser whose languages are Danish's (as ``locale="da-DK"`` says them, without a cold context of its own).
DANISH_JS = """for (const name of ['language', 'languages'])
  Object.defineProperty(Navigator.prototype, name, {get: () => name === 'language' ? 'da-DK' : ['da-DK', 'da']});"""


class DanishContext:
    """The module's pages: the test browser's shared context with a first visit's storage (two
    players saved) and a browser that says Danish; requests to other origins recorded."""

    def __init__(self, browser, server_url: str) -> None:
        from browser_support import AppContext

        self.app = AppContext(browser, server_url, {"width": 1280, "height": 800}, two_players=True)

    def new_page(self):
        page = self.app.new_page()
        page.add_init_script(DANISH_JS)
        return page


@pytest.fixture(scope="module")
def danish_context(browser, server_url):
    """The module's Danish browser (:class:`DanishContext`)."""
    context = DanishContext(browser, server_url)
    yield context
    foreign = context.app.foreign
    context.app.close()
    assert not foreign, foreign


@pytest.fixture
def danish(danish_context, server_url):
    """A page of its own for each test (a long-lived page navigated many times crashed once in CI)."""
    page = danish_context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(server_url)
    wait_ready(page)
    yield page
    page.close()
    assert not errors, errors


def test_the_browsers_language_and_the_address_choose_it(danish, server_url) -> None:
    page = danish
    assert html_lang(page) == "da"
    assert message(page) == in_language("da", "{side} to move").format(side="Sort")
    assert page.get_attribute('[data-square="f5"]', "aria-label") == "f5, tomt, lovligt træk"
    page.goto(server_url + "?lang=cs")
    wait_ready(page)
    assert html_lang(page) == "cs"
    assert message(page) == "Černý na tahu"
    assert page.input_value("#lang-select") == "cs"


def test_the_first_paint_is_in_the_language_before_python(danish_context, server_url) -> None:
    page = danish_context.new_page()
    try:
        page.route("**/pyscript/core.js", lambda route: route.abort())  # Python never starts here
        page.goto(server_url + "?lang=pl")
        assert html_lang(page) == "pl"
        assert page.title() == "Reversi · Othello w przeglądarce"
        assert message(page) == "Czarne na posunięciu"
        assert page.text_content("#btn-new").strip() == "Nowa partia"
        assert page.text_content(".loading-note") == "Pobieranie gry…"
        assert page.get_attribute("#btn-undo", "title") == "Cofnij ruch"
        assert page.get_attribute("#board", "aria-label") == "Plansza Othello 8x8"
        assert page.get_attribute('[data-square="f5"]', "aria-label") == "f5, puste, dozwolony ruch"
        assert page.get_attribute("#btn-new", "data-i18n-id") == "New game"  # for Python's switch
        assert page.input_value("#lang-select") == "pl"
    finally:
        page.close()


#: The first paint fails part-way: its Czech table throws at the first text it is asked for (after
#: the script has chosen the language, before it has translated anything or said so).
FIRST_PAINT_FAILS_JS = """(() => {
  let strings;
  Object.defineProperty(window, 'REVERSI_FIRST_PAINT', {configurable: true, set(value) { strings = value; },
    get() { return strings && {cs: new Proxy(strings.cs, {getOwnPropertyDescriptor() {
      throw new Error('the first paint fails here'); }})}; }});
})();"""


def test_a_first_paint_that_failed_part_way_leaves_the_texts_to_python(danish_context, server_url) -> None:
    """``assets/first-paint.js`` marks ``<html data-texts>`` only once every text is in the
    language: when it stops before, Python's start translates them all (``start_language``)."""
    page = danish_context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.add_init_script(FIRST_PAINT_FAILS_JS)
    # the page's Python is held back until the first paint is looked at: a returning visit's
    # snapshot starts it fast enough to translate before a check made after DOMContentLoaded
    held: list = []
    page.route(MAIN_PY, lambda route: held.append(route))
    try:
        page.goto(server_url + "?lang=cs", wait_until="domcontentloaded")
        assert page.text_content("#btn-new").strip() == "New game"  # the first paint stopped
        assert page.get_attribute("html", "data-texts") is None
        for _ in range(400):  # the runtime asks for it once it has started
            if held:
                break
            page.wait_for_timeout(50)
        assert held, "the page never asked for its Python"
        assert page.text_content("#btn-new").strip() == "New game"
        held[0].continue_()
        wait_ready(page)
        assert html_lang(page) == "cs" and page.get_attribute("html", "data-texts") is None
        assert page.text_content("#btn-new").strip() == in_language("cs", "New game") != "New game"
        assert page.get_attribute("#btn-undo", "title") == in_language("cs", "Take back a move")
        assert message(page) == "Černý na tahu"
        assert errors == ["the first paint fails here"], errors
    finally:
        page.close()


def test_the_switch_keeps_the_game_and_is_remembered(danish, server_url) -> None:
    page = danish
    assert html_lang(page) == "da"  # ?lang=cs was not remembered
    page.click("#btn-new")  # a fresh game of two players, then two moves
    page.wait_for_selector("#new-game-dialog[open]")
    page.check('#new-game-form input[name="variant"][value="othello"]')
    click_start(page)
    page.wait_for_selector("#new-game-dialog", state="hidden")
    for n, square in enumerate(("f5", "d6"), start=1):
        page.click(f'[data-square="{square}"]')
        page.wait_for_function(f"document.querySelector('#board').dataset.moves === '{n}'")
    states = "els => els.map(e => e.dataset.square + e.dataset.state).join()"
    board = page.eval_on_selector_all("[data-square]", states)
    assert page.text_content("#announce").strip()  # the last move, said in Danish
    page.select_option("#lang-select", "pl")
    page.wait_for_function("document.documentElement.lang === 'pl'")
    assert page.text_content("#announce").strip() == ""  # not left in the language before
    assert page.get_attribute("#board", "data-moves") == "2"
    assert page.eval_on_selector_all("[data-square]", states) == board
    assert message(page) == "Czarne na posunięciu"
    assert "Ruchy" not in board  # (the data stays English)
    assert page.get_attribute('[data-square="d6"]', "aria-label") == "d6, Białe, ostatni ruch"
    assert "lang=" not in page.evaluate("location.search")  # an address without lang gets none
    page.reload()
    wait_ready(page)
    assert html_lang(page) == "pl"
    assert page.get_attribute("#board", "data-moves") == "2"
    assert message(page) == "Czarne na posunięciu"
    page.goto(server_url + "?lang=da")
    wait_ready(page)
    page.select_option("#lang-select", "cs")
    page.wait_for_function("document.documentElement.lang === 'cs'")
    assert "lang=cs" in page.evaluate("location.search")
    page.evaluate("localStorage.removeItem('reversi.lang')")


# -- every text translated, and nothing overflows -------------------------------------------

#: Every visible text node, the title and the labels of the visible elements, and the document's title.
TEXTS_JS = """() => {
  const out = [document.title];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.data.replace(/\\s+/g, ' ').trim();
    if (text && node.parentElement && node.parentElement.checkVisibility() &&
        !node.parentElement.closest('script, style, [hidden]')) out.push(text);
  }
  for (const el of document.querySelectorAll('[title], [aria-label], [placeholder]')) {
    if (!el.checkVisibility() && !el.closest('#board')) continue;
    for (const name of ['title', 'aria-label', 'placeholder']) {
      const value = el.getAttribute(name);
      if (value) out.push(value.replace(/\\s+/g, ' ').trim());
    }
  }
  return out;
}"""

#: Buttons, labels and headings whose text is wider than their box.
OVERFLOW_JS = """() => [...document.querySelectorAll(
    'button, label, legend, summary, h2, .segmented span, .player-label, .message, select')]
  .filter(e => e.checkVisibility() && e.scrollWidth > e.clientWidth + 1)
  .map(e => (e.id || e.className || e.tagName) + ': ' + e.textContent.trim().slice(0, 40))"""


@functools.cache
def english_messages() -> tuple[tuple[str, ...], ...]:
    """Each English message of the package and the page (its plural forms too), extracted once: Babel
    reads every source file for it, about two CPU-seconds a time."""
    from reversi.tools.translations import extract

    return tuple((m.id,) if isinstance(m.id, str) else tuple(m.id) for m in extract() if m.id)


def untranslated(texts: list[str], code: str) -> list[str]:
    """The texts that are an English message whose translation in ``code`` is another text."""
    tr = i18n.catalog(code)
    english = {forms[0] for forms in english_messages()}
    return sorted({t for t in texts if t in english and tr.gettext(t) != t})


def test_every_text_of_the_page_and_the_dialog_is_translated(danish) -> None:
    page = danish
    for code in ("cs", "da", "pl", "ja"):
        page.select_option("#lang-select", code)
        page.wait_for_function(f"document.documentElement.lang === '{code}'")
        texts = page.evaluate(TEXTS_JS)
        page.click("#btn-new")
        page.wait_for_selector("#new-game-dialog[open]")
        texts += page.evaluate(TEXTS_JS)
        page.keyboard.press("Escape")
        page.wait_for_selector("#new-game-dialog", state="hidden")
        assert len(texts) > 60, texts
        assert untranslated(texts, code) == [], code
    assert untranslated(["Undo", "Othello", "Expert"], "cs") == ["Undo"]  # the check itself


def test_nothing_overflows_in_polish_on_a_phone(danish) -> None:
    page = danish
    page.set_viewport_size({"width": 390, "height": 844})
    try:
        page.select_option("#lang-select", "pl")
        page.wait_for_function("document.documentElement.lang === 'pl'")
        assert page.evaluate(OVERFLOW_JS) == []
        page.click("#btn-new")
        page.wait_for_selector("#new-game-dialog[open]")
        for mode in ("computer", "two", "computers"):
            page.check(f'#new-game-form input[name="players"][value="{mode}"]', force=True)
            assert page.evaluate(OVERFLOW_JS) == [], mode
        page.keyboard.press("Escape")
        page.wait_for_selector("#new-game-dialog", state="hidden")
    finally:
        page.set_viewport_size({"width": 1280, "height": 800})
        page.evaluate("localStorage.removeItem('reversi.lang')")


#: Each select shown that is narrower than its longest choice needs (a select's own scrollWidth
#: never exceeds its clientWidth: the text is cut instead): a copy of it as wide as it likes
#: (``max-content``, the width that shows every choice whole) is measured beside it.
CUT_SELECTS_JS = """() => [...document.querySelectorAll('#new-game-form select')].filter(s => s.checkVisibility())
  .map(s => {
    const copy = s.cloneNode(true);
    copy.style.width = 'max-content';
    s.after(copy);
    const needs = copy.getBoundingClientRect().width;
    copy.remove();
    return [s.name, Math.round(s.getBoundingClientRect().width), Math.round(needs)];
  }).filter(([, has, needs]) => has < needs)"""


def test_the_level_choices_fit_the_new_game_dialog_on_a_phone(danish) -> None:
    page = danish
    page.set_viewport_size({"width": 390, "height": 844})
    try:
        for code in ("cs", "da", "pl", "ja", "en"):
            page.select_option("#lang-select", code)
            page.wait_for_function("code => document.documentElement.lang === code", arg=code)
            page.click("#btn-new")
            page.wait_for_selector("#new-game-dialog[open]")
            for mode in ("computer", "computers"):
                page.check(f'#new-game-form input[name="players"][value="{mode}"]', force=True)
                assert page.evaluate(CUT_SELECTS_JS) == [], (code, mode)
            if code == "cs":
                page.screenshot(path=str(ARTIFACTS / "phone-cs-new-game.png"))
            page.keyboard.press("Escape")
            page.wait_for_selector("#new-game-dialog", state="hidden")
        # on a desktop the level stays beside "You play"
        page.set_viewport_size({"width": 1280, "height": 800})
        page.select_option("#lang-select", "cs")
        page.click("#btn-new")
        page.check('#new-game-form input[name="players"][value="computer"]', force=True)
        you, level = (page.locator(f'#new-game-form select[name="{name}"]').bounding_box() for name in ("you", "level"))
        assert you and level and you["y"] == level["y"] and page.evaluate(CUT_SELECTS_JS) == []
        page.keyboard.press("Escape")
    finally:
        page.set_viewport_size({"width": 1280, "height": 800})
        page.evaluate("localStorage.removeItem('reversi.lang')")


# -- a first visit in Czech, Danish and Polish: no English left -------------------------------------

#: Words that are the same in every language: names of games, formats, programs and keys.
SAME_IN_EVERY_LANGUAGE = {"othello", "reversi", "ggf", "wthor", "svg", "png", "nboard", "edax", "python", "jou",
                          "trn", "rev", "english", "home", "end"}
#: English words a text of the page's own may use without being a message of the catalog.
COMMON_ENGLISH = {"the", "and", "not", "yet", "you", "your", "this", "that", "with", "from", "for", "are", "has",
                  "have", "was", "there", "here", "what", "which", "when", "games", "moves", "loading"}
WORD = r"[^\W\d_]{3,}"

#: Every text a first visit shows before Python and after: the visible ones (TEXTS_JS), the loading
#: screen's notes (one shown at a time, by phase), the description, and the manifest linked.
FIRST_PAINT_TEXTS_JS = """() => [...document.querySelectorAll(
    '.loading-note, .load-problem, .load-stopped, .board-wait, .first-paint-note')]
  .map(e => e.textContent.replace(/\\s+/g, ' ').trim())
  .concat([document.querySelector('meta[name=description]').content])"""
MANIFEST_JS = """async () => { const link = document.querySelector('link[rel=manifest]');
  const data = await (await fetch(link.href)).json(); return [data.name, data.short_name, data.description]; }"""


def words(text: str) -> set[str]:
    return {w.lower() for w in re.findall(WORD, text)}


@functools.cache
def english_only(code: str) -> frozenset[str]:
    """The English words (of the catalog's English messages, or common ones) that no message of
    language ``code`` uses, nor any name that every language shares."""
    from reversi.tools.translations import read_catalog

    english = set(COMMON_ENGLISH)
    for forms in english_messages():
        for text in forms:
            english |= words(text)
    native = set(SAME_IN_EVERY_LANGUAGE)
    for message in read_catalog(code):
        for text in (message.string,) if isinstance(message.string, str) else message.string:
            native |= words(text or "")
    return frozenset(english - native)


def english_left(texts: list[str], code: str) -> list[str]:
    """The texts that hold a word of :func:`english_only`: text the page left in English, marked or not."""
    return sorted({t for t in texts if words(t) & english_only(code)})


def test_a_first_visit_in_czech_danish_and_polish_shows_no_english(browser, server_url) -> None:
    """A first visit, once per language (Czech and Polish as the browser's language, Danish by the address):
    the loading screen and the first paint before Python, then the page, its Game menu (the recent games),
    the game's details, the settings, the new-game dialog, the title and the manifest."""
    from browser_support import AppContext

    assert english_left(["No games yet", "Othello 8x8", "f5d6c3 · 1. F5"], "pl") == ["No games yet"]  # the check
    found = {}
    for code, path in (("cs", ""), ("da", "?lang=da"), ("pl", "")):
        context = AppContext(browser, server_url, {"width": 1280, "height": 800})  # a first visit's storage
        try:
            page = context.new_page()
            if not path:  # a browser whose language is this one
                page.add_init_script(f"""for (const name of ['language', 'languages'])
                    Object.defineProperty(Navigator.prototype, name, {{get: () => name === 'language' ? '{code}' :
                        ['{code}-{code.upper()}', '{code}']}});""")
            page.goto(server_url + path, wait_until="domcontentloaded")
            texts = page.evaluate(TEXTS_JS) + page.evaluate(FIRST_PAINT_TEXTS_JS)  # before Python
            wait_ready(page)
            texts += page.evaluate(TEXTS_JS) + page.evaluate(MANIFEST_JS)
            for section in ("#records", "#game-details", "#settings"):
                page.click(f"{section} > summary")
            page.wait_for_selector("#recent-games li")
            texts += page.evaluate(TEXTS_JS)
            page.click("#btn-new")
            page.wait_for_selector("#new-game-dialog[open]")
            texts += page.evaluate(TEXTS_JS)
            assert html_lang(page) == code and len(set(texts)) > 150, (code, len(set(texts)))
            found[code] = english_left(texts, code)
        finally:
            context.close()
    assert found == {"cs": [], "da": [], "pl": []}


# -- Japanese: no Latin word but notation and names -------------------------------------------------

#: The Latin-script words a Japanese page keeps: the languages' own names (the switch), names of
#: games, formats and programs (SAME_IN_EVERY_LANGUAGE), the keys named on keyboards, and the
#: notation's words (a pass written PA, the position strings' X and O are single letters).
LATIN_IN_JAPANESE = SAME_IN_EVERY_LANGUAGE | {"čeština", "dansk", "polski", "fischer", "ffo", "zebra", "utf",
                                              "pgn", "ggs", "pa", "ps", "enter", "esc", "shift", "ctrl", "tab"}
#: The openings' names are proper names: one with no Japanese name in common use keeps its own
#: ("Comp'Oth"), as :func:`reversi.formats.openings.local_name` says.
OPENING_NAME_WORDS = {w.lower() for _line, name in OPENINGS if local_name(name, "ja") == name
                      for w in re.findall(r"[A-Za-zÀ-ɏ]{2,}", name)}
#: A Latin word of two letters or more (a coordinate, "f5", or a transcript, "f5d6c3", is none).
LATIN_WORD = r"[A-Za-zÀ-ɏ]{2,}"
#: The texts of the rules page that are not notation (its code spans are: `?m=f5d6c3`, `FreeOpening`).
RULES_TEXTS_JS = """() => [...document.querySelectorAll('h1, h2, h3, p, li, th, td, nav, title')]
  .map(e => { const copy = e.cloneNode(true); copy.querySelectorAll('code, svg, a[lang]').forEach(c => c.remove());
              return copy.textContent.replace(/\\s+/g, ' ').trim(); }).filter(Boolean)"""


def latin_left(texts: list[str]) -> list[str]:
    """The texts that hold a Latin word that is not notation or a name (:data:`LATIN_IN_JAPANESE`)."""
    texts = [re.sub(r"\b[0-9a-f]{7,40}\b", "", t) for t in texts]  # the version's commit hash
    return sorted({t for t in texts
                   if {w.lower() for w in re.findall(LATIN_WORD, t)} - LATIN_IN_JAPANESE - OPENING_NAME_WORDS})


def test_japanese_by_the_browser_and_by_the_address_leaves_no_latin_word(browser, server_url) -> None:
    """A first visit from a Japanese browser (``navigator.languages`` ja-JP): the first paint before
    Python, the page, its Game menu (the records), the game's details, the settings, the new-game
    dialog, the title and the manifest; then ``?lang=ja``: a game under review with the study bar,
    the viewer embed and the rules page. Each text is Japanese but for coordinates, notation and
    names: a Latin word left is an English text the catalog lacks or the code wrote itself."""
    from browser_support import AppContext

    assert latin_left(["棋譜がまだありません", "オセロ 8x8", "f5d6c3 · 1. F5", "黒の手番", "Undo"]) == ["Undo"]
    texts: dict[str, list[str]] = {}
    context = AppContext(browser, server_url, {"width": 1280, "height": 800})
    try:
        page = context.new_page()
        page.add_init_script("""for (const name of ['language', 'languages'])
            Object.defineProperty(Navigator.prototype, name, {get: () => name === 'language' ? 'ja-JP' :
                ['ja-JP', 'ja', 'en-US']});""")
        page.goto(server_url, wait_until="domcontentloaded")
        seen = page.evaluate(TEXTS_JS) + page.evaluate(FIRST_PAINT_TEXTS_JS)  # before Python
        assert html_lang(page) == "ja"
        wait_ready(page)
        seen += page.evaluate(TEXTS_JS) + page.evaluate(MANIFEST_JS)
        assert page.evaluate(MANIFEST_JS)[:2] == ["リバーシ・オセロ", "リバーシ"]  # the app, named in Japanese
        for section in ("#records", "#game-details", "#settings"):
            page.click(f"{section} > summary")
        page.wait_for_selector("#recent-games li")
        seen += page.evaluate(TEXTS_JS)
        page.click("#btn-new")
        page.wait_for_selector("#new-game-dialog[open]")
        seen += page.evaluate(TEXTS_JS)
        assert html_lang(page) == "ja" and page.input_value("#lang-select") == "ja" and len(set(seen)) > 150
        texts["browser"] = seen

        page.goto(server_url + "?lang=ja&m=f5d6c3d3c4f4f6f3e6e7g2")
        wait_ready(page)
        page.click('[data-study="review"]')
        page.click('#move-list [data-ply="11"]')
        page.wait_for_function("!document.querySelector('#review-note').hidden", timeout=60_000)
        texts["study"] = page.evaluate(TEXTS_JS)
        assert html_lang(page) == "ja" and any("f4" in t for t in texts["study"])

        page.goto(server_url + "?view=embed&lang=ja&m=f5d6c3")
        wait_ready(page)
        texts["embed"] = page.evaluate(TEXTS_JS)
        assert html_lang(page) == "ja"

        page.goto(server_url + "assets/rules/rules.ja.html")
        texts["rules"] = page.evaluate(RULES_TEXTS_JS)
        assert html_lang(page) == "ja" and len(texts["rules"]) > 80
    finally:
        context.close()
    found = {where: latin_left(seen) for where, seen in texts.items()}
    assert found == {"browser": [], "study": [], "embed": [], "rules": []}


def test_nothing_overflows_in_japanese_on_a_phone(danish) -> None:
    """Japanese labels have no spaces to wrap at: the buttons, cards and the new-game dialog fit 390 px."""
    page = danish
    page.set_viewport_size({"width": 390, "height": 844})
    try:
        page.select_option("#lang-select", "ja")
        page.wait_for_function("document.documentElement.lang === 'ja'")
        assert page.evaluate(OVERFLOW_JS) == []
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        page.click("#btn-new")
        page.wait_for_selector("#new-game-dialog[open]")
        for mode in ("computer", "two", "computers"):
            page.check(f'#new-game-form input[name="players"][value="{mode}"]', force=True)
            assert page.evaluate(OVERFLOW_JS) == [], mode
            assert page.evaluate(CUT_SELECTS_JS) == [], mode
        page.screenshot(path=str(ARTIFACTS / "phone-ja-new-game.png"))
        page.keyboard.press("Escape")
        page.wait_for_selector("#new-game-dialog", state="hidden")
    finally:
        page.set_viewport_size({"width": 1280, "height": 800})
        page.evaluate("localStorage.removeItem('reversi.lang')")
