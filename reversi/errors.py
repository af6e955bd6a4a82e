"""The package's exceptions: one tree, in one module.

Every error caused by input is a :class:`ReversiError` (a ``ValueError``), and
its message names the offending input and, for text, where it went wrong, so a
caller (the command line, the page) can show it to a person as it is (it is written
in the current language of :mod:`reversi.i18n` when it is raised)::

    ReversiError
    ├── RulesError          an impossible rule set or combination of options
    ├── NotationError       text that cannot be read: square, transcript, position, record, link
    ├── IllegalMoveError    a move the rules do not allow where it is played
    ├── ClockError          a time control or clock state out of range
    ├── WeightsError        an evaluation weights file that cannot be read
    ├── EngineRequestError  a request to the engine (level, time, JSON) that is out of range
    ├── SettingsError       a new-game form field or a remembered setting out of range
    └── SavedStateError     a saved game or settings that cannot be read

An argument out of range that is none of these kinds (a perft depth, a command-line
option) raises :class:`ReversiError` itself. Nothing raises a bare ``ValueError``,
``TypeError`` or ``KeyError`` on bad input: a parser checks the types and ranges it
reads and names the field that is wrong.

A search that runs out of time is not an input error: it raises an
:class:`EngineStopped` (:class:`SearchTimeout`, :class:`SolveTimeout`), which
the engine catches itself.
"""


class ReversiError(ValueError):
    """Base class of every error this package raises on bad input."""


class RulesError(ReversiError):
    """An impossible rule set or combination of table options."""


class NotationError(ReversiError):
    """Text that cannot be parsed: a square, transcript, position, record or link."""


class IllegalMoveError(ReversiError):
    """A move (or pass) that the rules do not allow in the position it is played in."""


class ClockError(ReversiError):
    """A time control or a saved clock that is out of range."""


class WeightsError(ReversiError):
    """An evaluation weights file that is missing, truncated or of the wrong shape."""


class EngineRequestError(ReversiError):
    """A request to the engine that is out of range: a level, a time limit, a malformed request."""


class SettingsError(ReversiError):
    """A new-game form field or a remembered setting (players, levels, time) out of range."""


class SavedStateError(ReversiError):
    """A saved game or settings (the page's ``localStorage``) that cannot be read."""


class EngineStopped(Exception):
    """A search stopped on its deadline or node limit before it finished.

    Not an input error: the engine raises it internally and its callers catch it
    (a search then answers with its last complete result).
    """


class SearchTimeout(EngineStopped):
    """The midgame search passed its deadline or node limit."""


class SolveTimeout(EngineStopped):
    """The exact solver passed its deadline or node limit."""
