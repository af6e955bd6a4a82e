"""The embed: a game viewer (or a puzzle) for another site's page.

Two ways in, one :class:`Embed`:

* the iframe (``index.html?view=embed``): ``main.py`` calls :func:`start` instead of the
  app when the address has ``view=``. ``assets/head.js`` has already set
  ``<html class="view-embed">`` (the embed's layout, ``assets/app.css``) and the theme.
  Readiness: ``<html class="ready">`` and the mark ``reversi-ready``, as the app.
* a board in a teacher's own page (``assets/embed.js``): :mod:`reversi.ui.dom.boards`
  builds the same parts inside a shadow root and hands it over as ``root``.

Either way it draws the board, the replay controls and the move list of
:class:`reversi.ui.embed.viewer.Viewer`, and nothing else: no engine worker (nothing is
computed to replay a game), no clock, no storage written (the language is read, never
remembered), no service worker. Every part is looked up inside ``root`` (the document, or
one board's shadow root, where ids are the board's own), and keys are heard there only.
"""

from __future__ import annotations

from typing import Any

import js
from js import document
from pyodide.ffi import create_proxy

from reversi.i18n import _
from reversi.ui.dom import by_id, draw_board, nullable
from reversi.ui.dom import language as page_language
from reversi.ui.embed.viewer import AUTOPLAY_MS, Viewer
from reversi.ui.move_list import render_move_list

#: Keys the embed answers, wherever the focus is in it (a text field has none here).
KEYS = ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End", " ", "Enter", "n", "N", "PageUp",
        "PageDown")



class Embed:
    """The DOM side of one viewer: draws it and turns clicks and keys into its controls."""

    def __init__(self, viewer: Viewer, root: Any = None, app_url: str = "./") -> None:
        self.viewer = viewer
        #: Where the parts are (the document, or a board's shadow root) and the keys are heard.
        self.root = document if root is None else root
        #: The app's address, for "Open in the app" (``./`` inside the site).
        self.app_url = app_url
        self.board = by_id("board", self.root)
        self.bar = by_id("embed-bar", self.root)
        self.move_list = by_id("move-list", self.root)
        self.status = by_id("embed-status", self.root)
        self.caption = by_id("embed-caption", self.root)
        self.comment = by_id("embed-comment", self.root)
        self.problem = by_id("embed-problem", self.root)
        self.open_link = by_id("embed-open", self.root)
        self.feedback = by_id("puzzle-feedback", self.root)
        self.puzzle_actions = self.bar.querySelector(".puzzle-actions")
        self.set_box = self.bar.querySelector(".puzzle-set")
        self.summary = self.bar.querySelector(".puzzle-summary")
        self._board_markup = ""
        self._list_markup = ""
        #: The embed's own address's query (``show_once``), and which puzzle of a set the app's
        #: link was last made for (index, summary shown), so a replay step does not remake it.
        self._query = ""
        self._open_for: tuple[int, bool] | None = None
        self._timer: Any = None
        self._proxies: list[Any] = []
        self._listening: list[tuple[Any, str, Any]] = []

    def bind(self) -> None:
        for element, event, handler in (
            (self.bar, "click", self.on_bar_click),
            (self.move_list, "click", self.on_list_click),
            (self.board, "click", self.on_board_click),
            (self.root, "keydown", self.on_key),
        ):
            proxy = create_proxy(handler)
            self._proxies.append(proxy)
            self._listening.append((element, event, proxy))
            element.addEventListener(event, proxy)
        self._tick_proxy = create_proxy(self.on_tick)
        self._proxies.append(self._tick_proxy)

    def destroy(self) -> None:
        """Stop for good: the replay's timer cleared, the handlers detached and freed (a board the
        page takes away again, e.g. the app's "Practise these positions" when it is closed)."""
        if self._timer is not None:
            js.clearTimeout(self._timer)
            self._timer = None
        for element, event, proxy in self._listening:
            element.removeEventListener(event, proxy)
        self._listening.clear()
        for proxy in self._proxies:
            proxy.destroy()
        self._proxies.clear()

    # -- events --------------------------------------------------------------------------

    def on_bar_click(self, event: Any) -> None:
        button = nullable(event.target.closest("button[data-action]"))
        if button is None or button.disabled:
            return
        action = str(button.getAttribute("data-action"))
        v = self.viewer
        {"first": v.first, "prev": v.prev, "next": v.next, "last": v.last, "play": v.toggle_play,
         "flip": v.rotate, "numbers": v.toggle_numbers, "stable": v.toggle_stable, "retry": v.retry,
         "solution": v.show_solution, "next-puzzle": v.next_puzzle, "prev-puzzle": v.prev_puzzle,
         "restart-set": v.restart_set}.get(action, lambda: None)()
        self.update()
        if action in ("next-puzzle", "restart-set") and v.in_summary():
            self.summary.focus()  # the summary is what comes next: read out, and the keys still heard

    def on_board_click(self, event: Any) -> None:
        """A puzzle's try: a click on a legal square is answered (nothing else takes a click)."""
        square = nullable(event.target.closest("[data-square]"))
        if square is not None and self.viewer.try_move(str(square.getAttribute("data-square"))):
            self.update()

    def on_list_click(self, event: Any) -> None:
        entry = nullable(event.target.closest("[data-node]"))
        if entry is not None and self.viewer.go_to_node(int(entry.getAttribute("data-node"))):
            self.update()

    def on_key(self, event: Any) -> None:
        if event.key not in KEYS or event.ctrlKey or event.metaKey or event.altKey:
            return
        if event.key in (" ", "Enter") and event.target.closest("button, a"):
            return  # space and Enter press the focused button or link, as anywhere
        if event.key in ("PageUp", "PageDown"):
            if self.viewer.puzzle_set is None:
                return  # the page's own (scrolling)
            event.preventDefault()
            (self.viewer.prev_puzzle if event.key == "PageUp" else self.viewer.next_puzzle)()
            self.update()
            if self.viewer.in_summary():
                self.summary.focus()  # as from the button: the summary is read out
            return
        if event.key in ("ArrowUp", "ArrowDown", "Enter") and not self.viewer.solving():
            return  # the page's own (scrolling), but while a puzzle waits for a move
        event.preventDefault()
        if self.viewer.solving() and event.key.startswith("Arrow"):
            self.board.focus()  # the cursor shows where the focus is
        self.viewer.key(str(event.key))
        self.update()

    def on_tick(self) -> None:
        self._timer = None
        self.viewer.tick()
        self.update()

    # -- drawing -------------------------------------------------------------------------

    def update(self) -> None:
        v = self.viewer
        game = v.game
        self._board_markup = draw_board(self.board, v.board_view(), self._board_markup)
        listing = render_move_list(game, game.rules.display_side_names())
        if listing != self._list_markup:
            self.move_list.innerHTML = listing
            self._list_markup = listing
            self.scroll_to_current()
        puzzle = v.puzzle
        at_task = puzzle is not None and v.current is game.root and not puzzle.solved
        self.status.textContent = puzzle.task() if puzzle is not None and at_task else v.status()
        if puzzle is not None:
            self.feedback.textContent = puzzle.feedback
            self.feedback.hidden = not puzzle.feedback
            self.feedback.dataset.verdict = puzzle.verdict
            self.puzzle_actions.hidden = v.in_summary()
        self.update_set()
        comment = v.current.comment
        self.comment.textContent = comment
        self.comment.hidden = not comment
        self.set_button("first", v.can_go_back())
        self.set_button("prev", v.can_go_back())
        self.set_button("next", v.can_go_forward())
        self.set_button("last", v.can_go_forward())
        self.set_button("play", bool(game.main_line()[1:]))
        self.set_button("flip", True)
        play = self.bar.querySelector('[data-action="play"]')
        play.setAttribute("aria-pressed", "true" if v.playing else "false")
        flip = self.bar.querySelector('[data-action="flip"]')
        flip.setAttribute("aria-pressed", "true" if v.rotated else "false")
        for name, shown in (("numbers", v.shows_numbers()), ("stable", v.shows_stable())):
            toggle = nullable(self.bar.querySelector(f'[data-action="{name}"]'))
            if toggle is not None:
                toggle.disabled = v.solving()
                toggle.setAttribute("aria-pressed", "true" if shown else "false")
        self.board.dataset.ply = str(v.current.depth)
        self.board.dataset.node = str(v.current.id)
        self.board.dataset.playing = "true" if v.playing else "false"
        if v.playing and self._timer is None:
            self._timer = js.setTimeout(self._tick_proxy, AUTOPLAY_MS)
        elif not v.playing and self._timer is not None:
            js.clearTimeout(self._timer)
            self._timer = None

    def update_set(self) -> None:
        """A puzzle set's progress, its buttons and, after the last puzzle, its summary."""
        puzzles = self.viewer.puzzle_set
        self.set_box.hidden = puzzles is None
        if puzzles is None:
            return
        summary = puzzles.summary
        if (puzzles.index, summary) != self._open_for:
            self._open_for = (puzzles.index, summary)
            self.update_open_link()
        # Translators: a puzzle set's progress line once the last puzzle is behind
        self.set_box.querySelector(".puzzle-progress").textContent = _("Summary") if summary else puzzles.progress()
        self.set_button("prev-puzzle", summary or puzzles.index > 0)
        self.set_button("next-puzzle", not summary)
        self.summary.hidden = not summary
        if summary:
            self.summary.querySelector(".puzzle-summary-text").textContent = puzzles.summary_text()
            items = self.summary.querySelector(".puzzle-summary-list")
            items.replaceChildren()
            for verdict, text in puzzles.summary_lines():
                item = document.createElement("li")
                item.dataset.verdict = verdict
                item.textContent = text
                items.append(item)
        next_button = self.bar.querySelector('[data-action="next-puzzle"]')
        last = not summary and puzzles.index + 1 == len(puzzles)
        # Translators: a puzzle set's button on its last puzzle: on to the summary
        next_button.textContent = _("Summary") if last else _("Next puzzle")
        self.feedback.hidden = self.feedback.hidden or summary
        self.board.classList.toggle("in-summary", summary)
        self.bar.classList.toggle("in-summary", summary)  # the replay of a puzzle gives way to the summary

    def set_button(self, action: str, enabled: bool) -> None:
        button = nullable(self.bar.querySelector(f'[data-action="{action}"]'))
        if button is not None:
            button.disabled = not enabled

    def scroll_to_current(self) -> None:
        """Bring the current move into the list's view, scrolling the list only (never the host page)."""
        entry = nullable(self.move_list.querySelector(".current"))
        box = self.move_list
        if entry is None:
            box.scrollTop = 0
            return
        top = entry.offsetTop - box.offsetTop
        if top < box.scrollTop or top + entry.offsetHeight > box.scrollTop + box.clientHeight:
            box.scrollTop = max(0, top - box.clientHeight // 2)

    def show_once(self, query: str) -> None:
        """What does not change while the reader replays: caption, problem, the app's link
        (``query`` is the embed's address's: its game's parameters open in the app)."""
        v = self.viewer
        options = v.options
        if options.caption:
            self.caption.textContent = options.caption
            self.caption.hidden = False
        said = list(options.notes)
        if v.problem:
            # Translators: an embed whose link cannot be read shows the start and says why
            said.insert(0, _("This game could not be shown: {reason}").format(reason=v.problem))
        if said:
            self.problem.textContent = " · ".join(said)
            self.problem.hidden = False
        self._query = query
        self.update_open_link()
        self.bar.hidden = False

    def update_open_link(self) -> None:
        """The app's link: the game, or the puzzle of a set that is shown."""
        app_query = self.viewer.app_query(self._query)
        self.open_link.href = self.app_url + (f"?{app_query}" if app_query else "")


def start() -> Embed:
    """Draw the embed of this address, attach its handlers, and signal readiness."""
    page_language.start_language()
    query = str(js.location.search)
    embed = Embed(Viewer.from_query(query))
    embed.show_once(query)
    document.title = embed.viewer.options.caption or embed.viewer.game.rules.describe()
    embed.update()
    embed.bind()
    document.documentElement.classList.add("ready")
    js.performance.mark("reversi-ready")
    return embed
