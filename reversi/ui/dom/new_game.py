"""The new-game dialog (``#new-game-dialog``): rules, options, players and time control.

The form's fields are read as strings and handed to the controller
(:meth:`~reversi.ui.state.Controller.new_game`), which checks them: a bad choice is said
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
from reversi.ui.players import form_option_texts
from reversi.ui.ports import PageController, Redraw
from reversi.ui.state import FORM_DEFAULTS, form_applicable, form_side_names, preview_fields

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

    @property
    def is_open(self) -> bool:
        return bool(self.root.open)

    def bind(self, listen: Listen) -> None:
        listen(self.form, "submit", self.on_submit)
        listen(self.form, "input", self.on_input)

    def open(self) -> None:
        self.fill(self.controller.form_fields)
        self.error.textContent = ""
        self.on_input(None)
        self.root.showModal()

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
        if self.controller.in_progress and (submitter is None or submitter.value != "confirm"):
            self.confirming(True)  # asked once: Start again (or "End it and start") goes on
            self.confirm_button.focus()
            return
        try:
            self.controller.new_game(read_form(self.form))
        except RulesError as e:
            self.error.textContent = str(e)
            return
        self.root.close()
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
