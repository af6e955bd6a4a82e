"""``python -m reversi``: the command line (never shipped to the browser).

:mod:`reversi.cli.main` builds the parser; :mod:`reversi.cli.options` turns the
shared options into rules and positions; :mod:`reversi.cli.rules_commands` and
:mod:`reversi.cli.engine_commands` run the subcommands.
"""

from reversi.cli.main import main

__all__ = ["main"]
