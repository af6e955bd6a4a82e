"""What a screen reader is told when the board changes: moves, passes, the result.

After every redraw the page asks :func:`announcement` what to say about the way from
the position shown before the redraw's events (:func:`reversi.ui.events.first_shown`) to
the position shown now:

* plies played on from it (the person's move, the computer's answer, a pass):
  one sentence each, "White plays f4, flipping e4, e5", "Black passes", then the
  status line ("Black to move", or the result);
* any other change (an undo, a jump in the move list, a new or loaded game): where
  the board now stands, the move named as the move list numbers it (a move is a pair of
  plies: :func:`reversi.ui.move_list.move_said`), "After 6. Black g2: White to move".

The sentences are put together the language's way (:func:`reversi.i18n.full_stops`: "." and a
space in English, 「。」 in Japanese). The text goes to one polite live region (``#announce``),
so the sentences of a turn are read together and never interrupt one another. Pure Python, no DOM.
"""

from __future__ import annotations

from reversi.core.game import Game, Node
from reversi.core.position import PASS
from reversi.i18n import _, full_stops, join_list, ngettext
from reversi.ui.move_list import move_said

#: More plies than this since the last announcement (a game loaded, a long redo) are summed up.
MOST_PLIES = 6


def ply_sentence(node: Node, side_names: tuple[str, str]) -> str:
    """One ply said in words: "White plays f4, flipping e4, e5", "Black passes"."""
    parent = node.parent
    if parent is None or node.move is None:
        return ""
    before = parent.position
    side = side_names[before.turn]
    if node.move == PASS:
        # Translators: a screen reader's announcement of a pass: "White passes"
        return _("{side} passes").format(side=side)
    g = before.rules.geometry
    square = g.name(node.move)
    flipped = g.bits_to_names(before.flips(node.move))
    if not flipped:
        # Translators: a screen reader's announcement of a disc placed without flipping (a free opening)
        return _("{side} places a disc on {square}").format(side=side, square=square)
    return ngettext(
        # Translators: a screen reader's news of a move and the discs it turns: "White plays f4, flipping e4, e5"
        "{side} plays {square}, flipping {squares}",
        "{side} plays {square}, flipping {squares}",
        len(flipped),
    ).format(side=side, square=square, squares=join_list(flipped))


def plies_since(game: Game, since: Node | None) -> list[Node]:
    """The plies played on from ``since`` to the game's current position, in order (at most
    :data:`MOST_PLIES`); [] when the position shown is not ``since`` played on."""
    plies: list[Node] = []
    node: Node | None = game.current
    while node is not None and node is not since and len(plies) <= MOST_PLIES:
        plies.append(node)
        node = node.parent
    if since is None or node is not since or len(plies) > MOST_PLIES:
        return []
    plies.reverse()
    return plies


def announcement(game: Game, since: Node | None, side_names: tuple[str, str], status: str) -> str:
    """What to say about the way from ``since`` (the position last announced) to the game's
    current position, ending with ``status`` (the status line); "" when nothing changed."""
    current = game.current
    if since is current:
        return ""
    plies = plies_since(game, since)
    if plies:
        sentences = [ply_sentence(n, side_names) for n in plies]
        return full_stops([s for s in sentences if s] + [status])
    if current.parent is None:
        return full_stops([status])
    # Translators: a screen reader's announcement after a jump (an undo, the move list), the move named as
    # the move list numbers it: "After 6. Black g2: White to move"
    return full_stops([_("After {move}: {status}").format(move=move_said(game, current, side_names), status=status)])
