"""The bounded readers of outside input (reversi/inputs.py): JSON whose nesting is counted before
it is parsed, integers and floats within bounds, text cleaned of lone surrogates, a value shown
short; and the rule that whatever comes from outside is read through them.

Found by the probes of the second hardening round (issue 37): saved data nested deeper than
Pyodide's stack stopped the page on every load.
"""

from __future__ import annotations

import json

import pytest

from reversi.errors import ReversiError
from reversi.inputs import (
    MAX_JSON_DEPTH,
    InputError,
    bounded_float,
    bounded_int,
    clean_text,
    json_depth,
    load_json,
    shown,
)
from reversi.ui.store.recent_games import read_recent
from reversi.ui.store.saved_state import load_state

DEEP = "[" * 8000 + "]" * 8000


@pytest.mark.parametrize("text", [DEEP, '{"a":' * 5000 + "1" + "}" * 5000, "[" * 100_000, '["[[[[", "]]]"]'])
def test_nesting_is_counted_before_parsing(text: str) -> None:
    depth = json_depth(text)
    if depth > MAX_JSON_DEPTH:
        with pytest.raises(InputError, match=r"nested .* deep"):
            load_json(text, "saved state")
    else:
        assert load_json(text, "x") == ["[[[[", "]]]"]  # brackets inside strings do not count


def test_deep_saved_state_recent_games_and_worker_requests_are_refused_with_a_message() -> None:
    from reversi.engine import worker

    with pytest.raises(ReversiError, match="saved state: nested 8000 deep"):
        load_state(DEEP)
    assert read_recent(DEEP) == []
    reply = json.loads(worker.analyse('{"moves": ' + "[" * 3000 + "]" * 3000 + "}"))
    assert set(reply) == {"error"} and "nested 3001 deep" in reply["error"]


def test_clean_text_keeps_pairs_and_replaces_halves() -> None:
    assert clean_text("🙂 ok") == "🙂 ok" and clean_text("\ud83d ok") == "\ufffd ok"


@pytest.mark.parametrize("value,low,high,expected", [
    (5, 0, 10, 5), ("7", 0, 10, 7), (3.0, 0, 10, 3),
    (11, 0, 10, None), (True, 0, 10, None), (1e999, 0, 10, None), (10**400, 0, 10**500, None),
    ("1_0", 0, 100, None), ("٣", 0, 10, None), ("１", 0, 10, None), ("9" * 30, 0, 10**40, None),
])
def test_bounded_int(value: object, low: int, high: int, expected: int | None) -> None:
    if expected is None:
        with pytest.raises(InputError):
            bounded_int(value, low, high, "n")
    else:
        assert bounded_int(value, low, high, "n") == expected


def test_bounded_float_and_shown() -> None:
    assert bounded_float("1.5", 0, 10, "t") == 1.5
    for bad in (1e999, "1e3", 10**400, float("nan"), "inf"):
        with pytest.raises(InputError):
            bounded_float(bad, 0, 1e9, "t")
    assert len(shown("x" * 5000)) == 40 and shown("\ud800") == "'\ufffd'"


def test_json_from_outside_is_read_only_through_load_json() -> None:
    """The page's stored data and the worker's requests are parsed with the nesting bounded; only
    our own files and the worker's own replies are read with json.loads."""
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[1] / "reversi"
    # load_json itself, weights headers, the archive's listing, the workers' own replies
    trusted = {"inputs.py", "book.py", "weights.py", "worker.py", "client.py", "requests.py", "engine.py",
               "snippets.py", "pool.py", "helpers.py", "shared_carrier.py"}
    bare = [f"{p.relative_to(root)}:{n}" for p in root.rglob("*.py") if p.name not in trusted
            and not p.is_relative_to(root / "tools") and not p.is_relative_to(root / "cli")
            for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
            if re.search(r"json\.loads\(", line)]
    assert not bare, bare
    worker = (root / "engine" / "worker.py").read_text(encoding="utf-8")
    assert "json_depth(payload)" in worker
