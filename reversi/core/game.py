"""A game: a tree of moves from a start position, the game's own line in it, and where you look.

:class:`Game` keeps every move ever played from its start as a tree of
:class:`Node` s (passes included, as :data:`~reversi.core.position.PASS`). The
first child of a node continues the **main line**; the others are
**variations**, kept as PGN viewers keep side lines: nothing played is ever
thrown away.

Two places in the tree matter:

* :attr:`Game.live` is the game being played: a node of the main line, the
  position the players (and the clock) are at. :meth:`Game.undo` and
  :meth:`Game.redo` move it along the main line, and a move played there
  continues the game: it becomes the main line (a continuation that an undo
  had left becomes a variation).
* :attr:`Game.current` is the position shown. Browsing (:meth:`Game.go_to`,
  :meth:`Game.go_to_node`) moves it and nothing else: while it is not the live
  node (:attr:`Game.browsing`) nobody is due to move, and a move played there
  starts or follows a variation; :meth:`Game.back_to_live` returns to the game.

The **line** (:attr:`Game.line`) is the path from the start to the shown
position, then on along first children to the end: what the move list shows as
the line being read, and what ``ply`` (the depth of the shown position) counts
along. Forced passes are recorded automatically after each move (a player who
must pass has no choice), and undo and redo step over them, so one undo always
returns to the previous decision.

A game may also end before the rules end it: a side resigns or loses on time
(:attr:`Game.ending`, an :class:`Ending`). :attr:`Game.outcome` says how the game
ended, whichever way (:class:`Outcome`: the winner, the :class:`Termination`, the
score when the rules ended it); the saved state, the share link and the record file
carry the ending, so a resigned game is still resigned when it is read back.

Nodes carry a comment and square marks for teaching. Every node has an id,
unique in its game (``data-node`` in the page). Nothing here recurses: the
tree of a long game with many variations is walked with explicit stacks
(Pyodide's stack is small).
"""

from __future__ import annotations

import enum
from collections.abc import Iterator
from dataclasses import dataclass

from reversi.core.position import PASS, Position, Result
from reversi.core.rules import Rules
from reversi.errors import IllegalMoveError, RulesError
from reversi.i18n import N_, _
from reversi.inputs import clean_text

#: The longest comment kept on a move (characters).
MAX_COMMENT_CHARS = 2_000
#: A move's annotation glyphs, as books and PGN write them after the move, best to worst, and their
#: numeric annotation glyphs (PGN's NAG: ``$3`` is ``!!``).
GLYPHS = ("!!", "!", "!?", "?!", "?", "??")
GLYPH_NAGS = {"!": 1, "?": 2, "!!": 3, "??": 4, "!?": 5, "?!": 6}
#: What each glyph says (screen readers, the move list, the viewer's line).
GLYPH_NAMES = {
    # Translators: what the annotation "!!" after a move says
    "!!": N_("a brilliant move"),
    # Translators: what the annotation "!" after a move says
    "!": N_("a good move"),
    # Translators: what the annotation "!?" after a move says
    "!?": N_("an interesting move"),
    # Translators: what the annotation "?!" after a move says
    "?!": N_("a dubious move"),
    # Translators: what the annotation "?" after a move says
    "?": N_("a mistake"),
    # Translators: what the annotation "??" after a move says
    "??": N_("a blunder"),
}


#: The colours a square can be marked in (besides the plain ring of ``marks``): red, green, yellow.
SIGN_COLORS = ("R", "G", "Y")
#: The letters a square can carry.
SIGN_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
#: What a colour mark says (screen readers).
SIGN_NAMES = {
    # Translators: in a square's screen-reader label: a square a teacher marked in red
    "R": N_("marked red"),
    # Translators: in a square's screen-reader label: a square a teacher marked in green
    "G": N_("marked green"),
    # Translators: in a square's screen-reader label: a square a teacher marked in yellow
    "Y": N_("marked yellow"),
}


def is_sign(sign: str) -> bool:
    return len(sign) == 1 and (sign in SIGN_COLORS or sign in SIGN_LETTERS)


def sign_name(sign: str) -> str:
    """What a square's sign says, in the current language: "marked red", "letter A"."""
    if sign in SIGN_NAMES:
        return _(SIGN_NAMES[sign])
    # Translators: in a square's screen-reader label: a letter a teacher put on the square, as books do
    return _("letter {letter}").format(letter=sign)


def glyph_name(glyph: str) -> str:
    """What ``glyph`` says, in the current language ("" for no glyph)."""
    return _(GLYPH_NAMES[glyph]) if glyph in GLYPH_NAMES else ""
#: The most nodes a game's tree may hold (a game with its variations; a 16x16 game has ~260 plies).
MAX_NODES = 5_000
#: Tags that state the result of the game's moves as a record gave them (a GGF file's adjudged or
#: unfinished result, :mod:`reversi.formats.ggf`): dropped when the game's own moves change.
RECORDED_RESULT_TAGS = ("GGFResult",)


class Termination(enum.Enum):
    """How a game ended: by the rules (neither side can move), a resignation, or a flag that fell."""

    RULES = "rules"
    RESIGNATION = "resignation"
    TIME = "time"


@dataclass(frozen=True)
class Ending:
    """A game ended before the rules ended it: ``loser`` resigned or lost on time (``by``)."""

    loser: int
    by: Termination

    def __post_init__(self) -> None:
        if self.loser not in (0, 1) or isinstance(self.loser, bool):
            raise ValueError(f"ending: the loser must be 0 (Black) or 1 (White), not {self.loser!r}")
        if self.by is Termination.RULES:
            raise ValueError("ending: the rules end a game by its moves, not by an ending")

    @property
    def winner(self) -> int:
        return 1 - self.loser


@dataclass(frozen=True)
class Outcome:
    """How a game ended: the winner (None: a draw), the termination, the score if the rules ended it."""

    winner: int | None
    termination: Termination
    result: Result | None = None


class Node:
    """A position of the tree: the move that led to it (None at the start), its children."""

    __slots__ = ("children", "comment", "depth", "glyph", "id", "marks", "move", "parent", "position", "signs")

    def __init__(self, node_id: int, move: int | None, position: Position, parent: Node | None) -> None:
        self.id = node_id
        self.move = move
        self.position = position
        self.parent = parent
        self.children: list[Node] = []
        self.depth: int = 0 if parent is None else parent.depth + 1
        self.comment = ""
        #: Marked squares (their indices), for teaching.
        self.marks: frozenset[int] = frozenset()
        #: The move's annotation glyph (one of :data:`GLYPHS`), or "".
        self.glyph = ""
        #: Squares marked in a colour or with a letter, as books letter them: square index -> one
        #: of :data:`SIGN_COLORS` or a capital letter.
        self.signs: dict[int, str] = {}

    def child(self, move: int) -> Node | None:
        for c in self.children:
            if c.move == move:
                return c
        return None

    @property
    def is_main(self) -> bool:
        """Is this node on the main line (every step a first child)?"""
        node: Node = self
        while node.parent is not None:
            if node.parent.children[0] is not node:
                return False
            node = node.parent
        return True

    def path(self) -> list[Node]:
        """The nodes from the start's child down to this one."""
        out = []
        node: Node | None = self
        while node is not None and node.parent is not None:
            out.append(node)
            node = node.parent
        out.reverse()
        return out

    def resting(self) -> Node:
        """Where the game can rest from here: this node, or past the forced passes after it
        (nobody stops where the side to move must pass)."""
        node = self
        while node.position.must_pass and node.children and node.children[0].was_forced_pass:
            node = node.children[0]
        return node

    @property
    def was_forced_pass(self) -> bool:
        """A pass its player had to make (recorded by the game, skipped by undo and redo)."""
        return self.move == PASS and self.parent is not None and self.parent.position.must_pass

    def __repr__(self) -> str:
        return f"Node(id={self.id}, move={self.move}, depth={self.depth})"


class Game:
    def __init__(self, rules: Rules | None = None, start: Position | None = None) -> None:
        if start is None:
            start = Position.start(rules or Rules())
        elif rules is not None and rules != start.rules:
            raise RulesError(
                # Translators: {start} and {game} describe rule sets, e.g. "Othello 8x8, anti"
                _("start position: its rules ({start}) are not the game's ({game})").format(
                    start=start.rules.describe(), game=rules.describe()
                )
            )
        self.start = start
        self.rules = start.rules
        self._next_id = 0
        self.root = self._new_node(None, start, None)
        #: The position shown.
        self.current = self.root
        #: The game being played: a node of the main line.
        self.live = self.root
        #: A resignation or a loss on time (None: the game goes on, or the rules ended it).
        self.ending: Ending | None = None
        #: What a record says of the game besides its rules and moves: the event, the place, the
        #: date, the players' names... (a record's tags, :mod:`reversi.formats.record`), kept as given.
        self.tags: dict[str, str] = {}
        self._skip_forced_passes()

    def _new_node(self, move: int | None, position: Position, parent: Node | None) -> Node:
        node = Node(self._next_id, move, position, parent)
        self._next_id += 1
        return node

    # -- state ---------------------------------------------------------------

    @property
    def position(self) -> Position:
        """The position shown."""
        return self.current.position

    @property
    def ply(self) -> int:
        """How many plies lead to the position shown."""
        return self.current.depth

    @property
    def moves(self) -> list[int]:
        """The plies up to the position shown, passes included."""
        return [n.move for n in self.current.path() if n.move is not None]

    def line_nodes(self) -> list[Node]:
        """The line being read: the start, the path to the shown position, then first children to the end."""
        nodes = [self.root, *self.current.path()]
        node = self.current
        while node.children:
            node = node.children[0]
            nodes.append(node)
        return nodes

    @property
    def line(self) -> list[int]:
        """Every ply of the line being read (:meth:`line_nodes`), passes included."""
        return [n.move for n in self.line_nodes()[1:] if n.move is not None]

    def position_at(self, ply: int) -> Position:
        """The position after ``ply`` plies of the line being read."""
        return self.line_nodes()[ply].position

    def main_line(self) -> list[Node]:
        """The main line's nodes, the start first."""
        nodes = [self.root]
        while nodes[-1].children:
            nodes.append(nodes[-1].children[0])
        return nodes

    @property
    def is_over(self) -> bool:
        return self.position.is_over

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended (a resignation, a loss on time, or its last move), or None if it goes on."""
        if self.ending is not None:
            return Outcome(self.ending.winner, self.ending.by)
        result = self.live.position.result()
        return None if result is None else Outcome(result.winner, Termination.RULES, result)

    def end(self, ending: Ending) -> bool:
        """End the game with ``ending`` (a resignation, a loss on time); False, changing nothing,
        if it has already ended (by the rules, or an ending before)."""
        if self.outcome is not None:
            return False
        self.ending = ending
        return True

    @property
    def browsing(self) -> bool:
        """Is a position other than the game's (the live one) shown?"""
        return self.current is not self.live

    @property
    def has_variations(self) -> bool:
        return any(len(n.children) > 1 for n in self.nodes())

    def nodes(self) -> Iterator[Node]:
        """Every node, in the order a record writes them (a node's variations after its first child's move)."""
        stack = [self.root]
        while stack:
            node = stack.pop()
            yield node
            stack.extend(reversed(node.children))

    def node(self, node_id: int) -> Node:
        """The node with id ``node_id``; raises KeyError."""
        for n in self.nodes():
            if n.id == node_id:
                return n
        raise KeyError(node_id)

    @property
    def node_count(self) -> int:
        return self._next_id

    # -- playing -------------------------------------------------------------

    def play(self, move: int) -> None:
        """Play ``move`` at the shown position.

        At the live position it continues the game (its main line, the live node
        follows); anywhere else it follows or starts a variation, and the game
        stays where it is. A move already in the tree is followed, not repeated.
        """
        position = self.current.position.play(move)  # raises IllegalMoveError
        self.current = self._child(self.current, move, position)
        self._skip_forced_passes()

    def _child(self, parent: Node, move: int, position: Position | None = None) -> Node:
        """The child of ``parent`` for ``move`` (made if new); the live node follows a move of the game."""
        live = parent is self.live
        node = parent.child(move)
        if live and (node is None or parent.children[0] is not node):
            # the game's moves change: a result recorded for the moves as they were no longer holds
            for tag in RECORDED_RESULT_TAGS:
                self.tags.pop(tag, None)
        if node is None:
            if self._next_id >= MAX_NODES:
                raise IllegalMoveError(
                    _("the game holds {n} positions already, the most it keeps").format(n=MAX_NODES)
                )
            node = self._new_node(move, position or parent.position.play(move), parent)
            if live:
                parent.children.insert(0, node)  # the game goes this way: its main line
            else:
                parent.children.append(node)
        elif live and parent.children[0] is not node:
            parent.children.remove(node)  # the game takes a line that was a variation
            parent.children.insert(0, node)
        if live:
            self.live = node
        return node

    def _skip_forced_passes(self) -> None:
        pos = self.current.position
        if pos.must_pass:
            self.current = self._child(self.current, PASS, pos.pass_turn())

    def play_all(self, moves: list[int]) -> None:
        """Play several moves; an explicit pass that was forced is accepted, once."""
        claimed: Node | None = None  # the last recorded forced pass that an explicit pass stood for
        for n, move in enumerate(moves, 1):
            node = self.current
            if move == PASS and node is not claimed and node.was_forced_pass:
                claimed = node  # the pass was already recorded as forced
                continue
            try:
                self.play(move)
            except IllegalMoveError as e:
                # Translators: {n} is the number of the move in the list, {error} what is wrong with it
                raise IllegalMoveError(_("move {n}: {error}").format(n=n, error=e)) from None

    # -- the game's line: undo and redo --------------------------------------

    @staticmethod
    def _decision_before(node: Node) -> Node | None:
        """The node before the last real move leading to ``node`` (forced passes skipped)."""
        while node.parent is not None and node.was_forced_pass:
            node = node.parent
        return node.parent

    @property
    def can_undo(self) -> bool:
        return self._decision_before(self.live) is not None

    @property
    def can_redo(self) -> bool:
        return bool(self.live.children)

    def undo(self) -> bool:
        """Take back the game's last move (and the forced pass after it), and show the game. False if none."""
        node = self._decision_before(self.live)
        if node is None:
            return False
        self.live = self.current = node
        return True

    def redo(self) -> bool:
        """Play the game's next move again (and a forced pass after it), and show the game."""
        if not self.live.children:
            return False
        node = self.live.children[0]
        while node.children and node.children[0].was_forced_pass:
            node = node.children[0]
        self.live = self.current = node
        return True

    def set_live(self, node: Node) -> None:
        """Make ``node`` (of the main line) the game's position, and show it."""
        if not node.is_main:
            raise ValueError("the live position is on the main line")
        self.live = self.current = node

    # -- browsing ------------------------------------------------------------

    def go_to(self, ply: int) -> None:
        """Show the position after ``ply`` plies of the line being read."""
        nodes = self.line_nodes()
        if not 0 <= ply < len(nodes):
            raise IndexError(f"ply {ply} is outside 0..{len(nodes) - 1}")
        self.current = nodes[ply]

    def go_to_node(self, node: Node) -> None:
        self.current = node

    def back_to_live(self) -> bool:
        """Show the game's position again; False if it was shown."""
        if self.current is self.live:
            return False
        self.current = self.live
        return True

    # -- editing the tree ----------------------------------------------------

    @staticmethod
    def branch_of(node: Node) -> Node | None:
        """The first node of the variation ``node`` is in (None on the main line)."""
        found = None
        n: Node = node
        while n.parent is not None:
            if n.parent.children[0] is not n:
                found = n
            n = n.parent
        return found

    def promote_moves_game(self, node: Node) -> bool:
        """Would making the line through ``node`` the main line take the game's own position
        (:attr:`live`) off the main line? (It is then in a line that promotion demotes.)"""
        for n in node.path():
            parent = n.parent
            assert parent is not None
            if parent.children[0] is not n and self._is_below(self.live, parent.children[0]):
                return True
        return False

    def promote(self, node: Node, play_from: bool = False) -> bool:
        """Make the line through ``node`` the main line; False if it is already.

        The game's own position never moves by itself: when it is in the line that would become
        a variation (:meth:`promote_moves_game`), nothing changes and False is returned unless
        ``play_from`` is set; then the game goes on from ``node`` (the game's moves after the
        branch stay as a variation, and a resignation at their end is taken back).
        """
        if node.is_main:
            return False
        moves_game = self.promote_moves_game(node)
        if moves_game and not play_from:
            return False
        for n in node.path():
            parent = n.parent
            assert parent is not None
            if parent.children[0] is not n:
                parent.children.remove(n)
                parent.children.insert(0, n)
        if moves_game:
            for tag in RECORDED_RESULT_TAGS:  # another line is the game's: its recorded result goes
                self.tags.pop(tag, None)
            self.live = self.current = node
            if self.ending is not None and self.ending.by is Termination.RESIGNATION:
                self.ending = None  # taken back, as an undo takes it back (a fallen flag stays fallen)
        return True

    @staticmethod
    def _is_below(node: Node, top: Node) -> bool:
        n: Node | None = node
        while n is not None:
            if n is top:
                return True
            n = n.parent
        return False

    def delete_variation(self, node: Node) -> bool:
        """Delete the variation ``node`` is in (from its first move on); False on the main line.

        The shown position moves to where the variation branched off.
        """
        first = self.branch_of(node)
        if first is None or first.parent is None:
            return False
        first.parent.children.remove(first)
        if self._is_below(self.current, first):
            self.current = first.parent
        return True

    def up_to(self, node: Node) -> Game:
        """A new game of the moves from the start to ``node`` (a node of this game), the game's
        position at its end: their comments, marks and annotations kept, and the game's tags but
        its recorded result. The moves after ``node`` and the variations are not in it."""
        line = Game(start=self.start)
        line.tags = {k: v for k, v in self.tags.items() if k not in RECORDED_RESULT_TAGS}
        copy = line.root
        for n in [self.root, *node.path()]:
            if n.move is not None:
                copy = line._child(copy, n.move, n.position)
            copy.comment, copy.marks, copy.glyph, copy.signs = n.comment, n.marks, n.glyph, dict(n.signs)
        line.current = line.live = copy
        return line

    def set_comment(self, node: Node, text: str) -> None:
        node.comment = clean_text(" ".join(text.split())[:MAX_COMMENT_CHARS])

    def set_glyph(self, node: Node, glyph: str) -> None:
        """Annotate the move of ``node`` with ``glyph`` (one of :data:`GLYPHS`; "" takes it off).
        A :class:`~reversi.errors.RulesError` for another glyph, or for the start or a pass (no move
        to annotate)."""
        if glyph and glyph not in GLYPHS:
            raise RulesError(_("{glyph!r} is not a move's annotation: one of {glyphs}").format(
                glyph=glyph[:8], glyphs=" ".join(GLYPHS)))
        if glyph and (node.move is None or node.move == PASS):
            raise RulesError(_("only a move can be annotated, not the start or a pass"))
        node.glyph = glyph

    def toggle_sign(self, node: Node, square: int, sign: str) -> None:
        """Mark ``square`` of ``node`` with ``sign`` (a colour of :data:`SIGN_COLORS` or a capital
        letter), or take the sign off where it is already the same. ``sign`` "+" puts the first
        letter not yet on the board (A, then B...). A :class:`~reversi.errors.RulesError` for
        anything else."""
        if sign == "+":
            used = set(node.signs.values())
            there = node.signs.get(square, "")
            if there and there in SIGN_LETTERS:
                sign = there  # a letter there already: taken off
            else:
                sign = next((letter for letter in SIGN_LETTERS if letter not in used), "")
                if not sign:
                    return  # all 26 letters are on the board
        if not is_sign(sign):
            raise RulesError(_("{sign!r} is not a square's mark: a colour (R, G, Y) or a capital letter").format(
                sign=sign[:8]))
        if square not in self.rules.geometry.squares:
            raise RulesError(f"square {square} is not on the board")
        signs = dict(node.signs)
        if signs.get(square) == sign:
            del signs[square]
        else:
            signs[square] = sign
        node.signs = signs

    def toggle_mark(self, node: Node, square: int) -> None:
        if square in node.marks:
            node.marks = node.marks - {square}
        else:
            node.marks = node.marks | {square}
