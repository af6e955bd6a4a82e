"""The page's DOM glue: the one module that imports ``pyscript`` and ``js``.

It reads events, hands them to the :class:`~reversi.ui.state.Controller` as
intents, and writes the views back: the board as one SVG string assigned once
(``innerHTML``), the panel as a few text and attribute updates. Handlers are
attached once, to containers, by delegation (a click on the board reads the
``data-square`` of the target's closest square), and each binding can be undone.

When the board accepts moves, ``<html>`` gets the class ``ready`` and the
performance mark ``reversi-ready`` is set (the load benchmark reads it).

The page holds the controller through the protocol
:class:`reversi.ui.ports.PageController` and is itself the
:class:`reversi.ui.ports.PageHost` of its features (:mod:`reversi.ui.dom.features`).

The AI runs in the PyScript worker ``engine`` (``reversi/engine/worker.py``), never here
(this thread is not even sent the search): :meth:`Page.connect_engine` awaits it, has it
fetch its own files (``load``), warms it up with ``ping`` and then sets the
class ``engine-ready`` (and the mark ``reversi-engine-ready``). The computer's turns
are driven by :class:`reversi.ui.players.AiDriver`, the hints by
:class:`reversi.ui.hints.HintDriver`; every call crosses the worker boundary as a
JSON string (:class:`reversi.ui.requests.EngineCall`, :func:`reversi.ui.requests.json_ask`).
A call in a worker cannot be interrupted (that needs SharedArrayBuffer): when a
search whose answer is no longer wanted (a new game or an undo meanwhile) would
still run more than :data:`RESTART_AFTER_SECONDS`, the page stops that worker and
boots a new one (:meth:`Page.restart_engine`), which takes a few seconds instead
of the rest of the search.
``window.reversiEngine(name, json)`` calls the worker from JavaScript (tests and
benchmarks use it).

The worker may fail: its script cannot be fetched (checked before it boots), it
does not boot in time, a call fails, or a reply does not come in time (a crashed
or stopped worker never answers). :class:`reversi.ui.health.EngineHealth` decides;
the page then stops the worker, keeps the game, sets the class
``engine-unavailable`` and shows the notice with Retry (:meth:`Page.retry_engine`)
and Play two-player. Notices (``#notices``: the computer's, the autosave's) are
drawn after every redraw from :attr:`Page.notice_sources`, and their buttons call
:attr:`Page.notice_actions` by name.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any, cast

import js
from pyodide.ffi import create_proxy, to_js
from pyscript import document

from reversi.core.position import PASS
from reversi.errors import RulesError
from reversi.i18n import N_, Later, _, language, ngettext
from reversi.ui.announce import announcement, plies_since
from reversi.ui.dom import by_id, draw_board
from reversi.ui.dom import language as page_language
from reversi.ui.dom.sound import Sound
from reversi.ui.health import ACTION_RETRY, ACTION_TWO_PLAYERS, EngineHealth, boot_reason, script_reason
from reversi.ui.hints import HintDriver
from reversi.ui.notices import Action, Notice, render_notices
from reversi.ui.players import AiDriver, computer_to_move, form_option_texts, pause_offered, status_message
from reversi.ui.ports import PageController
from reversi.ui.requests import Redraw, json_ask
from reversi.ui.state import (
    PREFERENCES,
    Controller,
    StatusView,
    form_applicable,
    form_side_names,
    preview_fields,
)
from reversi.ui.study import StudyDriver, review_marks

if TYPE_CHECKING:
    from reversi.ui.dom.features import GameFeatures

_ARROWS = {"ArrowLeft": (-1, 0), "ArrowRight": (1, 0), "ArrowUp": (0, -1), "ArrowDown": (0, 1)}



def read_form(form: Any) -> dict[str, str]:
    """The fields of a form as a dict of strings (unchecked boxes are absent)."""
    return cast(dict[str, str], js.Object.fromEntries(js.FormData.new(form)).to_py())


class Page:
    """The live page: one controller, the elements it writes, the handlers it holds."""

    def __init__(self, controller: PageController | None = None) -> None:
        self.controller: PageController = controller or Controller()
        self.board = by_id("board")
        self.dialog = by_id("new-game-dialog")
        self.form = by_id("new-game-form")
        self.form_error = by_id("form-error")
        self.form_preview = by_id("form-preview")
        self.message = by_id("message")
        self.notice = by_id("notice")
        self.title = by_id("game-title")
        self.buttons = {name: by_id(f"btn-{name}") for name in ("new", "undo", "redo", "rotate", "hints", "resign")}
        #: The screen reader's news (reversi/ui/announce.py) and the position last announced.
        self.announce = by_id("announce")
        self._announced: Any = None
        self._announced_over = False
        self._announced_turned: bool | None = None
        #: The end of a game (its result, Rematch, Review), and the end it was closed at.
        self.game_over = by_id("game-over")
        self._over_closed: tuple[int, int] | None = None
        self.settings = by_id("settings")
        self.form_confirm = by_id("form-confirm")
        #: Placing and flipping discs, heard (the setting; reversi/ui/dom/sound.py).
        self.sound = Sound()
        self.players = [document.querySelector(f'.player[data-side="{side}"]') for side in (0, 1)]
        self._unbind: list[Callable[[], None]] = []
        #: Called after every redraw (reversi/ui/dom/features.py: move list, clocks, autosave, link).
        self.after_update: list[Redraw] = []
        self.pause_button = by_id("btn-pause")
        self.driver = AiDriver(self.controller, on_change=self.update)
        self.hints = HintDriver(self.controller, on_change=self.update)
        #: Analysis, the evaluation graph and the review: the worker's idle time (reversi/ui/study.py).
        self.study_engine = StudyDriver(self.controller, on_change=self.update)
        #: The stop flag shared with the worker (an Int32Array over a SharedArrayBuffer), on a
        #: cross-origin isolated page; None elsewhere (a stale search is then left to end or the
        #: worker replaced).
        self.stop_view: Any = None
        self._stopped_for: Any = None
        #: The board's markup as last drawn (redrawn only when it changes).
        self._board_markup = ""
        #: The engine's worker (a PyScript proxy), once it has started.
        self.engine: Any = None
        self.engine_info: dict[str, Any] = {}
        #: The name of the engine's worker tag (a new one after each restart).
        self.worker_name = WORKER_NAME
        self.restarts = 0
        self.restart_task: asyncio.Future[None] | None = None
        self.engine_task: asyncio.Future[None] | None = None
        #: The move list, clocks, records, autosave and link (attached by start()).
        self.features: GameFeatures | None = None
        #: Is the computer there (starting, ready, unavailable and why)?
        self.health = EngineHealth()
        self.notices = by_id("notices")
        self._notices_html = ""
        #: Each gives the notice of its condition, or None (drawn after every redraw).
        self.notice_sources: list[Callable[[], Notice | None]] = [self.engine_notice, self.update_notice]
        #: What the notices' buttons do, by their ``data-notice-action``.
        self.notice_actions: dict[str, Callable[[], None]] = {
            ACTION_RETRY: self.retry_engine,
            ACTION_TWO_PLAYERS: self.play_two_players,
            ACTION_USE_UPDATE: lambda: js.window.reversiUseUpdate(),
        }
        # the English title (its message id: translated where shown)
        hints = self.buttons["hints"]
        self.hints_title = str(hints.getAttribute("data-i18n-id-title") or hints.title)
        self._check_proxy: Any = None

    # -- event plumbing -----------------------------------------------------------

    def listen(self, element: Any, event: str, handler: Callable[[Any], object]) -> Callable[[], None]:
        """Attach ``handler`` (guarded: errors are shown, not lost); return its unbind."""

        def guarded(e: Any) -> None:
            try:
                handler(e)
            except Exception as exc:
                js.console.error(f"reversi: {type(exc).__name__}: {exc}")
                self.notice.textContent = _("Something went wrong: {error}").format(error=exc)
                raise

        proxy = create_proxy(guarded)
        element.addEventListener(event, proxy)

        def unbind() -> None:
            element.removeEventListener(event, proxy)
            proxy.destroy()

        self._unbind.append(unbind)
        return unbind

    def bind(self) -> None:
        self.listen(self.board, "click", self.on_board_click)
        self.listen(self.board, "keydown", self.on_board_key)
        self.listen(self.board, "focus", self.on_board_focus)
        self.listen(self.game_over, "click", self.on_game_over_click)
        self.listen(self.settings, "change", self.on_setting)
        self.listen(by_id("controls"), "click", self.on_control)
        self.listen(self.form, "submit", self.on_form_submit)
        self.listen(self.form, "input", self.on_form_input)
        self.listen(self.notices, "click", self.on_notice_action)
        self.listen(by_id("alert"), "click", self.on_notice_action)
        switch = page_language.fill_switch()
        if switch is not None:
            self.listen(switch, "change", lambda e: self.switch_language(str(switch.value)))
        # assets/offline.js says when a new version is ready (or the page is kept for offline use)
        self.listen(js.window, "reversi-offline", lambda e: self.show_notices())
        self._check_proxy = create_proxy(self.on_engine_check)
        js.window.setInterval(self._check_proxy, ENGINE_CHECK_MS)

    def unbind(self) -> None:
        while self._unbind:
            self._unbind.pop()()

    # -- handlers -------------------------------------------------------------------

    def on_board_click(self, event: Any) -> None:
        square = event.target.closest("[data-square]")
        if square is not None and self.controller.click(square.getAttribute("data-square")):
            self.update()

    def on_board_focus(self, event: Any) -> None:
        """The board takes the focus from the keyboard: its cursor (the grid's active cell) shows
        where it is. Not on a click: redrawing the squares between the press and the release
        would lose the click."""
        if not self.board.matches(":focus-visible"):
            return
        if self.controller.cursor is None and self.controller.move_cursor(0, 0):
            self.update()

    def on_board_key(self, event: Any) -> None:
        key = event.key
        if key in _ARROWS:
            changed = self.controller.move_cursor(*_ARROWS[key])
        elif key in ("Enter", " "):
            changed = self.controller.activate()
            cursor = self.controller.cursor
            if not changed and cursor is not None and self.controller.editor is None:
                # said, not silently ignored: an occupied square, no move there, the computer's turn
                name = self.controller.rules.geometry.name(cursor)
                # Translators: a screen reader's answer to Enter on a square that takes no move now
                self.announce.textContent = _("{square}: no move there now").format(square=name)
        else:
            return
        event.preventDefault()
        if changed:
            self.update()

    def on_control(self, event: Any) -> None:
        button = event.target.closest("button[data-action]")
        if button is None or button.disabled:
            return
        action = button.getAttribute("data-action")
        if action == "new":
            self.open_new_game()
            return
        if action == "pause":
            self.controller.pause(not self.controller.paused)
            self.update()
            return
        if action == "resign":
            if self.controller.resign():
                self.update()
                # the button is disabled now: the focus goes to the end's first choice, not to the page
                self.game_over.querySelector('[data-over="rematch"]').focus()
            return
        changed = {
            "undo": self.controller.undo,
            "redo": self.controller.redo,
            "rotate": self.controller.rotate,
            "hints": self.controller.toggle_hints,
        }[action]()
        if changed:
            self.update()

    def on_notice_action(self, event: Any) -> None:
        """A button of a notice (or of the message): its ``data-notice-action`` says what to do."""
        button = event.target.closest("button[data-notice-action]")
        if button is None:
            return
        action = self.notice_actions.get(str(button.getAttribute("data-notice-action")))
        if action is not None:
            action()

    def open_new_game(self) -> None:
        self.fill_form(self.controller.form_fields)
        self.form_error.textContent = ""
        self.on_form_input(None)
        self.dialog.showModal()

    def confirming(self, asked: bool) -> None:
        """The new-game dialog asks before a game in progress ends (``asked``), or not."""
        self.form_confirm.hidden = not asked
        by_id("btn-start").hidden = asked
        by_id("btn-start-confirm").hidden = not asked

    def on_game_over_click(self, event: Any) -> None:
        """The end of a game: Rematch (the same rules and players), Review, Close."""
        button = event.target.closest("button[data-over]")
        if button is None:
            return
        action = str(button.getAttribute("data-over"))
        c = self.controller
        self._over_closed = (c.game_id, c.game.current.id)
        if action == "rematch":
            c.new_game(rules=c.rules, players=c.players)
            self.study_engine.reviewing = False  # a new game is played, not reviewed
            self.board.focus()
        elif action == "review":
            self.study_engine.reviewing = True
            by_id("move-list").focus()
        else:
            self.board.focus()  # Close: back to the board (the panel's buttons are gone)
        self.update()

    def on_setting(self, event: Any) -> None:
        """A box of the settings: how the board looks and sounds (kept with the game's settings)."""
        box = event.target
        name = str(box.name or "")
        if name not in PREFERENCES:
            return
        on = bool(box.checked)
        if self.controller.set_preference(name, on):
            if name == "sound" and on:
                self.sound.wake()  # in the click: browsers let a page make sound after a gesture
            self.update()

    def on_form_input(self, event: Any) -> None:
        self.confirming(False)
        fields = read_form(self.form)
        for name, applies in form_applicable(fields).items():
            for element in self.form.querySelectorAll(f'[name="{name}"]'):
                element.disabled = not applies  # what the rule set does not take (not sent either)
        fields = read_form(self.form)
        ok, text = preview_fields(fields)
        names = form_side_names(fields)
        for side, value in enumerate(("black", "white")):
            for option in self.form.querySelectorAll(f'option[value="{value}"]'):
                option.textContent = names[side]
        for element in self.form.querySelectorAll("[data-side-name]"):
            element.textContent = names[int(element.getAttribute("data-side-name"))]
        for element in self.form.querySelectorAll("[data-side-level]"):
            side_name = names[int(element.getAttribute("data-side-level"))]
            # Translators: the new-game form, computer against computer: the level of one side, "Black level"
            element.textContent = _("{side} level").format(side=side_name)
        for selector, option_text in form_option_texts().items():
            for element in self.form.querySelectorAll(selector):
                element.textContent = option_text
        self.form_preview.textContent = text if ok else ""
        self.form_error.textContent = "" if ok else text
        link = document.getElementById("rules-link")
        if link is not None:  # the rules page in the page's language, at the rule set chosen
            anchor = "anti" if fields.get("anti") == "on" else fields.get("variant", "othello")
            link.href = f"./assets/rules/rules.{language()}.html#{anchor}"

    def on_form_submit(self, event: Any) -> None:
        submitter = event.submitter
        if submitter is not None and submitter.value == "cancel":
            return  # the dialog closes by itself
        event.preventDefault()
        if self.controller.in_progress and (submitter is None or submitter.value != "confirm"):
            self.confirming(True)  # asked once: Start again (or "End it and start") goes on
            by_id("btn-start-confirm").focus()
            return
        try:
            self.controller.new_game(read_form(self.form))
        except RulesError as e:
            self.form_error.textContent = str(e)
            return
        self.dialog.close()
        self.update()
        self.board.focus()

    # -- drawing --------------------------------------------------------------------

    def fill_form(self, fields: Mapping[str, str]) -> None:
        """Set the new-game form's elements to ``fields`` (the last game's choices)."""
        for element in self.form.elements:
            name = element.name
            if not name or name not in fields:
                if element.type == "checkbox" and name:
                    element.checked = False
                continue
            value = str(fields[name])
            if element.type == "radio":
                element.checked = element.value == value
            elif element.type == "checkbox":
                element.checked = value.lower() in ("on", "true", "1", "yes")
            else:
                element.value = value

    def update(self) -> None:
        self.check_engine()  # a broken worker is given up before the drivers are poked
        view = self.controller.board_view()
        labels, best = self.hints.view()
        if labels:
            view = replace(view, hints=labels, hint_best=best)
        better = self.better_moves()
        if better:
            view = replace(view, better=better)
        # a redraw for the engine's background work leaves the board's markup alone
        self._board_markup = draw_board(self.board, view, self._board_markup)
        status = self.controller.status()
        self.show_status(status)
        self.tell(status)
        self.show_game_over(status)
        self.show_settings()
        self.show_players(status.message)
        self.show_hints()
        for hook in self.after_update:
            hook()
        self.show_notices()  # after the hooks: the autosave may have just held its saves
        self.driver.poke()
        self.board.dataset.aiPending = "1" if self.driver.in_flight else ""  # a turn is running
        self.stop_stale_search()
        self.hints.poke(busy=self.driver.in_flight)
        # the study gets the worker only when the computer's move and the hints do not want it
        busy = (
            self.driver.in_flight
            or self.hints.in_flight
            or self.hints.waiting()
            or computer_to_move(self.controller) is not None
            or bool(document.hidden)
        )
        self.study_engine.poke(busy=busy)
        if (
            self.stop_view is None  # with the stop flag, the search has stopped already
            and self.driver.stale_seconds_left() > RESTART_AFTER_SECONDS
            and self.restart_task is None
        ):
            self.restart_task = asyncio.ensure_future(self.restart_engine())

    def tell(self, status: StatusView) -> None:
        """Say what changed on the board to a screen reader (``#announce``), and play its sound."""
        c = self.controller
        game = c.game
        since, self._announced = self._announced, game.current
        over_before, self._announced_over = self._announced_over, status.over
        turned_before, self._announced_turned = self._announced_turned, c.rotated
        # the board turned (Flip, or a game as White): the arrows now go the other way
        turned = "" if turned_before is None or turned_before == c.rotated else _(TURNED if c.rotated else UPRIGHT)
        if since is game.current:
            if status.over != over_before:  # on time, a resignation, or Undo taking one back
                self.announce.textContent = " ".join(filter(None, (turned, status.message + ".")))
            elif turned:
                self.announce.textContent = turned
            return
        text = announcement(game, since, status.side_names, status.message)
        if text or turned:
            self.announce.textContent = " ".join(filter(None, (turned, text)))
        plies = plies_since(game, since)
        if c.sound and plies and not game.browsing:
            last = plies[-1]
            if last.parent is not None and last.move is not None:
                passed = last.move == PASS
                flips = 0 if passed else last.parent.position.flips(last.move)
                self.sound.move(flips.bit_count(), passed=passed)

    def show_game_over(self, status: StatusView) -> None:
        """The panel at the end of a game (until it is closed): the result, Rematch, Review."""
        c = self.controller
        if not status.over:
            self._over_closed = None  # the next end shows it again (after an undo, say)
        shown = status.over and c.editor is None and self._over_closed != (c.game_id, c.game.current.id)
        if shown:
            # the result itself is the status line's, just above
            by_id("game-over-title").textContent = _(GAME_OVER)
            by_id("game-over-detail").textContent = over_detail(c, status)
        self.game_over.hidden = not shown

    def show_settings(self) -> None:
        """The settings' boxes as the controller has them (restored with the game's settings)."""
        document.documentElement.classList.toggle("disc-marks", self.controller.disc_marks)  # the cards' discs
        for name in PREFERENCES:
            box = self.settings.querySelector(f'input[name="{name}"]')
            if box is not None and bool(box.checked) != getattr(self.controller, name):
                box.checked = getattr(self.controller, name)

    def better_moves(self) -> frozenset[str]:
        """Reviewing, at a position of the main line where the move played lost discs: the best moves."""
        game = self.controller.game
        node = game.current
        if not self.study_engine.reviewing or not node.is_main or not node.children:
            return frozenset()
        review = review_marks(game, self.study_engine.evals).get(node.depth + 1)
        return frozenset(review.best) if review is not None and review.loss > 0 else frozenset()

    def show_hints(self) -> None:
        """The hints button's state, and the board's ``data-hints``: off, waiting or shown."""
        button = self.buttons["hints"]
        button.setAttribute("aria-pressed", "true" if self.controller.show_hints else "false")
        button.disabled = not self.hints.ready  # the worker works them out
        why = self.health.hints_title()  # disabled because the computer is unavailable
        button.title = why or _(self.hints_title)
        if why:
            button.setAttribute("aria-description", why)
        else:
            button.removeAttribute("aria-description")
        state = self.health.board_hints(self.hints.board_state())
        self.board.dataset.hints = state
        button.classList.toggle("busy", state == "waiting")  # the values are being worked out
        error = self.hints.current_error()
        if error and not self.notice.textContent:
            self.notice.textContent = error

    def show_players(self, message: str) -> None:
        """Who plays each side, the computer thinking (or paused) in the status line
        ``message``, and the pause button."""
        players = self.controller.players
        thinking = self.health.thinking(self.driver.thinking_side())
        for side, player in enumerate(self.players):
            player.querySelector(".player-kind").textContent = players.label(side)
            player.classList.toggle("thinking", thinking == side)
        self.message.textContent = status_message(self.controller, message, thinking)
        error = self.driver.current_error()
        if error:
            self.notice.textContent = error
        self.board.dataset.thinking = "" if thinking is None else ("black", "white")[thinking]
        self.board.dataset.aiReplies = str(self.driver.replies)
        self.board.dataset.aiDropped = str(self.driver.dropped)
        self.board.dataset.aiPending = "1" if self.driver.in_flight else ""
        self.pause_button.hidden = not pause_offered(self.controller)  # not once their game has ended
        label = _("Resume") if self.controller.paused else _("Pause")
        self.pause_button.querySelector(".btn-label").textContent = label

    # -- the language -----------------------------------------------------------------

    def switch_language(self, code: str) -> None:
        """The language switch: everything drawn again in ``code``, the game kept; remembered."""
        chosen = page_language.apply_language(code)
        page_language.remember(chosen)
        page_language.follow_address(chosen)
        self._notices_html = ""  # drawn again in the language
        if self.dialog.open:
            self.on_form_input(None)
        self.update()

    # -- notices --------------------------------------------------------------------

    def show_notices(self) -> None:
        """Draw the notices of :attr:`notice_sources` (only when they changed: a button keeps its focus)."""
        notices = [n for n in (source() for source in self.notice_sources) if n is not None]
        html = render_notices(notices)
        if html != self._notices_html:
            self._notices_html = html
            self.notices.innerHTML = html
            self.notices.hidden = not notices

    def stop_stale_search(self) -> None:
        """The computer's search is no longer wanted (a new game, an undo): with the shared stop flag,
        move the stop epoch on, and every search asked before stops at its next clock check."""
        pending = self.driver.pending
        if self.stop_view is None or pending is None or self.driver.is_current(pending):
            return
        request = (pending, self.driver.sent_at)  # this request (the same position may be asked again)
        if self._stopped_for == request:
            return
        self._stopped_for = request
        js.Atomics.add(self.stop_view, 0, 1)
        count = str(self.board.getAttribute("data-stops") or "0")
        self.board.setAttribute("data-stops", str(int(count) + 1 if count.isdigit() else 1))

    def play_early_click(self) -> None:
        """A square clicked before the page was ready (assets/first-paint.js keeps it): played now,
        or said to be no legal move."""
        name = getattr(js.window, "REVERSI_EARLY_CLICK", None)
        js.window.REVERSI_EARLY_CLICK = None
        if not isinstance(name, str) or not name:
            return
        if self.controller.click(name):
            self.update()
        else:
            # Translators: a square clicked while the page was loading, which cannot be played now
            self.notice.textContent = _("{square} was clicked while the page loaded: it is not a move now.").format(
                square=name[:4]
            )

    def update_notice(self) -> Notice | None:
        """A new version of the page is installed and waiting (assets/offline.js): used on the next load."""
        if str(document.documentElement.getAttribute("data-update") or "") != "ready":
            return None
        return Notice(
            "update",
            _(UPDATE_READY),
            (Action(ACTION_USE_UPDATE, _(LABEL_USE_UPDATE), _(TITLE_USE_UPDATE)),),
            kind="warning",
        )

    def engine_notice(self) -> Notice | None:
        """The computer is unavailable, and the game needs it (a computer plays, or hints are on)."""
        c = self.controller
        return self.health.notice(needed=c.players.any_computer or c.show_hints)

    # -- the engine worker ----------------------------------------------------------

    def check_engine(self) -> bool:
        """Give up on the worker if it failed, is overdue or did not boot in time; True if so."""
        reason = self.health.verdict((self.driver, self.hints))
        if not reason:
            return False
        self.engine_unavailable(reason)
        return True

    def on_engine_check(self) -> None:
        """Every :data:`ENGINE_CHECK_MS` while the page is shown (a hidden page's timers lag)."""
        if not document.hidden and self.check_engine():
            self.update()

    def drop_engine(self) -> None:
        """Forget the worker: every driver's request in flight is abandoned and none asks it again."""
        for driver in (self.driver, self.hints, self.study_engine):
            driver.abandon()
            driver.set_engine(None)
        self.engine = None
        self.stop_view = None

    def engine_unavailable(self, reason: Later | str) -> None:
        """Stop the worker and say the computer is unavailable (``reason``); the game is kept."""
        js.console.warn(f"reversi: the computer is unavailable: {reason}")
        self.drop_engine()
        self.health.down(reason)
        stop_worker(self.worker_name)
        root = document.documentElement.classList
        root.remove("engine-ready")
        root.add("engine-unavailable")
        self.board.dataset.engine = "unavailable"

    def retry_engine(self) -> None:
        """Retry: boot a new worker (the game on the board stays)."""
        if not self.health.unavailable:
            return
        self.next_worker()
        document.documentElement.classList.remove("engine-unavailable")
        self.engine_task = asyncio.ensure_future(self.connect_engine())
        self.update()

    def play_two_players(self) -> None:
        """Play two-player: two people take the sides, the game on the board goes on."""
        self.controller.play_two_players()
        self.update()

    def next_worker(self) -> None:
        """Name a new worker (a stopped worker's name is not reused)."""
        self.restarts += 1
        self.worker_name = f"{WORKER_NAME}-{self.restarts}"
        self.board.dataset.engineRestarts = str(self.restarts)

    async def connect_engine(self) -> None:
        """Await the worker, warm it up, then let the computer play (class ``engine-ready``).

        Its script is fetched first: if that fails the worker is not booted at all. A boot
        the page has given up on meanwhile (too slow: :meth:`check_engine`) is ignored.
        """
        import pyscript

        attempt = self.health.boot()
        self.board.dataset.engine = "starting"
        name = self.worker_name
        problem = await script_problem(WORKER_SRC)
        if problem:
            if self.health.is_current(attempt):
                self.engine_unavailable(problem)
                self.update()
            return
        try:
            start_worker(name)
            engine = await pyscript.workers[name]
            # the worker fetches what only it runs (the search, the solver, the weights) itself
            site = str(js.URL.new("./", js.location.href).href)
            loaded = json.loads(await engine.load(json.dumps({"site": site})))
            if not loaded.get("ok"):
                raise RuntimeError(loaded.get("error", "the engine's files could not be fetched"))
            info = json.loads(await engine.ping(json.dumps({"lang": language()})))
            if not info.get("ok"):
                raise RuntimeError(info.get("error", "the engine failed its warm-up"))
        except Exception as e:
            js.console.warn(f"reversi: engine: {type(e).__name__}: {e}")
            if self.health.is_current(attempt):
                self.engine_unavailable(boot_reason(str(e)))
                self.update()
            return
        if not self.health.is_current(attempt):
            return  # given up on meanwhile (its worker was stopped)
        self.stop_view = await share_stop_flag(engine)
        self.board.dataset.stop = "shared" if self.stop_view is not None else "none"
        self.health.up()
        self.board.dataset.engine = "ready"
        self.engine = engine
        self.engine_info = info
        js.window.reversiEngine = create_proxy(self.call_engine)

        def call(name: str, payload: str) -> Awaitable[str]:  # the worker boundary
            return cast(Awaitable[str], getattr(engine, name)(payload))

        def epoch() -> dict[str, int]:  # the stop epoch each request is made at (if the flag is shared)
            view = self.stop_view
            return {} if view is None else {"epoch": int(js.Atomics.load(view, 0))}

        self.hints.set_engine(json_ask(call, "analyse", epoch))
        self.study_engine.set_engine(json_ask(call, "analyse", epoch))
        self.driver.set_engine(json_ask(call, "best_move", epoch))
        document.documentElement.classList.add("engine-ready")
        js.performance.mark("reversi-engine-ready")
        self.update()

    async def restart_engine(self) -> None:
        """Stop the worker (its search's answer is no longer wanted) and boot a new one."""
        try:
            self.drop_engine()
            document.documentElement.classList.remove("engine-ready")
            stop_worker(self.worker_name)
            self.next_worker()
            self.update()
            await self.connect_engine()
        finally:
            self.restart_task = None

    def call_engine(self, name: str, request: str = "{}") -> Any:
        """``window.reversiEngine(name, json)``: a worker function, as a Promise of its JSON."""
        if name not in ("ping", "best_move", "analyse", "bench"):
            raise ValueError(f"the engine has no function {name!r}")
        return getattr(self.engine, name)(request)  # the worker's JS Promise, as it is

    def show_status(self, st: StatusView) -> None:
        self.title.textContent = st.title
        self.message.textContent = st.message
        self.message.classList.toggle("result", st.over)
        self.notice.textContent = st.notice
        for side, player in enumerate(self.players):
            player.querySelector(".player-name").textContent = st.side_names[side]
            player.querySelector(".player-count").textContent = str(st.counts[side])
            player.querySelector(".disc-icon").setAttribute("data-color", st.colors[side])
            if st.supply is None:
                supply = ""
            else:
                # Translators: the discs a side still has to play (Classic Reversi): "30 in hand"
                supply = ngettext("{n} in hand", "{n} in hand", st.supply[side]).format(n=st.supply[side])
            player.querySelector(".player-supply").textContent = supply
            player.classList.toggle("to-move", st.turn == side)
            player.classList.toggle("winner", st.over and st.winner == side)
        self.buttons["undo"].disabled = not st.can_undo
        self.buttons["redo"].disabled = not st.can_redo
        self.buttons["new"].disabled = False
        self.buttons["rotate"].disabled = False
        # a toggle: the board turned around or not
        self.buttons["rotate"].setAttribute("aria-pressed", "true" if self.controller.rotated else "false")
        resign = self.buttons["resign"]
        resign.hidden = self.controller.players.all_computers  # Pause has the place then
        resign.disabled = self.controller.resigner is None or st.move_count == 0
        for side, player in enumerate(self.players):
            clock = player.querySelector(".player-clock")
            # Translators: a clock's screen-reader name: "Time left for Black"
            clock.setAttribute("aria-label", _("Time left for {side}").format(side=st.side_names[side]))
            count = player.querySelector(".player-count")
            # Translators: the disc count's screen-reader name: "Black's discs" as "Discs of Black"
            count.setAttribute("aria-label", _("Discs of {side}").format(side=st.side_names[side]))
        data = self.board.dataset
        data.moves = str(st.move_count)
        data.over = "true" if st.over else "false"
        data.turn = "" if st.turn is None else ("black", "white")[st.turn]


#: The title of the panel at the end of a game.
GAME_OVER = N_("Game over")
#: What a screen reader is told when the board turns (the arrow keys then go the other way).
# Translators: a screen reader's news: the board is drawn turned by half a turn (Flip, or playing White)
TURNED = N_("The board is turned around: the arrow keys follow the screen.")
# Translators: a screen reader's news: the board is drawn the usual way again
UPRIGHT = N_("The board is the usual way up again.")


def over_detail(controller: PageController, status: StatusView) -> str:
    """The line under the result: who won against whom, from the person's side."""
    players = controller.players
    if status.winner is None or players.all_computers or not players.any_computer:
        return ""
    if players.is_computer(status.winner):
        # Translators: the end of a game against the computer, which won
        return _("The computer won this one. Rematch, or review the game to see where it turned.")
    # Translators: the end of a game against the computer, which the person won
    return _("You won against the computer.")


WORKER_SRC = "./reversi/engine/worker.py"
WORKER_NAME = "engine"
#: A search whose answer is no longer wanted is stopped (its worker replaced) when it
#: could still run longer than this: booting a new worker takes a few seconds.
RESTART_AFTER_SECONDS = 5.0
#: How often the page checks that the worker boots and answers in time (milliseconds).
ENGINE_CHECK_MS = 1000
#: A new version of the page is ready (the service worker's): the notice and its button.
UPDATE_READY = N_("A new version of this page is ready: it is used the next time the page opens.")
LABEL_USE_UPDATE = N_("Use it now")
TITLE_USE_UPDATE = N_("Reload the page with the new version; the game is kept.")
ACTION_USE_UPDATE = "use-update"


async def share_stop_flag(engine: Any) -> Any:
    """A stop flag shared with the worker, on a cross-origin isolated page: its Int32Array, or None."""
    if not bool(getattr(js, "crossOriginIsolated", False)):
        return None
    try:
        view = js.Int32Array.new(js.SharedArrayBuffer.new(4))
        reply = json.loads(await engine.share_stop(view))
    except Exception as e:
        js.console.warn(f"reversi: no shared stop flag: {type(e).__name__}: {e}")
        return None
    if not reply.get("ok"):
        js.console.warn(f"reversi: no shared stop flag: {reply.get('error')}")
        return None
    return view


async def script_problem(src: str) -> Later | str:
    """Why the worker's script at ``src`` cannot be fetched ('' if it can).

    Checked before the worker is booted: PyScript would fail on it with an uncaught
    error, and the page would wait for the worker for ever.
    """
    options = js.Object.fromEntries(to_js({"method": "HEAD", "cache": "no-store"}))
    try:
        response = await js.fetch(src, options)
    except Exception:
        return script_reason()
    if not response.ok:
        return script_reason(int(response.status))
    return ""


def start_worker(name: str = WORKER_NAME) -> None:
    """Add the engine's worker tag (once): PyScript starts the worker when it sees it.

    The tag is not in ``index.html`` because a worker booting beside the page's
    own interpreter slowed the page's start-up on two cores by seconds; the page
    adds it when the board already takes moves. It has no ``config`` of its own
    (in PyScript 0.6.66 that breaks a worker): it shares ``pyscript.toml``.
    """
    if document.querySelector(f'script[type="py"][worker][name="{name}"]') is not None:
        return
    tag = document.createElement("script")
    tag.setAttribute("type", "py")
    tag.setAttribute("worker", "")
    tag.setAttribute("name", name)
    tag.setAttribute("src", WORKER_SRC)
    document.body.append(tag)


def stop_worker(name: str) -> None:
    """Terminate the worker of the tag named ``name`` (whatever it is doing) and remove the tag."""
    tag = document.querySelector(f'script[type="py"][worker][name="{name}"]')
    if tag is None:
        return
    xworker = getattr(tag, "xworker", None)
    if xworker is not None:
        xworker.terminate()
    tag.remove()


def start() -> Page:
    """Draw the page from Python, attach the handlers, and signal readiness."""
    page_language.apply_language(page_language.initial_language())
    page = Page()
    from reversi.ui.dom.features import attach  # the move list, clocks, records, autosave, link

    page.features = attach(page)  # restores the linked or saved game before the first drawing
    page.update()
    page.bind()
    document.documentElement.classList.add("ready")
    js.performance.mark("reversi-ready")
    page.play_early_click()
    page.engine_task = asyncio.ensure_future(page.connect_engine())
    return page
