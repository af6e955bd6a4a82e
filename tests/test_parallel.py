"""The exact solver on several processes agrees with the serial one, stops on time, and
refuses a bad number of processes (CPython only: reversi/engine/parallel.py)."""

import multiprocessing
import os
import random
import signal
import subprocess
import sys
import threading
import time

import pytest

from reversi.cli.main import main
from reversi.core.position import Position
from reversi.core.rules import Rules
from reversi.engine import parallel
from reversi.engine.parallel import SolverPool, check_processes, default_processes, solve_parallel
from reversi.engine.protocol import Limits
from reversi.engine.search import solve
from reversi.engine.solver import clear_solvers
from reversi.errors import ReversiError, SolveTimeout
from reversi.formats.notation import parse_position
from tests.bench.positions import ENDGAME, FFO, random_position


def position_at(rules: Rules, empties: int, seed: int) -> Position:
    while True:
        pos = random_position(rules, empties, random.Random(seed))
        if pos.legal_moves():
            return pos
        seed += 1000


def serial(pos: Position, **kw):
    clear_solvers()
    return solve(pos, **kw)


@pytest.mark.parametrize("text", ENDGAME[14][:3] + ENDGAME[16][:2])
def test_the_score_and_the_best_moves_are_the_serial_solvers(text):
    pos = parse_position(text)
    got, want = solve_parallel(pos, 2), serial(pos)
    assert (got.score, got.best) == (want.score, want.best)
    assert got.nodes > 0


def test_every_moves_value_is_the_serial_solvers():
    pos = position_at(Rules(), 13, seed=5)
    got, want = solve_parallel(pos, 2, all_moves=True), serial(pos, all_moves=True)
    assert got.values == want.values and got.best == want.best and got.score == want.score


@pytest.mark.parametrize("seed", range(4))
def test_random_positions_agree_with_a_split_at_every_node(monkeypatch, seed):
    # split everything from 6 empties up, three processes: many jobs, cuts and restarts
    monkeypatch.setattr(parallel, "MIN_SPLIT_EMPTIES", 6)
    pos = position_at(Rules(), 12, seed=100 + seed)
    with SolverPool(pos, 3) as pool:
        v = pool.value(pos.player, pos.opponent, pool.start(pos))
        # any window: fail-soft bounds on the right side
        lo = pool.search(pos.player, pos.opponent, v - 3, v - 1)
        hi = pool.search(pos.player, pos.opponent, v + 1, v + 3)
        assert pool.jobs > 10
    assert v == serial(pos).score
    assert lo >= v - 1 and hi <= v + 1


def test_anti_positions_use_null_windows_and_agree(monkeypatch):
    # Anti's scores are not all even: the other MTD(f) loop
    monkeypatch.setattr(parallel, "MIN_SPLIT_EMPTIES", 8)
    rules = Rules(anti=True)
    pos = position_at(rules, 12, seed=7)
    got, want = solve_parallel(pos, 2), serial(pos)
    assert (got.score, got.best) == (want.score, want.best)


def test_a_time_limit_stops_the_workers():
    # how long past its limit the solve ends: python tests/bench/bench_stop.py --cpython
    pos = parse_position(FFO[40][0])
    before = set(multiprocessing.active_children())
    with pytest.raises(SolveTimeout):
        solve_parallel(pos, 2, limits=Limits(seconds=0.5))
    assert set(multiprocessing.active_children()) <= before


def test_a_deadline_cancels_the_jobs_the_workers_are_running():
    # the deadline has passed when the jobs are sent: the master sends one to each worker, sees
    # the deadline, cancels them and waits for their answers. Each job (19 empties, the widest
    # window) would run for minutes; only the cancel, read at the workers' clock checks, ends it.
    pos = parse_position(FFO[40][0])
    before = set(multiprocessing.active_children())
    with SolverPool(pos, 2) as pool:
        pool.start(pos)
        pool.deadline = time.perf_counter()
        raised: list[BaseException] = []

        def search():
            try:
                pool.search(pos.player, pos.opponent, -65, 65)
            except BaseException as e:
                raised.append(e)

        thread = threading.Thread(target=search)
        thread.start()
        thread.join(timeout=120)  # a net: without the cancel the workers would run on for minutes
        assert not thread.is_alive(), "the workers did not stop their jobs"
        assert len(raised) == 1 and isinstance(raised[0], SolveTimeout), raised
        assert pool.jobs == 2 and not pool.running  # both workers had a job, and both answered
    assert set(multiprocessing.active_children()) <= before


def test_small_or_single_process_solves_are_serial():
    # no processes are started for them
    before = set(multiprocessing.active_children())
    pos = parse_position(ENDGAME[14][0])
    near_end = position_at(Rules(), 9, seed=3)
    assert solve_parallel(near_end, 2).score == serial(near_end).score
    assert solve_parallel(pos, 1).score == serial(pos).score
    assert set(multiprocessing.active_children()) == before


@pytest.mark.parametrize("bad", [0, -1, 65, 2.5, "2", True, None])
def test_a_bad_number_of_processes_is_refused(bad):
    with pytest.raises(ReversiError, match="processes"):
        check_processes(bad)
    assert check_processes(2) == 2 and default_processes() >= 1


def test_the_command_line_solves_on_two_processes(capsys, monkeypatch):
    monkeypatch.setenv("LANG", "C.UTF-8")
    text = ENDGAME[16][0]
    assert main(["solve", text, "--json", "-j", "2"]) == 0
    two = capsys.readouterr().out
    assert main(["solve", text, "--json"]) == 0
    one = capsys.readouterr().out
    import json

    a, b = json.loads(two), json.loads(one)
    assert (a["score"], a["best"]) == (b["score"], b["best"])
    assert main(["solve", text, "--processes", "0"]) == 2
    assert "--processes must be a whole number from 1 to 64, not 0" in capsys.readouterr().err


def test_workers_started_by_spawn_agree():
    # how they start on macOS and Windows: a fresh interpreter that imports the package
    pos = parse_position(ENDGAME[14][1])
    with SolverPool(pos, 2, method="spawn") as pool:
        v = pool.value(pos.player, pos.opponent, pool.start(pos))
    assert v == serial(pos).score


def test_the_command_line_shares_long_solves_between_the_cores_by_default(capsys, monkeypatch):
    calls = []

    def spy(pos, processes, **kw):
        calls.append(processes)
        return solve(pos, **kw)

    monkeypatch.setattr(parallel, "solve_parallel", spy)
    assert main(["solve", ENDGAME[16][0], "--json"]) == 0
    assert main(["solve", ENDGAME[14][0], "--json"]) == 0
    assert main(["solve", ENDGAME[16][0], "--json", "-j", "1"]) == 0
    capsys.readouterr()
    assert calls == ([default_processes()] if default_processes() > 1 else [])


def test_ctrl_c_stops_a_solve_on_two_processes_in_one_line():
    # as a terminal's Ctrl-C: SIGINT to the whole process group, the workers included
    def own_group():
        os.setpgrp()
        signal.signal(signal.SIGINT, signal.SIG_DFL)

    env = {**os.environ, "LANG": "C.UTF-8"}
    argv = [sys.executable, "-m", "reversi", "solve", FFO[40][0], "-j", "2"]
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
                            preexec_fn=own_group)
    time.sleep(2.5)  # well into the solve (the imports and the estimate take about a second)
    os.killpg(proc.pid, signal.SIGINT)
    _out, err = proc.communicate(timeout=30)
    assert proc.returncode == 130 and "interrupted" in err and "Traceback" not in err, err
    time.sleep(0.3)
    with pytest.raises(ProcessLookupError):
        os.killpg(proc.pid, 0)  # nothing of the group is left


@pytest.mark.parametrize("how", [signal.SIGTERM, signal.SIGKILL])
def test_a_solve_on_two_processes_killed_leaves_no_worker_behind(how):
    """``kill`` or ``timeout`` sends SIGTERM to the command alone (not its group): it stops as Ctrl-C
    stops it, workers and all; even SIGKILL, which nothing can catch, leaves no worker running or
    holding the output open for whoever reads it."""
    env = {**os.environ, "LANG": "C.UTF-8"}
    argv = [sys.executable, "-m", "reversi", "solve", FFO[40][0], "-j", "2"]
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
                            preexec_fn=os.setpgrp)
    time.sleep(2.5)  # well into the solve
    os.kill(proc.pid, how)
    _out, err = proc.communicate(timeout=30)  # the output ends: no worker holds it open
    if how == signal.SIGTERM:
        assert proc.returncode == 143 and "interrupted" in err and "Traceback" not in err, err
    else:
        assert proc.returncode == -signal.SIGKILL
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            os.killpg(proc.pid, 0)
        except ProcessLookupError:
            return  # nothing of the group is left
        time.sleep(0.2)
    pytest.fail("a worker is still running")


@pytest.mark.parametrize("when", ["idle", "busy"])
def test_a_worker_that_dies_is_reported_in_one_message(when):
    pos = parse_position(FFO[40][0])
    with pytest.raises(ReversiError, match="a solver process stopped unexpectedly"):
        with SolverPool(pos, 2) as pool:
            guess = pool.start(pos)
            if when == "idle":
                os.kill(pool.carrier.procs[1].pid, signal.SIGKILL)
                pool.carrier.procs[1].join()
            else:
                import threading

                threading.Timer(0.5, os.kill, (pool.carrier.procs[0].pid, signal.SIGKILL)).start()
            pool.value(pos.player, pos.opponent, guess)


def test_a_brother_answered_from_the_table_during_a_restart_leaves_no_orphan(monkeypatch):
    # the eldest raises alpha; restarting brother 1 finds it answered in the table, which
    # raises alpha again and restarts brother 2 inside the first restart: brother 2 must be
    # replaced once, and the node must wait for every child (found by a review)
    from reversi.engine.parallel import _Split
    from reversi.engine.solver import INFINITY

    monkeypatch.setattr(parallel, "MIN_SPLIT_EMPTIES", 6)
    seed = 0
    while True:
        pos = random_position(Rules(), 12, random.Random(seed))
        seed += 1
        if len(pos.legal_moves()) == 4:
            break
    with SolverPool(pos, 1) as pool:
        root = pool._unit(None, 0, pos.player, pos.opponent, -INFINITY, INFINITY, 3)
        pool._settle(root)
        pool._start_child(root)
        pool._start_child(root)  # brothers 1 and 2 started speculatively
        assert all(isinstance(root.units[k], _Split) for k in (0, 1, 2))
        _, p1, o1 = root.kids[1]
        pool.tt[(p1, o1)] = (4, 4, 0)  # brother 1 is known exactly meanwhile
        old = root.units[2]
        pool._finish(root.units[0], 10, store=False)  # the eldest: -10 for the root
        new = root.units[2]
        assert old.dead and new is not old and not new.dead
        pool._finish(old, 6)  # a late answer of the replaced brother counts for nothing
        assert root.finished == 2 and not root.dead
        pool._finish(new, 6)
        assert root.finished == 3 and not root.dead and not pool._answer  # brother 3 is still to come


def test_every_moves_value_where_the_table_answers_split_children_at_once(monkeypatch):
    # the pool's table carries bounds from one move's solve to the next, so that a new split
    # child can be answered as it is made, finishing an eldest during the walk for jobs: the
    # younger brothers must still be searched (this position crashed with "nothing to run",
    # splitting 3 plies on two processes)
    monkeypatch.setattr(parallel, "SPLIT_DEPTH_FEW", parallel.SPLIT_DEPTH)
    pos = parse_position("----XO----X-X-XXO-XXXXX-XOOXOXX-XOOOOOOOXXOXOXOOXXXXXOXX-OOXOO-X O")
    got, want = solve_parallel(pos, 2, all_moves=True), serial(pos, all_moves=True)
    assert got.values == want.values and got.best == want.best


def test_a_worker_dead_before_a_solve_starts_is_reported():
    pos = parse_position(ENDGAME[16][0])
    with pytest.raises(ReversiError, match="a solver process stopped unexpectedly"):
        with SolverPool(pos, 2) as pool:
            os.kill(pool.carrier.procs[0].pid, signal.SIGKILL)
            pool.carrier.procs[0].join()
            pool.start(pos)


def test_a_process_carrier_waits_for_every_answer_it_is_owed():
    """Two jobs sent to one worker before the first is answered: both answers come, the second is
    not hidden by the first (the carrier counts what each worker owes, it does not flag it)."""
    from reversi.engine.processes import ProcessCarrier
    from reversi.formats.notation import position_to_string
    from reversi.formats.record import rules_to_dict

    pos = position_at(Rules(), 30, seed=3)
    job = {"kind": "analyse", "rules": rules_to_dict(pos.rules), "position": position_to_string(pos),
           "limits": Limits(depth=2).to_json()}
    with ProcessCarrier(1) as carrier:
        carrier.send(0, {**job, "id": 1})
        carrier.send(0, {**job, "id": 2})
        got = []
        while len(got) < 2:
            answers = carrier.receive(30)
            assert answers, "an answer owed never came"
            got += [a["id"] for _w, a in answers]
        assert got == [1, 2] and carrier.receive(None) == []  # nothing more owed: no wait
