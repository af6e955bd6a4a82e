"""The saved state: the game and the choices around it, kept in ``localStorage`` between visits.

Autosave keeps it under :data:`STORAGE_KEY`: one versioned JSON object, read back by
:func:`load_state`, which checks every field and raises :class:`StateError` naming the one
that is wrong::

    {"version": 3,
     "rules": {...},          # reversi.formats.record.rules_to_dict
     "start": null,           # or a set-up start: a position string
     "moves": "f5d6(c3)c4",   # the whole tree as move text (variations, comments, marks)
     "live": 2,               # the game's position: plies along the main line
     "shown": [0, 0],         # the position shown: the child taken at each step from the start
     "settings": {...},       # the controller's settings(): players, form fields
     "clock": null,           # or {"base_ms", "increment_ms", "left_ms": [b, w], "flagged"}
     "ending": null}          # or how the game ended before its moves did: rb, rw, tb, tw

Versions 1 (the main line and ``ply``, the position shown) and 2 (no ``ending``) are
still read.

``settings`` is whatever the controller's ``settings()`` returned (who plays,
the new-game form's fields, the time control among them), given back to its
``load_settings()`` on restore, so a new game starts with the last choice.
The fields the page reads are checked (:func:`settings_from_dict`): ``form`` a
map of strings, ``players`` two players, ``hints`` true or false, ``hint_mode`` what the hints
show (absent in states saved before it: every move's value). A choice that cannot be
read, or a damaged clock, is reset and named in ``SavedState.reset``: the game is kept.
The clock is saved paused: time does not run while the page is closed.

What the page does with a saved state it cannot read, one written by a newer
page, or one another tab changed is decided in :mod:`reversi.ui.store.autosave`; the page
writes and reads it in :mod:`reversi.ui.dom.autosave`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from reversi.core.clock import Clock, ClockError
from reversi.core.game import MAX_NODES, Game, Node
from reversi.core.position import Position
from reversi.errors import ReversiError, SavedStateError
from reversi.formats.notation import parse_movetext, parse_position, position_to_string, write_transcript
from reversi.formats.record import (
    Record,
    check_tags,
    ending_code,
    parse_ending_code,
    rules_from_dict,
    rules_to_dict,
)
from reversi.inputs import InputError, load_json, shown
from reversi.ui.drivers.hints import HINT_MODES
from reversi.ui.players import Players
from reversi.ui.settings import MAX_WORKERS_CHOICE, read_workers

#: Version 3 adds how the game ended before its moves did (``ending``: a resignation, a loss on
#: time) and, when the game has any, its details (``tags``: the event, the players' names...);
#: version 2 keeps the game's tree (variations, comments, marks), its live position and the one
#: shown; version 1 (the main line and the position shown, which was the game's). All are read.
STATE_VERSION = 3
STORAGE_KEY = "reversi.state"
#: Where a saved state that could not be read is kept (it is not thrown away).
BROKEN_KEY = "reversi.state.broken"
MAX_STATE_CHARS = 200_000
MAX_FORM_FIELDS = 60
MAX_FIELD_CHARS = 500


#: A saved state that cannot be restored (bad JSON, version, field or move).
StateError = SavedStateError

@dataclass
class SavedState:
    game: Game
    #: The remembered new-game choices: the controller's ``settings()``, as it is.
    settings: dict[str, Any] = field(default_factory=dict)
    clock: Clock | None = None
    #: Why saved choices (settings, the clock) were reset on reading (the game itself was read).
    reset: tuple[str, ...] = ()


def state_to_dict(state: SavedState, now: float = 0.0) -> dict[str, Any]:
    game = state.game
    record = Record.from_game(game)
    shown = []
    node = game.current
    while node.parent is not None:
        shown.append(node.parent.children.index(node))
        node = node.parent
    shown.reverse()
    return {
        "version": STATE_VERSION,
        "rules": rules_to_dict(game.rules),
        "start": None if record.start is None else position_to_string(record.start),
        "moves": record.movetext or write_transcript(record.moves, game.rules.geometry),
        "live": game.live.depth,
        "shown": shown,
        "settings": state.settings,
        "clock": None if state.clock is None else state.clock.to_dict(now),
        "ending": None if game.ending is None else ending_code(game.ending),
        **({"tags": dict(game.tags)} if game.tags else {}),  # the game's details, when it has any
    }


def dump_state(state: SavedState, now: float = 0.0) -> str:
    return json.dumps(state_to_dict(state, now), separators=(",", ":"), sort_keys=True)


_STATE_KEYS = ("version", "rules", "start", "moves", "live", "shown", "settings", "clock", "ending")
_STATE_KEYS_V2 = _STATE_KEYS[:-1]
_STATE_KEYS_V1 = ("version", "rules", "start", "moves", "ply", "settings", "clock")


def load_state(text: str | None) -> SavedState:
    """Read a saved state; raises :class:`StateError` naming what is wrong."""
    if text is None:
        raise StateError("saved state: nothing saved")
    if not isinstance(text, str):
        raise StateError(f"saved state: expected text, not {type(text).__name__}")
    if len(text) > MAX_STATE_CHARS:
        raise StateError(f"saved state: {len(text)} characters is too long")
    try:
        data = load_json(text, "saved state")
    except InputError as e:
        raise StateError(str(e)) from None
    return state_from_dict(data)


def state_from_dict(data: Any) -> SavedState:
    if not isinstance(data, dict):
        raise StateError(f"saved state: expected a JSON object, not {_kind(data)}")
    version = data.get("version")
    if version not in (1, 2, STATE_VERSION) or not isinstance(version, int) or isinstance(version, bool):
        raise StateError(f"saved state: version {version!r} is not supported (this page reads version {STATE_VERSION})")
    keys = {1: _STATE_KEYS_V1, 2: _STATE_KEYS_V2}.get(version, _STATE_KEYS)
    missing = [k for k in keys if k not in data]
    if missing:
        raise StateError(f"saved state: missing {', '.join(missing)}")
    unknown = sorted(set(data) - set(keys) - ({"tags"} if version == STATE_VERSION else set()))
    if unknown:
        raise StateError(f"saved state: unknown field(s) {', '.join(unknown)}")
    try:
        rules = rules_from_dict(data["rules"])
    except ReversiError as e:
        raise StateError(f"saved state: rules: {e}") from None
    start_text = data["start"]
    if start_text is not None and not isinstance(start_text, str):
        raise StateError(f"saved state: start must be a position string or null, not {_kind(start_text)}")
    try:
        start = Position.start(rules) if start_text is None else parse_position(start_text, rules)
    except ReversiError as e:
        raise StateError(f"saved state: start: {e}") from None
    moves = data["moves"]
    if not isinstance(moves, str):
        raise StateError(f"saved state: moves must be a transcript string, not {_kind(moves)}")
    try:
        game = parse_movetext(start, moves)
    except ReversiError as e:
        raise StateError(f"saved state: moves: {e}") from None
    main = game.main_line()
    live = data["ply"] if version == 1 else data["live"]
    if not isinstance(live, int) or isinstance(live, bool):
        raise StateError(f"saved state: live must be a whole number, not {live!r}")
    if not 0 <= live < len(main):
        raise StateError(f"saved state: live {live} is outside 0..{len(main) - 1} (the moves saved)")
    game.set_live(main[live])
    if version >= 2:
        game.go_to_node(_shown_node(game, data["shown"]))
    ending = data.get("ending")
    if ending is not None:
        if not isinstance(ending, str):
            raise StateError(f"saved state: ending must be rb, rw, tb, tw or null, not {_kind(ending)}")
        try:
            parsed = parse_ending_code(ending)
        except ReversiError as e:
            raise StateError(f"saved state: {e}") from None
        if not game.end(parsed):
            raise StateError(f"saved state: ending {ending!r}, but the game's moves end it")
    tags = data.get("tags", {})
    if not isinstance(tags, dict):
        raise StateError(f"saved state: tags must be an object, not {_kind(tags)}")
    try:
        game.tags = check_tags(tags)
    except ReversiError as e:
        raise StateError(f"saved state: tags: {e}") from None
    # the choices around the game: one that cannot be read is reset, the game is kept (and said)
    settings, reset = readable_settings(data["settings"])
    clock = None
    if data["clock"] is not None:
        try:
            clock = Clock.from_dict(data["clock"])
        except ClockError as e:
            reset.append(f"saved state: {e}")
    return SavedState(game, settings, clock, tuple(reset))


def _shown_node(game: Game, path: Any) -> Node:
    """The node a saved ``shown`` path (the child's index at each step) leads to."""
    if not isinstance(path, list) or len(path) > MAX_NODES:
        raise StateError(f"saved state: shown must be a list of at most {MAX_NODES} numbers")
    node = game.root
    for step in path:
        if not isinstance(step, int) or isinstance(step, bool) or not 0 <= step < len(node.children):
            raise StateError(f"saved state: shown: {step!r} is not a move of the position at ply {node.depth}")
        node = node.children[step]
    return node


def settings_from_dict(data: Any) -> dict[str, Any]:
    """The remembered choices: a JSON object; the fields this page reads are checked.

    A ``form`` must map names to strings, ``players`` must be players
    (:meth:`reversi.ui.players.Players.from_dict`: two kinds, two levels, a time), ``hints``
    true or false, ``hint_mode`` one of :data:`~reversi.ui.drivers.hints.HINT_MODES`, ``workers``
    (the engine's, as the person chose: :func:`reversi.ui.settings.read_workers`) a whole number
    from 0 to :data:`~reversi.ui.settings.MAX_WORKERS_CHOICE`. Other fields are kept as they are (a
    later page may add some).
    """
    if not isinstance(data, dict):
        raise StateError(f"saved state: settings must be an object, not {_kind(data)}")
    if "form" in data:
        form_fields(data["form"])
    if "players" in data:
        try:
            Players.from_dict(data["players"])
        except ReversiError as e:
            raise StateError(f"saved state: settings.players: {e}") from None
    if "hints" in data and not isinstance(data["hints"], bool):
        raise StateError(f"saved state: settings.hints must be true or false, not {_kind(data['hints'])}")
    if "hint_mode" in data and (not isinstance(data["hint_mode"], str) or data["hint_mode"] not in HINT_MODES):
        raise StateError(f"saved state: settings.hint_mode must be {', '.join(HINT_MODES[:-1])} or {HINT_MODES[-1]}, "
                         f"not {_mode_kind(data['hint_mode'])}")
    if "workers" in data and read_workers(data["workers"]) is None:
        raise StateError(f"saved state: settings.workers must be a whole number from 0 to {MAX_WORKERS_CHOICE}, "
                         f"not {_kind(data['workers'])}")
    return data


def readable_settings(data: Any) -> tuple[dict[str, Any], list[str]]:
    """The remembered choices that can be read (:func:`settings_from_dict`, field by field), and
    why each of the others was left out: a damaged choice costs that choice, not the saved game."""
    try:
        return settings_from_dict(data), []
    except StateError as e:
        if not isinstance(data, dict):
            return {}, [str(e)]
    kept: dict[str, Any] = {}
    reset: list[str] = []
    for key, value in data.items():
        try:
            kept.update(settings_from_dict({key: value}))
        except StateError as e:
            reset.append(str(e))
    return kept, reset


def form_fields(data: Any) -> dict[str, str]:
    """A remembered form: at most 60 fields, names and values short strings."""
    if not isinstance(data, dict):
        raise StateError(f"saved state: settings.form must be an object, not {_kind(data)}")
    if len(data) > MAX_FORM_FIELDS:
        raise StateError(f"saved state: settings.form has {len(data)} fields (at most {MAX_FORM_FIELDS})")
    for key, value in data.items():
        if not isinstance(value, str):
            raise StateError(f"saved state: settings.form.{key} must be a string, not {_kind(value)}")
        if len(key) > 100 or len(value) > MAX_FIELD_CHARS:
            raise StateError(f"saved state: settings.form.{key[:40]} is too long")
    return dict(data)


def _mode_kind(value: Any) -> str:
    """A choice that should have been one of some words: the word, if it is one ("'loud'")."""
    return shown(value) if isinstance(value, str) else _kind(value)


def _kind(value: Any) -> str:
    return {dict: "an object", list: "a list", str: "a string", bool: "true/false", type(None): "null"}.get(
        type(value), f"the number {value!r}" if isinstance(value, (int, float)) else type(value).__name__
    )
