"""Teachers' embeds, pure Python: the viewer's and the puzzles' state and the HTML a teacher
pastes; the DOM glue is :mod:`reversi.ui.dom.embed` (the module map: ``ARCHITECTURE.md``).
"""
