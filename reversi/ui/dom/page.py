"""The live page: the composition root of the app's components.

:class:`Page` makes one controller (:class:`reversi.ui.controller.Controller`), the engine's
client (:class:`reversi.ui.drivers.client.EngineClient`, with the browser's workers:
:mod:`reversi.ui.dom.engine`, and its pool's helpers: :mod:`reversi.ui.dom.helpers`) and the
components, each owning one element of
``index.html``: the board (:mod:`~reversi.ui.dom.board`), the player cards
(:mod:`~reversi.ui.dom.cards`), the status line (:mod:`~reversi.ui.dom.status`), the
buttons (:mod:`~reversi.ui.dom.controls`), the new-game dialog
(:mod:`~reversi.ui.dom.new_game`), the end of a game (:mod:`~reversi.ui.dom.game_over`),
the settings (:mod:`~reversi.ui.dom.settings`), the notices
(:mod:`~reversi.ui.dom.notices`), the lines drawn on the board while pointed at
(:mod:`~reversi.ui.dom.lines`), and what lies around the board
(:mod:`reversi.ui.dom.features`: move list, study, editor, clocks, records, storage).

Every intent redraws through :meth:`Page.update`: it takes what the intents did since the
last redraw (the controller's events, :mod:`reversi.ui.events`), each component draws from
the controller (the status line announces from the events), then the features
(``after_update``, given the events), then the notices; then the engine's client schedules
the worker. Handlers are attached once, to the components' roots, and
each binding can be undone (:meth:`Page.unbind`). When the board accepts moves,
``<html>`` gets the class ``ready`` and the performance mark ``reversi-ready`` is set
(the load benchmark reads it). The page is the :class:`reversi.ui.ports.PageHost` of
its features.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import js
from pyodide.ffi import create_proxy
from pyscript import document

from reversi.i18n import _, language
from reversi.ui.controller import Controller
from reversi.ui.dom import by_id
from reversi.ui.dom import language as page_language
from reversi.ui.dom.board import BoardPanel
from reversi.ui.dom.cards import PlayersPanel
from reversi.ui.dom.controls import Controls
from reversi.ui.dom.engine import BrowserHost, EngineView
from reversi.ui.dom.game_over import GameOverPanel
from reversi.ui.dom.helpers import HelperHost, device, expose
from reversi.ui.dom.lines import LinesOnBoard
from reversi.ui.dom.new_game import NewGameDialog
from reversi.ui.dom.notices import ACTION_USE_UPDATE, NoticesPanel, update_notice, use_update
from reversi.ui.dom.settings import SettingsPanel
from reversi.ui.dom.sound import Sound
from reversi.ui.dom.status import StatusLine
from reversi.ui.drivers.book import BookDriver
from reversi.ui.drivers.client import EngineClient
from reversi.ui.drivers.health import ACTION_RETRY, ACTION_TWO_PLAYERS
from reversi.ui.drivers.study import StudyDriver, review_marks
from reversi.ui.notices import Notice
from reversi.ui.ports import AfterRedraw, PageController
from reversi.ui.review import BetterMove, better_squares
from reversi.ui.turns import status_message

if TYPE_CHECKING:
    from reversi.ui.dom.features import GameFeatures

#: How often the page checks that the worker boots and answers in time (milliseconds).
ENGINE_CHECK_MS = 1000
class Page:
    """The app on the page: one controller, its engine client and its components."""

    def __init__(self, controller: PageController | None = None) -> None:
        self.controller: PageController = controller or Controller()
        c = self.controller
        self.board = by_id("board")
        self.sound = Sound()
        helpers = HelperHost()
        self.engine = EngineClient(c, BrowserHost(), on_change=self.update, language=language,
                                   helpers=helpers, device=device())
        self.engine.on_event = EngineView(self.board, self.engine).on_event
        expose(self.engine, helpers)
        self.status = StatusLine(document.querySelector(".status"), c, self.sound)
        self.board_panel = BoardPanel(self.board, c, self.update, self.status.say, self.status.note)
        self.cards = PlayersPanel(document.querySelector(".players"))
        self.new_game = NewGameDialog(by_id("new-game-dialog"), c, self.update, self.board_panel.focus)
        self.game_over = GameOverPanel(by_id("game-over"), c, self.engine.study, self.update,
                                       self.board_panel.focus, lambda: by_id("move-list").focus())
        self.controls = Controls(by_id("controls"), c, self.update, self.new_game.open, self.game_over.focus_first,
                                 share=lambda: self.features.share() if self.features is not None else None)
        self.settings = SettingsPanel(by_id("settings"), document.documentElement, c, self.update, self.sound,
                                      self.engine)
        self.notices = NoticesPanel(by_id("notices"))
        self.lines = LinesOnBoard(by_id("study"), self.board, c, self.engine.study, self.update)
        self.notices.sources += [self.engine_notice, update_notice]
        self.notices.actions.update({
            ACTION_RETRY: self.retry_engine,
            ACTION_TWO_PLAYERS: self.play_two_players,
            ACTION_USE_UPDATE: use_update,
        })
        self.title = by_id("game-title")
        #: Called after every redraw (the features: move list, clocks, autosave, link).
        self.after_update: list[AfterRedraw] = []
        #: The move list, clocks, records, autosave and link (attached by start()).
        self.features: GameFeatures | None = None
        self._unbind: list[Callable[[], None]] = []
        self._check_proxy: Any = None

    # -- what the features see (reversi.ui.ports.PageHost) ------------------------------------

    @property
    def players(self) -> list[Any]:
        return self.cards.cards

    @property
    def study_engine(self) -> StudyDriver:
        return self.engine.study

    @property
    def book_engine(self) -> BookDriver:
        return self.engine.book

    @property
    def notice_sources(self) -> list[Callable[[], Notice | None]]:
        return self.notices.sources

    @property
    def notice_actions(self) -> dict[str, Callable[[], None]]:
        return self.notices.actions

    def listen(self, element: Any, event: str, handler: Callable[[Any], object]) -> Callable[[], None]:
        """Attach ``handler`` (guarded: errors are shown, not lost); return its unbind."""

        def guarded(e: Any) -> None:
            try:
                handler(e)
            except Exception as exc:
                js.console.error(f"reversi: {type(exc).__name__}: {exc}")
                self.status.note(_("Something went wrong: {error}").format(error=exc))
                raise

        proxy = create_proxy(guarded)
        element.addEventListener(event, proxy)

        def unbind() -> None:
            element.removeEventListener(event, proxy)
            proxy.destroy()

        self._unbind.append(unbind)
        return unbind

    def bind(self) -> None:
        for part in (self.board_panel, self.controls, self.new_game, self.game_over, self.settings, self.lines):
            part.bind(self.listen)
        self.notices.bind(self.listen, by_id("alert"))
        self.after_update.append(self.lines.mark_shown)  # after the study bar's (the features') drawing
        switch = page_language.fill_switch()
        if switch is not None:
            self.listen(switch, "change", lambda e: self.switch_language(str(switch.value)))
        # assets/offline.js says when a new version is ready (or the page is kept for offline use)
        self.listen(js.window, "reversi-offline", lambda e: self.notices.draw())
        self._check_proxy = create_proxy(self.on_engine_check)
        js.window.setInterval(self._check_proxy, ENGINE_CHECK_MS)

    def unbind(self) -> None:
        while self._unbind:
            self._unbind.pop()()

    # -- drawing ----------------------------------------------------------------------------

    def update(self) -> None:
        """Redraw everything from the controller, then let the engine's client ask the worker."""
        c, engine = self.controller, self.engine
        engine.choose_workers(c.engine_workers)
        engine.check()  # a broken worker is given up before the drivers are poked
        events = c.take_events()  # what happened since the last redraw (a hook's redraw takes its own)
        view = c.board_view()
        labels, best = engine.hints.view()
        if labels:
            view = replace(view, hints=labels, hint_best=best)
        better = self.better_move()
        if better is not None:
            view = replace(view, better=better.squares, better_side=better.side, better_instead=better.instead_of)
        view = self.lines.draw(view, moved=bool(events))  # a line pointed at (analysis, the better move)
        status = c.status()
        self.board_panel.draw(view, status)
        self.title.textContent = status.title
        thinking = engine.health.thinking(engine.ai.thinking_side())
        self.status.show(status, status_message(c, status.message, thinking), engine.ai.current_error(),
                         engine.hints.current_error(), engine.hints.legend(status.side_names))
        self.status.tell(status, events)
        self.status.coach(engine.coach.note())
        self.game_over.draw(status)
        self.new_game.draw()
        self.settings.draw()
        tags = c.game.tags
        self.cards.draw(status, c.players, thinking, (tags.get("Black", ""), tags.get("White", "")))
        hints_state = engine.health.board_hints(engine.hints.board_state())
        # Hints works while no engine is needed yet too: asking for them boots it
        self.controls.draw(status, engine.health, engine.hints.ready or engine.deferred, hints_state)
        data = self.board.dataset
        data.hints = hints_state
        data.thinking = "" if thinking is None else ("black", "white")[thinking]
        data.aiReplies = str(engine.ai.replies)
        data.aiDropped = str(engine.ai.dropped)
        for hook in self.after_update:
            hook(events)
        refused = engine.openings.take_error()
        if refused and self.features is not None:
            # Translators: a game's balanced opening could not be drawn: it starts from the usual start
            self.features.show_error(_("No balanced opening: {error}. The game starts from the usual start.").format(
                error=refused.rstrip(".\u3002")))
        self.notices.draw()  # after the hooks: the autosave may have just held its saves
        engine.schedule(hidden=bool(document.hidden))
        data.aiPending = "1" if engine.ai.in_flight else ""  # a turn is running

    def better_move(self) -> BetterMove | None:
        """Reviewing, where the move shown lost discs: the better moves, marked on the board
        after it (:func:`reversi.ui.review.better_squares`)."""
        game, study = self.controller.game, self.engine.study
        if not study.reviewing:
            return None
        return better_squares(game, review_marks(game, study.evals))

    def switch_language(self, code: str) -> None:
        """The language switch: everything drawn again in ``code``, the game kept; remembered."""
        chosen = page_language.apply_language(code)
        page_language.remember(chosen)
        page_language.follow_address(chosen)
        self.notices.redraw()
        self.status.say("")  # the last move's announcement was in the language before: not kept
        if self.new_game.is_open:
            self.new_game.on_input(None)
        self.update()

    # -- notices and the engine -------------------------------------------------------------

    def engine_notice(self) -> Notice | None:
        """The computer is unavailable, and the game needs it (a computer plays, or hints are on)."""
        c = self.controller
        return self.engine.health.notice(needed=c.players.any_computer or c.show_hints)

    def on_engine_check(self) -> None:
        """Every :data:`ENGINE_CHECK_MS` while the page is shown (a hidden page's timers lag)."""
        if not document.hidden and self.engine.check():
            self.update()

    def retry_engine(self) -> None:
        """Retry: boot a new worker (the game on the board stays)."""
        self.engine.retry()

    def play_two_players(self) -> None:
        """Play two-player: two people take the sides, the game on the board goes on."""
        self.controller.play_two_players()
        self.update()


def start() -> Page:
    """Draw the page from Python, attach the handlers, and signal readiness."""
    page_language.start_language()
    page = Page()
    from reversi.ui.dom.features import attach  # the move list, clocks, records, autosave, link

    page.features = attach(page)  # restores the linked or saved game before the first drawing
    page.update()
    page.bind()
    document.documentElement.classList.add("ready")
    js.performance.mark("reversi-ready")
    page.board_panel.play_early_click()
    page.engine.start_when_needed()
    from reversi.ui.store import probe  # the page's readers, for probes from JavaScript (the tests)

    js.window.reversiRead = create_proxy(probe.read)
    return page
