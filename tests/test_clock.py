"""The chess clock (reversi/core/clock.py): time is given, nothing waits."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from reversi.core.clock import Clock, ClockError, TimeControl, format_time, parse_time_control
from reversi.errors import ReversiError


def test_parse_time_control() -> None:
    assert parse_time_control("none") is None
    assert parse_time_control("") is None
    assert parse_time_control("300+3") == TimeControl(300_000, 3_000)
    assert parse_time_control(" 60 ") == TimeControl(60_000, 0)
    assert parse_time_control("2+0") == TimeControl(2_000, 0)
    assert TimeControl(300_000, 3_000).to_field() == "300+3"
    assert TimeControl(300_000, 3_000).describe() == "5 min + 3 s"
    assert TimeControl(30_000).describe() == "30 s"


@pytest.mark.parametrize("text", ["5 min", "300+", "+3", "-5", "1.5", "abc", "300+3+1", "99999999"])
def test_bad_time_controls_are_refused_with_the_text(text: str) -> None:
    with pytest.raises(ClockError) as info:
        parse_time_control(text)
    assert isinstance(info.value, ReversiError)


def test_the_running_side_counts_down_and_the_other_waits() -> None:
    clock = Clock(TimeControl(60_000))
    clock.run(0, now=1000)
    assert clock.left(0, 1000) == 60_000
    assert clock.left(0, 11_000) == 50_000
    assert clock.left(1, 11_000) == 60_000
    clock.run(1, now=11_000, moved=0)
    assert clock.left(0, 20_000) == 50_000
    assert clock.left(1, 20_000) == 51_000


def test_increment_goes_to_the_side_that_moved() -> None:
    clock = Clock(TimeControl(10_000, 2_000))
    clock.run(0, 0)
    clock.run(1, 3_000, moved=0)
    assert clock.left(0, 3_000) == 9_000
    clock.run(0, 4_000, moved=1)
    assert clock.left(1, 4_000) == 11_000


def test_pause_stops_both() -> None:
    clock = Clock(TimeControl(10_000))
    clock.run(0, 0)
    clock.run(None, 1_000)
    assert clock.left(0, 50_000) == 9_000 and clock.check(50_000) is None


def test_a_flag_falls_and_then_nothing_runs() -> None:
    clock = Clock(TimeControl(2_000))
    clock.run(0, 0)
    assert clock.check(1_999) is None
    assert clock.check(2_000) == 0
    assert clock.over and clock.running is None and clock.left(0, 9_999) == 0
    clock.run(1, 3_000, moved=0)  # a move after the flag: refused, no increment, nothing runs
    assert clock.running is None and clock.left(1, 10_000) == 2_000 and clock.flagged == 0


def test_a_move_made_after_the_time_ran_out_does_not_save_the_mover() -> None:
    clock = Clock(TimeControl(2_000, 5_000))
    clock.run(0, 0)
    clock.run(1, 2_500, moved=0)
    assert clock.flagged == 0 and clock.running is None


def test_round_trip_as_plain_data() -> None:
    clock = Clock(TimeControl(60_000, 1_000))
    clock.run(0, 0)
    data = clock.to_dict(now=5_000)
    assert data == {"base_ms": 60_000, "increment_ms": 1_000, "left_ms": [55_000, 60_000], "flagged": None}
    back = Clock.from_dict(data)
    assert back.left(0, 0) == 55_000 and back.running is None and back.flagged is None


@pytest.mark.parametrize(
    "data",
    [
        None,
        [],
        {"base_ms": 1},
        {"base_ms": 1000, "increment_ms": 0, "left_ms": [1, 2], "flagged": None, "extra": 1},
        {"base_ms": "1000", "increment_ms": 0, "left_ms": [1, 2], "flagged": None},
        {"base_ms": 1000, "increment_ms": True, "left_ms": [1, 2], "flagged": None},
        {"base_ms": 1000, "increment_ms": 0, "left_ms": [1], "flagged": None},
        {"base_ms": 1000, "increment_ms": 0, "left_ms": [1, "2"], "flagged": None},
        {"base_ms": 1000, "increment_ms": 0, "left_ms": [1, -2], "flagged": None},
        {"base_ms": 1000, "increment_ms": 0, "left_ms": [1, float("nan")], "flagged": None},
        {"base_ms": 1000, "increment_ms": 0, "left_ms": [1, 2], "flagged": 2},
        {"base_ms": 0, "increment_ms": 0, "left_ms": [1, 2], "flagged": None},
        {"base_ms": 1000, "increment_ms": -1, "left_ms": [1, 2], "flagged": None},
    ],
)
def test_bad_saved_clocks_are_refused(data) -> None:
    with pytest.raises(ClockError):
        Clock.from_dict(data)


@pytest.mark.parametrize(
    "ms, text",
    [(300_000, "5:00"), (299_200, "5:00"), (61_000, "1:01"), (10_000, "0:10"), (9_950, "0:09.9"),
     (400, "0:00.4"), (0, "0:00.0"), (-5, "0:00.0"), (3_723_000, "1:02:03")],
)
def test_format_time(ms: float, text: str) -> None:
    assert format_time(ms) == text


@given(
    st.integers(1_000, 600_000),
    st.integers(0, 30_000),
    st.lists(st.integers(0, 20_000), max_size=30),
)
def test_time_used_plus_time_left_is_what_was_given(base: int, inc: int, thinking: list[int]) -> None:
    clock = Clock(TimeControl(base, inc))
    now, side, used, moves = 0, 0, [0, 0], [0, 0]
    clock.run(side, now)
    for t in thinking:
        now += t
        clock.run(1 - side, now, moved=side)
        if clock.over:
            break
        used[side] += t
        moves[side] += 1
        side = 1 - side
    if not clock.over:
        for s in (0, 1):
            assert clock.left(s, now) == base + inc * moves[s] - used[s]
    else:
        assert clock.left(clock.flagged, now) == 0
