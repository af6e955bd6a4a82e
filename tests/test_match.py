"""Engine matches: sane numbers on tiny runs, reproducible openings, Elo arithmetic."""

from __future__ import annotations

import json
import math
import subprocess
import sys

import pytest

from reversi import Position, Rules
from reversi.tools.match import MatchResult, Player, elo_from_score, match, openings


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
