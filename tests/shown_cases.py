"""Saved states, records of the position shown and addresses (reversi/ui/store/shown.py) that the tests
share: tests/test_shown.py under CPython, tests/test_hostile_storage_browser.py and
tests/test_storage_browser.py in the browser."""

from __future__ import annotations

import json
from typing import Any

from reversi import Rules
from reversi.core.position import Position
from reversi.formats.notation import play_transcript
from reversi.ui.controller import Controller
from reversi.ui.forms import FORM_DEFAULTS
from reversi.ui.players import Players
from reversi.ui.store.autosave import plan_start
from reversi.ui.store.saved_state import SavedState, dump_state
from reversi.ui.store.shown import MAX_SHOWN_CHARS, SAVED, SHOWN_VERSION, WAITING, dump_shown, restored_shown


def state_of(moves: str = "f5d6c3", rules: Rules | None = None, players: str = "two", **settings: Any) -> SavedState:
    """A saved state of ``moves`` under ``rules``, between two people (``players="computer"``: the
    page's default, a person with Black against the computer)."""
    c = Controller(players=Players() if players == "two" else None)
    c.form_fields = {**FORM_DEFAULTS, "players": players}
    for name, value in settings.items():
        c.set_preference(name, value)
    game = play_transcript(Position.start(rules or Rules()), moves)
    return SavedState(game, c.settings())


#: Records the first paint must not draw: (what, the text). ``VALID`` is a good record's fields.
STATE = dump_state(state_of("f5d6c3"))
VALID: dict[str, Any] = json.loads(dump_shown(restored_shown(state_of("f5d6c3"), STATE)))


def hostile_shown() -> list[tuple[str, str]]:
    """Stored values of the record that the first paint must take for no record (hostile, damaged,
    or another board), each with a name. Shared with tests/test_hostile_storage_browser.py."""

    def changed(**fields: Any) -> str:
        data = {**VALID, **fields}
        return json.dumps({k: v for k, v in data.items() if v is not ...})

    script = "<img src=x onerror=\"window.__pwned=1\">"
    return [
        ("not JSON", "{not json"), ("empty", ""), ("null", "null"), ("a list", "[]"), ("a number", "42"),
        ("a string", json.dumps(json.dumps(VALID))), ("too long", "x" * (MAX_SHOWN_CHARS + 1)),
        ("huge cells", changed(cells="X" * 100_000)), ("deep", "[" * 1900 + "]" * 1900),
        ("markup", script), ("a newer version", changed(v=SHOWN_VERSION + 1)), ("version text", changed(v="1")),
        ("version true", changed(v=True)), ("a field missing", changed(ring=...)), ("a field more", changed(x=1)),
        ("prototype", changed(__proto__={"polluted": True})),
        ("another board", changed(board="10x10")), ("markup board", changed(board=script)),
        ("short cells", changed(cells=VALID["cells"][:-1])), ("blocked cells", changed(cells="#" + VALID["cells"][1:])),
        ("cells of markup", changed(cells=(script * 8)[:64])), ("lower case", changed(cells=VALID["cells"].lower())),
        ("wide letters", changed(cells=VALID["cells"].replace("X", "\uff38"))), ("cells a number", changed(cells=64)),
        ("turn", changed(turn="red")), ("turn a number", changed(turn=0)), ("moves negative", changed(moves=-1)),
        ("moves huge", changed(moves=10**30)), ("moves a fraction", changed(moves=2.5)),
        ("moves text", changed(moves="3")),
        ("moves infinite", changed(moves=1).replace('"moves": 1', '"moves": 1e999')),
        ("last empty square", changed(last="a1")), ("last markup", changed(last=script)),
        ("last a number", changed(last=5)),
        ("legal twice", changed(legal=["d3", "d3"])), ("legal markup", changed(legal=[script])),
        ("legal a string", changed(legal="d3")), ("legal nested", changed(legal=[["d3"]])),
        ("legal on a disc", changed(legal=["d4"])), ("legal off the board", changed(legal=["i9"])),
        ("legal when over", changed(turn="", legal=["d3"])),
        ("red discs", changed(colors=["black", "red"])), ("colours swapped", changed(colors=["white", "black"])),
        ("colours text", changed(colors="black white")), ("turned", changed(rotated=True)),
        ("ring text", changed(ring="yes")), ("plain a number", changed(plain=1)),
        ("another text's", changed(state="00000000")), ("check upper case", changed(state=VALID["state"].upper())),
        ("check markup", changed(state=script)),
        ("link missing", changed(link=...)), ("link markup", changed(link=script)), ("link null", changed(link=None)),
        ("link upper case", changed(link=VALID["link"].upper())),
    ]


#: Addresses of a returning visit whose saved game is :data:`STATE` (f5d6c3 between two people, its
#: record :data:`VALID`), and what the first paint does: draws the record (``SAVED``: the address is
#: the game's own link, or none) or leaves the board waiting for Python (another game's position).
ADDRESSES: list[tuple[str, str, str]] = [
    ("the plain address", "", SAVED),
    ("the saved game's own link", "?m=f5d6c3", SAVED),
    ("its link with a language", "?lang=cs&m=f5d6c3", SAVED),
    ("its link written otherwise", "?m=%66%35d6c3&theme=light", SAVED),
    ("the link of another game", "?m=e6f4", WAITING),
    ("a friend's reply", "?m=f5d6c3d3", WAITING),
    ("the same moves, other players", "?m=f5d6c3&pl=hc3", WAITING),
    ("the same moves, one taken back", "?m=f5d6c3&at=2", WAITING),
    ("the link twice", "?m=f5d6c3&m=f5d6c3", WAITING),
    ("the link cut", "?m=f5d6c", WAITING),
]


def restored_view(text: str, query: str = ""):
    """The board Python draws when the page restores the saved ``text`` at the address's query string
    ``query`` (reversi/ui/dom/autosave.py carry_out)."""
    plan = plan_start(text, query)
    c = Controller()
    assert plan.settings is not None and plan.game is not None
    c.load_settings(plan.settings)
    c.load_game(plan.game)
    if plan.players is not None:
        c.set_players(plan.players)
    return c.board_view()
