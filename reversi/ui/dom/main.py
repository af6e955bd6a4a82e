"""The page's entry point (``index.html`` runs it on the main thread via PyScript).

It imports only what the page needs: the pure-Python package, never numpy. An address
with ``view=`` (an embed for another site's page) starts the embed, which needs no
engine, clock or storage (:mod:`reversi.ui.dom.embed`); any other starts the app.
The performance mark ``reversi-main`` says when Python begins to run it (the load
benchmark splits the time to ``reversi-ready`` there: the runtime's start, then ours).
Between the imports and the first drawing it lets the browser run what waits (this script runs the
script's imports, then a timer starts the page): on a phone-class CPU each is a few hundred
milliseconds, and the main thread is never blocked for both at once.
"""

from typing import Any

import js
from pyodide.ffi import create_once_callable

js.performance.mark("reversi-main")

page: Any = None
embedded = bool(js.document.documentElement.classList.contains("view-embed"))  # set by assets/head.js
if embedded:
    from reversi.ui.dom import embed
else:
    from reversi.ui.dom import page as app


def begin() -> None:
    global page
    page = embed.start() if embedded else app.start()


js.setTimeout(create_once_callable(begin), 0)  # the imports and the first drawing: two tasks
