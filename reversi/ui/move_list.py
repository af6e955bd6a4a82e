"""The move list beside the board: view data, markup and navigation (pure).

The list shows the game's main line (also the moves after the game's position,
which redo would replay: ``ahead``) in rows of a move number, Black's ply and
White's ply::

    1. f5 d6   2. c3 pass   3. ...

A pass is a ply of its own, so the sides alternate in every row; a game set up
with White to move starts ``1. … d6``. The ply on the board is marked
``current``, the game's own position ``live``. Each ply is an element
``<span class="ply" data-ply="K" data-node="N">`` where K is the number of
plies played after it and N the node's id in the game's tree: clicking it
shows that position.

Variations follow the row of the move they replace, in a block of their own
the way PGN viewers show side lines (``12… e6 13. f3 (13. g4) …``; a variation
inside a variation in parentheses), each ply with its ``data-ply`` and
``data-node`` and the class ``var``. A move with a comment is marked
``commented`` and its comment is its ``title``. While the review is shown, each move it has
valued carries its loss beside it, small (``<span class="loss">−4</span>``), and says it in its
accessible name.

Navigation stands only on positions a player can move in: a position where the
side to move must pass is stepped over (the game records the forced pass
itself), as undo and redo do. :func:`stop_at` is the rule, :func:`step` and
:func:`target_for_key` use it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from html import escape

from reversi.core.game import Game, Node, glyph_name
from reversi.core.position import PASS
from reversi.core.rules import WHITE
from reversi.i18n import _, join_sentences, pgettext

#: Keys the move list answers to when it has the focus.
NAV_KEYS = ("Home", "End", "ArrowLeft", "ArrowRight")


@dataclass(frozen=True)
class PlyEntry:
    ply: int  # plies on the board after this one (1 for the first)
    side: int  # BLACK or WHITE: who played it (or passed)
    text: str  # "f5" or "pass"
    is_pass: bool
    current: bool
    #: A ply after the cursor (the continuation that redo replays).
    ahead: bool


@dataclass(frozen=True)
class MoveRow:
    number: int
    #: Black's and White's entries; None where the row has no such ply.
    plies: tuple[PlyEntry | None, PlyEntry | None]


def side_and_number(game: Game, ply: int) -> tuple[int, int]:
    """Who plays ply ``ply`` (1 for the first) and its move number (a White start begins ``1. …``)."""
    index = ply - 1 + (1 if game.start.turn == WHITE else 0)
    return index % 2, index // 2 + 1


def entries(game: Game) -> list[PlyEntry]:
    """The main line's plies."""
    g = game.rules.geometry
    out = []
    live = game.live.depth
    for node in game.main_line()[1:]:
        move = PASS if node.move is None else node.move
        out.append(
            PlyEntry(
                ply=node.depth,
                side=side_and_number(game, node.depth)[0],
                text="pass" if move == PASS else g.name(move),
                is_pass=move == PASS,
                current=node is game.current,
                ahead=node.depth > live,
            )
        )
    return out


def rows(game: Game) -> list[MoveRow]:
    """The entries grouped by move number (the sides alternate, passes included)."""
    out: list[MoveRow] = []
    pending: list[PlyEntry | None] = [None, None]
    number = 1
    for entry in entries(game):
        if entry.side != WHITE and (pending[0] is not None or pending[1] is not None):
            out.append(MoveRow(number, (pending[0], pending[1])))
            number += 1
            pending = [None, None]
        pending[entry.side] = entry
        if entry.side == WHITE:
            out.append(MoveRow(number, (pending[0], pending[1])))
            number += 1
            pending = [None, None]
    if pending[0] is not None or pending[1] is not None:
        out.append(MoveRow(number, (pending[0], pending[1])))
    return out


def as_text(game: Game) -> str:
    """The main line as one line of text: ``"1. f5 d6 2. c3 pass"``."""
    parts = []
    for row in rows(game):
        black, white = row.plies
        parts.append(f"{row.number}. {black.text if black else '…'}" + (f" {white.text}" if white else ""))
    return " ".join(parts)


def move_said(game: Game, node: Node, side_names: tuple[str, str] | None = None) -> str:
    """A ply named as the move list numbers it (a move is a pair of plies, :func:`side_and_number`):
    "9. Black b8", "12. White passes"; the start position is "Start". The one way the page names a
    move: the move list, the review, the graph, Practise and the announcements all say this."""
    if node.parent is None or node.move is None:
        # Translators: the start position of a game, where the move list, the review or the graph name a move
        return pgettext("position", "Start")
    names = side_names or game.rules.display_side_names()
    side, number = side_and_number(game, node.depth)
    return numbered_move(number, names[side], None if node.move == PASS else game.rules.geometry.name(node.move))


def numbered_move(number: int, side: str, square: str | None) -> str:
    """A move with its move list number: "9. Black b8", or for a pass (``square`` None) "12. White passes"."""
    if square is None:
        # Translators: a pass in the move list, for screen readers: "12. White passes"
        return _("{number}. {side} passes").format(number=number, side=side)
    # Translators: a move in the move list, for screen readers: "1. Black f5"
    return _("{number}. {side} {move}").format(number=number, side=side, move=square)


def _label(game: Game, node: Node, side_names: tuple[str, str]) -> str:
    return with_annotation(move_said(game, node, side_names), node.glyph)


def with_annotation(said: str, glyph: str) -> str:
    """A move as said (``said``), with what its annotation ``glyph`` says after it, if it has one."""
    return said_with(said, glyph_name(glyph) if glyph else "")


def said_with(said: str, words: str) -> str:
    """A move as said, with ``words`` about it after it (an annotation, the review), if any."""
    if not words:
        return said
    # Translators: a move and what its annotation says, for screen readers: "1. Black f5, a good move"
    return _("{move}, {annotation}").format(move=said, annotation=words)


def _ply_markup(game: Game, node: Node, side_names: tuple[str, str], classes: list[str], shown: str,
                review: str = "", figure: str = "") -> str:
    is_pass = node.move == PASS
    if is_pass:
        classes.append("pass")
    if node is game.current:
        classes.append("current")
    if node is game.live:
        classes.append("live")
    label = said_with(_label(game, node, side_names), review)
    title = ""
    if node.comment:
        classes.append("commented")
        title = f' title="{escape(node.comment)}"'
        label = f"{label}: {node.comment}"
    return (
        f'<span class="{" ".join(classes)}" data-ply="{node.depth}" data-node="{node.id}" role="option" '
        f'aria-selected="{"true" if node is game.current else "false"}" aria-label="{escape(label)}"{title}>'
        f"{escape(shown)}{_figure_markup(figure)}</span>"
    )


def _figure_markup(figure: str) -> str:
    """The review's figure beside a move ("−4"): seen, not read out (the accessible name says it)."""
    return f'<span class="loss" aria-hidden="true">{escape(figure)}</span>' if figure else ""


def _move_text(game: Game, node: Node) -> str:
    # Translators: a pass as the move list shows it (the notation's "pass")
    return pgettext("move list", "pass") if node.move == PASS else game.rules.geometry.name(node.move or 0) + node.glyph


def _variations_markup(game: Game, branch: Node, side_names: tuple[str, str]) -> str:
    """The variations that replace ``branch`` (a main-line node): its siblings' lines, nested ones
    in parentheses. Walked with a work list, not by recursion."""
    parent = branch.parent
    assert parent is not None
    out: list[str] = []
    for alt in parent.children[1:]:
        out.append('<div class="variation" role="group">')
        # LIFO work list: ("move", node, numbered) writes a move, ("after", node) what follows it;
        # "(" and ")" are written as they are
        work: list[tuple[str, Node | None, bool]] = [("after", alt, False), ("move", alt, True)]
        while work:
            kind, node, numbered = work.pop()
            if node is None:
                out.append(f'<span class="var-paren" aria-hidden="true">{kind}</span>')
                continue
            if kind == "move":
                side, number = side_and_number(game, node.depth)
                if side == 0:
                    out.append(f'<span class="move-no var-no" aria-hidden="true">{number}.</span>')
                elif numbered:
                    out.append(f'<span class="move-no var-no" aria-hidden="true">{number}…</span>')
                out.append(_ply_markup(game, node, side_names, ["ply", "var"], _move_text(game, node)))
                continue
            if node.children:
                main = node.children[0]
                branched = len(node.children) > 1
                # after the variations, the line's next move is numbered again
                work.append(("after", main, branched))
                for sub in reversed(node.children[1:]):
                    work.extend(((")", None, False), ("after", sub, False), ("move", sub, True), ("(", None, False)))
                work.append(("move", main, numbered))
        out.append("</div>")
    return "".join(out)


def render_move_list(
    game: Game, side_names: tuple[str, str] = ("Black", "White"), review: Mapping[int, tuple[str, str]] | None = None,
    figures: Mapping[int, str] | None = None,
) -> str:
    """The inner markup of the move list element; ``review`` marks main-line plies: ``(kind, words)``,
    the kind a class (``mistake``, ``blunder``), the words said after the move in its accessible
    name ("a mistake: loses 6 discs; c3 was best", :func:`reversi.ui.accuracy.move_list_review`);
    ``figures`` are shown beside them, small (each move's loss: "−6", :func:`reversi.ui.accuracy.loss_figure`)."""
    main = game.main_line()[1:]
    if not main:
        # an option, the one a listbox (role="listbox") must hold, that nobody can choose
        return f'<p class="moves-empty" role="option" aria-disabled="true">{escape(_("No moves yet"))}</p>'
    out = []
    pending: list[str] = []  # the variations of the row being written, after it
    for node in main:
        side, number = side_and_number(game, node.depth)
        if side == 0 or node.depth == 1:
            out.extend(pending)
            pending = []
            out.append(f'<span class="move-no" aria-hidden="true">{number}.</span>')
            if side == 1:
                out.append('<span class="ply none" aria-hidden="true">…</span>')
        classes = ["ply"]
        if node.depth > game.live.depth:
            classes.append("ahead")
        kind, words = (review or {}).get(node.depth, ("", ""))
        if kind:
            classes.append(kind)
        out.append(_ply_markup(game, node, side_names, classes, _move_text(game, node), words,
                               (figures or {}).get(node.depth, "")))
        if node.parent is not None and len(node.parent.children) > 1:
            pending.append(_variations_markup(game, node, side_names))
    out.extend(pending)
    return "".join(out)


def where_the_game_is(game: Game) -> str:
    """Where the game itself stands, in the move list's numbering (a move is a pair of plies):
    "move 31, White to play", or "over after move 30"."""
    live = game.live
    number = side_and_number(game, live.depth + 1)[1]
    if live.position.is_over:
        last = side_and_number(game, live.depth)[1] if live.depth else 0
        # Translators: the study bar: the game itself has ended; {number} is the move list's number of its last move
        return _("The game is over, after move {number}.").format(number=last)
    side = game.rules.display_side_names()[live.position.turn]
    # Translators: the study bar: where the game itself stands; {number} is the move list's number of the next move
    return _("The game is at move {number}, {side} to play.").format(number=number, side=side)


def study_text(game: Game) -> str:
    """What the study bar says about the position shown ('' at the game's own position)."""
    if not game.browsing:
        return ""
    where = where_the_game_is(game)
    if not game.current.is_main:
        # Translators: the study bar, in a variation; a sentence saying where the game itself stands follows
        return join_sentences([_("A variation: both sides are moved by hand."), where])
    # Translators: the study bar while an earlier (or later) position of the game is shown; a sentence follows
    return join_sentences([_("Looking through the game: nobody moves here, and a move starts a variation."), where])


def promote_question(game: Game) -> str:
    """What the study bar asks before a promotion that would move the game itself
    (:meth:`reversi.core.game.Game.promote_moves_game`): what happens, in move numbers."""
    branch = next(n for n in game.current.path() if n.parent is not None and n.parent.children[0] is not n)
    number = side_and_number(game, branch.depth)[1]
    # Translators: the study bar asks before Promote moves the game itself; {number} is a move list's number
    return _("The game itself is in the line this would replace. Make this line the game? The game goes on "
             "from the position shown, and its moves from move {number} on stay as a variation.").format(
        number=number)


# -- navigation ----------------------------------------------------------------------


def is_stop(game: Game, ply: int) -> bool:
    """Can the cursor rest after ``ply`` plies? Not where the side to move must pass."""
    return ply == len(game.line) or not (game.line[ply] == PASS and game.position_at(ply).must_pass)


def stop_at(game: Game, ply: int) -> int:
    """``ply`` clamped to the line, then moved forward past a forced pass."""
    ply = max(0, min(ply, len(game.line)))
    while not is_stop(game, ply):
        ply += 1
    return ply


def step(game: Game, ply: int, delta: int) -> int:
    """The next stop before (``delta`` < 0) or after the cursor; the cursor if none."""
    k = ply + (1 if delta > 0 else -1)
    while 0 <= k <= len(game.line):
        if is_stop(game, k):
            return k
        k += 1 if delta > 0 else -1
    return ply


def target_for_key(game: Game, key: str) -> int | None:
    """The ply a navigation key leads to, or None for other keys."""
    if key == "Home":
        return stop_at(game, 0)
    if key == "End":
        return len(game.line)
    if key == "ArrowLeft":
        return step(game, game.ply, -1)
    if key == "ArrowRight":
        return step(game, game.ply, +1)
    return None
