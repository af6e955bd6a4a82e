"""Balanced random openings: a chosen number of random moves whose position the engine values within ±K discs.

Practice and matches want varied games that neither side starts ahead in. An opening here is
``plies`` random legal moves from the rule set's start (a forced pass counts as a ply and is
part of the line), drawn with :class:`~reversi.core.rules.SplitMix64` from a seed; the
engine values the position it reaches by a search of a fixed depth (:func:`balance_depth`),
and the opening is kept when that value, from Black's side, is within ``within`` discs of
even. Otherwise the next random line is drawn, up to :data:`MAX_TRIES` of them.

**Reproducible.** The search has a fixed depth and a table of its own for every
candidate, with no clock in it, so a seed gives the same opening on every machine, in the
browser's worker as under CPython, as long as the evaluation's weights are the same (a new
release of the weights may change which lines pass). A finished game, or a position seen
before in the same list, is never an opening.

The opening's value is the engine's estimate, not a proof: a shallow search's ±2 discs is
"about even", which is what a practice game or a match needs.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from reversi.core.position import PASS, Position
from reversi.core.rules import BLACK, Rules, SplitMix64
from reversi.engine import protocol as _protocol
from reversi.errors import EngineRequestError
from reversi.formats.balanced_spec import check_opening, most_plies
from reversi.i18n import _

#: The most candidate lines drawn for one opening before giving up.
MAX_TRIES = 300
#: The longest opening (plies) and the widest window (discs): the record's (:mod:`reversi.formats.balanced_spec`).
MAX_OPENING_PLIES = _protocol.MAX_OPENING_PLIES
MAX_WITHIN = _protocol.MAX_OPENING_WITHIN


def balance_depth(rules: Rules) -> int:
    """The depth of the search that values a candidate: 6 plies on boards up to 8x8, fewer on larger ones."""
    squares = rules.geometry.square_count
    return 6 if squares <= 64 else 4 if squares <= 100 else 3


@dataclass(frozen=True)
class BalancedOpening:
    """An opening: its moves (square indices, PASS for a forced pass), its value from Black's side
    (centidiscs) at :attr:`depth`, and how many lines were drawn to find it (this one included)."""

    moves: tuple[int, ...]
    value: int
    depth: int
    tries: int


def random_lines(rules: Rules, plies: int, rng: SplitMix64) -> Iterator[tuple[tuple[int, ...], Position]]:
    """Random lines of ``plies`` plies (a forced pass included) and the position each reaches."""
    start = Position.start(rules)
    while True:
        pos, line = start, list[int]()
        while len(line) < plies and not pos.is_over:
            if pos.must_pass:
                line.append(PASS)
                pos = pos.pass_turn()
                continue
            legal = pos.legal_moves()
            move = legal[rng.below(len(legal))]
            line.append(move)
            pos = pos.play(move)
        yield tuple(line), pos


def opening_value(position: Position, depth: int) -> int:
    """The position's value from Black's side (centidiscs), by a fresh search of ``depth`` plies."""
    from reversi.engine.search import search

    score = search(position, _protocol.Limits(depth=depth)).score
    return score if position.turn == BLACK else -score


def balanced_openings(rules: Rules, plies: int, within: int, count: int, seed: int = 0) -> list[BalancedOpening]:
    """``count`` distinct balanced openings from ``seed`` (the first ones of its stream of lines),
    or fewer when the lines drawn (:data:`MAX_TRIES` for each opening wanted) do not give that
    many (a short opening has few distinct positions).

    Raises EngineRequestError when they give none: the message suggests a wider window or a
    shorter opening.
    """
    check_opening(rules, plies, within)
    rng = SplitMix64(seed)
    depth = balance_depth(rules)
    seen: set[tuple[int, int, int]] = set()
    found: list[BalancedOpening] = []
    tries = 0
    for line, pos in random_lines(rules, plies, rng):
        if len(found) == count:
            return found
        tries += 1
        if tries > MAX_TRIES * (count if not found else 1):
            break  # none for this long: no more to find
        key = (pos.black, pos.white, pos.turn)
        if pos.is_over or key in seen:
            continue
        seen.add(key)
        value = opening_value(pos, depth)
        if abs(value) <= within * 100:
            found.append(BalancedOpening(line, value, depth, tries))
            tries = 0
    if found:
        return found
    raise EngineRequestError(_(
        "no opening of {plies} moves within ±{within} discs found in {tries} tries: "
        "allow more discs or fewer moves").format(plies=plies, within=within, tries=MAX_TRIES * count))


def balanced_opening(rules: Rules, plies: int, within: int, seed: int = 0) -> BalancedOpening:
    """The balanced opening of ``seed``: :func:`balanced_openings`' first."""
    return balanced_openings(rules, plies, within, 1, seed)[0]


__all__ = [
    "MAX_OPENING_PLIES",
    "MAX_TRIES",
    "MAX_WITHIN",
    "BalancedOpening",
    "balance_depth",
    "balanced_opening",
    "balanced_openings",
    "check_opening",
    "most_plies",
    "opening_value",
    "random_lines",
]
