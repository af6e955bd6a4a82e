"""The page's language: which one it is in, and what changes with it. No DOM here.

The language is chosen, in this order (the first that names a supported
language wins, see :func:`choose_language`):

1. the address's ``lang`` parameter (``?lang=cs``: a link in a language);
2. the choice remembered in ``localStorage`` under :data:`STORAGE_KEY`
   (the language switch writes it);
3. the browser's languages (``navigator.languages``, in order: :func:`reversi.i18n.negotiate`);

else English. ``assets/first-paint.js`` makes the same choice before Python has
loaded (so the static page is drawn in the language at once); a test keeps the
two in step.

The switch changes the language without a reload (:mod:`reversi.ui.dom.page`
redraws everything): the address's ``lang`` is updated only when the address
already has one (:func:`query_for_language`), so a plain address stays plain.
"""

from __future__ import annotations

from collections.abc import Iterable
from urllib.parse import parse_qsl

from reversi.formats.links import rewrite_query
from reversi.i18n import DEFAULT, LANGUAGES, negotiate, supported

#: The ``localStorage`` key of the language chosen with the switch.
STORAGE_KEY = "reversi.lang"
#: The address parameter (owned by "lang" in :data:`reversi.formats.links.PARAMETERS`).
PARAMETER = "lang"
OWNER = "lang"


def query_language(query: str) -> str | None:
    """The supported language the address's ``lang`` parameter names, else None.

    Read leniently: a malformed address is the game link's business, not the language's.
    """
    try:
        pairs = parse_qsl(query.lstrip("?")[:4096], keep_blank_values=True)
    except ValueError:
        return None
    for key, value in pairs:
        if key == PARAMETER:
            return supported(value)
    return None


def has_language_parameter(query: str) -> bool:
    """Does the address carry a ``lang`` parameter (any value)?"""
    try:
        return any(key == PARAMETER for key, _ in parse_qsl(query.lstrip("?")[:4096], keep_blank_values=True))
    except ValueError:
        return False


def choose_language(query: str = "", stored: object = None, browser: Iterable[object] = ()) -> str:
    """The page's language: the address's ``lang``, else the remembered choice, else the browser's."""
    return query_language(query) or supported(stored) or negotiate(browser)


def query_for_language(query: str, code: str) -> str | None:
    """The address's query with its ``lang`` set to ``code``; None when it has no ``lang`` (left as it is)."""
    if not has_language_parameter(query):
        return None
    return rewrite_query(query, OWNER, {PARAMETER: supported(code) or DEFAULT})


def language_options(current: str) -> list[tuple[str, str, bool]]:
    """``(code, own name, selected)`` of every language, for the switch."""
    return [(code, name, code == current) for code, name in LANGUAGES.items()]
