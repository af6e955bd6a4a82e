"""What the Share button sends with the game's link: a title and a line about the game. No DOM here.

The system's share sheet (``navigator.share``, :mod:`reversi.ui.dom.share_link`) takes a title, a
text and the link; a chat or a mail shows the text with the link: the rule set and the score of
the position shown, or the result of a game that has ended.
"""

from __future__ import annotations

from typing import Protocol

from reversi.core.game import Game
from reversi.errors import ReversiError
from reversi.formats.links import MAX_QUERY_CHARS, parse_query, rewrite_query
from reversi.i18n import _, format_number
from reversi.ui.store.session import link_query


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
