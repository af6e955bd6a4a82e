"""The NBoard protocol: this engine for desktop Othello GUIs (``python -m reversi nboard``).

A GUI starts the engine as a process and talks to it a line at a time on its standard input
and output. :class:`NBoardSession` reads the GUI's lines (:meth:`NBoardSession.handle`) and
writes its answers through a callback, one line each:

=========================  =================================================================
the GUI says               the engine
=========================  =================================================================
``nboard 2``               names itself: ``set myname Reversi``
``set game (;GM[...];)``   takes the game (GGF, :mod:`reversi.formats.ggf`): later commands are
                           about the position at its end
``set depth N``            searches N plies in the midgame (1 to 60; the endgame is solved
                           exactly from a few more empties), within its time a move
``set contempt N``         takes it (a draw's value; this engine scores a draw as 0)
``move F5[/eval/time]``    plays the move (``PA`` a pass) in its game; a bare ``F5`` too
``hint N``                 values the best N moves: ``search F5 1.00 0 12`` lines, best first,
                           from the side to move's view in discs, then ``status``; in the opening
                           book's positions ``book F5 1.00 0 100`` lines, the book's own values
                           (a self-play book: it counts no games, hence the 0)
``analyze``                values every position of the game, from its end back to its start:
                           ``analysis N 1.00`` (N moves played before it, passes counted; the
                           value for the side to move there, in discs, exact near the end), then
                           ``status`` (what the GUI's "analyze game" draws as its graph)
``go``                     its move: ``=== F5/1.00/0.5`` (move, value, seconds); the move is not
                           played until the GUI sends it back with ``move``
``ping N``                 ``pong N`` (every command before it is done: this engine answers in turn)
``learn``                  ``learned`` (it keeps no book of its own games)
``quit``                   ends the session
=========================  =================================================================

While it thinks it says ``status Reversi is thinking``, and ``nodestats NODES SECONDS`` after.
Given a carrier of worker processes (``nboard -j 2``), ``go`` and ``hint`` share the root's
moves between them and ``analyze`` values the game's positions on all of them at once, each
position with the workers' share of the time (:mod:`reversi.engine.parallel_search`).
A line it cannot take (a malformed command, an illegal move, a damaged game, a command it does
not know, ``go``, ``move`` or ``hint`` once the game has ended, by its moves or by a resignation
or a loss on time its record gives) is answered ``status error: ...`` naming what is wrong, and
the session goes on with its game as it was: nothing a GUI sends ends it but ``quit`` or the end
of its input.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable

from reversi.core.game import Game
from reversi.core.position import PASS, Position
from reversi.core.rules import Rules
from reversi.engine.protocol import Limits
from reversi.engine.scheduler import Carrier
from reversi.errors import ReversiError
from reversi.formats.ggf import read_ggf
from reversi.i18n import _

#: The engine's name in the GUI.
NAME = "Reversi"
#: The midgame depth before a GUI sets one.
DEFAULT_DEPTH = 8
MAX_DEPTH = 60
#: How many more empties than the midgame depth the endgame is solved exactly from (at most 20).
EXACT_MARGIN = 6
#: The longest line taken (a GGF game of a 16x16 board with evals and times fits easily).
MAX_LINE_CHARS = 60_000


class NBoardSession:
    """One GUI's session: its game, its depth, and the lines it is answered."""

    def __init__(self, say: Callable[[str], None], seconds: float = 10.0, carrier: Carrier | None = None) -> None:
        #: Writes one line to the GUI (flushed: the GUI waits for it).
        self.say = say
        #: The workers that search with this session's engine (None: it searches alone).
        self.carrier = carrier
        #: The most a search may take, whatever the depth (this engine is pure Python).
        self.seconds = seconds
        self.game = Game(Rules())
        self.depth = DEFAULT_DEPTH
        self.contempt = 0.0
        #: The GUI has sent the forced pass the game recorded by itself (see :attr:`position`).
        self.pass_sent = False

    @property
    def position(self) -> Position:
        """The position as the GUI has it: the game records a forced pass by itself, the GUI waits
        for one (``=== PA``, then ``move PA``)."""
        live = self.game.live
        if live.was_forced_pass and not self.pass_sent and live.parent is not None:
            return live.parent.position
        return live.position

    def limits(self) -> Limits:
        empties = min(20, self.depth + EXACT_MARGIN)
        return Limits(seconds=self.seconds, depth=self.depth, exact_empties=empties)

    def handle(self, line: str) -> bool:
        """Take one line from the GUI; False when the session is over (``quit``)."""
        text = line.strip()
        if not text:
            return True
        if len(text) > MAX_LINE_CHARS:
            self.error(_("a line of {n} characters is longer than any command").format(n=len(text)))
            return True
        command, _space, rest = text.partition(" ")
        command = command.lower()
        if command == "quit":
            return False
        try:
            self.dispatch(command, rest.strip())
        except ReversiError as e:
            self.error(str(e))
        except (ValueError, OverflowError) as e:
            self.error(str(e) or type(e).__name__)
        return True

    def error(self, message: str) -> None:
        self.say("status error: " + " ".join(message.split()))

    def dispatch(self, command: str, rest: str) -> None:
        if command == "nboard":
            self._number(rest, "nboard", 0, 1000)
            self.say(f"set myname {NAME}")
        elif command == "set":
            self.set(rest)
        elif command == "move":
            self.move(rest)
        elif command == "hint":
            self.hint(self._number(rest or "1", "hint", 1, 64))
        elif command == "go":
            self.go()
        elif command == "analyze":
            self.analyze()
        elif command == "ping":
            self.say(f"pong {self._number(rest or '0', 'ping', -(2**31), 2**31)}")
        elif command == "learn":
            self.say("learned")
        elif len(command) == 2 and not rest:
            self.move(command)  # NBoard 1.1 sends a bare move
        else:
            # Translators: the NBoard protocol: a command this engine does not know
            raise ValueError(_("unknown command {command!r}").format(command=command[:20]))

    def _number(self, text: str, command: str, least: int, most: int) -> int:
        word = text.split()[0] if text.split() else ""
        digits = word[1:] if word.startswith("-") else word
        if not (digits.isascii() and digits.isdigit()) or len(word) > 12:
            raise ValueError(_("{command} needs a whole number, not {text!r}").format(command=command, text=text[:20]))
        value = int(word)
        if not least <= value <= most:
            raise ValueError(_("{command} {value}: the number must be {least} to {most}").format(
                command=command, value=value, least=least, most=most))
        return value

    def set(self, rest: str) -> None:
        what, _space, value = rest.partition(" ")
        what = what.lower()
        if what == "game":
            record = read_ggf(value)
            self.game = record.to_game()
            moves = re.findall(r"[BW]\[([^\]]*)\]", value)
            self.pass_sent = bool(moves) and moves[-1].split("/")[0].strip().lower() in ("pa", "pass")
        elif what == "depth":
            self.depth = self._number(value, "set depth", 1, MAX_DEPTH)
        elif what == "contempt":
            try:
                contempt = float(value)
            except ValueError:
                contempt = math.nan
            if not math.isfinite(contempt):  # nan, inf, 1e400: not a value a draw can have
                raise ValueError(_("set contempt needs a number, not {text!r}").format(text=value[:20]))
            self.contempt = contempt
        else:
            raise ValueError(_("unknown setting {name!r}").format(name=what[:20]))

    def move(self, rest: str) -> None:
        word = rest.split("/")[0].strip()
        if not word:
            raise ValueError(_("move needs a square, like F5, or PA for a pass"))
        self.game.back_to_live()
        if self.game.outcome is not None:
            raise ValueError(_("the game is over"))
        if word.lower() in ("pa", "pass"):
            if not self.position.must_pass:
                raise ValueError(_("PA: a pass, but the side to move has a move"))
            if self.game.live.was_forced_pass:
                self.pass_sent = True  # the pass the game recorded by itself
                return
            move = PASS
        else:
            move = self.game.rules.geometry.parse_square(word.lower())
            if self.position is not self.game.live.position:
                raise ValueError(_("{move}: the side to move has no move and must pass (PA)").format(move=word[:4]))
        self.game.play(move)
        self.pass_sent = False

    def _over(self) -> bool:
        """Has the game ended (by its moves, or a resignation or loss on time its record gives)?
        Then it is said, and nothing is searched."""
        if self.position.is_over or self.game.outcome is not None:
            self.error(_("the game is over"))
            return True
        return False

    def hint(self, count: int) -> None:
        if self._over():
            return
        from reversi.engine.search import analyse

        position = self.position
        if position.must_pass:
            self.say("search PA 0.00 0 0")
            self.say("status")
            return
        booked = self._book_moves(position)
        if booked:
            for move in sorted(booked, key=lambda m: -booked[m])[:count]:
                self.say(f"book {self._name(move)} {booked[move] / 100:.2f} 0 100")
            self.say("status")
            return
        self.say(f"status {NAME} is thinking")
        if self.carrier is not None:
            from reversi.engine.parallel_search import analyse_split

            a = analyse_split(position, self.carrier, self.limits())
        else:
            a = analyse(position, self.limits())
        order = a.order or sorted(a.scores, key=lambda m: -a.scores[m])
        depth = "100%" if a.exact else str(a.depth)
        for move in order[:count]:
            self.say(f"search {self._name(move)} {a.scores[move] / 100:.2f} 0 {depth}")
        self.say(f"nodestats {a.nodes} {a.seconds:.2f}")
        self.say("status")

    @staticmethod
    def _book_moves(position: Position) -> dict[int, int]:
        """The opening book's value of every move of ``position`` (empty where it has none)."""
        from reversi.engine.book import book_for, book_moves

        book = book_for(position.rules)
        return {} if book is None else book_moves(position, book)

    def analyze(self) -> None:
        """Every position of the game valued, from its end back to its start (``analysis N V``):
        a finished position by its score, the others by a search of the session's depth (exact
        near the end), each within its share of the session's time."""
        from reversi.engine.search import analyse

        nodes = [n for n in self.game.main_line() if not n.was_forced_pass]
        self.say(f"status {NAME} is analyzing")
        workers = 1 if self.carrier is None else max(1, self.carrier.count() - len(self.carrier.dead))
        share = Limits(seconds=max(0.05, min(self.seconds, self.seconds * workers / max(1, len(nodes)))),
                       depth=self.depth, exact_empties=self.limits().exact_empties)
        values: dict[int, int] = {}
        if self.carrier is not None and workers > 1:
            from reversi.engine.parallel_search import analyse_positions

            todo = [k for k, node in enumerate(nodes) if not node.position.is_over]
            found = analyse_positions([nodes[k].position for k in todo], self.carrier, share)
            values = {k: max(a.scores.values()) if a.scores else 0 for k, a in zip(todo, found, strict=True)}
        for k in reversed(range(len(nodes))):
            position = nodes[k].position
            if position.is_over:
                value = position.final_margin(position.turn) * 100
            elif k in values:
                value = values[k]
            else:
                a = analyse(position, share)
                value = max(a.scores.values()) if a.scores else 0
            self.say(f"analysis {nodes[k].depth} {value / 100:.2f}")
        self.say("status")

    def go(self) -> None:
        if self._over():
            return
        position = self.position
        if position.must_pass:
            self.say("=== PA")
            return
        from reversi.engine.parallel_search import search_split
        from reversi.engine.search import search

        self.say(f"status {NAME} is thinking")
        if self.carrier is None:
            r = search(position, self.limits())
        else:
            r = search_split(position, self.carrier, self.limits())
        self.say(f"nodestats {r.nodes} {r.seconds:.2f}")
        self.say(f"=== {self._name(r.move)}/{r.score / 100:.2f}/{r.seconds:.2f}")
        self.say("status")

    def _name(self, move: int) -> str:
        return "PA" if move == PASS else self.game.rules.geometry.name(move).upper()


def run(
    read_line: Callable[[], str], say: Callable[[str], None], seconds: float = 10.0, carrier: Carrier | None = None
) -> int:
    """Serve one GUI until ``quit`` or the end of its input (``read_line`` returns ''); ``carrier``:
    the workers the engine searches with (its owner closes it)."""
    session = NBoardSession(say, seconds, carrier)
    while True:
        line = read_line()
        if not line:
            return 0
        if not session.handle(line):
            return 0
