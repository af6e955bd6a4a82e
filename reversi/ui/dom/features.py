"""DOM glue for what lies around the board: move list, clocks, records, autosave, link.

The second module (with :mod:`reversi.ui.dom.page`) that imports ``js``: it keeps the
page's own glue apart from these features. Everything it decides is in pure
modules tested under CPython: :mod:`reversi.ui.session` (saved state, link,
pasted text, which clock runs), :mod:`reversi.ui.movelist`,
:mod:`reversi.ui.timing` (the game's clock, and the game lost on time when a flag
falls: this module only reports the time and draws the faces),
:mod:`reversi.core.clock`. :class:`GameFeatures` is attached to the page (a
:class:`reversi.ui.ports.PageHost`, :class:`~reversi.ui.dom.page.Page`) before its
first drawing and runs after each of its redraws (``page.after_update``):

* the move list is redrawn, the clocks follow the game (:class:`~reversi.ui.timing.GameTimer`),
* the state is saved to ``localStorage`` when it changed, and the address
  follows the game (``history.replaceState``), so a copied address is a link
  to the game.

At load, a game link in the address wins over the autosave; a bad link shows
its error and falls back to the autosave (or a new game). What is done with the
saved text is decided by :mod:`reversi.ui.autosave` (:func:`~reversi.ui.autosave.plan_start`):
one that cannot be read is moved aside to ``reversi.state.broken`` (the message
and the Game menu offer to copy it) and never read again; one written by a newer
page is left alone. Every save goes through its
:class:`~reversi.ui.autosave.SaveGuard`, and the ``storage`` event tells it when
another tab saved: this tab then stops saving and shows a notice ("Load it",
"Keep this one") instead of overwriting newer moves.
Bad input anywhere (link, pasted text, file) leaves the game as it was and
shows the engine's message in ``#alert``; a file larger than a game can be is
refused before it is read.
"""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine, Mapping
from typing import Any

import js
from pyodide.ffi import create_once_callable, create_proxy, to_js
from pyscript import document

from reversi.core.clock import Clock
from reversi.core.game import Game
from reversi.core.position import Position
from reversi.errors import ReversiError
from reversi.formats.notation import position_to_string, write_transcript
from reversi.formats.openings import opening_name
from reversi.formats.record import read_record
from reversi.i18n import N_, _
from reversi.ui.autosave import (
    ACTION_COPY_BROKEN,
    ACTION_COPY_STORED,
    ACTION_LOAD_OTHER,
    ACTION_OVERWRITE,
    ACTION_PREVIOUS,
    ACTION_RELOAD,
    HOLD_STUCK,
    LABEL_PREVIOUS,
    PREVIOUS_KEY,
    TITLE_PREVIOUS,
    SaveGuard,
    StartPlan,
    copy_action,
    plan_start,
)
from reversi.ui.movelist import NAV_KEYS, render_move_list, study_text, target_for_key
from reversi.ui.notices import MAX_MESSAGES_CHARS, Action, Notice, render_actions, shorten
from reversi.ui.players import Players
from reversi.ui.ports import PageHost
from reversi.ui.recent import RECENT_KEY, dump_recent, read_recent, remember, render_recent, reopen
from reversi.ui.session import (
    BROKEN_KEY,
    STORAGE_KEY,
    SavedState,
    download_name,
    dump_state,
    file_size_error,
    link_query,
    load_text,
    record_text,
)
from reversi.ui.study import analysis_text, render_graph, review_marks
from reversi.ui.timing import GameTimer

TICK_MS = 200
INFO_MS = 3500
#: What was loaded from the box, by kind: "Loaded {what}: ..." (translated where shown).
KIND_NAMES = {
    "transcript": N_("Loaded the moves: {rules}"),
    "position": N_("Loaded the position: {rules}"),
    "record": N_("Loaded the game record: {rules}"),
    "link": N_("Loaded the link: {rules}"),
}
#: Said when something unforeseen went wrong while the saved game or the link was read.
START_FAILED = N_("The saved game or the link could not be read ({error}), so a new game was started.")
#: What the copy of an unreadable saved game is called in the messages ("... copied").
# Translators: what is copied, in "{what} copied" and "{what}: in the box below, ready to copy"
BROKEN_COPY_NAME = N_("Unreadable saved game")


def _storage() -> Any:
    try:
        return js.window.localStorage
    except Exception:
        return None


def _get(storage: Any, key: str) -> str | None:
    """The text stored under ``key`` (None: nothing, or no storage)."""
    if storage is None:
        return None
    try:
        value = storage.getItem(key)
    except Exception:
        return None
    return None if value is None else str(value)


def _put(storage: Any, key: str, text: str, what: str) -> bool:
    """Store ``text`` under ``key``; False (and a console warning naming ``what``) if it could not be
    (no storage, or it is full)."""
    if storage is None:
        return False
    try:
        storage.setItem(key, text)
    except Exception as e:
        js.console.warn(f"reversi: could not keep {what}: {e}")
        return False
    return True


def _options(data: dict[str, Any]) -> Any:
    return to_js(data, dict_converter=js.Object.fromEntries)


def save_blob(blob: Any, name: str) -> None:
    """Offer ``blob`` as a download named ``name``."""
    url = js.URL.createObjectURL(blob)
    anchor = document.createElement("a")
    anchor.href = url
    anchor.download = name
    document.body.appendChild(anchor)
    anchor.click()
    anchor.remove()
    js.setTimeout(create_once_callable(lambda: js.URL.revokeObjectURL(url)), 2000)


def save_text(text: str, mime: str, name: str) -> None:
    save_blob(js.Blob.new(to_js([text]), _options({"type": mime})), name)


class GameFeatures:
    def __init__(self, page: PageHost) -> None:
        self.page = page
        self.controller = page.controller
        self.move_list = document.getElementById("move-list")
        self.alert = document.getElementById("alert")
        self.alert_text = document.getElementById("alert-text")
        self.records_input = document.getElementById("records-input")
        self.records_file = document.getElementById("records-file")
        self.clocks = [p.querySelector(".player-clock") for p in page.players]
        #: The game's clock: it follows the game and ends it when a flag falls.
        self.timer = GameTimer(self.controller)
        #: Whether this tab may write the saved game (reversi/ui/autosave.py).
        self.guard = SaveGuard(None)
        self.alert_actions = document.getElementById("alert-actions")
        self.copy_broken_button = document.querySelector('button[data-record="copy-broken"]')
        self.share: Any = None  # the snippet maker (reversi/ui/dom/share.py), made when first opened
        self.study = document.getElementById("study")
        self.study_status = document.getElementById("study-status")
        self.comment = document.getElementById("comment")
        self.recent = document.getElementById("recent-games")
        self.analysis = document.getElementById("analysis")
        self.opening = document.getElementById("opening-name")
        self.editor_panel = document.getElementById("editor")
        self.editor_message = document.getElementById("editor-message")
        self.graph_box = document.getElementById("graph-box")
        self.review_legend = document.getElementById("review-legend")
        self._graph_html = ""
        #: The game last written to the recent list (its main line and result): rewritten when they change.
        self._recent_mark: tuple[Any, ...] = ()
        self._info_timer: Any = None
        self._tick_proxy: Any = None
        #: The copies and file reads running (the loop keeps only weak references).
        self._tasks: set[asyncio.Future[None]] = set()

    # -- start-up ---------------------------------------------------------------------

    def restore(self) -> None:
        """Put the linked or saved game on the board (before the first drawing)."""
        try:
            plan = plan_start(_get(_storage(), STORAGE_KEY), str(js.location.search))
            self.carry_out(plan)
        except Exception as e:  # a bug: the page starts anyway, with a new game, and says so
            js.console.error(f"reversi: restore: {type(e).__name__}: {e}")
            self.guard = SaveGuard(_get(_storage(), STORAGE_KEY), HOLD_STUCK)  # kept, not overwritten
            self.show_error(_(START_FAILED).format(error=f"{type(e).__name__}: {e}"))
        self.show_copy_broken()

    def carry_out(self, plan: StartPlan) -> None:
        """Do what :func:`~reversi.ui.autosave.plan_start` decided: storage, settings, game, message."""
        moved = True
        if plan.move_aside:
            moved = self.move_aside(plan.stored.text or "")
        if plan.settings is not None:
            self._load_settings(plan.settings)
        if plan.game is not None:
            self.load(plan.game, clock=plan.clock, redraw=False)
        if plan.players is not None:
            self.controller.set_players(plan.players)  # the link's (nobody named: two people, for study)
        kept = plan.previous is not None and self.keep_previous(plan.previous or "")
        self.guard = plan.guard(moved)
        if plan.clean_address:
            self.follow_address(clean=True)
        message = plan.message(moved)
        if message:
            actions: tuple[Action, ...] = (copy_action(),) if plan.offers_copy(moved) else ()
            if kept:
                actions += (Action(ACTION_PREVIOUS, _(LABEL_PREVIOUS), _(TITLE_PREVIOUS)),)
            if plan.problems or plan.stored.broken:
                self.show_error(message, actions)
            else:
                self._show(message, "notice", actions)

    def keep_previous(self, text: str) -> bool:
        """Keep the saved game a link replaced on the board (one click away); False if it could not be."""
        return _put(_storage(), PREVIOUS_KEY, text, "the game in progress")

    def back_to_previous(self) -> None:
        """Back to my game: the game a link replaced, with its players, clock and settings."""
        self.hide_alert()
        text = _get(_storage(), PREVIOUS_KEY)
        if text is None:
            return
        plan = plan_start(text, at_start=False)
        if plan.game is not None:
            self.carry_out(plan)
            # the saved game is now the link's (this tab wrote it): save the one brought back over it
            self.guard = SaveGuard(_get(_storage(), STORAGE_KEY))
            self.save(force=True)
        self.page.update()

    def move_aside(self, text: str) -> bool:
        """Copy the unreadable saved text to ``BROKEN_KEY`` and remove it; False if it could not be kept."""
        storage = _storage()
        if not _put(storage, BROKEN_KEY, text, "the unreadable saved game aside"):
            return False
        try:
            storage.removeItem(STORAGE_KEY)
        except Exception:
            pass
        return True

    def _load_settings(self, settings: Mapping[str, Any]) -> None:
        if settings:
            self.controller.load_settings(settings)

    def bind(self) -> None:
        listen = self.page.listen
        listen(self.move_list, "click", self.on_move_click)
        listen(self.move_list, "keydown", self.on_move_key)
        listen(self.study, "click", self.on_study_click)
        listen(self.comment, "change", self.on_comment)
        listen(document.getElementById("records"), "toggle", lambda e: self.draw_recent())
        listen(self.recent, "click", self.on_recent_click)
        listen(self.graph_box, "click", self.on_graph_click)
        listen(self.editor_panel, "click", self.on_editor_click)
        listen(self.editor_panel, "change", self.on_editor_change)
        listen(document.getElementById("records"), "click", self.on_records_click)
        listen(self.records_file, "change", self.on_file)
        listen(document.getElementById("alert-close"), "click", lambda e: self.hide_alert())
        listen(js.window, "pagehide", lambda e: self.save(force=True))
        listen(js.window, "storage", self.on_storage)
        self.page.notice_sources.append(self.guard_notice)
        self.page.notice_actions.update(
            {
                ACTION_LOAD_OTHER: self.load_other,
                ACTION_OVERWRITE: self.overwrite,
                ACTION_RELOAD: lambda: js.location.reload(),
                ACTION_COPY_BROKEN: lambda: self.copy_stored(BROKEN_KEY),
                ACTION_COPY_STORED: lambda: self.copy_stored(STORAGE_KEY),
                ACTION_PREVIOUS: self.back_to_previous,
            }
        )
        # a flag that fell since the last tick is seen before a move is taken
        for event in ("click", "keydown"):
            capture = create_proxy(lambda e: self.tick())
            self.page.board.addEventListener(event, capture, True)
        self._tick_proxy = create_proxy(lambda: self.tick())
        js.window.setInterval(self._tick_proxy, TICK_MS)

    # -- after every redraw -----------------------------------------------------------

    def after_update(self) -> None:
        now = float(js.performance.now())
        error = self.timer.follow(now)  # a new game's clock, whose time runs
        if error:
            self.show_error(error)
        self.draw_move_list()
        self.draw_study()
        if self.timer.check(now):
            self.page.update()  # a flag fell: the game ended on time (that redraw saves it)
            return
        self.draw_clocks(now)
        self.save()
        self.remember_recent()
        self.follow_address()

    def review_kinds(self) -> dict[int, str]:
        """The review's marks by ply (mistake, blunder), while the review is shown."""
        engine = self.page.study_engine
        if not engine.reviewing:
            return {}
        marks = review_marks(self.controller.game, engine.evals)
        return {ply: r.kind for ply, r in marks.items() if r.kind}

    def draw_move_list(self) -> None:
        c = self.controller
        self.move_list.innerHTML = render_move_list(c.game, c.rules.display_side_names(), self.review_kinds())
        self.move_list.dataset.ply = str(c.game.ply)
        current = self.move_list.querySelector(".current")
        box = self.move_list
        if current is not None:
            top, bottom = current.offsetTop, current.offsetTop + current.offsetHeight
            if top < box.scrollTop or bottom > box.scrollTop + box.clientHeight:
                box.scrollTop = max(0, top - box.clientHeight // 2)
        elif c.game.ply == 0:
            box.scrollTop = 0

    def draw_study(self) -> None:
        """The study bar: where you are (browsing, a variation), its buttons, the position's comment."""
        c = self.controller
        text = study_text(c.game)
        self.study_status.textContent = text
        self.study_status.hidden = not text
        for name, shown in (
            ("live", c.game.browsing),
            ("promote", not c.game.current.is_main),
            ("delete", not c.game.current.is_main),
        ):
            button = self.study.querySelector(f'[data-study="{name}"]')
            if button is not None:
                button.hidden = not shown
        engine = self.page.study_engine
        for name, pressed in (("mark", c.marking), ("values", c.showing_values), ("analysis", engine.analysing),
                              ("review", engine.reviewing)):
            button = self.study.querySelector(f'[data-study="{name}"]')
            if button is not None:
                button.setAttribute("aria-pressed", "true" if pressed else "false")
        self.analysis.hidden = not engine.analysing
        if engine.analysing:
            self.analysis.textContent = analysis_text(engine.analysis(), c.position, c.rules.display_side_names())
        self.draw_graph()
        self.draw_editor()
        game = c.game
        name = opening_name(game.rules, game.moves, game.start == Position.start(game.rules))
        # Translators: the named opening the game follows, e.g. "Opening: Tiger" (the names stay as they are)
        text = _("Opening: {name}").format(name=name) if name else ""
        if str(self.opening.textContent) != text:
            self.opening.textContent = text
        self.opening.hidden = not name
        if document.activeElement is not self.comment and str(self.comment.value) != c.game.current.comment:
            self.comment.value = c.game.current.comment  # not while the person is typing in it

    def on_study_click(self, event: Any) -> None:
        button = event.target.closest("button[data-study]")
        if button is None:
            return
        action = str(button.getAttribute("data-study"))
        c = self.controller
        engine = self.page.study_engine
        if action == "edit":
            if c.open_editor():
                self.page.update()
            return
        if action == "analysis":
            engine.analysing = not engine.analysing
            self.page.update()
            return
        if action == "review":
            engine.reviewing = not engine.reviewing
            self.page.update()
            return
        changed = {
            "live": c.back_to_live,
            "promote": c.promote,
            "delete": c.delete_variation,
            "mark": c.toggle_marking,
            "values": c.toggle_values,
        }.get(action, lambda: False)()
        if changed:
            self.page.update()

    def draw_editor(self) -> None:
        """The editor's panel while it is open: the tool, the side to move, discs in hand, what is wrong."""
        editor = self.controller.editor
        self.editor_panel.hidden = editor is None
        self.study.classList.toggle("editing", editor is not None)
        if editor is None:
            return
        names = self.controller.rules.display_side_names()
        for element in self.editor_panel.querySelectorAll("[data-side-name]"):
            element.textContent = names[int(element.getAttribute("data-side-name"))]
        for radio in self.editor_panel.querySelectorAll('input[name="editor-tool"]'):
            radio.checked = str(radio.value) == editor.tool
        document.getElementById("editor-turn").value = str(editor.turn)
        supply = document.getElementById("editor-supply")
        supply.hidden = editor.supply is None
        if editor.supply is not None:
            for side, key in enumerate(("black", "white")):
                field = document.getElementById(f"editor-supply-{key}")
                if document.activeElement is not field:
                    field.value = str(editor.supply[side])
        problem = editor.problem()
        text = problem or " ".join(editor.warnings())
        self.editor_message.textContent = text
        self.editor_message.dataset.kind = "error" if problem else ("warning" if text else "")
        for name in ("play", "study"):
            button = self.editor_panel.querySelector(f'[data-editor="{name}"]')
            if button is not None:
                button.disabled = bool(problem)

    def on_editor_click(self, event: Any) -> None:
        button = event.target.closest("button[data-editor]")
        if button is None:
            return
        action = str(button.getAttribute("data-editor"))
        c = self.controller
        editor = c.editor
        if editor is None:
            return
        try:
            if action == "clear":
                editor.clear()
            elif action == "cancel":
                c.close_editor()
            elif action in ("play", "study"):
                c.close_editor(play=True, study=action == "study")
                if action == "study":
                    self.page.study_engine.analysing = True
                self.timer.load(None)
        except ReversiError as e:
            self.editor_message.textContent = str(e)
            self.editor_message.dataset.kind = "error"
            return
        self.page.update()

    def on_editor_change(self, event: Any) -> None:
        editor = self.controller.editor
        if editor is None:
            return
        target = event.target
        name = str(target.getAttribute("name") or target.id or "")
        if name == "editor-tool":
            editor.set_tool(str(target.value))
        elif name == "editor-turn":
            editor.set_turn(int(str(target.value)) if str(target.value) in ("0", "1") else 0)
        elif name.startswith("editor-supply"):
            values = []
            for key in ("black", "white"):
                raw = str(document.getElementById(f"editor-supply-{key}").value).strip()
                values.append(int(raw) if raw.isascii() and raw.isdigit() and len(raw) <= 3 else 0)
            editor.set_supply(values[0], values[1])
        self.page.update()

    def draw_graph(self) -> None:
        """The evaluation graph (when the game has moves), redrawn only when it changed."""
        c = self.controller
        engine = self.page.study_engine
        game = c.game
        if not game.root.children:
            html = ""
        else:
            current = game.current.depth if game.current.is_main else None
            marks = review_marks(game, engine.evals) if engine.reviewing else None
            html = render_graph(engine.graph_points(), current, marks, c.rules.anti)
        if html != self._graph_html:
            self._graph_html = html
            self.graph_box.innerHTML = html
        self.review_legend.hidden = not engine.reviewing

    def on_graph_click(self, event: Any) -> None:
        """A click on the graph goes to the nearest point's position of the main line."""
        target = event.target.closest("[data-ply]")
        main = self.controller.game.main_line()
        if target is not None:
            ply = int(target.getAttribute("data-ply"))
        else:
            svg = self.graph_box.querySelector("svg")
            if svg is None:
                return
            box = svg.getBoundingClientRect()
            width = float(box.width) or 1.0
            ply = round((float(event.clientX) - float(box.left)) / width * (len(main) - 1))
        ply = max(0, min(ply, len(main) - 1))
        if self.controller.go_to_node(main[ply].id):
            self.page.update()

    def on_comment(self, event: Any) -> None:
        if self.controller.set_comment(str(self.comment.value)):
            self.page.update()

    def remember_recent(self) -> None:
        """Put the game on the board first in the recent games (when its main line or players changed)."""
        game = self.controller.game
        code = self.controller.players.to_code()
        end = game.main_line()[-1]
        mark = (id(game), end.id, len(game.main_line()), code, game.node_count)
        if mark == self._recent_mark:
            return
        self._recent_mark = mark
        storage = _storage()
        if storage is None:
            return
        date = str(js.Date.new().toISOString())[:16].replace("T", " ")
        entries = remember(read_recent(_get(storage, RECENT_KEY)), game, code, date)
        _put(storage, RECENT_KEY, dump_recent(entries), "the recent games")
        if document.getElementById("records").open:
            self.draw_recent()

    def draw_recent(self) -> None:
        if document.getElementById("records").open:
            entries = read_recent(_get(_storage(), RECENT_KEY))
            self.recent.innerHTML = render_recent(entries, self.controller.rules.display_side_names())

    def on_recent_click(self, event: Any) -> None:
        button = event.target.closest("button[data-recent]")
        if button is None:
            return
        try:
            game, code = reopen(read_recent(_get(_storage(), RECENT_KEY)), int(button.getAttribute("data-recent")))
            players = Players.from_code(code)
        except (ReversiError, ValueError) as e:
            self.show_error(_("Not loaded: {error}").format(error=e))
            return
        self.load(game, players=players)
        self.show_info(_("Opened a recent game: {rules}").format(rules=game.rules.describe()))

    def draw_clocks(self, now: float) -> None:
        faces = self.timer.faces(now)
        for side, element in enumerate(self.clocks):
            if element is None:
                continue
            if faces is None:
                element.hidden = True
                continue
            face = faces[side]
            element.hidden = False
            element.textContent = face.text
            element.classList.toggle("running", face.running)
            element.classList.toggle("low", face.low)
            element.classList.toggle("flagged", face.flagged)
            element.dataset.ms = str(face.ms)

    def tick(self) -> None:
        """Every :data:`TICK_MS`, and before a click or key on the board takes a move."""
        if self.timer.clock is None:
            return
        now = float(js.performance.now())
        if self.timer.check(now):
            self.page.update()  # a flag fell: the game ended on time
        else:
            self.draw_clocks(now)

    # -- saving and the address --------------------------------------------------------

    def state(self) -> SavedState:
        return SavedState(self.controller.game, self.controller.settings(), self.timer.clock)

    def save(self, force: bool = False) -> None:
        """Write the game if it changed (``force``: even if not) and the guard lets this tab."""
        storage = _storage()
        if storage is None:
            return
        text = dump_state(self.state(), js.performance.now())
        if not self.guard.should_write(text, _get(storage, STORAGE_KEY), force):
            return
        if _put(storage, STORAGE_KEY, text, "the game"):
            self.guard.wrote(text)

    def on_storage(self, event: Any) -> None:
        """Another tab changed the storage: the guard decides whether this tab stops saving."""
        key, value = event.key, event.newValue
        if self.guard.stored_changed(None if key is None else str(key), None if value is None else str(value)):
            self.page.update()  # the notice shows
        if key is None or str(key) == BROKEN_KEY:
            self.show_copy_broken()

    def guard_notice(self) -> Notice | None:
        return self.guard.notice()

    def load_other(self) -> None:
        """Load it: the game saved meanwhile (another tab's), as the page would at start."""
        self.hide_alert()
        self.carry_out(plan_start(_get(_storage(), STORAGE_KEY), at_start=False))
        self.show_copy_broken()
        self.page.update()

    def overwrite(self) -> None:
        """Keep this one / Replace it: save this tab's game over the saved one, deliberately."""
        self.guard.overrule(_get(_storage(), STORAGE_KEY))
        self.save(force=True)
        self.page.update()

    def follow_address(self, clean: bool = False) -> None:
        """Make the address the game's link (``clean``: keep nothing of an address that cannot be read)."""
        query = link_query(
            self.controller.game, "" if clean else str(js.location.search), self.controller.players.to_code()
        )
        url = str(js.location.pathname) + (f"?{query}" if query else "")
        if url != str(js.location.pathname) + str(js.location.search):
            js.history.replaceState(None, "", url)

    def link(self) -> str:
        query = link_query(self.controller.game, str(js.location.search), self.controller.players.to_code())
        return str(js.location.origin) + str(js.location.pathname) + (f"?{query}" if query else "")

    # -- loading a game -------------------------------------------------------------

    def load(
        self, game: Game, clock: Clock | None = None, redraw: bool = True, players: Players | None = None
    ) -> None:
        """Put ``game`` on the board, with no clock unless one is given (the autosave), and ``players``
        if given (a game brought in names who plays; naming nobody, it is for study: two people)."""
        self.controller.load_game(game)
        if players is not None:
            self.controller.set_players(players)
        self.timer.load(clock)  # a flag that had fallen ends the game again
        if redraw:
            self.page.update()

    # -- the move list ------------------------------------------------------------------

    def on_move_click(self, event: Any) -> None:
        entry = event.target.closest("[data-ply]")
        if entry is None:
            return
        node = entry.getAttribute("data-node")
        if node is not None and self.controller.go_to_node(int(node)):
            self.page.update()

    def on_move_key(self, event: Any) -> None:
        if event.key not in NAV_KEYS:
            return
        event.preventDefault()
        target = target_for_key(self.controller.game, event.key)
        if target is not None and self.controller.go_to(target):
            self.page.update()

    # -- the records panel ------------------------------------------------------------

    def on_records_click(self, event: Any) -> None:
        button = event.target.closest("button[data-record]")
        if button is None:
            return
        action = button.getAttribute("data-record")
        game = self.controller.game
        if action == "copy-moves":
            # Translators: what is copied, in "{what} copied" and "{what}: in the box below, ready to copy"
            self.copy(write_transcript(game.moves, game.rules.geometry), _("Moves"))
        elif action == "copy-position":
            self.copy(position_to_string(game.position), _("Position"))
        elif action == "copy-link":
            self.copy(self.link(), _("Link"))
        elif action == "download":
            self.download()
        elif action == "open":
            self.records_file.click()
        elif action == "load":
            self.load_from_box()
        elif action == "copy-broken":
            self.copy_stored(BROKEN_KEY)
        elif action in ("board-svg", "board-png"):
            self.download_board(action[len("board-"):])
        elif action == "embed":
            if self.share is None:
                from reversi.ui.dom.share import EmbedMaker

                self.share = EmbedMaker(self.page)
                self.share.bind()
            self.share.open()

    def copy_stored(self, key: str) -> None:
        """Copy the text stored under ``key`` (the unreadable saved game) to the clipboard."""
        text = _get(_storage(), key)
        if text is not None:
            self.copy(text, _(BROKEN_COPY_NAME))

    def show_copy_broken(self) -> None:
        """The Game menu offers to copy the unreadable saved game while one is kept."""
        if self.copy_broken_button is not None:
            self.copy_broken_button.hidden = _get(_storage(), BROKEN_KEY) is None

    def load_from_box(self) -> None:
        text = str(self.records_input.value)
        try:
            game, kind, code = load_text(text, self.controller.rules)
            players = Players.from_code(code)
        except ReversiError as e:
            self.show_error(_("Not loaded: {error}").format(error=e))
            return
        self.load(game, players=players)
        self.show_info(_(KIND_NAMES[kind]).format(rules=self.controller.rules.describe()))

    def copy(self, text: str, what: str) -> None:
        async def run() -> None:
            try:
                await js.navigator.clipboard.writeText(text)
            except Exception:
                document.getElementById("records").open = True  # the box is in the Game menu
                self.records_input.value = text
                self.records_input.select()
                self.show_info(_("{what}: in the box below, ready to copy").format(what=what))
                return
            # Translators: said when something was copied to the clipboard: "Link copied"
            self.show_info(_("{what} copied").format(what=what))

        self._spawn(run())

    def download(self) -> None:
        game = self.controller.game
        date = str(js.Date.new().toISOString())[:10]
        save_text(record_text(game), "text/plain", download_name(game.rules, date))

    def download_board(self, kind: str) -> None:
        """The board shown as a standalone SVG (no style sheet needed) or a PNG drawn from it."""
        from reversi.ui.diagram import position_view, standalone_svg

        node = self.controller.game.current
        view = position_view(self.controller.rules, node.position, last_move=node.move, marks=node.marks,
                             rotated=self.controller.board_view().rotated)
        svg = standalone_svg(view, 800, "light")
        date = str(js.Date.new().toISOString())[:10]
        name = download_name(self.controller.rules, date).rsplit(".", 1)[0] + "-board"
        if kind == "svg":
            save_text(svg, "image/svg+xml", name + ".svg")
            return
        image = js.Image.new()
        source = js.URL.createObjectURL(js.Blob.new(to_js([svg]), _options({"type": "image/svg+xml"})))

        def drawn(_event: Any = None) -> None:
            canvas = document.createElement("canvas")
            canvas.width, canvas.height = int(image.naturalWidth), int(image.naturalHeight)
            canvas.getContext("2d").drawImage(image, 0, 0)
            js.URL.revokeObjectURL(source)
            canvas.toBlob(create_once_callable(lambda blob: save_blob(blob, name + ".png")), "image/png")

        image.onload = create_once_callable(drawn)
        image.src = source

    def on_file(self, event: Any) -> None:
        files = self.records_file.files
        if files is None or files.length == 0:
            return
        file = files.item(0)
        too_big = file_size_error(str(file.name), int(file.size))
        if too_big:  # refused unread: reading a huge file would freeze the page
            self.records_file.value = ""
            self.show_error(too_big)
            return

        async def run() -> None:
            name = str(file.name)
            try:
                text = str(await file.text())
                record = read_record(text)
                game = record.to_game()
                players = Players.from_code(record.players)
            except Exception as e:  # a ReversiError says what is wrong; anything else too
                # Translators: a file that could not be read: "game.rev was not opened: ..."
                self.show_error(_("{name} was not opened: {error}").format(name=name, error=e))
                return
            finally:
                self.records_file.value = ""
            self.load(game, players=players)
            self.show_info(_("Opened {name}: {rules}").format(name=name, rules=game.rules.describe()))

        self._spawn(run())

    def _spawn(self, coro: Coroutine[Any, Any, None]) -> None:
        """Run ``coro`` as a task, held until it is done."""
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # -- messages -----------------------------------------------------------------------

    def show_error(self, text: str, actions: tuple[Action, ...] = ()) -> None:
        self._show(text, "error", actions)

    def show_info(self, text: str) -> None:
        self._show(text, "info")
        self._info_timer = js.setTimeout(create_once_callable(self._hide_info), INFO_MS)

    def _hide_info(self) -> None:
        if self.alert.dataset.kind == "info":
            self.hide_alert()

    def _show(self, text: str, kind: str, actions: tuple[Action, ...] = ()) -> None:
        if self._info_timer is not None:
            js.clearTimeout(self._info_timer)
            self._info_timer = None
        self.alert_text.textContent = shorten(text, MAX_MESSAGES_CHARS)
        self.alert_actions.innerHTML = render_actions(actions)
        self.alert_actions.hidden = not actions
        self.alert.dataset.kind = kind
        self.alert.hidden = False

    def hide_alert(self) -> None:
        self.alert.hidden = True
        self.alert_text.textContent = ""
        self.alert_actions.innerHTML = ""
        self.alert.dataset.kind = ""


def attach(page: PageHost) -> GameFeatures:
    """Restore the game, hook the features into ``page``; call before its first update."""
    features = GameFeatures(page)
    features.restore()
    page.after_update.append(features.after_update)
    features.bind()
    return features
