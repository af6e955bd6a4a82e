"""The page's entry point (``index.html`` runs it on the main thread via PyScript).

It imports only what the page needs: the pure-Python package, never numpy. An address
with ``view=`` (an embed for another site's page) starts the embed, which needs no
engine, clock or storage (:mod:`reversi.ui.dom.embed`); any other starts the app.
The performance mark ``reversi-main`` says when Python begins to run it (the load
benchmark splits the time to ``reversi-ready`` there: the runtime's start, then ours).
"""

from typing import Any

import js

js.performance.mark("reversi-main")

page: Any
if js.document.documentElement.classList.contains("view-embed"):  # set by assets/head.js
    from reversi.ui.dom import embed

    page = embed.start()
else:
    from reversi.ui.dom import page as app

    page = app.start()
