"""Messages that stay until the person acts on them, with their buttons. No DOM here.

A :class:`Notice` is a condition the page shows beside the board until it is
resolved: the computer is unavailable (:mod:`reversi.ui.drivers.health`), the game was
changed in another tab or saved by a newer version of the page
(:mod:`reversi.ui.store.autosave`). It carries its :class:`Action` s, each a button the
page binds by its name (``data-notice-action``). :func:`render_notices` draws them
as one HTML string (the page assigns it when it changed); :func:`render_actions`
draws the buttons alone (the one-off message of ``#alert`` has them too).

:func:`shorten` keeps a message readable whatever it quotes: an error about a
link of 20,000 characters quotes the link.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from html import escape

from reversi.i18n import N_, SENTENCE_ENDS, _, full_stops

#: The longest message shown (characters); a longer one is cut with an ellipsis.
MAX_MESSAGE_CHARS = 400
#: The longest message made of several (the link's and the saved game's problems).
MAX_MESSAGES_CHARS = 3 * MAX_MESSAGE_CHARS


@dataclass(frozen=True)
class Action:
    """A button of a message: ``name`` says what the page does (``data-notice-action``)."""

    name: str
    label: str
    #: What the button does, said in full (its ``title``), or ''.
    title: str = ""


@dataclass(frozen=True)
class Notice:
    """A message that stays until it is resolved; ``key`` names its condition (``data-notice``)."""

    key: str
    text: str
    actions: tuple[Action, ...] = ()
    #: ``warning`` (something the person should know and decide) or ``error``.
    kind: str = "warning"


#: A quoted value longer than this is cut in a message (its start is enough to know it).
MAX_QUOTED_CHARS = 40
_QUOTED = re.compile(rf"'([^'\n]{{{MAX_QUOTED_CHARS + 1},}})'")


def shorten(text: str, limit: int = MAX_MESSAGE_CHARS) -> str:
    """``text`` with long quoted values cut, then cut to at most ``limit`` characters
    (an ellipsis marks each cut): "h='99999999…' should be a number" still says what is wrong."""
    text = _QUOTED.sub(lambda m: f"'{m.group(1)[: MAX_QUOTED_CHARS - 16]}…'", text)
    if len(text) <= limit:
        return text
    return text[: limit - 1].rstrip() + "…"


def sentence(text: str) -> str:
    """``text`` ending as a sentence does (a full stop added when it has none: 「。」 in Japanese)."""
    text = text.rstrip()
    return text if not text or text.endswith(SENTENCE_ENDS) else full_stops([text])


def without_prefix(error: str, prefix: str) -> str:
    """An error message without the ``prefix:`` that names its source (the message says it already),
    in English or in the page's language (``link: {error}`` is translated: "odkaz: ...")."""
    heads = [prefix + ": "]
    if prefix in _NAMED_PREFIXES:
        heads.append(_(_NAMED_PREFIXES[prefix]).format(error=""))
    for head in heads:
        if error.startswith(head):
            return error[len(head) :]
    return error


#: The sources an error message may begin with that are said in the page's language.
_NAMED_PREFIXES = {"link": N_("link: {error}")}


def render_actions(actions: Iterable[Action]) -> str:
    """The buttons of ``actions`` as HTML (escaped)."""
    out = []
    for action in actions:
        title = f' title="{escape(action.title)}"' if action.title else ""
        out.append(
            f'<button class="btn" type="button" data-notice-action="{escape(action.name)}"{title}>'
            f"{escape(action.label)}</button>"
        )
    return "".join(out)


def render_notices(notices: Iterable[Notice]) -> str:
    """The notices as HTML: each a ``.notice-box`` with its text and buttons."""
    out = []
    for notice in notices:
        actions = render_actions(notice.actions)
        buttons = f'<span class="notice-actions">{actions}</span>' if actions else ""
        out.append(
            f'<div class="notice-box" data-notice="{escape(notice.key)}" data-kind="{escape(notice.kind)}">'
            f'<span class="notice-text">{escape(shorten(notice.text))}</span>{buttons}</div>'
        )
    return "".join(out)
