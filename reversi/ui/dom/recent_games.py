"""The recent games (``#recent-games``, in the Game menu): the last games played here, reopened by a click.

:class:`RecentGames` owns that list. After every redraw the game on the board is put first
(:func:`reversi.ui.store.recent_games.remember`, kept in ``localStorage``) when the redraw's events
(:mod:`reversi.ui.events`) say its main line or players changed (:func:`changes_record`); the
list is drawn only while the menu is open (``shown``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import js

from reversi.errors import ReversiError
from reversi.i18n import _
from reversi.ui.dom import nullable
from reversi.ui.dom.alerts import Alerts
from reversi.ui.dom.autosave import local_storage, read_stored, store
from reversi.ui.dom.game_loader import GameLoader
from reversi.ui.events import Event
from reversi.ui.players import Brought, who_plays
from reversi.ui.ports import PageHost
from reversi.ui.store.recent_games import (
    RECENT_KEY,
    changes_record,
    dump_recent,
    read_recent,
    remember,
    render_recent,
    reopen,
)


class RecentGames:
    """The recent games: one root element (``#recent-games``)."""

    def __init__(
        self, root: Any, page: PageHost, loader: GameLoader, alerts: Alerts, shown: Callable[[], bool]
    ) -> None:
        self.root = root
        self.page = page
        self.loader = loader
        self.alerts = alerts
        #: Is the list seen (the Game menu open)?
        self.shown = shown
        #: The events since the list was last written changed the game's entry (the first redraw writes it).
        self.due = False

    def bind(self) -> None:
        self.page.listen(self.root, "click", self.on_click)

    def follow(self, events: Iterable[Event]) -> None:
        """A redraw's events: is the game's entry to be written (by :meth:`remember`)?"""
        if any(changes_record(e) for e in events):
            self.due = True

    def remember(self) -> None:
        """Put the game on the board first in the recent games (when its main line or players changed)."""
        if not self.due:
            return
        self.due = False
        game = self.page.controller.game
        code = self.page.controller.players.to_code()
        storage = local_storage()
        if storage is None:
            return
        date = str(js.Date.new().toISOString())[:16].replace("T", " ")
        entries = remember(read_recent(read_stored(RECENT_KEY, storage)), game, code, date)
        store(RECENT_KEY, dump_recent(entries), "the recent games", storage)
        if self.shown():
            self.draw()

    def draw(self) -> None:
        if self.shown():
            entries = read_recent(read_stored(RECENT_KEY))
            ahead = -int(js.Date.new().getTimezoneOffset())  # the reader's day, not UTC's
            self.root.innerHTML = render_recent(entries, self.page.controller.rules.display_side_names(), ahead)

    def on_click(self, event: Any) -> None:
        button = nullable(event.target.closest("button[data-recent]"))
        if button is None:
            return
        try:
            game, code = reopen(read_recent(read_stored(RECENT_KEY)), int(button.getAttribute("data-recent")))
            players = who_plays(Brought.RECENT, code)
        except (ReversiError, ValueError) as e:
            self.alerts.show_error(_("Not loaded: {error}").format(error=e))
            return
        self.loader.load(game, players=players)
        self.alerts.show_info(_("Opened a recent game: {rules}").format(rules=game.rules.describe()))
