"""The command line: ``python -m reversi SUBCOMMAND ...``.

Every subcommand takes the same rule options (:mod:`reversi.cli.options`). Bad
input exits with status 2 and a one-line ``error: ...`` message naming the
problem. The rules' subcommands (perft, legal, replay) live in
:mod:`reversi.cli.rules_commands`, the AI's (solve, best, hints, review, match) in
:mod:`reversi.cli.engine_commands` (with ``nboard``, the engine for desktop GUIs), the
diagrams' (svg, puzzle) in :mod:`reversi.cli.diagram_commands`, the files of games' (games)
in :mod:`reversi.cli.games_commands`.

Messages and reports follow the environment's language (``LANGUAGE``,
``LC_ALL``, ``LC_MESSAGES``, ``LANG``: ``LANG=cs_CZ.UTF-8`` speaks Czech); the
``--json`` output is data and stays the same in every language.
"""

from __future__ import annotations

import argparse
import errno
import io
import os
import sys
from typing import Any, NoReturn

from reversi import __version__
from reversi.cli import diagram_commands, engine_commands, games_commands, rules_commands
from reversi.cli.wide_help import WideHelpFormatter
from reversi.errors import ReversiError
from reversi.i18n import _, language_from_environment, set_language, standard_library_domain


class _Parser(argparse.ArgumentParser):
    """argparse, with a bad command line reported in one line like every other error, and help laid
    out for wide characters too (:class:`reversi.cli.wide_help.WideHelpFormatter`)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", WideHelpFormatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        one_line = " ".join(message.split())  # an argument may hold line breaks
        # Translators: {message} is argparse's own complaint; {prog} is the command, "python -m reversi"
        self.exit(2, _("error: {message} (see {prog} --help)").format(message=one_line, prog=self.prog) + "\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="python -m reversi",
        # Translators: the first line of the command line's --help
        description=_("Reversi and Othello: rules, notation and AI from the command line."),
    )
    # Translators: the help of --version
    parser.add_argument("--version", action="version", version=f"reversi {__version__}", help=_("show the version"))
    sub = parser.add_subparsers(dest="command", required=True, metavar=_("COMMAND"))

    rules_commands.register(sub)
    engine_commands.register(sub)
    diagram_commands.register(sub)
    games_commands.register(sub)
    return parser


class _ClosedOutput(io.TextIOBase):
    """Standard output when the command was started with it closed (``>&-``): a write fails as a
    write to a closed descriptor does, so the command says so (exit 1) instead of a traceback."""

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        raise OSError(errno.EBADF, _("standard output is closed"))


def _tolerant_streams() -> None:
    """Output that the terminal's encoding cannot show (``PYTHONIOENCODING=ascii`` and Czech, a byte
    the command line could not decode) is written as escapes instead of failing with a traceback.
    A standard input started closed (``<&-``) reads as empty (the end of the input at once); a
    closed standard output is :func:`main`'s (:class:`_ClosedOutput`, once the arguments are read)."""
    if sys.stdin is None:
        sys.stdin = open(os.devnull, encoding="utf-8")
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            try:
                reconfigure(errors="backslashreplace")
            except (ValueError, OSError):
                pass


def _silence_stdout() -> None:
    """After a failed write: Python's own flush at exit would fail again and print a traceback."""
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError):
        pass


class Terminated(KeyboardInterrupt):
    """SIGTERM (``kill``, ``timeout``): stops a command as Ctrl-C does, its cleanup run (the solver's
    worker processes are stopped with it: :class:`reversi.engine.parallel.SolverPool`)."""


def _terminate_as_interrupt() -> None:
    import signal
    import threading

    if threading.current_thread() is not threading.main_thread():
        return  # main() called from a thread (a test): signals are the main thread's

    def on_term(signum: int, frame: object) -> None:
        raise Terminated

    try:
        signal.signal(signal.SIGTERM, on_term)
    except (ValueError, OSError):
        pass


def main(argv: list[str] | None = None) -> int:
    _tolerant_streams()
    set_language(language_from_environment())
    with standard_library_domain():  # argparse's own texts in the same language
        parser = build_parser()
        args = parser.parse_args(argv)  # --help and --version: on the standard error if the output is closed
    if sys.stdout is None:
        sys.stdout = _ClosedOutput()
    _terminate_as_interrupt()
    try:
        status: int = args.func(args)  # the subcommand's handler (set_defaults(func=...))
        sys.stdout.flush()  # a full device says so here, not in a traceback at exit
        return status
    except ReversiError as e:
        print(_("error: {message}").format(message=e), file=sys.stderr)
        return 2
    except BrokenPipeError:
        _silence_stdout()
        return 0
    except OSError as e:  # the output cannot be written: a full device, a closed terminal
        _silence_stdout()
        # Translators: the output could not be written, e.g. "No space left on device"
        print(_("error: could not write the output: {reason}").format(reason=e.strerror or e), file=sys.stderr)
        return 1
    except Terminated:  # SIGTERM: the same, with its own status (128 + 15)
        print(_("interrupted"), file=sys.stderr)
        return 143
    except KeyboardInterrupt:  # Ctrl-C: a line, not a traceback (the solver's processes stop with it)
        # Translators: printed when the person stops a command with Ctrl-C
        print(_("interrupted"), file=sys.stderr)
        return 130
