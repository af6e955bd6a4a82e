"""The rules pages (assets/rules/rules.LANG.html): written from the rules document, up to date,
the same anchors in every language, the document's text boards drawn as SVG and true to the rules."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from reversi import Rules
from reversi.core.position import Position
from reversi.i18n import LANGUAGES
from reversi.tools.build import ROOT
from reversi.tools.rules_pages import ANCHORS, board_of, document, pages
from reversi.tools.site import Site

SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def written() -> dict[str, str]:
    return pages()


def test_the_site_serves_a_page_per_language_made_from_the_document(written: dict[str, str]) -> None:
    assert set(written) == {f"assets/rules/rules.{code}.html" for code in LANGUAGES}
    site = Site(ROOT)
    for name, text in written.items():
        assert not (ROOT / name).exists()  # made by the generator, never committed
        assert site.generated(name) == text.encode(), name


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_each_language_has_every_section_and_its_boards_drawn(written: dict[str, str], code: str) -> None:
    text = written[f"assets/rules/rules.{code}.html"]
    assert f'<html lang="{code}">' in text
    assert re.findall(r'<h2 id="([a-z-]+)">', text) == list(ANCHORS)
    svgs = re.findall(r"<svg .*?</svg>", text, re.S)
    assert len(svgs) == 4  # Othello's start and worked example, Classic's placement, the octagon
    for svg in svgs:
        ET.fromstring(svg)  # well-formed
    classic = text[text.index('<h2 id="classic">'):text.index('<h2 id="octagon">')]
    assert 'data-color="red"' in classic and 'data-color="white"' not in classic  # Classic's sides
    octagon = text[text.index('<h2 id="octagon">'):text.index('<h2 id="size">')]
    assert octagon.count("data-square=") == 88
    marked = re.findall(r'data-square="([a-j]\d+)"[^>]*data-marked="true"', octagon)
    assert sorted(marked) == sorted(["c1", "h1", "a3", "j3", "a8", "j8", "c10", "h10"])  # the corner-like squares
    assert "<script" not in text  # a plain page: nothing to run


def test_the_worked_example_is_true_to_the_rules() -> None:
    """The document's worked example (White to move, nine moves): its legal marks are the rules' own."""
    boards = [view for view in (board_of(block) for block in re.findall(r"(?:\n {4}.*)+", document("en")))
              if view is not None]
    assert len(boards) == 4
    for view in boards[:2]:  # the start, and the worked example
        rules = Rules()
        cells = view.cells
        g = rules.geometry
        black = sum(1 << g.index(i % 8, i // 8) for i, c in enumerate(cells) if c == "black")
        white = sum(1 << g.index(i % 8, i // 8) for i, c in enumerate(cells) if c == "white")
        turn = 0 if view is boards[0] else 1
        pos = Position(rules, black, white, turn)
        assert set(g.bits_to_names(pos.legal)) == set(view.legal), view.legal
    assert len(boards[1].legal) == 9
