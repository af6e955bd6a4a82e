"""What users hold keeps working: links, records and saved games of version 0.1.

``tests/golden/v0.1.json`` was written by the version before the package was
split into layers (commit f0fd937): share links, ``.rev`` records and saved
states (``localStorage`` key ``reversi.state``), each with the position it must
open on. Today's readers must open each one on that position, and today's
writers must write the very same text again (a link sent yesterday and the same
game's link written today are the same address).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from reversi import position_to_string
from reversi.formats.record import Record, read_record, write_record
from reversi.ui.sharing import game_from_link, link_query
from reversi.ui.store.saved_state import STATE_VERSION, dump_state, load_state

GOLDEN = json.loads((Path(__file__).parent / "golden" / "v0.1.json").read_text(encoding="utf-8"))


def test_the_golden_file_holds_every_kind() -> None:
    assert len(GOLDEN["links"]) >= 10 and len(GOLDEN["records"]) >= 10 and len(GOLDEN["states"]) >= 4
    assert any("at=" in case["query"] for case in GOLDEN["links"])
    assert any(json.loads(case["text"])["clock"] for case in GOLDEN["states"])


@pytest.mark.parametrize("case", GOLDEN["links"], ids=lambda c: c["query"][:40])
def test_links_open_on_the_same_position_and_are_written_alike(case: dict) -> None:
    game = game_from_link(case["query"])
    assert position_to_string(game.position) == case["position"]
    assert (game.ply, len(game.line)) == (case["ply"], case["line"])
    assert link_query(game) == case["query"]
    assert game_from_link("?" + case["query"] + "&lang=cs").ply == case["ply"]  # other features' parameters


@pytest.mark.parametrize("case", GOLDEN["records"], ids=lambda c: c["text"].splitlines()[1][:30])
def test_records_read_to_the_same_game_and_are_written_alike(case: dict) -> None:
    record = read_record(case["text"])
    assert position_to_string(record.to_game().position) == case["position"]
    assert record.tags.get("Event") == ("Golden" if '[Event "Golden"]' in case["text"] else None)
    assert write_record(record) == case["text"]
    assert isinstance(record, Record)


@pytest.mark.parametrize("case", GOLDEN["states"], ids=lambda c: json.loads(c["text"])["moves"] or "start")
def test_saved_states_restore_the_same_game(case: dict) -> None:
    state = load_state(case["text"])
    assert position_to_string(state.game.position) == case["position"]
    assert state.game.ply == case["ply"] and not state.game.browsing  # version 1: the position shown was the game's
    # written again as the version of today (the tree, the live and shown positions, the ending), it reads back the same
    again = load_state(dump_state(state, now=1000.0))
    assert json.loads(dump_state(state, now=1000.0))["version"] == STATE_VERSION
    assert position_to_string(again.game.position) == case["position"] and again.game.ply == case["ply"]
    assert dump_state(again, now=1000.0) == dump_state(state, now=1000.0)
    assert state.settings == json.loads(case["text"])["settings"]
