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
from gettext import NullTranslations
from typing import ClassVar

from reversi.core.geometry import MAX_SIZE, MIN_SIZE, Geometry, octagon_cuts
from reversi.errors import NotationError, RulesError
from reversi.i18n import N_, _, catalog, join_list
from reversi.i18n import language as current_language
from reversi.inputs import is_int

BLACK = 0
WHITE = 1
#: The colours as data (JSON, records, errors' English): translate with :func:`color_name`.
COLOR_NAMES = ("black", "white")


def color_name(color: int) -> str:
    """The lower-case name of a colour in the current language, for sentences ("a move for white")."""
    return _color_word(catalog(current_language()), color)


def _color_word(tr: NullTranslations, color: int) -> str:
    """The lower-case name of ``color`` in the language of the catalog ``tr``."""
    if color == WHITE:
        return tr.pgettext("colour", "white")
    return tr.pgettext("colour", "black")


class Variant:
    """The standard Othello rule set; other rule sets override a few flags."""

    name: ClassVar[str] = "othello"
    #: The rule set's name as people read it, in English (translate it where shown: ``_(title)``,
    #: or :meth:`Rules.display_name`).
    title: ClassVar[str] = N_("Othello")
    #: Display names of the two sides, in English (the engine always calls them black, white);
    #: translated by :meth:`Rules.display_side_names`.
    side_names: ClassVar[tuple[str, str]] = (N_("Black"), N_("White"))
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
    title = N_("Classic Reversi")
    side_names = (N_("Black"), N_("Red"))
    empty_start = True
    limited_supply = True
    empties_to_winner = False


class Octagon(Variant):
    """Octagon Reversi: 10x10 less three squares at each corner (88 squares)."""

    name = "octagon"
    title = N_("Octagon Reversi")
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
        raise RulesError(_("unknown rule set {name!r} (known: {known})").format(name=name, known=known))
    return variant


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
            raise RulesError(_("{rules} has a fixed board: the size option does not apply").format(rules=_(v.title)))
        if not is_int(self.size) or not (MIN_SIZE <= self.size <= MAX_SIZE) or self.size % 2:
            raise RulesError(
                _("board size {size!r} is not allowed: an even number from {least} to {most}").format(
                    size=self.size, least=MIN_SIZE, most=MAX_SIZE
                )
            )
        for option in ("anti", "free_opening"):
            if not isinstance(getattr(self, option), bool):
                value = getattr(self, option)
                # Translators: {option} is the name of a rule option in the code: anti or free_opening
                raise RulesError(_("{option} must be true or false, not {value!r}").format(option=option, value=value))
        if not is_int(self.handicap) or not (0 <= self.handicap <= 4):
            raise RulesError(_("handicap {handicap!r} is not allowed: 0 to 4 corners").format(handicap=self.handicap))
        if self.handicap and not v.allows_handicap:
            raise RulesError(_("{rules} has no corners: corner handicap does not apply").format(rules=_(v.title)))
        if not is_int(self.handicap_color) or self.handicap_color not in (BLACK, WHITE):
            raise RulesError(
                _("handicap colour {color!r} must be 0 (black) or 1 (white)").format(color=self.handicap_color)
            )
        if not isinstance(self.blocked, (tuple, list)) or not all(isinstance(n, str) for n in self.blocked):
            raise RulesError(
                _("blocked squares {blocked!r} must be a list of square names").format(blocked=self.blocked)
            )
        base = v.base_geometry(self.size)
        indices: set[int] = set()
        for name in self.blocked:
            try:
                index = base.parse_square(name)
            except NotationError as e:
                # Translators: {error} says what is wrong with the square, e.g. "square 'z9' is outside the 8x8 board"
                raise RulesError(_("blocked square: {error}").format(error=e)) from None
            indices.add(index)
        for index in indices:
            if (1 << index) & self.centre_mask_of(base):
                raise RulesError(_("blocked square {square} is a starting square").format(square=base.name(index)))
        canonical = tuple(base.name(i) for i in sorted(indices))
        object.__setattr__(self, "blocked", canonical)
        corners = self.handicap_corners_of(base)
        for index in corners:
            if index in indices:
                raise RulesError(_("handicap corner {square} is blocked").format(square=base.name(index)))

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
        """The two sides' names in English (data: compare these); shown: :meth:`display_side_names`."""
        return self.kind.side_names

    def display_name(self) -> str:
        """The rule set's name in the current language: ``"Othello"``, ``"Classic Reversi"``."""
        return _(self.kind.title)

    def display_side_names(self) -> tuple[str, str]:
        """The two sides' names in the current language: ``("Black", "White")``, Classic's ``("Black", "Red")``."""
        black, white = self.kind.side_names
        return _(black), _(white)

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

    def describe(self, language: str | None = None) -> str:
        """A short human description, e.g. ``'Othello 10x10, anti, 2 blocked'``.

        In ``language`` (a code of :data:`reversi.i18n.LANGUAGES`), by default the
        current one; machine-readable output asks for ``"en"``.
        """
        tr = catalog(language or current_language())
        title = tr.gettext(self.kind.title)
        if self.kind.allows_size:
            # Translators: a rule set's name and its board size, e.g. "Othello 10x10"
            title = tr.pgettext("rules", "{rules} {size}x{size}").format(rules=title, size=self.size)
        parts = [title]
        if self.anti:
            # Translators: the Anti option (fewer discs wins) in a rule set's description, e.g. "Othello 8x8, anti"
            parts.append(tr.pgettext("rules", "anti"))
        if self.free_opening and not self.kind.empty_start:
            parts.append(tr.pgettext("rules", "free opening"))
        if self.blocked:
            n = len(self.blocked)
            # Translators: in a rule set's description: how many squares are blocked, e.g. "Othello 8x8, 2 blocked"
            parts.append(tr.ngettext("{n} blocked", "{n} blocked", n).format(n=n))
        if self.handicap:
            who = _color_word(tr, self.handicap_color)
            # Translators: in a rule set's description: {n} corner discs given to {color} ("black" or "white")
            text = tr.ngettext("handicap {n} to {color}", "handicap {n} to {color}", self.handicap)
            parts.append(text.format(n=self.handicap, color=who))
        return join_list(parts, language or current_language())


def random_blocked(rules: Rules, count: int, seed: int) -> Rules:
    """``rules`` with ``count`` more blocked squares, chosen reproducibly from ``seed``.

    The choice uses the package's own generator (SplitMix64), so the same seed
    gives the same squares on every Python version and platform. Starting squares
    and handicap corners are never chosen.
    """
    g = rules.geometry
    forbidden = rules.centre_mask | sum(1 << i for i in rules.handicap_corners_of(g))
    candidates = [i for i in g.squares if not (1 << i) & forbidden]
    if not is_int(count) or count < 0 or count > len(candidates):
        raise RulesError(
            _("cannot block {count!r} squares: 0 to {free} are free").format(count=count, free=len(candidates))
        )
    if not is_int(seed):
        raise RulesError(_("the seed of the blocked squares must be a whole number, not {seed!r}").format(seed=seed))
    rng = SplitMix64(seed)
    chosen: list[int] = []
    for _draw in range(count):
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
