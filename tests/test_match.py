"""Engine matches: sane numbers on tiny runs, reproducible openings, Elo arithmetic."""

from __future__ import annotations

import json
import math
import multiprocessing
import os
import subprocess
import sys
import time

import pytest

from reversi import Position, Rules
from reversi.errors import EngineRequestError
from reversi.tools import match as match_module
from reversi.tools.match import MatchResult, Player, elo_from_score, format_elo, match, openings


def test_player_parse() -> None:
    assert Player.parse("level=3") == Player(level=3)
    assert Player.parse("5") == Player(level=5)
    assert Player.parse("depth=2,time=0.1") == Player(depth=2, time=0.1)
    for bad in ("", "speed=3", "level=x", "level"):
        with pytest.raises(ValueError):
            Player.parse(bad)


def test_openings_are_distinct_legal_and_reproducible() -> None:
    a = openings(Rules(), 4, 20, seed=3)
    assert a == openings(Rules(), 4, 20, seed=3)
    assert a != openings(Rules(), 4, 20, seed=4)
    seen = set()
    for line in a:
        pos = Position.start()
        for m in line:
            pos = pos.play(m)
        seen.add((pos.black, pos.white, pos.turn))
    assert len(seen) == len(a) == 20


def test_elo_arithmetic() -> None:
    assert elo_from_score(0.5) == 0
    assert math.isclose(elo_from_score(0.75), 190.848, abs_tol=0.01)
    assert elo_from_score(1.0) == math.inf and elo_from_score(0.0) == -math.inf
    r = MatchResult("a", "b", wins=30, draws=10, losses=20)
    assert r.count == 60 and math.isclose(r.score, 35 / 60)
    lo, hi = r.interval
    assert lo < r.elo < hi and lo < 0 < hi
    assert r.to_dict()["games"] == 60


def test_tiny_match_reports_sane_numbers() -> None:
    rules = Rules(size=6)
    r = match(Player(depth=1), Player(depth=3), games=4, rules=rules, seed=1, plies=2)
    assert r.count == 4 and r.wins + r.draws + r.losses == 4
    assert 0 <= r.score <= 1
    assert len({(g.opening == h.opening) for g, h in zip(r.games[::2], r.games[1::2], strict=False)}) == 1
    assert sum(g.a_is_black for g in r.games) == 2
    text = r.report()
    assert "games" in text and "Elo" in text


def test_cli_match_json() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "reversi", "match", "--a", "depth=1", "--b", "depth=2", "--games", "2",
         "--size", "6", "--json"],
        capture_output=True, text=True, timeout=120,
    )
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["games"] == 2 and data["wins"] + data["draws"] + data["losses"] == 2
    bad = subprocess.run([sys.executable, "-m", "reversi", "match", "--a", "level=42"], capture_output=True,
                         text=True, timeout=60)
    assert bad.returncode != 0 and "error" in bad.stderr


def _first_game_waits_for_the_second(task: tuple) -> object:
    """A game of the schedule, but game 1 ends only after game 2 has: results come back out of order."""
    from pathlib import Path

    from reversi.tools.match import play_game

    marker = Path(os.environ["REVERSI_TEST_MATCH_MARKER"])
    number = task[5]  # the game's seed: 0, 1, 2... in the schedule with seed 0
    if number == 0:
        for _ in range(6000):  # 60 s at most, in case the pool ever played both on one process
            if marker.exists():
                break
            time.sleep(0.01)
    record = play_game(*task)
    if number == 1:
        marker.write_text("game 2 is over")
    return record


def test_games_are_reported_in_the_schedule_order_whatever_the_processes(monkeypatch, tmp_path, capsys) -> None:
    from reversi.cli.main import main

    if multiprocessing.get_start_method() != "fork":
        pytest.skip("the pool's processes must see the patched task")
    args = ["match", "--a", "depth=1", "--b", "depth=2", "--games", "4", "--size", "6", "--plies", "2"]
    assert main(args) == 0
    alone = capsys.readouterr().out
    lines = alone.splitlines()
    assert [line.split(":")[0] for line in lines[:4]] == ["game 1", "game 2", "game 3", "game 4"]
    assert [line.endswith("A black)") for line in lines[:4]] == [True, False, True, False]
    monkeypatch.setenv("REVERSI_TEST_MATCH_MARKER", str(tmp_path / "marker"))
    monkeypatch.setattr(match_module, "_play_task", _first_game_waits_for_the_second)
    assert main([*args, "--processes", "2"]) == 0
    assert capsys.readouterr().out == alone
    assert (tmp_path / "marker").exists()  # game 2 did end first
    seen: list[tuple[int, bool]] = []
    (tmp_path / "marker").unlink()
    r = match(Player(depth=1), Player(depth=2), 4, rules=Rules(size=6), plies=2, processes=2,
              progress=lambda rec, _res: seen.append((rec.number, rec.a_is_black)))
    assert seen == [(1, True), (2, False), (3, True), (4, False)]
    assert [g.number for g in r.games] == [1, 2, 3, 4]
    assert r.games == match(Player(depth=1), Player(depth=2), 4, rules=Rules(size=6), plies=2).games


def test_an_odd_number_of_games_is_refused_saying_games_come_in_pairs(capsys) -> None:
    from reversi.cli.main import main

    for odd in (1, 3, 19):
        with pytest.raises(EngineRequestError, match="pairs"):
            match(Player(depth=1), Player(depth=1), odd, rules=Rules(size=6))
        assert main(["match", "--a", "depth=1", "--b", "depth=1", "--size", "6", "--games", str(odd)]) == 2
        captured = capsys.readouterr()
        assert captured.out == ""
        assert "pairs" in captured.err and f"--games {odd + 1}" in captured.err
        assert "Traceback" not in captured.err
    assert match(Player(depth=1), Player(depth=1), 2, rules=Rules(size=6)).count == 2
    with pytest.raises(SystemExit):
        main(["match", "--help"])
    assert "even number" in capsys.readouterr().out


def test_fewer_openings_than_asked_for_are_said() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "reversi", "match", "--a", "depth=1", "--b", "depth=1", "--games", "40",
         "--size", "4", "--plies", "1", "--json"],
        capture_output=True, text=True, timeout=120, env={**os.environ, "LANGUAGE": "en"},
    )
    assert out.returncode == 0, out.stderr
    played = json.loads(out.stdout)["games"]
    assert played < 40 and f"{played} games played of the 40 asked for" in out.stderr


def _strict_json(text: str) -> dict:
    def refuse(token: str) -> None:
        raise AssertionError(f"not JSON: {token}")

    return json.loads(text, parse_constant=refuse)


def test_no_negative_zero_and_an_unbounded_interval_says_so() -> None:
    even = MatchResult("a", "b", wins=1, draws=0, losses=1)
    assert even.elo == 0 and math.copysign(1, even.elo) == 1
    assert math.copysign(1, even.to_dict()["elo"]) == 1 and '"elo": 0.0' in json.dumps(even.to_dict())
    assert format_elo(-0.0) == format_elo(-0.4) == format_elo(0.3) == "+0"
    assert format_elo(-0.6) == "-1" and format_elo(-math.inf) == "-inf" and format_elo(math.inf) == "+inf"
    assert "Elo +0 " in even.report() and "-0" not in even.report()
    assert even.interval == (-math.inf, math.inf) and not even.interval_known
    assert "too few games for a confidence interval" in even.report()
    for sweep in (MatchResult("a", "b", 0, 0, 6), MatchResult("a", "b", 6, 0, 0), MatchResult("a", "b", 0, 8, 0)):
        assert sweep.interval == (-math.inf, math.inf)  # no spread: not [-inf, -inf]
        assert "too few games" in sweep.report() and "95%" not in sweep.report()
        data = _strict_json(json.dumps(sweep.to_dict(), allow_nan=False))
        assert data["elo_low"] is None and data["elo_high"] is None
    lost = MatchResult("a", "b", wins=0, draws=0, losses=6)
    assert _strict_json(json.dumps(lost.to_dict()))["elo"] is None and "Elo -inf" in lost.report()
    one_sided = MatchResult("a", "b", wins=1, draws=0, losses=9)
    lo, hi = one_sided.interval
    assert lo == -math.inf and -400 < hi < 0 and one_sided.interval_known
    assert f"[95% -inf, {format_elo(hi)}]" in one_sided.report()


def test_cli_summary_of_a_sweep_says_every_game_ended_alike() -> None:
    from reversi.cli.engine_commands import _match_summary

    assert "every game ended alike" in _match_summary(MatchResult("a", "b", 0, 100, 0))
    assert "every game ended alike" in _match_summary(MatchResult("a", "b", 12, 0, 0))
    assert "too few games" in _match_summary(MatchResult("a", "b", 1, 0, 1))
    assert "too few games" in _match_summary(MatchResult("a", "b", 0, 0, 2))


def test_cli_summary_has_no_negative_zero_nor_inf_in_json(capsys) -> None:
    from reversi.cli.main import main

    args = ["match", "--a", "depth=1", "--b", "depth=1", "--games", "2", "--size", "6", "--plies", "2"]
    assert main([*args, "--json"]) == 0
    data = _strict_json(capsys.readouterr().out)
    assert data["games"] == 2
    for key in ("elo", "elo_low", "elo_high"):
        assert data[key] is None or math.copysign(1, data[key]) == 1 or data[key] < 0
    assert main(args) == 0
    summary = capsys.readouterr().out.splitlines()[-1]
    assert " -0 " not in summary and "-0.0" not in summary and "-inf, -inf" not in summary
    assert summary.startswith("A (depth=1) vs B (depth=1): 2 games")


@pytest.mark.parametrize(("code", "words"), [("cs", "partie"), ("da", "partier"), ("pl", "partie")])
def test_cli_summary_is_in_the_users_language(code: str, words: str, capsys) -> None:
    from reversi.cli.main import main
    from reversi.i18n import language, set_language

    before = language()
    try:
        args = ["match", "--a", "depth=1", "--b", "depth=2", "--games", "2", "--size", "6", "--plies", "2"]
        with pytest.MonkeyPatch.context() as mp:
            mp.setenv("LANGUAGE", code)
            assert main(args) == 0
        summary = capsys.readouterr().out.splitlines()[-1]
        assert f"2 {words}," in summary and "games" not in summary
    finally:
        set_language(before)


RECORDED = ["match", "--a", "depth=1", "--b", "depth=2", "--size", "6", "--plies", "2"]


def test_a_recorded_match_stopped_part_way_goes_on_after_its_last_game(monkeypatch, tmp_path, capsys) -> None:
    """The record holds every game as it ends; the same command with the same file plays only the
    games it lacks (a line cut short by the stop is dropped), and the result counts them all."""
    from reversi.cli.main import main
    from reversi.tools import match_record

    whole = tmp_path / "whole.jsonl"
    assert main([*RECORDED, "--games", "6", "--record", str(whole), "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    lines = whole.read_bytes().splitlines(keepends=True)
    assert len(lines) == 7 and json.loads(lines[0])["format"] == "reversi-match-record"
    first = match_record.header(Player(depth=1), Player(depth=2), Rules(size=6), 0, 2, None)
    games, good = match_record.read(str(whole), first, Rules(size=6))
    alone = match(Player(depth=1), Player(depth=2), 6, rules=Rules(size=6), plies=2).games
    assert [(g.number, g.a_is_black, g.moves, g.margin) for g in games] == [
        (g.number, g.a_is_black, g.opening + g.moves, g.margin) for g in alone]
    assert good == whole.stat().st_size
    assert (result["wins"], result["draws"], result["losses"]) == (
        sum(g.margin > 0 for g in alone), sum(g.margin == 0 for g in alone), sum(g.margin < 0 for g in alone))

    stopped = tmp_path / "stopped.jsonl"
    stopped.write_bytes(b"".join(lines[:3]) + lines[3][:25])  # two games, the third cut short
    played: list[tuple] = []
    real = match_module._play_task
    monkeypatch.setattr(match_module, "_play_task", lambda task: played.append(task) or real(task))
    assert main([*RECORDED, "--games", "6", "--record", str(stopped)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"2 games already played in {stopped}"
    assert [line.split(":")[0] for line in out[1:5]] == ["game 3", "game 4", "game 5", "game 6"]
    assert [task[4] for task in played] == [True, False, True, False]  # games 3 to 6, not 1 and 2
    assert stopped.read_bytes() == whole.read_bytes()  # depth searches: the same games again
    assert out[-1].startswith("A (depth=1) vs B (depth=2): 6 games")

    played.clear()
    assert main([*RECORDED, "--games", "4", "--record", str(stopped), "--json"]) == 0  # all there already
    assert played == [] and json.loads(capsys.readouterr().out)["games"] == 4
    assert main([*RECORDED, "--games", "8", "--record", str(stopped), "--json"]) == 0  # a longer match
    assert len(played) == 2 and json.loads(capsys.readouterr().out)["games"] == 8
    assert len(stopped.read_bytes().splitlines()) == 9


def _tampered(lines: list[bytes], k: int, key: str, value: object, **more: object) -> bytes:
    data = json.loads(lines[k])
    data[key] = value
    data.update(more)
    return b"".join([*lines[:k], json.dumps(data).encode() + b"\n", *lines[k + 1:]])


def test_a_record_of_another_match_or_a_tampered_one_is_refused_and_kept(tmp_path, capsys) -> None:
    from reversi.cli.main import main

    path = tmp_path / "r.jsonl"
    assert main([*RECORDED, "--games", "4", "--record", str(path), "--json"]) == 0
    capsys.readouterr()
    lines = path.read_bytes().splitlines(keepends=True)
    cases = [
        (b"".join(lines), ["--b", "depth=3"], "line 1: the record of another match: its --b is depth=2, not depth=3"),
        (b"".join(lines), ["--seed", "5"], "its --seed is 0, not 5"),
        (b"".join(lines), ["--size", "8"], "its rules is Othello 6x6, not Othello 8x8"),
        (_tampered(lines, 2, "margin", 64), [], "line 3: the game has not ended, or its margin is not 64"),
        (_tampered(lines, 2, "game", 7), [], "line 3: game 7 where game 2 is due"),
        (_tampered(lines, 1, "transcript", "a1"), [], "line 2: "),
        (_tampered(lines, 1, "a_is_black", False, margin=-json.loads(lines[1])["margin"]), [],
         "line 2: game 1 is not this match's: another opening or another colour for A"),
        (b"".join([lines[0], lines[3], lines[4]]).replace(b'"game":3', b'"game":1').replace(b'"game":4', b'"game":2'),
         [], "line 2: game 1 is not this match's"),
        (b"".join(lines) + b"[cut", ["--b", "depth=3"], "its --b is depth=2, not depth=3"),  # not cut off either
        (b"".join(lines), ["--balanced", "4"], "its --balanced is not given, not 4"),
        (_tampered(lines, 0, "a", {"level": None, "time": None, "depth": 1, "jobs": 1, "x": 1}), [],
         'its --a is {"depth": 1, "jobs": 1, "level": null, "time": null, "x": 1}, not {"depth": 1'),
        (_tampered(lines, 0, "seed", False), [], "its --seed is False, not 0"),
        (_tampered(lines, 0, "version", 1.0), [], "line 1: a match record of another version"),
        (_tampered(lines, 0, "extra", 1), [], "line 1: not a match record of this version: unknown field 'extra'"),
        (_tampered(lines, 0, "version", 2), [], "line 1: a match record of another version"),
        (b"not json\n", [], "line 1: not a match record"),
        (lines[0] + b"[1, 2]\n", [], "line 2: not a game of a match record"),
        (b'{"a": 1}\n', [], "line 1: not a match record"),
    ]
    for text, options, message in cases:
        path.write_bytes(text)
        assert main([*RECORDED, "--games", "4", *options, "--record", str(path)]) == 2, message
        err = capsys.readouterr().err
        assert message in err and "Traceback" not in err and len(err.strip().splitlines()) == 1, err
        assert path.read_bytes() == text  # nothing written: the record is kept as it was
    assert main([*RECORDED, "--games", "2", "--record", str(tmp_path)]) == 2
    assert "is not a file" in capsys.readouterr().err
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    assert main([*RECORDED, "--games", "2", "--record", str(fifo)]) == 2  # refused, not waited on
    assert "is not a file" in capsys.readouterr().err
    assert main([*RECORDED, "--games", "2", "--record", ""]) == 2
    assert "needs a file name" in capsys.readouterr().err
    assert main([*RECORDED, "--games", "2", "--record", str(tmp_path / "no" / "r.jsonl")]) == 2
    assert "cannot write" in capsys.readouterr().err


def test_a_recorded_match_goes_on_on_several_processes_in_the_schedules_order(tmp_path, capsys) -> None:
    from reversi.cli.main import main

    whole, part = tmp_path / "whole.jsonl", tmp_path / "part.jsonl"
    assert main([*RECORDED, "--games", "8", "--record", str(whole), "--json"]) == 0
    lines = whole.read_bytes().splitlines(keepends=True)
    part.write_bytes(b"".join(lines[:4]))  # games 1 to 3
    capsys.readouterr()
    assert main([*RECORDED, "--games", "8", "--record", str(part), "-j", "2"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in out[1:6]] == ["game 4", "game 5", "game 6", "game 7", "game 8"]
    assert part.read_bytes() == whole.read_bytes()


def test_a_record_is_one_matchs_at_a_time_and_a_whole_last_game_counts(tmp_path, capsys) -> None:
    from reversi.tools import match_record

    path = tmp_path / "r.jsonl"
    first = match_record.header(Player(depth=1), Player(depth=2), Rules(size=6), 0, 2, None)
    held = match_record.open_record(str(path), first, Rules(size=6))  # a match writing it
    try:
        from reversi.cli.main import main

        assert main([*RECORDED, "--games", "2", "--record", str(path)]) == 2
        assert "is being written by another match" in capsys.readouterr().err
    finally:
        held.close()
    assert main([*RECORDED, "--games", "4", "--record", str(path), "--json"]) == 0
    capsys.readouterr()
    whole = path.read_bytes()
    path.write_bytes(whole[:-1])  # the last game whole, its newline lost
    games = match_record.open_record(str(path), first, Rules(size=6))
    games.close()
    assert len(games.games) == 4 and games.keep == len(whole) - 1
    assert main([*RECORDED, "--games", "6", "--record", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 6
    text = path.read_bytes()
    assert text.startswith(whole) and len(text.splitlines()) == 7  # a newline put back, two games more


def test_a_finished_record_that_cannot_be_written_still_gives_its_report(tmp_path, capsys, monkeypatch) -> None:
    import builtins

    from reversi.cli.main import main

    path = tmp_path / "r.jsonl"
    assert main([*RECORDED, "--games", "4", "--record", str(path), "--json"]) == 0
    done = capsys.readouterr().out
    real_open = builtins.open

    def read_only(file, mode="r", *args, **kwargs):  # as a file the user may not write (root may)
        if str(file) == str(path) and any(c in mode for c in "aw+"):
            raise PermissionError(13, "Permission denied")
        return real_open(file, mode, *args, **kwargs)

    monkeypatch.setattr(builtins, "open", read_only)
    assert main([*RECORDED, "--games", "4", "--record", str(path), "--json"]) == 0
    assert capsys.readouterr().out == done
    assert main([*RECORDED, "--games", "6", "--record", str(path)]) == 2  # a game to keep: said at once
    err = capsys.readouterr().err
    assert "cannot write" in err and "Permission denied" in err


def test_a_last_game_edited_without_its_newline_is_refused_and_a_full_disk_is_said(tmp_path, capsys,
                                                                                   monkeypatch) -> None:
    from reversi.cli.main import main
    from reversi.tools import match_record

    path = tmp_path / "r.jsonl"
    assert main([*RECORDED, "--games", "4", "--record", str(path), "--json"]) == 0
    capsys.readouterr()
    lines = path.read_bytes().splitlines(keepends=True)
    edited = _tampered(lines, 4, "margin", 64)[:-1]  # JSON, whole, but not the game: not a line cut short
    path.write_bytes(edited)
    assert main([*RECORDED, "--games", "6", "--record", str(path)]) == 2
    assert "line 5: the game has not ended, or its margin is not 64" in capsys.readouterr().err
    assert path.read_bytes() == edited

    path.write_bytes(b"".join(lines))

    def full(self, line) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(match_record.Record, "_put", full)
    assert main([*RECORDED, "--games", "6", "--record", str(path)]) == 2
    err = capsys.readouterr().err
    assert f"cannot write {path}: No space left on device" in err and "Traceback" not in err
    assert path.read_bytes() == b"".join(lines)  # the games before are kept
