"""The evaluation bar under the board (``#eval-bar``), while the analysis is on.

Black's part of the bar, from the left, is the share of the board's squares Black would end
with at the engine's value of the position shown (:func:`reversi.ui.drivers.study.bar_share`);
the text says who is better and by how many discs, "(exact)" once the solver has it. While
the value is not known the bar stays where it was, dimmed.
"""

from __future__ import annotations

from typing import Any

from reversi.i18n import _
from reversi.ui.drivers.study import bar_share, value_text
from reversi.ui.ports import PageHost


class EvalBar:
    """The bar: one root element (``#eval-bar``)."""

    def __init__(self, root: Any, page: PageHost) -> None:
        self.root = root
        self.page = page
        self.fill = root.querySelector(".eval-bar-fill")
        self.text = root.querySelector(".eval-bar-text")

    def draw(self) -> None:
        c = self.page.controller
        engine = self.page.study_engine
        shown = engine.analysing and c.editor is None
        self.root.hidden = not shown
        if not shown:
            return
        position = c.position
        known = engine.value_of(position)
        self.root.classList.toggle("unknown", known is None)
        if known is None:
            if not self.root.getAttribute("aria-label"):  # the first value is on its way
                self.root.setAttribute("aria-label", _("Evaluation: {text}").format(text=_("Analysing…")))
            return
        value, exact = known
        names = position.rules.display_side_names()
        if value == 0:
            # Translators: the evaluation bar when neither side is ahead
            text = _("Even (exact)") if exact else _("Even")
        else:
            ahead = names[0] if value > 0 else names[1]
            amount = value_text(abs(value), exact)
            # Translators: the evaluation bar: the side ahead and by how many discs, "Black +4" or "White +2.5 (exact)"
            text = (_("{side} {value} (exact)") if exact else _("{side} {value}")).format(side=ahead, value=amount)
        width = f"{bar_share(position, value) * 100:.1f}%"
        if str(self.fill.style.width) != width:
            self.fill.style.width = width
        if str(self.text.textContent) != text:
            self.text.textContent = text
            # Translators: the evaluation bar's accessible name: "Evaluation: Black +4"
            self.root.setAttribute("aria-label", _("Evaluation: {text}").format(text=text))
