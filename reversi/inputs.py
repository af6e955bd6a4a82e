"""What enters from outside, checked the same way everywhere: JSON, text and numbers.

Every layer reads outside input (saved state, recent games, links, pasted text, files, the
worker's requests, the command line); these three checks are shared so that CPython and
the browser's Pyodide behave the same:

* :func:`load_json` bounds the nesting **before** parsing. CPython's parser raises a
  ``RecursionError`` on ``[[[[...]]]]`` thousands deep, which the callers catch; Pyodide's
  much smaller stack overflows inside the parser ("Maximum call stack size exceeded") and
  takes the page down with it. Counting brackets first costs one pass over the text.
* :func:`clean_text` replaces lone surrogates (``"\\ud83d"`` alone: half an emoji typed
  or pasted, or a byte the command line could not decode) with U+FFFD, the replacement
  character. A lone surrogate cannot be encoded as UTF-8, so every later write of the text
  (the address, a file, the clipboard, the terminal) would fail.
* :func:`bounded_int` and :func:`bounded_float` read a number from outside only within
  its range and with few digits, before any conversion (``int(1e999)`` and
  ``float("1" + "0" * 400)`` would overflow).
* :func:`is_int` and :func:`is_number` are the type checks of a JSON value already parsed:
  a whole number, or a finite number. ``true`` and ``false`` are neither (``bool`` is an
  ``int`` in Python), and ``NaN`` and ``Infinity``, which Python's ``json`` reads, are no
  number: a time or a weight that is one would break the arithmetic it enters.
* :func:`shown` writes a value from outside into a message without echoing a huge one.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any, TypeGuard

from reversi.errors import ReversiError
from reversi.i18n import _

#: The deepest nesting of JSON the package reads anywhere (its own documents nest 4 deep).
MAX_JSON_DEPTH = 32
#: The most digits a number read from outside may have (before its range is checked).
MAX_DIGITS = 20
_LONE_SURROGATE = re.compile(r"[\ud800-\udfff]")
_BRACKETS = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]', re.S)


class InputError(ReversiError):
    """Outside input that cannot be read: too deep, not JSON, a number out of range."""


def json_depth(text: str) -> int:
    """The deepest nesting of arrays and objects in ``text`` (strings skipped), without parsing it."""
    depth = deepest = 0
    for match in _BRACKETS.finditer(text):
        token = match.group()
        if token in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif token in "]}":
            depth -= 1
    return deepest


def load_json(text: str, what: str, max_depth: int = MAX_JSON_DEPTH) -> Any:
    """``json.loads(text)``, refused with a message naming ``what`` when it nests deeper than
    ``max_depth`` or is not JSON."""
    depth = json_depth(text)
    if depth > max_depth:
        # Translators: {what} is what was read (the saved game, the recent games, a request)
        raise InputError(_("{what}: nested {depth} deep, more than the {limit} allowed").format(
            what=what, depth=depth, limit=max_depth))
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as e:
        raise InputError(_("{what}: not valid JSON ({error})").format(what=what, error=e)) from None


def has_lone_surrogate(text: str) -> bool:
    return _LONE_SURROGATE.search(text) is not None


def clean_text(text: str) -> str:
    """``text`` with every lone surrogate replaced by U+FFFD (a pair is one character in Python:
    only halves are replaced)."""
    return _LONE_SURROGATE.sub("\ufffd", text) if has_lone_surrogate(text) else text


def is_int(value: object) -> TypeGuard[int]:
    """Is ``value`` a whole number (a JSON integer)? ``bool`` is not, nor is a whole float (``3.0``)."""
    return isinstance(value, int) and not isinstance(value, bool)


def is_number(value: object) -> TypeGuard[int | float]:
    """Is ``value`` a finite number (a JSON number)? An int, however large, or a float that is not
    NaN or infinite; ``bool`` is not a number."""
    if isinstance(value, float):
        return math.isfinite(value)
    return is_int(value)


def shown(value: object, limit: int = 40) -> str:
    """``value`` as a message shows it: its repr, cut to ``limit`` characters (a huge input is not echoed).

    A whole number past 64 bits is shown by its size (``10**400``: its digits would fill the
    message, and past 4300 of them Python refuses to write them); a value whose repr Python
    refuses (a huge number inside a list) by its type (``<list>``)."""
    if is_int(value) and value.bit_length() > 64:
        return f"{'-' if value < 0 else ''}10**{int(value.bit_length() * math.log10(2))}"
    try:
        text = repr(value) if not isinstance(value, str) else repr(clean_text(value))
    except ValueError:  # a huge number inside a list or an object
        return f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[: limit - 1] + "…"


class Shown:
    """A value from outside for a message's ``{value!r}``: :func:`shown`, its repr cut to ``limit``
    characters (a huge input is not echoed whole), so the message's text (and its translations)
    stay as they are."""

    def __init__(self, value: object, limit: int = 40) -> None:
        self.value = value
        self.limit = limit

    def __repr__(self) -> str:
        return shown(self.value, self.limit)


def bounded_int(value: object, low: int, high: int, what: str) -> int:
    """An int from outside (an int, a whole float, or ASCII digits) within ``low..high``; else InputError."""
    number: int | None = None
    if isinstance(value, bool):
        number = None
    elif isinstance(value, int):
        number = value if abs(value) < 10**MAX_DIGITS else None
    elif isinstance(value, float) and math.isfinite(value) and value.is_integer() and abs(value) < 1e18:
        number = int(value)
    elif isinstance(value, str) and value.isascii() and re.fullmatch(r"-?[0-9]{1,20}", value):
        number = int(value)
    if number is None or not low <= number <= high:
        # Translators: {what} names a number read from outside; {low} and {high} its range
        raise InputError(_("{what} must be a whole number from {low} to {high}, not {value}").format(
            what=what, low=low, high=high, value=shown(value)))
    return number


def bounded_float(value: object, low: float, high: float, what: str) -> float:
    """A number from outside (an int, a float, or an ASCII decimal) within ``low..high``; else InputError."""
    number: float | None = None
    if isinstance(value, bool):
        number = None
    elif isinstance(value, int):
        number = float(value) if abs(value) < 10**MAX_DIGITS else None
    elif isinstance(value, float):
        number = value if math.isfinite(value) else None
    elif isinstance(value, str) and value.isascii() and re.fullmatch(r"-?[0-9]{1,20}(\.[0-9]{1,20})?", value):
        number = float(value)
    if number is None or not low <= number <= high:
        # Translators: {what} names a number read from outside; {low} and {high} its range
        raise InputError(_("{what} must be a number from {low:g} to {high:g}, not {value}").format(
            what=what, low=low, high=high, value=shown(value)))
    return number
