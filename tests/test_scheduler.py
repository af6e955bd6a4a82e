"""The pool's masters on a carrier that is no process: an in-process, single-threaded carrier that
answers the jobs in a scripted order, may ignore cancels, and may lose a worker mid-job
(reversi/engine/scheduler.py, jobs.py, parallel.py). Every message crosses it as JSON, as a
browser's carrier would move it."""

from __future__ import annotations

import json
import random

import pytest

from reversi.core.position import Position
from reversi.core.rules import Rules
from reversi.engine import parallel
from reversi.engine.jobs import JobWorker, bits, entries_in, entries_out, unbits
from reversi.engine.parallel import SolverPool, solve_parallel
from reversi.engine.protocol import Limits
from reversi.engine.scheduler import InlineCarrier, Message, run_jobs
from reversi.engine.search import analyse, solve
from reversi.engine.solver import clear_solvers
from reversi.errors import ReversiError
from reversi.formats.notation import position_to_string
from reversi.formats.record import rules_to_dict
from tests.bench.positions import random_position


def position_at(rules: Rules, empties: int, seed: int) -> Position:
    while True:
        pos = random_position(rules, empties, random.Random(seed))
        if pos.legal_moves():
            return pos
        seed += 1000


class Scripted(InlineCarrier):
    """Answers a job at random among those sent (seeded), each message through JSON; ``ignore_cancel``
    lets a cancelled job run on; ``dies``: (worker, on its nth job) that worker dies running it."""

    def __init__(self, workers: int, seed: int = 0, *, ignore_cancel: bool = False,
                 dies: tuple[int, int] | None = None) -> None:
        super().__init__(workers)
        self.rng = random.Random(seed)
        self.ignore_cancel = ignore_cancel
        self.dies = dies
        self.jobs_of = [0] * workers
        self.died_running: Message | None = None
        self.cancels = 0
        #: Every job sent: (worker, message).
        self.sent: list[tuple[int, Message]] = []

    def send(self, worker: int, message: Message) -> None:
        message = json.loads(json.dumps(message))
        if "id" in message and worker not in self.dead:
            self.jobs_of[worker] += 1
            self.sent.append((worker, message))
        super().send(worker, message)

    def cancel(self, worker: int, job_id: int) -> None:
        self.cancels += 1
        if not self.ignore_cancel:
            super().cancel(worker, job_id)

    def pick(self) -> int:
        return self.rng.randrange(len(self.queue))

    def receive(self, timeout: float | None) -> list[tuple[int, Message]]:
        if self.dies is not None and self.queue:
            w, nth = self.dies
            for k, (worker, message) in enumerate(self.queue):
                if worker == w and self.jobs_of[w] == nth:
                    del self.queue[k]
                    self.dead.add(w)
                    self.died_running = message
                    self.dies = None
                    return [(w, {"kind": "died"})]
        return [(w, json.loads(json.dumps(a))) for w, a in super().receive(timeout)]


def serial_score(pos: Position) -> int:
    clear_solvers()
    return solve(pos).score


def test_bitboards_and_table_entries_cross_as_hexadecimal_text():
    big = (1 << 155) | 5  # a 12x12 board's last square
    assert unbits(bits(big)) == big and bits(0) == "0"
    items = [((big, 3), (-4, 10, 1 << 70)), ((6, 9), (-10_000, 10_000, 0))]
    wire = json.loads(json.dumps(entries_out(items)))
    assert entries_in(wire) == items


@pytest.mark.parametrize("seed", range(4))
def test_the_split_tree_on_a_scripted_carrier_agrees_with_the_serial_solver(monkeypatch, seed):
    monkeypatch.setattr(parallel, "MIN_SPLIT_EMPTIES", 6)
    pos = position_at(Rules(), 12, seed=200 + seed)
    carrier = Scripted(3, seed)
    with SolverPool(pos, carrier=carrier) as pool:
        v = pool.value(pos.player, pos.opponent, pool.start(pos))
        lo = pool.search(pos.player, pos.opponent, v - 3, v - 1)
        hi = pool.search(pos.player, pos.opponent, v + 1, v + 3)
        assert pool.jobs > 10 and not pool.running
    assert v == serial_score(pos)
    assert lo >= v - 1 and hi <= v + 1
    assert {w for w, _kind, _id in carrier.log} == {0, 1, 2}


@pytest.mark.parametrize("seed", range(3))
def test_younger_brothers_are_null_window_tests_searched_again_when_they_fail_high_inside(monkeypatch, seed):
    # as the serial solver's PVS: a younger brother goes out with the null window just above
    # alpha; one whose test fails high inside the node's window is searched again with that window
    monkeypatch.setattr(parallel, "MIN_SPLIT_EMPTIES", 6)
    pos = position_at(Rules(), 12, seed=600 + seed)
    want = serial_score(pos)
    made: list[tuple[int, int, bool, int]] = []  # (node, child, scout, its window's width)
    child = SolverPool._child

    def spy(self, node, i, scout):
        unit = child(self, node, i, scout)
        made.append((id(node), i, unit.scout, unit.beta - unit.alpha))
        return unit

    monkeypatch.setattr(SolverPool, "_child", spy)
    with SolverPool(pos, carrier=Scripted(3, seed)) as pool:
        pool.start(pos)
        # the whole window: the nodes of the principal variation have their values inside it
        assert pool.search(pos.player, pos.opponent, -100, 100) == want
    # a null window, or narrower where the table's bounds answered part of it
    assert all(width <= 1 for _node, i, scout, width in made if scout)
    assert any(scout for _node, i, scout, _width in made if i > 0)  # younger brothers were tested
    again = [(node, i) for k, (node, i, scout, _w) in enumerate(made) if scout
             and any((n2, i2, s2) == (node, i, False) for n2, i2, s2, _w2 in made[k + 1:])]
    assert again  # and at least one was searched again with the node's window


@pytest.mark.parametrize(("seed", "workers"), [(16, 2), (22, 3)])
def test_an_answer_for_a_younger_brothers_old_window_is_not_taken_for_its_new_one(monkeypatch, seed, workers):
    # a carrier that cannot stop a running job lets it answer for the window it was sent with; a
    # younger brother's null window moves when its node's alpha rises, and then that answer may say
    # nothing of the new window (positions and orders where it did, before this was checked)
    monkeypatch.setattr(parallel, "MIN_SPLIT_EMPTIES", 6)
    monkeypatch.setattr(parallel, "SPLIT_DEPTH_FEW", parallel.SPLIT_DEPTH)
    pos = position_at(Rules(), 9, seed=5000 + seed)
    want = serial_score(pos)
    carrier = Scripted(workers, seed + 1, ignore_cancel=True)
    with SolverPool(pos, carrier=carrier) as pool:
        pool.start(pos)
        for alpha, beta in ((want - 3, want + 3), (-100, 100)):
            assert pool.search(pos.player, pos.opponent, alpha, beta) == want
    assert carrier.cancels > 0


@pytest.mark.parametrize("ignore_cancel", [False, True])
def test_brothers_started_before_the_eldest_answers_are_tested_at_the_windows_middle(monkeypatch, ignore_cancel):
    # in MTD(f)'s window (g - 1, g + 1) a brother started before its eldest answers is tested at g,
    # the value the eldest is expected to return; an upper bound it gives waits for the eldest's
    # value (held), then counts if it answers the node's window or runs again. Whatever the order
    # the answers come in, each search's answer is a true fail-soft bound of the value.
    monkeypatch.setattr(parallel, "MIN_SPLIT_EMPTIES", 6)
    held: list[int] = []
    report = SolverPool._report

    def spy(self, node, index, v, child):
        report(self, node, index, v, child)
        if isinstance(child, parallel._Job) and child.worker == parallel.HELD:
            held.append(index)

    monkeypatch.setattr(SolverPool, "_report", spy)
    early: list[tuple[int, int]] = []  # the windows of the jobs sent early
    send = SolverPool._send

    def spy_send(self, w, job):
        if job.early:
            early.append((job.alpha, job.beta))
        send(self, w, job)

    monkeypatch.setattr(SolverPool, "_send", spy_send)
    for seed in range(5):
        pos = position_at(Rules(), 11, seed=700 + seed)
        want = serial_score(pos)
        carrier = Scripted(2, seed, ignore_cancel=ignore_cancel)
        with SolverPool(pos, carrier=carrier) as pool:
            pool.start(pos)
            for g in range(want - 6, want + 8, 2):
                pool.tt.clear()  # else the master's table answers the root at once
                v = pool.search(pos.player, pos.opponent, g - 1, g + 1)
                if g - 1 < v < g + 1:
                    assert v == want
                elif v <= g - 1:
                    assert want <= v
                else:
                    assert want >= v
            assert not pool.running
    assert held and early and all(beta - alpha == 1 for alpha, beta in early)


def test_two_workers_split_the_eldest_line_deeper_than_the_root(monkeypatch):
    # two workers split the root alone, but the eldest child, its eldest and so on for
    # SPLIT_ELDEST_LINE plies are split too: in a test the eldest is most of the work, and a
    # worker would wait for it
    monkeypatch.setattr(parallel, "MIN_SPLIT_EMPTIES", 6)
    monkeypatch.setattr(parallel, "SPLIT_COSTLY_SHARE", 0)
    pos = position_at(Rules(), 12, seed=9)
    mask = Rules().geometry.mask
    for line, depths in ((0, {11}), (2, {11, 10, 9})):
        monkeypatch.setattr(parallel, "SPLIT_ELDEST_LINE", line)
        carrier = Scripted(2, 3)
        with SolverPool(pos, carrier=carrier) as pool:
            pool.start(pos)
            assert pool.search(pos.player, pos.opponent, -100, 100) == serial_score(pos)
        sent = {(mask & ~(unbits(m["p"]) | unbits(m["o"]))).bit_count() for _w, m in carrier.sent}
        assert sent == depths


@pytest.mark.parametrize(("workers", "dead", "plies"), [(2, 0, 1), (3, 0, 3), (3, 1, 1)])
def test_two_workers_split_the_root_alone_and_more_split_deeper(monkeypatch, workers, dead, plies):
    # the jobs sent are the positions ``plies`` below the root; a worker dead before the pool
    # starts does not count
    assert parallel.SPLIT_DEPTH_FEW == 1 and parallel.SPLIT_DEPTH == 3
    monkeypatch.setattr(parallel, "MIN_SPLIT_EMPTIES", 6)
    monkeypatch.setattr(parallel, "SPLIT_COSTLY_SHARE", 0)  # no brother split deeper (tested on its own)
    monkeypatch.setattr(parallel, "SPLIT_ELDEST_LINE", 0)  # nor the eldest line (the same)
    pos = position_at(Rules(), 10, seed=5)
    carrier = Scripted(workers, 5)
    carrier.dead.update(range(dead))
    with SolverPool(pos, carrier=carrier) as pool:
        pool.start(pos)
        assert pool.search(pos.player, pos.opponent, -100, 100) == serial_score(pos)
    mask = Rules().geometry.mask
    empties = {(mask & ~(unbits(m["p"]) | unbits(m["o"]))).bit_count() for _w, m in carrier.sent}
    assert empties == {10 - plies}


@pytest.mark.parametrize("ignore_cancel", [False, True])
def test_cancelled_jobs_answer_none_or_late_and_the_value_is_right(monkeypatch, ignore_cancel):
    # cut brothers and restarts cancel jobs; a carrier that cannot stop them lets them finish,
    # and their answers are dropped or taken for the narrower window
    monkeypatch.setattr(parallel, "MIN_SPLIT_EMPTIES", 6)
    for seed in range(3):
        pos = position_at(Rules(), 12, seed=300 + seed)
        carrier = Scripted(3, seed, ignore_cancel=ignore_cancel)
        r = solve_parallel(pos, carrier=carrier)
        clear_solvers()
        want = solve(pos)
        assert (r.score, r.best) == (want.score, want.best)
        assert carrier.cancels > 0 and not carrier.queue


def test_a_worker_that_dies_mid_job_has_its_job_run_by_another(monkeypatch):
    monkeypatch.setattr(parallel, "MIN_SPLIT_EMPTIES", 6)
    pos = position_at(Rules(), 12, seed=401)
    carrier = Scripted(3, 1, dies=(1, 4))
    with SolverPool(pos, carrier=carrier) as pool:
        v = pool.value(pos.player, pos.opponent, pool.start(pos))
    assert v == serial_score(pos)
    lost = carrier.died_running
    assert lost is not None and carrier.dead == {1}
    died_at = next(i for i, (_w, m) in enumerate(carrier.sent) if m["id"] == lost["id"])
    later = carrier.sent[died_at + 1:]
    assert later and all(w != 1 for w, _m in later)  # nothing more for the dead one
    # its position went to another worker, in a job of its own
    assert any((m["p"], m["o"]) == (lost["p"], lost["o"]) and m["id"] != lost["id"] for _w, m in later)


def test_when_every_worker_is_dead_the_solve_says_so(monkeypatch):
    monkeypatch.setattr(parallel, "MIN_SPLIT_EMPTIES", 6)
    pos = position_at(Rules(), 12, seed=402)
    carrier = Scripted(1, 0, dies=(0, 2))
    with pytest.raises(ReversiError, match="stopped unexpectedly"):
        with SolverPool(pos, carrier=carrier) as pool:
            pool.value(pos.player, pos.opponent, pool.start(pos))


def analyse_job(pos: Position, limits: Limits) -> Message:
    return {"kind": "analyse", "rules": rules_to_dict(pos.rules), "position": position_to_string(pos),
            "limits": limits.to_json()}


def test_independent_jobs_come_back_in_any_order_with_the_serial_values():
    rng = random.Random(5)
    positions = [position_at(Rules(), rng.randrange(20, 40), seed=rng.randrange(10**6)) for _ in range(6)]
    limits = Limits(depth=3)
    carrier = Scripted(3, 7, dies=(2, 1))
    got = {}
    order = []
    for k, answer in run_jobs(carrier, [analyse_job(p, limits) for p in positions]):
        order.append(k)
        got[k] = {m: v for m, v in answer["scores"]}
    assert sorted(order) == list(range(6)) and order != list(range(6))  # every one, in another order
    assert carrier.dead == {2}
    for k, pos in enumerate(positions):
        assert got[k] == analyse(pos, limits).scores, k


def test_a_job_that_raises_is_raised_by_the_master():
    carrier = InlineCarrier(2)
    with pytest.raises(RuntimeError, match="unknown kind"):
        list(run_jobs(carrier, [{"kind": "nonsense"}]))


def test_a_search_job_is_the_searchers_value_in_its_window():
    from reversi.engine.midgame import INF, Searcher, TranspositionTable

    pos = position_at(Rules(), 40, seed=9)
    move = pos.legal_moves()[0]
    message = {"kind": "search", "id": 1, "rules": rules_to_dict(pos.rules), "position": position_to_string(pos),
               "move": move, "depth": 3, "alpha": -INF, "beta": INF, "seconds": None}
    answer = JobWorker().answer(json.loads(json.dumps(message)))
    assert answer is not None
    s = Searcher(pos.rules, tt=TranspositionTable())
    assert answer["value"] == s.value(pos.play(move), 3, -INF, INF)
    assert answer["pv"][0] == move and answer["nodes"] > 0


# -- the midgame at the root, on the scripted carrier -------------------------------------------


@pytest.fixture
def split_from_depth_1(monkeypatch):
    from reversi.engine import parallel_search

    monkeypatch.setattr(parallel_search, "SPLIT_MIN_NODES", 0)  # every depth after the first shared


@pytest.mark.parametrize("seed", range(3))
def test_the_root_split_searched_to_the_end_finds_the_exact_score_and_a_best_move(seed, split_from_depth_1):
    from reversi.engine.parallel_search import search_split

    pos = position_at(Rules(), 10, seed=500 + seed)
    carrier = Scripted(3, seed, dies=(1, 3) if seed == 2 else None)
    r = search_split(pos, carrier, Limits(depth=12))
    clear_solvers()
    want = solve(pos)
    assert r.exact and r.score == want.score * 100 and r.move in want.best
    assert len({w for w, _m in carrier.sent}) >= 2 and not carrier.queue


def test_the_root_split_at_a_fixed_depth_reaches_it_with_a_legal_move(split_from_depth_1):
    from reversi.engine.parallel_search import search_split

    for seed in range(3):
        pos = position_at(Rules(), 40, seed=600 + seed)
        carrier = Scripted(2, seed)
        r = search_split(pos, carrier, Limits(depth=5))
        assert r.depth == 5 and r.move in pos.legal_moves() and not r.stopped and carrier.sent
        assert r.pv[0] == r.move and r.nodes > 0


def test_every_moves_value_on_the_scripted_carrier_exact_as_the_serial_analysis():
    from reversi.engine.parallel_search import analyse_split

    pos = position_at(Rules(), 11, seed=700)
    limits = Limits(exact_empties=12)
    got = analyse_split(pos, Scripted(3, 2), limits)
    clear_solvers()
    want = analyse(pos, limits)
    assert got.exact and want.exact and got.scores == want.scores
    # the midgame's own way to the end gives the same
    deep = analyse_split(pos, Scripted(2, 3), Limits(depth=20))
    assert deep.exact and deep.scores == want.scores


def test_the_positions_of_a_game_valued_on_one_or_three_workers_alike():
    from reversi.engine.parallel_search import analyse_positions
    from reversi.formats.notation import play_transcript

    game = play_transcript(Position.start(Rules()), "f5 d6 c3 d3 c4 f4 f6 f3 e6 e7 d7 g6")
    positions = [n.position for n in game.main_line()[:-1]]
    limits = Limits(depth=4, exact_empties=8)
    one = analyse_positions(positions, InlineCarrier(1), limits)
    three = analyse_positions(positions, Scripted(3, 4), limits)
    assert [a.scores for a in one] == [a.scores for a in three]
    assert [a.depth for a in three] == [4] * len(positions)


def test_an_iteration_ends_even_when_each_search_of_a_move_contradicts_the_last():
    # a search's tables and cuts can make two searches of one move disagree (a test fails high,
    # its re-search fails low): the iteration takes the last answer as the move's value and ends
    from reversi.engine.parallel_search import _Iteration

    it = _Iteration(Position.start(Rules()), [10, 11, 12, 13], depth=6, guess=100)
    flip: dict[int, bool] = {}
    steps = 0
    while not it.done():
        wanted = [(i, w) for i in range(4) if (w := it.next_window(i)) is not None]
        assert wanted and steps < 100
        i, (a, b) = wanted[0]
        flip[i] = not flip.get(i, False)
        value = (b + 50 if b < 10**6 else a + 30) if flip[i] else (a - 50 if a > -(10**6) else b - 30)
        it.take(i, (a, b), value, [it.moves[i].move])
        steps += 1
    lead = it.moves[it.leader()]
    assert lead.exact and all(m is lead or m.hi <= lead.lo for m in it.moves)


def quick_position(empties: int, seed: int, most_nodes: int = 40_000) -> Position:
    """A position of ``empties`` whose exact solve is small (so a test's time limits cannot bite)."""
    while True:
        pos = position_at(Rules(), empties, seed)
        clear_solvers()
        if solve(pos).nodes <= most_nodes:
            return pos
        seed += 1


def test_a_full_strength_move_on_two_workers_shares_a_solve_two_empties_sooner():
    from reversi.engine.levels import LEVELS, SHARED_EXACT_MORE
    from reversi.engine.play import choose_move

    expert, advanced = LEVELS[-1], LEVELS[-2]
    sooner = quick_position(expert.exact_empties + SHARED_EXACT_MORE, seed=839)
    clear_solvers()
    want = solve(sooner)
    for exact_only in (True, False):
        carrier = Scripted(2, 5)
        move, info = choose_move(sooner, expert.level, carrier=carrier, exact_only=exact_only)
        kinds = {m["kind"] for _w, m in carrier.sent}
        assert info["exact"] and move in want.best and info["score"] == want.score * 100, info
        assert kinds == {"window"} and len({w for w, _m in carrier.sent}) == 2, kinds  # the solver's jobs, on both
    # one empty further: a midgame move, searched by the master alone with ``exact_only``
    further = position_at(Rules(), expert.exact_empties + SHARED_EXACT_MORE + 1, seed=801)
    carrier = Scripted(2, 6)
    move, _info = choose_move(further, expert.level, Limits(nodes=20_000), carrier=carrier, exact_only=True)
    assert move in further.legal_moves() and not carrier.sent
    # one worker left: no sooner solve (the solve shared by one is the serial one)
    carrier = Scripted(2, 7)
    carrier.dead.add(1)
    _move, info = choose_move(sooner, expert.level, Limits(nodes=20_000), carrier=carrier, exact_only=True)
    assert not carrier.sent
    # the levels below Expert keep their own exact point (the ladder is unchanged)
    below = quick_position(advanced.exact_empties + 1, seed=802)
    carrier = Scripted(2, 8)
    choose_move(below, advanced.level, Limits(nodes=20_000), carrier=carrier, exact_only=True)
    assert not carrier.sent


def test_a_window_jobs_answer_carries_at_most_share_most_entries_those_nearest_its_root(monkeypatch):
    from reversi.engine import jobs

    pos = position_at(Rules(), 14, seed=900)
    job = {"kind": "window", "id": 1, "p": bits(pos.player), "o": bits(pos.opponent), "alpha": -64, "beta": 64,
           "entries": []}
    setup = {"kind": "setup", "rules": rules_to_dict(Rules())}
    clear_solvers()
    whole = JobWorker()
    whole.answer(setup)
    every = entries_in(whole.answer(dict(job))["entries"])
    assert len(every) > 10
    monkeypatch.setattr(jobs, "SHARE_MOST", 10)
    clear_solvers()
    capped = JobWorker()
    capped.answer(setup)
    answer = capped.answer(dict(job))
    kept = entries_in(answer["entries"])
    discs = sorted((p | o).bit_count() for (p, o), _e in every)
    assert len(kept) == 10 and sorted((p | o).bit_count() for (p, o), _e in kept) == discs[:10]
    assert answer["value"] == solve(pos).score  # the answer's value is the job's, whatever it carries


# -- answers that come in together ---------------------------------------------------------------


class Batched(InlineCarrier):
    """Answers every job sent at once, in one list, as a process carrier does when several workers
    finish together (at a shared deadline, say). A master that waits, with nothing on its way, more
    than a few times in a row is waiting forever: an AssertionError, where a process carrier
    would spin."""

    def __init__(self, workers: int) -> None:
        super().__init__(workers)
        self.idle_waits = 0

    def receive(self, timeout: float | None) -> list[tuple[int, Message]]:
        if not self.queue:
            self.idle_waits += 1
            assert self.idle_waits < 50, "a master waits for an answer that will never come"
            return []
        self.idle_waits = 0
        out = []
        while self.queue:
            out.extend(super().receive(timeout))
        return out


def test_a_master_that_stops_at_the_first_answer_of_several_waits_for_none_of_them():
    """The answers of a batch are all taken in before a master stops at one of them: the others'
    workers are free at once (they used to be waited for forever, a livelock at full CPU)."""
    positions = [position_at(Rules(), 30, seed=800 + k) for k in range(4)]
    limits = Limits(depth=2)
    carrier = Batched(2)
    it = run_jobs(carrier, [analyse_job(p, limits) for p in positions])
    k, answer = next(it)
    assert answer["scores"] and k in (0, 1)
    it.close()
    assert not carrier.queue
    again = dict(run_jobs(carrier, [analyse_job(p, limits) for p in positions]))  # the workers are free
    assert sorted(again) == [0, 1, 2, 3]


@pytest.mark.parametrize("seconds", [0.1, 0.3])
def test_a_root_split_whose_jobs_run_out_of_time_together_returns_a_move(seconds, split_from_depth_1, monkeypatch):
    """At the deadline both workers' jobs answer out of time in one batch: the iteration stops with
    the move of the last one done, and nobody waits for the second answer."""
    from reversi.engine import parallel_search
    from reversi.engine.parallel_search import analyse_split, search_split

    monkeypatch.setattr(parallel_search, "NEXT_DEPTH_SHARE", 10**9)  # a next depth always starts

    pos = position_at(Rules(), 40, seed=900)
    carrier = Batched(2)
    # what a first search pays once (the evaluation's tables, the workers' first jobs) is paid
    # here: on a busy machine it took the whole 0.05 s before depth 1 was done, and nothing stopped
    search_split(pos, carrier, Limits(depth=2))
    r = search_split(pos, carrier, Limits(seconds=seconds))
    assert r.move in pos.legal_moves() and r.stopped and not carrier.queue
    a = analyse_split(pos, carrier, Limits(seconds=seconds))
    assert set(a.scores) == set(pos.legal_moves()) and not carrier.queue


def test_a_job_that_fails_cancels_its_brothers_and_frees_their_workers():
    pos = position_at(Rules(), 30, seed=3)
    carrier = InlineCarrier(2)
    it = run_jobs(carrier, [{"kind": "nonsense"}, analyse_job(pos, Limits(depth=2))])
    with pytest.raises(RuntimeError, match="unknown kind"):
        list(it)
    assert not carrier.queue  # the other job was cancelled and waited for
    assert dict(run_jobs(carrier, [analyse_job(pos, Limits(depth=1))]))  # the workers are free


class StopsAtSearch(InlineCarrier):
    """As the page's carrier when the page stops the engine: ``receive`` raises SolveTimeout once,
    while a search job is out."""

    def __init__(self, workers: int) -> None:
        super().__init__(workers)
        self.raised = False

    def receive(self, timeout: float | None) -> list[tuple[int, Message]]:
        if not self.raised and any(m["kind"] == "search" for _w, m in self.queue):
            self.raised = True
            from reversi.errors import SolveTimeout

            raise SolveTimeout
        return super().receive(timeout)


def test_a_stop_in_the_middle_of_the_root_split_gives_a_stopped_move(split_from_depth_1):
    from reversi.engine.parallel_search import search_split
    from reversi.engine.play import choose_move

    pos = position_at(Rules(), 40, seed=900)
    carrier = StopsAtSearch(2)
    r = search_split(pos, carrier, Limits(seconds=5, exact_empties=0))
    assert carrier.raised and r.stopped and r.move in pos.legal_moves() and not carrier.queue
    carrier = StopsAtSearch(2)
    move, _info = choose_move(pos, 7, Limits(seconds=5, exact_empties=0), carrier=carrier)
    assert carrier.raised and move in pos.legal_moves() and not carrier.queue


class Crafted:
    """Two workers whose answers to one iteration come in one batch: the full window's job with a
    value, the other out of time, in the order asked for."""

    def __init__(self, none_first: bool) -> None:
        self.dead: set[int] = set()
        self.sent: dict[int, Message] = {}
        self.none_first = none_first

    def count(self) -> int:
        return 2

    def send(self, w: int, m: Message) -> None:
        self.sent[w] = m

    def cancel(self, w: int, job_id: int) -> None:
        pass

    def close(self, abort: bool = False) -> None:
        pass

    def receive(self, timeout: float | None) -> list[tuple[int, Message]]:
        if not self.sent:
            return []
        first = next(w for w, m in self.sent.items() if m["beta"] - m["alpha"] > 1)
        other = 1 - first
        batch = [(other, {"kind": "search", "id": self.sent[other]["id"], "value": None}),
                 (first, {"kind": "search", "id": self.sent[first]["id"], "value": -7, "pv": []})]
        self.sent = {}
        return batch if self.none_first else batch[::-1]


@pytest.mark.parametrize("none_first", [True, False])
def test_a_value_in_a_batch_counts_whatever_the_order_of_the_answers(none_first):
    from reversi.engine.parallel_search import _Iteration, _run_iteration

    pos = position_at(Rules(), 40, seed=900)
    it = _Iteration(pos, pos.legal_moves(), 4, guess=0)
    finished, _nodes = _run_iteration(Crafted(none_first), it, None, {}, [])
    assert not finished and it.moves[0].exact


def test_a_search_jobs_answer_carries_at_most_share_most_entries_the_deepest(monkeypatch):
    from reversi.engine import jobs
    from reversi.engine.midgame import INF

    pos = position_at(Rules(), 40, seed=9)
    message = {"kind": "search", "id": 1, "rules": rules_to_dict(pos.rules), "position": position_to_string(pos),
               "move": pos.legal_moves()[0], "depth": 9, "alpha": -INF, "beta": INF, "seconds": None}

    def entries() -> list:
        worker = JobWorker()
        worker.answer({"kind": "setup", "rules": rules_to_dict(pos.rules)})
        answer = worker.answer(dict(message))
        assert answer is not None
        return answer["entries"]

    every = entries()
    monkeypatch.setattr(jobs, "SHARE_MOST", 10)
    kept = entries()
    assert len(every) > 10 and len(kept) == 10
    assert sorted(e[3] for e in kept) == sorted(e[3] for e in every)[-10:]  # the ten deepest
    assert all(e in every for e in kept)


@pytest.mark.parametrize("seed", range(3))
def test_a_brother_that_cost_much_before_is_split_one_ply_deeper_and_the_value_holds(monkeypatch, seed):
    """On two workers the root alone is split; a younger brother whose position has cost more than
    SPLIT_COSTLY_SHARE of its node's nodes so far goes out as a split node, its own children the jobs
    (so that a pass does not end on one long job); without the rule, only the root's children."""
    monkeypatch.setattr(parallel, "MIN_SPLIT_EMPTIES", 6)
    monkeypatch.setattr(parallel, "SPLIT_COSTLY_SHARE", 0.01)  # any brother of some cost
    monkeypatch.setattr(parallel, "SPLIT_ELDEST_LINE", 0)  # the eldest line split on its own (below)
    pos = position_at(Rules(), 11, seed=40 + seed)
    carrier = Scripted(2, seed)
    mask = Rules().geometry.mask
    with SolverPool(pos, carrier=carrier) as pool:
        pool.start(pos)
        v = pool.search(pos.player, pos.opponent, -100, 100)
        first = {(mask & ~(unbits(m["p"]) | unbits(m["o"]))).bit_count() for _w, m in carrier.sent}
        assert 10 in first and v == serial_score(pos)
        carrier.sent.clear()
        pool.tt.clear()  # the master's table would answer the root at once
        assert pool.search(pos.player, pos.opponent, v - 1, v + 1) == v == serial_score(pos)
        again = {(mask & ~(unbits(m["p"]) | unbits(m["o"]))).bit_count() for _w, m in carrier.sent}
        assert 9 in again  # a costly brother's children
    monkeypatch.setattr(parallel, "SPLIT_COSTLY_SHARE", 0)
    carrier = Scripted(2, seed)
    with SolverPool(pos, carrier=carrier) as pool:
        pool.start(pos)
        v = pool.search(pos.player, pos.opponent, -100, 100)
        carrier.sent.clear()
        pool.tt.clear()
        assert pool.search(pos.player, pos.opponent, v - 1, v + 1) == v
        sent = {(mask & ~(unbits(m["p"]) | unbits(m["o"]))).bit_count() for _w, m in carrier.sent}
        assert sent == {10}


class LosesAnAnswer(InlineCarrier):
    """Hands over nothing for the first job it runs, as a carrier whose bookkeeping failed."""

    def __init__(self, workers: int) -> None:
        super().__init__(workers)
        self.lost = False

    def receive(self, timeout: float | None) -> list[tuple[int, Message]]:
        got = super().receive(timeout)
        if got and not self.lost:
            self.lost = True
            return []
        return got


def test_an_answer_lost_is_an_error_not_a_wait_for_ever():
    pos = position_at(Rules(), 30, seed=3)
    with pytest.raises(RuntimeError, match="lost track of an answer"):
        list(run_jobs(LosesAnAnswer(1), [analyse_job(pos, Limits(depth=1))]))
    with pytest.raises(RuntimeError, match="lost track of an answer"):
        solve_parallel(position_at(Rules(), 14, seed=4), carrier=LosesAnAnswer(2), all_best=False)


def test_owed_answers_are_paid_by_their_own_ids_only() -> None:
    from reversi.engine.scheduler import Owed

    owed = Owed()
    assert not owed
    owed.sent(0, {"kind": "setup"})  # no id: no answer owed
    assert not owed
    owed.sent(0, {"kind": "window", "id": 3})
    owed.sent(1, {"kind": "window", "id": 4})
    owed.paid(0, {"kind": "window", "id": 5})  # a late answer of another job pays nothing
    owed.paid(0, "not an answer")
    assert owed.ids == {0: {3}, 1: {4}} and sorted(owed.workers()) == [0, 1]
    owed.paid(0, {"kind": "window", "id": 3})
    assert owed.workers() == [1]
    owed.forget(1)
    assert not owed
    owed.sent(2, {"kind": "window", "id": 6})
    owed.forget()
    assert not owed and owed.ids == {}
