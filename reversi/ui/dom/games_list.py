"""The games of a file, listed and searched (``#games-dialog``): a WTHOR database or a GGF file.

:class:`GamesList` owns that dialog. :meth:`GamesList.open_wthor` reads a ``.wtb`` file (and the
``.JOU``/``.TRN`` chosen with it) a slice at a time, yielding to the page between slices so that a
database of 100,000 games never freezes it, saying how far it has got; :meth:`GamesList.open_ggf`
lists a GGF file's games. The search box narrows the list as the person types (players,
tournament, year, the opening's moves: :class:`reversi.ui.games_list.GamesIndex`), and a click
on a game opens it for study through ``open_game`` (the Game menu's, which asks first when a game
is in progress). A damaged file or game says so in the dialog and leaves the game on the board.
Each slice read is handed to the opening explorer (a :class:`reversi.ui.explorer_index.GamesFeed`),
which indexes it in its own time; a reading that stops before the end forgets it there too.
"""

from __future__ import annotations

import asyncio
import html
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

import js
from pyodide.ffi import create_once_callable

from reversi.errors import ReversiError
from reversi.formats.ggf import GgfEntry
from reversi.formats.record import Record, RecordEntry
from reversi.i18n import _, format_number, ngettext
from reversi.ui.dom import nullable
from reversi.ui.games_list import GamesIndex
from reversi.ui.ports import PageHost

if TYPE_CHECKING:
    from reversi.ui.explorer_index import GamesFeed

#: Games read between two yields to the page: a WTHOR database's (bytes, quick), a text file's (each
#: game played through: about 100 at a time keeps a slice under a tenth of a second in the page).
SLICE = 5_000
TEXT_SLICE = 100
#: The reasons shown of the games that could not be read (then how many more).
MAX_REASONS = 20
#: How long the search waits for the typing to pause (milliseconds).
SEARCH_DELAY_MS = 200


class GamesList:
    """The games dialog: one root element (``#games-dialog``)."""

    def __init__(self, root: Any, page: PageHost, open_game: Callable[[Record, str], None],
                 explorer: GamesFeed | None = None) -> None:
        self.root = root
        self.page = page
        self.open_game = open_game
        self.explorer = explorer
        self.heading = root.querySelector(".games-heading")
        self.search = root.querySelector(".games-search")
        self.count = root.querySelector(".games-count")
        self.list = root.querySelector(".games-list")
        self.message = root.querySelector(".games-message")
        self.index: GamesIndex | None = None
        #: The index being read a slice at a time (None when no reading is under way).
        self._reading: GamesIndex | None = None
        self._timer: Any = None

    def bind(self) -> None:
        listen = self.page.listen
        listen(self.root, "click", self.on_click)
        listen(self.search, "input", lambda e: self.search_soon())
        listen(self.root, "close", lambda e: self.stop_reading())

    def stop_reading(self) -> None:
        """The dialog is closed while a file is still being read: the reading stops (nothing would
        show it, and a file opened next must not find the list of this one)."""
        if self._reading is not None and self.index is self._reading:
            self.index = None
            if self.explorer is not None:
                self.explorer.cancel()
        self._reading = None

    def show(self, name: str) -> None:
        # Translators: the heading of the list of a file's games: "Games in WTH_2004.wtb"
        self.heading.textContent = _("Games in {name}").format(name=name)
        self.search.value = ""
        self.list.innerHTML = ""
        self.count.textContent = ""
        # the list of a file opened before, even one still being read, is gone (its reading stops)
        self.index = None
        if self.explorer is not None:
            self.explorer.cancel()
        self.say("")
        if not self.root.open:
            self.root.showModal()
        self.search.focus()

    def say(self, text: str) -> None:
        self.message.textContent = text
        self.message.hidden = not text

    async def open_wthor(self, name: str, data: bytes, players: bytes | None, tournaments: bytes | None) -> None:
        from reversi.formats import wthor

        self.show(name)
        try:
            header = wthor.read_wtb_header(data)
            names = wthor.read_names(players, "jou") if players is not None else []
            events = wthor.read_names(tournaments, "trn") if tournaments is not None else []
        except ReversiError as e:
            self.say(str(e))
            return
        index = GamesIndex(name)
        self.index = self._reading = index
        total = header.count
        if self.explorer is not None:
            self.explorer.begin(name, total)
        for start in range(0, total, SLICE):
            count = min(SLICE, total - start)
            listed = index.add_wthor(header, wthor.read_wtb_games(data, start, count), names, events)
            if self.explorer is not None:
                self.explorer.feed_wthor(listed)
            # Translators: while a large file of games is read: "Reading the games: 35,000 of 100,000"
            self.count.textContent = _("Reading the games: {done} of {total}").format(
                done=format_number(start + count), total=format_number(total))
            await asyncio.sleep(0)  # the page draws and answers between slices
            if self.index is not index:
                return  # another file was opened meanwhile, or the dialog closed
        self.finish(index)

    async def open_ggf(self, name: str, text: str) -> None:
        """A GGF file of several games, read a slice at a time."""
        from reversi.formats.ggf import iter_ggf_games

        await self.read_slices(name, lambda: iter_ggf_games(text))

    async def open_rev(self, name: str, text: str) -> None:
        """A file of several .rev records (as ``python -m reversi games --to rev`` writes them), read a
        slice at a time."""
        from reversi.formats.record import iter_records

        await self.read_slices(name, lambda: iter_records(text))

    async def read_slices(self, name: str, entries: Callable[[], Iterator[GgfEntry | RecordEntry]]) -> None:
        """Read a text file's games (``entries`` makes their iterator) into a new list, yielding to the
        page every :data:`TEXT_SLICE` games and saying how far it has got: a file of 10,000 records
        never holds the page for long."""
        self.show(name)
        index = GamesIndex(name)
        self.index = self._reading = index
        explorer = self.explorer
        if explorer is not None:
            explorer.begin(name, None)
        batch: list[GgfEntry | RecordEntry] = []
        read = 0
        try:
            for entry in entries():
                batch.append(entry)
                read += 1
                if len(batch) >= TEXT_SLICE:
                    played = index.add_records(batch)
                    if explorer is not None:
                        explorer.feed_games(played)
                    batch = []
                    self.count.textContent = _("Reading the games: {done} of {total}").format(
                        done=format_number(read), total="…")
                    await asyncio.sleep(0)  # the page draws and answers between slices
                    if self.index is not index:
                        return  # another file was opened meanwhile, or the dialog closed
        except ReversiError as e:
            self.say(str(e))
            if explorer is not None:
                explorer.cancel()
            return
        played = index.add_records(batch)
        if explorer is not None:
            explorer.feed_games(played)
        self.finish(index)

    def finish(self, index: GamesIndex) -> None:
        """The whole file is read: its list, and each game that could not be read (why, a line
        each), or that there is nothing."""
        self._reading = None
        if self.explorer is not None:
            self.explorer.end()
        if index.unreadable:
            # Translators: games of a file that could not be read; each one's message follows, a line each
            head = ngettext("{n} game could not be read:", "{n} games could not be read:",
                            len(index.unreadable)).format(n=format_number(len(index.unreadable)))
            shown = index.unreadable[:MAX_REASONS]
            more = len(index.unreadable) - len(shown)
            lines = [head, *shown]
            if more:
                # Translators: after the first reasons games could not be read: "... and 12 more"
                lines.append(ngettext("… and {n} more", "… and {n} more", more).format(n=format_number(more)))
            self.say("\n".join(lines))
        elif not index.lines:
            # Translators: a file of games (a WTHOR database) that holds none
            self.say(_("{name} holds no game.").format(name=index.name))
        self.draw()

    def search_soon(self) -> None:
        if self._timer is not None:
            js.clearTimeout(self._timer)
        self._timer = js.setTimeout(create_once_callable(self._search_now), SEARCH_DELAY_MS)

    def _search_now(self) -> None:
        self._timer = None
        self.draw()

    def draw(self) -> None:
        index = self.index
        if index is None:
            return
        found, total = index.search(str(self.search.value))
        # Translators: the games list's count: "12 of 100,000 games" (the first 200 shown)
        text = _("{found} of {total} games").format(found=format_number(total), total=format_number(len(index.lines)))
        if total > len(found):
            text += " · " + _("the first {n} shown: search to narrow them").format(n=format_number(len(found)))
        self.count.textContent = text
        rows = []
        for line in found:
            players = html.escape(f"{line.black or '?'} – {line.white or '?'}")
            where = html.escape(" · ".join(p for p in (line.event, line.date, line.result) if p))
            moves = html.escape(line.moves[:60])
            rows.append(f'<li><button type="button" data-game="{line.number}">{line.number}. {players}'
                        f'<span class="games-where"> · {where}</span><span class="games-moves">{moves}</span>'
                        f"</button></li>")
        self.list.innerHTML = "".join(rows)

    def on_click(self, event: Any) -> None:
        if nullable(event.target.closest('[data-games="close"]')) is not None:
            self.root.close()
            return
        button = nullable(event.target.closest("button[data-game]"))
        if button is None or self.index is None:
            return
        number = int(button.getAttribute("data-game"))
        try:
            record = self.index.record(number)
        except ReversiError as e:
            self.say(str(e))
            return
        self.root.close()
        # Translators: a game opened from a file's list: "WTH_2004.wtb, game 12"
        self.open_game(record, _("{name}, game {number}").format(name=self.index.name, number=number))
