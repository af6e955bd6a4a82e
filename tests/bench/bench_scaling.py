"""How the exact solver's split would scale on more cores than this machine has: a simulation.

    python -m tests.bench.bench_scaling [--empties 20] [--count 3] [--workers 2,4,8] [--depths 1,2,3]
                                        [--latency-ms 1] [--each]

The master (:class:`reversi.engine.parallel.SolverPool`) runs unchanged on a carrier whose workers
are objects of this process, each with a table of its own as a process has, and a virtual clock: a
job sent at virtual time t ends at t + latency + nodes / rate, where ``nodes`` is what the job
searched (it is run at once, for real, to know its answer). ``receive`` moves the clock to the
earliest end among the jobs running; a job cancelled before its end frees its worker at that moment,
answered as cancelled. The virtual time is then what N cores would take if each searched ``rate``
nodes a second (the serial solver's, measured in the same run) and the master's own work cost
nothing; the speedup is the serial solver's time over it. What it leaves out: the master's time
(its split nodes, the messages' encoding), cores that share a memory bus or a thermal budget, and a
cancelled job's table entries (the simulated job ran to its end, so its worker keeps all of them).

For each worker count and split depth (``SPLIT_DEPTH`` and ``SPLIT_DEPTH_FEW`` both set to it), one
line: the nodes of all workers, the virtual seconds and the speedup, the share of the workers' time
spent waiting, and the nodes of jobs cancelled before their end, summed over the bench positions
with ``--empties`` empties (``tests/bench/positions.py``); ``--each`` prints a line for each
position before (the splits' speedups differ widely from one position to the next). A cancelled job's worker keeps the
table entries of the whole job here: a change that cancels more (splitting a running job again,
say) looks better here than it is on processes. Run on two workers, it can be checked
against the real processes (``tests/bench/bench_endgame.py --processes 1,2``).
"""

from __future__ import annotations

import argparse
import sys
import time

from reversi.core.rules import Rules
from reversi.engine import parallel
from reversi.engine.evaluate import make_evaluator
from reversi.engine.jobs import SHARE_MIN_EMPTIES, JobWorker
from reversi.engine.scheduler import Message, cancelled_answer
from reversi.engine.search import solve
from reversi.engine.solver import Solver, clear_solvers
from reversi.formats.notation import parse_position


class OwnTableWorker(JobWorker):
    """A job worker with a solver (and table) of its own, as each process has."""

    def _setup(self, rules: Rules) -> None:
        self.solver = Solver(rules.geometry, rules.anti, rules.empties_to_winner, make_evaluator(rules))
        self._shared = self.solver.share(SHARE_MIN_EMPTIES)


class VirtualCarrier:
    """N workers on a virtual clock (see the module's docstring)."""

    def __init__(self, workers: int, rate: float, latency: float) -> None:
        self.workers = [OwnTableWorker() for _ in range(workers)]
        self.rate, self.latency = rate, latency
        self.dead: set[int] = set()
        self.now = 0.0
        #: worker -> [job id, its answer, start, end]
        self.running: dict[int, list] = {}
        #: Virtual worker-seconds spent on jobs, and the nodes of jobs cancelled before their end.
        self.busy = 0.0
        self.cancelled_nodes = 0

    def count(self) -> int:
        return len(self.workers)

    def send(self, worker: int, message: Message) -> None:
        if "id" not in message:
            self.workers[worker].answer(message)  # setup, hints: no answer, no time
            return
        answer = self.workers[worker].answer(message)
        assert answer is not None
        start = self.now
        self.running[worker] = [message["id"], answer, start, start + self.latency + answer["nodes"] / self.rate]

    def cancel(self, worker: int, job_id: int) -> None:
        job = self.running.get(worker)
        if job is None or job[0] != job_id or job[3] <= self.now:
            return  # answered already, or ends now: its answer comes
        done = int((self.now - job[2]) * self.rate)
        stopped = cancelled_answer(job[1])
        stopped["nodes"] = min(done, job[1]["nodes"])
        self.cancelled_nodes += stopped["nodes"]
        job[1], job[3] = stopped, self.now

    def receive(self, timeout: float | None) -> list[tuple[int, Message]]:
        if not self.running:
            return []
        self.now = max(self.now, min(job[3] for job in self.running.values()))
        out = [(w, job[1]) for w, job in self.running.items() if job[3] <= self.now]
        for w, _answer in out:
            job = self.running.pop(w)
            self.busy += job[3] - job[2]
        return out

    def close(self, abort: bool = False) -> None:
        self.running.clear()


def main(argv: list[str] | None = None) -> int:
    from .positions import ENDGAME

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--empties", type=int, default=20)
    ap.add_argument("--count", type=int, default=3)
    ap.add_argument("--workers", default="2,4,8")
    ap.add_argument("--depths", default="1,2,3")
    ap.add_argument("--latency-ms", type=float, default=1.0, help="a job message's round trip")
    ap.add_argument("--each", action="store_true", help="a line for each position too")
    args = ap.parse_args(argv)
    positions = [parse_position(text) for text in ENDGAME[args.empties][: args.count]]
    serial_nodes = 0
    started = time.process_time()
    scores = []
    each_nodes = []
    for pos in positions:
        clear_solvers()
        r = solve(pos, all_best=False)
        serial_nodes += r.nodes
        each_nodes.append(r.nodes)
        scores.append(r.score)
    rate = serial_nodes / (time.process_time() - started)
    serial_seconds = serial_nodes / rate
    print(f"{len(positions)} positions of {args.empties} empties: serial {serial_nodes:,} nodes, "
          f"{rate:,.0f} nodes/s (this process's CPU), {serial_seconds:.1f} s; latency {args.latency_ms} ms")
    print(f"{'workers':>7}  {'split':>5}  {'nodes':>11}  {'x serial':>8}  {'seconds':>8}  {'speedup':>7}  "
          f"{'idle':>6}  {'cancelled':>10}")
    for n in (int(k) for k in args.workers.split(",")):
        for depth in (int(k) for k in args.depths.split(",")):
            parallel.SPLIT_DEPTH = parallel.SPLIT_DEPTH_FEW = depth
            nodes, seconds, idle, cancelled = 0, 0.0, 0.0, 0
            for k, (pos, score) in enumerate(zip(positions, scores, strict=True)):
                carrier = VirtualCarrier(n, rate, args.latency_ms / 1000)
                r = parallel.solve_parallel(pos, carrier=carrier, all_best=False)
                if r.score != score:
                    print(f"WRONG: {r.score} against the serial {score}")
                    return 1
                if args.each:  # the serial solver's time for it is its nodes at the rate measured
                    print(f"  position {k + 1}: {r.nodes:,} nodes ({r.nodes / each_nodes[k]:.2f} x serial), "
                          f"{carrier.now:.1f} s, speedup {each_nodes[k] / rate / carrier.now:.2f}, "
                          f"idle {1 - carrier.busy / (n * carrier.now):.1%}, cancelled {carrier.cancelled_nodes:,}")
                nodes += r.nodes
                seconds += carrier.now
                idle += n * carrier.now - carrier.busy
                cancelled += carrier.cancelled_nodes
            print(f"{n:7d}  {depth:5d}  {nodes:11,}  {nodes / serial_nodes:8.2f}  {seconds:8.1f}  "
                  f"{serial_seconds / seconds:7.2f}  {idle / (n * seconds):6.1%}  {cancelled:10,}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
