"""One error tree: every error caused by input is a ReversiError naming what is wrong.

(a) the classes of :mod:`reversi.errors`: input errors are ``ReversiError`` (and so
``ValueError``), the timeouts are ``EngineStopped`` and not input errors;
(b) garbage given to each parser and public API raises a ``ReversiError`` subclass
whose message names the field (the worker and the engine API answer
``{"error": ...}`` instead);
(c) random text given to the text parsers raises nothing but ``ReversiError``.
"""

from __future__ import annotations

import inspect
import json
import math
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import reversi.errors as errors
from reversi.cli.main import main as cli_main
from reversi.core.clock import Clock, parse_time_control
from reversi.core.clock import ClockError as ClockErrorOfClock
from reversi.core.game import Game
from reversi.core.geometry import Geometry
from reversi.core.perft import perft
from reversi.core.position import Position
from reversi.core.rules import Rules, random_blocked
from reversi.drawing.diagram import position_view, standalone_svg
from reversi.engine import api, worker
from reversi.engine.evaluate import make_evaluator_from
from reversi.engine.levels import MAX_TIME_LIMIT, get_level
from reversi.engine.play import choose_move
from reversi.engine.protocol import AnalyseRequest, Limits
from reversi.engine.search import solve
from reversi.engine.weights import DATA_DIR, load_pattern_weights, save_pattern_weights
from reversi.errors import (
    ClockError,
    EngineRequestError,
    EngineStopped,
    NotationError,
    ReversiError,
    RulesError,
    SearchTimeout,
    SolveTimeout,
    WeightsError,
)
from reversi.formats.notation import (
    parse_position,
    parse_transcript,
    play_transcript,
    position_to_string,
    rules_for_position,
)
from reversi.formats.record import Record, read_record, read_records, rules_from_dict, write_record
from reversi.tools.match import Player

# -- (a) the classes -------------------------------------------------------------------


def start_view() -> Any:
    return position_view(Rules(), Position.start())


def error_classes() -> list[type[BaseException]]:
    return [
        cls
        for _, cls in inspect.getmembers(errors, inspect.isclass)
        if issubclass(cls, BaseException) and cls.__module__ == errors.__name__
    ]


def test_every_input_error_is_a_reversi_error_and_a_value_error() -> None:
    inputs = [cls for cls in error_classes() if not issubclass(cls, EngineStopped)]
    assert len(inputs) >= 8  # ReversiError and its seven kinds
    for cls in inputs:
        assert issubclass(cls, ReversiError), cls
        assert issubclass(cls, ValueError), cls


def test_the_timeouts_are_engine_stopped_and_not_input_errors() -> None:
    stopped = [cls for cls in error_classes() if issubclass(cls, EngineStopped)]
    assert {SearchTimeout, SolveTimeout, EngineStopped} <= set(stopped)
    for cls in stopped:
        assert not issubclass(cls, ReversiError), cls
        assert not issubclass(cls, ValueError), cls


def test_the_clock_module_re_exports_the_one_clock_error() -> None:
    assert ClockErrorOfClock is ClockError


# -- (b) garbage in, a named error out ---------------------------------------------------


def truncated_weights(tmp_path: Path) -> None:
    blob = (Path(DATA_DIR) / "patterns_8x8.bin").read_bytes()
    bad = tmp_path / "patterns_8x8.bin"
    bad.write_bytes(blob[: len(blob) // 2])
    load_pattern_weights(str(bad))


def damaged_header(tmp_path: Path) -> None:
    header, weights = load_pattern_weights(str(Path(DATA_DIR) / "patterns_8x8.bin"))
    bad = tmp_path / "patterns_8x8.bin"
    save_pattern_weights(str(bad), dict(header, phases="6"), list(weights))
    load_pattern_weights(str(bad))


def weights_of_another_board(tmp_path: Path) -> None:
    (tmp_path / "patterns_10x10.bin").write_bytes((Path(DATA_DIR) / "patterns_8x8.bin").read_bytes())
    make_evaluator_from(Rules(size=10), str(tmp_path))


def weights_off_the_board(tmp_path: Path) -> None:
    header, weights = load_pattern_weights(str(Path(DATA_DIR) / "patterns_8x8.bin"))
    # the 8x8 model claimed for the octagon: its edge and corner block cover cut squares
    save_pattern_weights(str(tmp_path / "patterns_octagon.bin"), dict(header, board=10), list(weights))
    make_evaluator_from(Rules("octagon"), str(tmp_path))


def damaged_features(tmp_path: Path) -> None:
    (tmp_path / "features.json").write_text('{"normal": [[1, 2, 3]]}')
    make_evaluator_from(Rules(size=6), str(tmp_path))


def features_not_json(tmp_path: Path) -> None:
    (tmp_path / "features.json").write_text("{not json")
    make_evaluator_from(Rules(size=6), str(tmp_path))


Case = tuple[str, Callable[[], Any], type[ReversiError], str]

#: (id, call, error class, a regular expression the message must match: the field)
CASES: list[Case] = [
    ("geometry size 99", lambda: Geometry(99, 99), RulesError, r"board size 99x99"),
    ("geometry width 0", lambda: Geometry(0, 8), RulesError, r"board size 0x8"),
    ("rules nonsense", lambda: Rules("nonsense"), RulesError, r"unknown rule set 'nonsense'"),
    ("rules variant not text", lambda: Rules(3), RulesError, r"unknown rule set 3"),  # type: ignore[arg-type]
    ("rules anti not a flag", lambda: Rules(anti="yes"), RulesError, r"anti"),  # type: ignore[arg-type]
    ("rules size True", lambda: Rules(size=True), RulesError, r"board size"),
    ("rules handicap True", lambda: Rules(handicap=True), RulesError, r"handicap"),
    ("rules blocked None", lambda: Rules(blocked=None), RulesError, r"blocked"),  # type: ignore[arg-type]
    ("random blocked seed", lambda: random_blocked(Rules(), 2, "x"), RulesError, r"seed"),  # type: ignore[arg-type]
    ("rules dict variant", lambda: rules_from_dict({"variant": 3}), RulesError, r"variant"),
    ("rules dict not a dict", lambda: rules_from_dict([]), RulesError, r"rules must be an object"),
    ("perft depth -1", lambda: perft(Position.start(), -1), ReversiError, r"perft depth -1"),
    ("perft depth text", lambda: perft(Position.start(), "2"), ReversiError, r"perft depth"),  # type: ignore[arg-type]
    ("game start of other rules", lambda: Game(Rules(size=6), Position.start()), RulesError, r"start position"),
    ("level 0", lambda: get_level(0), EngineRequestError, r"level 0"),
    ("level x", lambda: get_level("x"), EngineRequestError, r"level 'x'"),  # type: ignore[arg-type]
    ("level True", lambda: get_level(True), EngineRequestError, r"level True"),
    ("choose move time nan", lambda: choose_move(Position.start(), limits=Limits(seconds=math.nan)), EngineRequestError,
     r"time_limit nan"),
    ("choose move time inf", lambda: choose_move(Position.start(), limits=Limits(seconds=math.inf)), EngineRequestError,
     r"time_limit inf"),
    ("choose move time too long", lambda: choose_move(Position.start(), limits=Limits(seconds=MAX_TIME_LIMIT * 2)),
     EngineRequestError, r"time_limit"),
    ("choose move bare time nan", lambda: choose_move(Position.start(), None, math.nan), EngineRequestError,
     r"time_limit nan"),
    ("choose move finished game", lambda: choose_move(parse_position("X" * 64 + " O")), EngineRequestError,
     r"game is over"),
    ("api level 1e400", lambda: api.best_move.__wrapped__({}, None, "", level=1e400), EngineRequestError,
     r"level inf"),
    ("api level 99", lambda: api.best_move.__wrapped__({}, None, "", level=99), EngineRequestError, r"level 99"),
    ("api time_limit nan", lambda: api.best_move.__wrapped__({}, None, "", time_limit=math.nan),
     EngineRequestError, r"time_limit nan"),
    ("api time_limit text", lambda: api.best_move.__wrapped__({}, None, "", time_limit="1"),
     EngineRequestError, r"time_limit"),
    ("api seed", lambda: api.best_move.__wrapped__({}, None, "", seed=1.5), EngineRequestError, r"seed"),
    ("api rules list", lambda: api.best_move.__wrapped__([], None, ""), EngineRequestError, r"rules must be an object"),
    ("api rules unknown option", lambda: api.best_move.__wrapped__({"speed": 1}, None, ""), RulesError,
     r"unknown rule option"),
    ("api rules blocked None", lambda: api.best_move.__wrapped__({"blocked": None}, None, ""), RulesError,
     r"blocked"),
    ("api moves 123", lambda: api.best_move.__wrapped__({}, None, 123), EngineRequestError, r"moves must be a string"),
    ("api moves too long", lambda: api.best_move.__wrapped__({}, None, "f5" * 20_000), EngineRequestError,
     r"moves is too long"),
    ("api start list", lambda: api.best_move.__wrapped__({}, ["x"], ""), EngineRequestError, r"start must be a string"),
    ("api analyse max_depth", lambda: api.analyse.__wrapped__({}, None, "", max_depth=-1), EngineRequestError,
     r"max_depth -1"),
    ("api analyse exact_empties", lambda: api.analyse.__wrapped__({}, None, "", exact_empties="3"),
     EngineRequestError, r"exact_empties '3'"),
    ("api solve time_limit inf", lambda: api.solve.__wrapped__({}, None, "", time_limit=math.inf),
     EngineRequestError, r"time_limit inf"),
    ("worker request list", lambda: worker._request("[]"), EngineRequestError, r"request must be a JSON object"),
    ("worker request not json", lambda: worker._request("not json"), EngineRequestError, r"request is not valid JSON"),
    ("worker request nested", lambda: worker._request("[" * 50_000), EngineRequestError, r"request: nested 50000 deep"),
    ("record size", lambda: read_record('[Size "\u00b2"]\n'), NotationError, r"tag Size"),
    ("record huge size", lambda: read_record(f'[Size "{"9" * 5000}"]\n'), NotationError, r"tag Size"),
    ("position supply", lambda: parse_position("-" * 64 + " X \u00b2 3", Rules("classic")), NotationError,
     r"discs in hand"),
    ("transcript kelvin sign", lambda: parse_transcript("\u212a3", Geometry(16, 16)), NotationError, r"transcript"),
    ("transcript dotted I", lambda: parse_transcript("\u01303", Geometry(16, 16)), NotationError, r"transcript"),
    ("time control arabic digits", lambda: parse_time_control("\u0663\u0660\u0660"), ClockError, r"clock"),
    ("clock times nan", lambda: Clock(parse_time_control("60"), (math.nan, 0)), ClockError, r"times left"),
    ("match time=nan", lambda: Player.parse("time=nan"), EngineRequestError, r"time"),
    ("match time=inf", lambda: Player.parse("level=3,time=inf"), EngineRequestError, r"time"),
    ("match depth=-1", lambda: Player.parse("depth=-1"), EngineRequestError, r"depth"),
    ("match level=1,time=-1", lambda: Player.parse("level=1,time=-1"), EngineRequestError, r"time"),
    ("match level=0", lambda: Player.parse("level=0"), EngineRequestError, r"level 0"),
    ("match level=\u00b2", lambda: Player.parse("level=\u00b2"), EngineRequestError, r"level"),
    ("match \u00b2", lambda: Player.parse("\u00b2"), EngineRequestError, r"engine setting"),
    ("match twice", lambda: Player.parse("level=3,level=4"), EngineRequestError, r"engine setting"),
    # a newcomer's slips: a game for its position, a name for the rules (they failed on an attribute)
    ("choose_move a game", lambda: choose_move(Game(Rules()), 5), ReversiError, r"game\.position"),
    ("solve a game", lambda: solve(Game(Rules())), ReversiError, r"solve takes a Position .*game\.position"),
    ("start a name", lambda: Position.start("othello"), ReversiError, r"Position\.start takes Rules"),
    ("play_transcript rules", lambda: play_transcript(Rules(), "f5"), ReversiError, r"Position\.start\(rules\)"),
    ("play_transcript bytes", lambda: play_transcript(Position.start(), b"f5"), NotationError, r"expected text"),
    # the readers and writers given the wrong kind of value (they failed on an attribute, or in bytes)
    ("parse_position none", lambda: parse_position(None), ReversiError, r"takes text \(a str\), not None"),
    ("parse_position bytes", lambda: parse_position(b"--"), ReversiError, r"parse_position takes text"),
    ("parse_position a name", lambda: parse_position("-" * 64 + " X", "othello"), ReversiError, r"takes Rules"),
    ("read_record none", lambda: read_record(None), ReversiError, r"read_record takes text"),
    ("read_record bytes", lambda: read_record(b"f5"), ReversiError, r"read_record takes text"),
    ("read_records number", lambda: read_records(123), ReversiError, r"read_records takes text"),
    ("write_record none", lambda: write_record(None), ReversiError, r"write_record takes a Record"),
    ("record of none", lambda: Record.from_game(None), ReversiError, r"Record\.from_game takes a Game"),
    ("position_to_string a game", lambda: position_to_string(Game(Rules())), ReversiError, r"game\.position"),
    ("standalone_svg none", lambda: standalone_svg(None), ReversiError, r"standalone_svg takes a BoardView"),
    ("standalone_svg size -1", lambda: standalone_svg(start_view(), size=-1), ReversiError, r"64 to 4096, not -1"),
    ("standalone_svg size text", lambda: standalone_svg(start_view(), size="a"), ReversiError, r"not 'a'"),
    ("position_view none", lambda: position_view(None, Position.start()), ReversiError, r"position_view takes Rules"),
    ("position_view another board", lambda: position_view(Rules(), Position.start(Rules("octagon"))), ReversiError,
     r"another board \(Octagon"),
    ("square name off the board", lambda: Geometry(8, 8).name(8), ReversiError, r"index 8"),
    ("bitboard negative", lambda: Geometry(8, 8).bits_to_names(-1), ReversiError, r"at least 0"),
]

#: Cases that need a file (pytest's tmp_path).
FILE_CASES: list[tuple[str, Callable[[Path], Any], type[ReversiError], str]] = [
    ("truncated weights file", truncated_weights, WeightsError, r"weights"),
    ("weights header field", damaged_header, WeightsError, r"phases"),
    ("weights of another board", weights_of_another_board, WeightsError, r"another board"),
    ("weights off the board", weights_off_the_board, WeightsError, r"squares off this board"),
    ("feature weights shape", damaged_features, WeightsError, r"normal"),
    ("feature weights not json", features_not_json, WeightsError, r"not JSON"),
]


@pytest.mark.parametrize(("call", "kind", "field"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_garbage_raises_a_named_reversi_error(call: Callable[[], Any], kind: type[ReversiError], field: str) -> None:
    with pytest.raises(kind, match=field) as caught:
        call()
    assert isinstance(caught.value, ReversiError)


@pytest.mark.parametrize(("call", "kind", "field"), [c[1:] for c in FILE_CASES], ids=[c[0] for c in FILE_CASES])
def test_damaged_files_raise_a_named_weights_error(
    tmp_path: Path, call: Callable[[Path], Any], kind: type[ReversiError], field: str
) -> None:
    with pytest.raises(kind, match=field):
        call(tmp_path)


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"level": 1e400}, "level"),
        ({"time_limit": math.nan}, "time_limit"),
        ({"rules": []}, "rules"),
        ({"moves": 123}, "moves"),
        ({"rules": {"variant": "nope"}}, "nope"),
        ({"moves": "a1"}, "a1"),
    ],
)
def test_the_engine_api_answers_errors_as_messages(kwargs: dict[str, Any], field: str) -> None:
    request: dict[str, Any] = {"rules": {}, "start": None, "moves": ""}
    request.update(kwargs)
    rules, start, moves = request.pop("rules"), request.pop("start"), request.pop("moves")
    out = api.best_move(rules, start, moves, **request)
    assert set(out) == {"error"} and field in out["error"]


@pytest.mark.parametrize("fn", [worker.ping, worker.best_move, worker.analyse, worker.bench])
@pytest.mark.parametrize(
    ("payload", "field"),
    [
        ("[]", "request must be a JSON object"),
        ("not json", "request is not valid JSON"),
        ('"text"', "request must be a JSON object"),
        ("[" * 50_000, "request: nested 50000 deep"),
    ],
)
def test_the_worker_answers_bad_requests_with_an_error(fn: Callable[[object], str], payload: str, field: str) -> None:
    out = json.loads(fn(payload))
    assert set(out) == {"error"} and field in out["error"]


@pytest.mark.parametrize(
    ("fn", "fields", "field"),
    [
        (worker.ping, {"rules": []}, "rules"),
        (worker.best_move, {"level": "3"}, "level"),
        (worker.best_move, {"time_limit": -1}, "time_limit"),
        (worker.analyse, {"exact_empties": -1}, "exact_empties"),
        (worker.bench, {"seconds": math.nan}, "seconds"),
        (worker.bench, {"positions": "x"}, "positions"),
    ],
)
def test_the_worker_names_the_bad_field(fn: Callable[[object], str], fields: dict[str, Any], field: str) -> None:
    out = json.loads(fn(json.dumps(fields)))  # NaN travels as JSON's NaN, which Python reads
    assert "error" in out and field in out["error"] and "internal" not in out


def test_a_bug_in_the_worker_is_not_passed_off_as_a_bad_request(capsys: pytest.CaptureFixture[str]) -> None:
    def broken(request: AnalyseRequest) -> dict[str, Any]:
        raise KeyError("oops")

    out = json.loads(worker._answer(AnalyseRequest, broken, "{}"))
    assert out["internal"] is True and "KeyError" in out["error"]
    assert "Traceback" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("argv", "field"),
    [
        (["best", "--time", "nan"], "--time nan"),
        (["hints", "--time", "inf"], "--time inf"),
        (["solve", "f5", "--time", "-1"], "--time -1"),
        (["best", "--level", "9"], "level 9"),
        (["best", "--blocked", "\u00b2"], "\u00b2"),
        (["match", "--a", "time=nan"], "time"),
        (["match", "--b", "depth=-1"], "depth"),
        (["perft", "-1"], "perft depth -1"),
    ],
)
def test_the_command_line_reports_bad_input_in_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, argv: list[str], field: str
) -> None:
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):  # the command line speaks the environment's language
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    assert cli_main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and err.count("\n") == 1 and field in err


# -- (c) random text ------------------------------------------------------------------------

#: Characters that parsers meet: notation, digits of other scripts, letters whose case
#: mapping leaves ASCII (the Kelvin sign, the dotted capital I), odd spaces.
SPECIAL = "abcdefghijklmnopABCPS0123456789 .,-;#/XOxoBWbw*\n[]\"\\\u00b2\u0663\u212a\u0130\u0131\u017f\u00a0\u2028"
TEXT = st.text(max_size=60) | st.text(alphabet=SPECIAL, max_size=80)
TAGS = ["Rules", "Size", "Anti", "FreeOpening", "Blocked", "Handicap", "HandicapColor", "Position", "Result", "Event"]
RECORDS = TEXT | st.builds(
    lambda tag, value, body: f'[{tag} "{value}"]\n{body}',
    st.sampled_from(TAGS),
    st.text(alphabet=SPECIAL.replace('"', "").replace("\n", ""), max_size=30),
    TEXT,
)
RULES = st.sampled_from([Rules(), Rules("classic"), Rules("octagon"), Rules(size=4), Rules(size=16, anti=True)])
GEOMETRIES = st.sampled_from([Geometry(8, 8), Geometry(4, 4), Geometry(16, 16), Rules("octagon").geometry])


def only_reversi_errors(call: Callable[[], Any]) -> None:
    try:
        call()
    except ReversiError as e:
        assert str(e)  # a message to show
        assert re.search(r"\S", str(e))


@settings(max_examples=200, deadline=None)
@given(TEXT, GEOMETRIES)
def test_random_transcripts_raise_only_reversi_errors(text: str, geometry: Geometry) -> None:
    only_reversi_errors(lambda: parse_transcript(text, geometry))
    only_reversi_errors(lambda: geometry.parse_square(text))


@settings(max_examples=200, deadline=None)
@given(TEXT, RULES)
def test_random_positions_raise_only_reversi_errors(text: str, rules: Rules) -> None:
    only_reversi_errors(lambda: parse_position(text, rules))
    only_reversi_errors(lambda: parse_position(text, rules_for_position(text, rules)))


@settings(max_examples=200, deadline=None)
@given(RECORDS)
def test_random_records_raise_only_reversi_errors(text: str) -> None:
    only_reversi_errors(lambda: read_record(text))
