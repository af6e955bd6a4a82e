"""The new-game dialog (``#new-game-dialog``): rules, options, players and time control.

The same dialog plays on from the position shown ("Play from here", the study bar's
``#btn-play-from``): then it asks only who plays and the clock (the rules are the game's) and
hands them to :meth:`~reversi.ui.controller.Controller.play_from_here`; nothing ends, so it does not ask.

The form's fields are read as strings and handed to the controller
(:meth:`~reversi.ui.controller.Controller.new_game`), which checks them: a bad choice is said
in the form and the game in progress stays. While the person chooses, the form shows
what applies (a rule set's options), a preview of the game, the sides' names and the
rules page in the page's language; a game in progress is ended only when confirmed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, cast

import js

from reversi.errors import RulesError
from reversi.i18n import _, language
from reversi.ui.dom import nullable
from reversi.ui.forms import FORM_DEFAULTS, form_applicable, form_option_texts, form_side_names, preview_fields
from reversi.ui.move_list import move_said
from reversi.ui.ports import PageController, Redraw

Listen = Callable[[Any, str, Callable[[Any], object]], Callable[[], None]]


def read_form(form: Any) -> dict[str, str]:
    """The fields of a form as a dict of strings (unchecked boxes are absent)."""
    return cast(dict[str, str], js.Object.fromEntries(js.FormData.new(form)).to_py())


class NewGameDialog:
    """The ``<dialog>`` element ``root`` and its form; ``started`` runs after a new game began."""

    def __init__(self, root: Any, controller: PageController, update: Redraw, started: Callable[[], None]) -> None:
        self.root = root
        self.controller = controller
        self.update = update
        self.started = started
        self.form = root.querySelector("form")
        self.error = root.querySelector("#form-error")
        self.preview = root.querySelector("#form-preview")
        self.confirm = root.querySelector("#form-confirm")
        self.start_button = root.querySelector("#btn-start")
        self.confirm_button = root.querySelector("#btn-start-confirm")
        self.rules_link = nullable(root.querySelector("#rules-link"))
        #: The study bar's "Play from here…" (opens this dialog for the position shown).
        self.play_from_button = nullable(js.document.getElementById("btn-play-from"))
        #: The dialog is open for "Play from here" (players and clock only), not for a new game.
        self.from_here = False

    @property
    def is_open(self) -> bool:
        return bool(self.root.open)

    def bind(self, listen: Listen) -> None:
        listen(self.form, "submit", self.on_submit)
        listen(self.form, "input", self.on_input)
        if self.play_from_button is not None:
            listen(self.play_from_button, "click", lambda e: self.open(from_here=True))

    def open(self, from_here: bool = False) -> None:
        """Open the dialog for a new game, or (``from_here``) to play on from the position shown."""
        if from_here and not self.controller.can_play_from_here:
            return
        self.from_here = from_here
        self.root.classList.toggle("from-here", from_here)
        self.fill(self.controller.form_fields)
        self.error.textContent = ""
        self.on_input(None)
        self.root.showModal()

    def draw(self) -> None:
        """The study bar's "Play from here…": offered where a game can go on from the position shown
        and it is not simply the game going on (a game studied, or another position than the game's)."""
        button = self.play_from_button
        if button is not None:
            c = self.controller
            button.hidden = not (c.can_play_from_here and (c.game.browsing or not c.players.any_computer))

    def confirming(self, asked: bool) -> None:
        """The dialog asks before a game in progress ends (``asked``), or not."""
        self.confirm.hidden = not asked
        self.start_button.hidden = asked
        self.confirm_button.hidden = not asked

    def on_input(self, event: Any) -> None:
        self.confirming(False)
        form = self.form
        fields = read_form(form)
        for name, applies in form_applicable(fields).items():
            for element in form.querySelectorAll(f'[name="{name}"]'):
                element.disabled = not applies  # what the rule set does not take (not sent either)
        fields = read_form(form)
        if self.from_here:  # the rules are the game's: the form's rule fields are not used
            ok, text = True, self.from_here_preview()
            names = self.controller.rules.display_side_names()
        else:
            ok, text = preview_fields(fields)
            names = form_side_names(fields)
        for side, value in enumerate(("black", "white")):
            for option in form.querySelectorAll(f'option[value="{value}"]'):
                option.textContent = names[side]
        for element in form.querySelectorAll("[data-side-name]"):
            element.textContent = names[int(element.getAttribute("data-side-name"))]
        for element in form.querySelectorAll("[data-side-level]"):
            side_name = names[int(element.getAttribute("data-side-level"))]
            # Translators: the new-game form, computer against computer: the level of one side, "Black level"
            element.textContent = _("{side} level").format(side=side_name)
        for selector, option_text in form_option_texts().items():
            for element in form.querySelectorAll(selector):
                element.textContent = option_text
        self.preview.textContent = text if ok else ""
        self.error.textContent = "" if ok else text
        if self.rules_link is not None:  # the rules page in the page's language, at the rule set chosen
            anchor = "anti" if fields.get("anti") == "on" else fields.get("variant", "othello")
            self.rules_link.href = f"./assets/rules/rules.{language()}.html#{anchor}"

    def on_submit(self, event: Any) -> None:
        submitter = nullable(event.submitter)
        if submitter is not None and submitter.value == "cancel":
            return  # the dialog closes by itself
        event.preventDefault()
        if self.from_here:
            self.play_from_here()
            return
        ok, text = preview_fields(read_form(self.form))
        if not ok:  # said in the bar of buttons, always in view; the game in progress is not offered to end
            self.confirming(False)
            self.error.textContent = text
            return
        if self.controller.in_progress and (submitter is None or submitter.value != "confirm"):
            self.confirming(True)  # asked once: Start again (or "End it and start") goes on
            self.confirm_button.focus()
            return
        try:
            self.controller.new_game(read_form(self.form))
        except RulesError as e:
            self.confirming(False)
            self.error.textContent = str(e)
            return
        self.root.close()
        self.update()
        self.started()

    def from_here_preview(self) -> str:
        """What "Play from here" will do: "White to move, after 9. Black c4 · Othello 8x8" (the move
        named as the move list names it)."""
        c = self.controller
        node = c.game.current.resting()
        side = c.rules.display_side_names()[node.position.turn]
        if node.parent is None:
            # Translators: the "Play from here" preview at the start: "Black to move, from the start · Othello 8x8"
            return _("{side} to move, from the start · {rules}").format(side=side, rules=c.rules.describe())
        # Translators: the "Play from here" dialog's preview: "White to move, after 9. Black c4 · Othello 8x8"
        return _("{side} to move, after {move} · {rules}").format(
            side=side, move=move_said(c.game, node), rules=c.rules.describe())

    def play_from_here(self) -> None:
        try:
            played = self.controller.play_from_here(read_form(self.form))
        except RulesError as e:
            self.error.textContent = str(e)
            return
        self.root.close()
        if played:
            self.update()
            self.started()

    def fill(self, fields: Mapping[str, str]) -> None:
        """Set the form's elements to ``fields`` (the last game's choices)."""
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
        self.show_defaults_for_unknown()

    def show_defaults_for_unknown(self) -> None:
        """A saved choice the form has no option for (a damaged or older saved game: level 99) would
        leave its list blank or its radio group unset, while a new game would use the default:
        the form shows the default instead, what Start will use."""
        for element in self.form.elements:
            name = element.name
            default = FORM_DEFAULTS.get(name)
            if default is None:
                continue
            if element.tagName == "SELECT" and element.selectedIndex < 0:
                element.value = default
            elif element.type == "radio" and not self.form.querySelector(f'[name="{name}"]:checked'):
                for radio in self.form.querySelectorAll(f'[name="{name}"]'):
                    radio.checked = radio.value == default
