"""The snippet maker (Game menu, "Embed in a page…"): a viewer, a puzzle or a diagram for a teacher's page.

The dialog ``#embed-dialog`` of ``index.html`` picks the kind, the caption, where the viewer
opens, the width, the colours (the app's own, until others are chosen), the language and the
orientation; the HTML is written by :func:`reversi.ui.embed.snippets.make_snippet`, previewed as
the board it opens on, and Copy HTML says what it did beside it. A puzzle
is made from the position shown: the engine's worker values every legal move once (exactly
where the solver reaches the end, :data:`PUZZLE_EXACT` empty squares) and the answers go
into the link, so the reader's page needs no engine (:mod:`reversi.ui.embed.puzzle`).
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import js
from pyodide.ffi import create_proxy
from pyscript import document

from reversi.drawing.diagram import THEMES, standalone_svg
from reversi.errors import ReversiError
from reversi.formats.notation import position_to_string
from reversi.formats.record import rules_to_dict
from reversi.i18n import LANGUAGES, N_, _, language
from reversi.ui.dom import app_url, by_id, clipboard, nullable
from reversi.ui.dom.clipboard import Confirmation
from reversi.ui.drivers.study import review_marks
from reversi.ui.embed.puzzle import puzzle_query
from reversi.ui.embed.snippets import KINDS, LEFT_REVIEW, LEFT_WHY, WIDTHS, game_query, make_snippet, reviewed_query
from reversi.ui.embed.viewer import MAX_CAPTION, Viewer

#: The engine's time to value a puzzle's moves (seconds), and the empties it solves exactly.
PUZZLE_SECONDS = 4.0
PUZZLE_EXACT = 14
#: What the maker says when the review made a viewer's link too long (:func:`reviewed_query`).
LEFT_OUT = {
    # Translators: the snippet maker, when the coach's reasons would make the viewer's link too long
    LEFT_WHY: N_("The reasons for the mistakes are left out: with them the link would be too long."),
    # Translators: the snippet maker, when the review would make the viewer's link too long
    LEFT_REVIEW: N_("The review is left out: with it the link would be too long."),
}



class EmbedMaker:
    """The dialog's state: the puzzle answers worked out for a position, and its drawing."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.dialog = by_id("embed-dialog")
        self.form = by_id("embed-form")
        self.hint = by_id("embed-kind-hint")
        self.message = by_id("embed-message")
        self.preview = by_id("embed-preview")
        self.code = by_id("embed-code")
        self.theme = self.form.querySelector('[name="theme"]')
        #: What Copy HTML did, beside it.
        self.confirmation = Confirmation(self.dialog.querySelector(".copy-status"))
        #: The colours were chosen in the dialog (else they follow the page's, each time it opens).
        self.theme_chosen = False
        #: The position string the puzzle answers are for, and the answers' link parameters.
        self._puzzle_for = ""
        self._puzzle_query = ""
        self._working: asyncio.Future[None] | None = None
        self._proxies: list[Any] = []

    def bind(self) -> None:
        for element, event, handler in (
            (self.form, "input", self.on_input),
            (self.form, "change", self.on_input),
            (self.dialog, "click", self.on_click),
            (self.preview, "click", self.on_preview_click),
        ):
            proxy = create_proxy(handler)
            self._proxies.append(proxy)
            element.addEventListener(event, proxy)

    def open(self) -> None:
        if not self.theme_chosen:  # the snippet in the colours the app shows, unless others were chosen
            shown = str(document.documentElement.dataset.theme or "")
            if shown in THEMES:
                self.theme.value = shown
        self.dialog.showModal()
        self.refresh()

    # -- events --------------------------------------------------------------------------

    def on_input(self, event: Any) -> None:
        if str(getattr(event.target, "name", "")) == "theme":
            self.theme_chosen = True
        self.refresh()

    def on_preview_click(self, event: Any) -> None:
        if event.target.closest("a:not([target])"):
            event.preventDefault()  # the diagram's own link would leave the app

    def on_click(self, event: Any) -> None:
        button = nullable(event.target.closest("button[data-embed]"))
        if button is None:
            return
        action = str(button.getAttribute("data-embed"))
        if action == "close":
            self.dialog.close()
        elif action == "copy":
            text = str(self.code.value)
            if text:
                clipboard.copy(text, _("HTML"), self.confirmation.say, self.select_code)

    def select_code(self, text: str, what: str) -> str:
        """The clipboard refused the HTML: it is in the box above, selected, ready to copy by hand."""
        self.code.focus()
        self.code.select()
        # Translators: said beside Copy HTML when the clipboard refused: "HTML: selected in the box above, ..."
        return _("{what}: selected in the box above, ready to copy").format(what=what)

    # -- drawing ---------------------------------------------------------------------------

    def fields(self) -> dict[str, str]:
        data = js.FormData.new(self.form)
        return {str(k): str(v) for k, v in data.entries()}

    def refresh(self) -> None:
        f = self.fields()
        kind = f.get("kind", "viewer") if f.get("kind") in KINDS else "viewer"
        self.hint.textContent = {
            # Translators: the snippet maker's explanation of a game viewer
            "viewer": _("The whole game, to go through move by move, with its variations and comments."),
            # Translators: the snippet maker's explanation of a puzzle
            "puzzle": _("The position shown: the reader finds the best move. The engine works out the answers now."),
            # Translators: the snippet maker's explanation of a lite diagram
            "lite": _("A picture of the position that becomes the game viewer when clicked: "
                      "many on a page cost nothing until used."),
        }.get(kind, "")
        self.form.querySelector('[name="from_start"]').disabled = kind == "puzzle"
        game = self.page.controller.game
        shown = game.current
        marks = review_marks(game, self.page.study_engine.evals)
        # the review goes into a viewer's comments once the engine has valued a move of the game
        self.form.querySelector('[name="review"]').disabled = kind == "puzzle" or not marks
        left = ""
        try:
            if kind == "puzzle":
                key = position_to_string(shown.position)
                if key != self._puzzle_for:
                    self.start_puzzle(shown.position)
                    return
                query = self._puzzle_query
            elif f.get("review") == "on" and marks:
                query, left = reviewed_query(game, shown, f.get("from_start") == "on", marks)
            else:
                query = game_query(game, shown, f.get("from_start") == "on")
            width = f.get("width", "")
            html = make_snippet(kind, app_url(), query, f.get("caption", "").strip()[:MAX_CAPTION],
                                f.get("theme", "") if f.get("theme") in THEMES else "",
                                f.get("lang", "") if f.get("lang") in LANGUAGES else "", f.get("flip") == "on",
                                int(width) if width.isdigit() and int(width) in WIDTHS else WIDTHS[-1],
                                f.get("controls") == "on", f.get("script") == "on")
        except (ReversiError, ValueError) as e:  # a form changed by hand (the page's tools) is refused too
            self.show("", str(e))
            return
        self.show(html, _(LEFT_OUT[left]) if left else "")
        self.draw_preview(kind, query, f)

    def show(self, html: str, message: str) -> None:
        self.code.value = html
        self.message.textContent = message
        if not html:
            self.preview.innerHTML = ""

    def draw_preview(self, kind: str, query: str, f: dict[str, str]) -> None:
        """The board the snippet opens on, in its colours (the live embed is one click away)."""
        flip = "&flip=1" if f.get("flip") == "on" else ""
        viewer = Viewer.from_query(f"?view={'puzzle' if kind == 'puzzle' else 'embed'}&{query}{flip}")
        theme = f.get("theme", "") if f.get("theme") in THEMES else "dark"
        svg = standalone_svg(viewer.board_view(), 320, theme)
        caption = f.get("caption", "").strip()
        # the page's style sheet paints a "board-svg" in the page's own colours: the preview keeps
        # the picture's (its presentation attributes), on the background of the colours chosen
        self.preview.innerHTML = svg.replace('class="board-svg"', 'class="preview-svg"', 1)
        self.preview.dataset.theme = theme
        if caption:
            title = document.createElement("p")
            title.className = "embed-caption"
            title.textContent = caption
            self.preview.prepend(title)

    # -- a puzzle's answers ----------------------------------------------------------------

    def start_puzzle(self, position: Any) -> None:
        if position.must_pass or position.is_over:
            self.show("", _("puzzle: the side to move has no move to find here"))
            return
        # Translators: the snippet maker while the engine values every move of the position shown
        self.show("", _("Working out the value of every move…"))
        if self._working is not None and not self._working.done():
            self._working.cancel()
        self._working = asyncio.ensure_future(self.work_out(position))

    async def work_out(self, position: Any) -> None:
        engine = await self.page.engine.worker_when_ready()  # booted now if nothing had needed it yet
        if engine is None:
            # Translators: the snippet maker, when the computer (needed to make a puzzle) is not there
            self.show("", _("The computer works out a puzzle's answers: it is not ready yet."))
            return
        request = {"rules": rules_to_dict(position.rules), "start": position_to_string(position), "moves": "",
                   "time_limit": PUZZLE_SECONDS, "exact_empties": PUZZLE_EXACT, "lang": language()}
        try:
            reply = json.loads(await engine.call("analyse", json.dumps(request)))
            if "error" in reply:
                raise ReversiError(str(reply["error"]))
            query = puzzle_query(position, reply)
        except ReversiError as e:
            self.show("", str(e))
            return
        except Exception as e:  # the worker's boundary broke: said, the dialog stays usable
            self.show("", f"{type(e).__name__}: {e}")
            return
        self._puzzle_for, self._puzzle_query = position_to_string(position), query
        if self.dialog.open:
            self.refresh()
