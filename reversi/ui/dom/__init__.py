"""The page's DOM glue: the only modules of the package that import ``js``,
``pyodide`` or ``pyscript``. :mod:`reversi.ui.dom.main` is the page's entry point.
"""

from __future__ import annotations

from typing import Any


def by_id(name: str) -> Any:
    """The element of ``index.html`` with the id ``name``; LookupError if it has none."""
    from pyscript import document

    element = document.getElementById(name)
    if element is None:
        raise LookupError(f"index.html has no element #{name}")
    return element
