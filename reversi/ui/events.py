"""What the controller's intents did, as events: the page's observers follow them. No DOM here.

Every intent of :class:`reversi.ui.controller.Controller` that changes something records what
happened as an :class:`Event` (a move played, an undo, a resignation, the board turned...)
in a queue; the page takes the queue once per redraw (``Controller.take_events()``) and
hands it to what follows the game: the announcements and the move's sound
(:mod:`reversi.ui.dom.status`), whose clock runs (:func:`reversi.ui.clocks.clock_turn`)
and the recent games (:mod:`reversi.ui.dom.recent_games`). None of them keeps a copy of
what it saw last.

An event names the positions shown before and after it (``before``, ``after``: nodes of the
game's tree, or of the new game's), so the way from the position last drawn to the one now
shown is the ``before`` of the first event that moved the board (:func:`first_shown`).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass

from reversi.core.game import Node


class EventKind(enum.Enum):
    """What happened."""

    #: The game the controller was made with is on the board (the first event of a controller).
    STARTED = "started"
    #: A move played (``node``; ``after`` is a forced pass after it, if one followed), ``by`` a person or the computer.
    MOVED = "moved"
    #: Moves taken back (Undo).
    UNDONE = "undone"
    #: Moves played again (Redo).
    REDONE = "redone"
    #: Another position of the tree shown (the move list, the study bar's buttons, back to the game).
    BROWSED = "browsed"
    #: A new game from the new-game form, or a rematch (:meth:`~reversi.ui.controller.Controller.new_game`).
    NEW_GAME = "new game"
    #: The balanced opening the game waited for was played (its moves), or given up (no move).
    OPENING = "opening"
    #: A game brought in put on the board: a link, a file, the text box, the recent games, the saved state.
    LOADED = "loaded"
    #: The person (or the side to move, in a game of two) gave the game up (``side``).
    RESIGNED = "resigned"
    #: Undo took the resignation back: the game goes on.
    RESUMED = "resumed"
    #: ``side``'s time ran out: the game is lost on time.
    LOST_ON_TIME = "lost on time"
    #: The board is drawn the other way round (Flip, or facing the person who plays White).
    TURNED = "turned"
    #: The board editor opened.
    EDITOR_OPENED = "editor opened"
    #: The board editor closed, the game kept (Cancel).
    EDITOR_CLOSED = "editor closed"
    #: The board editor closed to play (or study) the position set up: a new game from it.
    SET_UP = "set up"
    #: The variation shown became the main line.
    PROMOTED = "promoted"
    #: The variation shown was deleted (the board shows where it branched off).
    VARIATION_DELETED = "variation deleted"
    #: Who plays changed, as a record names them (a person, or the computer at a level: ``Players.to_code``).
    PLAYERS = "players"
    #: The game's details changed (the event, the place, the date, the players' names: its record's tags).
    DETAILS = "details"
    #: A game of the moves up to the position shown goes on from it, with the players (and clock)
    #: chosen for it: "Play from here" (:meth:`~reversi.ui.controller.Controller.play_from_here`).
    PLAYED_FROM = "played from here"


#: Who played a move.
PERSON = "person"
COMPUTER = "computer"

#: The kinds that put another game on the board.
GAME_REPLACED = frozenset(
    {EventKind.STARTED, EventKind.NEW_GAME, EventKind.LOADED, EventKind.SET_UP, EventKind.PLAYED_FROM}
)
#: The kinds that end the game, or take its end back, without a move.
ENDINGS = frozenset({EventKind.RESIGNED, EventKind.RESUMED, EventKind.LOST_ON_TIME})


@dataclass(frozen=True)
class Event:
    """One thing an intent did."""

    kind: EventKind
    #: The position shown before (None: nothing was on the board, the controller's first game).
    before: Node | None = None
    #: The position shown after (the same node when the board did not move).
    after: Node | None = None
    #: MOVED: the move's node (``after`` may be the forced pass after it).
    node: Node | None = None
    #: MOVED: :data:`PERSON` or :data:`COMPUTER`.
    by: str = ""
    #: MOVED: it was a move of the game (played at its live position), not of a variation shown.
    live: bool = False
    #: MOVED: it put a new position into the tree or sent the main line another way (False when it
    #: followed a move already there, as Redo would).
    changed_tree: bool = False
    #: RESIGNED, LOST_ON_TIME: the side that lost.
    side: int | None = None

    @property
    def replaces_game(self) -> bool:
        """Another game is on the board after it (a new one, one brought in, one set up in the editor)."""
        return self.kind in GAME_REPLACED

    def __repr__(self) -> str:
        parts = [self.kind.name]
        if self.node is not None:
            parts.append(f"node={self.node.id}")
        if self.by:
            parts.append(f"by={self.by}")
        if self.side is not None:
            parts.append(f"side={self.side}")
        return f"Event({', '.join(parts)})"


def first_shown(events: Iterable[Event], current: Node | None) -> Node | None:
    """The position shown before ``events``: the ``before`` of the first that moved the board
    (to another node, or to another game's), else ``current`` (the board did not move)."""
    for event in events:
        if event.before is not event.after:
            return event.before
    return current
