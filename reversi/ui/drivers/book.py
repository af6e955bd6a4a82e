"""The opening book's values for the explorer, asked of the engine's worker. No DOM here.

The book (:mod:`reversi.engine.book`) lives in the worker, which fetches it with its own files;
the page does not load it. While the explorer is open (:meth:`BookDriver.watch`), the driver
asks the worker's ``book`` for the position shown (a :class:`~reversi.engine.protocol.BookRequest`:
no search, an answer at once), one request at a time through
:class:`reversi.ui.drivers.requests.RequestDriver`, and keeps the answers of the last
:data:`KEPT` positions, so that going back and forth through a game asks nothing again. A
reply that comes after the board has moved on is kept for its own position. The engine's
client (:mod:`reversi.ui.drivers.client`) pokes it before the hints and the study: it is quick.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict

from reversi.core.position import Position
from reversi.core.rules import Rules
from reversi.engine.protocol import BookReply, BookRequest, ErrorReply, read_reply
from reversi.errors import ReversiError
from reversi.i18n import _
from reversi.ui.drivers.requests import Ask, Redraw, Reply, RequestDriver, no_redraw
from reversi.ui.turns import PlayState

#: The positions whose book values are kept.
KEPT = 256

#: A position as the book is asked about it: the rules, the discs, the side to move.
BookKey = tuple[Rules, int, int, int]


def book_key(position: Position) -> BookKey:
    return (position.rules, position.black, position.white, position.turn)


class BookDriver(RequestDriver[BookKey]):
    """The book's values of the position shown, asked while :attr:`watching` (see the module)."""

    def __init__(self, controller: PlayState, ask: Ask | None = None, on_change: Redraw = no_redraw) -> None:
        super().__init__(lambda: book_key(controller.position), ask, on_change)
        self.controller = controller
        #: The explorer is open: the book is wanted.
        self.watching = False
        #: Position -> its moves' values (square index -> centidiscs for the side to move).
        self.known: OrderedDict[BookKey, dict[int, int]] = OrderedDict()
        #: Why the last position asked about has no values ('' if it has, or was not refused).
        self.error = ""
        #: The positions the engine refused: asked again of the next worker.
        self._refused: set[BookKey] = set()

    def set_engine(self, ask: Ask | None) -> None:
        super().set_engine(ask)
        if ask is not None:
            for key in self._refused:
                self.known.pop(key, None)
            self._refused.clear()

    def watch(self, on: bool) -> None:
        """The explorer opened (True) or closed: ask for the book's values, or stop asking."""
        self.watching = on

    def current(self) -> dict[int, int] | None:
        """The values of the position shown ({} when the book does not hold it), None while unknown."""
        return self.known.get(self.current_token())

    def poke(self, busy: bool = False) -> asyncio.Future[None] | None:
        """Ask about the position shown if the explorer is open and it is not known; the task, or None."""
        if not self.ready or self.in_flight or busy or not self.watching:
            return None
        key = self.current_token()
        if key in self.known:
            return None
        return self.send(key, BookRequest.in_game(self.controller.game))

    def wanted(self, token: BookKey) -> bool:
        return True  # a position's values stay true after the board has moved on

    def accept(self, token: BookKey, reply: Reply) -> None:
        answer = read_reply(BookReply, reply)
        values: dict[int, int] = {}
        if isinstance(answer, ErrorReply):
            # Translators: the opening explorer's book column could not be had; {error} says why
            self.error = _("No book values: {error}").format(error=answer.error)
        else:
            self.error = ""
            g = token[0].geometry
            try:
                values = {g.parse_square(name): v for name, v in answer.moves.items()}
            except ReversiError as e:
                self.error = _("No book values: {error}").format(error=e)
        if self.error:
            self._refused.add(token)
        self.known[token] = values
        self.known.move_to_end(token)
        while len(self.known) > KEPT:
            self._refused.discard(self.known.popitem(last=False)[0])
