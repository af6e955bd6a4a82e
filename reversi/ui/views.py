"""What the page draws of the controller: the board and the status beside it, as plain values.

:func:`board_view` gives the board (a :class:`~reversi.drawing.render.BoardView`: the cells, legal
moves, last move, marks, overlays, the cursor; the editor's board while it is open), drawn by
:func:`reversi.drawing.render.render_board`; :func:`status` gives the panel beside it (a
:class:`StatusView`: the side to move or the result, the counts, a pass just made, whether
the game can be undone...). Pure functions of the controller; no DOM here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from reversi.core.game import Node
from reversi.core.position import PASS, Position
from reversi.core.rules import BLACK, WHITE
from reversi.core.stability import stable_discs
from reversi.drawing.diagram import board_cells, side_colors, value_marks
from reversi.drawing.render import BLACK as CELL_BLACK
from reversi.drawing.render import WHITE as CELL_WHITE
from reversi.drawing.render import BoardView, default_stars
from reversi.i18n import _
from reversi.ui.editor import Editor
from reversi.ui.move_list import move_said
from reversi.ui.turns import PlayState, human_to_move


class Viewed(PlayState, Protocol):
    """What the views read of the controller (:class:`reversi.ui.controller.Controller` is one)."""

    @property
    def cursor(self) -> int | None: ...

    @property
    def rotated(self) -> bool: ...

    @property
    def marking(self) -> bool: ...

    @property
    def showing_values(self) -> bool: ...

    @property
    def showing_stable(self) -> bool: ...

    @property
    def disc_marks(self) -> bool: ...

    @property
    def editor(self) -> Editor | None: ...

    @property
    def over(self) -> bool: ...

    @property
    def lost_on_time(self) -> int | None: ...

    @property
    def resigned(self) -> int | None: ...

    @property
    def animate(self) -> bool:
        """The last change is to be animated (the discs a move turned flip on the board)."""
        ...


@dataclass(frozen=True)
class StatusView:
    """What the panel beside the board shows, as plain values."""

    title: str
    side_names: tuple[str, str]
    colors: tuple[str, str]
    counts: tuple[int, int]
    #: Discs in hand (Classic), else None.
    supply: tuple[int, int] | None
    #: The side to move, or None when the game is over.
    turn: int | None
    #: "Black to move", or the result at the end ("Black wins 36:28"; "Black wins 64:0 (61:0 on
    #: the board, plus 3 empty squares for the winner)" when the score took the empty squares).
    message: str
    #: A pass just happened ("White has no move and passes"), else "".
    notice: str
    over: bool
    #: The final score, winner first ("36:28"), at the end; else None.
    score: str | None
    #: BLACK, WHITE, or None (a draw, or the game goes on).
    winner: int | None
    can_undo: bool
    can_redo: bool
    #: Moves played so far (passes not counted).
    move_count: int
    #: Another position than the game's is shown (nobody moves; a move starts a variation).
    browsing: bool = False
    #: The position shown is in a variation (it can be promoted or deleted).
    in_variation: bool = False
    #: The comment of the position shown.
    comment: str = ""
    #: At an end whose score is more than the discs on the board: ``message`` in two parts, the
    #: result ("Black wins 64:0") and why its score is not the counters' ("61:0 on the board, plus
    #: 3 empty squares for the winner"), which the status line draws on two lines; else "".
    headline: str = ""
    score_note: str = ""
    #: The move that led to the position shown as the move list names it ("6. White d3"; "" at the start).
    last_said: str = ""



def last_move(c: Viewed) -> tuple[int | None, int, str]:
    """The last move on the board (not a pass), the discs it turned and its annotation glyph."""
    node = c.game.current
    while node.parent is not None:
        if node.move is not None and node.move != PASS:
            return node.move, node.parent.position.flips(node.move), node.glyph
        node = node.parent
    return None, 0, ""

def board_view(c: Viewed) -> BoardView:
    if c.editor is not None:
        return c.editor.board_view(
            c.rules.display_side_names(),
            side_colors(c.rules),
            # Translators: the board's screen-reader name while the board editor is open
            _("Board editor"),
            None if c.cursor is None else c.rules.geometry.name(c.cursor),
        )
    rules = c.rules
    g = rules.geometry
    pos = c.position
    cells_t = board_cells(rules, pos)
    last, flips, glyph = last_move(c)
    over = c.over
    return BoardView(
        width=g.width,
        height=g.height,
        cells=cells_t,
        # no hints on the computer's turn either: the person cannot play those moves
        legal=frozenset() if over or not human_to_move(c) else frozenset(g.bits_to_names(pos.legal)),
        last_move=None if last is None else g.name(last),
        glyph=glyph,
        flipped=frozenset(g.bits_to_names(flips)) if c.animate else frozenset(),
        colors=side_colors(rules),
        side_names=rules.display_side_names(),
        turn=None if over else pos.turn,
        rotated=c.rotated,
        cursor=None if c.cursor is None else g.name(c.cursor),
        # Translators: the board's screen-reader name: the rule set's description, e.g. "Othello 8x8 board"
        label=_("{rules} board").format(rules=rules.describe()),
        stars=default_stars(g.width, g.height, cells_t),
        marks=frozenset(g.bits_to_names(sum(1 << i for i in c.game.current.marks))),
        signs=tuple((g.name(i), sign) for i, sign in sorted(c.game.current.signs.items())),
        editable=c.marking,  # every square takes a click while marking (none is disabled)
        values=value_marks(rules) if c.showing_values else (),
        stable=stable_names(pos) if c.showing_stable else frozenset(),
        grid=True,
        disc_marks=c.disc_marks,
    )

def unseen_pass(c: Viewed) -> Node | None:
    """The pass to announce: one made since the person's last move (the computer's moves after
    it do not hide it: it stays until the person moves), or the pass just made."""
    node = c.game.current
    while node.parent is not None:
        if node.move == PASS:
            return node
        if not c.players.is_computer(node.parent.position.turn):
            return None  # a person's move: what came before it was seen
        node = node.parent
    return None

def status(c: Viewed) -> StatusView:
    rules = c.rules
    names = rules.display_side_names()
    pos = c.position
    game = c.game
    counts = (pos.count(BLACK), pos.count(WHITE))
    result = pos.result()
    notice = headline = score_note = ""
    if result is not None:
        message = result.describe(names)
        turn = None
        score_note = result.explanation()
        if score_note:
            headline = result.describe(names, explain=False)
    else:
        turn = pos.turn
        if pos.in_placement:
            # Translators: the status line of a free opening: "Black to move: place a disc in the centre"
            message = _("{side} to move: place a disc in the centre").format(side=names[turn])
        elif c.opening_pending is not None:
            # Translators: the status line while the engine draws the game's balanced random opening
            message = _("Drawing a balanced opening…")
        else:
            # Translators: the status line: "Black to move"
            message = _("{side} to move").format(side=names[turn])
        passed = unseen_pass(c)
        if passed is not None and passed.parent is not None:
            before = passed.parent.position
            passer = names[before.turn]
            if before.supply is not None and before.supply[before.turn] == 0:
                notice = _("{side} has no discs left and passes").format(side=passer)
            else:
                notice = _("{side} has no move and passes").format(side=passer)
    if c.lost_on_time is not None and result is None:
        turn, notice = None, ""
        message = _("{side} loses on time").format(side=names[c.lost_on_time])
    elif c.resigned is not None and result is None:
        turn, notice = None, ""
        # Translators: the status line after a resignation: "Black resigns: White wins"
        message = _("{side} resigns: {winner} wins").format(
            side=names[c.resigned], winner=names[1 - c.resigned]
        )
        # Translators: said after a resignation (one click of Resign): the Undo button takes it back
        notice = _("Undo takes the resignation back.")
    if c.editor is not None:
        turn, notice, headline, score_note = None, "", "", ""
        # Translators: the status line while the board editor is open
        message = _("Setting up a position: click the squares")
        cells = list(c.editor.cells.values())
        counts = (cells.count(CELL_BLACK), cells.count(CELL_WHITE))  # the discs set up
    over = result is not None or c.ended_by is not None
    ended_by = c.ended_by
    if result is None and ended_by is not None:
        winner: int | None = 1 - ended_by
    else:
        winner = None if result is None else result.winner
    return StatusView(
        title=rules.describe(),
        side_names=names,
        colors=side_colors(rules),
        counts=counts,
        supply=pos.supply,
        turn=turn,
        message=message,
        notice=notice,
        over=over,
        score=None if result is None else result.score,
        winner=winner,
        can_undo=game.can_undo,
        can_redo=game.can_redo,
        move_count=sum(1 for m in game.moves if m != PASS),
        browsing=game.browsing,
        in_variation=not game.current.is_main,
        comment=game.current.comment,
        headline=headline,
        score_note=score_note,
        last_said=move_said(game, game.current, names) if game.current.parent is not None else "",
    )


def stable_names(pos: Position) -> frozenset[str]:
    black, white = stable_discs(pos)
    return frozenset(pos.rules.geometry.bits_to_names(black | white))
