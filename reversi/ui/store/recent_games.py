"""Recent games: the last games played or studied on this device, to reopen. No DOM here.

The list lives in ``localStorage`` under :data:`RECENT_KEY` as JSON: newest
first, at most :data:`MAX_RECENT` entries, each the game's share-link query
(which restores the whole tree and who plays) with what the list shows: the
date, the rule set, the players and the result. The page records the game on
the board after each change that alters its entry (:func:`remember`, when a redraw's
events say so: :func:`changes_record`): a game that goes on replaces
its own entry (the same rules and start, and the entry's main line still in the
game's tree), so the list holds games, not positions. Text that cannot be read is an empty
list: the list never stops the page.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime, timedelta
from html import escape
from typing import Any

from reversi.core.game import Game, Termination
from reversi.core.position import PASS
from reversi.errors import ReversiError, SettingsError
from reversi.formats.links import parse_query, record_params
from reversi.formats.notation import move_name
from reversi.formats.record import Record
from reversi.i18n import _, ngettext
from reversi.inputs import InputError, bounded_int, load_json
from reversi.ui.events import Event, EventKind
from reversi.ui.players import Players, known_name
from reversi.ui.sharing import link_game, link_query

RECENT_KEY = "reversi.recent"
MAX_RECENT = 12
#: The longest stored list read (characters); longer text is ignored.
MAX_RECENT_CHARS = 400_000


@dataclass(frozen=True)
class RecentGame:
    """One entry: the game's link query and what the list shows of it."""

    query: str
    #: When it was last played or changed (ISO 8601 date and time, UTC).
    date: str
    #: The rule set, as :meth:`Rules.describe` words it (in the language it was saved in).
    rules: str
    #: The players' code (``hc5``; '' for two people).
    players: str
    #: The final score ("36:28"), or '' while the game goes on.
    result: str
    #: Moves on the main line (passes not counted).
    moves: int
    #: The rules and start (the link's other game parameters), to tell games apart.
    key: str = ""
    #: The main line's squares, space-separated ("f5 d6 pass ..."), to tell games apart.
    line: str = ""
    #: The players' names a game studied gives ("Saio3000 – Tamenori"), '' when it gives none.
    names: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {
            "query": self.query, "date": self.date, "rules": self.rules, "players": self.players,
            "result": self.result, "moves": self.moves, "key": self.key, "line": self.line, "names": self.names,
        }


def _entry(data: Any) -> RecentGame | None:
    if not isinstance(data, dict):
        return None
    try:
        entry = RecentGame(
            str(data["query"]), str(data["date"]), str(data["rules"]), str(data["players"]),
            str(data["result"]), bounded_int(data["moves"], 0, 100_000, "moves"), str(data.get("key", "")),
            str(data.get("line", "")), str(data.get("names", ""))[:200],
        )
        parse_query(entry.query)
    except (KeyError, TypeError, ValueError, ReversiError):
        return None
    return entry


def read_recent(text: str | None) -> list[RecentGame]:
    """The stored list (entries that cannot be read are left out; unreadable text is an empty list)."""
    if not text or len(text) > MAX_RECENT_CHARS:
        return []
    try:
        data = load_json(text, "recent games")
    except InputError:
        return []
    if not isinstance(data, list):
        return []
    return [e for e in (_entry(item) for item in data[: MAX_RECENT * 2]) if e is not None][:MAX_RECENT]


def dump_recent(entries: list[RecentGame]) -> str:
    return json.dumps([e.to_dict() for e in entries[:MAX_RECENT]], separators=(",", ":"))


def _continues(old: RecentGame, key: str, game: Game) -> bool:
    """Is ``game`` the game of entry ``old``, gone on: the same rules and start, and the entry's main
    line still in its tree (as its main line, or a variation after an undo and another move)?"""
    if old.key != key:
        return False
    g = game.rules.geometry
    node = game.root
    for name in old.line.split():
        try:
            move = PASS if name == "pass" else g.parse_square(name)
        except ReversiError:
            return False
        child = node.child(move)
        if child is None:
            return False
        node = child
    return True


def changes_record(event: Event) -> bool:
    """Does ``event`` change what the recent list keeps of the game: another game, another
    main line or a new position in the tree (not a move that followed one already there),
    other players? (Comments, marks, a deleted variation, undo and browsing do not.)"""
    kind = event.kind
    if kind is EventKind.MOVED:
        return event.changed_tree
    return event.replaces_game or kind in (EventKind.PROMOTED, EventKind.PLAYERS)



def remember(entries: list[RecentGame], game: Game, players: str, date: str) -> list[RecentGame]:
    """The list with ``game`` first (its own older entry replaced); a game with no moves is not kept."""
    main = [n for n in game.main_line()[1:] if n.move is not None]
    if not main:
        return entries
    record = Record.from_game(game, players=players)
    query = link_query(game, "", players)
    query = "&".join(part for part in query.split("&") if not part.startswith("at="))
    end = game.main_line()[-1].position.result()
    params = record_params(record)
    g = game.rules.geometry
    entry = RecentGame(
        query=query,
        date=date,
        rules=game.rules.describe(),
        players=players,
        result="" if end is None else end.score,
        moves=sum(1 for n in main if n.move is not None and n.move >= 0),
        key="&".join(f"{k}={v}" for k, v in params.items() if k not in ("m", "pl")),
        line=" ".join(move_name(m, g) for m in record.moves),
        names=studied_names(game) if not players else "",
    )
    kept = [e for e in entries if e.query != query and not _continues(e, entry.key, game)]
    return [entry, *kept][:MAX_RECENT]


def studied_names(game: Game) -> str:
    """Who played a game, as its details name them ("Saio3000 – Tamenori", "?" for a side it does
    not name), or '' when they name neither."""
    names = [known_name(game.tags.get(tag, "")) for tag in ("Black", "White")]
    return " – ".join(name or "?" for name in names) if any(names) else ""


def render_recent(entries: list[RecentGame], side_names: tuple[str, str] = ("Black", "White"),
                  utc_offset: int = 0) -> str:
    """The list's markup: a button per game (``data-recent`` its index), newest first, each dated
    by the reader's day (``utc_offset``: the reader's minutes ahead of UTC)."""
    if not entries:
        empty = _("No games yet")  # outside the f-string: a call in its braces is not extracted
        return f'<li class="recent-empty">{escape(empty)}</li>'
    out = []
    for k, e in enumerate(entries):
        try:
            who = Players.from_code(e.players).describe(side_names)
            game = link_game(e.query)[0]
        except ReversiError:
            continue
        if not e.players and e.names:  # a game studied: who played it, as its record names them
            who = e.names
        outcome, day = outcome_text(game, e.moves, side_names), local_day(e.date, utc_offset)
        text = f"{game.rules.describe()} · {who} · {outcome} · {day}"
        out.append(f'<li><button class="recent-game" type="button" data-recent="{k}">{escape(text)}</button></li>')
    return "".join(out)


def local_day(date: str, utc_offset: int) -> str:
    """The reader's day (``2026-12-04``) of an entry's UTC ``date`` (``2026-12-03 23:30``), the reader
    ``utc_offset`` minutes ahead of UTC; a date without its time (or unreadable) as written."""
    try:
        moment = datetime.strptime(date[:16], "%Y-%m-%d %H:%M")
    except ValueError:
        return date[:10]
    return (moment + timedelta(minutes=utc_offset)).strftime("%Y-%m-%d")


def outcome_text(game: Game, moves: int, side_names: tuple[str, str] = ("Black", "White")) -> str:
    """Who won a recent game and how ("White wins 40:24", "Black won: White resigned", "White won on
    time", "Draw 32:32"), or how far it went while it goes on ("12 moves")."""
    outcome = game.outcome
    if outcome is None:
        # Translators: a recent game that goes on: how far it went
        return ngettext("{n} move", "{n} moves", moves).format(n=moves)
    if outcome.result is not None:  # the rules ended it: the result as the status line says it,
        return outcome.result.describe(side_names, explain=False)  # short (the list shows no counters)
    winner = side_names[outcome.winner or 0]  # a resignation or a loss on time always has a winner
    if outcome.termination is Termination.TIME:
        # Translators: a recent game's result: the other side's time ran out
        return _("{winner} won on time").format(winner=winner)
    loser = side_names[1 - (outcome.winner or 0)]
    # Translators: a recent game's result: the other side resigned
    return _("{winner} won: {loser} resigned").format(winner=winner, loser=loser)


def reopen(entries: list[RecentGame], index: int) -> tuple[Game, str]:
    """The game of entry ``index`` and its players' code; raises ReversiError if it cannot be read."""
    if not 0 <= index < len(entries):
        raise SettingsError(_("that recent game is no longer in the list"))
    return link_game(entries[index].query)
