"""The page's entry point (``index.html`` runs it on the main thread via PyScript).

It imports only what the page needs: the pure-Python package, never numpy.
"""

from reversi.ui.dom.page import start

page = start()
