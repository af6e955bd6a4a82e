"""Languages: choosing one, plural forms, numbers, and catalogs complete and compiled."""

from __future__ import annotations

import gettext

import pytest

from reversi import i18n
from reversi.tools.translations import extract, mo_path, po_path, problems, to_translate, translated_languages


@pytest.fixture(autouse=True)
def english_again():
    yield
    i18n.set_language("en")


@pytest.mark.parametrize(
    "preferred, expected",
    [(["cs-CZ", "en"], "cs"), (["de", "da-DK"], "da"), (["PL"], "pl"), (["fr", "de"], "en"), ([], "en"),
     ([None, 7, "x" * 100, "pl_PL"], "pl"), (["en-GB", "cs"], "en"), (["ja-JP", "en-US"], "ja"), (["zh", "JA"], "ja")],
)
def test_the_browsers_languages_choose_the_first_supported(preferred, expected) -> None:
    assert i18n.negotiate(preferred) == expected


@pytest.mark.parametrize(
    "environ, expected",
    [({"LANG": "cs_CZ.UTF-8"}, "cs"), ({"LANGUAGE": "de:da", "LANG": "en_US.UTF-8"}, "da"),
     ({"LC_ALL": "C", "LANG": "pl_PL.UTF-8"}, "en"), ({}, "en"), ({"LC_MESSAGES": "pl_PL"}, "pl"),
     ({"LANG": "ja_JP.UTF-8"}, "ja"), ({"LANGUAGE": "ja:en", "LANG": "C.UTF-8"}, "ja")],
)
def test_the_command_lines_language_comes_from_the_environment(environ, expected) -> None:
    assert i18n.language_from_environment(environ) == expected


def test_set_language_falls_back_to_english() -> None:
    assert i18n.set_language("cs-CZ") == "cs" and i18n.language() == "cs"
    assert i18n.set_language("klingon") == "en" and i18n.language() == "en"
    assert i18n.set_language(None) == "en"


@pytest.mark.parametrize(
    "code, value, decimals, text",
    [("en", 1234.5, 1, "1,234.5"), ("cs", 1234.5, 1, "1\u00a0234,5"), ("da", 1234567, 0, "1.234.567"),
     ("pl", 0.25, 2, "0,25"), ("en", -3, 0, "-3"), ("ja", 1234567.5, 1, "1,234,567.5")],
)
def test_numbers_are_written_the_local_way(code, value, decimals, text) -> None:
    i18n.set_language(code)
    assert i18n.format_number(value, decimals) == text


@pytest.mark.parametrize("code", ["cs", "pl"])
def test_czech_and_polish_have_three_plural_forms(code) -> None:
    with mo_path(code).open("rb") as f:
        catalog = gettext.GNUTranslations(f)
    forms = {catalog.plural(n) for n in (1, 2, 5, 22, 25)}  # type: ignore[attr-defined]
    assert forms == {0, 1, 2}


def test_japanese_has_one_plural_form() -> None:
    with mo_path("ja").open("rb") as f:
        catalog = gettext.GNUTranslations(f)
    assert {catalog.plural(n) for n in (0, 1, 2, 5, 22)} == {0}  # type: ignore[attr-defined]
    assert "nplurals=1; plural=0;" in po_path("ja").read_text(encoding="utf-8")


@pytest.mark.parametrize(
    "code, listed, sentences, stopped",
    [("en", "e4, e5", "Black plays f5. White to move.", "Black plays f5. White to move"),
     ("cs", "e4, e5", "Black plays f5. White to move.", "Black plays f5. White to move"),
     ("ja", "e4\u3001e5", "黒がf5に打ちました。白の手番。", "黒がf5に打ちました。白の手番")],
)
def test_text_put_together_is_punctuated_the_languages_way(code, listed, sentences, stopped) -> None:
    i18n.set_language(code)
    parts = ["Black plays f5", "White to move"] if code != "ja" else ["黒がf5に打ちました", "白の手番"]
    assert i18n.join_list(["e4", "e5"]) == listed and i18n.join_list(["e4", "e5"], "en") == "e4, e5"
    assert i18n.full_stops(parts) == sentences and i18n.full_stops(parts, end=False) == stopped
    assert i18n.full_stops([]) == ""
    assert i18n.join_sentences(["A.", "B."]) == ("A.B." if code == "ja" else "A. B.")
    if code == "ja":  # a sentence that ends already gets no second stop
        assert i18n.full_stops(["黒の勝ち！", "終局です。"]) == "黒の勝ち！終局です。"


def test_every_language_has_a_catalog_and_a_compiled_one() -> None:
    assert translated_languages() == ["cs", "da", "pl", "ja"]
    for code in translated_languages():
        assert po_path(code).is_file() and mo_path(code).is_file()


def test_every_compiled_catalog_says_what_its_catalog_says() -> None:
    """A stale .mo is an old translation in the page: an error. A message not yet translated is
    not (the page shows it in English until it is): ``to_translate`` lists those."""
    assert problems() == []


def test_the_check_finds_a_missing_translation(monkeypatch: pytest.MonkeyPatch) -> None:
    template = extract()
    template.add("A string nobody translated", locations=[("reversi/x.py", 1)])
    monkeypatch.setattr("reversi.tools.translations.extract", lambda: template)
    found = to_translate()
    assert any("missing 'A string nobody translated'" in line for line in found)
    assert {line.split(":")[0] for line in found if "nobody" in line} == {"cs", "da", "pl", "ja"}


def test_the_check_finds_a_stale_compiled_catalog(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:
    import shutil

    from reversi.tools import translations

    for code in translated_languages():
        (tmp_path / code / "LC_MESSAGES").mkdir(parents=True)
        shutil.copy(po_path(code), tmp_path / code / "LC_MESSAGES")
        shutil.copy(mo_path(code), tmp_path / code / "LC_MESSAGES")
    po = tmp_path / "da" / "LC_MESSAGES" / "reversi.po"
    po.write_text(po.read_text(encoding="utf-8").replace('msgstr "Nyt parti"', 'msgstr "Et nyt parti"', 1),
                  encoding="utf-8")
    monkeypatch.setattr(translations, "LOCALE_DIR", str(tmp_path))
    assert problems() == ["da: reversi.mo is stale: compile it (python -m reversi.tools.translations)"]
