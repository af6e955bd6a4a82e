"""The review in words: what a move lost against the engine's best, and what was best. No DOM here.

The values are the review's (:func:`reversi.ui.drivers.study.review_marks`): a move's loss is
the best move's value minus the played move's, in discs, for the side that played it. A move is
named as the move list names it (:func:`reversi.ui.move_list.move_said`, "9. Black b8"), so the
move list's accessible names, the study bar's note, the board's better move and Practise say the
same thing about the same move:

    9. Black b8, a blunder: loses 14 discs; a3 was best

**Which move the review speaks of.** The board shows the position *after* the move selected in
the move list (or the graph); the review speaks of that move (:func:`reviewed_node`), and the
board marks the square that should have been played instead, in the colour of the side that
played, with "instead of b8" in its accessible name (:func:`better_squares`). It never marks
the next move's alternative: that belongs to the next move, shown when it is selected. A forced
pass has no alternative: where the move shown is one, the move before it is meant (selecting a
move after which the other side must pass shows the position after the pass).

In Anti (fewer discs is better) a move does not "lose" discs: it ends that many worse.

**Why.** Where the page asks for it (``coach=True``), the words go on with the coach's sentences
(:mod:`reversi.ui.coach`): why the move was worse than the best, from what the rules measure of
both, for a move that lost a disc or more (the note, when the move is selected) or for the
mistakes and blunders (the move list's accessible names)::

    9. Black b8, a blunder: loses 14 discs; a3 was best. After b8, White can take the corner a1;
    a3 does not allow it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from reversi.core.game import Game, Node
from reversi.core.position import PASS
from reversi.errors import ReversiError
from reversi.i18n import _, full_stops, join_list, join_sentences, ngettext
from reversi.ui.drivers.study import MoveReview
from reversi.ui.move_list import move_said, said_with

#: How many of the best moves the words name (an endgame can have many tied for best).
MOST_BEST = 3


def reviewed_node(game: Game) -> Node | None:
    """The move the review speaks of: the one played to the position shown, or where that is a
    forced pass, the move before it; None at the start and off the main line."""
    node: Node | None = game.current
    if node is None or not node.is_main:
        return None
    while node is not None and node.was_forced_pass:
        node = node.parent
    if node is None or node.parent is None or node.move is None:
        return None
    return node


def loss_words(review: MoveReview, anti: bool) -> str:
    """What the move lost: "loses 14 discs", "loses about 6 discs" (the search's estimate), in
    Anti "ends 14 discs worse"."""
    n = review.loss
    if anti:
        if review.exact:
            # Translators: the review, Anti (fewer discs wins): what a move cost against the best, exactly
            return ngettext("ends {n} disc worse", "ends {n} discs worse", n).format(n=n)
        # Translators: the review, Anti (fewer discs wins): what a move cost against the best, as estimated
        return ngettext("ends about {n} disc worse", "ends about {n} discs worse", n).format(n=n)
    if review.exact:
        # Translators: the review: what a move lost against the best move, exactly (the solver's)
        return ngettext("loses {n} disc", "loses {n} discs", n).format(n=n)
    # Translators: the review: what a move lost against the best move, as the engine's search estimates it
    return ngettext("loses about {n} disc", "loses about {n} discs", n).format(n=n)


def best_words(review: MoveReview) -> str:
    """The best moves: "a3 was best", "a3, c5 were best"."""
    best = review.best[:MOST_BEST]
    # Translators: the review: the best move(s) where a worse one was played: "a3 was best", "a3, c5 were best"
    return ngettext("{best} was best", "{best} were best", len(best)).format(best=join_list(best))


def review_words(review: MoveReview, anti: bool, best: bool = True) -> str:
    """The review of one move: "a blunder: loses 14 discs; a3 was best" (``best``: name the best
    move; Practise does not, the puzzle asks for it), "the best move"."""
    if review.played in review.best:
        if len(review.best) > 1:
            # Translators: the review of a move that was as good as any (other moves were just as good)
            return _("one of the best moves")
        # Translators: the review of a move that was the engine's best
        return _("the best move")
    if review.loss == 0:
        # Translators: the review of a move less than a disc worse than the best: "within a disc of the best (c4)"
        return _("within a disc of the best ({best})").format(best=join_list(review.best[:MOST_BEST]))
    loss = loss_words(review, anti)
    kind = {
        # Translators: the review's name of a move that lost 10 discs or more, before what it lost
        "blunder": _("a blunder"),
        # Translators: the review's name of a move that lost 4 discs or more, before what it lost
        "mistake": _("a mistake"),
    }.get(review.kind, "")
    if best and review.best:
        if kind:
            # Translators: the review of a move: "a blunder: loses 14 discs; a3 was best"
            return _("{kind}: {loss}; {best}").format(kind=kind, loss=loss, best=best_words(review))
        # Translators: the review of a move that lost a little: "loses 2 discs; a3 was best"
        return _("{loss}; {best}").format(loss=loss, best=best_words(review))
    if kind:
        # Translators: the review of a move, without the best move (Practise asks for it): "a blunder: loses 14 discs"
        return _("{kind}: {loss}").format(kind=kind, loss=loss)
    return loss


def review_sentence(game: Game, node: Node, review: MoveReview, side_names: tuple[str, str] | None = None,
                    best: bool = True) -> str:
    """A move and its review: "9. Black b8, a blunder: loses 14 discs; a3 was best"."""
    return said_with(move_said(game, node, side_names), review_words(review, game.rules.anti, best))


def coach_words(game: Game, node: Node, review: MoveReview, side_names: tuple[str, str] | None = None,
                name_best: bool = True) -> list[str]:
    """The coach's sentences on the move ``node`` against the review's (first) best move: none for
    a move that lost nothing, a pass, or where no feature the rules measure explains the loss."""
    parent = node.parent
    if parent is None or node.move is None or node.move == PASS or review.loss <= 0 or not review.best:
        return []
    if review.played in review.best:
        return []
    try:
        best = game.rules.geometry.parse_square(review.best[0])
    except ReversiError:
        return []
    from reversi.ui.coach import coach_sentences  # imported when a review first says why, not at start

    return coach_sentences(parent.position, node.move, best, side_names, name_best)


def with_coach(words: str, sentences: list[str]) -> str:
    """The review's words made a sentence, the coach's after it (the words alone without any)."""
    if not sentences:
        return words
    return join_sentences([full_stops([words]), *sentences])


def move_list_marks(game: Game, marks: Mapping[int, MoveReview]) -> dict[int, tuple[str, str]]:
    """The move list's review marks by ply: ``(kind, words)`` for each mistake and blunder, the
    words said after the move in its accessible name."""
    anti = game.rules.anti
    return {ply: (r.kind, review_words(r, anti)) for ply, r in marks.items() if r.kind}


@dataclass(frozen=True)
class BetterMove:
    """What the board marks while the review is shown: the squares that were better than the move
    played to the position shown, the side that should have played there, the move played."""

    squares: frozenset[str]
    side: int
    instead_of: str


def better_squares(game: Game, marks: Mapping[int, MoveReview]) -> BetterMove | None:
    """The better move to mark for the move shown (:func:`reviewed_node`), or None when it lost
    nothing, is not valued yet, or there is no move."""
    node = reviewed_node(game)
    if node is None or node.parent is None:
        return None
    review = marks.get(node.depth)
    if review is None or review.loss <= 0 or not review.best:
        return None
    return BetterMove(frozenset(review.best), node.parent.position.turn, review.played)


def review_note(game: Game, marks: Mapping[int, MoveReview], side_names: tuple[str, str] | None = None,
                coach: bool = False) -> str:
    """The study bar's note while the review is shown: the move shown and its review (``coach``:
    and why it was worse, :func:`coach_words`); before any move, or while it is not valued yet,
    what to do or what is being done."""
    node = reviewed_node(game)
    if node is None:
        if not game.current.is_main:
            # Translators: the review's note in a variation: the review values the game's own moves only
            return _("The review values the game's own moves, not the variations.")
        # Translators: the review's note at the start of the game
        return _("Select a move to see what it lost against the best move.")
    review = marks.get(node.depth)
    said = move_said(game, node, side_names)
    if review is None:
        # Translators: the review's note for a move the engine has not valued yet: "9. Black b8: being valued…"
        return _("{move}: being valued…").format(move=said)
    words = said_with(said, review_words(review, game.rules.anti))
    return with_coach(words, coach_words(game, node, review, side_names)) if coach else words


__all__ = [
    "BetterMove",
    "best_words",
    "better_squares",
    "coach_words",
    "loss_words",
    "move_list_marks",
    "review_note",
    "review_sentence",
    "review_words",
    "reviewed_node",
    "with_coach",
]
