"""Languages: the message catalogs, the current language, and numbers written the local way.

Every string a person reads goes through :func:`_` (or :func:`ngettext` for
counts, whose plural forms the catalog knows: Czech and Polish have three,
Japanese one).
The catalogs are GNU gettext's: ``locale/<code>/LC_MESSAGES/reversi.po`` (the
translators' source, in the repository) compiled to ``reversi.mo`` beside it
(also in the repository), read with the standard library's :mod:`gettext`, so
the page and ``serve.py`` need nothing more. In development Babel extracts the
strings and compiles the catalogs: ``python -m reversi.tools.translations``.

The message ids are the English text. A string defined before a language is
chosen (a module-level table) is marked with :func:`N_` and translated where it
is shown, with ``_(text)``.

There is one current language per interpreter (the page's main thread, the
command line): :func:`set_language` changes it, and everything drawn after
that is in the new language. The command line takes it from the environment
(``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``: :func:`language_from_environment`).
This module imports nothing from the rest of the package: every layer may use it.
"""

from __future__ import annotations

import contextlib
import gettext
import os
from collections.abc import Iterable, Iterator, Mapping

DOMAIN = "reversi"
LOCALE_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "locale")
#: The languages, each by its code and its own name (the language switch shows these).
LANGUAGES: Mapping[str, str] = {"en": "English", "cs": "Čeština", "da": "Dansk", "pl": "Polski", "ja": "日本語"}
DEFAULT = "en"
#: How each language writes a number: (decimal separator, thousands separator).
NUMBER_FORMATS: Mapping[str, tuple[str, str]] = {
    "en": (".", ","),
    "cs": (",", "\u00a0"),
    "da": (",", "."),
    "pl": (",", "\u00a0"),
    "ja": (".", ","),
}
#: How each language punctuates the pieces of text the code puts together: (between the items of a
#: list, after a sentence, between two sentences). Japanese lists with 「、」 and ends a sentence with
#: 「。」, with no space after either (:func:`join_list`, :func:`full_stops`, :func:`join_sentences`).
PUNCTUATION: Mapping[str, tuple[str, str, str]] = {
    "en": (", ", ".", " "),
    "ja": ("\u3001", "\u3002", ""),
}
#: What ends a sentence already (Japanese's full stop, exclamation and question marks too).
SENTENCE_ENDS = (".", "!", "?", "\u2026", "\u3002", "\uff01", "\uff1f")

_catalogs: dict[str, gettext.NullTranslations] = {}
_current = DEFAULT


def catalog(code: str) -> gettext.NullTranslations:
    """The catalog of language ``code`` (English: the message ids themselves), loaded once."""
    if code not in _catalogs:
        if code == DEFAULT:
            _catalogs[code] = gettext.NullTranslations()
        else:
            _catalogs[code] = gettext.translation(DOMAIN, LOCALE_DIR, languages=[code], fallback=True)
    return _catalogs[code]


def supported(code: object) -> str | None:
    """The supported language a code names (``"cs-CZ"`` and ``"CS"`` name ``"cs"``), or None."""
    if not isinstance(code, str) or len(code) > 35:
        return None
    base = code.strip().replace("_", "-").split("-")[0].lower()
    return base if base in LANGUAGES else None


def negotiate(preferred: Iterable[object]) -> str:
    """The first supported language among ``preferred`` (the browser's, in order), else English."""
    for code in preferred:
        found = supported(code)
        if found:
            return found
    return DEFAULT


def language_from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The command line's language, as gettext reads the environment (``LANGUAGE`` may list several)."""
    env = os.environ if environ is None else environ
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name, "")
        if value:
            if value.split(".")[0] in ("C", "POSIX"):
                return DEFAULT
            return negotiate(part.split(".")[0] for part in value.split(":"))
    return DEFAULT


def set_language(code: object) -> str:
    """Make ``code`` (or the closest supported language) the current one; returns it."""
    global _current
    _current = supported(code) or DEFAULT
    catalog(_current)
    return _current


def language() -> str:
    """The current language's code."""
    return _current


def _(message: str) -> str:
    """``message`` in the current language."""
    return catalog(_current).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of ``singular``/``plural`` that the current language uses for ``n``."""
    return catalog(_current).ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, told apart from the same English in another ``context``."""
    return catalog(_current).pgettext(context, message)


def N_(message: str) -> str:
    """Mark ``message`` for the catalogs without translating it now (translate it where it is shown)."""
    return message


class Later:
    """A message translated each time it is shown: a text kept on screen follows a language switch.

    ``Later(N_("It did not start within {seconds:g} seconds."), seconds=30)``; its
    :class:`str` is the message in the current language with the values put in (a
    value that is itself a :class:`Later` is translated too).
    """

    __slots__ = ("message", "values")

    def __init__(self, message: str, **values: object) -> None:
        self.message = message
        self.values = values

    def __str__(self) -> str:
        values = {k: str(v) if isinstance(v, Later) else v for k, v in self.values.items()}
        return _(self.message).format(**values) if values else _(self.message)

    def __repr__(self) -> str:
        return f"Later({self.message!r}, {self.values!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Later) and (self.message, self.values) == (other.message, other.values)

    def __hash__(self) -> int:
        return hash(self.message)


@contextlib.contextmanager
def standard_library_domain() -> Iterator[None]:
    """While inside, the standard library's own messages (argparse's "usage:", its errors) come from our catalogs.

    The standard library translates through gettext's global domain, in the
    environment's language: this points that domain at our catalogs (which
    carry argparse's messages, :mod:`reversi.cli.argparse_messages`) and puts it
    back on the way out. For the command line, whose language is the
    environment's too.
    """
    previous = gettext.textdomain()
    gettext.bindtextdomain(DOMAIN, LOCALE_DIR)
    gettext.textdomain(DOMAIN)
    try:
        yield
    finally:
        gettext.textdomain(previous)


def _punctuation(code: str | None) -> tuple[str, str, str]:
    return PUNCTUATION.get(code or _current, PUNCTUATION[DEFAULT])


def join_list(items: Iterable[str], code: str | None = None) -> str:
    """``items`` as a list in language ``code`` (by default the current one): "e4, e5"; 「e4、e5」."""
    return _punctuation(code)[0].join(items)


def join_sentences(sentences: Iterable[str], code: str | None = None) -> str:
    """Sentences (each ending as it does) one after another: "A. B." in English, 「A。B。」 in Japanese."""
    return _punctuation(code)[2].join(sentences)


def full_stops(parts: Iterable[str], end: bool = True, code: str | None = None) -> str:
    """``parts`` made sentences and put one after another: "A. B." ("A. B" without ``end``).

    English (and the languages that punctuate like it) adds its full stop after every part, as
    written; Japanese adds 「。」 after a part that does not end a sentence already.
    """
    _comma, stop, space = _punctuation(code)
    items = list(parts)
    if stop == PUNCTUATION[DEFAULT][1]:
        return (stop + space).join(items) + (stop if end and items else "")
    out = [p if p.endswith(SENTENCE_ENDS) or (not end and k == len(items) - 1) else p + stop
           for k, p in enumerate(items)]
    return space.join(out)


def format_number(value: float, decimals: int = 0) -> str:
    """``value`` written the current language's way: ``1,234.5`` in English, ``1 234,5`` in Czech."""
    decimal, group = NUMBER_FORMATS.get(_current, NUMBER_FORMATS[DEFAULT])
    text = f"{value:,.{decimals}f}"
    return text.replace(",", "\x00").replace(".", decimal).replace("\x00", group)


__all__ = [
    "DEFAULT",
    "LANGUAGES",
    "N_",
    "Later",
    "_",
    "catalog",
    "format_number",
    "full_stops",
    "join_list",
    "join_sentences",
    "language",
    "language_from_environment",
    "negotiate",
    "ngettext",
    "pgettext",
    "set_language",
    "standard_library_domain",
    "supported",
]
