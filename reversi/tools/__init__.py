"""Development tools that never run in the browser (the page does not ship them):
engine matches (:mod:`reversi.tools.match`), training the evaluation
(:mod:`reversi.tools.train`, needs numpy and scipy), the message catalogs
(:mod:`reversi.tools.translations`, needs Babel) and the site's generator
(:mod:`reversi.tools.site`, with what it makes in :mod:`reversi.tools.build`: the
page's archives, its start board, the precache list, the rules pages).
"""
