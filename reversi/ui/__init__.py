"""The web page's Python: a pure view and controller, and one small DOM module.

* :mod:`reversi.ui.render` turns a :class:`~reversi.ui.render.BoardView` (plain
  data) into the board's SVG markup. No DOM, no rules.
* :mod:`reversi.ui.state` is the controller: it turns user intents (click a
  square, new game with options, undo, redo, keyboard cursor) into new views.
  No DOM.
* :mod:`reversi.ui.dom.page` is the only module that imports ``pyscript``/``js``: it
  reads events and writes the page. :mod:`reversi.ui.dom.main` starts it.

Everything but ``dom`` and ``main`` runs and is tested under plain CPython.
"""
