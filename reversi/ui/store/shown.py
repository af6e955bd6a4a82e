"""The position the board shows, kept beside the saved game for the first paint. No DOM here.

Until Python has loaded (1 to 7 s), the page is index.html's static board: the start of
standard Othello, drawn by the site's generator. On a returning visit the game on the board
is the saved one, so each time the autosave writes the saved game
(:data:`~reversi.ui.store.saved_state.STORAGE_KEY`) it also writes, under :data:`SHOWN_KEY`, what
the board will show once that game is restored (:func:`restored_shown`): a small versioned
JSON object that ``assets/first-board.js`` draws without any rules::

    {"v": 2,                        # SHOWN_VERSION
     "board": "8x8",                # the board's shape: "WxH" (a square board) or "octagon"
     "cells": "---...XO...",        # width*height characters in reading order (a1, b1, ..., a2, ...):
                                    #   "-" empty, "X" black, "O" white, "#" blocked, "_" not on the board
     "turn": "white",               # the side to move; "" when the game is over
     "moves": 3,                    # moves played to it (passes not counted): #board's data-moves
     "last": "c3",                  # the last move's square, or null
     "legal": ["c4", "e3", "f6"],   # the squares drawn as legal moves (a person's turn only)
     "colors": ["black", "white"],  # the colours of the two sides' discs (Classic's second is "red")
     "rotated": false,              # the board turned by 180 degrees
     "ring": false,                 # the second side's discs carry a ring (a setting)
     "plain": true,                 # standard 8x8 Othello: the static page's title and board name fit
     "state": "1c291ca3",           # CRC-32 (UTF-8) of the saved text it describes
     "link": "5e2a9b04"}            # CRC-32 of the game's parameters of the address once it is restored

The record is bound to the saved text it describes (``state``): the first paint draws it only
when the saved text is that one, so a record left behind by a save that failed half way, by
another tab or by an older page is never drawn over another game. The page's address follows
the game (a link to it, :mod:`reversi.ui.dom.address`), so a reload brings the saved game's
own link: the record names it too (``link``: :func:`link_check` of the address's game
parameters once the game is restored), and an address holding a game link is drawn only when it
is that one. Another game link while a game is saved (another game, or a friend's reply that
carries the saved game on: :func:`reversi.ui.store.autosave.reply_moves`) is a game the first
paint cannot draw: the board waits (:func:`first_paint_mode`). The first paint draws only
what the static board can show (:func:`drawable`: 8x8, no blocked square, black and white discs,
not turned); for any other record (or none, or a damaged one) while a game is saved, it shows
the board waiting and takes no click.

A click made before Python is ready is kept by the first paint with the key of the position on
the screen (:func:`shown_key`, made from the board's DOM); :func:`early_click` plays it only on
that same position (:func:`view_key` of what Python drew), never on another.

:func:`load_shown` reads a record back with the first paint's own checks (the tests compare
them, and hostile values go through both).
"""

from __future__ import annotations

import json
import re
import zlib
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qsl

from reversi.core.rules import Rules
from reversi.drawing.render import BLACK, BLOCKED, CUT, EMPTY, WHITE, BoardView
from reversi.errors import SavedStateError
from reversi.formats.links import GAME_KEYS
from reversi.inputs import InputError, is_int, load_json
from reversi.ui.sharing import is_game_link, link_query
from reversi.ui.store.saved_state import SavedState

#: Where the record is kept (``localStorage``): a key of its own, which older pages never read (the
#: saved state's own fields are checked strictly: a new field would make it unreadable to them).
SHOWN_KEY = "reversi.shown"
#: Version 2 adds ``link`` (a record of version 1 is not drawn: the board waits, and Python writes a new one).
SHOWN_VERSION = 2
#: The longest record read (a 16x16 board's is under 1,500 characters).
MAX_SHOWN_CHARS = 4000
#: What stands on a cell, as one character of ``cells``.
CELL_CHARS = {EMPTY: "-", BLACK: "X", WHITE: "O", BLOCKED: "#", CUT: "_"}
SIDE_NAMES = ("black", "white")
#: The fields of a record, each required.
FIELDS = ("v", "board", "cells", "turn", "moves", "last", "legal", "colors", "rotated", "ring", "plain", "state",
          "link")
#: The colours a disc may have (:data:`reversi.drawing.render.DISC_PAINTS`).
DISC_COLORS = ("black", "white", "red")
COLUMNS = "abcdefghijklmnop"
_CHECK = re.compile(r"[0-9a-f]{8}")
_BOARD = re.compile(r"(\d{1,2})x(\d{1,2})")
_SQUARE = re.compile(r"([a-p])([1-9]|1[0-6])")

#: What the first paint does (:func:`first_paint_mode`, ``<html data-first-paint>``; the static start board: no value).
START = "start"
SAVED = "saved"
WAITING = "waiting"

#: What :func:`early_click` decides.
PLAY = "play"
DROP = "drop"
NONE = "none"

#: A record that cannot be read.
ShownError = SavedStateError


@dataclass(frozen=True)
class Shown:
    """The position a saved game shows when it is restored (one record of :data:`SHOWN_KEY`)."""

    board: str
    cells: str
    turn: str
    moves: int
    last: str | None
    legal: tuple[str, ...]
    colors: tuple[str, str]
    rotated: bool
    ring: bool
    plain: bool
    state: str
    link: str

    @property
    def size(self) -> tuple[int, int]:
        return board_size(self.board)

    def to_dict(self) -> dict[str, Any]:
        return {
            "v": SHOWN_VERSION, "board": self.board, "cells": self.cells, "turn": self.turn, "moves": self.moves,
            "last": self.last, "legal": list(self.legal), "colors": list(self.colors), "rotated": self.rotated,
            "ring": self.ring, "plain": self.plain, "state": self.state, "link": self.link,
        }


def state_check(text: str) -> str:
    """The CRC-32 of ``text`` as UTF-8 (a lone surrogate as U+FFFD, as the browser's ``TextEncoder``
    writes it), in 8 hex digits: what ``assets/first-board.js`` computes of the saved text."""
    clean = re.sub("[\ud800-\udfff]", "\ufffd", text)
    return f"{zlib.crc32(clean.encode('utf-8')) & 0xFFFFFFFF:08x}"


def link_check(query: str) -> str:
    """The CRC-32 (:func:`state_check`) of the game's parameters of an address's query string: its
    game and browsing parameters and the link format's version, each ``name=value`` decoded, sorted,
    joined by ``&`` (other features' parameters, a language, left out). ``assets/first-board.js``
    computes the same of ``location.search``."""
    pairs = parse_qsl(query.lstrip("?"), keep_blank_values=True)
    return state_check("&".join(sorted(f"{k}={v}" for k, v in pairs if k in GAME_KEYS or k == "v")))


def board_name(view: BoardView) -> str:
    """``"8x8"`` for a board whose every cell is on it (blocked ones too), ``"octagon"`` for one cut."""
    return "octagon" if CUT in view.cells else f"{view.width}x{view.height}"


def board_size(board: str) -> tuple[int, int]:
    """Width and height of a record's ``board`` (ShownError if it names none)."""
    if board == "octagon":
        return 10, 10
    found = _BOARD.fullmatch(board) if isinstance(board, str) else None
    if found is None:
        raise ShownError(f"shown: board {board!r} is not a board")
    width, height = int(found.group(1)), int(found.group(2))
    if not (4 <= width <= 16 and 4 <= height <= 16):
        raise ShownError(f"shown: board {board!r} is not a board")
    return width, height


def cells_of(view: BoardView) -> str:
    return "".join(CELL_CHARS[cell] for cell in view.cells)


def turn_char(turn: int | None) -> str:
    return "-" if turn is None else "XO"[turn]


def shown_key(width: int, height: int, cells: str, turn: str) -> str:
    """The key of a position on the screen: its size, its cells (:data:`CELL_CHARS`) and the side
    to move (``X``, ``O``, ``-`` when over). ``assets/first-board.js`` makes the same of the board's
    DOM (``data-square``, ``data-state``, ``data-blocked`` and ``data-turn``)."""
    return f"{width}x{height}:{cells}:{turn}"


def view_key(view: BoardView) -> str:
    """:func:`shown_key` of a board Python draws."""
    return shown_key(view.width, view.height, cells_of(view), turn_char(view.turn))


def shown_of(view: BoardView, moves: int, plain: bool, state_text: str, link: str = "") -> Shown:
    """The record of ``view`` (the board as Python draws it), for the saved text ``state_text`` and the
    address's query string ``link`` once it is restored."""
    return Shown(
        board=board_name(view),
        cells=cells_of(view),
        turn="" if view.turn is None else SIDE_NAMES[view.turn],
        moves=moves,
        last=view.last_move,
        legal=tuple(sorted(view.legal, key=lambda name: _square_index(name, view.width))),
        colors=(view.colors[0], view.colors[1]),
        rotated=view.rotated,
        ring=view.disc_marks,
        plain=plain,
        state=state_check(state_text),
        link=link_check(link),
    )


def restored_shown(state: SavedState, state_text: str) -> Shown:
    """The record of what the board shows when ``state`` (saved as ``state_text``) is restored: the
    page's restore (:meth:`reversi.ui.dom.autosave.AutoSave.carry_out`) done on a new controller (its
    settings, then its game), so that the record is the board Python draws then, whatever is on the
    board now (the editor, a board turned by hand); its ``link`` is the address it has then."""
    from reversi.ui.controller import Controller

    controller = Controller()
    if state.settings:
        controller.load_settings(state.settings)
    controller.load_game(state.game)
    view = controller.board_view()
    moves = controller.status().move_count
    query = link_query(controller.game, "", controller.players.to_code())
    return shown_of(view, moves, state.game.rules == Rules(), state_text, query)


def dump_shown(shown: Shown) -> str:
    return json.dumps(shown.to_dict(), separators=(",", ":"), sort_keys=True)


def load_shown(text: Any) -> Shown:
    """Read a record, with the first paint's checks; raises :class:`ShownError` naming what is wrong."""
    if not isinstance(text, str):
        raise ShownError(f"shown: expected text, not {type(text).__name__}")
    if len(text) > MAX_SHOWN_CHARS:
        raise ShownError(f"shown: {len(text)} characters is too long")
    try:
        data = load_json(text, "shown")
    except InputError:
        raise ShownError("shown: not valid JSON, or nested too deep") from None
    return shown_from_dict(data)


def shown_from_dict(data: Any) -> Shown:
    if not isinstance(data, dict):
        raise ShownError("shown: expected a JSON object")
    if set(data) != set(FIELDS):
        raise ShownError(f"shown: the fields must be {', '.join(FIELDS)}")
    if not is_int(data["v"]) or data["v"] != SHOWN_VERSION:
        raise ShownError(f"shown: version {data['v']!r} is not {SHOWN_VERSION}")
    board = data["board"]
    width, height = board_size(board)
    cells = data["cells"]
    if not isinstance(cells, str) or len(cells) != width * height or not set(cells) <= set(CELL_CHARS.values()):
        raise ShownError(f"shown: cells must be {width * height} of {''.join(CELL_CHARS.values())}")
    if (board == "octagon") != ("_" in cells):
        raise ShownError("shown: only the octagon has cells that are not on the board")
    turn = data["turn"]
    if turn not in ("black", "white", ""):
        raise ShownError("shown: turn must be black, white or empty")
    moves = data["moves"]
    discs = cells.count("X") + cells.count("O")
    if not is_int(moves) or not 0 <= moves <= discs:
        raise ShownError(f"shown: moves must be a whole number from 0 to {discs} (the discs on the board)")
    last = data["last"]
    if last is not None and _cell(cells, last, width, height) not in ("X", "O"):
        raise ShownError("shown: last must be the square of a disc, or null")
    legal = data["legal"]
    if not isinstance(legal, list) or len(legal) > width * height or len(set(map(str, legal))) != len(legal):
        raise ShownError("shown: legal must be a list of squares, each once")
    if any(_cell(cells, name, width, height) != "-" for name in legal):
        raise ShownError("shown: a legal move must be an empty square")
    if legal and not turn:
        raise ShownError("shown: no move is legal once the game is over")
    colors = data["colors"]
    if not (isinstance(colors, list) and len(colors) == 2 and all(c in DISC_COLORS for c in colors)
            and colors[0] != colors[1]):
        raise ShownError(f"shown: colors must be two of {', '.join(DISC_COLORS)}")
    for name in ("rotated", "ring", "plain"):
        if not isinstance(data[name], bool):
            raise ShownError(f"shown: {name} must be true or false")
    check, link = data["state"], data["link"]
    if not isinstance(check, str) or not _CHECK.fullmatch(check):
        raise ShownError("shown: state must be 8 hex digits")
    if not isinstance(link, str) or not _CHECK.fullmatch(link):
        raise ShownError("shown: link must be 8 hex digits")
    return Shown(board, cells, turn, moves, last, tuple(legal), (colors[0], colors[1]), data["rotated"], data["ring"],
                 data["plain"], check, link)


def drawable(shown: Shown) -> bool:
    """Can the first paint draw it on index.html's static board (8x8, every square a square of the
    page, black and white discs, not turned)? Else the board waits for Python."""
    return (shown.board == "8x8" and set(shown.cells) <= {"-", "X", "O"} and shown.colors == ("black", "white")
            and not shown.rotated)


def first_paint(stored: str | None, shown_text: str | None, query: str = "") -> Shown | None:
    """The record the first paint draws for the saved text ``stored`` and the address's query string
    ``query`` (None: it draws none). An address with a game link must be the record's own."""
    if stored is None or shown_text is None:
        return None
    try:
        shown = load_shown(shown_text)
    except ShownError:
        return None
    if is_game_link(query) and shown.link != link_check(query):
        return None  # another game (or the saved one gone on): not the position the record shows
    return shown if drawable(shown) and shown.state == state_check(stored) else None


def first_paint_mode(stored: str | None, shown_text: str | None, query: str = "") -> str:
    """What the first paint does (not in an embed): :data:`SAVED` draws the record, :data:`WAITING`
    leaves a saved game's board waiting for Python, :data:`START` is the static start board (nothing
    saved; a game link on a first visit)."""
    if stored is None:
        return START
    return SAVED if first_paint(stored, shown_text, query) is not None else WAITING


def early_click(square: Any, shown: Any, view: BoardView) -> str:
    """What to do with a click kept by the first paint: :data:`PLAY` it when the position it was made
    on (``shown``, its :func:`shown_key`) is the one Python drew (``view``), :data:`DROP` it when it
    is another or unknown, :data:`NONE` when there was no click."""
    if not isinstance(square, str) or not square:
        return NONE
    if not isinstance(shown, str) or shown != view_key(view):
        return DROP
    return PLAY


def _square_index(name: str, width: int) -> int:
    found = _SQUARE.fullmatch(name)
    assert found is not None
    return (int(found.group(2)) - 1) * width + COLUMNS.index(found.group(1))


def _cell(cells: str, name: Any, width: int, height: int) -> str:
    """The cell of ``cells`` at the square ``name`` ('' for anything that is not a square of the board)."""
    found = _SQUARE.fullmatch(name) if isinstance(name, str) else None
    if found is None:
        return ""
    col, row = COLUMNS.index(found.group(1)), int(found.group(2)) - 1
    if col >= width or row >= height:
        return ""
    return cells[row * width + col]
