"""A game: the moves from a start position, with undo and redo.

:class:`Game` keeps the full line of moves played (passes included, as
:data:`~reversi.core.position.PASS`) and a cursor into it. Undo moves the cursor back,
redo forward; playing a move with the cursor before the end starts a new line and
discards the old continuation. Forced passes are recorded automatically after
each move (a player who must pass has no choice), and undo/redo step over them,
so one undo always returns to the previous decision.
"""

from __future__ import annotations

from reversi.core.position import PASS, Position
from reversi.core.rules import Rules
from reversi.errors import IllegalMoveError, RulesError
from reversi.i18n import _


class Game:
    def __init__(self, rules: Rules | None = None, start: Position | None = None) -> None:
        if start is None:
            start = Position.start(rules or Rules())
        elif rules is not None and rules != start.rules:
            raise RulesError(
                # Translators: {start} and {game} describe rule sets, e.g. "Othello 8x8, anti"
                _("start position: its rules ({start}) are not the game's ({game})").format(
                    start=start.rules.describe(), game=rules.describe()
                )
            )
        self.start = start
        self.rules = start.rules
        self.line: list[int] = []  # every ply played in this line, passes included
        self._positions: list[Position] = [start]
        self.ply = 0  # cursor: how many plies of ``line`` are on the board
        self._skip_forced_passes()

    # -- state ---------------------------------------------------------------

    @property
    def position(self) -> Position:
        return self._positions[self.ply]

    @property
    def moves(self) -> list[int]:
        """The plies up to the cursor, passes included."""
        return self.line[: self.ply]

    def position_at(self, ply: int) -> Position:
        return self._positions[ply]

    @property
    def is_over(self) -> bool:
        return self.position.is_over

    # -- playing -------------------------------------------------------------

    def play(self, move: int) -> None:
        """Play ``move`` at the cursor (a new line if the cursor is not at the end)."""
        position = self.position.play(move)  # raises IllegalMoveError
        del self.line[self.ply :]
        del self._positions[self.ply + 1 :]
        self.line.append(move)
        self._positions.append(position)
        self.ply += 1
        self._skip_forced_passes()

    def _skip_forced_passes(self) -> None:
        if self.ply == len(self.line) and self.position.must_pass:
            self.line.append(PASS)
            self._positions.append(self.position.pass_turn())
            self.ply += 1

    def play_all(self, moves: list[int]) -> None:
        """Play several moves; an explicit pass that was forced is accepted, once."""
        claimed = -1  # the last recorded forced pass that an explicit pass stood for
        for n, move in enumerate(moves, 1):
            last = self.ply - 1
            if move == PASS and last > claimed and self.line[last:] == [PASS] and self._was_forced(last):
                claimed = last  # the pass was already recorded as forced
                continue
            try:
                self.play(move)
            except IllegalMoveError as e:
                # Translators: {n} is the number of the move in the list, {error} what is wrong with it
                raise IllegalMoveError(_("move {n}: {error}").format(n=n, error=e)) from None

    def _was_forced(self, ply: int) -> bool:
        return self.line[ply] == PASS and self._positions[ply].must_pass

    # -- navigation ----------------------------------------------------------

    @property
    def can_undo(self) -> bool:
        return self._decision_before(self.ply) is not None

    @property
    def can_redo(self) -> bool:
        return self.ply < len(self.line)

    def _decision_before(self, ply: int) -> int | None:
        """The ply index of the last real move before ``ply`` (skipping passes)."""
        k = ply - 1
        while k >= 0 and self.line[k] == PASS and self._was_forced(k):
            k -= 1
        return k if k >= 0 else None

    def undo(self) -> bool:
        """Take back the last move (and the forced pass after it). False if none."""
        k = self._decision_before(self.ply)
        if k is None:
            return False
        self.ply = k
        return True

    def redo(self) -> bool:
        """Replay the next move of the line (and a forced pass after it)."""
        if not self.can_redo:
            return False
        self.ply += 1
        while self.ply < len(self.line) and self.line[self.ply] == PASS and self._was_forced(self.ply):
            self.ply += 1
        return True

    def go_to(self, ply: int) -> None:
        """Show the position after ``ply`` plies of the current line."""
        if not 0 <= ply <= len(self.line):
            raise IndexError(f"ply {ply} is outside 0..{len(self.line)}")
        self.ply = ply
