"""What the Share button sends with the game's link: a title and a line about the game. No DOM here.

The system's share sheet (``navigator.share``, :mod:`reversi.ui.dom.share_link`) takes a title, a
text and the link; a chat or a mail shows the text with the link: the rule set and the score of
the position shown, or the result of a game that has ended.
"""

from __future__ import annotations

from typing import Protocol

from reversi.i18n import _, format_number, ngettext


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


def share_message(status: GameStatus) -> tuple[str, str]:
    """``(title, text)`` for the share sheet: ``("Reversi: Othello 8x8", "Othello 8x8, after 12 moves:
    Black 9, White 7")``, or with the result once the game has ended."""
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
    # Translators: a game in progress sent with the Share button: "Othello 8x8, after 12 moves: Black 9, White 7"
    text = ngettext("{rules}, after {n} move: {black} {b}, {white} {w}",
                    "{rules}, after {n} moves: {black} {b}, {white} {w}", status.move_count)
    return title, text.format(rules=rules, n=format_number(status.move_count), black=black, white=white,
                              b=format_number(status.counts[0]), w=format_number(status.counts[1]))
