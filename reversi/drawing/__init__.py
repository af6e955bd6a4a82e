"""Drawing: a position as SVG, for every layer (the page, the command line, the tools).

:mod:`reversi.drawing.render` turns a board view (what to show: discs, legal moves,
hints, marks, the cursor) into the page's SVG markup, a pure function with no DOM;
:mod:`reversi.drawing.diagram` paints it with presentation attributes for a
standalone picture (``python -m reversi svg``, lite diagrams, the rules pages). It
knows the board's geometry (from :mod:`reversi.core`) and nothing of the page.
"""
