"""The one table of link parameters, and rewriting an address without losing others'."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reversi import Position, ReversiError, Rules, play_transcript
from reversi.formats.links import (
    BY_NAME,
    GAME_KEYS,
    LINK_VERSION,
    PARAMETERS,
    parse_query,
    record_from_query,
    record_to_query,
    rewrite_query,
)
from reversi.formats.record import Record
from reversi.ui.sharing import game_from_link, is_game_link, link_query

ROOT = Path(__file__).resolve().parents[1]


def test_every_row_is_complete_and_names_are_unique() -> None:
    assert len(BY_NAME) == len(PARAMETERS) >= 11
    for p in PARAMETERS:
        assert re.fullmatch(r"[a-z]{1,8}", p.name) and p.meaning and p.values and p.owner  # short: links stay short
    assert {"r", "s", "m", "at"} <= GAME_KEYS and "v" not in GAME_KEYS


def parameters_read_in(path: Path) -> set[str]:
    """The keys a module reads from a parsed query: ``params.get("x")``, ``params["x"]``,
    ``flag("x")`` and ``number("x", ...)``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    keys = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "get" and node.args:
            target = node.func.value  # type: ignore[attr-defined]
            source = ast.unparse(target)
            if isinstance(node.args[0], ast.Constant) and ("param" in source or "query" in source):
                keys.add(node.args[0].value)
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") in ("flag", "number") and node.args:
            if isinstance(node.args[0], ast.Constant):
                keys.add(node.args[0].value)
        if isinstance(node, ast.Subscript) and "param" in ast.unparse(node.value):
            if isinstance(node.slice, ast.Constant):
                keys.add(node.slice.value)
    return keys


def test_every_parameter_the_code_reads_is_in_the_table() -> None:
    read = parameters_read_in(ROOT / "reversi" / "formats" / "links.py")
    assert {"r", "s", "p", "m", "hc"} <= read
    assert read <= set(BY_NAME), sorted(read - set(BY_NAME))
    assert "at" in parameters_read_in(ROOT / "reversi" / "ui" / "sharing.py") & set(BY_NAME)
    embed = parameters_read_in(ROOT / "reversi" / "ui" / "embed" / "viewer.py")
    assert {"view", "caption", "flip", "theme"} <= embed <= set(BY_NAME), embed


def test_a_move_keeps_the_parameters_of_other_features() -> None:
    game = play_transcript(Position.start(Rules()), "f5d6")
    query = link_query(game, "?lang=cs&m=f5&theme=dark")
    assert query == "lang=cs&theme=dark&m=f5d6"
    game.undo()  # the game's position is 1, d6 kept to redo
    assert link_query(game, "?" + query) == "lang=cs&theme=dark&m=f5d6&at=1"
    assert link_query(game, "lang=cs&at=0") == "lang=cs&m=f5d6&at=1"


def test_rewriting_only_touches_the_owners_rows() -> None:
    assert rewrite_query("x=1&m=f5&at=2", "game", {"m": "c4"}) == "x=1&at=2&m=c4"
    assert rewrite_query("x=1&m=f5&at=2", "browse", {}) == "x=1&m=f5"
    with pytest.raises(ValueError, match="does not own"):
        rewrite_query("", "browse", {"m": "f5"})


def test_a_start_position_with_cut_squares_survives_the_address() -> None:
    """An Octagon start holds '#': written as %23, or the browser would cut the link there."""
    rules = Rules("octagon")
    game = play_transcript(Position.start(rules), "e4")
    record = Record(rules, game.position, [])
    query = record_to_query(record)
    assert "#" not in query and "%23" in query
    assert record_from_query(query).start == game.position


def test_the_version_key() -> None:
    assert parse_query(f"v={LINK_VERSION}&m=f5")["m"] == "f5"
    with pytest.raises(ReversiError, match="newer version"):
        record_from_query(f"v={LINK_VERSION + 1}&m=f5")
    with pytest.raises(ReversiError, match="version number"):
        parse_query("v=%C2%B2")
    assert "v" not in record_to_query(Record(Rules(), None, []))  # version 1 writes no v


@pytest.mark.parametrize("query", ["?s=%C2%B2", "?at=%C2%B2&m=f5", "?h=" + "9" * 5000, "?m=%C4%B03", "?at=-1&m=f5"])
def test_hostile_link_values_get_the_projects_error(query: str) -> None:
    assert is_game_link(query)
    with pytest.raises(ReversiError):
        game_from_link(query)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=200))
def test_any_query_gives_a_game_or_the_projects_error(text: str) -> None:
    try:
        game = game_from_link(text)
    except ReversiError:
        return
    assert link_query(game) is not None


def test_a_balanced_opening_of_a_set_up_position_is_refused_with_a_message() -> None:
    from reversi.errors import NotationError
    from reversi.ui.sharing import link_game

    set_up = "-" * 27 + "XO------OX" + "-" * 27 + "_X"
    with pytest.raises(NotationError, match=r"bo='8\.2\.1234' draws an opening from the rule set's start"):
        link_game("bo=8.2.1234&p=" + set_up)
    assert link_game("bo=8.2.1234")[0].tags["BalancedOpening"] == "8.2.1234"  # from the start: taken
    assert link_game("p=" + set_up)[0].start.turn == 0
