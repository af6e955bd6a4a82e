"""The end of a game (``#game-over``): the result's detail, the review's figures, Rematch, Review and Close.

Shown when a game ends (by the last move, a resignation or the clock), until it is
closed; an undo past the end and a new end show it again. The review's figures per side
(:func:`reversi.ui.accuracy.summary_markup`) show once the engine has valued every move of
the game (it values them in the background, for the graph), or while the review is on.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from reversi.i18n import N_, _
from reversi.ui.accuracy import summarize, summary_markup
from reversi.ui.dom import nullable
from reversi.ui.drivers.study import StudyDriver, review_marks
from reversi.ui.ports import PageController, Redraw
from reversi.ui.views import StatusView

#: The title of the panel at the end of a game.
GAME_OVER = N_("Game over")
Listen = Callable[[Any, str, Callable[[Any], object]], Callable[[], None]]


def over_detail(controller: PageController, status: StatusView) -> str:
    """The line under the result: who won against whom, from the person's side."""
    players = controller.players
    if status.winner is None or players.all_computers or not players.any_computer:
        return ""
    if players.is_computer(status.winner):
        # Translators: the end of a game against the computer, which won
        return _("The computer won this one. Rematch, or review the game to see where it turned.")
    # Translators: the end of a game against the computer, which the person won
    return _("You won against the computer.")


class GameOverPanel:
    """The ``#game-over`` element ``root``; ``focus_board`` and ``focus_moves`` move the focus
    where the choice leads (the panel's buttons are gone after it)."""

    def __init__(self, root: Any, controller: PageController, study: StudyDriver, update: Redraw,
                 focus_board: Callable[[], None], focus_moves: Callable[[], None]) -> None:
        self.root = root
        self.controller = controller
        self.study = study
        self.update = update
        self.focus_board = focus_board
        self.focus_moves = focus_moves
        self.title = root.querySelector("#game-over-title")
        self.detail = root.querySelector("#game-over-detail")
        self.summary = root.querySelector("#game-over-summary")
        #: The review's figures as last drawn (markup).
        self._summary = ""
        #: The end (game, position) the panel was closed at: not shown again for it. Not a copy of
        #: the game to diff: the person's dismissal of one end. Whether the panel shows is a matter
        #: of the position shown (browsing back to the end shows it again, unless dismissed there),
        #: so it is drawn from the status, not from the events (which would show it at other moments).
        self._closed: tuple[int, int] | None = None

    def bind(self, listen: Listen) -> None:
        listen(self.root, "click", self.on_click)

    def on_click(self, event: Any) -> None:
        button = nullable(event.target.closest("button[data-over]"))
        if button is None:
            return
        action = str(button.getAttribute("data-over"))
        c = self.controller
        self._closed = (c.game_id, c.game.current.id)
        if action == "rematch":
            c.new_game(rules=c.rules, players=c.players)
            self.study.reviewing = False  # a new game is played, not reviewed
            self.focus_board()
        elif action == "review":
            self.study.reviewing = True
            self.focus_moves()
        else:
            self.focus_board()  # Close: back to the board
        self.update()

    def focus_first(self) -> None:
        """The focus on the first choice (after a resignation: the button is disabled then)."""
        self.root.querySelector('[data-over="rematch"]').focus()

    def draw(self, status: StatusView) -> None:
        c = self.controller
        if not status.over:
            self._closed = None  # the next end shows it again (after an undo, say)
        shown = status.over and c.editor is None and self._closed != (c.game_id, c.game.current.id)
        if shown:  # the result itself is the status line's, just above
            self.title.textContent = _(GAME_OVER)
            self.detail.textContent = over_detail(c, status)
            self.draw_summary()
        self.root.hidden = not shown

    def draw_summary(self) -> None:
        """The review's figures, once every move is valued (or while the review is on, as far as it got)."""
        c = self.controller
        summary = summarize(c.game, review_marks(c.game, self.study.evals))
        shown = summary.complete or (self.study.reviewing and summary.valued > 0)
        self.summary.hidden = not shown
        if not shown:
            return
        markup = summary_markup(summary, c.rules.display_side_names())
        if markup != self._summary:
            self._summary = markup
            self.summary.innerHTML = markup
