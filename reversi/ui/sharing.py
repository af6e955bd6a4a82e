"""The game's link: written, read back, kept short enough to open, and sent by Share. No DOM here.

* **The link** is the page's query string: the game's parameters
  (:mod:`reversi.formats.links`), plus ``at=K`` when the game's position is not the end of its
  line, keeping the parameters of other features (:func:`link_query`); :func:`link_game` and
  :func:`game_from_link` read it back, :func:`read_link` says why one cannot be read.
* **A link that opens**: one too long to be read back leaves out the comments, then the
  variations (:func:`link_that_fits`); the address bar's drops the game (:func:`address_query`).
* **What the Share button sends**: the system's share sheet (``navigator.share``,
  :mod:`reversi.ui.dom.sharing`) takes a title, a text and the link; a chat or a mail shows the
  text with the link: the rule set and the score of the position shown, or the result of a game
  that has ended (:func:`share_message`).
"""

from __future__ import annotations

from typing import Protocol
from urllib.parse import parse_qsl

from reversi.core.game import Game
from reversi.errors import ReversiError, SavedStateError
from reversi.formats.links import (
    GAME_KEYS,
    MAX_QUERY_CHARS,
    link_version,
    parse_query,
    record_from_query,
    record_params,
    rewrite_query,
)
from reversi.formats.record import Record
from reversi.i18n import _, format_number

# -- the game's link -----------------------------------------------------------------------------


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
    return any(key in GAME_KEYS for key, _value in parse_qsl(query.lstrip("?"), keep_blank_values=True))


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
            raise SavedStateError(f"link: at={at!r} should be a number of plies within 0..{len(main) - 1}")
        game.set_live(main[int(at)])  # the game is there; the moves after it are kept to redo
    return game, record.players


# -- what the Share button says ------------------------------------------------------------------


class GameStatus(Protocol):
    """What is said of the game: the controller's status view (:class:`reversi.ui.views.StatusView`)."""

    @property
    def title(self) -> str: ...  # the rule set: "Othello 8x8"
    @property
    def side_names(self) -> tuple[str, str]: ...
    @property
    def counts(self) -> tuple[int, int]: ...
    @property
    def message(self) -> str: ...  # "Black to move", or the result: "Black wins 36:28"
    @property
    def headline(self) -> str: ...  # the result alone, when the message explains its score
    @property
    def over(self) -> bool: ...
    @property
    def move_count(self) -> int: ...
    @property
    def last_said(self) -> str: ...  # the last move as the move list names it: "6. White d3"


def share_message(status: GameStatus) -> tuple[str, str]:
    """``(title, text)`` for the share sheet: ``("Reversi: Othello 8x8", "Othello 8x8, after 6. White d3:
    Black 9, White 7")`` (the move named as the move list names it), or the result once the game has ended."""
    rules = status.title
    # Translators: the title of a game sent with the Share button: "Reversi: Othello 8x8"
    title = _("Reversi: {rules}").format(rules=rules)
    if status.over:
        # Translators: a finished game sent with the Share button: "Othello 8x8: Black wins 36:28"
        return title, _("{rules}: {result}").format(rules=rules, result=status.headline or status.message)
    if status.move_count == 0:
        # Translators: a game without moves sent with the Share button: "Othello 8x8: a new game"
        return title, _("{rules}: a new game").format(rules=rules)
    black, white = status.side_names
    # Translators: a game in progress sent with the Share button, its last move named as the move list
    # names it: "Othello 8x8, after 6. White d3: Black 9, White 7"
    text = _("{rules}, after {move}: {black} {b}, {white} {w}")
    return title, text.format(rules=rules, move=status.last_said, black=black, white=white,
                              b=format_number(status.counts[0]), w=format_number(status.counts[1]))


# -- a link that reads back ----------------------------------------------------------------------

#: What a game's link left out to stay readable (:func:`link_that_fits`).
LEFT_NOTHING = ""
LEFT_COMMENTS = "comments"
LEFT_COMMENTS_AND_VARIATIONS = "comments and variations"


def link_that_fits(game: Game, current: str = "", players: str = "") -> tuple[str, str]:
    """``(query, left_out)``: the query string of the game's link (:func:`link_query`) where it is
    short enough to be read back (:data:`reversi.formats.links.MAX_QUERY_CHARS`), else the link
    without the comments (``left_out`` :data:`LEFT_COMMENTS`), else the game's moves to its position
    alone (:data:`LEFT_COMMENTS_AND_VARIATIONS`). A link the page makes always opens."""
    query = link_query(game, current, players)
    if len(query) <= MAX_QUERY_CHARS:
        return query, LEFT_NOTHING
    kept = [(node, node.comment) for node in game.nodes()]
    try:
        for node, _comment in kept:
            node.comment = ""
        query = link_query(game, current, players)
    finally:
        for node, comment in kept:
            node.comment = comment
    if len(query) <= MAX_QUERY_CHARS:
        return query, LEFT_COMMENTS
    line = game.up_to(game.live)
    for node in line.nodes():
        node.comment = ""
    return link_query(line, current, players), LEFT_COMMENTS_AND_VARIATIONS


def address_query(game: Game, current: str = "", players: str = "") -> str:
    """The address bar's query string: the game's link (:func:`link_query`), or the address without
    a game where that link would be too long to read back: a reload then restores the saved game,
    comments and all, rather than a link that cannot be opened."""
    query = link_query(game, current, players)
    if len(query) <= MAX_QUERY_CHARS:
        return query
    try:
        parse_query(current)
    except ReversiError:
        current = ""
    for owner in ("game", "link", "browse"):
        current = rewrite_query(current, owner, {})
    return current


def link_name(left_out: str) -> str:
    """What a copied link is called in "{what} copied": the link, or what it left out."""
    if left_out == LEFT_COMMENTS:
        # Translators: in "{what} copied", for a game whose comments would make its link too long
        return _("Link, without the comments (too long for a link),")
    if left_out == LEFT_COMMENTS_AND_VARIATIONS:
        # Translators: in "{what} copied", for a game whose comments and variations would make its link too long
        return _("Link, without the comments and variations (too long for a link),")
    return _("Link")
