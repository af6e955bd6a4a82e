"""Opening names: the longest named line a game begins with, in any of its four orientations."""

from __future__ import annotations

import pytest

from reversi import Position, Rules
from reversi.core.game import Game
from reversi.formats.notation import play_transcript
from reversi.formats.openings import LOCAL_NAMES, OPENINGS, local_name, opening_name


def name_of(moves: str, rules: Rules | None = None) -> str:
    rules = rules or Rules()
    game = play_transcript(Position.start(rules), moves)
    return opening_name(rules, game.line)


@pytest.mark.parametrize(
    "moves, name",
    [
        ("f5d6c3d3c4", "Tiger"),  # the Tiger as most players write it
        ("c4e3f6e6f5", "Tiger"),
        ("d3c5f6f5e6", "Tiger"),  # the same, in the other orientations
        ("e6f4c3c4d3", "Tiger"),
        ("f5d6c3d3c4f4f6", "Stephenson"),
        ("f5d6c3d3c4f4", "Tiger"),  # still, one move on
        ("f5d6c3d3c4f4f6f3", "Comp'Oth"),
        ("f5d6c3d3c4f4f6g5", "No-Kung"),
        ("f5f6", "Diagonal Opening"),
        ("f5f4", "Parallel Opening"),
        ("f5d6", "Perpendicular Opening"),
        ("f5d6c5", "Perpendicular Opening"),  # no name deeper yet
        ("f5f6e6f4e3", "Cow"),
        ("f5d6c3d3c4b3", "Aubrey / Tanaka"),
        ("", ""),
    ],
)
def test_named_openings(moves: str, name: str) -> None:
    assert name_of(moves) == name


def test_every_named_line_is_legal_and_named_by_itself() -> None:
    for line, name in OPENINGS:
        assert name_of(line) == name, line


def test_other_rule_sets_have_no_names() -> None:
    assert name_of("f5d6c3d3c4", Rules(anti=True)) == ""
    assert name_of("", Rules(size=10)) == ""
    assert opening_name(Rules(), Game(Rules()).line, standard_start=False) == ""


def test_japanese_players_names_are_given_where_they_have_them() -> None:
    names = {name for _, name in OPENINGS}
    assert set(LOCAL_NAMES["ja"]) <= names  # every local name is of a named opening
    assert local_name(name_of("f5d6c3d3c4"), "ja") == "虎" and local_name(name_of("f5f6e6f4e3"), "ja") == "牛"
    assert local_name(name_of("f5d6"), "ja") == "縦取り" and local_name(name_of("f5f6"), "ja") == "斜め取り"
    assert local_name("Stephenson", "ja") == "Stephenson"  # no name of their own: the international one
    assert all(local_name(name, code) == name for name in names for code in ("en", "cs", "da", "pl"))
