"""The new-game form read: every field's string checked, refused with a message. No DOM here.

The form arrives as a mapping of field names to strings (what the browser's ``FormData`` gives):

* the rules (:func:`rules_from_fields`: the rule set, size, options, blocked squares, handicap),
  with :func:`form_applicable` (what the chosen rule set takes), :func:`preview_fields` and
  :func:`form_side_names` for the form as it is being filled in;
* who plays (:func:`players_from_fields`: a person against the computer, two people, computer
  against computer; the levels and Expert's time per move), with the choices' texts
  (:func:`form_option_texts`, :func:`level_choices`);
* the opening (:func:`balanced_from_fields`: the rule set's start or a balanced random opening,
  its length, window and seed; :func:`opening_preview`);
* the clock (``clock``, a time control ``BASE+INC``: :func:`reversi.core.clock.parse_time_control`).

Every refused value or combination raises :class:`~reversi.errors.RulesError` (or, for who
plays, :class:`~reversi.errors.SettingsError`) with a message to show as it is; the controller
(:meth:`reversi.ui.controller.Controller.new_game`) starts the game the fields describe.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from reversi.core.rules import BLACK, WHITE, Rules, random_blocked, variant_by_name
from reversi.engine.levels import DEFAULT_LEVEL, LEVELS, current_level, get_level
from reversi.errors import NotationError, ReversiError, RulesError
from reversi.formats.balanced_spec import MAX_SEED, BalancedSpec, check_opening
from reversi.i18n import N_, _, format_number
from reversi.ui.players import MODE_COMPUTERS, MODE_TWO_PLAYERS, MODE_VS_COMPUTER, Players, PlayersError, seconds_text

#: The players' fields of the new-game form, with their defaults (two people at
#: one board, as before there was a computer).
PLAYER_FORM_DEFAULTS: dict[str, str] = {
    "players": MODE_VS_COMPUTER,  # a visitor opens the page and plays the computer
    "you": "black",  # the person's side against the computer
    "level": str(DEFAULT_LEVEL),  # the computer's level (Black's, computer against computer)
    "level2": str(DEFAULT_LEVEL),  # White's level, computer against computer
    "think": "",  # Expert's time per move in seconds ("": the level's own)
}

#: The new-game form's choices of Expert's time per move: (field value, label).
THINK_CHOICES: tuple[tuple[str, str], ...] = (
    ("", f"{LEVELS[-1].seconds:g} s"),
    ("5", "5 s"),
    ("10", "10 s"),
    ("30", "30 s"),
)

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


#: Field names of the new-game form, with their defaults.
FORM_DEFAULTS: dict[str, str] = {
    "variant": "othello",
    "size": "8",
    "anti": "",
    "free_opening": "",
    "blocked_mode": "none",  # none | random | list
    "blocked_count": "4",
    "blocked_seed": "",
    "blocked_list": "",
    "handicap": "0",
    "handicap_color": "black",
    **PLAYER_FORM_DEFAULTS,  # who plays: reversi/ui/players.py
    **OPENING_FORM_DEFAULTS,  # the rule set's start or a balanced opening: reversi/ui/forms.py
    "clock": "none",  # time control "BASE+INC" in seconds: reversi/core/clock.py
}

_SQUARE_SPLIT = re.compile(r"[\s,;]+")
#: A whole number in a form field (ASCII digits: '²' is a digit to str.isdigit, not to int).
_WHOLE = re.compile(r"-?[0-9]{1,6}")
_SEED = re.compile(r"-?[0-9]{1,18}")


def _int_field(fields: Mapping[str, str], key: str, what: str) -> int:
    text = str(fields.get(key, FORM_DEFAULTS.get(key, ""))).strip()
    if not _WHOLE.fullmatch(text):
        # Translators: a field of the new-game form ("board size", "handicap") and what was typed in it
        raise RulesError(_("{field} {value!r} is not a whole number").format(field=_(what), value=text[:20]))
    return int(text)


def _flag(fields: Mapping[str, str], key: str) -> bool:
    return str(fields.get(key, "")).strip().lower() in ("on", "true", "1", "yes")


def rules_from_fields(fields: Mapping[str, str], seed: int | None = None) -> Rules:
    """The :class:`Rules` the new-game form asks for; raises RulesError if refused.

    A random set of blocked squares uses the form's seed, else ``seed``, else a
    fresh random one; the squares chosen end up in ``Rules.blocked`` either way,
    so the game stays reproducible from its record.
    """
    variant = str(fields.get("variant", "othello")).strip() or "othello"
    size = _int_field(fields, "size", N_("board size"))
    handicap = _int_field(fields, "handicap", N_("handicap"))
    color_text = str(fields.get("handicap_color", "black")).strip().lower()
    if color_text not in ("black", "white"):
        raise RulesError(_("handicap colour {color!r} must be black or white").format(color=color_text))
    mode = str(fields.get("blocked_mode", "none")).strip().lower()
    listed: tuple[str, ...] = ()
    if mode == "list":
        listed = tuple(s for s in _SQUARE_SPLIT.split(str(fields.get("blocked_list", ""))) if s)
        if not listed:
            raise RulesError(_("blocked squares: give at least one square, e.g. 'c3 f6'"))
    elif mode not in ("none", "random"):
        raise RulesError(_("blocked squares: unknown choice {choice!r}").format(choice=mode))
    rules = Rules(
        variant,
        size=size,
        anti=_flag(fields, "anti"),
        free_opening=_flag(fields, "free_opening"),
        blocked=listed,
        handicap=handicap,
        handicap_color=WHITE if color_text == "white" else BLACK,
    )
    if mode == "random":
        count = _int_field(fields, "blocked_count", N_("number of blocked squares"))
        seed_text = str(fields.get("blocked_seed", "")).strip()
        if seed_text:
            if not _SEED.fullmatch(seed_text):
                raise RulesError(
                    _("seed {seed!r} is not a whole number (at most 18 digits)").format(seed=seed_text[:20])
                )
            seed = int(seed_text)
        elif seed is None:
            import random  # only here: keeps the page's start-up imports small

            seed = random.randrange(1 << 32)
        rules = random_blocked(rules, count, seed)
    return rules


#: The new-game form's fields that only some rule sets take (disabled for the others).
OPTIONAL_FIELDS = ("size", "free_opening", "handicap", "handicap_color")


def form_applicable(fields: Mapping[str, str]) -> dict[str, bool]:
    """Which of :data:`OPTIONAL_FIELDS` the rule set chosen in the form takes: Octagon has one size
    and no handicap, Classic starts with an empty centre anyway (no free-opening option)."""
    try:
        variant = variant_by_name(str(fields.get("variant", "othello")))
    except RulesError:
        return dict.fromkeys(OPTIONAL_FIELDS, True)
    handicap = variant.allows_handicap
    return {
        "size": variant.allows_size,
        "free_opening": not variant.empty_start,
        "handicap": handicap,
        "handicap_color": handicap,
    }


def preview_fields(fields: Mapping[str, str]) -> tuple[bool, str]:
    """``(True, description)`` of the game the form asks for, or ``(False, error)``."""
    try:
        rules = rules_from_fields(fields, seed=0)
        text = rules.describe()
        opening = balanced_from_fields(fields, rules, seed=0)
    except RulesError as e:
        return False, str(e)
    if opening is not None:
        text += " · " + opening_preview(opening, bool(str(fields.get("opening_seed", "")).strip()))
    return True, text


def form_side_names(fields: Mapping[str, str]) -> tuple[str, str]:
    """The side names of the rule set chosen in the form (Classic: Black and Red), as shown."""
    try:
        black, white = variant_by_name(str(fields.get("variant", "othello"))).side_names
    except RulesError:
        black, white = N_("Black"), N_("White")
    return _(black), _(white)


def form_option_texts() -> dict[str, str]:
    """The new-game form's options drawn from tables, by CSS selector: the levels ("5 · Strong club")
    and Expert's times per move ("1.8 s"), in the current language."""
    out: dict[str, str] = {}
    for level, name in level_choices():
        # Translators: a level in the new-game form's list: its number and name, "5 · Strong club"
        text = _("{level} · {name}").format(level=level, name=name)
        for select in ("level", "level2"):
            out[f'select[name="{select}"] option[value="{level}"]'] = text
    for value, _label in THINK_CHOICES:
        seconds = float(value) if value else LEVELS[-1].seconds
        out[f'select[name="think"] option[value="{value}"]'] = _("{seconds} s").format(seconds=seconds_text(seconds))
    return out


def level_choices() -> list[tuple[int, str]]:
    """``(level, name)`` for every level, weakest first (for the form's selects), in the current language."""
    return [(lv.level, _(lv.name)) for lv in LEVELS]


def _level_field(fields: Mapping[str, str], key: str) -> int:
    text = str(fields.get(key, PLAYER_FORM_DEFAULTS[key])).strip()
    if not (text.isascii() and text.isdigit() and len(text) <= 3):
        raise PlayersError(_("level {level!r} is not a level: 1 to {most}").format(level=text, most=len(LEVELS)))
    level = current_level(int(text))
    try:
        get_level(level)
    except ReversiError:
        raise PlayersError(
            _("level {level!r} is not a level: 1 to {most}").format(level=text, most=len(LEVELS))
        ) from None
    return level


def _think_field(fields: Mapping[str, str]) -> float | None:
    # parsed here, checked by Players (the range and its message are there)
    text = str(fields.get("think", PLAYER_FORM_DEFAULTS["think"])).strip()
    if not text:
        return None
    if len(text) > 20:
        raise PlayersError(_("time per move {text!r}… is not a number of seconds").format(text=text[:20]))
    try:
        return float(text)  # the range (NaN and infinity refused) is checked by Players
    except ValueError:
        raise PlayersError(_("time per move {text!r} is not a number of seconds").format(text=text)) from None


def players_from_fields(fields: Mapping[str, str]) -> Players:
    """The :class:`Players` the new-game form asks for; raises PlayersError if refused."""
    mode = str(fields.get("players", PLAYER_FORM_DEFAULTS["players"])).strip() or MODE_TWO_PLAYERS
    if mode == MODE_TWO_PLAYERS:
        return Players()
    if mode == MODE_VS_COMPUTER:
        you = str(fields.get("you", "black")).strip().lower()
        if you not in ("black", "white"):
            raise PlayersError(_("your side {side!r} must be black or white").format(side=you))
        return Players.vs_computer(0 if you == "black" else 1, _level_field(fields, "level"), _think_field(fields))
    if mode == MODE_COMPUTERS:
        return Players.computers(_level_field(fields, "level"), _level_field(fields, "level2"), _think_field(fields))
    raise PlayersError(_("players: unknown choice {choice!r}").format(choice=mode))
