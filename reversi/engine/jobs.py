"""The work a pool's worker does, whatever carries its messages: a process's pipe under CPython,
``postMessage`` between the browser's web workers.

A pool's **master** (:mod:`reversi.engine.scheduler` for independent jobs,
:mod:`reversi.engine.parallel` for the exact solver's split tree,
:mod:`reversi.engine.parallel_search` for the midgame at the root) sends each worker **messages**,
and a :class:`JobWorker` in the worker answers each one with :meth:`JobWorker.answer`. Every
message and every answer is plain JSON-able data: a dict of ints, strings, bools, None and lists,
so that any carrier can move it (:func:`json.dumps` and ``postMessage`` alike). Bitboards are
written as hexadecimal strings (:func:`bits`): a board of more than 53 squares' bits is no
JavaScript number. A message's ``kind`` says what it asks; a job's ``id`` (a positive int the
master chooses) comes back in its answer, and is what the master cancels.

The messages, by ``kind`` (an answer echoes its job's ``kind`` and ``id``):

``setup``: ``rules`` (:func:`reversi.formats.record.rules_to_dict`)
    The rules of the ``window`` jobs that follow. No answer.
``hints``: ``entries``
    Moves for the solver's table (a root's midgame estimate). No answer.
``window``: ``id``, ``p``, ``o`` (bits), ``alpha``, ``beta``, ``entries``
    The exact solver's value of the position in the window, fail-soft, after merging the
    other workers' table entries. Answer: ``value`` (None: cancelled), ``nodes``,
    ``entries`` (the deep entries it stored in its table, for the other workers).
``search``: ``id``, ``rules``, ``position``, ``move``, ``depth``, ``alpha``, ``beta``, ``seconds``, ``entries``
    ``position`` is a position string, ``move`` a square (-1 a pass, None: no move),
    ``seconds`` the job's time (None: no limit), ``entries`` the other workers' deep midgame
    table entries (``[p, o, supply, depth, lower, upper, move square]``; may be left out). The
    midgame search of the position after ``move``, ``depth`` plies, in the window, with this
    worker's table kept from job to job (the depths it does not hold for the position searched
    first, shallowest first, as iterative deepening does). Answer: ``value`` (fail-soft, for
    the side to move after ``move``; None: cancelled or out of time), ``nodes``, ``pv`` (from
    ``move`` on: squares, -1 a pass), ``entries`` (the deep entries it stored, for the others).
``solve``: ``id``, ``rules``, ``position``, ``move``, ``seconds``
    The exact value of the position after ``move``. Answer: ``value`` (discs; None:
    cancelled or out of time), ``nodes``.
``analyse``: ``id``, ``rules``, ``position``, ``move``, ``limits`` (:meth:`reversi.engine.protocol.Limits.to_json`)
    Every move's value, as :func:`reversi.engine.search.analyse` gives it for the position
    alone (fresh tables: the same values whichever worker runs it, and after whatever).
    Answer: ``scores`` ([square, centidiscs] pairs), ``order`` (squares, best first),
    ``depth``, ``exact``, ``nodes``, ``seconds``.
``error`` (an answer only): ``error`` (its text), ``reversi`` (a :class:`~reversi.errors.ReversiError`)
    The job raised: the master raises it again.

A table entry is ``[p, o, lower, upper, move]``: the bits of the position, the bounds of its
exact value and its best move's square (-1: none). Every value is for the side to move of the
position it is about.

Cancelling: a worker answers one message at a time; a carrier that can reach a running job
(:func:`reversi.engine.solver.set_stop_check` reading a flag the master sets, as the
process carrier's shared memory does) makes it stop within a few thousand nodes and answer
``value: None``; :attr:`JobWorker.current` is the id of the job running, for that check. A
carrier that cannot reach it lets it finish: the master drops an answer it no longer wants.
"""

from __future__ import annotations

from typing import Any

from reversi.core.position import PASS, Position
from reversi.core.rules import Rules
from reversi.engine.midgame import Searcher, TranspositionTable, solver_for_rules, supplies
from reversi.engine.protocol import Limits
from reversi.engine.solver import Solver
from reversi.errors import SearchTimeout, SolveTimeout
from reversi.formats.notation import parse_position
from reversi.formats.record import rules_from_dict

#: A message or an answer: plain JSON-able data (as :data:`reversi.engine.scheduler.Message`).
Message = dict[str, Any]

#: Table entries with at least this many empties come back with a ``window`` job's answer...
SHARE_MIN_EMPTIES = 9
#: ... at most this many (those of the most empties, nearest the job's root: the others are
#: the cheapest to search again): a big job stores tens of thousands, which would cost more to
#: carry (and to read) than they save, and would not fit a browser helper's mailbox (1 MB).
#: A job takes at most as many from the other workers (the latest).
SHARE_MOST = 4_000
#: Midgame table entries searched at least this deep come back with a ``search`` job's answer.
SHARE_MIN_DEPTH = 4


class SharingTable(TranspositionTable):
    """A search's table that notes the keys of the deep entries stored (:attr:`fresh`), to pass
    them on to the other workers."""

    def __init__(self, max_entries: int = 200_000, min_depth: int = SHARE_MIN_DEPTH) -> None:
        super().__init__(max_entries)
        self.min_depth = min_depth
        self.fresh: set[tuple[int, int, int]] = set()

    def __setitem__(self, key: tuple[int, int, int], value: tuple[int, int, int, int]) -> None:
        if value[0] >= self.min_depth:
            self.fresh.add(key)
        dict.__setitem__(self, key, value)

    def given(self, entries: list[list[Any]]) -> None:
        """Take the other workers' entries (``[p, o, supply, depth, lower, upper, move square]``)
        where this table knows less (not noted as fresh: they go back to no one)."""
        for p, o, sp, d, lo, hi, sq in entries:
            key = (unbits(p), unbits(o), sp)
            e = self.get(key)
            if e is None or e[0] < d:
                dict.__setitem__(self, key, (d, lo, hi, 1 << sq if sq >= 0 else 0))
            elif e[0] == d and max(lo, e[1]) <= min(hi, e[2]):
                dict.__setitem__(self, key, (d, max(lo, e[1]), min(hi, e[2]), e[3]))

    def taken(self) -> list[list[Any]]:
        """The deep entries stored since the last call, as a message carries them."""
        out = [[bits(k[0]), bits(k[1]), k[2], e[0], e[1], e[2], e[3].bit_length() - 1]
               for k in self.fresh if (e := self.get(k)) is not None]
        self.fresh.clear()
        return out

#: A solver table's entry: the bounds of the exact value and the best move's bit.
Entry = tuple[int, int, int]


def bits(board: int) -> str:
    """A bitboard as a message carries it: hexadecimal (any width fits: no JavaScript number does)."""
    return format(board, "x")


def unbits(text: str) -> int:
    """The bitboard of :func:`bits`."""
    return int(text, 16)


def entries_out(items: list[tuple[tuple[int, int], Entry]]) -> list[list[Any]]:
    """Solver table entries as a message carries them: ``[p, o, lower, upper, move square]``."""
    return [[bits(p), bits(o), lo, hi, move.bit_length() - 1] for (p, o), (lo, hi, move) in items]


def entries_in(data: list[list[Any]]) -> list[tuple[tuple[int, int], Entry]]:
    """The entries of :func:`entries_out`."""
    return [((unbits(p), unbits(o)), (lo, hi, 1 << sq if sq >= 0 else 0)) for p, o, lo, hi, sq in data]


class JobWorker:
    """A worker's side of a pool: it answers one message at a time (:meth:`answer`), keeping its
    solver's and its searchers' tables from job to job, as a worker of one master does."""

    def __init__(self) -> None:
        #: The id of the job being answered (0: none), for a carrier's stop check.
        self.current = 0
        self.solver: Solver | None = None
        self._shared: list[tuple[int, int]] = []
        self._searchers: dict[tuple[Any, ...], Searcher] = {}
        self._positions: dict[tuple[str, tuple[Any, ...]], Position] = {}

    def answer(self, message: Message) -> Message | None:
        """The answer to ``message`` (None for ``setup`` and ``hints``, which have none)."""
        kind = message["kind"]
        if kind == "setup":
            self._setup(rules_from_dict(message["rules"]))
            return None
        if kind == "hints":
            if self.solver is not None:
                tt = self.solver.tt
                for key, entry in entries_in(message["entries"]):
                    tt.setdefault(key, entry)
            return None
        job = message["id"]
        self.current = job
        try:
            if kind == "window":
                return self._window(message)
            if kind == "search":
                return self._search(message)
            if kind == "solve":
                return self._solve(message)
            if kind == "analyse":
                return self._analyse(message)
            raise ValueError(f"a job of unknown kind {kind!r}")
        finally:
            self.current = 0

    def _setup(self, rules: Rules) -> None:
        self.solver = solver_for_rules(rules)
        self._shared = self.solver.share(SHARE_MIN_EMPTIES)

    def _window(self, message: Message) -> Message:
        solver = self.solver
        if solver is None:
            raise ValueError("a window job before its setup")
        tt = solver.tt
        for key, entry in entries_in(message["entries"]):
            e = tt.get(key)
            tt[key] = entry if e is None else (max(entry[0], e[0]), min(entry[1], e[1]), e[2] or entry[2])
        solver.nodes = 0
        self._shared.clear()
        value: int | None
        try:
            value = solver.solve(unbits(message["p"]), unbits(message["o"]), message["alpha"], message["beta"])
        except SolveTimeout:
            value = None
        keys = [key for key in set(self._shared) if key in tt]
        if len(keys) > SHARE_MOST:
            keys.sort(key=lambda key: (key[0] | key[1]).bit_count())  # the fewest discs: the most empties
            del keys[SHARE_MOST:]
        out = [(key, tt[key]) for key in keys]
        return {"kind": "window", "id": message["id"], "value": value, "nodes": solver.nodes,
                "entries": entries_out(out)}

    # -- positions ----------------------------------------------------------------------

    def forget_searchers(self) -> None:
        """Drop the searchers kept from job to job (their evaluations were made without weights
        that have come since)."""
        self._searchers.clear()

    def searcher(self, rules: Rules) -> Searcher:
        """This worker's searcher for ``rules``, kept from job to job (its table too)."""
        key = _rules_key(rules)
        s = self._searchers.get(key)
        if s is None:
            if len(self._searchers) >= 4:
                self._searchers.clear()
            s = self._searchers[key] = Searcher(rules, tt=SharingTable())
        return s

    def position(self, message: Message) -> Position:
        """The position a job names: its ``position`` string under its ``rules``, after its ``move``."""
        rules = rules_from_dict(message["rules"])
        text = message["position"]
        key = (text, _rules_key(rules))
        pos = self._positions.get(key)
        if pos is None:
            if len(self._positions) >= 64:
                self._positions.clear()
            pos = self._positions[key] = parse_position(text, rules)
        move = message.get("move")
        if move is None:
            return pos
        return pos.pass_turn() if move == PASS else pos.play(move)

    def _search(self, message: Message) -> Message:
        import time

        rules = rules_from_dict(message["rules"])
        s = self.searcher(rules)
        pos = self.position(message)
        seconds = message.get("seconds")
        s.nodes = 0
        s.deadline = None if seconds is None else time.perf_counter() + seconds
        value: int | None
        pv: list[int] = []
        depth = message["depth"]
        alpha, beta = message["alpha"], message["beta"]
        tt = s.tt
        if isinstance(tt, SharingTable):
            tt.given(message.get("entries", []))
        try:
            # the depths this worker's table does not hold yet first, as iterative deepening does:
            # their best moves order the deep search (a move new to this worker would go in blind)
            known = s.tt.get((pos.player, pos.opponent, supplies(pos)[0])) if not pos.in_placement else None
            for shallower in range(1 if known is None else known[0] + 1, depth - 1):
                s.value(pos, shallower, alpha, beta)
            value = s.value(pos, depth, alpha, beta)
        except SearchTimeout:
            value = None
        finally:
            s.deadline = None
        if value is not None:
            move = message.get("move")
            if move is not None and move != PASS:
                root = self.position({**message, "move": None})
                pv = s.pv_from(root, move, depth + 1)
            elif move == PASS:
                pv = [PASS]
        shared = tt.taken() if isinstance(tt, SharingTable) else []
        if len(shared) > SHARE_MOST:  # the deepest: a helper's mailbox holds one answer of a bounded size
            shared.sort(key=lambda entry: -entry[3])
            del shared[SHARE_MOST:]
        return {"kind": "search", "id": message["id"], "value": value, "nodes": s.nodes, "pv": pv, "entries": shared}

    def _solve(self, message: Message) -> Message:
        import time

        from reversi.engine.solver import solver_for

        pos = self.position(message)
        solver = solver_for(pos)
        seconds = message.get("seconds")
        solver.nodes = 0
        solver.deadline = None if seconds is None else time.perf_counter() + seconds
        value: int | None
        try:
            if pos.is_over:
                value = pos.final_margin(pos.turn)
            else:
                from reversi.engine.search import solve

                value = solve(pos, Limits(seconds=seconds), all_best=False).score
        except SolveTimeout:
            value = None
        finally:
            solver.deadline = None
        return {"kind": "solve", "id": message["id"], "value": value, "nodes": solver.nodes}

    def _analyse(self, message: Message) -> Message:
        from reversi.engine.search import analyse

        rules = rules_from_dict(message["rules"])
        pos = self.position(message)
        limits = Limits.from_json(message["limits"])
        # fresh tables: the values are then those of this position analysed alone, whatever this
        # worker analysed before (a table's deeper entries and bounds can change a fixed depth's values)
        s = Searcher(rules, self.searcher(rules).evaluate, TranspositionTable())
        s.solver.tt.clear()
        a = analyse(pos, limits, searcher=s)
        return {"kind": "analyse", "id": message["id"], "scores": [[m, v] for m, v in a.scores.items()],
                "order": list(a.order), "depth": a.depth, "exact": a.exact, "nodes": a.nodes,
                "seconds": a.seconds}


def _rules_key(rules: Rules) -> tuple[Any, ...]:
    return (rules.variant, rules.size, rules.anti, rules.free_opening, rules.blocked, rules.handicap,
            rules.handicap_color)
