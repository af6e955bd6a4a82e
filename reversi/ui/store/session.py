"""Everything around the game that outlives a click: pure, tested under CPython.

* **The saved state** (autosave in ``localStorage`` under :data:`STORAGE_KEY`):
  one versioned JSON object, read back by :func:`load_state`, which checks
  every field and raises :class:`StateError` naming the one that is wrong::

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
  map of strings, ``players`` two players, ``hints`` true or false. A choice that cannot be
  read, or a damaged clock, is reset and named in ``SavedState.reset``: the game is kept.
  The clock is saved paused: time does not run while the page is closed.
* **The share link**: the page's query string holds the game's parameters
  (:mod:`reversi.formats.links`), plus ``at=K`` when the cursor is not at the end of the line,
  and keeps the parameters of other features (:func:`link_query`); :func:`game_from_link` reads it back.
* **Text brought in** by a person (:func:`load_text`): a transcript, a position
  string, a record file or a link, told apart by their look.
* **Which side's clock runs** (:func:`clock_turn`), from what the intents did (the controller's events).

What the page does with a saved state it cannot read, one written by a newer
page, or one another tab changed is decided in :mod:`reversi.ui.store.autosave`.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qsl

from reversi.core.clock import Clock, ClockError
from reversi.core.game import MAX_NODES, Game, Node
from reversi.core.position import Position
from reversi.core.rules import Rules
from reversi.errors import NotationError, ReversiError, SavedStateError
from reversi.formats.ggf import is_ggf, read_ggf_games
from reversi.formats.links import (
    GAME_KEYS,
    link_version,
    parse_query,
    record_from_query,
    record_params,
    rewrite_query,
)
from reversi.formats.notation import (
    clean_copied,
    parse_movetext,
    parse_position,
    position_to_string,
    rules_for_position,
    write_transcript,
)
from reversi.formats.record import (
    MAX_RECORDS_TEXT,
    MAX_TEXT,
    Record,
    check_tags,
    ending_code,
    parse_ending_code,
    read_record,
    rules_from_dict,
    rules_to_dict,
)
from reversi.i18n import _, ngettext
from reversi.inputs import InputError, clean_text, load_json
from reversi.ui.events import Event, EventKind
from reversi.ui.players import Players

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

# -- what this module says to a person ------------------------------------------------------
#: The largest file of each kind opened (bytes; others: a record's MAX_TEXT): files of many games,
#: read a slice at a time (reversi/ui/dom/games_list.py). A WTHOR year is under 1 MB.
MAX_FILE_BYTES = {"ggf": 30_000_000, "wtb": 50_000_000, "jou": 2_000_000, "trn": 2_000_000,
                  "rev": MAX_RECORDS_TEXT}  # a file of several records (games --to rev): a list
FILE_TOO_BIG = "{name} was not opened: it is {size:,} bytes, and a game file is at most {limit:,}."


@dataclass
class SavedState:
    game: Game
    #: The remembered new-game choices: the controller's ``settings()``, as it is.
    settings: dict[str, Any] = field(default_factory=dict)
    clock: Clock | None = None
    #: Why saved choices (settings, the clock) were reset on reading (the game itself was read).
    reset: tuple[str, ...] = ()


# -- the saved state ---------------------------------------------------------------------


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
    true or false. Other fields are kept as they are (a later page may add some).
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


def _kind(value: Any) -> str:
    return {dict: "an object", list: "a list", str: "a string", bool: "true/false", type(None): "null"}.get(
        type(value), f"the number {value!r}" if isinstance(value, (int, float)) else type(value).__name__
    )


# -- the share link --------------------------------------------------------------------------


def link_query(game: Game, current: str = "", players: str = "") -> str:
    """The query string (no ``?``) that restores ``game``: its record (its tree, who plays: ``players``,
    a code of :func:`reversi.formats.record.players_code`), and ``at`` when the game's position is
    not the end of its main line (moves taken back, which redo would replay).

    The parameters of other features in ``current`` (the address's query string
    now, e.g. a language) are kept: the game owns only its rows of
    :data:`reversi.formats.links.PARAMETERS`. An address that cannot be read at all
    (too long, a parameter twice, a newer link format) is replaced whole.
    """
    try:
        parse_query(current)
    except ReversiError:
        current = ""  # an address that cannot be read (too long, newer, doubled) keeps nothing of itself
    # who plays goes with a game that has begun (a fresh page's address stays plain)
    record = Record.from_game(game, players=players if game.root.children else "")
    query = rewrite_query(rewrite_query(current, "game", record_params(record)), "link", link_version(record))
    live = game.live  # the game's position; browsing elsewhere does not change the address
    at = {"at": str(live.depth)} if live.children else {}
    return rewrite_query(query, "browse", at)


def is_game_link(query: str) -> bool:
    """Does the address's query string hold a game (any of the game's or browsing's parameters)?"""
    return any(key in GAME_KEYS for key, _ in parse_qsl(query.lstrip("?"), keep_blank_values=True))


def read_link(query: str) -> tuple[Game | None, str]:
    """The game the address's query string holds, and why it cannot be read ('' if it can).

    ``(game, "")`` for a game link, ``(None, "")`` for an address with no game in it,
    ``(None, error)`` for one that cannot be read: a game link that is wrong, or an
    address that is too long, repeats a parameter or is of a newer link format
    (whatever it holds).
    """
    game, _players, error = read_link_players(query)
    return game, error


def read_link_players(query: str) -> tuple[Game | None, str, str]:
    """As :func:`read_link`, with the players' code the link names (''  for none) in the middle."""
    try:
        params = parse_query(query)
        if not any(key in GAME_KEYS for key in params):
            return None, "", ""
        game, players = link_game(query)
        return game, players, ""
    except ReversiError as e:
        return None, "", str(e)


def game_from_link(query: str) -> Game:
    """The game a share link holds, its position where ``at`` puts it on the main line (else its end)."""
    return link_game(query)[0]


def link_game(query: str) -> tuple[Game, str]:
    """The game a share link holds (as :func:`game_from_link`) and who plays it (a players' code, or '')."""
    record = record_from_query(query)
    game = record.to_game()
    main = game.main_line()
    at = parse_query(query).get("at")
    if at is not None:
        if not (at.isascii() and at.isdigit() and len(at) <= 4) or not 0 <= int(at) < len(main):
            raise StateError(f"link: at={at!r} should be a number of plies within 0..{len(main) - 1}")
        game.set_live(main[int(at)])  # the game is there; the moves after it are kept to redo
    return game, record.players


# -- text brought in by a person ----------------------------------------------------------

_POSITION_CHARS = frozenset("XxOoBbWw*-.#/")


def kind_of_text(text: str) -> str:
    """``"ggf"``, ``"record"``, ``"link"``, ``"position"`` or ``"transcript"``, by the look of ``text``."""
    t = text.strip()
    if is_ggf(t):
        return "ggf"
    if t.startswith("[") or "\n[" in t:
        return "record"
    if t.startswith(("?", "http://", "https://")) or ("?" in t and "=" in t):
        return "link"
    first = t.split()[0] if t else ""
    if len(first) >= 16 and set(first) <= _POSITION_CHARS:
        return "position"
    return "transcript"


def load_text(text: str, rules: Rules) -> tuple[Game, str, str]:
    """A game from pasted text, what the text was, and who plays (a players' code; '' names nobody).

    A transcript is played from the start of ``rules``; a position string sets
    up a position under ``rules`` (its size taken from the string); a record
    file or a link brings its own rules (a puzzle set's link, ``"puzzle set"``, its first
    puzzle's position). Raises :class:`ReversiError`
    subclasses with the engine's message.
    """
    if len(text) > MAX_TEXT:
        raise StateError(f"the text is too long: {len(text):,} characters (at most {MAX_TEXT:,})")
    if not text.strip():
        raise StateError("paste a transcript (f5d6c3), a position string, a game record or a link first")
    text = clean_text(text.removeprefix("\ufeff"))  # a byte-order mark, as some editors write one
    kind = kind_of_text(text)
    if kind in ("record", "ggf"):
        record, _note = read_game_file(text)
        return record.to_game(), kind, record.players
    if kind == "link":
        query = (text.strip().split("?", 1)[1] if "?" in text else text.strip()).split("#", 1)[0]
        if "ps" in parse_query(query):
            # a puzzle set's link holds no game: its first puzzle's position (the set itself is
            # solved on its own page); a set that cannot be read says why
            from reversi.ui.embed.puzzle_set import read_puzzle_set

            return Game(start=read_puzzle_set(query)[0][0]), "puzzle set", ""
        game, players = link_game(query)
        return game, kind, players
    if kind == "position":
        position = parse_position(text, rules_for_position(text, rules))
        return Game(start=position), kind, ""
    return parse_movetext(Position.start(rules), clean_copied(text)[0]), kind, ""


def read_game_file(text: str) -> tuple[Record, str]:
    """The game of a file's text: a ``.rev`` record, or the first game of a GGF file that can be
    read (:mod:`reversi.formats.ggf`), and what else the file held ('' when nothing: "the first of
    12 games"). Raises :class:`~reversi.errors.ReversiError` naming what is wrong."""
    if not is_ggf(text):
        return read_record(text), ""
    entries = read_ggf_games(text)
    good = [e for e in entries if e.record is not None]
    if not good:
        raise NotationError(entries[0].error if entries else _("a GGF game starts with '(;'"))
    first = good[0]
    assert first.record is not None
    if len(entries) == 1:
        return first.record, ""
    # Translators: opening a GGF file of several games, the first readable one is shown: "game 1 of 12"
    return first.record, ngettext("game {number} of {n}", "game {number} of {n}", len(entries)).format(
        number=first.number, n=len(entries))


def file_size_error(name: str, size: int) -> str:
    """Why a file of ``size`` bytes is not opened ('' when it may be): the check before reading it.

    Text is at most :data:`~reversi.formats.record.MAX_TEXT` characters, and a
    character is at least one byte: a larger file is refused unread.
    """
    limit = MAX_FILE_BYTES.get(name.rsplit(".", 1)[-1].lower(), MAX_TEXT)
    if size > limit:
        return FILE_TOO_BIG.format(name=name, size=size, limit=limit)
    return ""


def record_text(game: Game, players: Players | None = None, date: str = "") -> str:
    """The game as a ``.rev`` record file: the whole tree, its details (:attr:`Game.tags
    <reversi.core.game.Game.tags>`), who plays (two people named as such) and how it ended;
    ``date`` (``2026-12-03``) is its Date tag when the game has none."""
    from reversi.formats.record import write_record

    tags = {}
    if date and "Date" not in game.tags:
        tags["Date"] = date.replace("-", ".")  # PGN's form: 2026.12.03
    code = "" if players is None else players.to_code() or "hh"
    return write_record(Record.from_game(game, tags, players=code))


# -- the clock follows the game -------------------------------------------------------------


def clock_turn(game: Game, events: Iterable[Event], stopped: bool = False) -> tuple[int | None, int | None]:
    """``(running side or None, side that just moved or None)`` for ``game`` after ``events``
    (what the controller's intents did since the last redraw, :mod:`reversi.ui.events`).

    The clock runs for the side to move at the game's live position while it is
    the end of the game's line and the game goes on (``stopped``: lost on time):
    browsing other positions (and variations played there) does not stop it; taking a
    move back pauses it, and the next move starts it again. A move is a move of the game
    (played at its live position) that changed its main line and leaves the live position
    at its end, further on than before (so redo, or a move that follows the line already
    there, is not a move); the side that made it earns the increment. A redraw that puts
    another game on the board has no move.
    """
    live = game.live
    at_end = not live.children
    moved = None
    events = tuple(events)
    if at_end and not any(e.replaces_game for e in events):
        first = next((e for e in events if e.kind is EventKind.MOVED and e.live), None)  # a redraw has one
        if first is not None and first.changed_tree and first.before is not None and live.depth > first.before.depth:
            moved = first.before.position.turn
    running = live.position.turn if at_end and not stopped and not live.position.is_over else None
    return running, moved
