"""Learn from your mistakes: the review's mistakes and blunders as a puzzle set. No DOM here.

After a review (:mod:`reversi.ui.drivers.study`) every main-line move whose position was
evaluated has its loss against the engine's best. Each move of the player's that lost
:data:`~reversi.ui.drivers.study.MISTAKE_DISCS` or more becomes a puzzle: the position before
it, "find the better move", with the answers the review already holds (every legal move's
value, the best line). No new search is needed, and the answers are the ones the review's
marks were drawn from, so the set says the same as the move list and the graph.

Whose mistakes: in a game against the computer, the person's side; between two people (or a
game opened from a file), both sides'; between two computers, both too. The set is a
:mod:`puzzle set <reversi.ui.embed.puzzle_set>` link: it opens in the dialog
(:mod:`reversi.ui.dom.practice`), and the same link is shared or embedded in a page.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from reversi.core.game import Game
from reversi.core.position import Position
from reversi.errors import ReversiError
from reversi.formats.notation import move_name
from reversi.ui.drivers.study import Evaluation, MoveReview, StudyDriver, review_marks
from reversi.ui.embed.puzzle import Puzzle, puzzle_from_analysis
from reversi.ui.embed.puzzle_set import MAX_PUZZLES, MAX_SET_ADDRESS, puzzle_set_query
from reversi.ui.move_list import numbered_move, said_with, side_and_number
from reversi.ui.players import Players
from reversi.ui.review import review_words
from reversi.ui.turns import PlayState


@dataclass(frozen=True)
class Mistake:
    """One move to practise: the position before it, the move played, and the puzzle made of it."""

    ply: int
    position: Position
    played: str
    review: MoveReview
    puzzle: Puzzle
    #: The move's number in the move list (a move is a pair of plies: :func:`reversi.ui.move_list.side_and_number`).
    number: int = 0

    @property
    def kind(self) -> str:
        return self.review.kind


def practice_sides(players: Players) -> tuple[int, ...]:
    """The sides whose mistakes are practised: the person's against the computer, else both."""
    people = tuple(side for side in (0, 1) if not players.is_computer(side))
    return people if people and not players.all_computers else (0, 1)


def mistakes(game: Game, evals: Mapping[Position, Evaluation], sides: tuple[int, ...] = (0, 1)) -> list[Mistake]:
    """The main line's mistakes and blunders by ``sides``, in the order played (at most
    :data:`~reversi.ui.embed.puzzle_set.MAX_PUZZLES`, the worst kept when there are more)."""
    marks = review_marks(game, evals)
    nodes = {node.depth: node for node in game.main_line()}
    out: list[Mistake] = []
    g = game.rules.geometry
    for ply, review in sorted(marks.items()):
        node = nodes.get(ply)
        if not review.kind or node is None or node.parent is None or node.move is None:
            continue
        position = node.parent.position
        if position.turn not in sides:
            continue
        e = evals[position]
        try:
            puzzle = puzzle_from_analysis(position, {"scores": e.scores, "pv": e.pv, "exact": e.exact})
        except ReversiError:
            continue  # an evaluation without every move's value makes no puzzle
        number = side_and_number(game, ply)[1]
        out.append(Mistake(ply, position, move_name(node.move, g), review, puzzle, number))
    if len(out) > MAX_PUZZLES:
        worst = sorted(out, key=lambda m: (-m.review.loss, m.ply))[:MAX_PUZZLES]
        out = sorted(worst, key=lambda m: m.ply)
    return out


def player_mistakes(controller: PlayState, study: StudyDriver) -> list[Mistake]:
    """The player's mistakes the review has found so far (none while the review is not shown)."""
    if not study.reviewing:
        return []
    return mistakes(controller.game, study.evals, practice_sides(controller.players))


def practice_query(found: list[Mistake]) -> str:
    """The puzzle set's link parameters (no ``view``); raises NotationError for an empty list."""
    return puzzle_set_query([(m.position, m.puzzle) for m in found])


def practice_link(app_url: str, found: list[Mistake], extra: str = "") -> tuple[str, list[Mistake]]:
    """The set's address (``app_url?view=puzzle&…`` and the ``extra`` parameters, ``lang=cs``),
    and the mistakes it holds: all of them, or where the address would pass
    :data:`~reversi.ui.embed.puzzle_set.MAX_SET_ADDRESS` (many positions of a large board), the
    worst that fit. Raises NotationError for an empty list."""
    kept = list(found)
    while True:
        url = f"{app_url}?view=puzzle&{practice_query(kept)}{'&' + extra if extra else ''}"
        if len(url) <= MAX_SET_ADDRESS or len(kept) == 1:
            return url, kept
        least = min(kept, key=lambda m: (m.review.loss, -m.ply))
        kept.remove(least)


def mistake_line(m: Mistake) -> str:
    """One line of the dialog's list, the move numbered as in the move list and its loss, not the
    better move (the puzzle asks for it): "6. Black g2, a blunder: loses 21 discs"."""
    rules = m.position.rules
    said = numbered_move(m.number, rules.display_side_names()[m.position.turn], m.played)
    return said_with(said, review_words(m.review, rules.anti, best=False))


__all__ = [
    "Mistake",
    "mistake_line",
    "mistakes",
    "player_mistakes",
    "practice_link",
    "practice_query",
    "practice_sides",
]
