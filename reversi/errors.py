"""The package's exceptions: a small hierarchy of ``ValueError`` subclasses.

Every message names the offending input and, for text, where it went wrong, so a
caller (the command line, the page) can show it to a person as it is.
"""


class ReversiError(ValueError):
    """Base class of every error this package raises on bad input."""


class RulesError(ReversiError):
    """An impossible rule set or combination of table options."""


class NotationError(ReversiError):
    """Text that cannot be parsed: a square, transcript, position, record or link."""


class IllegalMoveError(ReversiError):
    """A move (or pass) that the rules do not allow in the position it is played in."""
