"""Rule sets and table options: what board, what start, what score.

A :class:`Rules` value is a rule set (a :class:`Variant`, found by name in
``VARIANTS``) plus the table options of ``shared/RULES.md``: board size, anti,
free opening, blocked squares and corner handicap. It is immutable, hashable and
validated on creation: an impossible combination raises :class:`RulesError`.

Variants are classes with a few flags and hooks; the engine never tests a rule
set's name. Choices this module makes where RULES.md is silent (tested in
``tests/test_rules.py``):

* Classic Reversi combines with every option. Its supply is half the squares of
  the full board (32 on 8x8, whatever is blocked). Handicap discs are placed from
  outside the supplies (they are part of the table, like the blocked squares).
* With free opening or Classic and a handicap, the corners are set first and the
  four placement moves follow.
* Random blocked squares never take a starting square, nor a handicap corner.
* A drawn game with an odd number of empties (possible with blocked squares) gives
  each side half of the empties, rounded down: ``31:31`` on a 63-square board.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import ClassVar

from reversi.core.geometry import MAX_SIZE, MIN_SIZE, Geometry, octagon_cuts
from reversi.errors import NotationError, RulesError

BLACK = 0
WHITE = 1
COLOR_NAMES = ("black", "white")


class Variant:
    """The standard Othello rule set; other rule sets override a few flags."""

    name: ClassVar[str] = "othello"
    title: ClassVar[str] = "Othello"
    #: Display names of the two sides (the engine always calls them black, white).
    side_names: ClassVar[tuple[str, str]] = ("Black", "White")
    #: The centre starts empty and the first four moves fill it freely.
    empty_start: ClassVar[bool] = False
    #: Each side has a limited supply of discs (half the board's squares).
    limited_supply: ClassVar[bool] = False
    #: At the end, empty squares are added to the winner's count.
    empties_to_winner: ClassVar[bool] = True
    allows_size: ClassVar[bool] = True
    allows_handicap: ClassVar[bool] = True

    @classmethod
    def base_geometry(cls, size: int) -> Geometry:
        return Geometry(size, size)


class Othello(Variant):
    pass


class Classic(Variant):
    """Reversi as published in the 1880s: empty start, free centre, 32 discs each."""

    name = "classic"
    title = "Classic Reversi"
    side_names = ("Black", "Red")
    empty_start = True
    limited_supply = True
    empties_to_winner = False


class Octagon(Variant):
    """Octagon Reversi: 10x10 less three squares at each corner (88 squares)."""

    name = "octagon"
    title = "Octagon Reversi"
    allows_size = False
    allows_handicap = False

    @classmethod
    def base_geometry(cls, size: int) -> Geometry:
        return Geometry(10, 10, octagon_cuts())


VARIANTS: dict[str, type[Variant]] = {v.name: v for v in (Othello, Classic, Octagon)}


def variant_by_name(name: str) -> type[Variant]:
    """The rule set called ``name`` (case-insensitive); raises :class:`RulesError` naming it."""
    variant = VARIANTS.get(name.strip().lower()) if isinstance(name, str) else None
    if variant is None:
        known = ", ".join(VARIANTS)
        raise RulesError(f"unknown rule set {name!r} (known: {known})")
    return variant


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True)
class Rules:
    """A rule set with its table options. Build it with keywords::

        Rules()                                   # standard Othello
        Rules("classic")
        Rules("othello", size=10, anti=True, blocked=("a3", "c7"), handicap=2)
    """

    variant: str = "othello"
    size: int = 8
    anti: bool = False
    free_opening: bool = False
    #: Blocked square names, canonical: lower case, in index order, no repeats.
    blocked: tuple[str, ...] = field(default=())
    handicap: int = 0
    #: The side that receives the handicap discs.
    handicap_color: int = BLACK

    def __post_init__(self) -> None:
        v = variant_by_name(self.variant)
        object.__setattr__(self, "variant", v.name)
        if not v.allows_size and self.size != 8:
            raise RulesError(f"{v.title} has a fixed board: the size option does not apply")
        if not _is_int(self.size) or not (MIN_SIZE <= self.size <= MAX_SIZE) or self.size % 2:
            raise RulesError(
                f"board size {self.size!r} is not allowed: an even number from {MIN_SIZE} to {MAX_SIZE}"
            )
        for option in ("anti", "free_opening"):
            if not isinstance(getattr(self, option), bool):
                raise RulesError(f"{option} must be true or false, not {getattr(self, option)!r}")
        if not _is_int(self.handicap) or not (0 <= self.handicap <= 4):
            raise RulesError(f"handicap {self.handicap!r} is not allowed: 0 to 4 corners")
        if self.handicap and not v.allows_handicap:
            raise RulesError(f"{v.title} has no corners: corner handicap does not apply")
        if not _is_int(self.handicap_color) or self.handicap_color not in (BLACK, WHITE):
            raise RulesError(f"handicap colour {self.handicap_color!r} must be 0 (black) or 1 (white)")
        if not isinstance(self.blocked, (tuple, list)) or not all(isinstance(n, str) for n in self.blocked):
            raise RulesError(f"blocked squares {self.blocked!r} must be a list of square names")
        base = v.base_geometry(self.size)
        indices: set[int] = set()
        for name in self.blocked:
            try:
                index = base.parse_square(name)
            except NotationError as e:
                raise RulesError(f"blocked square: {e}") from None
            indices.add(index)
        for index in indices:
            if (1 << index) & self.centre_mask_of(base):
                raise RulesError(f"blocked square {base.name(index)} is a starting square")
        canonical = tuple(base.name(i) for i in sorted(indices))
        object.__setattr__(self, "blocked", canonical)
        corners = self.handicap_corners_of(base)
        for index in corners:
            if index in indices:
                raise RulesError(f"handicap corner {base.name(index)} is blocked")

    # -- derived -------------------------------------------------------------

    @property
    def kind(self) -> type[Variant]:
        return VARIANTS[self.variant]

    @cached_property
    def geometry(self) -> Geometry:
        base = self.kind.base_geometry(self.size)
        blocked = frozenset(base.parse_square(n) for n in self.blocked)
        return Geometry(base.width, base.height, base.removed | blocked)

    @staticmethod
    def centre_mask_of(g: Geometry) -> int:
        cw, ch = g.width // 2 - 1, g.height // 2 - 1
        return sum(1 << g.index(cw + dc, ch + dr) for dc in (0, 1) for dr in (0, 1))

    def handicap_corners_of(self, g: Geometry) -> list[int]:
        """Corners in the order of RULES.md: a1, h8, h1, a8 (for 8x8)."""
        last_c, last_r = g.width - 1, g.height - 1
        order = [g.index(0, 0), g.index(last_c, last_r), g.index(last_c, 0), g.index(0, last_r)]
        return order[: self.handicap]

    @cached_property
    def centre_mask(self) -> int:
        return self.centre_mask_of(self.geometry)

    @property
    def empty_start(self) -> bool:
        return self.kind.empty_start or self.free_opening

    @property
    def supply(self) -> int | None:
        """Discs each side starts with in hand, or None when unlimited."""
        if not self.kind.limited_supply:
            return None
        return self.size * self.size // 2

    @property
    def empties_to_winner(self) -> bool:
        return self.kind.empties_to_winner and not self.anti

    @property
    def side_names(self) -> tuple[str, str]:
        return self.kind.side_names

    @property
    def is_standard(self) -> bool:
        """Plain 8x8 Othello (with or without anti): the board of Edax positions."""
        return self.variant == "othello" and self.size == 8 and not self.blocked

    def start_discs(self) -> tuple[int, int]:
        """``(black, white)`` bitboards of the start position, handicap included."""
        g = self.geometry
        black = white = 0
        if not self.empty_start:
            cw, ch = g.width // 2 - 1, g.height // 2 - 1
            white = (1 << g.index(cw, ch)) | (1 << g.index(cw + 1, ch + 1))
            black = (1 << g.index(cw + 1, ch)) | (1 << g.index(cw, ch + 1))
        for index in self.handicap_corners_of(g):
            if self.handicap_color == BLACK:
                black |= 1 << index
            else:
                white |= 1 << index
        return black, white

    def describe(self) -> str:
        """A short human description, e.g. ``'Othello 10x10, anti, 2 blocked'``."""
        parts = [self.kind.title]
        if self.kind.allows_size:
            parts[0] += f" {self.size}x{self.size}"
        if self.anti:
            parts.append("anti")
        if self.free_opening and not self.kind.empty_start:
            parts.append("free opening")
        if self.blocked:
            parts.append(f"{len(self.blocked)} blocked")
        if self.handicap:
            who = COLOR_NAMES[self.handicap_color]
            parts.append(f"handicap {self.handicap} to {who}")
        return ", ".join(parts)


def random_blocked(rules: Rules, count: int, seed: int) -> Rules:
    """``rules`` with ``count`` more blocked squares, chosen reproducibly from ``seed``.

    The choice uses the package's own generator (SplitMix64), so the same seed
    gives the same squares on every Python version and platform. Starting squares
    and handicap corners are never chosen.
    """
    g = rules.geometry
    forbidden = rules.centre_mask | sum(1 << i for i in rules.handicap_corners_of(g))
    candidates = [i for i in g.squares if not (1 << i) & forbidden]
    if not _is_int(count) or count < 0 or count > len(candidates):
        raise RulesError(f"cannot block {count!r} squares: 0 to {len(candidates)} are free")
    if not _is_int(seed):
        raise RulesError(f"the seed of the blocked squares must be a whole number, not {seed!r}")
    rng = SplitMix64(seed)
    chosen: list[int] = []
    for _ in range(count):
        chosen.append(candidates.pop(rng.below(len(candidates))))
    names = tuple(rules.blocked) + tuple(g.name(i) for i in chosen)
    return Rules(
        rules.variant, rules.size, rules.anti, rules.free_opening, names, rules.handicap, rules.handicap_color
    )


class SplitMix64:
    """A tiny, fully specified PRNG (Steele, Lea and Flood 2014), stable everywhere."""

    MASK = (1 << 64) - 1

    def __init__(self, seed: int) -> None:
        self.state = seed & self.MASK

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & self.MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & self.MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & self.MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (rejection sampling, no modulo bias)."""
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next()
            if x < limit:
                return x % n
