"""The engine worker's protocol (reversi/engine/protocol.py): requests, replies and limits, under CPython."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest

from reversi import Position, Rules
from reversi.core.game import Game
from reversi.core.rules import WHITE
from reversi.engine import api, worker
from reversi.engine.levels import MAX_TIME_LIMIT
from reversi.engine.play import choose_move
from reversi.engine.protocol import (
    ANALYSE_LIMITS,
    MAX_MOVES_CHARS,
    AnalyseRequest,
    AnalysisReply,
    BenchRequest,
    ErrorReply,
    Limits,
    MoveReply,
    MoveRequest,
    PingRequest,
    Request,
    SolveReply,
    SolveRequest,
    read_reply,
)
from reversi.engine.search import analyse, search
from reversi.errors import EngineRequestError, ReversiError, RulesError
from reversi.formats.notation import play_transcript
from reversi.formats.record import rules_to_dict

ROOT = Path(__file__).resolve().parents[1]


def through_json(value: Any) -> Any:
    """``value`` as it comes out of the worker boundary (text and back; NaN allowed, as Python's json does)."""
    return json.loads(json.dumps(value))


# -- round trips ----------------------------------------------------------------------------

REQUESTS = [
    Request(),
    Request(lang="cs", epoch=7),
    MoveRequest(),
    MoveRequest(moves="f5d6", level=3, seed=11, lang="pl"),
    MoveRequest(rules=Rules(size=6), level=7, limits=Limits(seconds=10.0)),
    MoveRequest(rules=Rules(handicap=2, handicap_color=WHITE, blocked=("a8",)), level=1),
    MoveRequest(limits=Limits(seconds=0.5, nodes=1000, depth=4, exact_empties=10), epoch=-3),
    MoveRequest(moves="f5", level=7, helpers=True),
    AnalyseRequest(),
    AnalyseRequest(moves="f5", limits=Limits(seconds=0.25, exact_empties=14)),
    AnalyseRequest(limits=Limits()),  # no limit at all: sent as nulls, not left to the defaults
    AnalyseRequest(limits=Limits(depth=0)),
    AnalyseRequest.at(play_transcript(Position.start(Rules("octagon")), "e4").position),
    SolveRequest(rules=Rules(size=4), limits=Limits(seconds=5.0)),
    PingRequest(rules=Rules(anti=True)),
    BenchRequest(positions=("-" * 27 + "OX------XO" + "-" * 27 + " X",), seconds=0.5),
]


@pytest.mark.parametrize("request_", REQUESTS, ids=[type(r).__name__ + str(i) for i, r in enumerate(REQUESTS)])
def test_every_request_comes_back_from_its_json(request_: Request) -> None:
    assert type(request_).from_json(through_json(request_.to_json())) == request_


REPLIES = [
    MoveReply("f5", 120, 8, 12345, 0.8, False, 5, ("f5", "d6"), False),
    MoveReply("pass", -400, 12, 99, 0.1, True, 7),
    AnalysisReply({"f5": 0, "d3": 0}, ("d3", "f5"), ("d3", "c3"), 6, False, 500, 0.2),
    AnalysisReply({"pass": -200}, ("pass",), ("pass",), 3, True),
    AnalysisReply({}, exact=True),
    SolveReply(4, ("a1",), {"a1": 4, "b1": -2}, 1000, 1.5),
]


@pytest.mark.parametrize("reply", REPLIES, ids=[type(r).__name__ + str(i) for i, r in enumerate(REPLIES)])
def test_every_reply_comes_back_from_its_json(reply: MoveReply | AnalysisReply | SolveReply) -> None:
    assert type(reply).from_json(through_json(reply.to_json())) == reply
    assert read_reply(type(reply), through_json(reply.to_json())) == reply


def test_the_wire_format_is_what_the_page_sent_before() -> None:
    """The dicts of the page before the protocol, and of the snippet maker's puzzles, read as they meant."""
    old_move = {"rules": rules_to_dict(Rules()), "start": None, "moves": "f5", "level": 2}
    assert MoveRequest.from_json(old_move) == MoveRequest(moves="f5", level=2)
    assert MoveRequest(moves="f5", level=2).to_json() == old_move
    old_expert = {**old_move, "level": 7, "time_limit": 10.0, "lang": "da", "epoch": 3}
    assert MoveRequest.from_json(old_expert) == MoveRequest(
        moves="f5", level=7, limits=Limits(seconds=10.0), lang="da", epoch=3
    )
    puzzle = {"rules": rules_to_dict(Rules()), "start": "-" * 27 + "OX------XO" + "-" * 27 + " X", "moves": "",
              "time_limit": 3.0, "exact_empties": 16, "lang": "en"}
    request = AnalyseRequest.from_json(puzzle)
    assert request.limits == Limits(seconds=3.0, exact_empties=16) and request.position() == Position.start()
    # the keyword form of Rules (handicap_color 0 or 1) and rules left out
    assert MoveRequest.from_json({"rules": {"handicap": 2, "handicap_color": WHITE}}).rules == Rules(
        handicap=2, handicap_color=WHITE
    )
    assert PingRequest.from_json({}).rules == Rules() == MoveRequest.from_json({"rules": None}).rules
    assert MoveRequest.from_json({"start": "", "moves": None}) == MoveRequest()


def test_requests_are_made_from_a_game() -> None:
    game = Game(Rules(size=6))
    game.play(game.position.legal_moves()[0])
    request = MoveRequest.in_game(game, level=2)
    assert request.start is None and request.moves == game.rules.geometry.name(game.moves[0])
    assert request.position() == game.position
    assert AnalyseRequest.in_game(game, []).position() == game.start


# -- defaults, in one place -----------------------------------------------------------------


def test_the_defaults_of_a_request_are_the_protocols() -> None:
    assert AnalyseRequest.from_json({}).limits == ANALYSE_LIMITS == Limits(seconds=1.0, exact_empties=12)
    assert AnalyseRequest().limits == ANALYSE_LIMITS
    assert AnalyseRequest.from_json({"time_limit": None}).limits == Limits(exact_empties=12)  # null: no limit
    assert MoveRequest.from_json({}).limits == Limits() == SolveRequest.from_json({}).limits
    assert BenchRequest.from_json({}) == BenchRequest()
    assert Limits() == Limits(None, None, None, None)


def test_no_default_or_check_of_a_request_is_written_twice() -> None:
    """The worker and the engine's api read requests through the protocol: they name no field themselves."""
    for path in ("reversi/engine/worker.py", "reversi/engine/api.py"):
        text = (ROOT / path).read_text(encoding="utf-8")
        code = text.split('"""', 2)[2]  # after the module's docstring
        for key in ('"time_limit"', '"exact_empties"', '"max_depth"', '"node_limit"', 'req.get("level', '"epoch")'):
            assert key not in code, f"{path} reads {key} itself"


def test_the_api_takes_the_request_fields_as_keywords() -> None:
    reply = api.analyse(None, None, "f5", time_limit=0.1)
    assert set(reply["scores"]) == {"d6", "f6", "f4"}
    assert AnalysisReply.from_json(reply).scores.keys() == {"d6", "f6", "f4"}
    move = api.best_move({"size": 6}, None, "", level=1, seed=0)
    assert MoveReply.from_json(move).level == 1
    assert "error" in api.solve({"size": 8}, None, "", time_limit=0.01)  # not solved in 10 ms
    from reversi.engine.search import solve

    assert SolveReply.from_json(api.solve({"size": 4}, None, "")).score == solve(Position.start(Rules(size=4))).score


# -- validation -----------------------------------------------------------------------------

BAD_REQUESTS: list[tuple[type[Request], Any, type[Exception], str]] = [
    (MoveRequest, [], EngineRequestError, "request must be a JSON object, not list"),
    (MoveRequest, "f5", EngineRequestError, "request must be a JSON object, not str"),
    (MoveRequest, {"level": True}, EngineRequestError, "level True is out of range"),
    (MoveRequest, {"level": 3.0}, EngineRequestError, "level 3.0 is out of range"),
    (MoveRequest, {"level": "3"}, EngineRequestError, "level '3' is out of range"),
    (MoveRequest, {"level": 10**400}, EngineRequestError, r"level 10\*\*400 is out of range"),
    (MoveRequest, {"level": 10**5000}, EngineRequestError, r"level 10\*\*5000 is out of range"),
    (MoveRequest, {"level": 1e999}, EngineRequestError, "level inf is out of range"),
    (MoveRequest, {"seed": 1.5}, EngineRequestError, "seed must be a whole number"),
    (MoveRequest, {"seed": False}, EngineRequestError, "seed must be a whole number"),
    (MoveRequest, {"helpers": 1}, EngineRequestError, "helpers must be true or false, not 1"),
    (MoveRequest, {"helpers": None}, EngineRequestError, "helpers must be true or false, not None"),
    (MoveRequest, {"helpers": "x" * 10**4}, EngineRequestError, "helpers must be true or false, not 'xxx"),
    (MoveRequest, {"time_limit": 10**400}, EngineRequestError, "time_limit inf is out of range"),
    (MoveRequest, {"time_limit": -(10**400)}, EngineRequestError, "time_limit -inf is out of range"),
    (MoveRequest, {"time_limit": 1e999}, EngineRequestError, "time_limit inf is out of range"),
    (MoveRequest, {"time_limit": math.nan}, EngineRequestError, "time_limit nan is out of range"),
    (MoveRequest, {"time_limit": 0}, EngineRequestError, "time_limit 0 is out of range"),
    (MoveRequest, {"time_limit": -1}, EngineRequestError, "time_limit -1 is out of range"),
    (MoveRequest, {"time_limit": MAX_TIME_LIMIT + 1}, EngineRequestError, "time_limit 3601.0 is out of range"),
    (MoveRequest, {"time_limit": True}, EngineRequestError, "time_limit must be a number of seconds"),
    (MoveRequest, {"time_limit": "1"}, EngineRequestError, "time_limit must be a number of seconds"),
    (AnalyseRequest, {"max_depth": -1}, EngineRequestError, "max_depth -1 is out of range"),
    (AnalyseRequest, {"max_depth": True}, EngineRequestError, "max_depth True is out of range"),
    (AnalyseRequest, {"exact_empties": 257}, EngineRequestError, "exact_empties 257 is out of range"),
    (AnalyseRequest, {"exact_empties": 2.0}, EngineRequestError, "exact_empties 2.0 is out of range"),
    (AnalyseRequest, {"node_limit": 0}, EngineRequestError, "node_limit 0 is out of range"),
    (AnalyseRequest, {"node_limit": 10**13}, EngineRequestError, "node_limit 10000000000000 is out of range"),
    (AnalyseRequest, {"node_limit": math.inf}, EngineRequestError, "node_limit inf is out of range"),
    (AnalyseRequest, {"start": 5}, EngineRequestError, "start must be a string, not int"),
    (AnalyseRequest, {"moves": ["f5"]}, EngineRequestError, "moves must be a string, not list"),
    (AnalyseRequest, {"moves": "f5" * MAX_MOVES_CHARS}, EngineRequestError, "moves is too long"),
    (AnalyseRequest, {"rules": []}, EngineRequestError, "rules must be an object, not list"),
    (AnalyseRequest, {"rules": {"variant": "nope"}}, RulesError, "nope"),
    (AnalyseRequest, {"lang": 5}, EngineRequestError, "lang must be a string, not int"),
    (AnalyseRequest, {"epoch": 1.5}, EngineRequestError, "epoch 1.5 is out of range"),
    (AnalyseRequest, {"epoch": 2**31}, EngineRequestError, "epoch 2147483648 is out of range"),
    (PingRequest, {"rules": "othello"}, EngineRequestError, "rules must be an object, not str"),
    (BenchRequest, {"positions": "X"}, EngineRequestError, "positions must be a list of position strings"),
    (BenchRequest, {"positions": [1]}, EngineRequestError, "positions must be a list of position strings"),
    (BenchRequest, {"positions": ["x"] * 101}, EngineRequestError, "positions: 101 is too many"),
    (BenchRequest, {"seconds": math.nan}, EngineRequestError, "seconds nan is out of range"),
]


@pytest.mark.parametrize(
    ("kind", "data", "error", "message"), BAD_REQUESTS, ids=[f"{c[0].__name__}-{i}" for i, c in enumerate(BAD_REQUESTS)]
)
def test_a_bad_request_raises_a_clear_error(
    kind: type[Request], data: Any, error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message) as caught:
        kind.from_json(data)
    assert len(str(caught.value)) < 200  # a huge number is shown by its size, not its digits


def test_the_checks_are_the_same_in_python() -> None:
    """A request or limits made in Python is checked as one read from JSON."""
    with pytest.raises(EngineRequestError, match="level 0"):
        MoveRequest(level=0)
    with pytest.raises(EngineRequestError, match="time_limit nan"):
        Limits(seconds=math.nan)
    with pytest.raises(EngineRequestError, match=r"node_limit 10\*\*400"):
        Limits(nodes=10**400)
    assert Limits(seconds=2).seconds == 2.0 and isinstance(Limits(seconds=2).seconds, float)


def test_a_bad_position_is_said_when_the_position_is_read() -> None:
    request = AnalyseRequest.from_json({"moves": "a1"})
    with pytest.raises(ReversiError, match="a1"):
        request.position()


def test_the_worker_answers_through_the_protocol() -> None:
    out = json.loads(worker.analyse(json.dumps({"moves": "f5", "time_limit": 0.1})))
    assert isinstance(read_reply(AnalysisReply, out), AnalysisReply)
    out = json.loads(worker.best_move(json.dumps({"time_limit": 1e999})))
    assert read_reply(MoveReply, out) == ErrorReply(
        "time_limit inf is out of range: more than 0 and at most 3600 seconds"
    )
    out = json.loads(worker.best_move(json.dumps({"level": 10**400})))
    assert set(out) == {"error"} and "level 10**400" in out["error"]


def test_a_worker_keeps_the_evaluator_its_snapshot_built_from_the_listed_bytes_only(monkeypatch) -> None:
    """In the browser the worker fetches the pattern weights at its first request; an evaluator built
    before is dropped, unless its memory snapshot's warm-up built it from the bytes its archive lists
    (``api.PREPARED_FROM`` against the listing's SHA-256): then the ping says it was kept."""
    from reversi.engine.evaluate import make_evaluator
    from reversi.engine.weights import pattern_names

    rules = PingRequest.from_json({}).rules
    name = pattern_names(rules)[-1]
    path = "reversi/engine/data/" + name
    fetched: list[str] = []
    monkeypatch.setattr(worker, "_SITE", ["https://example.org/"])
    monkeypatch.setattr(worker, "_LISTED", {path: 1})
    monkeypatch.setattr(worker, "_KEPT", set())
    monkeypatch.setattr(worker, "_fetch_data", lambda file: fetched.append(file) or True)  # fetched now
    monkeypatch.setattr(api, "PREPARED_FROM", {})
    for prepared, listed, kept in (("ab12", "ab12", [name]), ("ab12", "cd34", []), ("", "", []), ("ab12", None, [])):
        monkeypatch.setattr(worker, "_DIGESTS", {} if listed is None else {path: listed})
        monkeypatch.setattr(api, "PREPARED_FROM", {name: prepared} if prepared else {})
        evaluate = make_evaluator(rules)  # the snapshot's (or one built before the file came)
        reply = json.loads(worker.ping("{}"))
        assert reply["ok"] and reply["kept"] == kept, (prepared, listed, reply)
        assert (make_evaluator(rules) is evaluate) == bool(kept), (prepared, listed)
    assert fetched and set(fetched) <= {name, "book_8x8.bin"}


def test_a_helpers_job_fetches_its_rules_weights_and_goes_on_without_them_when_the_fetch_fails(monkeypatch) -> None:
    """A pool's helper answers jobs through ``job``: a job that names rules fetches their weights first.
    A fetch that raises (no network) is said once, never asked again, and the job is answered all the
    same (a setup dropped would leave the helper solving with the rules before)."""
    from reversi.engine import solver as solver_module
    from reversi.engine.weights import pattern_names
    from reversi.formats.record import rules_to_dict

    anti = Rules(anti=True)
    name = pattern_names(anti)[0]
    asked: list[str] = []

    def offline(file: str) -> bool:
        asked.append(file)
        raise OSError("the network is down")

    monkeypatch.setattr(worker, "_SITE", ["https://example.org/"])
    monkeypatch.setattr(worker, "_LISTED", {"reversi/engine/data/" + name: 1, "reversi/engine/data/book_8x8.bin": 1})
    monkeypatch.setattr(worker, "_FAILED", set())
    monkeypatch.setattr(worker, "_JOBS", [])
    monkeypatch.setattr(worker, "_fetch_data", offline)
    worker.attach_jobs([0])
    setup = json.dumps({"kind": "setup", "rules": rules_to_dict(anti)})
    for _ in range(2):
        assert worker.job(setup) == ""
        assert worker._JOBS[0].solver is not None and worker._JOBS[0].solver.anti
    assert asked == [name]  # the patterns (not the book), once
    # a fetch that succeeds drops what was built without the file: the cached solvers, the searchers
    monkeypatch.setattr(worker, "_FAILED", set())
    monkeypatch.setattr(worker, "_fetch_data", lambda file: asked.append(file) or True)
    monkeypatch.setattr(worker, "_DIGESTS", {})
    monkeypatch.setattr(api, "PREPARED_FROM", {})
    jobs = worker._JOBS[0]
    jobs.searcher(anti)
    before = solver_module.solver_for(Position.start(anti))
    assert worker.job(setup) == ""
    assert jobs._searchers == {} and solver_module.solver_for(Position.start(anti)) is not before
    assert jobs.solver is not before and jobs.solver.anti


def test_the_warm_up_builds_the_evaluator_and_remembers_the_bytes_only_when_told(monkeypatch) -> None:
    from reversi.engine.evaluate import make_evaluator

    rules = PingRequest.from_json({}).rules
    monkeypatch.setattr(api, "PREPARED_FROM", {})
    make_evaluator.cache_clear()
    assert api.warm_up(rules)
    assert make_evaluator.cache_info().currsize == 1 and api.PREPARED_FROM == {}
    assert api.warm_up(rules, {"patterns_8x8.bin": "ab12"})
    assert api.PREPARED_FROM == {"patterns_8x8.bin": "ab12"}


# -- replies read by the page ---------------------------------------------------------------


@pytest.mark.parametrize(
    "data",
    [None, [1], "f5", {}, {"move": 5}, {"move": "f5", "depth": "3"}, {"move": "f5", "score": 10**400},
     {"move": "f5", "seconds": math.nan}, {"move": "f5", "pv": "f5"}, {"move": "f5", "exact": 1}],
)
def test_a_reply_that_is_not_a_move_is_an_error(data: object) -> None:
    reply = read_reply(MoveReply, data)
    assert isinstance(reply, ErrorReply) and reply.error.startswith("the engine answered")
    assert len(reply.error) < 200


def test_replies_read_what_is_there() -> None:
    assert read_reply(MoveReply, {"move": "f5"}) == MoveReply("f5")  # the rest defaults
    assert read_reply(AnalysisReply, {"scores": {"f5": 1}}) == AnalysisReply({"f5": 1})
    assert read_reply(AnalysisReply, {"scores": [1]}) == ErrorReply("the engine gave no values")
    assert read_reply(AnalysisReply, {"depth": 3}) == ErrorReply("the engine gave no values")
    assert read_reply(MoveReply, {"error": "no"}) == ErrorReply("no")
    assert read_reply(MoveReply, {"error": "bug", "internal": True}) == ErrorReply("bug", internal=True)
    assert isinstance(read_reply(MoveReply, {"error": 10**5000}), ErrorReply)
    assert ErrorReply("x", internal=True).to_json() == {"error": "x", "internal": True}
    assert ErrorReply("x").to_json() == {"error": "x"}


# -- one Limits for the search, the analysis, the solver and the levels ---------------------


def test_the_searches_take_one_limits_value() -> None:
    pos = play_transcript(Position.start(), "f5d6c3d3c4").position
    assert search(pos, Limits(depth=2)).depth == 2
    assert search(pos, Limits(depth=2)).move == search(pos, max_depth=2).move  # the tools' keyword form
    assert analyse(pos, Limits(depth=1)).depth == 1
    r = search(pos, Limits(nodes=50))
    assert r.stopped and r.nodes < 5_000  # the search looks at its limits every few hundred nodes
    _move, info = choose_move(pos, 7, Limits(depth=2), use_book=False)
    assert info["depth"] <= 2
    _move, info = choose_move(pos, None, 0.1, use_book=False)  # a bare number: the time, at Expert
    assert info["level"] == 7


def test_a_seed_longer_than_64_bits_is_refused_with_a_message() -> None:
    """Found by the fuzz suite: a seed of thousands of digits was read, and then could not be
    written back as JSON (Python refuses to write an integer of more than 4300 digits)."""
    from reversi.engine.protocol import MoveRequest
    from reversi.errors import EngineRequestError

    with pytest.raises(EngineRequestError, match=r"seed 10\*\*\d+ is out of range"):
        MoveRequest.from_json({"seed": 1 << 20000})
    assert MoveRequest.from_json({"seed": (1 << 64) - 1}).seed == (1 << 64) - 1


def test_a_worker_request_with_a_huge_time_limit_is_refused_with_a_message() -> None:
    reply = json.loads(worker.best_move('{"time_limit": 1' + "0" * 400 + "}"))
    assert set(reply) == {"error"} and len(reply["error"]) < 200 and "internal" not in reply["error"]
