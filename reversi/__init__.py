"""Reversi and Othello: rules, notation, AI and the web app's logic, in pure Python.

The package runs under CPython (library and ``python -m reversi``) and in the
browser under Pyodide. Public API::

    from reversi import Rules, Position, Game, PASS
    game = Game(Rules("othello"))
    game.play(game.rules.geometry.parse_square("f5"))

The package is layered by folder (see ``ARCHITECTURE.md``):
:mod:`reversi.core` (rules), :mod:`reversi.formats` (notation, records, links),
:mod:`reversi.engine` (the computer player), :mod:`reversi.ui` (the page's logic,
with :mod:`reversi.ui.dom` the only code that touches the browser),
:mod:`reversi.cli` (``python -m reversi``) and :mod:`reversi.tools` (development
tools the browser never loads).
"""

#: The package's version (also the web app's and the saved state's; pyproject.toml reads it).
__version__ = "0.2.0"

from reversi.core.game import Game
from reversi.core.geometry import Geometry
from reversi.core.position import PASS, Position, Result
from reversi.core.rules import BLACK, WHITE, Rules, random_blocked
from reversi.errors import IllegalMoveError, NotationError, ReversiError, RulesError
from reversi.formats.notation import (
    parse_position,
    parse_transcript,
    play_transcript,
    position_to_string,
    write_transcript,
)

__all__ = [
    "BLACK",
    "PASS",
    "WHITE",
    "Game",
    "Geometry",
    "IllegalMoveError",
    "NotationError",
    "Position",
    "Result",
    "ReversiError",
    "Rules",
    "RulesError",
    "__version__",
    "parse_position",
    "parse_transcript",
    "play_transcript",
    "position_to_string",
    "random_blocked",
    "write_transcript",
]
