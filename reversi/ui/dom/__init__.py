"""The page's DOM glue: the only modules of the package that import ``js``,
``pyodide`` or ``pyscript``. :mod:`reversi.ui.dom.main` is the page's entry point.
"""

from __future__ import annotations

from typing import Any

from reversi.drawing.render import BoardView, render_board

try:
    from pyodide.ffi import jsnull as _JSNULL
except ImportError:  # CPython (the tests), or a Pyodide before 0.28, where null arrived as None
    _JSNULL = None


def nullable(value: Any) -> Any:
    """``value``, or None where JavaScript answered null. From Pyodide 0.28 on a JavaScript null
    reaches Python as ``pyodide.ffi.jsnull`` (falsy, but not None, and ``str()`` makes it
    ``"jsnull"``); undefined still arrives as None. Every DOM answer that may be null and is then
    compared with None or made a string goes through this: ``querySelector``, ``closest``,
    ``getElementById``, ``getAttribute``, ``localStorage.getItem``, a storage event's ``key``
    and ``newValue``, a submit event's ``submitter``."""
    return None if value is None or value is _JSNULL else value


def by_id(name: str, root: Any = None) -> Any:
    """The element with the id ``name`` in ``root`` (the page's document, or a live board's shadow
    root, whose ids are its own); LookupError if it has none."""
    if root is None:
        from js import document

        root = document
    element = nullable(root.getElementById(name))
    if element is None:
        raise LookupError(f"the page has no element #{name}")
    return element


def app_url() -> str:
    """The app's own address (its folder, ``https://NAME.github.io/REPO/``), for the links and
    snippets it writes: the page's address without ``index.html``, query or fragment."""
    import js

    path = str(js.location.pathname)
    if path.endswith("index.html"):
        path = path[: -len("index.html")]
    return str(js.location.origin) + path


def pasted_past_limit(event: Any) -> tuple[int, int] | None:
    """A paste ``event`` whose text would not fit its field's ``maxlength`` (which the browser
    would cut without a word): ``(the text's length, the field's room for it)``, else None
    (:func:`reversi.ui.records.paste_overflow`)."""
    from reversi.ui.records import paste_overflow

    data = nullable(event.clipboardData)
    field = event.target
    if data is None:
        return None
    return paste_overflow(str(field.value), int(field.selectionStart or 0), int(field.selectionEnd or 0),
                          int(field.maxLength), str(data.getData("text")))


def has_focus(element: Any) -> bool:
    """Is ``element`` the one with the keyboard's focus (a field being typed in, which a redraw
    must not overwrite)? Asked of the element itself: a proxy of ``document.activeElement`` is
    never the same Python object as another proxy of it, and in a shadow root it is the host."""
    return bool(element.matches(":focus"))


def show_board(board: Any) -> None:
    """Scroll the page so that the board is in view, where a panel below it that was in view has
    closed (the editor's Play from here, the dialog of Play from here): the least scrolling that
    shows it whole (or its top, on a window shorter than the board)."""
    show(board)


def show(element: Any) -> None:
    """The least scrolling that shows ``element`` whole (or its top, if taller than the window)."""
    import js

    element.scrollIntoView(js.Object.fromEntries([["block", "nearest"], ["inline", "nearest"]]))


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
