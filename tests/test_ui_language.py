"""The page in four languages, under CPython: the choice of the language, and what the page draws in it.

* :func:`reversi.ui.language.choose_language`: the address's ``lang``, then the
  remembered choice, then the browser's languages, then English; bad values skipped.
* The address's ``lang`` is rewritten only when it is there.
* The board's labels, the status, the players and the move list come out in the
  language (and English stays exactly as it was).
"""

from __future__ import annotations

import gettext
import io
import re

import pytest

from reversi import i18n
from reversi.core.game import Game
from reversi.core.position import Position
from reversi.core.rules import Rules
from reversi.drawing.render import render_board
from reversi.formats.notation import play_transcript
from reversi.tools.build import catalogs
from reversi.tools.translations import python_messages
from reversi.ui.controller import Controller
from reversi.ui.language import (
    STORAGE_KEY,
    choose_language,
    has_language_parameter,
    language_options,
    query_for_language,
    query_language,
)
from reversi.ui.move_list import render_move_list
from reversi.ui.players import Players
from reversi.ui.turns import status_message


@pytest.mark.parametrize(
    ("query", "stored", "browser", "expected"),
    [
        ("", None, (), "en"),
        ("", None, ("da-DK", "en-US"), "da"),
        ("", None, ("de-DE", "pl-PL", "cs"), "pl"),
        ("", "cs", ("da-DK",), "cs"),
        ("?lang=pl", "cs", ("da-DK",), "pl"),
        ("lang=CS", None, (), "cs"),
        ("?lang=pl-PL&r=octagon", None, (), "pl"),
        ("?lang=xx", "da", ("pl",), "da"),  # an unknown lang is skipped, not English
        ("?lang=", None, ("pl",), "pl"),
        ("?lang=xx", "klingon", ("de", "fr"), "en"),
        ("?m=f5d6&lang=da", None, (), "da"),
        ("?lang=da&lang=cs", None, (), "da"),  # given twice: the first counts
        ("", 42, ("cs",), "cs"),  # storage holding something odd
        ("", "x" * 100, (None, 7, "da"), "da"),
        ("", None, ("ja-JP", "ja", "en-US"), "ja"),
        ("?lang=ja", "cs", ("da-DK",), "ja"),
    ],
)
def test_the_choice_goes_address_then_remembered_then_browser(query, stored, browser, expected) -> None:
    assert choose_language(query, stored, browser) == expected


def test_the_address_language_is_read_leniently() -> None:
    assert query_language("?lang=da") == "da"
    assert query_language("?m=f5&v=99") is None
    assert query_language("%%%") is None
    assert has_language_parameter("?m=f5&lang=") is True
    assert has_language_parameter("?m=f5") is False
    assert STORAGE_KEY == "reversi.lang"


def test_the_address_lang_is_updated_only_when_it_has_one() -> None:
    assert query_for_language("", "cs") is None
    assert query_for_language("?m=f5d6", "cs") is None
    assert query_for_language("?lang=da", "pl") == "lang=pl"
    # the game's parameters stay where they are
    assert query_for_language("?m=f5d6&lang=da&s=10", "cs") == "m=f5d6&s=10&lang=cs"
    assert query_for_language("lang=da", "xx") == "lang=en"


def test_the_switch_lists_every_language_by_its_own_name() -> None:
    options = language_options("pl")
    assert [code for code, _, _ in options] == ["en", "cs", "da", "pl", "ja"]
    assert ("cs", "Čeština", False) in options and ("pl", "Polski", True) in options
    assert ("ja", "日本語", False) in options


def test_english_labels_are_as_before() -> None:
    c = Controller()
    svg = render_board(c.board_view())
    assert 'aria-label="f5, empty, legal move"' in svg
    assert 'aria-label="d4, White"' in svg
    assert c.board_view().label == "Othello 8x8 board"  # the grid's name (the element around the picture)
    assert c.status().message == "Black to move"


def test_the_board_and_status_in_czech() -> None:
    i18n.set_language("cs")
    c = Controller()
    svg = render_board(c.board_view())
    assert 'aria-label="f5, prázdné, platný tah"' in svg
    assert 'aria-label="d4, Bílý"' in svg
    assert c.board_view().label == "Deska Othello 8x8"
    assert 'data-state="white"' in svg  # data stays English
    assert c.status().message == "Černý na tahu"
    assert c.click("f5")
    svg = render_board(c.board_view())
    assert "f5, Černý, poslední tah" in svg


def test_players_and_status_in_polish() -> None:
    i18n.set_language("pl")
    c = Controller(players=Players.vs_computer(0, 5))
    assert c.players.label(1).startswith("Komputer · ")
    assert c.players.label(0) == "Ty"
    assert status_message(c, "x", thinking=1) == "Komputer myśli…"
    c2 = Controller(rules=Rules("classic"), players=Players.computers(2, 3))
    assert status_message(c2, "x", thinking=0) == "Komputer (Czarne) myśli…"
    assert Players.computers(7, 7, seconds=2.5).describe().count("2,5 s") == 2


def test_the_move_list_in_danish() -> None:
    i18n.set_language("da")
    game = play_transcript(Position.start(Rules()), "f5d6")
    html = render_move_list(game, Rules().display_side_names())
    assert 'aria-label="1. Sort f5"' in html and 'aria-label="1. Hvid d6"' in html
    assert render_move_list(Game(Rules())).endswith("</p>")


def test_the_page_layer_marks_its_strings() -> None:
    ui = [m for m in python_messages() if m[0].startswith("reversi/ui/")]
    assert len(ui) >= 60


def test_the_first_paint_strings_are_made_from_the_compiled_catalogs() -> None:
    from reversi.tools.build import ROOT, first_paint_strings
    from reversi.tools.translations import compiled, read_catalog

    made = first_paint_strings(catalogs())
    from_po = first_paint_strings({
        code: gettext.GNUTranslations(io.BytesIO(compiled(read_catalog(code)))) for code in ("cs", "da", "pl", "ja")
    })
    assert made == from_po and len(made["cs"]) > 100
    script = ROOT / "assets" / "first-paint.js"
    assert script.stat().st_size < 4096  # small and synchronous: no flash of English
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    strings = html.index('<script src="./assets/first-paint-strings.js"></script>')
    first = html.index('<script src="./assets/first-paint.js"></script>')
    assert html.index('<div id="board"') < strings < first < html.index('<script type="py"')
    # the script reads the choice where the page's Python does
    text = script.read_text(encoding="utf-8")
    assert f'"{STORAGE_KEY}"' in text and '.get("lang")' in text and "navigator.languages" in text


def test_the_first_paint_strings_hold_the_board_and_the_buttons() -> None:
    import json

    from reversi.tools.build import first_paint_script

    text = first_paint_script()
    data = json.loads(text[text.index("{") : text.rindex("}") + 1])
    assert sorted(data) == ["cs", "da", "ja", "pl"]
    assert data["cs"]["f5, empty, legal move"] == "f5, prázdné, platný tah"
    assert data["pl"]["Othello 8x8 board"] == "Plansza Othello 8x8"
    assert data["da"]["New game"] == "Nyt parti"
    assert data["pl"]["Downloading the game…"] == "Pobieranie gry…"
    ja = i18n.catalog("ja")
    assert data["ja"]["New game"] == ja.gettext("New game") == "新規対局"
    f5 = "\u3001".join(["f5", ja.gettext("empty"), ja.gettext("legal move")])  # 「、」 between the words
    assert data["ja"]["f5, empty, legal move"] == f5 and not re.search(r"[A-Za-z]{2,}", f5)


def test_the_worker_answers_in_the_requests_language() -> None:
    import json

    from reversi.engine import worker

    bad = {"rules": {"variant": "othello"}, "moves": "f5d6", "level": 99}
    english = json.loads(worker.best_move(json.dumps(bad)))["error"]
    czech = json.loads(worker.best_move(json.dumps({**bad, "lang": "cs"})))["error"]
    assert "level" in english and czech != english and "mimo rozsah" in czech
    polish = json.loads(worker.analyse(json.dumps({"moves": "z9", "lang": "pl-PL"})))["error"]
    assert polish != json.loads(worker.analyse(json.dumps({"moves": "z9", "lang": "en"})))["error"]
    assert json.loads(worker.best_move(json.dumps({"moves": "f5", "level": 1, "lang": "xx"})))["move"]
    i18n.set_language("en")


def test_requests_carry_the_pages_language() -> None:
    import json

    from support import run  # its own loop, in a thread (Playwright's sync API may hold this one)

    from reversi.ui.drivers.requests import json_ask

    sent: list[dict[str, object]] = []

    async def call(name: str, payload: str) -> str:
        sent.append(json.loads(payload))
        return json.dumps({"error": "x"})

    i18n.set_language("da")
    from reversi.engine.protocol import MoveRequest

    run(json_ask(call, "best_move")(MoveRequest(level=3)))
    assert sent == [{**MoveRequest(level=3).to_json(), "lang": "da"}]


def test_the_board_status_and_opening_in_japanese() -> None:
    """Japanese: the square's words listed with 「、」, the opening by the name Japanese players use."""
    from reversi.formats.openings import local_name

    i18n.set_language("ja")
    c = Controller()
    ja = i18n.catalog("ja")
    svg = render_board(c.board_view())
    said = "\u3001".join(["f5", ja.gettext("empty"), ja.gettext("legal move")])
    assert f'aria-label="{said}"' in svg and ", " not in said
    assert c.status().message == ja.gettext("{side} to move").format(side=ja.gettext("Black"))
    assert local_name("Tiger", "ja") == "虎" and local_name("Perpendicular Opening", "ja") == "縦取り"
    assert local_name("Tiger", "cs") == "Tiger" and local_name("Stephenson", "ja") == "Stephenson"
    assert Rules(anti=True).describe() == Rules().describe() + "\u3001" + ja.pgettext("rules", "anti")
