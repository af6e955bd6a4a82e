"""A game that opens with a balanced random opening: the controller's intents for it. No DOM here.

A game started with the new-game form's balanced opening (:func:`reversi.ui.forms.balanced_from_fields`)
waits for its first moves (:attr:`BalancedStart.opening_pending`), which the engine's worker draws
(:class:`reversi.ui.drivers.balanced_start.OpeningDriver`) and the controller plays
(:meth:`BalancedStart.play_opening`); one that cannot be drawn starts from the rule set's start
(:meth:`BalancedStart.drop_opening`). The opening is named by the game's record
(:data:`reversi.formats.balanced_spec.TAG`), so a link or a file draws the same one again.
"""

from __future__ import annotations

from collections.abc import Sequence

from reversi.core.game import Game, Node
from reversi.core.position import Position
from reversi.errors import NotationError, ReversiError
from reversi.formats.balanced_spec import TAG as BALANCED_TAG
from reversi.formats.balanced_spec import BalancedSpec
from reversi.ui.editor import Editor
from reversi.ui.events import EventKind


class BalancedStart:
    """The balanced opening a game waits for (a part of the controller)."""

    game: Game
    editor: Editor | None
    _animate: bool

    def _record(self, kind: EventKind, before: Node | None = None) -> None:
        raise NotImplementedError  # the controller's


    def opening_spec(self) -> BalancedSpec | None:
        """The balanced opening the game's record names, if any (an unreadable tag: none)."""
        text = self.game.tags.get(BALANCED_TAG, "")
        if not text:
            return None
        try:
            return BalancedSpec.parse(text)
        except NotationError:
            return None

    @property
    def opening_pending(self) -> BalancedSpec | None:
        """The balanced opening the game waits for: named by its record, no move played yet, from
        the rule set's start; nobody moves meanwhile."""
        game = self.game
        if game.root.children or game.start != Position.start(game.rules) or self.editor is not None:
            return None
        return self.opening_spec()

    def play_opening(self, moves: Sequence[int]) -> bool:
        """Play the balanced opening drawn for the game waiting for it (the game's first moves);
        False if it no longer waits, or the moves are not legal here (nothing is played then)."""
        if self.opening_pending is None:
            return False
        trial = Game(start=self.game.start)
        try:
            trial.play_all(list(moves))
        except ReversiError:
            return False
        before = self.game.current
        self.game.play_all(list(moves))
        self._record(EventKind.OPENING, before)
        self._animate = False
        return True

    def drop_opening(self) -> bool:
        """The opening could not be drawn: the game starts from the rule set's start instead."""
        if self.opening_pending is None:
            return False
        del self.game.tags[BALANCED_TAG]
        self._record(EventKind.OPENING)
        return True
