"""The web page's Python: pure views, controller and drivers, and a small DOM package.

* :mod:`reversi.drawing.render` turns a :class:`~reversi.drawing.render.BoardView` (plain
  data) into the board's SVG markup. No DOM, no rules.
* :mod:`reversi.ui.controller` is the controller: it turns user intents (click a
  square, new game with options, undo, redo, keyboard cursor) into new views.
  No DOM.
* :mod:`reversi.ui.players` says who plays and drives the computer's turns
  (:class:`~reversi.ui.drivers.ai.AiDriver`), :mod:`reversi.ui.drivers.hints` the values of
  the moves (:class:`~reversi.ui.drivers.hints.HintDriver`); both ask the engine's worker
  through the one request machinery of :mod:`reversi.ui.drivers.requests` (one request
  at a time, stale replies dropped, abandoned ones forgotten).
* :mod:`reversi.ui.clocks` runs the game's clock and decides the loss on time;
  :mod:`reversi.ui.move_list` and :mod:`reversi.ui.store.session` are the move list and
  what outlives a click (autosave, links, text brought in).
* :mod:`reversi.ui.ports` gathers the seams as typed protocols: what the drivers,
  the clock and the page need from the controller, and the features from the page.
* :mod:`reversi.ui.dom` (``page``, ``features``, ``main``) is the only code that
  imports ``pyscript``/``js``/``pyodide``: it reads events, reports the time and
  writes the page. :mod:`reversi.ui.dom.main` starts it.

Everything but ``dom`` runs and is tested under plain CPython; no game decision
is taken in ``dom``.
"""
