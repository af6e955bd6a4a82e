"""Live boards in a teacher's own page, any number of them on one interpreter (and the app's
own "Practise these positions", which mounts its puzzle set the same way: no second runtime).

``assets/embed.js`` is the one script a teacher's page needs (from this site, even from
another origin). It starts Pyodide once, unpacks the page's archive and calls
:func:`start` with the reader's languages, then :func:`mount` for each board with a shadow
root of its own: the board's parts (the same markup as the iframe embed's, cut out of
``index.html`` by the site generator into :data:`TEMPLATE`) are built there, styled by the
site's ``assets/boards.css`` and nothing of the host page's, and run by an
:class:`reversi.ui.dom.embed.Embed` like the iframe's. Ids are the board's own inside its
shadow root, so ten boards never see each other's parts, and a board hears only the keys
pressed inside it.
"""

from __future__ import annotations

import functools
from html import escape
from pathlib import Path
from typing import Any

import js

from reversi.i18n import negotiate, set_language
from reversi.ui.dom.embed import Embed
from reversi.ui.dom.language import translate_marked
from reversi.ui.embed.snippets import frame_title
from reversi.ui.embed.viewer import Viewer

#: The board's parts (made by the site generator, reversi/tools/build.py board_template), in the archive.
TEMPLATE = Path(__file__).resolve().parents[1] / "embed" / "board.html"

#: The boards mounted on this page, kept so that their handlers live as long as the page.
MOUNTED: list[Embed] = []


def start(languages: Any) -> str:
    """The reader's language for every board of the page: the first supported of ``languages``
    (the script's ``data-lang``, the host page's ``<html lang>``, the browser's), else English."""
    codes = [str(code) for code in languages]
    return set_language(negotiate(codes))


@functools.cache
def template() -> str:
    return TEMPLATE.read_text(encoding="utf-8")


def mount(root: Any, query: str, app_url: str) -> Embed:
    """Build the board of ``query`` (an embed's link parameters) in ``root`` (its shadow root) and
    make it live; ``app_url`` is the site's address, for "Open in the app"."""
    viewer = Viewer.from_query(query)
    options = viewer.options
    classes = ["reversi-root", "view-embed", f"view-{options.view}", "ready"]
    if not options.controls:
        classes.append("no-controls")
    theme = options.theme or ("light" if js.matchMedia("(prefers-color-scheme: light)").matches else "dark")
    root.innerHTML = (
        f'<div class="{" ".join(classes)}" data-theme="{escape(theme)}">'
        f'<div class="reversi-body">{template()}</div></div>'
    )
    translate_marked(root)
    host = root.host
    if not host.hasAttribute("aria-label"):  # named as its iframe would be: "Reversi puzzle", ...
        host.setAttribute("role", "group")
        host.setAttribute("aria-label", frame_title(viewer, options.caption))
    embed = Embed(viewer, root, app_url)
    embed.show_once(query)
    embed.update()
    embed.bind()
    MOUNTED.append(embed)
    return embed


def unmount(embed: Embed) -> None:
    """Take a board mounted by :func:`mount` away: its handlers and timer stop, it is forgotten
    (the caller empties its shadow root's box)."""
    embed.destroy()
    if embed in MOUNTED:
        MOUNTED.remove(embed)
