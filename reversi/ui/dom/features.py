"""What lies around the board, assembled: move list, study bar, editor, graph, clocks, records, autosave, link.

:func:`attach` finds each component's root element once, makes the components, wires
them to one another through explicit references and callbacks, and hooks them into the
page (a :class:`reversi.ui.ports.PageHost`, :class:`~reversi.ui.dom.page.Page`) before its
first drawing. Each component owns one element and queries only inside it:

=========================================  =====================  ===========================================
component                                  its root               what it does
=========================================  =====================  ===========================================
:class:`~.move_list.MoveList`               ``#move-list``         the moves and variations, browsed
:class:`~.opening.OpeningName`              ``#opening-name``      the opening the game follows
:class:`~.study_bar.StudyBar`               ``#study``             browsing, the study tools, the comment
:class:`~.practice.PracticeDialog`          ``#practice-dialog``   the review's mistakes as a puzzle set
:class:`~.graph.EvaluationGraph`            ``#graph-box``         the evaluation graph, clicked to go there
:class:`~.eval_bar.EvalBar`                 ``#eval-bar``          the analysis' evaluation bar under the board
:class:`~.editor.EditorPanel`               ``#editor``            the board editor's panel
:class:`~.clocks.ClockDisplay`              ``.player-clock``      one side's clock face (on a player card)
:class:`~.records.Records`                  ``#records``           copy, download, open, load, embed
:class:`~.sharing.ShareLink`                ``#share-status``      the Share button's sheet or copied link
:class:`~.recent_games.RecentGames`         ``#recent-games``      the recent games, reopened
:class:`~.game_details.GameDetails`         ``#game-details``      the event, place, date, players' names
:class:`~.games_list.GamesList`             ``#games-dialog``      a file of many games, searched, one opened
:class:`~.explorer.ExplorerPanel`           ``#explorer``          the moves played from here: a file's, the book's
:class:`~.alerts.Alerts`                    ``#alert``             the message line
=========================================  =====================  ===========================================

and four own no element: :class:`~.clocks.GameClock` (the game's clock, ticking),
:class:`~.game_loader.GameLoader` (a game brought in put on the board),
:class:`~.autosave.AutoSave` (the saved game, the guard across tabs, the start from a link or
the autosave) and :class:`~.address.Address` (the address kept a link to the game).
Everything they decide is in pure modules tested under CPython (:mod:`reversi.ui.store.saved_state`,
:mod:`reversi.ui.store.autosave`, :mod:`reversi.ui.move_list`, :mod:`reversi.ui.clocks`, ...).

After each of the page's redraws (``page.after_update``, with what the controller's intents
did since the last one: :mod:`reversi.ui.events`) :meth:`GameFeatures.after_update` draws
them in turn, the clock and the recent games following the events; if a flag fell meanwhile
the game has ended on time and the page is redrawn again instead (that redraw saves it).
:class:`GameFeatures` is what the page holds of all this: the components, and the few calls
it makes.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import js

from reversi.ui.dom import by_id, nullable
from reversi.ui.dom.address import Address
from reversi.ui.dom.alerts import Alerts
from reversi.ui.dom.autosave import AutoSave
from reversi.ui.dom.clocks import ClockDisplay, GameClock
from reversi.ui.dom.editor import EditorPanel
from reversi.ui.dom.eval_bar import EvalBar
from reversi.ui.dom.explorer import ExplorerPanel
from reversi.ui.dom.game_details import GameDetails
from reversi.ui.dom.game_loader import GameLoader
from reversi.ui.dom.games_list import GamesList
from reversi.ui.dom.graph import EvaluationGraph
from reversi.ui.dom.move_list import MoveList
from reversi.ui.dom.opening import OpeningName
from reversi.ui.dom.recent_games import RecentGames
from reversi.ui.dom.records import Records
from reversi.ui.dom.sharing import ShareLink
from reversi.ui.dom.study_bar import StudyBar
from reversi.ui.events import Event
from reversi.ui.notices import Action
from reversi.ui.ports import PageHost


class GameFeatures:
    """The components around the board, and what the page asks of them."""

    def __init__(self, page: PageHost) -> None:
        self.page = page
        self.alerts = Alerts(by_id("alert"), page)
        cards = [nullable(card.querySelector(".player-clock")) for card in page.players]
        self.clock = GameClock(page, [None if face is None else ClockDisplay(face) for face in cards])
        self.loader = GameLoader(page, self.clock.timer)
        self.address = Address(page)
        self.move_list = MoveList(by_id("move-list"), page)
        self.opening = OpeningName(by_id("opening-name"), page)
        self.study_bar = StudyBar(by_id("study"), page, self.open_practice)
        self.practice: Any = None  # reversi.ui.dom.practice.PracticeDialog, made when first asked for
        self.graph = EvaluationGraph(by_id("graph-box"), page)
        self.eval_bar = EvalBar(by_id("eval-bar"), page)
        self.editor = EditorPanel(by_id("editor"), page, on_set_up=self.clock.stop)
        self.records = Records(
            by_id("records"), page, self.loader, self.alerts, self.address, on_open=lambda: self.recent.draw()
        )
        self.share_link = ShareLink(by_id("share-status"), page, self.address, self.records.to_box)
        self.recent = RecentGames(by_id("recent-games"), page, self.loader, self.alerts, shown=self.records.is_open)
        self.details = GameDetails(by_id("game-details"), page)
        self.explorer = ExplorerPanel(by_id("explorer"), page, page.book_engine)
        self.games = GamesList(by_id("games-dialog"), page, self.records.open_record, self.explorer)
        self.records.games = self.games
        self.storage = AutoSave(
            page, self.clock.timer, self.loader, self.alerts, self.address, self.records.show_copy_broken
        )

    def bind(self) -> None:
        for component in (self.move_list, self.study_bar, self.records, self.recent, self.details, self.games,
                          self.explorer, self.graph, self.editor, self.alerts, self.storage, self.clock):
            component.bind()

    def after_update(self, events: Sequence[Event]) -> None:
        now = float(js.performance.now())
        timer = self.clock.timer
        error = timer.follow(now, events)  # a new game's clock, whose time runs
        if error:
            self.alerts.show_error(error)
        self.recent.follow(events)  # before a fallen flag's redraw, which writes it then
        self.move_list.draw()
        self.study_bar.draw()
        self.graph.draw()
        self.eval_bar.draw()
        self.editor.draw()
        self.opening.draw()
        self.details.draw()
        self.explorer.draw()
        if timer.check(now):
            self.page.update()  # a flag fell: the game ended on time (that redraw saves it)
            return
        self.clock.draw(now)
        self.storage.save()
        self.recent.remember()
        self.address.follow()

    def open_practice(self) -> None:
        """The review's "Practise these positions" (the dialog is made when first asked for)."""
        if self.practice is None:
            from reversi.ui.dom.practice import PracticeDialog

            self.practice = PracticeDialog(by_id("practice-dialog"), self.page)
            self.practice.bind()
        self.practice.open()

    # -- what the page calls ----------------------------------------------------------------

    def save(self, force: bool = False) -> None:
        self.storage.save(force)

    def share(self) -> None:
        """The Share button of the controls (called in its click)."""
        self.share_link.share()

    def show_error(self, text: str, actions: tuple[Action, ...] = ()) -> None:
        self.alerts.show_error(text, actions)

    def show_info(self, text: str) -> None:
        self.alerts.show_info(text)

    def hide_alert(self) -> None:
        self.alerts.hide()


def attach(page: PageHost) -> GameFeatures:
    """Restore the game, hook the features into ``page``; call before its first update."""
    features = GameFeatures(page)
    features.storage.restore()
    page.after_update.append(features.after_update)
    features.bind()
    return features
