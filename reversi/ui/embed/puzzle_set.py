"""Puzzle sets (``?view=puzzle&ps=…``): a sequence of puzzles in one link, and the reader's score.

A set is made from a list of positions (``reversi puzzle --set FILE``, the app's snippet
maker, the review's "Practise these positions"): each one's answers are worked out once by
the engine, as for one puzzle (:mod:`reversi.ui.embed.puzzle`), and the whole set goes into
one link parameter, so the reader's page needs no engine. The reader goes from puzzle to
puzzle (next, previous); the score is kept in the page only (nothing is stored) and a
summary follows the last puzzle.

The link: the rule set is the game's parameters (``r``, ``s``, ``a``, ``b``, … as in a share
link; every puzzle of a set has the same rules), and ``ps`` holds the puzzles, joined by
``~``. One puzzle is ``BOARD.LOSSES.SOLUTION[.x]``:

* ``BOARD``: the board's squares in reading order (a1, b1, … skipping the ones not on the
  board), each 0 (empty), 1 (black) or 2 (white), read as one number in base 3, written in
  base 36; then ``x`` (Black to move) or ``o`` (White), then for Classic the discs in hand,
  ``:black:white``. The 8x8 board takes 20 to 21 characters;
* ``LOSSES``: what each legal move loses against the best, in discs, in the order of the
  squares (a1, b1, …), joined by ``-``: ``0-6-0-12``;
* ``SOLUTION``: the best line, a transcript (``c4e3f6``), or nothing;
* ``x`` when the answers are exact (the solver's).

**Its size.** A link must pass through the servers between the teacher's page and the app:
most refuse an address of more than about 8 KB (a request line over 8,190 bytes is refused by
Apache's default, nginx's and the large CDNs' limits are about the same), and the address is
copied into course platforms' fields and ``<iframe src>``. :data:`MAX_SET_ADDRESS` is
therefore 8,000 characters for the whole address; a set that would be longer is refused
when it is made, with the number of puzzles that fit. A typical 8x8 puzzle takes 50 to 90
characters, so a set holds a hundred or so; :data:`MAX_PUZZLES` caps it at 100 anyway.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from reversi.core.geometry import iter_indices
from reversi.core.position import Position
from reversi.core.rules import BLACK, WHITE, Rules
from reversi.errors import NotationError, ReversiError
from reversi.formats.links import parse_query, record_from_query, record_params, rewrite_query
from reversi.formats.notation import parse_position, position_to_string, write_transcript
from reversi.formats.record import Record
from reversi.i18n import _, format_number, ngettext
from reversi.ui.embed.puzzle import MAX_LOSS, Puzzle, PuzzleState, checked_puzzle

#: The longest address of a set (characters, the app's own address included): see the module's text.
MAX_SET_ADDRESS = 8000
#: The most puzzles in one set.
MAX_PUZZLES = 100
_DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"


# -- one puzzle's text ------------------------------------------------------------------------


def pack_position(position: Position) -> str:
    """The compact text of a position: its board in base 36, the side to move, the discs in hand."""
    n = 0
    for square in reversed(position.rules.geometry.squares):
        n = n * 3 + (1 if position.black >> square & 1 else 2 if position.white >> square & 1 else 0)
    digits = ""
    while n:
        n, d = divmod(n, 36)
        digits = _DIGITS[d] + digits
    text = (digits or "0") + ("o" if position.turn == WHITE else "x")
    if position.supply is not None:
        text += f":{position.supply[0]}:{position.supply[1]}"
    return text


def unpack_position(text: str, rules: Rules) -> Position:
    """The position of :func:`pack_position`'s text, checked as a position string is."""
    board, _sep, supply = text.partition(":")
    squares = rules.geometry.squares
    if not (2 <= len(board) <= len(squares) // 3 + 3) or board[-1] not in "xo" \
            or not all(c in _DIGITS for c in board[:-1]):
        raise NotationError(_("puzzle set: {text!r} is not a position").format(text=board[:30]))
    n = int(board[:-1], 36)
    if n >= 3 ** len(squares):
        raise NotationError(_("puzzle set: {text!r} is not a position").format(text=board[:30]))
    black = white = 0
    for square in squares:
        n, d = divmod(n, 3)
        if d == 1:
            black |= 1 << square
        elif d == 2:
            white |= 1 << square
    turn = WHITE if board[-1] == "o" else BLACK
    made = Position(rules, black, white, turn)
    text = position_to_string(made)
    if supply:
        text += " " + supply.replace(":", " ")
    return parse_position(text, rules)  # its checks: blocked squares, the discs in hand


def pack_puzzle(position: Position, puzzle: Puzzle) -> str:
    """One puzzle of a set's link: ``BOARD.LOSSES.SOLUTION[.x]``."""
    losses = "-".join(str(puzzle.losses[m]) for m in sorted(puzzle.losses))
    text = f"{pack_position(position)}.{losses}.{write_transcript(list(puzzle.solution), position.rules.geometry)}"
    return text + ".x" if puzzle.exact else text


def unpack_puzzle(text: str, rules: Rules) -> tuple[Position, Puzzle]:
    """The position and the puzzle of :func:`pack_puzzle`'s text; NotationError says what is wrong."""
    fields = text.split(".")
    if len(fields) not in (3, 4) or (len(fields) == 4 and fields[3] != "x"):
        raise NotationError(_("puzzle set: {text!r} should be a position, the answers and the solution").format(
            text=text[:30]))
    position = unpack_position(fields[0], rules)
    moves = list(iter_indices(position.legal))
    if not moves:
        raise NotationError(_("puzzle: the side to move has no move to find here"))
    values = fields[1].split("-")
    if len(values) != len(moves):
        raise NotationError(ngettext(
            "puzzle set: {n} answer given for {moves} legal moves",
            "puzzle set: {n} answers given for {moves} legal moves", len(values)).format(
                n=len(values), moves=len(moves)))
    losses: dict[int, int] = {}
    for move, value in zip(moves, values, strict=True):
        if not (value.isascii() and value.isdigit() and len(value) <= 3) or int(value) > MAX_LOSS:
            raise NotationError(_("puzzle set: {value!r} is not a number of discs").format(value=value[:10]))
        losses[move] = int(value)
    return position, checked_puzzle(position, losses, fields[2], len(fields) == 4)


# -- the set's link -------------------------------------------------------------------------------


def set_params(entries: Sequence[tuple[Position, Puzzle]]) -> dict[str, str]:
    """The puzzle parameters of a set (``ps``)."""
    return {"ps": "~".join(pack_puzzle(position, puzzle) for position, puzzle in entries)}


def puzzle_set_query(entries: Sequence[tuple[Position, Puzzle]]) -> str:
    """A set's link parameters (no ``view``): the rule set, and the puzzles.

    Raises NotationError for an empty set, one of more than :data:`MAX_PUZZLES`, or one whose
    puzzles are not all of the same rules.
    """
    if not entries:
        raise NotationError(_("puzzle set: no puzzle in it"))
    if len(entries) > MAX_PUZZLES:
        raise NotationError(_("puzzle set: {n} puzzles, at most {most}").format(
            n=format_number(len(entries)), most=MAX_PUZZLES))
    rules = entries[0][0].rules
    if any(position.rules != rules for position, _puzzle in entries):
        raise NotationError(_("puzzle set: every puzzle of a set has the same rules"))
    game = rewrite_query("", "game", record_params(Record(rules=rules)))
    return rewrite_query(game, "puzzle", set_params(entries))


def least_set_query(positions: Sequence[Position]) -> str:
    """The shortest link parameters a set of puzzles of ``positions`` (same rules) can have, before
    any is worked out: each legal move's loss one digit, each solution one move. A set whose
    least address is already too long (:func:`check_set_address`) is refused before the searches
    its answers would take, never one that would fit."""
    geometry = positions[0].rules.geometry
    parts = []
    for position in positions:
        moves = list(iter_indices(position.legal))
        losses = "-".join("0" for _move in moves)
        parts.append(f"{pack_position(position)}.{losses}.{write_transcript(moves[:1], geometry)}")
    game = rewrite_query("", "game", record_params(Record(rules=positions[0].rules)))
    return rewrite_query(game, "puzzle", {"ps": "~".join(parts)})


def check_set_address(address: str, puzzles: int) -> None:
    """Refuse a set's address longer than :data:`MAX_SET_ADDRESS`, saying how many puzzles fit."""
    if len(address) <= MAX_SET_ADDRESS:
        return
    fit = max(1, puzzles * MAX_SET_ADDRESS // len(address))
    raise NotationError(_("puzzle set: its address would be {n} characters, more than the {most} that "
                          "servers and course platforms accept; about {fit} of these {puzzles} puzzles fit").format(
        n=format_number(len(address)), most=format_number(MAX_SET_ADDRESS), fit=fit, puzzles=puzzles))


def read_puzzle_set(query: str) -> list[tuple[Position, Puzzle]]:
    """The puzzles of a set's address; raises ReversiError naming the puzzle that is wrong."""
    params = parse_query(query)
    text = params.get("ps", "")
    if not text:
        raise NotationError(_("puzzle set: the link has no puzzles (ps=)"))
    rules = record_from_query(rewrite_query(query, "game", {k: v for k, v in params.items()
                                                           if k in ("r", "s", "a", "f", "b", "h", "hc")})).rules
    parts = text.split("~")
    if len(parts) > MAX_PUZZLES:
        raise NotationError(_("puzzle set: {n} puzzles, at most {most}").format(
            n=format_number(len(parts)), most=MAX_PUZZLES))
    entries = []
    for number, part in enumerate(parts, 1):
        try:
            entries.append(unpack_puzzle(part, rules))
        except ReversiError as e:
            # Translators: a puzzle set's link is wrong in one puzzle: "puzzle 3: ..."
            raise NotationError(_("puzzle {number}: {error}").format(number=number, error=e)) from None
    return entries


# -- the reader's way through a set ------------------------------------------------------------


@dataclass(frozen=True)
class Outcome:
    """How one puzzle of a set went, for the score and the summary."""

    #: The reader's tries until the best move was found (0: not found).
    found_at: int
    #: The solution was shown before the best move was found.
    shown_first: bool
    #: The solution was shown.
    shown: bool

    @property
    def first_try(self) -> bool:
        return self.found_at == 1 and not self.shown_first


class PuzzleSetState:
    """The reader's progress through a set: which puzzle is shown, each one's state and outcome."""

    def __init__(self, entries: Sequence[tuple[Position, Puzzle]], coach: bool = False) -> None:
        self.entries = list(entries)
        #: The puzzles' wrong tries say why (:class:`~reversi.ui.embed.puzzle.PuzzleState`'s ``coach``).
        self.coach = coach
        self.states = [PuzzleState(puzzle, position, coach) for position, puzzle in self.entries]
        self.index = 0
        #: The summary is shown (after the last puzzle).
        self.summary = False

    def __len__(self) -> int:
        return len(self.entries)

    @property
    def state(self) -> PuzzleState:
        return self.states[self.index]

    def outcome(self, index: int) -> Outcome:
        state = self.states[index]
        return Outcome(state.found_at, state.shown_first, state.shown)

    def score(self) -> int:
        """Puzzles whose best move was found at the first try."""
        return sum(1 for i in range(len(self)) if self.outcome(i).first_try)

    def done(self) -> int:
        """Puzzles answered: the best move found, or the solution shown."""
        return sum(1 for s in self.states if s.found_at or s.shown)

    def progress(self) -> str:
        """"Puzzle 2 of 5 · 1 right at the first try"."""
        # Translators: a puzzle set's progress line: "Puzzle 2 of 5"
        text = _("Puzzle {number} of {total}").format(number=self.index + 1, total=len(self))
        # Translators: a puzzle set's score so far, after the progress: "1 of 2 right at the first try"
        return text + " · " + _("{score} of {done} right at the first try").format(score=self.score(), done=self.done())

    def summary_text(self) -> str:
        """The final summary's headline."""
        # Translators: a puzzle set's final summary: "You found the best move at the first try in 3 of 5 puzzles."
        return ngettext("You found the best move at the first try in {score} of {total} puzzle.",
                        "You found the best move at the first try in {score} of {total} puzzles.",
                        len(self)).format(score=self.score(), total=len(self))

    def summary_lines(self) -> list[tuple[str, str]]:
        """Each puzzle's line of the summary: ``(verdict, text)``; the verdict is ``first``, ``later``,
        ``shown`` or ``open``."""
        lines = []
        for i in range(len(self)):
            o = self.outcome(i)
            if o.first_try:
                # Translators: a line of a puzzle set's summary
                lines.append(("first", _("Puzzle {number}: right at the first try").format(number=i + 1)))
            elif o.found_at and not o.shown_first:
                lines.append(("later", ngettext("Puzzle {number}: right after {n} try",
                                                "Puzzle {number}: right after {n} tries", o.found_at).format(
                    number=i + 1, n=o.found_at)))
            elif o.shown:
                lines.append(("shown", _("Puzzle {number}: solution shown").format(number=i + 1)))
            else:
                lines.append(("open", _("Puzzle {number}: not answered").format(number=i + 1)))
        return lines

    def go(self, index: int) -> bool:
        """Show puzzle ``index`` (the summary goes); False if there is none."""
        if not 0 <= index < len(self):
            return False
        self.index = index
        self.summary = False
        return True

    def next(self) -> bool:
        """The next puzzle, or the summary after the last one."""
        if self.summary:
            return False
        if self.index + 1 < len(self):
            return self.go(self.index + 1)
        self.summary = True
        return True

    def prev(self) -> bool:
        if self.summary:
            self.summary = False
            return True
        return self.go(self.index - 1)

    def restart(self) -> None:
        """Every puzzle afresh, from the first."""
        self.states = [PuzzleState(puzzle, position, self.coach) for position, puzzle in self.entries]
        self.go(0)
