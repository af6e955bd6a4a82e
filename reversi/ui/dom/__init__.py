"""The page's DOM glue: the only modules of the package that import ``js``,
``pyodide`` or ``pyscript``. :mod:`reversi.ui.dom.main` is the page's entry point.
"""
