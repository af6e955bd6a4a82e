"""The opening explorer's panel (``#explorer``): the moves played from the position shown.

:class:`ExplorerPanel` owns that ``<details>``. While it is open it asks the book's values of
the position shown (:class:`reversi.ui.drivers.book.BookDriver`) and draws
:func:`reversi.ui.explorer.explorer_view` after every redraw of the page; a click on a move (or
Enter on its button) plays it through the controller, as a move on the board would: a
variation while a game is studied. The games list (:mod:`reversi.ui.dom.games_list`) hands it
each slice of a file it reads (:meth:`ExplorerPanel.begin`, ``feed_*``, :meth:`end`,
:meth:`cancel`); the panel indexes them in its own loop, :data:`SLICE_SECONDS` at a time with the
page drawn between (:class:`reversi.ui.explorer_index.Indexing`), and goes on once the list is
shown, the dialog closed and a game opened. Its root carries ``data-indexing`` while it works.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from reversi.core.game import Game
from reversi.formats.wthor import WthorGame
from reversi.ui import turns
from reversi.ui.dom import nullable
from reversi.ui.drivers.book import BookDriver
from reversi.ui.ports import PageHost

if TYPE_CHECKING:  # the index is imported when a file of games is first read, not at the page's start
    from reversi.ui.explorer_index import Indexing

#: The indexing's slice of the main thread between two draws of the page (seconds).
SLICE_SECONDS = 0.03
#: While indexing, the table is drawn again at most this often (seconds): each draw looks the position up.
TABLE_EVERY_SECONDS = 0.5


class ExplorerPanel:
    """The explorer: one root element (``#explorer``), the book's driver, a file's indexing."""

    def __init__(self, root: Any, page: PageHost, book: BookDriver) -> None:
        self.root = root
        self.page = page
        self.book = book
        self.source = root.querySelector(".explorer-source")
        self.note = root.querySelector(".explorer-note")
        self.table = root.querySelector(".explorer-rows")
        self.legend = root.querySelector(".explorer-legend")
        #: The file being indexed or indexed (None: none is open, the book alone).
        self.indexing: Indexing | None = None
        self._wake = asyncio.Event()
        self._task: asyncio.Future[None] | None = None
        self._drawn = ("", "", "", "")
        self._table_at = 0.0

    def bind(self) -> None:
        self.page.listen(self.root, "toggle", lambda e: self.on_toggle())
        self.page.listen(self.root, "click", self.on_click)

    def on_toggle(self) -> None:
        self.book.watch(bool(self.root.open))
        self.page.update()  # the book is asked, and the panel drawn

    def on_click(self, event: Any) -> None:
        button = nullable(event.target.closest("button[data-move]"))
        if button is None or button.disabled:
            return
        c = self.page.controller
        try:
            move = c.rules.geometry.parse_square(str(button.getAttribute("data-move")))
        except ValueError:
            return
        if c.play(move):
            self.page.update()

    # -- drawing ----------------------------------------------------------------------------

    def draw(self) -> None:
        if not self.root.open:
            return
        c = self.page.controller
        if c.editor is not None:
            view = ("", "", "", "")  # the board editor's position is no game's
        else:
            from reversi.ui.explorer import explorer_view, plies_played  # when the panel is first open

            shown = explorer_view(self.indexing, c.position, plies_played(c.game), self.book.current(),
                                  turns.human_to_move(c))
            note = " ".join(text for text in (shown.note, self.book.error) if text)
            view = (shown.source, note, shown.table, shown.legend)
        if view == self._drawn:
            return
        source, note, table, legend = view
        self.source.textContent = source
        self.note.textContent = note
        self.note.hidden = not note
        self.legend.textContent = legend
        self.legend.hidden = not legend
        if table != self._drawn[2]:
            self.replace_table(table)
        self._drawn = view

    def replace_table(self, table: str) -> None:
        """Draw the table anew; a focus inside it stays there: on the same move if it is still
        there (the book's values came), else on the first (a move was played), else the summary."""
        active = nullable(self.root.ownerDocument.activeElement)
        inside = active is not None and bool(self.table.contains(active))
        name = str(active.getAttribute("data-move") or "") if inside else ""
        self.table.innerHTML = table
        if not inside:
            return
        selector = f'button[data-move="{name}"]:not([disabled])' if name else "button[data-move]:not([disabled])"
        target = nullable(self.table.querySelector(selector))
        if target is None:
            target = nullable(self.table.querySelector("button[data-move]:not([disabled])"))
        if target is None:
            target = nullable(self.root.querySelector("summary"))
        if target is not None:
            target.focus()

    # -- a file's games, handed over by the games list ----------------------------------------

    def begin(self, name: str, total: int | None) -> None:
        """A file is being read (``total`` games, None while unknown): its games replace the last file's."""
        from reversi.ui.explorer_index import Indexing  # when a file of games is first read

        self.indexing = Indexing(name, total)
        self.root.dataset.indexing = "1"
        if not self.root.open:
            self.root.open = True  # its toggle asks the book and draws
        if self._task is None or self._task.done():
            self._task = asyncio.ensure_future(self.run())
        self.redraw()

    def feed_wthor(self, games: Sequence[WthorGame]) -> None:
        if self.indexing is not None:
            self.indexing.feed_wthor(games)
            self._wake.set()

    def feed_games(self, games: Sequence[Game]) -> None:
        if self.indexing is not None:
            self.indexing.feed_games(games)
            self._wake.set()

    def end(self) -> None:
        """The file has been read whole."""
        if self.indexing is not None:
            self.indexing.end()
            self._wake.set()

    def cancel(self) -> None:
        """The file's reading stopped before its end (the dialog closed, another file opened):
        its games are forgotten, and the explorer shows the book alone."""
        self.indexing = None
        self._wake.set()
        self.root.dataset.indexing = ""
        self.redraw()

    def redraw(self) -> None:
        self._drawn = ("", "", "", "")
        self.draw()

    async def run(self) -> None:
        """Index what the games list hands over, a slice at a time, until the file is indexed
        (or forgotten); the page draws between slices."""
        loop = asyncio.get_running_loop()
        while True:
            indexing = self.indexing
            if indexing is None:
                break
            more = indexing.work(SLICE_SECONDS)
            if indexing is not self.indexing:
                continue
            if indexing.finished:
                self.root.dataset.indexing = ""
                self.redraw()
                break
            now = loop.time()
            if now - self._table_at >= TABLE_EVERY_SECONDS:
                self._table_at = now
                self.redraw()
            elif self.root.open:
                self.source.textContent = indexing.progress()
            if more:
                await asyncio.sleep(0)  # the page draws and answers between slices
            else:
                self._wake.clear()
                await self._wake.wait()  # until the games list hands over more
        self._task = None

