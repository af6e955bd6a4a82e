"""The study bar (``#study``): browsing and variations, the study tools, the analysis line, the comment.

:class:`StudyBar` owns that element but not the two panels drawn inside it, which are
components of their own (:mod:`reversi.ui.dom.graph`, :mod:`reversi.ui.dom.editor`).
It shows where you are (:func:`reversi.ui.move_list.study_text`), which of its buttons apply
(Back to game, Promote, Delete variation), the question Promote asks before it would move the
game itself (:func:`reversi.ui.move_list.promote_question`), which tools are on (marking, square values,
analysis, review), the engine's line while the analysis runs, the review's note on the move shown
and the coach's why (:func:`reversi.ui.review.review_note`), the better move's line
(:func:`reversi.ui.lines.better_line`), its figures per side
(:func:`reversi.ui.accuracy.summary_markup`) and its legend, and the
position's comment (written back when it changes). The analysis' lines and the better line carry
``data-line`` (the board draws them while they are pointed at: :mod:`reversi.ui.dom.lines`), take
the keyboard's focus and say their moves as text (``aria-description``,
:meth:`reversi.ui.lines.Line.words`). The study engine is the page's
(:attr:`reversi.ui.ports.PageHost.study_engine`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import js
from pyodide.ffi import to_js
from pyscript import document

from reversi.core.game import MAX_COMMENT_CHARS, glyph_name
from reversi.core.position import PASS
from reversi.engine.protocol import MAX_LINES
from reversi.i18n import _, format_number, ngettext, pgettext
from reversi.ui.accuracy import summarize, summary_markup
from reversi.ui.dom import by_id, has_focus, nullable, pasted_past_limit, show
from reversi.ui.drivers.study import analysis_text, counts_text, moves_text, other_lines, review_marks
from reversi.ui.lines import Line, analysis_moves, analysis_source, better_line
from reversi.ui.move_list import promote_question, study_text
from reversi.ui.ports import PageHost
from reversi.ui.practice import player_mistakes
from reversi.ui.records import paste_refused
from reversi.ui.review import review_note, reviewed_node

#: The page's two-column layout (``assets/app.css``), where the board stays in view beside the panel.
TWO_COLUMNS = "(min-width: 761px)"


class StudyBar:
    """The study bar: one root element (``#study``)."""

    def __init__(self, root: Any, page: PageHost, practise: Callable[[], None] = lambda: None) -> None:
        self.root = root
        self.page = page
        #: Opens "Practise these positions" (the review's mistakes as a puzzle set).
        self.practise = practise
        self.status = root.querySelector(".study-status")
        self.analysis_box = root.querySelector(".analysis-box")
        self.analysis = root.querySelector(".analysis")
        self.analysis_lines = root.querySelector(".analysis-lines")
        self.analysis_counts = root.querySelector(".analysis-counts")
        self.lines_count = root.querySelector("#analysis-lines-count")
        self.review_legend = root.querySelector(".review-legend")
        self.review_note = root.querySelector(".review-note")
        self.review_line = root.querySelector(".review-line")
        self.review_summary = root.querySelector(".review-summary")
        self.comment = root.querySelector(".comment-input")
        self.comment_room = root.querySelector(".comment-room")
        self.glyph = root.querySelector(".glyph-select")
        self.mark_kind = root.querySelector(".mark-kind")
        self.confirm = root.querySelector(".study-confirm")
        self.confirm_text = root.querySelector(".study-confirm-text")
        #: The variation (node id) whose promotion waits for an answer, or None.
        self.asking: int | None = None
        #: The move (node id) the review's note spoke of last.
        self._noted: int | None = None
        #: The review's figures as last drawn (markup).
        self._summary = ""

    def bind(self) -> None:
        self.page.listen(self.root, "click", self.on_click)
        self.page.listen(self.comment, "change", self.on_comment)
        self.page.listen(self.comment, "paste", self.on_comment_paste)
        self.page.listen(self.glyph, "change", self.on_glyph)
        self.page.listen(self.mark_kind, "change", self.on_mark_kind)
        self.page.listen(self.lines_count, "change", self.on_lines_count)

    def button(self, name: str) -> Any:
        return nullable(self.root.querySelector(f'[data-study="{name}"]'))

    def draw(self) -> None:
        c = self.page.controller
        text = study_text(c.game)
        self.status.textContent = text
        self.status.hidden = not text
        for name, shown in (
            ("live", c.game.browsing),
            ("promote", not c.game.current.is_main),
            ("delete", not c.game.current.is_main),
        ):
            button = self.button(name)
            if button is not None:
                button.hidden = not shown
        if self.asking is not None and (c.game.current.id != self.asking or not c.promote_moves_game):
            self.asking = None  # the question was about another position, or no longer applies
        self.confirm.hidden = self.asking is None
        if self.asking is not None:
            self.confirm_text.textContent = promote_question(c.game)
        engine = self.page.study_engine
        for name, pressed in (("mark", c.marking), ("values", c.showing_values), ("analysis", engine.analysing),
                              ("review", engine.reviewing), ("stable", c.showing_stable)):
            button = self.button(name)
            if button is not None:
                button.setAttribute("aria-pressed", "true" if pressed else "false")
        self.analysis_box.hidden = not engine.analysing
        if engine.analysing:
            self.draw_analysis()
        self.review_legend.hidden = not engine.reviewing
        self.draw_review_note()
        self.draw_review_line()
        self.draw_summary()
        self.draw_practise()
        self.root.classList.toggle("editing", c.editor is not None)
        if not has_focus(self.comment):  # not while the person is typing in it
            if str(self.comment.value) != c.game.current.comment:
                self.comment.value = c.game.current.comment
            self.draw_comment_room(c.comment_room())
        self.draw_glyph(c.game.current)
        if str(self.mark_kind.value) != c.mark_kind:
            self.mark_kind.value = c.mark_kind

    def draw_comment_room(self, room: int) -> None:
        """The comment box takes at most ``room`` characters (typed or pasted: the browser cuts them),
        and says so when the game's other comments leave less than a comment's own limit."""
        self.comment.maxLength = room
        near = room < MAX_COMMENT_CHARS
        self.comment_room.hidden = not near
        if near:
            # Translators: under the comment box when the game's comments fill most of what a game may hold
            self.comment_room.textContent = ngettext(
                "The game's comments are near their limit: {n} more character here.",
                "The game's comments are near their limit: {n} more characters here.", room,
            ).format(n=format_number(room))

    def draw_analysis(self) -> None:
        """The best line (a status: read out as it changes), the further lines, both sides' counts."""
        c = self.page.controller
        engine = self.page.study_engine
        evaluation = engine.analysis()
        text = analysis_text(evaluation, c.position)
        if str(self.analysis.textContent) != text:
            self.analysis.textContent = text
        names = c.rules.display_side_names()
        said = [Line.play(c.position, moves).words(names) for moves in analysis_moves(evaluation, c.position)]
        show_line(self.analysis, analysis_source(1) if said else "", said[0] if said else "")
        # the items are kept and changed in place: the keyboard's focus stays on a line as it deepens
        lines = list(zip(other_lines(evaluation, c.position), said[1:], strict=False))
        items = list(self.analysis_lines.children)
        for k, (line, words) in enumerate(lines, 2):
            if k - 2 < len(items):
                item = items[k - 2]
            else:
                item = document.createElement("li")
                self.analysis_lines.append(item)
            if str(item.textContent) != line:
                item.textContent = line
            show_line(item, analysis_source(k), words)
        for item in items[len(lines):]:
            item.remove()
        counts = counts_text(c.position)
        if str(self.analysis_counts.textContent) != counts:
            self.analysis_counts.textContent = counts
        if str(self.lines_count.value) != str(engine.lines):
            self.lines_count.value = str(engine.lines)

    def draw_review_note(self) -> None:
        """While the review is shown: the move shown and what it lost, what was best (under the
        move list, where the move was clicked; :func:`reversi.ui.review.review_note`)."""
        engine = self.page.study_engine
        note = self.review_note
        note.hidden = not engine.reviewing
        if not engine.reviewing:
            return
        c = self.page.controller
        marks = review_marks(c.game, engine.evals)
        text = review_note(c.game, marks, c.rules.display_side_names(), coach=True)
        if str(note.textContent) != text:
            note.textContent = text
        node = reviewed_node(c.game)
        noted = None if node is None else node.id
        if noted != self._noted:
            self._noted = noted
            if any(has_focus(by_id(name)) for name in ("move-list", "graph-box")):
                # a move chosen in the list or on the graph: its review in view (on a laptop the list
                # can reach the bottom of the window, the note is under it)
                note.scrollIntoView(to_js({"block": "nearest"}, dict_converter=js.Object.fromEntries))
        review = marks.get(node.depth) if node is not None else None
        kind = review.kind if review is not None else ""
        if str(note.getAttribute("data-kind") or "") != kind:
            note.setAttribute("data-kind", kind)

    def draw_review_line(self) -> None:
        """While the review is shown, where the move shown lost discs: the better move and the line
        the engine expected after it, "Better: a3 b4 c3" (drawn on the board while pointed at)."""
        engine = self.page.study_engine
        c = self.page.controller
        line = better_line(c.game, engine.evals) if engine.reviewing else None
        box = self.review_line
        box.hidden = line is None
        if line is None:
            return
        g = c.rules.geometry
        moves = moves_text(["pass" if square is None else g.name(square) for square, _side in line.plies])
        # Translators: under the review's note: the better move and the line the engine expected after it,
        # drawn on the board while pointed at: "Better: a3 b4 c3"
        text = _("Better: {line}").format(line=moves)
        if str(box.textContent) != text:
            box.textContent = text
        show_line(box, "better", line.words(c.rules.display_side_names()))

    def draw_summary(self) -> None:
        """While the review is shown (and the game has moves): both sides' figures, as a small table."""
        engine = self.page.study_engine
        c = self.page.controller
        summary = summarize(c.game, review_marks(c.game, engine.evals)) if engine.reviewing else None
        box = self.review_summary
        box.hidden = summary is None or not summary.moves
        if summary is None or not summary.moves:
            return
        markup = summary_markup(summary, c.rules.display_side_names())
        if markup != self._summary:
            self._summary = markup
            box.innerHTML = markup

    def draw_practise(self) -> None:
        """The review's "Practise these positions (N)", once it has found a mistake of the player's."""
        button = self.button("practise")
        if button is None:
            return
        found = len(player_mistakes(self.page.controller, self.page.study_engine))
        button.hidden = not found
        # Translators: the review's button that turns the player's mistakes into puzzles; (3) follows
        text = f"{_('Practise these positions')} ({format_number(found)})" if found else ""
        if str(button.textContent) != text:
            button.textContent = text

    def draw_glyph(self, node: Any) -> None:
        """The move's annotation: its choices in words (the page's language), the one chosen; none
        for the start or a pass."""
        for option in self.glyph.options:
            value = str(option.value)
            # Translators: a choice of the move's annotation: "!? an interesting move"; no annotation: "none"
            text = f"{value} {glyph_name(value)}" if value else pgettext("annotation", "none")
            if str(option.textContent) != text:
                option.textContent = text
        self.glyph.disabled = node.move is None or node.move == PASS
        if str(self.glyph.value) != node.glyph:
            self.glyph.value = node.glyph

    def on_click(self, event: Any) -> None:
        button = nullable(event.target.closest("button[data-study]"))
        if button is None:
            return
        action = str(button.getAttribute("data-study"))
        c = self.page.controller
        engine = self.page.study_engine
        if action == "edit":
            if c.open_editor():
                self.page.update()
                tools = nullable(js.document.querySelector("#editor .editor-tools"))
                # below the fold on a desktop's window, where the board stays (sticky: app.css); on
                # a phone the board above would scroll away, and the panel opens where it was tapped
                if tools is not None and bool(js.matchMedia(TWO_COLUMNS).matches):
                    show(tools)
            return
        if action == "analysis":
            engine.analysing = not engine.analysing
            self.page.update()
            return
        if action == "review":
            engine.reviewing = not engine.reviewing
            self.page.update()
            return
        if action == "practise":
            self.practise()
            return
        if action == "promote" and c.promote_moves_game:
            self.asking = c.game.current.id  # the game itself would move: ask first
            self.page.update()
            focus = nullable(self.root.querySelector('[data-study="promote-play"]'))
            if focus is not None:
                focus.focus()
            return
        if action in ("promote-play", "promote-cancel"):
            asked, self.asking = self.asking, None
            if action == "promote-play" and asked == c.game.current.id:
                c.promote(play_from=True)
            self.page.update()
            return
        changed = {
            "live": c.back_to_live,
            "promote": c.promote,
            "delete": c.delete_variation,
            "mark": c.toggle_marking,
            "values": c.toggle_values,
            "stable": c.toggle_stable,
        }.get(action, lambda: False)()
        if changed:
            self.page.update()

    def on_mark_kind(self, event: Any) -> None:
        if self.page.controller.set_mark_kind(str(self.mark_kind.value)):
            self.page.update()

    def on_lines_count(self, event: Any) -> None:
        value = str(self.lines_count.value)
        engine = self.page.study_engine
        if value.isdigit() and 1 <= int(value) <= MAX_LINES and int(value) != engine.lines:
            engine.lines = int(value)  # the position shown is asked again for the lines it lacks
            self.page.update()

    def on_glyph(self, event: Any) -> None:
        if self.page.controller.set_glyph(str(self.glyph.value)):
            self.page.update()

    def on_comment_paste(self, event: Any) -> None:
        """A text too long for the comment is refused whole, said under the box (the browser would
        cut it without a word); the next drawing after the box is left says its room again."""
        over = pasted_past_limit(event)
        if over is not None:
            event.preventDefault()
            self.comment_room.textContent = paste_refused(*over, file=False)
            self.comment_room.hidden = False

    def on_comment(self, event: Any) -> None:
        if self.page.controller.set_comment(str(self.comment.value)):
            self.page.update()


def show_line(element: Any, source: str, words: str) -> None:
    """``element`` shows the line ``source`` (``""``: none): it names it (``data-line``), takes the
    keyboard's focus and says its moves (``words``) to screen readers."""
    for name, value in (("data-line", source), ("tabindex", "0" if source else ""), ("aria-description", words)):
        if not value:
            if element.hasAttribute(name):
                element.removeAttribute(name)
        elif str(element.getAttribute(name) or "") != value:
            element.setAttribute(name, value)
