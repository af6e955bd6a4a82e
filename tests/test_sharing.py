"""Sharing a game under CPython: the Share button's words and the names of downloaded files.

The browser side (the share sheet, the copies and their confirmations) is in
tests/test_game_features.py.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from reversi import Game, Position, Rules, play_transcript
from reversi.i18n import set_language
from reversi.ui.downloads import download_stem, slug
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
    last_said: str = ""


# -- the Share button's title and text ----------------------------------------------------------


def test_the_share_sheet_gets_the_rules_and_the_score() -> None:
    assert share_message(Shown()) == ("Reversi: Othello 8x8", "Othello 8x8: a new game")
    first = Shown(1, (4, 1), last_said="1. Black f5")
    assert share_message(first)[1] == "Othello 8x8, after 1. Black f5: Black 4, White 1"
    assert share_message(Shown(title="Othello 6x6"))[0] == "Reversi: Othello 6x6"
    classic = Shown(4, (6, 3), title="Classic 8x8", side_names=("Red", "Blue"), last_said="2. Blue d6")
    assert share_message(classic)[1] == "Classic 8x8, after 2. Blue d6: Red 6, Blue 3"


def test_the_share_text_names_the_move_as_the_move_list_does() -> None:
    """One numbering everywhere: the share text's move is the status view's, which the move list names."""
    from reversi.ui.controller import Controller
    from reversi.ui.players import Players

    c = Controller(players=Players())
    c.load_game(play_transcript(Position.start(Rules()), "f5d6c3"))
    assert share_message(c.status())[1] == "Othello 8x8, after 2. Black c3: Black 5, White 2"


def test_a_finished_game_is_shared_with_its_result() -> None:
    resigned = Shown(1, (4, 1), over=True, message="White resigns: Black wins")
    assert share_message(resigned)[1] == "Othello 8x8: White resigns: Black wins"
    explained = Shown(50, (61, 0), over=True, message="Black wins 64:0 (61:0 on the board, plus 3 empty squares for "
                      "the winner)", headline="Black wins 64:0")
    assert share_message(explained)[1] == "Othello 8x8: Black wins 64:0"  # the result, not its explanation


def test_the_share_text_is_in_the_pages_language() -> None:
    set_language("pl")
    polish = ("Czarne", "Białe")
    assert share_message(Shown(2, (3, 3), side_names=polish, last_said="1. Białe d6"))[1] == (
        "Othello 8x8, po 1. Białe d6: Czarne 3, Białe 3")
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


def annotated(comment_chars: int = 2_000, variations: int = 0) -> Game:
    """f5d6c3d3c4f4c5b3c2e3d2c6 with a comment of ``comment_chars`` on each position, and
    one-move variations of every move at the first ``variations`` positions after the start."""
    from reversi import Position
    from reversi.formats.notation import play_transcript

    game = play_transcript(Position.start(Rules()), "f5d6c3d3c4f4c5b3c2e3d2c6")
    for node in game.nodes():
        game.set_comment(node, ("é & {x} " * comment_chars)[:comment_chars])
    for node in list(game.live.path())[: variations]:
        for move in node.position.legal_moves():
            if node.child(move) is None:
                game.go_to_node(node)
                game.play(move)
    game.go_to_node(game.live)
    return game


def test_a_link_too_long_to_open_leaves_out_the_comments_then_the_variations() -> None:
    from reversi.formats.links import MAX_QUERY_CHARS
    from reversi.formats.notation import write_movetext
    from reversi.ui.sharing import LEFT_COMMENTS, LEFT_COMMENTS_AND_VARIATIONS, LEFT_NOTHING, link_game, link_that_fits

    short = annotated(100)
    query, left = link_that_fits(short, "lang=cs")
    assert left == LEFT_NOTHING and write_movetext(link_game(query)[0]) == write_movetext(short)
    long = annotated()
    text = write_movetext(long)
    query, left = link_that_fits(long, "lang=cs", "hc3")
    assert left == LEFT_COMMENTS and len(query) <= MAX_QUERY_CHARS and query.startswith("lang=cs&")
    game, players = link_game(query)
    assert players == "hc3" and game.moves == long.moves and not any(n.comment for n in game.nodes())
    assert write_movetext(long) == text  # the game keeps its comments
    huge = annotated(0, variations=12)
    for node in huge.nodes():  # many marks: even without comments the tree is too long
        node.marks = frozenset(huge.rules.geometry.squares)
    query, left = link_that_fits(huge)
    assert left == LEFT_COMMENTS_AND_VARIATIONS and len(query) <= MAX_QUERY_CHARS
    assert link_game(query)[0].moves == huge.moves


def test_the_address_holds_no_game_whose_link_would_not_open() -> None:
    from reversi.ui.sharing import address_query, link_query

    assert address_query(annotated(100), "lang=cs&m=f5") == link_query(annotated(100), "lang=cs&m=f5")
    assert address_query(annotated(), "lang=cs&m=f5&at=1") == "lang=cs"  # a reload restores the saved game
    assert address_query(annotated(), "m=" + "x" * 30_000) == ""  # an address that cannot be read: nothing kept


def test_what_a_copied_link_left_out_is_said() -> None:
    from reversi.ui.sharing import LEFT_COMMENTS, link_name

    assert link_name("") == "Link" and "without the comments" in link_name(LEFT_COMMENTS)
