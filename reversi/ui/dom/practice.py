"""The review's "Practise these positions" (``#practice-dialog``): the mistakes as a puzzle set.

The study bar offers it while the review is shown and has found a mistake of the player's
(:func:`reversi.ui.practice.mistakes`). The dialog lists the moves, shows the set in the
puzzle embed, and gives its link (``?view=puzzle&ps=…``, in the page's language and colours)
and its HTML to share or to paste into a page. The puzzles' answers are the review's own
values: no engine is asked again.

The embed is mounted in the dialog as a teacher's page mounts its boards
(:func:`reversi.ui.dom.boards.mount`: a shadow root of its own, ``assets/boards.css``), on this
page's interpreter: an ``<iframe>`` of the link would start a second runtime, seconds and
a hundred megabytes more on a phone. Closing the dialog unmounts it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import js
from pyodide.ffi import create_proxy, to_js
from pyscript import document

from reversi.drawing.diagram import THEMES
from reversi.errors import ReversiError
from reversi.formats.links import rewrite_query
from reversi.i18n import _, format_number, join_sentences, language, ngettext
from reversi.ui.dom import app_url, boards, clipboard, nullable
from reversi.ui.dom.clipboard import Confirmation
from reversi.ui.drivers.study import MISTAKE_DISCS, review_marks
from reversi.ui.embed.snippets import make_snippet
from reversi.ui.ports import PageHost
from reversi.ui.practice import mistake_line, player_mistakes, practice_link, practice_query

#: The boards' style sheet (made by the site generator: reversi/tools/build.py BOARDS_CSS).
BOARDS_CSS = "./assets/boards.css"


class PracticeDialog:
    """The dialog: one root element (``#practice-dialog``)."""

    def __init__(self, root: Any, page: PageHost) -> None:
        self.root = root
        self.page = page
        #: What Copy link and Copy HTML did, beside them; where the clipboard refused, the box.
        self.confirmation = Confirmation(root.querySelector(".copy-status"))
        self.box = root.querySelector(".practice-copy")
        self.intro = root.querySelector(".practice-intro")
        self.list = root.querySelector(".practice-list")
        self.frame = root.querySelector(".practice-frame")
        self.open_link = root.querySelector(".practice-open")
        #: The set's address and the HTML of its embed, as last shown.
        self.url = ""
        self.html = ""
        #: The set's board while the dialog shows it (:func:`reversi.ui.dom.boards.mount`), and the
        #: handler that shows it once its style sheet is there.
        self.embed: Any = None
        self._styled: Any = None
        self._sheet: Any = None
        #: Undoes the listening for the board's answers (:meth:`reveal_feedback`), while a board is shown.
        self._unlisten: list[Callable[[], None]] = []
        #: The answer last brought into view: (its words, its verdict).
        self._revealed: tuple[str, str] = ("", "")

    def bind(self) -> None:
        self.page.listen(self.root, "click", self.on_click)
        self.page.listen(self.root, "close", lambda e: self.clear_board())

    def clear_board(self) -> None:
        """Take the set's board away (the dialog is closed, or shows another set or none)."""
        while self._unlisten:
            self._unlisten.pop()()
        self._revealed = ("", "")
        if self.embed is not None:
            boards.unmount(self.embed)
            self.embed = None
        if self._styled is not None:
            # detached first: a style sheet still loading must not call a destroyed handler
            sheet, self._sheet = self._sheet, None
            if sheet is not None:
                sheet.removeEventListener("load", self._styled)
                sheet.removeEventListener("error", self._styled)
            self._styled.destroy()
            self._styled = None
        self.frame.replaceChildren()

    def show_board(self, url: str) -> None:
        """Mount the set of ``url`` (its link) in the dialog, shown once its style sheet is loaded
        (or has failed: the board is still usable unstyled, better than hidden)."""
        self.clear_board()
        host = document.createElement("div")
        host.className = "practice-board"
        host.setAttribute("role", "group")
        # Translators: the accessible name of the puzzle set in "Practise these positions"
        host.setAttribute("aria-label", _("Your positions to practise"))
        shadow = host.attachShadow(to_js({"mode": "open"}, dict_converter=js.Object.fromEntries))
        self.frame.replaceChildren(host)
        self.embed = boards.mount(shadow, url.split("?", 1)[1], app_url())
        # the board answers a click or a key in its own handlers (inside its shadow root), before these
        self._unlisten = [self.page.listen(host, name, self.reveal_feedback) for name in ("click", "keydown")]
        sheet = document.createElement("link")
        sheet.rel = "stylesheet"
        sheet.href = BOARDS_CSS

        def styled(event: Any) -> None:
            host.setAttribute("data-styled", "")

        self._styled = create_proxy(styled)
        sheet.addEventListener("load", self._styled)
        sheet.addEventListener("error", self._styled)
        self._sheet = sheet
        shadow.prepend(sheet)

    def reveal_feedback(self, event: Any = None) -> None:
        """A new answer to the puzzle (right, or what the move tried loses): brought into the
        dialog's view with the buttons under it, above the dialog's own buttons (the board and the
        list above it can push it below the fold of a laptop's screen)."""
        embed = self.embed
        if embed is None:
            return
        feedback = embed.feedback
        said = (str(feedback.textContent), str(feedback.dataset.verdict or ""))
        if feedback.hidden or not said[0] or said == self._revealed:
            return
        self._revealed = said
        buttons = nullable(self.root.querySelector(".dialog-buttons"))
        if buttons is not None:  # they stay at the dialog's bottom: two rows of them on a phone
            self.root.style.scrollPaddingBottom = f"{int(buttons.offsetHeight) + 8}px"
        nearest = to_js({"block": "nearest"}, dict_converter=js.Object.fromEntries)
        actions = embed.puzzle_actions
        if actions is not None and not actions.hidden:
            actions.scrollIntoView(nearest)
        feedback.scrollIntoView(nearest)  # its top in view, should the two not fit

    def theme(self) -> str:
        theme = str(document.documentElement.dataset.theme or "")
        return theme if theme in THEMES else ""

    def open(self) -> None:
        """Show the mistakes found so far, and their set in the puzzle embed."""
        self.box.hidden = True  # what the clipboard refused last time is not this set's
        found = player_mistakes(self.page.controller, self.page.study_engine)
        extra = rewrite_query("", "lang", {"lang": language()}) + "&coach=1"  # a wrong try says why
        if self.theme():
            extra += f"&theme={self.theme()}"
        try:
            url, kept = practice_link(app_url(), found, extra)
            self.html = make_snippet("puzzle", app_url(), practice_query(kept) + "&coach=1",
                                     theme=self.theme(), lang=language())
        except ReversiError as e:
            self.intro.textContent = str(e)
            self.list.replaceChildren()
            self.clear_board()
            self.url = self.html = ""
            self.root.showModal()
            return
        self.url = url
        c = self.page.controller
        moves = sum(1 for n in c.game.main_line()[1:] if n.move is not None and not n.was_forced_pass)
        valued = len(review_marks(c.game, self.page.study_engine.evals))
        # Translators: the start of "Practise these positions": how many positions (a move lost 4 discs or more)
        text = ngettext("{n} position where the move played lost {discs} discs or more: find the better move.",
                        "{n} positions where the move played lost {discs} discs or more: find the better move.",
                        len(kept)).format(n=format_number(len(kept)), discs=MISTAKE_DISCS)
        if valued < moves:
            # Translators: "Practise these positions" while the review is still valuing the game's moves
            text = join_sentences([text, _("The review has valued {valued} of the {moves} moves so far: open this "
                                           "again later for the rest.").format(valued=format_number(valued),
                                                                               moves=format_number(moves))])
        if len(kept) < len(found):
            # Translators: "Practise these positions" when the set's link would be too long for all of them
            text = join_sentences([text, _("The worst {kept} of {found} fit in one link.").format(
                kept=format_number(len(kept)), found=format_number(len(found)))])
        self.intro.textContent = text
        items = []
        for number, m in enumerate(kept, 1):
            item = document.createElement("li")
            item.className = f"practice-{m.kind}"
            # Translators: a line of "Practise these positions": the puzzle's number in the set (as the puzzle's
            # "Puzzle 2 of 5" says), then the move and what it lost: "Puzzle 2: 6. Black g2, a blunder: loses 21 discs"
            item.textContent = _("Puzzle {number}: {move}").format(number=format_number(number), move=mistake_line(m))
            items.append(item)
        self.list.replaceChildren(*items)
        self.show_board(url)
        self.open_link.href = url
        self.root.showModal()

    def on_click(self, event: Any) -> None:
        button = nullable(event.target.closest("button[data-practice]"))
        if button is None:
            return
        action = str(button.getAttribute("data-practice"))
        if action == "close":
            self.root.close()
        elif action == "link" and self.url:
            clipboard.copy(self.url, _("Link"), self.confirmation.say, self.to_box)
        elif action == "html" and self.html:
            clipboard.copy(self.html, _("HTML"), self.confirmation.say, self.to_box)

    def to_box(self, text: str, what: str) -> str:
        """The clipboard refused ``text``: shown in the dialog's box, selected, ready to copy by hand."""
        self.box.value = text
        self.box.hidden = False
        self.box.focus()
        self.box.select()
        return _("{what}: selected in the box above, ready to copy").format(what=what)
