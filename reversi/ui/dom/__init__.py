"""The page's DOM glue: the only modules of the package that import ``js``,
``pyodide`` or ``pyscript``. :mod:`reversi.ui.dom.main` is the page's entry point.
"""

from __future__ import annotations

from typing import Any

from reversi.drawing.render import BoardView, render_board


def by_id(name: str) -> Any:
    """The element of ``index.html`` with the id ``name``; LookupError if it has none."""
    from js import document

    element = document.getElementById(name)
    if element is None:
        raise LookupError(f"index.html has no element #{name}")
    return element


def draw_board(element: Any, view: BoardView, drawn: str) -> str:
    """Draw ``view`` into the board's element (only if its markup differs from ``drawn``, the
    markup last drawn) and return the markup. The element is the ARIA grid: it gets the board's
    name and points at the cursor's cell (``aria-activedescendant``), keeping the focus itself
    while its content is replaced."""
    markup = render_board(view)
    if markup != drawn:
        element.innerHTML = markup
    if str(element.getAttribute("aria-label") or "") != view.label:
        element.setAttribute("aria-label", view.label)
    if view.cursor is not None and view.grid:
        element.setAttribute("aria-activedescendant", f"sq-{view.cursor}")
    else:
        element.removeAttribute("aria-activedescendant")
    return markup
