"""A balanced random opening as a record names it: its length, its window and its seed.

A game that starts from a balanced random opening (:mod:`reversi.engine.balanced`: random
moves the engine values within ±K discs of even) carries how it was drawn, so that it can be
drawn again: the record's tag :data:`TAG` and the link's ``bo`` parameter hold
``PLIES.DISCS.SEED``, e.g. ``8.2.1234`` (eight moves, within two discs, seed 1234). A game
whose tag names an opening but that has no moves yet is waiting for it: the page draws the
opening (in the engine's worker) and plays it (:class:`reversi.ui.drivers.balanced_start.OpeningDriver`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from reversi.core.position import Position
from reversi.core.rules import Rules
from reversi.errors import NotationError
from reversi.i18n import _, format_number

#: The record's tag (and, as ``bo``, the link's parameter) that names the opening.
TAG = "BalancedOpening"
#: The bounds of the fields (the engine checks the length against the board too).
MAX_PLIES = 30
MAX_WITHIN = 64
MAX_SEED = (1 << 64) - 1
_FORM = re.compile(r"([0-9]{1,2})\.([0-9]{1,2})\.([0-9]{1,20})")


@dataclass(frozen=True)
class BalancedSpec:
    """How a balanced opening is drawn: ``plies`` random moves, within ``within`` discs, from ``seed``."""

    plies: int
    within: int
    seed: int

    def __post_init__(self) -> None:
        if not 1 <= self.plies <= MAX_PLIES:
            raise NotationError(_("balanced opening: {n} moves is out of range: 1 to {most}").format(
                n=self.plies, most=MAX_PLIES))
        if not 1 <= self.within <= MAX_WITHIN:
            # Translators: the discs a balanced opening's end may be from even (±3: within 3 discs), out of range
            raise NotationError(_("balanced opening: a margin of {n} discs is out of range: 1 to {most}").format(
                n=self.within, most=MAX_WITHIN))
        if not 0 <= self.seed <= MAX_SEED:
            raise NotationError(_("balanced opening: the seed is out of range: 0 to {most}").format(most=MAX_SEED))

    @property
    def text(self) -> str:
        """``PLIES.DISCS.SEED``, as the tag and the link write it."""
        return f"{self.plies}.{self.within}.{self.seed}"

    @classmethod
    def parse(cls, text: str) -> BalancedSpec:
        """The spec of ``PLIES.DISCS.SEED``; raises NotationError saying the form."""
        found = _FORM.fullmatch(text.strip()) if isinstance(text, str) else None
        if found is None:
            # Translators: a balanced opening's text in a link or a record is wrong; keep "8.2.1234" as it is
            raise NotationError(_("balanced opening {text!r}: write moves.discs.seed, e.g. 8.2.1234").format(
                text=str(text)[:40]))
        return cls(int(found[1]), int(found[2]), int(found[3]))

    def describe(self) -> str:
        """"A balanced opening: 8 moves within ±2 discs (seed 1234)", in the current language."""
        # Translators: how a game began: random moves the engine valued as even, within some discs
        return _("A balanced opening: {plies} moves within ±{within} discs (seed {seed})").format(
            plies=format_number(self.plies), within=format_number(self.within), seed=self.seed)


def most_plies(rules: Rules) -> int:
    """The longest opening the rule set's board allows: :data:`MAX_PLIES`, or its empty squares less one."""
    empty = Position.start(rules).empty.bit_count()
    return max(1, min(MAX_PLIES, empty - 1))


def check_opening(rules: Rules, plies: int, within: int) -> None:
    """Refuse an opening's length (for the board too) or window out of range: NotationError naming it."""
    BalancedSpec(plies, within, 0)
    high = most_plies(rules)
    if plies > high:
        raise NotationError(_("balanced opening: {n} moves is out of range: 1 to {most}").format(n=plies, most=high))


__all__ = ["MAX_PLIES", "MAX_SEED", "MAX_WITHIN", "TAG", "BalancedSpec", "check_opening", "most_plies"]
