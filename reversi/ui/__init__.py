"""The web page's Python: the controller, its views, the drivers of the engine's worker, what
is stored, the embeds, and the small DOM package (:mod:`reversi.ui.dom`, the only code that
imports ``js``, ``pyodide`` or ``pyscript``).

Everything but ``dom`` runs and is tested under plain CPython, and no game decision is taken in
``dom``. What each module is: the module map in ``ARCHITECTURE.md`` (one map, checked by
``tests/test_docs.py``); the seams between the parts are typed in :mod:`reversi.ui.ports`.
"""
