"""Development tools that never run in the browser (the page does not ship them):
engine matches (:mod:`reversi.tools.match`), training the evaluation
(:mod:`reversi.tools.train`, needs numpy and scipy) and regenerating the page's
file list and static first board (:mod:`reversi.tools.build`).
"""
