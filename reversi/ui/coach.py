"""The coach: why a move was worse than the best, in a sentence or two. No DOM here.

The review knows what a move lost (:mod:`reversi.ui.review`); the coach says why, from what the
rules can measure of the two moves (:func:`reversi.core.features.move_features`, after each, from
the side of the player who moved). :func:`reasons` compares the move played with the best move
and keeps a reason only when its feature really differs between them, and in the direction that
explains the loss; at most :data:`MOST_REASONS`, the more important first:

1. a **corner**: the best move takes a corner and the played move does not (saying so when the
   opponent can take it after the played move); the played move lets the opponent take a corner
   the best move does not let it take;
2. a **wipe-out**: the best move leaves the opponent no disc; or after the played move the
   opponent can reply with a move that leaves the mover none, and after the best move it cannot;
3. an **X- or C-square**: the played move is next to an empty corner (diagonally, or along a row
   or column) and the best move is next to none (a corner the first reason names is not named
   again);
4. **stable discs**: the best move leaves the mover clearly more discs that can never be turned
   (:func:`differs`: by :data:`MIN_DIFFERENCE` and by a quarter);
5. **mobility**: the played move leaves the opponent clearly more moves (and the mover no more),
   or the mover clearly fewer (and the opponent no fewer);
6. **frontier**: the played move leaves the mover clearly more discs next to empty squares;
7. **parity**: near the end, the played move leaves more empty regions of an odd number of squares
   with the opponent to move (who can then have the last move in each).

In Anti (fewer discs win) most of these turn round, and the engine's own trained Anti evaluation
does not agree they even point one way (it values mobility and X-squares the other way round), so
the coach says only what is plainly worse there: the played move **takes a corner** (a disc that
stays to the end) and the best move does not, or leaves the mover more **stable discs** than the
best move. It says nothing of the opening's placement moves (they flip nothing) nor of a pass.

:func:`coach_sentences` words the reasons in the current language, the moves by their squares and
the sides by their names: "After b8, White can take the corner a1; a3 does not allow it." Where the
best move must not be named (a puzzle's answer, :mod:`reversi.ui.embed.puzzle`), it is "the best
move".
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from reversi.core.features import MoveFeatures, move_features
from reversi.core.geometry import iter_indices
from reversi.core.position import Position
from reversi.core.rules import Rules
from reversi.i18n import _, join_list, ngettext

#: The most reasons said about one move.
MOST_REASONS = 2
#: A count (stable discs, moves, frontier discs) differs enough to be said when it differs by this
#: much or more, and by a quarter of the larger count or more (:func:`differs`).
MIN_DIFFERENCE = 2


def differs(larger: int, smaller: int) -> bool:
    """Whether ``larger`` is enough larger than ``smaller`` for the coach to say so."""
    return larger - smaller >= MIN_DIFFERENCE and 4 * (larger - smaller) >= larger

CORNER_GIVEN = "corner_given"
CORNER_MISSED = "corner_missed"
#: Anti: the played move takes a corner.
CORNER_TAKEN = "corner_taken"
WIPEOUT_MISSED = "wipeout_missed"
WIPEOUT_ALLOWED = "wipeout_allowed"
X_SQUARE = "x_square"
C_SQUARE = "c_square"
STABLE = "stable"
MOBILITY = "mobility"
FRONTIER = "frontier"
PARITY = "parity"
#: The kinds of reason, the most important first.
KINDS = (CORNER_MISSED, CORNER_GIVEN, CORNER_TAKEN, WIPEOUT_MISSED, WIPEOUT_ALLOWED, X_SQUARE, C_SQUARE,
         STABLE, MOBILITY, FRONTIER, PARITY)


@dataclass(frozen=True)
class Reason:
    """One reason the played move was worse: its kind, the side whose discs, moves or regions it
    counts, the squares it names (corners, or the opponent's replies that wipe the mover out), and
    the figure it cites after the played move and after the best move."""

    kind: str
    side: int
    squares: tuple[int, ...] = ()
    played: int = 0
    best: int = 0


def compare(rules: Rules, mover: int, p: MoveFeatures, b: MoveFeatures) -> list[Reason]:
    """Every reason the features of the played move ``p`` and the best move ``b`` give, the most
    important first (``mover`` the side that moved)."""
    opponent = 1 - mover
    out: list[Reason] = []
    if rules.anti:
        if p.corner_taken and not b.corner_taken:
            out.append(Reason(CORNER_TAKEN, mover, (p.move,)))
        if differs(p.stable, b.stable):
            out.append(Reason(STABLE, mover, (), p.stable, b.stable))
        return out
    given = p.corners_given & ~b.corners_given & ~b.corner_taken
    if b.corner_taken and not p.corner_taken:
        left = 1 if p.corners_given & b.corner_taken else 0
        out.append(Reason(CORNER_MISSED, opponent, (b.move,), left, 0))
    if given:
        out.append(Reason(CORNER_GIVEN, opponent, tuple(iter_indices(given)), p.corners_given.bit_count(),
                          b.corners_given.bit_count()))
    if b.wipes_out and not p.wipes_out:
        out.append(Reason(WIPEOUT_MISSED, opponent))
    if p.wiped_by and not b.wiped_by:
        out.append(Reason(WIPEOUT_ALLOWED, opponent, tuple(iter_indices(p.wiped_by))))
    if not (b.x_corners | b.c_corners):
        x, c = p.x_corners & ~given, p.c_corners & ~given
        if x:
            out.append(Reason(X_SQUARE, mover, tuple(iter_indices(x))))
        elif c:
            out.append(Reason(C_SQUARE, mover, tuple(iter_indices(c))))
    if differs(b.stable, p.stable):
        out.append(Reason(STABLE, mover, (), p.stable, b.stable))
    if differs(p.opponent_moves, b.opponent_moves) and p.own_moves <= b.own_moves:
        out.append(Reason(MOBILITY, opponent, (), p.opponent_moves, b.opponent_moves))
    elif differs(b.own_moves, p.own_moves) and p.opponent_moves >= b.opponent_moves:
        out.append(Reason(MOBILITY, mover, (), p.own_moves, b.own_moves))
    if differs(p.frontier, b.frontier):
        out.append(Reason(FRONTIER, mover, (), p.frontier, b.frontier))
    if (p.odd_regions is not None and b.odd_regions is not None and p.opponent_moves and b.opponent_moves
            and p.odd_regions > b.odd_regions):
        out.append(Reason(PARITY, opponent, (), p.odd_regions, b.odd_regions))
    return out


@lru_cache(maxsize=256)
def reasons(position: Position, played: int, best: int) -> tuple[Reason, ...]:
    """Why ``played`` (a legal move's square at ``position``) was worse than ``best``: at most
    :data:`MOST_REASONS`, the more important first; none when the two are the same, in the
    opening's placement phase, or where no feature explains it."""
    if played == best or position.in_placement or not (position.is_legal(played) and position.is_legal(best)):
        return ()
    p, b = move_features(position, played), move_features(position, best)
    return tuple(compare(position.rules, position.turn, p, b)[:MOST_REASONS])


def reason_sentence(reason: Reason, rules: Rules, played: str, best: str | None,
                    side_names: tuple[str, str] | None = None) -> str:
    """A reason in words: ``played`` and ``best`` are the moves' squares; ``best`` None where the
    best move is not to be named (it is then "the best move")."""
    names = side_names or rules.display_side_names()
    g = rules.geometry
    squares = join_list(g.name(i) for i in reason.squares)
    # {mover}: the other side than the reason's (a wipe-out's reason is the opponent's: its replies)
    values = {"played": played, "best": best, "side": names[reason.side], "mover": names[1 - reason.side],
              "corners": squares, "replies": squares, "n": reason.played, "m": reason.best}
    n = len(reason.squares)
    kind = reason.kind
    if kind == CORNER_GIVEN:
        if best is None:
            # Translators: the coach, in a puzzle (the best move is not named): a corner the move tried lets
            # the opponent take: "After b8, White can take the corner a1; the best move does not allow it."
            text = ngettext("After {played}, {side} can take the corner {corners}; the best move does not allow it.",
                            "After {played}, {side} can take the corners {corners}; the best move does not allow it.",
                            n)
        else:
            # Translators: the coach: a corner the move played lets the opponent take, the best move not:
            # "After b8, White can take the corner a1; a3 does not allow it."
            text = ngettext("After {played}, {side} can take the corner {corners}; {best} does not allow it.",
                            "After {played}, {side} can take the corners {corners}; {best} does not allow it.", n)
    elif kind == CORNER_MISSED and reason.played:
        if best is None:
            # Translators: the coach, in a puzzle: the best move (not named) takes a corner, and after the move
            # tried the opponent can take it: "The best move takes a corner; after b8, White can take it."
            text = _("The best move takes a corner; after {played}, {side} can take it.")
        else:
            # Translators: the coach: the best move takes a corner, and after the move played the opponent can
            # take it: "a1 takes the corner; after b8, White can take it."
            text = _("{best} takes the corner; after {played}, {side} can take it.")
    elif kind == CORNER_MISSED:
        if best is None:
            # Translators: the coach, in a puzzle: the best move (not named) takes a corner, the move tried not
            text = _("The best move takes a corner; {played} does not.")
        else:
            # Translators: the coach: the best move takes a corner, the move played not:
            # "a1 takes the corner; b8 does not."
            text = _("{best} takes the corner; {played} does not.")
    elif kind == CORNER_TAKEN:
        if best is None:
            # Translators: the coach in Anti (fewer discs win), in a puzzle: the move tried takes a corner
            text = _("{played} takes the corner, a disc nobody can turn, which in Anti counts against its owner to "
                     "the end; the best move takes no corner.")
        else:
            # Translators: the coach in Anti (fewer discs win): the move played takes a corner, the best move not
            text = _("{played} takes the corner, a disc nobody can turn, which in Anti counts against its owner to "
                     "the end; {best} takes no corner.")
    elif kind == WIPEOUT_MISSED:
        if best is None:
            # Translators: the coach, in a puzzle: the best move (not named) takes all the opponent's discs
            text = _("After the best move, {side} has no disc left and the game is won; after {played}, it goes on.")
        else:
            # Translators: the coach: the best move takes all the opponent's discs: "After a3, White has no disc
            # left and the game is won; after b8, it goes on."
            text = _("After {best}, {side} has no disc left and the game is won; after {played}, it goes on.")
    elif kind == WIPEOUT_ALLOWED:
        if best is None:
            # Translators: the coach, in a puzzle: after the move tried the opponent can take all the mover's
            # discs: "After b8, White can reply c1, and Black has no disc left; the best move does not allow it."
            text = _("After {played}, {side} can reply {replies}, and {mover} has no disc left; the best move does "
                     "not allow it.")
        else:
            # Translators: the coach: after the move played the opponent can take all the mover's discs:
            # "After b8, White can reply c1, and Black has no disc left; a3 does not allow it."
            text = _("After {played}, {side} can reply {replies}, and {mover} has no disc left; {best} does not "
                     "allow it.")
    elif kind == X_SQUARE:
        if best is None:
            # Translators: the coach, in a puzzle: the move tried is diagonally next to an empty corner (an X-square)
            text = ngettext("{played} is diagonally next to the empty corner {corners}, which such a square often "
                            "gives away; the best move is next to no empty corner.",
                            "{played} is diagonally next to the empty corners {corners}, which such a square often "
                            "gives away; the best move is next to no empty corner.", n)
        else:
            # Translators: the coach: the move played is diagonally next to an empty corner (an X-square):
            # "b7 is diagonally next to the empty corner a8, which such a square often gives away; a3 is next
            # to no empty corner."
            text = ngettext("{played} is diagonally next to the empty corner {corners}, which such a square often "
                            "gives away; {best} is next to no empty corner.",
                            "{played} is diagonally next to the empty corners {corners}, which such a square often "
                            "gives away; {best} is next to no empty corner.", n)
    elif kind == C_SQUARE:
        if best is None:
            # Translators: the coach, in a puzzle: the move tried is beside an empty corner along an edge (a C-square)
            text = ngettext("{played} is beside the empty corner {corners}, which such a square often gives away; "
                            "the best move is next to no empty corner.",
                            "{played} is beside the empty corners {corners}, which such a square often gives away; "
                            "the best move is next to no empty corner.", n)
        else:
            # Translators: the coach: the move played is beside an empty corner along an edge (a C-square):
            # "b8 is beside the empty corner a8, which such a square often gives away; a3 is next to no empty corner."
            text = ngettext("{played} is beside the empty corner {corners}, which such a square often gives away; "
                            "{best} is next to no empty corner.",
                            "{played} is beside the empty corners {corners}, which such a square often gives away; "
                            "{best} is next to no empty corner.", n)
    else:
        text = _count_sentence(reason, rules, best is None)
        values["n"], values["m"] = max(reason.played, reason.best), min(reason.played, reason.best)
    return text.format(**values)


def _count_sentence(reason: Reason, rules: Rules, puzzle: bool) -> str:
    """The sentence of a reason that compares two counts: the move with the larger count is named
    first, its count ``{n}``, the other's ``{m}``."""
    first = max(reason.played, reason.best)
    kind = reason.kind
    best_first = reason.best > reason.played
    if kind == STABLE and rules.anti:
        if puzzle:
            # Translators: the coach in Anti (fewer discs win), in a puzzle: "After b8, Black has 6 discs that
            # can never be turned, which in Anti count against it; after the best move, 2."
            return ngettext("After {played}, {side} has {n} disc that can never be turned, which in Anti counts "
                            "against it; after the best move, {m}.",
                            "After {played}, {side} has {n} discs that can never be turned, which in Anti count "
                            "against it; after the best move, {m}.", first)
        # Translators: the coach in Anti (fewer discs win): "After b8, Black has 6 discs that can never be
        # turned, which in Anti count against it; after a3, 2."
        return ngettext("After {played}, {side} has {n} disc that can never be turned, which in Anti counts "
                        "against it; after {best}, {m}.",
                        "After {played}, {side} has {n} discs that can never be turned, which in Anti count "
                        "against it; after {best}, {m}.", first)
    if kind == STABLE:
        if puzzle:
            # Translators: the coach, in a puzzle: "After the best move, Black has 6 stable discs, which can never
            # be turned; after b8, 2."
            return ngettext("After the best move, {side} has {n} stable disc, which can never be turned; "
                            "after {played}, {m}.",
                            "After the best move, {side} has {n} stable discs, which can never be turned; "
                            "after {played}, {m}.", first)
        # Translators: the coach: "After a3, Black has 6 stable discs, which can never be turned; after b8, 2."
        return ngettext("After {best}, {side} has {n} stable disc, which can never be turned; after {played}, {m}.",
                        "After {best}, {side} has {n} stable discs, which can never be turned; after {played}, {m}.",
                        first)
    if kind == MOBILITY and best_first:
        if puzzle:
            # Translators: the coach, in a puzzle: the moves the mover will have: "After the best move, Black
            # has 8 possible moves; after b8, 3."
            return ngettext("After the best move, {side} has {n} possible move; after {played}, {m}.",
                            "After the best move, {side} has {n} possible moves; after {played}, {m}.", first)
        # Translators: the coach: the moves a side will have: "After a3, Black has 8 possible moves; after b8, 3."
        return ngettext("After {best}, {side} has {n} possible move; after {played}, {m}.",
                        "After {best}, {side} has {n} possible moves; after {played}, {m}.", first)
    if kind == MOBILITY:
        if puzzle:
            # Translators: the coach, in a puzzle: the opponent's moves: "After b8, White has 9 possible moves;
            # after the best move, 4."
            return ngettext("After {played}, {side} has {n} possible move; after the best move, {m}.",
                            "After {played}, {side} has {n} possible moves; after the best move, {m}.", first)
        # Translators: the coach: the moves a side will have: "After b8, White has 9 possible moves; after a3, 4."
        return ngettext("After {played}, {side} has {n} possible move; after {best}, {m}.",
                        "After {played}, {side} has {n} possible moves; after {best}, {m}.", first)
    if kind == FRONTIER:
        if puzzle:
            # Translators: the coach, in a puzzle: frontier discs: "After b8, Black has 12 discs next to empty
            # squares, which give the opponent moves; after the best move, 7."
            return ngettext("After {played}, {side} has {n} disc next to empty squares, which gives the opponent "
                            "moves; after the best move, {m}.",
                            "After {played}, {side} has {n} discs next to empty squares, which give the opponent "
                            "moves; after the best move, {m}.", first)
        # Translators: the coach: frontier discs: "After b8, Black has 12 discs next to empty squares, which give
        # the opponent moves; after a3, 7."
        return ngettext("After {played}, {side} has {n} disc next to empty squares, which gives the opponent moves; "
                        "after {best}, {m}.",
                        "After {played}, {side} has {n} discs next to empty squares, which give the opponent moves; "
                        "after {best}, {m}.", first)
    if puzzle:
        # Translators: the coach near the end of a game, in a puzzle: "After b8, 3 empty regions have an odd
        # number of squares, with White to move, who can then have the last move in each; after the best move, 1."
        return ngettext("After {played}, {n} empty region has an odd number of squares, with {side} to move, who "
                        "can then have the last move in it; after the best move, {m}.",
                        "After {played}, {n} empty regions have an odd number of squares, with {side} to move, who "
                        "can then have the last move in each; after the best move, {m}.", first)
    # Translators: the coach near the end of a game: "After b8, 3 empty regions have an odd number of squares,
    # with White to move, who can then have the last move in each; after a3, 1."
    return ngettext("After {played}, {n} empty region has an odd number of squares, with {side} to move, who can "
                    "then have the last move in it; after {best}, {m}.",
                    "After {played}, {n} empty regions have an odd number of squares, with {side} to move, who can "
                    "then have the last move in each; after {best}, {m}.", first)


def coach_sentences(position: Position, played: int, best: int, side_names: tuple[str, str] | None = None,
                    name_best: bool = True) -> list[str]:
    """The coach's sentences on ``played`` against ``best`` (squares, legal at ``position``): a
    sentence a reason (:func:`reasons`), none where no feature explains the difference.
    ``name_best`` False: the best move is "the best move" (a puzzle asks for it)."""
    g = position.rules.geometry
    found = reasons(position, played, best)
    best_name = g.name(best) if name_best else None
    return [reason_sentence(r, position.rules, g.name(played), best_name, side_names) for r in found]


__all__ = [
    "CORNER_GIVEN",
    "CORNER_MISSED",
    "CORNER_TAKEN",
    "C_SQUARE",
    "FRONTIER",
    "KINDS",
    "MIN_DIFFERENCE",
    "MOBILITY",
    "MOST_REASONS",
    "PARITY",
    "STABLE",
    "WIPEOUT_ALLOWED",
    "WIPEOUT_MISSED",
    "X_SQUARE",
    "Reason",
    "coach_sentences",
    "compare",
    "differs",
    "reason_sentence",
    "reasons",
]
