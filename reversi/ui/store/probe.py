"""The page's readers of outside text, by name, for a probe from JavaScript (``window.reversiRead``).

Every reader the page applies to what it did not write itself (the saved state, the recent
games, a link, pasted text, a record file) is run on ``text`` exactly as the page runs it,
and whatever it made is written back as the page would write it (the address, the record,
the saved state, all as UTF-8). The answer is ``"ok"``, ``"refused: <message>"`` for input
refused with a message, or ``"BROKEN: <exception>"`` for anything else: the browser tests
feed it hostile text inside Pyodide, whose stack and float conversions are not CPython's.
No DOM here; ``reversi/ui/dom/page.py`` exposes it.
"""

from __future__ import annotations

from collections.abc import Callable

from reversi.core.game import Game
from reversi.core.rules import Rules
from reversi.errors import ReversiError
from reversi.formats.record import Record, read_record, write_record
from reversi.ui.records import load_text
from reversi.ui.sharing import game_from_link, link_query
from reversi.ui.store.recent_games import read_recent, render_recent
from reversi.ui.store.saved_state import SavedState, dump_state, load_state


def _written(game: Game) -> None:
    link_query(game).encode("utf-8")
    write_record(Record.from_game(game)).encode("utf-8")
    dump_state(SavedState(game)).encode("utf-8")


def _state(text: str) -> None:
    _written(load_state(text).game)


def _recent(text: str) -> None:
    render_recent(read_recent(text)).encode("utf-8")


def _link(text: str) -> None:
    _written(game_from_link(text))


def _paste(text: str) -> None:
    _written(load_text(text, Rules())[0])


def _record(text: str) -> None:
    _written(read_record(text).to_game())


READERS: dict[str, Callable[[str], None]] = {
    "state": _state, "recent": _recent, "link": _link, "paste": _paste, "record": _record,
}


def read(kind: str, text: str) -> str:
    """Run the reader ``kind`` on ``text``: ``"ok"``, ``"refused: ..."`` or ``"BROKEN: ..."``."""
    reader = READERS.get(str(kind))
    if reader is None:
        return f"BROKEN: no reader {kind!r}"
    try:
        reader(str(text))
    except ReversiError as e:
        return f"refused: {e}" if str(e) else "BROKEN: an error with no message"
    except Exception as e:  # what the probe is for: nothing else may come out of a reader
        return f"BROKEN: {type(e).__name__}: {e}"[:300]
    return "ok"
