"""The page's language in the DOM: the choice at start, the texts of ``index.html``, the switch.

The choice itself is :func:`reversi.ui.language.choose_language` (pure, tested);
this module reads its inputs (the address, ``localStorage``, ``navigator.languages``)
and applies the result: :func:`reversi.i18n.set_language`, ``<html lang>``, the
``<title>``, and every text of ``index.html`` marked with ``data-i18n`` (its
text) or ``data-i18n-attrs`` (the attributes it names).

The English of each marked text (its message id) is kept on the element the first
time it is translated (``data-i18n-id`` for the text, ``data-i18n-id-<attribute>``
for an attribute), so the page can switch from any language to any other and back.
``assets/first-paint.js`` does the same before Python loads, English pages included;
Python's start (:func:`start_language`) then leaves the texts it has translated.
"""

from __future__ import annotations

from typing import Any

import js
from js import document

from reversi.i18n import LANGUAGES, _, language, set_language, supported
from reversi.ui.dom import nullable
from reversi.ui.language import STORAGE_KEY, choose_language, query_for_language

TEXT_KEY = "data-i18n-id"
SWITCH_ID = "lang-select"
#: Set on ``<html>`` by ``assets/first-paint.js`` to the language its marked texts are now in.
PAINTED = "data-texts"


def _normal(text: str) -> str:
    return " ".join(text.split())


def initial_language() -> str:
    """The language the page opens in: the one ``assets/first-paint.js`` chose for the first paint
    (``<html data-lang>``, so the page never changes language as Python starts), else (a page
    without that script) the address's ``lang``, the remembered choice, the browser's."""
    chosen = supported(document.documentElement.getAttribute("data-lang"))
    if chosen:
        return chosen
    try:
        stored = nullable(js.window.localStorage.getItem(STORAGE_KEY))
    except Exception:
        stored = None
    try:
        browser = [str(code) for code in js.navigator.languages]
    except Exception:
        browser = []
    return choose_language(str(js.location.search), None if stored is None else str(stored), browser)


def remember(code: str) -> None:
    """Keep the choice of the switch for the next visit (nothing if storage is refused)."""
    try:
        js.window.localStorage.setItem(STORAGE_KEY, code)
    except Exception:
        pass


def _translate_text(element: Any) -> None:
    """The element's own text (its one non-blank text node: an icon beside it stays) in the language."""
    nodes = [n for n in element.childNodes if n.nodeType == 3 and str(n.data).strip()]
    msgid = nullable(element.getAttribute(TEXT_KEY))
    if msgid is None:
        msgid = _normal(str(element.textContent))
        element.setAttribute(TEXT_KEY, msgid)
    text = _(str(msgid))
    if len(nodes) == 1:
        node = nodes[0]
        data = str(node.data)
        lead = data[: len(data) - len(data.lstrip())]
        trail = data[len(data.rstrip()) :]
        node.data = lead + text + trail
    elif not nodes and element.children.length == 0:
        element.textContent = text


def _translate_attributes(element: Any) -> None:
    for name in str(element.getAttribute("data-i18n-attrs") or "").split():
        key = f"{TEXT_KEY}-{name}"
        msgid = nullable(element.getAttribute(key))
        if msgid is None:
            value = element.getAttribute(name)
            if not value:
                continue
            msgid = _normal(str(value))
            element.setAttribute(key, msgid)
        element.setAttribute(name, _(str(msgid)))


def translate_marked(root: Any) -> None:
    """Every marked text inside ``root`` (the document, or a board's shadow root) in the current language."""
    for element in root.querySelectorAll("[data-i18n]"):
        _translate_text(element)
    for element in root.querySelectorAll("[data-i18n-attrs]"):
        _translate_attributes(element)


def _show_language() -> None:
    """``<html lang>`` and the switch say the current language."""
    document.documentElement.setAttribute("lang", language())
    switch = nullable(document.getElementById(SWITCH_ID))
    if switch is not None and str(switch.value) != language():
        switch.value = language()


def apply_texts() -> None:
    """Every marked text of the page, ``<title>`` included, in the current language."""
    translate_marked(document)
    _show_language()


def apply_language(code: str) -> str:
    """Make ``code`` the page's language and translate the marked texts; returns the language."""
    chosen = set_language(code)
    apply_texts()
    return chosen


def start_language() -> str:
    """At start: make the language of :func:`initial_language` the page's. The marked texts are
    translated here only if ``assets/first-paint.js`` has not already put them in that language
    and recorded their ids (``<html data-texts>``): a page without that script, or one whose
    language it could not choose. Returns the language."""
    chosen = set_language(initial_language())
    if nullable(document.documentElement.getAttribute(PAINTED)) != chosen:
        translate_marked(document)
    _show_language()
    return chosen


def follow_address(code: str) -> None:
    """Set the address's ``lang`` to ``code`` if it has one (a plain address stays plain)."""
    query = query_for_language(str(js.location.search), code)
    if query is None:
        return
    url = str(js.location.pathname) + (f"?{query}" if query else "") + str(js.location.hash)
    js.history.replaceState(js.history.state, "", url)


def fill_switch() -> Any:
    """The switch's options, each language by its own name (``index.html`` lists them; kept in step)."""
    switch = nullable(document.getElementById(SWITCH_ID))
    if switch is None:
        return None
    if switch.options.length != len(LANGUAGES):
        switch.innerHTML = ""
        for code, name in LANGUAGES.items():
            option = document.createElement("option")
            option.value = code
            option.lang = code
            option.textContent = name
            switch.append(option)
    switch.value = language()
    return switch
