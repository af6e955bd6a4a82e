"""Development tools that never run in the browser (the page does not ship them): engine
matches, training the evaluation (numpy and scipy), the opening book, the message catalogs
(Babel) and the site's generator (the module map: ``ARCHITECTURE.md``).
"""
