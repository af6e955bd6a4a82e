"""The board editor: set up any position of any rule set and board, then play or analyse it. No DOM.

:class:`Editor` holds the squares being set up (a disc of either side, empty,
or blocked where the table allows a blocked square), the side to move and, in
Classic, the discs in hand. A click puts the chosen tool's content on a square
(:meth:`Editor.click`). :meth:`Editor.position` makes the position of it through
the position string (:mod:`reversi.formats.notation`), so the editor refuses
exactly what the rules cannot hold, with their message (a blocked starting
square, discs in hand that do not add up...). :meth:`Editor.warnings` names what
no game can reach, as composed puzzles often are (it does not refuse them):
an empty centre where games start from a full one, discs not all connected, a
position where neither side can move.
"""

from __future__ import annotations

from dataclasses import replace

from reversi.core.position import Position
from reversi.core.rules import BLACK, WHITE, Rules
from reversi.drawing.render import BLACK as CELL_BLACK
from reversi.drawing.render import BLOCKED, CUT, EMPTY, BoardView, default_stars
from reversi.drawing.render import WHITE as CELL_WHITE
from reversi.errors import ReversiError, RulesError
from reversi.formats.notation import parse_position, rules_for_position
from reversi.i18n import _

#: What a click puts on a square.
TOOLS = ("black", "white", "empty", "blocked")


class Editor:
    """The position being set up, from ``position`` (its squares, side to move, discs in hand)."""

    def __init__(self, position: Position) -> None:
        rules = position.rules
        #: The rule set without its blocked squares: the editor sets those.
        self.base = replace(rules, blocked=(), handicap=0)
        g = self.base.geometry
        self.width, self.height = g.width, g.height
        self.cut = frozenset(g.removed)
        blocked = frozenset(rules.geometry.removed) - self.cut
        self.cells: dict[int, str] = {}
        for i in g.squares:
            bit = 1 << i
            if i in blocked:
                self.cells[i] = BLOCKED
            elif position.black & bit:
                self.cells[i] = CELL_BLACK
            elif position.white & bit:
                self.cells[i] = CELL_WHITE
            else:
                self.cells[i] = EMPTY
        self.turn = position.turn
        self.supply: tuple[int, int] | None = position.supply
        self.tool = "black"

    # -- editing -------------------------------------------------------------------

    def set_tool(self, tool: str) -> bool:
        if tool not in TOOLS or tool == self.tool:
            return False
        self.tool = tool
        return True

    def click(self, name: str) -> bool:
        """Put the tool's content on the square ``name`` (a second click with a disc clears it)."""
        try:
            index = self.base.geometry.parse_square(name)
        except ReversiError:
            return False
        state = {"black": CELL_BLACK, "white": CELL_WHITE, "empty": EMPTY, "blocked": BLOCKED}[self.tool]
        if self.cells.get(index) == state:
            state = EMPTY  # a second click takes it off again
        self.cells[index] = state
        return True

    def clear(self) -> None:
        for i in self.cells:
            self.cells[i] = EMPTY

    def set_turn(self, side: int) -> bool:
        if side not in (BLACK, WHITE) or side == self.turn:
            return False
        self.turn = side
        return True

    def set_supply(self, black: int, white: int) -> None:
        """Classic's discs in hand (ignored by the other rule sets)."""
        if self.supply is not None:
            self.supply = (max(0, black), max(0, white))

    # -- the position ------------------------------------------------------------------

    def text(self) -> str:
        """The position string of the set-up (rows joined by ``/``, ``#`` off the board)."""
        g = self.base.geometry
        rows = []
        for row in range(g.height):
            line = []
            for col in range(g.width):
                i = g.index(col, row)
                state = CUT if i in self.cut else self.cells[i]
                line.append({CELL_BLACK: "X", CELL_WHITE: "O", EMPTY: "-", BLOCKED: "#", CUT: "#"}[state])
            rows.append("".join(line))
        text = "/".join(rows) + (" O" if self.turn == WHITE else " X")
        if self.supply is not None:
            text += f" {self.supply[0]} {self.supply[1]}"
        return text

    def rules(self) -> Rules:
        """The rule set with the blocked squares set up (raises ReversiError: a square the rules refuse)."""
        return rules_for_position(self.text(), self.base)

    def position(self) -> Position:
        """The position set up; raises :class:`~reversi.errors.ReversiError` with the rules' message."""
        text = self.text()
        try:
            return parse_position(text, rules_for_position(text, self.base))
        except RulesError as e:
            raise RulesError(_("position: {error}").format(error=e)) from None

    def problem(self) -> str:
        """Why the set-up cannot be played ('' when it can)."""
        try:
            self.position()
        except ReversiError as e:
            return str(e)
        return ""

    def warnings(self) -> list[str]:
        """What no game can reach (the position is still played if asked)."""
        try:
            pos = self.position()
        except ReversiError:
            return []
        out = []
        discs = pos.black | pos.white
        rules = pos.rules
        if not rules.empty_start and rules.centre_mask & ~discs:
            out.append(_("No game reaches this position: games start with the centre squares full."))
        if discs and not _connected(discs, pos):
            out.append(_("No game reaches this position: every disc is played next to another, so they touch."))
        if pos.is_over and not rules.empty_start:
            out.append(_("Neither side can move here: the game is over."))
        elif pos.must_pass:
            out.append(_("The side to move has no move and must pass."))
        return out

    # -- the view --------------------------------------------------------------------

    def board_view(
        self, side_names: tuple[str, str], colors: tuple[str, str], label: str, cursor: str | None = None
    ) -> BoardView:
        g = self.base.geometry
        cells = []
        for row in range(g.height):
            for col in range(g.width):
                i = g.index(col, row)
                cells.append(CUT if i in self.cut else self.cells[i])
        cells_t = tuple(cells)
        return BoardView(  # no legal moves drawn: every square takes a click (the page sends them all)
            width=g.width,
            height=g.height,
            cells=cells_t,
            colors=colors,
            side_names=side_names,
            turn=None,
            cursor=cursor,
            editable=True,
            grid=True,
            label=label,
            stars=default_stars(g.width, g.height, cells_t),
        )


def _connected(discs: int, pos: Position) -> bool:
    """Are the discs one group, each touching another (in any of the eight directions)?"""
    g = pos.rules.geometry
    first = discs & -discs
    seen = first
    frontier = [first.bit_length() - 1]
    while frontier:
        i = frontier.pop()
        col, row = g.coords(i)
        for dc in (-1, 0, 1):
            for dr in (-1, 0, 1):
                c, r = col + dc, row + dr
                if (dc or dr) and 0 <= c < g.width and 0 <= r < g.height:
                    j = g.index(c, r)
                    bit = 1 << j
                    if discs & bit and not seen & bit:
                        seen |= bit
                        frontier.append(j)
    return seen == discs
