"""``-j P`` on the command line: ``best``, ``hints``, ``review``, ``match`` and ``nboard`` on worker
processes give what one process gives where the answer is fixed (an exact position, a fixed
depth), ``match -j 2`` plays the games asked for, and a bad number of processes is refused in
one line (reversi/cli/engine_commands.py, reversi/engine/parallel_search.py)."""

from __future__ import annotations

import json
import multiprocessing
import random

import pytest

from reversi.cli.main import main
from reversi.core.rules import Rules
from reversi.engine.nboard import NBoardSession
from reversi.engine.scheduler import InlineCarrier
from reversi.formats.notation import position_to_string
from reversi.tools.match import Player
from tests.bench.positions import random_position

GAME = "f5d6c3d3c4f4f6f3e6e7d7g6"


@pytest.fixture(autouse=True)
def _english(monkeypatch):
    monkeypatch.setenv("LANG", "C.UTF-8")


def exact_position(empties: int, seed: int) -> str:
    while True:
        pos = random_position(Rules(), empties, random.Random(seed))
        if len(pos.legal_moves()) > 2:
            return position_to_string(pos)
        seed += 1000


def run_json(capsys, argv: list[str]) -> dict:
    assert main(argv) == 0
    return json.loads(capsys.readouterr().out)


def test_best_on_two_processes_answers_one_process_move_in_an_exact_position(capsys):
    text = exact_position(12, 1)
    one = run_json(capsys, ["best", text, "--time", "5", "--json"])
    two = run_json(capsys, ["best", text, "--time", "5", "--json", "-j", "2"])
    assert (one["move"], one["score"], one["exact"]) == (two["move"], two["score"], True)


def test_best_on_two_processes_in_the_midgame_plays_a_legal_move(capsys):
    text = exact_position(40, 2)
    two = run_json(capsys, ["best", text, "--time", "0.5", "--json", "-j", "2"])
    hints = run_json(capsys, ["hints", text, "--time", "0.2", "--json"])
    assert two["move"] in hints["moves"]
    assert multiprocessing.active_children() == []


def test_hints_on_two_processes_are_one_process_values_where_exact(capsys):
    text = exact_position(11, 3)
    one = run_json(capsys, ["hints", text, "--time", "10", "--json"])
    two = run_json(capsys, ["hints", text, "--time", "10", "--json", "-j", "2"])
    assert one["exact"] and two["exact"]
    assert (one["moves"], one["best"]) == (two["moves"], two["best"])


def test_review_on_two_processes_is_one_process_review_at_a_fixed_depth(capsys):
    args = ["review", GAME, "--depth", "3", "--time", "10", "--json"]
    one = run_json(capsys, args)
    two = run_json(capsys, [*args, "-j", "2"])
    assert one["moves"] == two["moves"] and len(one["moves"]) == 12
    first = one["moves"][0]
    assert first["move"] == "f5" and first["side"] == "black" and first["loss"] == first["best_value"] - first["value"]
    assert all(m["loss"] >= 0 and m["depth"] == 3 for m in one["moves"])


def test_review_in_words_sums_up_each_side(capsys):
    assert main(["review", GAME, "--depth", "2"]) == 0
    out = capsys.readouterr().out
    assert "black: 6 moves" in out and "white: 6 moves" in out
    assert main(["review", "--depth", "2"]) == 2
    assert "review: the game has no move to value" in capsys.readouterr().err


def test_match_on_two_processes_plays_the_games_asked_for_and_the_same_games(capsys):
    args = ["match", "--a", "depth=1", "--b", "depth=2,jobs=2", "--games", "4", "--size", "6", "--plies", "2",
            "--seed", "3", "--json"]
    two = run_json(capsys, [*args, "-j", "2"])
    one = run_json(capsys, args)
    assert two["games"] == 4 and two == one


def test_a_setting_on_processes_of_its_own_is_read_and_written_back():
    p = Player.parse("level=7,jobs=2")
    assert (p.level, p.jobs) == (7, 2) and Player.parse(p.describe()) == p
    assert Player.from_dict(json.loads(json.dumps(p.to_dict()))) == p
    from reversi.errors import EngineRequestError

    with pytest.raises(EngineRequestError, match="jobs=0 is not within 1 to 64"):
        Player.parse("level=7,jobs=0")


@pytest.mark.parametrize("command", [["best", "f5"], ["hints", "f5"], ["review", "f5"], ["nboard"], ["match"]])
@pytest.mark.parametrize("bad", ["0", "65"])
def test_a_bad_number_of_processes_is_refused_in_one_line(capsys, command, bad):
    # every command's -j in the same words (match had its own)
    assert main([*command, "-j", bad]) == 2
    err = capsys.readouterr().err
    assert err == f"error: --processes must be a whole number from 1 to 64, not {bad}\n"


def test_nboard_on_workers_analyzes_a_game_as_alone_at_a_fixed_depth():
    from reversi.core.position import Position

    rng = random.Random(5)
    pos, words = Position.start(Rules()), []
    while len(words) < 16:  # a line out of the opening book
        move = rng.choice(pos.legal_moves())
        words.append(pos.rules.geometry.name(move).upper())
        pos = pos.play(move)
    answers = []
    for carrier in (None, InlineCarrier(2)):
        lines: list[str] = []
        session = NBoardSession(lines.append, 30.0, carrier)
        session.handle("set depth 3")
        for word in words:
            session.handle(f"move {word}")
        session.handle("analyze")
        session.handle("hint 2")
        session.handle("go")
        answers.append(lines)
    alone, shared = answers
    assert [x for x in alone if x.startswith("analysis")] == [x for x in shared if x.startswith("analysis")]
    assert len([x for x in shared if x.startswith("analysis")]) == 17
    assert len([x for x in shared if x.startswith("search ")]) == 2
    assert any(x.startswith("=== ") for x in shared) and not any("error" in x for x in shared)
