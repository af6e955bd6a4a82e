"""A position: the discs, the side to move and (in Classic) the discs in hand.

:class:`Position` is an immutable value that knows its :class:`~reversi.core.rules.Rules`
and applies them: legal moves with their flips, playing a move, forced passes,
the end of the game and its result. It adds to the bitboard primitives of
:mod:`reversi.core.bitboard` what depends on the rule set: the opening placement phase
(Classic and free opening: the first moves fill the centre and flip nothing) and
the limited supply of Classic (a side with no disc in hand cannot move).

A move is a square index (see :mod:`reversi.core.geometry`) or :data:`PASS`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property
from typing import TypeVar

from reversi.core.bitboard import flips as _flips
from reversi.core.bitboard import moves as _moves
from reversi.core.geometry import iter_indices
from reversi.core.rules import BLACK, COLOR_NAMES, WHITE, Rules, color_name
from reversi.errors import IllegalMoveError, ReversiError
from reversi.i18n import N_, _, ngettext

PASS = -1
#: The cell character of a square that is not on the board (cut or blocked).
OFF_CELL = "#"


@dataclass(frozen=True)
class Result:
    """The outcome of a finished game, scored as RULES.md says.

    ``black`` and ``white`` are the final counts as scored: in Othello the empty
    squares are added to the winner's count (split evenly in a draw); in Anti and
    Classic they are the discs on the board. ``empties`` is the number of empty squares
    the scoring gave out (0 when the rules give none, or none were left), so the counts
    on the board can be told from the score (:attr:`board_score`).
    """

    black: int
    white: int
    winner: int | None  # BLACK, WHITE or None for a draw
    #: The empty squares given out by the scoring: all to the winner, half each in a draw.
    empties: int = 0

    @property
    def score(self) -> str:
        """Winner's count first: ``'36:28'``; a draw gives ``'32:32'``."""
        if self.winner == WHITE:
            return f"{self.white}:{self.black}"
        return f"{self.black}:{self.white}"

    @property
    def board_counts(self) -> tuple[int, int]:
        """The discs on the board ``(black, white)``: the counts before the empties were given out."""
        if self.winner is None:
            share = self.empties // 2
            return self.black - share, self.white - share
        if self.winner == WHITE:
            return self.black, self.white - self.empties
        return self.black - self.empties, self.white

    @property
    def board_score(self) -> str:
        """The discs on the board, the winner's first: ``'61:0'`` for a ``'64:0'`` with 3 empties."""
        black, white = self.board_counts
        return f"{white}:{black}" if self.winner == WHITE else f"{black}:{white}"

    @property
    def winner_name(self) -> str:
        """``"black"``, ``"white"`` or ``"draw"``: data (JSON), never translated; people read :meth:`describe`."""
        return "draw" if self.winner is None else COLOR_NAMES[self.winner]

    def describe(self, side_names: tuple[str, str] | None = None, explain: bool = True) -> str:
        """The result in the current language: ``"Black wins 36:28"``, ``"Draw 32:32"``.

        ``side_names`` are the sides' names as shown (already translated, e.g.
        :meth:`Rules.display_side_names`); by default Black and White. When the scoring
        gave out empty squares, the score is not what the board's counters show, so
        ``explain`` (the default) says why: ``"Black wins 64:0 (61:0 on the board, plus 3
        empty squares for the winner)"`` (:meth:`explanation`); ``explain=False`` leaves that out.
        """
        if self.winner is None:
            # Translators: the result of a drawn game, with its score, e.g. "Draw 32:32"
            text = _("Draw {score}").format(score=self.score)
        else:
            names = side_names or (_("Black"), _("White"))
            # Translators: the result of a game: the winning side's name and the score, e.g. "Black wins 36:28"
            text = _("{side} wins {score}").format(side=names[self.winner], score=self.score)
        why = self.explanation() if explain else ""
        if not why:
            return text
        # Translators: a result followed by why its score differs from the board, in parentheses:
        # "Black wins 64:0 (61:0 on the board, plus 3 empty squares for the winner)"
        return _("{result} ({why})").format(result=text, why=why)

    def explanation(self) -> str:
        """Why the score is more than the discs on the board (the empty squares it gave out), or ""
        when it is not: ``"61:0 on the board, plus 3 empty squares for the winner"``."""
        n = self.empties
        if not n:
            return ""
        if self.winner is None:
            n //= 2
            # Translators: after a drawn game's result, why the score is more than the discs on the
            # board: "Draw 32:32 (30:30 on the board, plus 2 empty squares each)"
            why = ngettext(
                "{board} on the board, plus {n} empty square each",
                "{board} on the board, plus {n} empty squares each",
                n,
            )
        else:
            # Translators: after a game's result, why the winner's score is more than its discs on
            # the board: "Black wins 64:0 (61:0 on the board, plus 3 empty squares for the winner)"
            why = ngettext(
                "{board} on the board, plus {n} empty square for the winner",
                "{board} on the board, plus {n} empty squares for the winner",
                n,
            )
        return why.format(board=self.board_score, n=n)


@dataclass(frozen=True)
class Position:
    rules: Rules
    black: int
    white: int
    turn: int = BLACK
    #: Discs in hand ``(black, white)`` when the rule set limits them, else None.
    supply: tuple[int, int] | None = None

    @classmethod
    def start(cls, rules: Rules | None = None) -> Position:
        if rules is not None and not isinstance(rules, Rules):  # Position.start("othello"): a slip
            raise ReversiError(_("{call} takes {kind}, not {value}").format(
                call="Position.start", kind=_("Rules (e.g. Rules('othello'))"), value=_short(rules)))
        rules = rules or Rules()
        black, white = rules.start_discs()
        supply = None if rules.supply is None else (rules.supply, rules.supply)
        return cls(rules, black, white, BLACK, supply)

    # -- views ---------------------------------------------------------------

    @property
    def player(self) -> int:
        """Discs of the side to move."""
        return self.white if self.turn else self.black

    @property
    def opponent(self) -> int:
        return self.black if self.turn else self.white

    @property
    def empty(self) -> int:
        return self.rules.geometry.mask & ~(self.black | self.white)

    def discs(self, color: int) -> int:
        return self.white if color == WHITE else self.black

    def count(self, color: int) -> int:
        return self.discs(color).bit_count()

    @property
    def in_placement(self) -> bool:
        """True while the first moves freely fill the empty centre (nothing flips)."""
        return self.rules.empty_start and bool(self.rules.centre_mask & ~(self.black | self.white))

    # -- moves ---------------------------------------------------------------

    def moves_of(self, color: int) -> int:
        """Bitboard of the legal moves ``color`` would have if it were to move."""
        if self.supply is not None and self.supply[color] == 0:
            return 0
        empty = self.empty
        if self.in_placement:
            return self.rules.centre_mask & empty
        p, o = (self.white, self.black) if color == WHITE else (self.black, self.white)
        return _moves(p, o, empty, self.rules.geometry.shifts)

    @cached_property
    def legal(self) -> int:
        """Bitboard of the legal moves of the side to move."""
        return self.moves_of(self.turn)

    def legal_moves(self) -> list[int]:
        """Square indices of the legal moves, in index order."""
        return list(iter_indices(self.legal))

    def flips(self, index: int) -> int:
        """Bitboard of the discs the move on ``index`` turns (0 if none or illegal)."""
        if self.in_placement:
            return 0
        return _flips(self.player, self.opponent, index, self.rules.geometry.shifts)

    def moves_with_flips(self) -> dict[int, int]:
        """Each legal move with the bitboard of the discs it turns."""
        return {i: self.flips(i) for i in iter_indices(self.legal)}

    def is_legal(self, move: int) -> bool:
        if move == PASS:
            return self.must_pass
        return move >= 0 and bool(self.legal >> move & 1)

    @cached_property
    def must_pass(self) -> bool:
        """The side to move has no move but the game goes on (the opponent can move)."""
        return not self.legal and bool(self.moves_of(1 - self.turn))

    @cached_property
    def is_over(self) -> bool:
        """Neither side can move."""
        return not self.legal and not self.moves_of(1 - self.turn)

    def play(self, move: int) -> Position:
        """The position after ``move`` (a square index or PASS); raises if illegal."""
        if move == PASS:
            return self.pass_turn()
        if not self.is_legal(move):
            name = self.rules.geometry.name(move) if self.rules.geometry.in_rectangle(move) else repr(move)
            if self.is_over:
                raise IllegalMoveError(_("{square}: the game is over").format(square=name))
            who = color_name(self.turn)
            # Translators: {square} is a square's name ("f5"), {color} "black" or "white" (translated as a colour)
            raise IllegalMoveError(_("{square} is not a legal move for {color}").format(square=name, color=who))
        bit = 1 << move
        f = self.flips(move)
        p, o = self.player | bit | f, self.opponent & ~f
        black, white = (o, p) if self.turn else (p, o)
        supply = self.supply
        if supply is not None:
            supply = (supply[0] - 1, supply[1]) if self.turn == BLACK else (supply[0], supply[1] - 1)
        return Position(self.rules, black, white, 1 - self.turn, supply)

    def pass_turn(self) -> Position:
        """The position after a pass; only allowed when the side to move has no move."""
        if not self.must_pass:
            if self.is_over:
                raise IllegalMoveError(_("pass: the game is over"))
            who = color_name(self.turn)
            # Translators: {color} is "black" or "white" (translated as a colour)
            raise IllegalMoveError(_("pass: {color} has a legal move and must play").format(color=who))
        return replace(self, turn=1 - self.turn)

    # -- the end -------------------------------------------------------------

    def result(self) -> Result | None:
        """The scored outcome if the game is over, else None."""
        if not self.is_over:
            return None
        return self.score_now()

    def score_now(self) -> Result:
        """Score the discs as they stand, as if the game ended here."""
        b, w = self.count(BLACK), self.count(WHITE)
        empties = self.rules.geometry.square_count - b - w
        if self.rules.anti:
            winner = None if b == w else (BLACK if b < w else WHITE)
        else:
            winner = None if b == w else (BLACK if b > w else WHITE)
        given = 0
        if self.rules.empties_to_winner and empties:
            given = empties
            if winner is None:
                b += empties // 2
                w += empties // 2
                given = empties - empties % 2  # an odd one left over goes to nobody
            elif winner == BLACK:
                b += empties
            else:
                w += empties
        return Result(b, w, winner, given)

    def final_margin(self, color: int) -> int:
        """The final disc difference from ``color``'s side, as the score counts it.

        Positive means ``color`` wins (in Anti too: fewer discs is better).
        """
        r = self.score_now()
        mine, theirs = (r.white, r.black) if color == WHITE else (r.black, r.white)
        return theirs - mine if self.rules.anti else mine - theirs

    def __repr__(self) -> str:
        board = "/".join(board_rows(self))
        supply = "" if self.supply is None else f", supply={self.supply}"
        return f"Position({board!r}, turn={COLOR_NAMES[self.turn]}{supply}, rules={self.rules!r})"


def board_rows(position: Position, marks: int = 0, mark: str = "*", empty: str = "-") -> list[str]:
    """The board row by row, top first: ``X`` black, ``O`` white, ``#`` off the board,
    ``mark`` on the squares of the bitboard ``marks`` (e.g. legal moves), else ``empty``."""
    g = position.rules.geometry
    rows = []
    for row in range(g.height):
        cells = []
        for col in range(g.width):
            i = g.index(col, row)
            bit = 1 << i
            if i in g.removed:
                cells.append(OFF_CELL)
            elif position.black & bit:
                cells.append("X")
            elif position.white & bit:
                cells.append("O")
            elif marks & bit:
                cells.append(mark)
            else:
                cells.append(empty)
        rows.append("".join(cells))
    return rows


def need_position(value: object, call: str) -> Position:
    """``value`` if it is a :class:`Position`, else a :class:`~reversi.errors.ReversiError` naming
    ``call`` and what it takes (the library's entry points check it: a game passed for its
    position failed deep inside, on an attribute a :class:`Game` lacks)."""
    if isinstance(value, Position):
        return value
    kind = _TAKES_A_POSITION.get(type(value).__name__, _TAKES_A_POSITION[""])
    # Translators: a library call given the wrong kind of value: "solve takes a Position, not <Game ...>"
    raise ReversiError(_("{call} takes {kind}, not {value}").format(call=call, kind=_(kind), value=_short(value)))


T = TypeVar("T")


def need_instance(value: object, kind: type[T], call: str, takes: str) -> T:
    """``value`` if it is a ``kind``, else a :class:`~reversi.errors.ReversiError` naming ``call``
    and what it takes (``takes``, a message id: ``N_("text")``), as :func:`need_position` does."""
    if isinstance(value, kind):
        return value
    raise ReversiError(_("{call} takes {kind}, not {value}").format(call=call, kind=_(takes), value=_short(value)))


#: What a call that takes a position says it takes, by the kind of value it was given instead.
_TAKES_A_POSITION = {
    "": N_("a Position"),
    "Game": N_("a Position (a game's is game.position)"),
    "Rules": N_("a Position (a start is Position.start(rules))"),
}
#: What the library's readers and writers say they take (:func:`need_instance`).
TAKES_TEXT = N_("text (a str)")
TAKES_RULES = N_("Rules (Rules('othello'))")
TAKES_GAME = N_("a Game")
TAKES_RECORD = N_("a Record")


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:59] + "\u2026"
