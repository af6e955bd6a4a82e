"""The new-game form's opening: the rule set's start, or a balanced random opening. No DOM here.

The form's fields ``opening`` (``standard`` or ``balanced``), ``opening_moves``,
``opening_within`` (discs) and ``opening_seed`` (empty: a random seed, chosen when the game
starts and kept in its record, so the game can be drawn again) are read by
:func:`balanced_from_fields`; the controller starts the game waiting for its opening (the
record's :data:`~reversi.formats.balanced.TAG`), which the engine's worker draws
(:class:`reversi.ui.drivers.openings.OpeningDriver`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from reversi.core.rules import Rules
from reversi.errors import NotationError, RulesError
from reversi.formats.balanced import MAX_SEED, BalancedSpec, check_opening
from reversi.i18n import N_, _, format_number

#: The form's opening fields, with their defaults.
OPENING_FORM_DEFAULTS: dict[str, str] = {
    "opening": "standard",  # standard | balanced
    "opening_moves": "8",
    "opening_within": "2",
    "opening_seed": "",
}

_NUMBER = re.compile(r"[0-9]{1,20}")


def _number(fields: Mapping[str, str], key: str, what: str) -> int:
    text = str(fields.get(key, OPENING_FORM_DEFAULTS[key])).strip()
    if not _NUMBER.fullmatch(text):
        # Translators: a field of the new-game form's opening ("opening moves") and what was typed in it
        raise RulesError(_("{field} {value!r} is not a whole number").format(field=_(what), value=text[:20]))
    return int(text)


def balanced_from_fields(fields: Mapping[str, str], rules: Rules, seed: int | None = None) -> BalancedSpec | None:
    """The balanced opening the form asks for (None: the rule set's start); raises RulesError.

    An empty seed takes ``seed``, else a random one. The length is checked against the board
    (a 4x4 board has room for 11 moves).
    """
    choice = str(fields.get("opening", "standard")).strip().lower()
    if choice == "standard":
        return None
    if choice != "balanced":
        raise RulesError(_("opening: unknown choice {choice!r}").format(choice=choice[:20]))
    plies = _number(fields, "opening_moves", N_("opening moves"))
    within = _number(fields, "opening_within", N_("opening discs"))
    if str(fields.get("opening_seed", "")).strip():
        seed = _number(fields, "opening_seed", N_("opening seed"))
        if seed > MAX_SEED:
            raise RulesError(_("balanced opening: the seed is out of range: 0 to {most}").format(most=MAX_SEED))
    elif seed is None:
        import random  # only here: keeps the page's start-up imports small

        seed = random.randrange(1 << 32)
    try:
        spec = BalancedSpec(plies, within, seed)
        check_opening(rules, plies, within)
    except NotationError as e:
        raise RulesError(str(e)) from None
    return spec


def opening_preview(spec: BalancedSpec, seeded: bool) -> str:
    """The form's preview of the opening: its description, the seed as "random" when none was given."""
    if seeded:
        return spec.describe()
    # Translators: the new-game form's preview of a balanced opening whose seed is chosen at the start
    return _("A balanced opening: {plies} moves within ±{within} discs (a random seed)").format(
        plies=format_number(spec.plies), within=format_number(spec.within))


__all__ = ["OPENING_FORM_DEFAULTS", "balanced_from_fields", "opening_preview"]
