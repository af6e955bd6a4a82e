"""Reversi and Othello: rules, notation, AI and the web app's logic, in pure Python.

The package runs under CPython (library and ``python -m reversi``) and in the
browser under Pyodide. Public API::

    from reversi import Rules, Position, Game, PASS
    game = Game(Rules("othello"))
    game.play(game.rules.geometry.parse_square("f5"))
"""

from .errors import IllegalMoveError, NotationError, ReversiError, RulesError
from .game import Game
from .geometry import Geometry
from .notation import parse_position, parse_transcript, play_transcript, position_to_string, write_transcript
from .position import PASS, Position, Result
from .rules import BLACK, WHITE, Rules, random_blocked

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
    "parse_position",
    "parse_transcript",
    "play_transcript",
    "position_to_string",
    "random_blocked",
    "write_transcript",
]
