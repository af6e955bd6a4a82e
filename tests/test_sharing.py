"""Sharing a game under CPython: the Share button's words and the names of downloaded files.

The browser side (the share sheet, the copies and their confirmations) is in
tests/test_game_features.py.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from reversi import Game, Rules
from reversi.i18n import set_language
from reversi.ui.filenames import download_stem, slug
from reversi.ui.sharing import share_message


@dataclass(frozen=True)
class Shown:
    """The part of the controller's status view the Share button reads."""

    move_count: int = 0
    counts: tuple[int, int] = (2, 2)
    over: bool = False
    message: str = "Black to move"
    headline: str = ""
    title: str = "Othello 8x8"
    side_names: tuple[str, str] = ("Black", "White")


# -- the Share button's title and text ----------------------------------------------------------


def test_the_share_sheet_gets_the_rules_and_the_score() -> None:
    assert share_message(Shown()) == ("Reversi: Othello 8x8", "Othello 8x8: a new game")
    assert share_message(Shown(1, (4, 1)))[1] == "Othello 8x8, after 1 move: Black 4, White 1"
    assert share_message(Shown(3, (5, 2)))[1] == "Othello 8x8, after 3 moves: Black 5, White 2"
    assert share_message(Shown(title="Othello 6x6"))[0] == "Reversi: Othello 6x6"
    classic = Shown(4, (6, 3), title="Classic 8x8", side_names=("Red", "Blue"))
    assert share_message(classic)[1] == "Classic 8x8, after 4 moves: Red 6, Blue 3"


def test_a_finished_game_is_shared_with_its_result() -> None:
    resigned = Shown(1, (4, 1), over=True, message="White resigns: Black wins")
    assert share_message(resigned)[1] == "Othello 8x8: White resigns: Black wins"
    explained = Shown(50, (61, 0), over=True, message="Black wins 64:0 (61:0 on the board, plus 3 empty squares for "
                      "the winner)", headline="Black wins 64:0")
    assert share_message(explained)[1] == "Othello 8x8: Black wins 64:0"  # the result, not its explanation


def test_the_share_text_is_in_the_pages_language() -> None:
    set_language("pl")
    polish = ("Czarne", "Białe")
    assert share_message(Shown(2, (3, 3), side_names=polish))[1] == "Othello 8x8, po 2 ruchach: Czarne 3, Białe 3"
    assert share_message(Shown(1, (4, 1), side_names=polish))[1] == "Othello 8x8, po 1 ruchu: Czarne 4, Białe 1"
    assert share_message(Shown())[0] == "Reversi: Othello 8x8"


# -- the names of downloads ------------------------------------------------------------------------


def test_a_download_is_named_by_its_rules_players_day_and_minute() -> None:
    game = Game()
    assert download_stem(game.rules, game.tags, "2026-12-04", "0915") == "reversi-othello-8x8-2026-12-04-0915"
    later = download_stem(game.rules, game.tags, "2026-12-04", "1530")
    assert later != download_stem(game.rules, game.tags, "2026-12-04", "0915")  # two games of one day
    named = download_stem(Rules(size=10, anti=True), {"Black": "Łukasz Dvořák", "White": "Søren / Æbelø"},
                          "2026-12-04", "1530")
    assert named == "reversi-othello-10x10-anti-lukasz-dvorak-vs-soren-aebelo-2026-12-04-1530"
    assert download_stem(game.rules, {"White": "Ann O'Neil"}, "2026-12-04", "1530") == (
        "reversi-othello-8x8-ann-o-neil-2026-12-04-1530")


def test_a_downloads_name_is_in_english_whatever_the_pages_language() -> None:
    set_language("pl")
    assert download_stem(Rules(anti=True), {}, "2026-12-04", "1530") == "reversi-othello-8x8-anti-2026-12-04-1530"


@pytest.mark.parametrize("name", [
    "../../etc/passwd", 'a<b>c:"d"|e?f*g', "名人 Meijin", "\u202eevil\u202c", "x" * 300, "   ", "CON", "-",
])
def test_a_players_name_cannot_make_a_bad_file_name(name: str) -> None:
    stem = download_stem(Rules(), {"Black": name, "White": "Bo"}, "2026-12-04", "1530")
    assert stem.isascii() and len(stem) <= 80, stem
    assert all(c.isalnum() or c == "-" for c in stem) and "--" not in stem, stem
    assert stem.startswith("reversi-othello-8x8-") and stem.endswith("bo-2026-12-04-1530"), stem


def test_slug_keeps_words_and_cuts_long_names_at_a_hyphen() -> None:
    assert slug("Anna Maria Kowalska-Nowak", 20) == "anna-maria-kowalska"
    assert slug("Ñandú", 20) == "nandu"
    assert slug("!!!", 20) == ""
