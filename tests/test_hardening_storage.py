"""Hostile saved data under CPython: what the page stores (its state, the recent games, the
players, the clock) read back after someone or something changed it, never stopping the page.

Found by the probes of the second hardening round (issue 37): a recent game with
``"moves": 1e999``, numbers too large for a float, a lone surrogate in a saved comment. The
browser side (the same corpus fed to the page's readers inside Pyodide) is in
tests/test_hostile_storage_browser.py.
"""

from __future__ import annotations

import json

import pytest

from reversi.errors import ReversiError
from reversi.ui.controller import Controller
from reversi.ui.players import Players
from reversi.ui.sharing import link_query
from reversi.ui.store.recent_games import read_recent
from reversi.ui.store.saved_state import SavedState, dump_state, load_state


def test_a_recent_game_with_a_huge_move_count_is_left_out() -> None:
    good = {"query": "m=f5", "date": "2026-12-03", "rules": "Othello", "players": "", "result": "", "moves": 1}
    text = json.dumps([dict(good, moves=1e999), dict(good, moves=10**400), good])
    assert [e.moves for e in read_recent(text)] == [1]


def test_a_saved_state_with_a_lone_surrogate_loads_and_saves_again() -> None:
    c = Controller()
    c.click("f5")
    c.set_comment("ok")
    text = dump_state(SavedState(c.game)).replace("ok", "\\ud83d")
    state = load_state(text)
    assert state.game.main_line()[1].comment == "\ufffd"
    link_query(state.game).encode("utf-8")


@pytest.mark.parametrize("seconds", [10**400, -(10**400), 1e999, float("nan")])
def test_saved_players_with_a_number_too_large_for_a_float_are_refused(seconds: object) -> None:
    data = {"kinds": ["human", "computer"], "levels": [5, 5], "seconds": seconds}
    with pytest.raises(ReversiError, match="is not a number") as caught:
        Players.from_dict(data)
    assert len(str(caught.value)) < 120  # a huge number is not echoed whole


def test_a_saved_clock_with_a_huge_number_is_refused_without_echoing_it() -> None:
    from reversi.core.clock import Clock
    from reversi.errors import ClockError

    for value in (10**400, 1e999):
        with pytest.raises(ClockError) as caught:
            Clock.from_dict({"base_ms": value, "increment_ms": 0, "left_ms": [1, 1], "flagged": None})
        assert len(str(caught.value)) < 120


def test_the_page_readers_refuse_or_read_every_hostile_text_under_cpython() -> None:
    """The same corpus the browser test feeds the page inside Pyodide (test_hostile_storage_browser.py)."""
    from support import hostile_texts

    from reversi.ui.store.probe import read

    answers = [read(kind, text) for kind, text in hostile_texts()]
    broken = [a for a in answers if a.startswith("BROKEN")]
    assert not broken, broken[:5]
    assert any(a.startswith("refused") for a in answers) and "ok" in answers
    assert read("nothing", "") == "BROKEN: no reader 'nothing'"  # the probe itself can say so
