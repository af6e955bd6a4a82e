"""Puzzles (``?view=puzzle``): find the best move; the answers travel in the link.

A teacher makes a puzzle from a position: the engine values every legal move once, then
(exactly where the solver reaches the end), and the values and the best line go into the
link (:func:`puzzle_params`). The reader's embed needs no engine: a click on a move is
answered from the link (:class:`PuzzleState`): best (moves tied for best all count), or
how many discs it loses against the best; "Show solution" plays the best line (the main line
from the puzzle's position, whatever was tried before, with its own message).

Link parameters (owner ``puzzle`` in :mod:`reversi.formats.links`):

* ``pz``: each legal move and what it loses against the best, in discs: ``c4:0.d3:0.e6:6``;
* ``sol``: the best line from the puzzle's position, a transcript: ``c4e3f6``;
* ``px``: ``1`` when the values are exact (the solver's), else they are the search's estimates.

With ``coach=1`` (owner ``embed``) a wrong try's answer also says why the move is worse than the
best, without naming the best (:mod:`reversi.ui.coach`): "After b1, White can take the corner a1;
the best move does not allow it." The review's "Practise these positions" asks for it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from reversi.core.position import PASS, Position
from reversi.errors import NotationError
from reversi.formats.links import parse_query
from reversi.formats.notation import play_transcript, write_transcript
from reversi.i18n import _, join_list, join_sentences, ngettext

#: The most a move can lose, in discs (a 16x16 board has 256 squares).
MAX_LOSS = 256
#: The longest solution line kept (plies).
MAX_SOLUTION = 30


@dataclass(frozen=True)
class Puzzle:
    """What a puzzle's link says: each legal move's loss (discs), the best line, exactness."""

    losses: Mapping[int, int]
    solution: tuple[int, ...]
    exact: bool

    @property
    def best(self) -> frozenset[int]:
        return frozenset(m for m, loss in self.losses.items() if loss == 0)


def puzzle_from_analysis(position: Position, analysis: Mapping[str, Any]) -> Puzzle:
    """The puzzle at ``position`` from the engine's ``analyse`` reply (its ``scores`` in
    centidiscs for the side to move, its ``pv`` and ``exact``)."""
    g = position.rules.geometry
    scores: Mapping[str, int] = analysis.get("scores", {})
    if not scores or "pass" in scores:
        raise NotationError(_("puzzle: the side to move has no move to find here"))
    top = max(scores.values())
    losses: dict[int, int] = {}
    for name in g.bits_to_names(position.legal):
        if name not in scores:
            raise NotationError(_("puzzle: the analysis has no value for {move}").format(move=name))
        losses[g.parse_square(name)] = min(MAX_LOSS, round((top - scores[name]) / 100))
    line = tuple(g.parse_square(m) for m in analysis.get("pv", [])[:MAX_SOLUTION] if m != "pass")
    if line and losses.get(line[0]) != 0:
        line = ()  # a line that does not start with a best move (a search cut short) is no solution
    return Puzzle(losses, line, bool(analysis.get("exact")))


def puzzle_params(position: Position, analysis: Mapping[str, Any] | Puzzle) -> dict[str, str]:
    """The link parameters of a puzzle at ``position`` (a :class:`Puzzle`, or the engine's
    ``analyse`` reply it is made from: :func:`puzzle_from_analysis`)."""
    puzzle = analysis if isinstance(analysis, Puzzle) else puzzle_from_analysis(position, analysis)
    g = position.rules.geometry
    parts = [f"{g.name(m)}:{loss}" for m, loss in sorted(puzzle.losses.items())]
    out = {"pz": ".".join(parts), "sol": write_transcript(list(puzzle.solution), g)}
    if puzzle.exact:
        out["px"] = "1"
    return {k: v for k, v in out.items() if v}


def puzzle_query(position: Position, analysis: Mapping[str, Any] | Puzzle) -> str:
    """A puzzle's link parameters (no ``view``): its position as a set-up start, and the answers."""
    from reversi.formats.links import record_params, rewrite_query
    from reversi.formats.record import Record

    game = rewrite_query("", "game", record_params(Record(rules=position.rules, start=position)))
    return rewrite_query(game, "puzzle", puzzle_params(position, analysis))


def read_puzzle(query: str, position: Position) -> Puzzle:
    """The puzzle of an address for ``position``; raises NotationError naming what is wrong."""
    params = parse_query(query)
    text = params.get("pz", "")
    if not text:
        raise NotationError(_("puzzle: the link has no answers (pz=)"))
    g = position.rules.geometry
    legal = position.legal
    losses: dict[int, int] = {}
    for part in text.split("."):
        name, sep, value = part.partition(":")
        if not sep or not (value.isascii() and value.isdigit() and len(value) <= 3) or int(value) > MAX_LOSS:
            raise NotationError(_("puzzle: pz={part!r} should be a move and a number of discs, like c4:2").format(
                part=part[:20]))
        move = g.parse_square(name)
        if not legal >> move & 1:
            raise NotationError(_("puzzle: {move} is not a legal move here").format(move=name[:4]))
        if move in losses:
            # Translators: a puzzle's link gives the answer for one move twice
            raise NotationError(_("puzzle: pz= names {move} twice").format(move=name[:4]))
        losses[move] = int(value)
    missing = [n for n in g.bits_to_names(legal) if g.parse_square(n) not in losses]
    if missing:
        raise NotationError(_("puzzle: no answer for {moves}").format(moves=", ".join(missing[:4])))
    return checked_puzzle(position, losses, params.get("sol", ""), params.get("px") == "1")


def checked_puzzle(position: Position, losses: dict[int, int], solution: str, exact: bool) -> Puzzle:
    """The puzzle of a link's answers (every legal move's loss) and solution (a transcript), read
    at ``position``: one puzzle's or a set's (:mod:`reversi.ui.embed.puzzle_set`)."""
    if 0 not in losses.values():
        raise NotationError(_("puzzle: no move is marked best (a loss of 0)"))
    line = play_transcript(position, solution).line if solution else ()
    if len(line) > MAX_SOLUTION:
        raise NotationError(_("puzzle: the solution is too long"))
    if line and losses.get(line[0]) != 0:
        raise NotationError(_("puzzle: the solution does not start with a best move"))
    return Puzzle(losses, tuple(line), exact)


class PuzzleState:
    """The reader's tries at one puzzle: each click answered from the link."""

    def __init__(self, puzzle: Puzzle, position: Position, coach: bool = False) -> None:
        self.puzzle = puzzle
        self.position = position
        #: A wrong try's answer says why it is worse (:mod:`reversi.ui.coach`, the best move not named).
        self.coach = coach
        self.tries = 0
        self.solved = False
        #: The answer to the last try ('' before the first).
        self.feedback = ""
        #: "best" or "worse" for the last try, "solution" once the solution is shown ('' before).
        self.verdict = ""
        #: The tries it took to find a best move (0 until one is found), for a set's score.
        self.found_at = 0
        #: The solution was shown; and it was shown before a best move was found.
        self.shown = False
        self.shown_first = False

    def solution_line(self) -> tuple[int, ...]:
        """The line "Show solution" plays: the link's, else a best move (the first in square order)."""
        return self.puzzle.solution or (min(self.puzzle.best),)

    def show_solution(self) -> None:
        """The solution is shown: the puzzle is over, and the answer to the last try gives way to it."""
        self.solved = True
        self.verdict = "solution"
        self.shown = True
        self.shown_first = self.shown_first or not self.found_at
        g = self.position.rules.geometry
        line = self.solution_line()
        # Translators: a puzzle's solution, shown on request; {line} is the best line, e.g. "e2 f1 g2"
        text = _("Solution: {line}.").format(line=" ".join(g.name(m) for m in line if m != PASS))
        others = sorted(self.puzzle.best - {line[0]})
        if others:
            # Translators: after a puzzle's solution: the other first moves that are as good, e.g. "c4, d3"
            text = join_sentences([text, ngettext("{moves} is just as good.", "{moves} are just as good.",
                                                  len(others)).format(moves=join_list(g.name(m) for m in others))])
        self.feedback = text

    def task(self) -> str:
        """What the reader is asked."""
        side = self.position.rules.display_side_names()[self.position.turn]
        # Translators: a puzzle's task: "Black to play: find the best move"
        return _("{side} to play: find the best move").format(side=side)

    def try_move(self, move: int) -> bool:
        """The reader plays ``move``; True if it is a legal move here (and so an answer)."""
        if move not in self.puzzle.losses:
            return False
        self.tries += 1
        name = self.position.rules.geometry.name(move)
        loss = self.puzzle.losses[move]
        if loss == 0:
            self.solved = True
            self.verdict = "best"
            self.found_at = self.found_at or self.tries
            if len(self.puzzle.best) > 1:
                # Translators: a puzzle's answer: the move tried is one of several equally good ones
                self.feedback = _("Right: {move} is one of the best moves.").format(move=name)
            else:
                # Translators: a puzzle's answer: the move tried is the best one
                self.feedback = _("Right: {move} is the best move.").format(move=name)
            return True
        self.verdict = "worse"
        if self.position.rules.anti:  # fewer discs win: a worse move does not lose discs, it ends worse
            if self.puzzle.exact:
                # Translators: a puzzle's answer in Anti (fewer discs wins), exact: the move tried ends worse
                text = ngettext("{move} ends {n} disc worse than the best move.",
                                "{move} ends {n} discs worse than the best move.", loss)
            else:
                # Translators: a puzzle's answer in Anti (fewer discs wins), estimated by the engine's search
                text = ngettext("{move} ends about {n} disc worse than the best move.",
                                "{move} ends about {n} discs worse than the best move.", loss)
        elif self.puzzle.exact:
            # Translators: a puzzle's answer, exact (the solver's): the move tried loses discs against the best
            text = ngettext("{move} loses {n} disc against the best move.",
                            "{move} loses {n} discs against the best move.", loss)
        else:
            # Translators: a puzzle's answer, estimated by the engine's search
            text = ngettext("{move} loses about {n} disc against the best move.",
                            "{move} loses about {n} discs against the best move.", loss)
        why: list[str] = []
        if self.coach:
            from reversi.ui.coach import coach_sentences  # only for a puzzle that asks for the coach

            why = coach_sentences(self.position, move, self.solution_line()[0], name_best=False)
        # Translators: after a wrong answer to a puzzle
        self.feedback = join_sentences([text.format(move=name, n=loss), *why, _("Try again.")])
        return True
