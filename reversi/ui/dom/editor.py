"""The board editor's panel (``#editor``): the tool, the side to move, discs in hand, what is wrong.

:class:`EditorPanel` owns that element (it sits inside the study bar, shown while the
controller's editor is open: :class:`reversi.ui.editor.Editor`, which decides everything).
Its buttons clear the board, cancel, or leave the editor to play or analyse the position
set up; the game brought out of the editor has no clock (``on_set_up`` is told). Over a game in
progress, playing or analysing asks first (``.editor-confirm``), as New game and Load do.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from reversi.errors import ReversiError
from reversi.i18n import join_sentences
from reversi.ui.dom import has_focus, nullable, show_board
from reversi.ui.ports import PageHost


class EditorPanel:
    """The editor's panel: one root element (``#editor``)."""

    def __init__(self, root: Any, page: PageHost, on_set_up: Callable[[], None]) -> None:
        self.root = root
        self.page = page
        #: Told when a position set up is played or analysed (before the redraw).
        self.on_set_up = on_set_up
        self.message = root.querySelector(".editor-message")
        self.turn = root.querySelector(".editor-turn")
        self.supply = root.querySelector(".editor-supply")
        self.confirm = root.querySelector(".editor-confirm")
        #: "play" or "study" while the editor asks before it ends the game in progress, else None.
        self.asked: str | None = None

    def bind(self) -> None:
        self.page.listen(self.root, "click", self.on_click)
        self.page.listen(self.root, "change", self.on_change)

    def supply_fields(self) -> list[Any]:
        """The fields of the discs in hand: Black's, White's."""
        return list(self.supply.querySelectorAll("input"))

    def draw(self) -> None:
        """While the editor is open: the tool, the side to move, discs in hand, what is wrong."""
        editor = self.page.controller.editor
        self.root.hidden = editor is None
        if editor is None:
            self.asked = None  # the question goes with the editor
            self.confirm.hidden = True
            return
        self.confirm.hidden = self.asked is None
        names = self.page.controller.rules.display_side_names()
        for element in self.root.querySelectorAll("[data-side-name]"):
            element.textContent = names[int(element.getAttribute("data-side-name"))]
        for radio in self.root.querySelectorAll('input[name="editor-tool"]'):
            radio.checked = str(radio.value) == editor.tool
        self.turn.value = str(editor.turn)
        self.supply.hidden = editor.supply is None
        if editor.supply is not None:
            for side, field in enumerate(self.supply_fields()):
                if not has_focus(field):
                    field.value = str(editor.supply[side])
        problem = editor.problem()
        text = problem or join_sentences(editor.warnings())
        self.message.textContent = text
        self.message.dataset.kind = "error" if problem else ("warning" if text else "")
        for name in ("play", "study"):
            button = nullable(self.root.querySelector(f'[data-editor="{name}"]'))
            if button is not None:
                button.disabled = bool(problem)

    def on_click(self, event: Any) -> None:
        button = nullable(event.target.closest("button[data-editor]"))
        if button is None:
            return
        action = str(button.getAttribute("data-editor"))
        c = self.page.controller
        editor = c.editor
        if editor is None:
            return
        asked, self.asked = self.asked, None  # any other button answers "no"
        if action == "keep":
            self.draw()
            if asked is not None:  # the focus goes back to the button that asked, not to the page
                self.root.querySelector(f'[data-editor="{asked}"]').focus()
            return
        if action == "confirm" and asked is not None:
            action = asked
        elif action in ("play", "study") and c.editing_over_a_game:
            self.asked = action
            self.draw()
            self.confirm.querySelector('[data-editor="confirm"]').focus()
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
                self.on_set_up()
        except ReversiError as e:
            self.message.textContent = str(e)
            self.message.dataset.kind = "error"
            return
        self.page.update()
        if action in ("play", "study"):  # the editor's panel is gone: the board, not what was below it
            show_board(self.page.board)

    def on_change(self, event: Any) -> None:
        editor = self.page.controller.editor
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
            for field in self.supply_fields():
                raw = str(field.value).strip()
                values.append(int(raw) if raw.isascii() and raw.isdigit() and len(raw) <= 3 else 0)
            editor.set_supply(values[0], values[1])
        self.page.update()
