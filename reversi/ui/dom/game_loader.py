"""Putting a game brought in on the board: from the autosave, a link, a file, the box, the recent games.

:class:`GameLoader` owns no element: it gives the controller the game (and its players, if the
game names them) and the game's clock its time (none unless one is given: only the autosave
carries a clock), then redraws.
"""

from __future__ import annotations

from reversi.core.clock import Clock
from reversi.core.game import Game
from reversi.ui.clocks import GameTimer
from reversi.ui.players import Players
from reversi.ui.ports import PageHost


class GameLoader:
    """Loads games onto the page's board."""

    def __init__(self, page: PageHost, timer: GameTimer) -> None:
        self.page = page
        self.timer = timer

    def load(
        self, game: Game, clock: Clock | None = None, redraw: bool = True, players: Players | None = None
    ) -> None:
        """Put ``game`` on the board, with no clock unless one is given (the autosave), and ``players``
        if given (a game brought in names who plays; naming nobody, it is for study: two people)."""
        controller = self.page.controller
        controller.load_game(game)
        if players is not None:
            controller.set_players(players)
        self.timer.load(clock)  # a flag that had fallen ends the game again
        if redraw:
            self.page.update()
