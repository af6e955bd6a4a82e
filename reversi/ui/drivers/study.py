"""The engine's study of the game: analysis, the evaluation graph and the review. No DOM here.

One worker serves the computer's moves, the hints and this. The page asks
:class:`StudyDriver` only when the others are idle (:meth:`StudyDriver.poke`
with ``busy``), and each request is a *slice* of at most :data:`SLICE_SECONDS`,
so a computer's move waits at most one slice. The worker keeps its search
table between calls (:func:`reversi.engine.api.analyse`): a position asked
again goes deeper in the same time.

What it works on, in order:

1. **Analysis** (when on): the position shown, slice after slice, until the
   solver has it exactly or :data:`ANALYSIS_SLICES` slices were spent; the
   best line, its value and depth (:meth:`StudyDriver.analysis`).
2. **The graph**: every position of the main line not evaluated yet, one slice
   each, the first not yet known first. A finished game's last position needs
   no engine: its value is the result.

**More workers** (the pool's helpers, :mod:`reversi.ui.drivers.pool`) each get a
:class:`StudyLane`: the positions are independent, so every free worker takes the next one
not asked yet, and a review of a whole game runs on all of them at once. Every lane asks the
same slice (:data:`SLICE_LIMITS`), so a position's answer does not depend on which worker gave
it. A request whose position is no longer wanted (the game changed) is stopped through its
worker's stop flag where there is one (:meth:`StudyDriver.stop_stale`), and its reply, cut
short, is dropped.

Each evaluation keeps the value of every legal move, which is what the
**review** needs: a move's loss is the value of the best move minus the value of
the move played, in discs, for the side that played it
(:func:`review_marks`); a loss of :data:`MISTAKE_DISCS` is a mistake, of
:data:`BLUNDER_DISCS` a blunder.

Values are centidiscs (100 = one disc). The graph (:mod:`reversi.ui.graph`) draws them
from Black's side (the first player's): above the middle line Black is doing better, in
Anti too (there "better" is heading for fewer discs), which the graph's caption says. The
review in words is :mod:`reversi.ui.review`.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from reversi.core.game import Game, Node
from reversi.core.position import Position
from reversi.core.rules import BLACK
from reversi.core.stability import mobility, stable_discs
from reversi.engine.protocol import AnalyseRequest, AnalysisReply, ErrorReply, Limits, read_reply
from reversi.formats.notation import move_name
from reversi.i18n import N_, _, format_number
from reversi.ui import turns as _turns
from reversi.ui.drivers.requests import Ask, Redraw, Reply, RequestDriver, no_redraw

if TYPE_CHECKING:
    from reversi.ui.drivers.workers import StopFlag

#: The longest request (seconds): the computer's move waits at most this long for the worker.
SLICE_SECONDS = 0.25
#: Positions with this many empty squares or fewer are solved exactly when the slice allows.
EXACT_EMPTIES = 14
#: How many slices the analysis spends on one position at most (unless solved sooner).
ANALYSIS_SLICES = 16
#: The limits of one slice.
SLICE_LIMITS = Limits(seconds=SLICE_SECONDS, exact_empties=EXACT_EMPTIES)
#: A move that loses this many discs or more against the best is a mistake; this many a blunder.
MISTAKE_DISCS = 4
BLUNDER_DISCS = 10


@dataclass
class Evaluation:
    """What the engine said of a position: every move's value (centidiscs, side to move), the best line."""

    scores: dict[str, int] = field(default_factory=dict)
    best: list[str] = field(default_factory=list)
    pv: list[str] = field(default_factory=list)
    depth: int = 0
    exact: bool = False
    slices: int = 0
    #: Why there is no value ('' if there is one).
    error: str = ""
    #: The best moves with their expected lines, best first (as many as were asked for).
    lines: list[list[str]] = field(default_factory=list)
    #: How many lines the last request for this position asked for.
    lines_asked: int = 1

    @property
    def value(self) -> int | None:
        """The position's value for the side to move (its best move's), or None."""
        return max(self.scores.values()) if self.scores else None


def final_value(position: Position) -> int:
    """A finished game's value for the side to move, in centidiscs (in Anti: fewer discs is better)."""
    margin = position.count(position.turn) - position.count(1 - position.turn)
    return 100 * (-margin if position.rules.anti else margin)


def evaluated(position: Position) -> Position:
    """The position whose evaluation stands for ``position``: itself, or where the side to move
    must pass, the position after the pass (a pass changes nobody's prospects, and the game plays
    a forced pass at once: a request for the position before it is answered for the one after)."""
    return position.pass_turn() if position.must_pass else position


def held_to_board(position: Position, value: int) -> int:
    """An estimate held to what the board allows: no side wins by more discs than it has squares."""
    most = 100 * position.rules.geometry.square_count
    return max(-most, min(most, value))


def black_value(position: Position, value: int) -> int:
    """A value for the side to move, seen from Black's side."""
    return value if position.turn == BLACK else -value


def path_request(game: Game, node: Node, lines: int = 1) -> AnalyseRequest:
    """The worker's ``analyse`` request for one slice on ``node``'s position: the game's start and
    the moves to it, and how many of the best moves' lines to give."""
    moves = [n.move for n in node.path() if n.move is not None]
    return AnalyseRequest.in_game(game, moves, limits=SLICE_LIMITS, lines=lines)


class _Lane(RequestDriver[Position]):
    """One worker's study requests, one at a time; a request stopped as stale is not used."""

    #: The stop flag of this lane's worker (None: none shared, or not this lane's to move).
    flag: StopFlag | None = None
    #: The worker's name (the engine's own: ``engine``).
    name = "engine"

    def _init_lane(self) -> None:
        #: The lines asked for by the request in flight.
        self.lines_sent = 1
        #: Requests sent, and the one that was stopped as stale (its reply is dropped).
        self.sends = 0
        self.stopped_send = -1

    def send_job(self, token: Position, request: AnalyseRequest, lines: int) -> asyncio.Future[None] | None:
        self.lines_sent = lines
        task = self.send(token, request)
        if task is not None:
            self.sends += 1
        return task

    def stopped(self) -> bool:
        """The request in flight was stopped as stale."""
        return self.in_flight and self.stopped_send == self.sends

    def mark_stopped(self) -> None:
        self.stopped_send = self.sends

    def wanted(self, token: Position) -> bool:
        return self.stopped_send != self.sends  # kept by position: never stale, unless stopped


class StudyDriver(_Lane):
    """Evaluates positions in the background, one slice at a time, when the worker is idle.

    Its token is the position asked about; every reply is kept (by position), so a
    reply is never stale: it is for the position it names, wherever that is shown. It is the
    study's lane on the engine's own worker; :attr:`lanes` are the helpers' (by name).
    """

    def __init__(self, controller: _turns.PlayState, ask: Ask | None = None, on_change: Redraw = no_redraw,
                 clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__(lambda: controller.position, ask, on_change, clock)
        self._init_lane()
        self.controller = controller
        self.evals: dict[Position, Evaluation] = {}
        #: The analysis of the position shown is on (the person's choice).
        self.analysing = False
        #: The review's marks are shown (the person asked for the review).
        self.reviewing = False
        #: Evaluate the main line in the background (the graph); off: only the analysis asks.
        self.graphing = True
        #: How many of the best moves the analysis shows, each with its line (1 to MAX_LINES).
        self.lines = 1
        #: The helpers' lanes, by the helper's name (:meth:`add_lane`).
        self.lanes: dict[str, StudyLane] = {}
        #: Requests stopped because their position was no longer wanted (on any worker), and by worker.
        self.stops = 0
        self.stops_by: dict[str, int] = {}
        #: Replies the helpers' lanes gave that were kept (removed lanes' too).
        self.helper_replies = 0

    # -- what to ask next -----------------------------------------------------------------

    def _known(self, position: Position) -> Evaluation | None:
        if position.is_over:
            return Evaluation({}, [], [], 0, True, 1)
        return self.evals.get(evaluated(position))

    def all_lanes(self) -> list[_Lane]:
        """This lane (the engine's worker) first, then the helpers'."""
        return [self, *self.lanes.values()]

    def asked(self) -> set[Position]:
        """The positions a request is in flight for, on any worker."""
        return {lane.pending for lane in self.all_lanes() if lane.pending is not None}

    def jobs(self, most: int | None = None) -> list[Node]:
        """The nodes whose positions to ask about next, first first, none asked already (at most ``most``)."""
        game = self.controller.game
        asked = self.asked()
        out: list[Node] = []
        seen: set[Position] = set()

        def take(node: Node) -> bool:
            position = evaluated(node.position)
            if position in asked or position in seen:
                return False
            seen.add(position)
            out.append(node)
            return most is not None and len(out) >= most

        if self.analysing:
            node = game.current
            e = self._known(node.position)
            if e is None or (not e.exact and not e.error and e.slices < ANALYSIS_SLICES):
                if take(node):
                    return out
            elif not node.position.is_over and not e.error and e.lines_asked < self.lines:
                if take(node):  # more lines wanted than this position's evaluation has
                    return out
        if self.graphing or self.reviewing:
            for node in game.main_line():
                # a position that must pass: the next one, after the pass, stands for it
                if not node.position.must_pass and self._known(node.position) is None and take(node):
                    return out
        return out

    def next_job(self) -> Node | None:
        """The node whose position to ask about next, or None when there is nothing to do."""
        jobs = self.jobs(1)
        return jobs[0] if jobs else None

    def backlog(self) -> int:
        """How many positions there are to ask about, those in flight included: the work for the workers."""
        return len(self.jobs()) + len(self.asked())

    def poke(self, busy: bool = False, hidden: bool = False, helpers_busy: bool = False) -> asyncio.Future[None] | None:
        """Ask about the next positions on the free workers: the engine's own worker unless ``busy``
        (another driver needs it), the helpers' whenever the page is not ``hidden`` and they are
        not ``helpers_busy`` (a solve shares its work with them); the task of the engine's own
        worker's request, or None."""
        if hidden:
            return None
        free = [lane for lane in self.all_lanes() if lane.ready and not lane.in_flight
                and not (lane is self and busy) and not (lane is not self and helpers_busy)]
        if not free:
            return None
        first = None
        for lane, node in zip(free, self.jobs(len(free)), strict=False):
            shown = self.analysing and node is self.controller.game.current
            lines = self.lines if shown else 1
            task = lane.send_job(evaluated(node.position), path_request(self.controller.game, node, lines), lines)
            if lane is self:
                first = task
        return first

    def still_wanted(self, position: Position) -> bool:
        """Is ``position`` still one the study would ask about (the game may have changed)?"""
        game = self.controller.game
        if self.analysing and evaluated(game.current.position) == position:
            return True
        if self.graphing or self.reviewing:
            return any(evaluated(n.position) == position for n in game.main_line() if not n.position.must_pass)
        return False

    def stop_stale(self, own_flag: StopFlag | None = None) -> int:
        """Stop every request whose position is no longer wanted, on every worker that shares a stop
        flag (``own_flag``: the engine's own worker's, when nothing else runs there); their replies
        are dropped. How many were stopped."""
        stopped = 0
        for lane in self.all_lanes():
            flag = own_flag if lane is self else lane.flag
            if flag is None or lane.pending is None or lane.stopped() or self.still_wanted(lane.pending):
                continue
            lane.mark_stopped()
            flag.bump()
            stopped += 1
            self.stops_by[lane.name] = self.stops_by.get(lane.name, 0) + 1
        self.stops += stopped
        return stopped

    # -- the helpers' lanes ----------------------------------------------------------------

    def add_lane(self, name: str, ask: Ask, flag: StopFlag | None = None) -> StudyLane:
        """A helper worker ``name`` takes part (``ask``: its ``analyse``; ``flag``: its own stop flag)."""
        lane = StudyLane(self, name, ask, flag)
        self.lanes[name] = lane
        return lane

    def remove_lane(self, name: str) -> None:
        """The helper ``name`` is gone: its request in flight is abandoned (its position is asked again)."""
        lane = self.lanes.pop(name, None)
        if lane is not None:
            lane.abandon()
            lane.set_engine(None)

    # -- the replies -------------------------------------------------------------------------

    def accept(self, token: Position, reply: Reply) -> None:
        self.keep(token, reply, self.lines_sent)

    def keep(self, token: Position, reply: Reply, lines_sent: int) -> None:
        """Keep a reply about ``token`` (asked with ``lines_sent`` lines) as its evaluation, unless it adds nothing."""
        old = self.evals.get(token)
        slices = (old.slices if old else 0) + 1
        answer = read_reply(AnalysisReply, reply)
        if isinstance(answer, ErrorReply):
            if old is None or not old.scores:
                self.evals[token] = Evaluation(error=answer.error, slices=slices)
            return
        new = Evaluation(
            scores={k: v if answer.exact else held_to_board(token, v) for k, v in answer.scores.items()},
            best=list(answer.best),
            pv=list(answer.pv),
            depth=answer.depth,
            exact=answer.exact,
            slices=slices,
            lines=[list(line) for line in answer.lines] or ([list(answer.pv)] if answer.pv else []),
            lines_asked=lines_sent,
        )
        more_lines = old is not None and lines_sent > old.lines_asked
        if old is not None and old.scores and not new.exact and (old.exact or old.depth > new.depth) \
                and not more_lines:
            old.slices = slices  # a shallower answer (the table was pushed out) adds nothing
            return
        self.evals[token] = new

    # -- what the page shows ------------------------------------------------------------

    def value_of(self, position: Position) -> tuple[int, bool] | None:
        """``(value from Black's side, exact)`` of a position, or None while unknown."""
        if position.is_over:
            return black_value(position, final_value(position)), True
        position = evaluated(position)
        e = self.evals.get(position)
        if e is None or e.value is None:
            return None
        return black_value(position, e.value), e.exact

    def analysis(self) -> Evaluation | None:
        """The evaluation of the position shown, if any."""
        return self._known(self.controller.position) if self.analysing else None

    def graph_points(self) -> list[tuple[int, int | None, bool]]:
        """``(ply, value from Black's side or None, exact)`` for each position of the main line."""
        out = []
        for node in self.controller.game.main_line():
            known = self.value_of(node.position)
            out.append((node.depth, None if known is None else known[0], bool(known and known[1])))
        return out


class StudyLane(_Lane):
    """A helper worker's share of the study: it asks its own worker, and its replies go to the study's evaluations."""

    def __init__(self, study: StudyDriver, name: str, ask: Ask, flag: StopFlag | None = None) -> None:
        super().__init__(lambda: study.controller.position, ask, study.on_change, study.clock)
        self._init_lane()
        self.study = study
        self.name = name
        self.flag = flag

    def accept(self, token: Position, reply: Reply) -> None:
        if self.failure:
            return  # the helper is broken, not the position: it is asked again of another worker
        self.study.helper_replies += 1
        self.study.keep(token, reply, self.lines_sent)


@dataclass(frozen=True)
class MoveReview:
    """A main-line move's loss against the engine's best, in discs (0: a best move)."""

    ply: int
    loss: int
    exact: bool
    #: The best moves where this one was played (square names).
    best: tuple[str, ...]
    #: The move played (its square's name).
    played: str = ""

    @property
    def kind(self) -> str:
        """``blunder``, ``mistake`` or '' (a good move)."""
        if self.loss >= BLUNDER_DISCS:
            return "blunder"
        return "mistake" if self.loss >= MISTAKE_DISCS else ""


def review_marks(game: Game, evals: Mapping[Position, Evaluation]) -> dict[int, MoveReview]:
    """Each main-line move whose position before it has been evaluated, by its ply."""
    out: dict[int, MoveReview] = {}
    g = game.rules.geometry
    for node in game.main_line()[1:]:
        parent = node.parent
        if parent is None or node.move is None or node.was_forced_pass:
            continue
        e = evals.get(parent.position)
        played = move_name(node.move, g)
        if e is None or e.value is None or played not in e.scores:
            continue
        loss = max(0, round((e.value - e.scores[played]) / 100))
        out[node.depth] = MoveReview(node.depth, loss, e.exact, tuple(e.best), played)
    return out


def value_text(value: int, exact: bool) -> str:
    """A value as discs with a sign ("+4", "−2.5"), the exact ones whole."""
    discs = value / 100
    text = format_number(abs(discs), 0 if exact or abs(discs) >= 10 else 1)
    if discs > 0:
        return "+" + text
    return ("\u2212" + text) if discs < 0 else text


#: The analysis' "Best for Black", one message per side's name (``Rules.side_names``, English:
#: Classic's second side is Red), not "Best for {side}": the name follows a preposition, and
#: languages with cases write it in another form there (Czech "pro Černého", Polish "dla Czarnych").
BEST_FOR: Mapping[str, str] = {
    # Translators: the analysis' best line is for Black (the side to move); the line and its value follow
    "Black": N_("Best for Black"),
    # Translators: the analysis' best line is for White (the side to move); the line and its value follow
    "White": N_("Best for White"),
    # Translators: the analysis' best line is for Red (Classic Reversi's second side); the line and its value follow
    "Red": N_("Best for Red"),
}


def moves_text(moves: list[str]) -> str:
    """An engine's line as the analysis writes it: "f4 e3 pass c6" (the pass in the page's language)."""
    return " ".join(_("pass") if m == "pass" else m for m in moves)


def analysis_text(e: Evaluation | None, position: Position) -> str:
    """The analysis panel's line: the best line, its value for the side to move, depth or exact."""
    if position.is_over:
        return _("The game is over.")
    if e is None:
        return _("Analysing…")
    if e.error:
        return _("No analysis: {error}").format(error=e.error)
    value = e.value
    if value is None:
        return _("Analysing…")
    line = moves_text(e.pv or e.best[:1])
    best = _(BEST_FOR[position.rules.side_names[evaluated(position).turn]])
    if e.exact:
        # Translators: the analysis: "Best for Black: f4 e3 c6 · +6 (exact)"; {best} is "Best for Black"
        # (or White, Red), the value is in discs
        return _("{best}: {line} · {value} (exact)").format(best=best, line=line, value=value_text(value, True))
    # Translators: the analysis: "Best for Black: f4 e3 c6 · +2.4 · depth 9"; {best} is "Best for Black"
    # (or White, Red), the value is in discs
    return _("{best}: {line} · {value} · depth {depth}").format(
        best=best, line=line, value=value_text(value, False), depth=e.depth
    )


def other_lines(e: Evaluation | None, position: Position) -> list[str]:
    """The analysis' further lines (the second best move on), each "d3 c4 f4 · +1.0", exact ones
    marked; none while there is no evaluation or only the best line was asked for."""
    if e is None or e.error or position.is_over:
        return []
    out = []
    for line in e.lines[1:]:
        value = e.scores.get(line[0])
        if value is None:
            continue
        moves = moves_text(line)
        if e.exact:
            # Translators: one of the analysis' lines: its moves and its exact value in discs, "d3 c4 · +2 (exact)"
            out.append(_("{line} · {value} (exact)").format(line=moves, value=value_text(value, True)))
        else:
            out.append(f"{moves} · {value_text(value, False)}")
    return out


def counts_text(position: Position) -> str:
    """Both sides' mobility and stable discs: "Moves: Black 7, White 5 · Stable discs: Black 3, White 0"."""
    names = position.rules.display_side_names()
    moves = mobility(position)
    stable = tuple(bits.bit_count() for bits in stable_discs(position))
    # Translators: the analysis' counts for both sides: how many moves each has, how many discs can never flip
    return _("Moves: {black} {black_moves}, {white} {white_moves} · Stable discs: {black} {black_stable}, "
             "{white} {white_stable}").format(black=names[0], white=names[1], black_moves=moves[0],
                                              white_moves=moves[1], black_stable=stable[0], white_stable=stable[1])


def bar_share(position: Position, value: int) -> float:
    """The evaluation bar's part for Black (0 to 1) for a value from Black's side: the share of the
    board's squares Black would end with at that margin (in Anti, "better" is fewer discs)."""
    squares = position.rules.geometry.square_count
    return max(0.0, min(1.0, 0.5 + value / 100 / (2 * squares)))


__all__ = [
    "ANALYSIS_SLICES",
    "BLUNDER_DISCS",
    "MISTAKE_DISCS",
    "SLICE_SECONDS",
    "Evaluation",
    "MoveReview",
    "StudyDriver",
    "StudyLane",
    "analysis_text",
    "bar_share",
    "black_value",
    "counts_text",
    "final_value",
    "other_lines",
    "review_marks",
    "value_text",
]
