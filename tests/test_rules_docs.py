"""The rules document in Czech, Danish, Polish and Japanese: the same document as RULES.md.

The translations are the source of the in-app rules pages, so they must keep the
English document's structure (headings, lists, tables) and every piece of notation
(code blocks, square names, transcripts, tags, link parameters) exactly, and use
each language's own names for the rule sets.

RULES.md's code blocks are indented ones (four spaces), not fenced; the small reader
below knows both kinds, and list items' indented continuation lines are not code.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parents[1] / "reversi" / "docs"
LANGUAGES = ["cs", "da", "pl", "ja"]

#: The rule sets as players of each language call them, each the heading of its section.
RULE_SET_NAMES = {
    "cs": ["Othello", "Žravé Othello", "Klasické reversi", "Osmiúhelníkové reversi"],
    "da": ["Othello", "Anti-Othello", "Klassisk reversi", "Ottekantet reversi"],
    "pl": ["Othello", "Anty-Othello", "Klasyczne reversi", "Reversi na ośmiokącie"],
    "ja": ["オセロ", "アンチオセロ", "クラシックリバーシ", "八角形盤リバーシ"],
}

#: Other terms each translation must use (the options' and the disc's usual names).
TERMS = {
    "cs": ["kámen", "pasuje", "roh", "volné zahájení", "zablokovaná pole", "handicap"],
    "da": ["brik", "melder pas", "hjørne", "fri åbning", "blokerede felter", "handicap"],
    "pl": ["pion", "pasuje", "róg", "wolne otwarcie", "zablokowane pola", "handicap"],
    "ja": ["石", "パス", "角", "自由配置", "使えないマス", "角ハンデ", "合法手", "引き分け"],
}

#: Inline code spans of RULES.md a translation may render in its own words instead.
#: Empty on purpose: every span of the English is notation (square names, transcripts,
#: scores, file tags and values, link parameters, diagram symbols) that the program
#: reads and writes as it stands, so a translated span would be a wrong instruction.
#: A legitimately translated span goes here with the reason beside it.
TRANSLATED_SPANS: dict[str, set[str]] = {"cs": set(), "da": set(), "pl": set(), "ja": set()}

#: How each language writes the record file's size limit (200,000 in English, and in Japanese).
LIMIT = {"cs": "200\u00a0000", "da": "200.000", "pl": "200\u00a0000", "ja": "200,000"}

LIST_ITEM = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s")
CODE_SPAN = re.compile(r"(`+)(.+?)\1")


@dataclass
class Document:
    """A Markdown document split into code blocks and the prose around them."""

    lines: list[str]
    code_blocks: list[str]
    prose: list[str]

    @property
    def headings(self) -> list[tuple[int, str]]:
        found = (re.match(r"^(#{1,6})\s+(.*?)\s*#*$", line) for line in self.prose)
        return [(len(m.group(1)), m.group(2)) for m in found if m]

    @property
    def list_items(self) -> int:
        return sum(1 for line in self.prose if LIST_ITEM.match(line))

    @property
    def table_rows(self) -> list[int]:
        """The number of cells of each table row, in order."""
        return [line.strip().strip("|").count("|") + 1 for line in self.prose if line.lstrip().startswith("|")]

    @property
    def code_spans(self) -> list[str]:
        return [m.group(2) for line in self.prose for m in CODE_SPAN.finditer(line)]

    @property
    def text(self) -> str:
        """The prose without its code spans: what a translator translates."""
        return CODE_SPAN.sub(" ", "\n".join(self.prose))


def read(path: Path) -> Document:
    lines = path.read_text(encoding="utf-8").splitlines()
    blocks: list[str] = []
    prose: list[str] = []
    i, previous_blank, in_list = 0, True, False
    while i < len(lines):
        line = lines[i]
        fence = re.match(r"^ {0,3}(`{3,}|~{3,})", line)
        if fence:
            marker = fence.group(1)
            end = i + 1
            while end < len(lines) and not lines[end].lstrip().startswith(marker):
                end += 1
            blocks.append("\n".join(lines[i + 1 : end]))
            i, previous_blank = end + 1, False
            continue
        if line.startswith(("    ", "\t")) and previous_blank and not in_list:
            end = i
            while end < len(lines) and (lines[end].startswith(("    ", "\t")) or not lines[end].strip()):
                end += 1
            body = lines[i:end]
            while body and not body[-1].strip():
                body.pop()
            blocks.append("\n".join(row[4:] if row.startswith("    ") else row[1:] for row in body))
            i, previous_blank = end, True
            continue
        if LIST_ITEM.match(line):
            in_list = True
        elif line.strip() and not line.startswith(" "):
            in_list = False
        prose.append(line)
        previous_blank = not line.strip()
        i += 1
    return Document(lines, blocks, prose)


ENGLISH = read(DOCS / "RULES.md")


@pytest.fixture(params=LANGUAGES)
def language(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def translation(language: str) -> Document:
    path = DOCS / f"RULES.{language}.md"
    assert path.is_file(), f"{path.name} is missing"
    return read(path)


def test_the_reader_sees_the_english_documents_structure() -> None:
    # guards the reader itself: if it missed RULES.md's blocks, every comparison would pass vacuously
    assert len(ENGLISH.code_blocks) >= 7
    assert ENGLISH.code_blocks[0].startswith("---------------------------OX")
    assert any(block.startswith('[Event "Club evening"]') for block in ENGLISH.code_blocks)
    assert sum(1 for level, _ in ENGLISH.headings if level == 2) >= 12
    assert ENGLISH.list_items >= 15 and len(ENGLISH.table_rows) == 7
    assert "f5d6c3d3c4" in ENGLISH.code_spans and "?m=f5d6c3" in ENGLISH.code_spans


def test_the_first_line_is_a_translated_title(translation: Document) -> None:
    assert translation.lines[0].startswith("# ")
    assert translation.lines[0] != ENGLISH.lines[0]


def test_the_headings_match_the_english_ones(translation: Document) -> None:
    levels = [level for level, _ in translation.headings]
    assert levels.count(2) == [level for level, _ in ENGLISH.headings].count(2)
    assert levels == [level for level, _ in ENGLISH.headings]  # every level, in the same order


def test_lists_and_tables_keep_their_shape(translation: Document) -> None:
    assert translation.list_items == ENGLISH.list_items
    assert translation.table_rows == ENGLISH.table_rows


def test_code_blocks_are_identical(translation: Document) -> None:
    assert len(translation.code_blocks) == len(ENGLISH.code_blocks)
    for number, (english, translated) in enumerate(zip(ENGLISH.code_blocks, translation.code_blocks, strict=True)):
        assert translated == english, f"code block {number + 1} differs"


def test_every_code_span_is_kept(language: str, translation: Document) -> None:
    allowed = TRANSLATED_SPANS[language]
    assert len(allowed) <= 3, "only a few spans may be translated"
    missing = set(ENGLISH.code_spans) - set(translation.code_spans) - allowed
    assert not missing, f"code spans of RULES.md missing: {sorted(missing)}"
    invented = set(translation.code_spans) - set(ENGLISH.code_spans)
    assert not invented, f"code spans that are not RULES.md's notation: {sorted(invented)}"


def test_the_rule_sets_have_their_native_names(language: str, translation: Document) -> None:
    headings = {text for level, text in translation.headings if level == 2}
    for name in RULE_SET_NAMES[language]:
        assert name in headings, f"no section named {name!r}"


def test_the_usual_terms_are_used(language: str, translation: Document) -> None:
    text = translation.text.lower()
    for term in TERMS[language]:
        assert term.lower() in text, term


def test_no_english_prose_is_left(translation: Document) -> None:
    # common English words that are no words of Czech, Danish or Polish ("to", "a", "for" are)
    english = r"the|and|of|with|is|are|from|when|first|player|board|moves?|discs?|squares?"
    leftovers = re.findall(rf"\b(?:{english})\b", translation.text, re.IGNORECASE)
    assert not leftovers, leftovers[:10]


def test_numbers_are_written_the_local_way(language: str, translation: Document) -> None:
    if "," not in LIMIT[language]:
        assert not re.search(r"\d,\d{3}(?!\d)", translation.text), "English thousands separator"
    assert LIMIT[language] in translation.text


#: The Latin-script words Japanese prose keeps: the names of programs, formats and test sets.
JAPANESE_KEEPS = {"Edax", "Zebra", "FFO", "PGN", "UTF"}


def test_the_japanese_prose_has_no_latin_word_but_names() -> None:
    """Japanese has no spaces to catch an English word left behind: any Latin word of two letters or more
    outside the notation (the code spans) is one, unless it is a name."""
    text = read(DOCS / "RULES.ja.md").text
    assert set(re.findall(r"[A-Za-z]{2,}", text)) - JAPANESE_KEEPS == set()
    assert "。" in text and not re.search(r"[^\x00-\x7f]\.", text)  # Japanese full stops, no English ones
