"""Hostile input of the second hardening round (issue 37), one test per cause, under CPython.

Each was found by a probe: saved data that stopped the page on every load (JSON nested
deeper than Pyodide's stack, a recent game with ``"moves": 1e999``, a lone surrogate in a
comment that no address write survived), numbers too large for a float, and a quadratic
read of unclosed ``[%mark`` tags. The browser side (the page's own readers inside Pyodide)
is in ``tests/test_game_features.py``.
"""

from __future__ import annotations

import json

import pytest

from reversi import Position, Rules
from reversi.errors import ReversiError
from reversi.formats.notation import parse_movetext
from reversi.formats.record import Record, read_record, write_record
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
from reversi.ui.controller import Controller
from reversi.ui.embed.snippets import make_snippet
from reversi.ui.players import Players
from reversi.ui.records import load_text
from reversi.ui.sharing import link_query
from reversi.ui.store.recent_games import read_recent
from reversi.ui.store.saved_state import SavedState, dump_state, load_state

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


def test_a_recent_game_with_a_huge_move_count_is_left_out() -> None:
    good = {"query": "m=f5", "date": "2026-12-03", "rules": "Othello", "players": "", "result": "", "moves": 1}
    text = json.dumps([dict(good, moves=1e999), dict(good, moves=10**400), good])
    assert [e.moves for e in read_recent(text)] == [1]


@pytest.mark.parametrize("comment", ["nice \ud83d", "\udc00", "a\ud800b"])
def test_a_lone_surrogate_never_reaches_a_written_address_file_or_state(comment: str) -> None:
    c = Controller()
    c.click("f5")
    assert c.set_comment(comment)
    assert "\ufffd" in c.game.current.comment
    link_query(c.game).encode("utf-8")
    write_record(Record.from_game(c.game)).encode("utf-8")
    dump_state(SavedState(c.game)).encode("utf-8")
    pasted = parse_movetext(Position.start(Rules()), "f5{" + comment + "}d6")
    assert link_query(pasted).encode("utf-8")
    record = read_record('[Event "' + comment + '"]\n\nf5 d6\n')
    assert "\ufffd" in record.tags["Event"]
    game, _kind, _players = load_text("f5{" + comment + "}", Rules())
    assert link_query(game).encode("utf-8")
    snippet = make_snippet("viewer", "./", "m=f5", caption=comment)
    snippet.encode("utf-8")


def test_a_saved_state_with_a_lone_surrogate_loads_and_saves_again() -> None:
    c = Controller()
    c.click("f5")
    c.set_comment("ok")
    text = dump_state(SavedState(c.game)).replace("ok", "\\ud83d")
    state = load_state(text)
    assert state.game.main_line()[1].comment == "\ufffd"
    link_query(state.game).encode("utf-8")


def test_clean_text_keeps_pairs_and_replaces_halves() -> None:
    assert clean_text("🙂 ok") == "🙂 ok" and clean_text("\ud83d ok") == "\ufffd ok"


@pytest.mark.parametrize("seconds", [10**400, -(10**400), 1e999, float("nan")])
def test_saved_players_with_a_number_too_large_for_a_float_are_refused(seconds: object) -> None:
    data = {"kinds": ["human", "computer"], "levels": [5, 5], "seconds": seconds}
    with pytest.raises(ReversiError, match="is not a number") as caught:
        Players.from_dict(data)
    assert len(str(caught.value)) < 120  # a huge number is not echoed whole


def test_a_worker_request_with_a_huge_time_limit_is_refused_with_a_message() -> None:
    from reversi.engine import worker

    reply = json.loads(worker.best_move('{"time_limit": 1' + "0" * 400 + "}"))
    assert set(reply) == {"error"} and len(reply["error"]) < 200 and "internal" not in reply["error"]


def test_unclosed_mark_tags_are_read_as_text_not_marks() -> None:
    game = parse_movetext(Position.start(Rules()), "f5{" + "[%mark " * 2855 + "}")
    node = game.main_line()[1]
    assert node.marks == frozenset() and node.comment.startswith("[%mark")
    closed = parse_movetext(Position.start(Rules()), "f5{[%mark [%mark c3 d3] tiger}")
    assert len(closed.main_line()[1].marks) == 2


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
    trusted = {"inputs.py", "book.py", "weights.py", "worker.py", "client.py", "requests.py", "engine.py",
               "snippets.py"}  # load_json itself, weights headers, the archive's listing, the worker's replies
    bare = [f"{p.relative_to(root)}:{n}" for p in root.rglob("*.py") if p.name not in trusted
            and not p.is_relative_to(root / "tools") and not p.is_relative_to(root / "cli")
            for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
            if re.search(r"json\.loads\(", line)]
    assert not bare, bare
    worker = (root / "engine" / "worker.py").read_text(encoding="utf-8")
    assert "json_depth(payload)" in worker


# -- the command line (issue 37, item 6) ------------------------------------------------------------


def run_cli(*args: str, env: dict[str, str] | None = None, stdout: object = None) -> tuple[int, str, str]:
    import os
    import subprocess
    import sys
    from pathlib import Path

    environ = {**os.environ, **(env or {})}
    done = subprocess.run([sys.executable, "-m", "reversi", *args], cwd=Path(__file__).resolve().parents[1],
                          env=environ, capture_output=stdout is None, stdout=stdout, stderr=subprocess.PIPE
                          if stdout is not None else None, timeout=120)
    out = done.stdout.decode("utf-8", "replace") if isinstance(done.stdout, bytes) else ""
    return done.returncode, out, done.stderr.decode("utf-8", "replace")


@pytest.mark.parametrize("args", [["perft", "1_0"], ["perft", "\u0663"], ["legal", "--size", "\uff11\uff10"],
                                  ["best", "f5", "--time", "1_0"], ["best", "f5", "--time", "\u0663"]])
def test_number_options_take_ascii_digits_only(args: list[str]) -> None:
    code, _out, err = run_cli(*args)
    assert code == 2 and err.startswith("error: argument") and "invalid" in err and "Traceback" not in err, err


def test_a_full_device_and_an_ascii_terminal_give_a_message_not_a_traceback() -> None:
    with open("/dev/full", "wb") as full:
        code, _out, err = run_cli("replay", "f5", stdout=full)
    assert code == 1 and "could not write the output" in err and "Traceback" not in err, err
    for env in ({"LANGUAGE": "cs", "PYTHONIOENCODING": "ascii"}, {"LANGUAGE": "pl", "PYTHONIOENCODING": "ascii"}):
        code, out, err = run_cli("replay", "f5", env=env)
        assert code == 0 and "Traceback" not in err and out
        code, out, err = run_cli("--help", env=env)
        assert code == 0 and "\\u" in out and "Traceback" not in err


def test_closed_standard_streams_give_a_message_or_an_empty_input_not_a_traceback() -> None:
    """Started with its output closed (``>&-``) a command says it could not write (exit 1); with its
    input closed (``<&-``) the engine protocol ends as at the end of its input and ``puzzle --set -``
    reads an empty set."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    def closed(args: list[str], fd: int) -> tuple[int, str]:
        # the child starts with the descriptor closed: Python sets sys.stdin or sys.stdout to None
        done = subprocess.run([sys.executable, "-m", "reversi", *args], cwd=Path(__file__).resolve().parents[1],
                              preexec_fn=lambda: os.close(fd), stderr=subprocess.PIPE, timeout=120)
        return done.returncode, done.stderr.decode("utf-8", "replace")

    code, err = closed(["legal", "f5"], 1)
    assert code == 1 and "could not write the output" in err and "Traceback" not in err, err
    code, err = closed(["--help"], 1)  # argparse's own: on the standard error, as it does
    assert code == 0 and "python -m reversi" in err and "Traceback" not in err, err
    code, err = closed(["nboard", "--time", "1"], 0)
    assert code == 0 and "Traceback" not in err, err
    code, err = closed(["puzzle", "--set", "-"], 0)
    assert code == 2 and err.startswith("error: ") and "Traceback" not in err, err


def test_a_lone_surrogate_caption_a_huge_blocked_list_and_a_bom_position() -> None:
    code, out, err = run_cli("puzzle", "f5", "--seconds", "0.05", "--caption", "\udced\udca0\udc80")
    assert code == 0 and "caption=%EF%BF%BD" in out and "Traceback" not in err
    code, _out, err = run_cli("legal", "--blocked", "a1" * 2500)
    assert code == 2 and len(err) < 200, err
    start = "\ufeff" + "-" * 27 + "OX------XO" + "-" * 27 + " X"
    code, out, err = run_cli("legal", "--position", start)
    assert code == 0 and "Traceback" not in err and "65" not in err, err


def test_a_deep_perft_warns_first() -> None:
    import subprocess
    import sys
    from pathlib import Path

    process = subprocess.Popen([sys.executable, "-m", "reversi", "perft", "60"], stderr=subprocess.PIPE,
                               stdout=subprocess.DEVNULL, cwd=Path(__file__).resolve().parents[1])
    try:
        assert process.stderr is not None
        line = process.stderr.readline().decode()
    finally:
        process.kill()
        process.wait()
    assert "may run for hours" in line


def test_minor_inputs_are_refused_with_a_message() -> None:
    from reversi.errors import NotationError
    from reversi.formats.notation import play_transcript
    from reversi.ui.embed.puzzle import read_puzzle

    start = Position.start(Rules())
    with pytest.raises(NotationError, match="names f5 twice"):
        read_puzzle("pz=f5:0.f5:1.d3:0.c4:0.e6:0", start)
    assert read_puzzle("pz=f5:0.d3:1.c4:0.e6:0", start).losses
    for empty in ("", "  \n\t", "\ufeff"):
        with pytest.raises(NotationError, match="empty"):
            read_record(empty)
    assert read_record("f5 d6\n").to_game().ply == 2
    play_transcript(start, "")  # an empty transcript is still the start


def test_a_refused_clock_field_starts_no_game() -> None:
    from reversi.errors import RulesError
    from reversi.ui.forms import FORM_DEFAULTS

    c = Controller()
    c.click("f5")
    for clock in ("abc", "1" + "0" * 400 + "+1", "300+3+3"):
        with pytest.raises(RulesError, match="clock"):
            c.new_game({**FORM_DEFAULTS, "clock": clock})
        assert c.game.ply == 1  # the game in progress stays
    c.new_game({**FORM_DEFAULTS, "clock": "300+3"})
    assert c.game.ply == 0


def test_the_page_readers_refuse_or_read_every_hostile_text_under_cpython() -> None:
    """The same corpus the browser test feeds the page inside Pyodide (test_hostile_storage_browser.py)."""
    from support import hostile_texts

    from reversi.ui.store.probe import read

    answers = [read(kind, text) for kind, text in hostile_texts()]
    broken = [a for a in answers if a.startswith("BROKEN")]
    assert not broken, broken[:5]
    assert any(a.startswith("refused") for a in answers) and "ok" in answers
    assert read("nothing", "") == "BROKEN: no reader 'nothing'"  # the probe itself can say so


def test_a_saved_clock_with_a_huge_number_is_refused_without_echoing_it() -> None:
    from reversi.core.clock import Clock
    from reversi.errors import ClockError

    for value in (10**400, 1e999):
        with pytest.raises(ClockError) as caught:
            Clock.from_dict({"base_ms": value, "increment_ms": 0, "left_ms": [1, 1], "flagged": None})
        assert len(str(caught.value)) < 120
