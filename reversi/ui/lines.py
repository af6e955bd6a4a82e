"""Lines shown on the board: an engine's line played out as numbered discs, and said as text. No DOM here.

The analysis' lines (:mod:`reversi.ui.drivers.study`) and the review's better move (the line the
engine expected after it, :func:`better_line`) are move names from a position. Pointed at,
focused or tapped, one of them is drawn on the board as a numbered diagram draws a game
(:attr:`reversi.drawing.render.BoardView.line`): each disc the line places, numbered from 1, in
the colour of the side that plays it. The moves are played out from the position they start
from (:meth:`Line.play`), so the colours follow the passes; a move that cannot be played ends
the line. Keyboards and screen readers get the same as text (:meth:`Line.words`: "Line: 1. Black
c4, 2. White e3, Black passes, 3. White f4"), and the squares' labels say the move played there.

Which line is shown is :class:`LinePreview`'s: the element pointed at (``hover``), the one
focused from the keyboard (``focus``), the one tapped (``tap``: a phone has no pointer to rest
on a line, so a tap shows it and a second tap, or a tap elsewhere, takes it away); the last of
them set is shown. A tapped line belongs to the position it was tapped on. Each element is
named by a *source*: ``analysis-1`` the analysis' best line, ``analysis-2`` the next...,
``better`` the review's better move (:func:`line_of`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from reversi.core.game import Game
from reversi.core.position import Position
from reversi.drawing.render import BoardView
from reversi.errors import ReversiError
from reversi.i18n import _, join_list
from reversi.ui.drivers.study import Evaluation, review_marks
from reversi.ui.move_list import numbered_move
from reversi.ui.review import better_squares, reviewed_node

#: The sources of the lines: the analysis' k-th line is ``analysis-k`` (from 1), the review's better move ``better``.
ANALYSIS = "analysis-"
BETTER = "better"
#: The ways a line is asked for (:class:`LinePreview`).
HOVER, FOCUS, TAP = "hover", "focus", "tap"
#: What a board shows of a line: ``(square, number, side)`` for each disc it places.
Discs = tuple[tuple[str, int, int], ...]


@dataclass(frozen=True)
class Line:
    """An engine's line played out from ``start``: each ply its square (None: a pass) and its side."""

    start: Position
    plies: tuple[tuple[int | None, int], ...] = ()

    @classmethod
    def play(cls, start: Position, moves: Sequence[str]) -> Line:
        """The moves named (``"f5"``, ``"pass"``) played from ``start``: a pass the line does not
        name is made where the side to move must pass; the line ends at the first move that cannot
        be played (or at the end of the game)."""
        g = start.rules.geometry
        position = start
        plies: list[tuple[int | None, int]] = []
        for name in moves:
            if position.is_over:
                break
            if name == "pass":
                if not position.must_pass:
                    break
                plies.append((None, position.turn))
                position = position.pass_turn()
                continue
            try:
                square = g.parse_square(name)
            except ReversiError:
                break
            if position.must_pass:  # the engine's line leaves a forced pass out
                plies.append((None, position.turn))
                position = position.pass_turn()
            if not position.is_legal(square):
                break
            plies.append((square, position.turn))
            position = position.play(square)
        return cls(start, tuple(plies))

    def discs(self) -> Discs:
        """``(square, number, side)`` for each disc the line places, numbered from 1 (a pass has no number)."""
        g = self.start.rules.geometry
        placed = [(square, side) for square, side in self.plies if square is not None]
        return tuple((g.name(square), number, side) for number, (square, side) in enumerate(placed, 1))

    def words(self, side_names: tuple[str, str]) -> str:
        """The line as text, numbered as on the board, each move as the move list says it: "Line: 1.
        Black c4, 2. White e3, Black passes, 3. White f4"."""
        g = self.start.rules.geometry
        said: list[str] = []
        number = 0
        for square, side in self.plies:
            if square is None:
                said.append(_("{side} passes").format(side=side_names[side]))
                continue
            number += 1
            said.append(numbered_move(number, side_names[side], g.name(square)))
        # Translators: a line of moves (the analysis', the review's better move) read out: "Line: 1. Black c4,
        # 2. White e3"; the numbers are those drawn on the board while the line is shown
        return _("Line: {moves}").format(moves=join_list(said))

    def __bool__(self) -> bool:
        return bool(self.plies)


def analysis_moves(e: Evaluation | None, position: Position) -> list[list[str]]:
    """The analysis' lines as the study bar shows them, best first: the best line
    (:func:`reversi.ui.drivers.study.analysis_text`'s), then the further ones that have a value
    (:func:`reversi.ui.drivers.study.other_lines`'); none while there is no value."""
    if e is None or e.error or e.value is None or position.is_over:
        return []
    return [list(e.pv or e.best[:1]), *(list(line) for line in e.lines[1:] if line and line[0] in e.scores)]


def analysis_source(k: int) -> str:
    """The source of the analysis' ``k``-th line (from 1)."""
    return f"{ANALYSIS}{k}"


def better_line(game: Game, evals: Mapping[Position, Evaluation]) -> Line | None:
    """The review's better move for the move shown (:func:`reversi.ui.review.better_squares`) and
    the line the engine expected after it, from the position before the move played; None where
    the review marks no better move."""
    node = reviewed_node(game)
    better = better_squares(game, review_marks(game, evals))
    if node is None or node.parent is None or better is None:
        return None
    start = node.parent.position
    e = evals.get(start)
    lines = [*e.lines, e.pv] if e is not None else []
    first = [name for name in (e.best if e is not None else []) if name in better.squares] or sorted(better.squares)
    moves = next((list(line) for line in lines if line and line[0] in better.squares), first[:1])
    line = Line.play(start, moves)
    return line or None


def line_of(source: str, game: Game, analysis: Evaluation | None, evals: Mapping[Position, Evaluation],
            reviewing: bool) -> Line | None:
    """The line ``source`` names on the position shown: an analysis line (``analysis``: the
    analysis of the position shown, None while it is off) or the review's better move
    (``reviewing``); None where there is no such line."""
    if source == BETTER:
        return better_line(game, evals) if reviewing else None
    if not source.startswith(ANALYSIS) or not source[len(ANALYSIS):].isdigit():
        return None
    k = int(source[len(ANALYSIS):])
    moves = analysis_moves(analysis, game.current.position)
    if not 1 <= k <= len(moves):
        return None
    line = Line.play(game.current.position, moves[k - 1])
    return line or None


class LinePreview:
    """Which line the board shows (see the module's docstring), and the board drawn with it."""

    def __init__(self) -> None:
        #: The way each line was asked for: ``{way: (source, position)}``, in the order set (the last wins);
        #: the position is a tap's (its line goes when another position is shown), else None.
        self._held: dict[str, tuple[str, Position | None]] = {}
        #: The discs the board was last drawn with, and whether it was drawn at rest.
        self._drawn: Discs = ()
        self._at_rest = False

    def shown(self, position: Position) -> str | None:
        """The source of the line to show on ``position``, or None."""
        for source, at in reversed(self._held.values()):
            if at is None or at == position:
                return source
        return None

    def hold(self, way: str, source: str, position: Position | None = None) -> bool:
        """``source`` is asked for in ``way`` (the last asked is shown); True if that changed anything."""
        held = (source, position if way == TAP else None)
        if list(self._held.items())[-1:] == [(way, held)]:
            return False
        self._held.pop(way, None)
        self._held[way] = held
        return True

    def release(self, way: str, source: str | None = None) -> bool:
        """``way`` no longer asks for ``source`` (None: for any); True if it did."""
        held = self._held.get(way)
        if held is None or (source is not None and held[0] != source):
            return False
        del self._held[way]
        return True

    def tap(self, source: str, position: Position) -> bool:
        """A tap on ``source``'s element: shows its line on ``position``, or takes it away when it was tapped there."""
        if self._held.get(TAP) == (source, position):
            return self.release(TAP)
        return self.hold(TAP, source, position)

    def draw(self, view: BoardView, line: Line | None, moved: bool) -> BoardView:
        """``view`` with ``line`` on it (``moved``: the redraw follows a move or another intent).

        A line's coming and going is no move: from it until the next intent, the board is drawn at
        rest (:attr:`BoardView.still`), so that neither it nor a later redraw replays the last move.
        """
        discs = line.discs() if line is not None else ()
        if discs or (discs != self._drawn and not moved):
            self._at_rest = True
        elif moved:
            self._at_rest = False
        self._drawn = discs
        if not discs and not self._at_rest:
            return view
        return replace(view, line=discs, still=self._at_rest)


__all__ = [
    "ANALYSIS",
    "BETTER",
    "FOCUS",
    "HOVER",
    "TAP",
    "Line",
    "LinePreview",
    "analysis_moves",
    "analysis_source",
    "better_line",
    "line_of",
]
