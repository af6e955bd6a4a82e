"""The protocol of a computer's turn, and whose turn it is. No DOM here.

A computer's turn is a request and a reply, asynchronous and possibly stale:

1. :func:`ai_request` gives the request for the worker's ``best_move`` (a
   :class:`~reversi.engine.protocol.MoveRequest`, :func:`move_request`) and a
   *token*: the game's id, the ply and the line of moves on the board when the
   request was made;
2. the worker answers later, with the page still usable;
3. :func:`apply_ai_move` plays the answer only if the token still matches: a new
   game, an undo, a navigation or any move in between drop the stale answer.

:class:`reversi.ui.drivers.ai.AiDriver` runs that loop. What the computer's turn needs from
the controller is typed by the protocols :class:`PlayState` (what it reads) and
:class:`ComputerSeat` (and the one thing it does: :meth:`ComputerSeat.place` the computer's
move); :class:`reversi.ui.controller.Controller` is one.

Undo against the computer (:func:`undo_to_human`) takes back moves until a person
is to move again, so the person's last move and the computer's reply go together;
:func:`redo_to_human` replays them together.
"""

from __future__ import annotations

from typing import Protocol, TypedDict

from reversi.core.game import Game
from reversi.core.position import PASS, Position
from reversi.core.rules import Rules
from reversi.engine.protocol import Limits, MoveRequest
from reversi.errors import ReversiError
from reversi.formats.balanced_spec import BalancedSpec
from reversi.i18n import _
from reversi.ui.players import Players

#: (game id, ply, the moves on the board): what a reply must still match.
Token = tuple[int, int, tuple[int, ...]]


class PlayState(Protocol):
    """What the computer's turn and the hints read from the controller (all read-only)."""

    @property
    def game(self) -> Game: ...

    @property
    def game_id(self) -> int:
        """Counts games started: part of a request's token."""
        ...

    @property
    def position(self) -> Position: ...

    @property
    def rules(self) -> Rules: ...

    @property
    def players(self) -> Players: ...

    @property
    def editing(self) -> bool:
        """The board editor is open: nobody moves."""
        ...

    @property
    def paused(self) -> bool:
        """Computer against computer, stopped by the watcher."""
        ...

    @property
    def ended_by(self) -> int | None:
        """The side that lost on time or resigned (the game is over), else None."""
        ...

    @property
    def opening_pending(self) -> BalancedSpec | None:
        """The balanced opening the game waits for (nobody moves until it is played), else None."""
        ...


class ComputerSeat(PlayState, Protocol):
    """The controller as the computer's turn sees it: the game, and a way to play the computer's move."""

    def place(self, index: int) -> bool:
        """Play ``index`` (legal, checked by the caller) for the side to move; False if the game has ended."""
        ...


class AiRequest(TypedDict):
    """A computer's turn to ask for: its token, the side to move and the worker's request."""

    token: Token
    side: int
    args: MoveRequest


def ai_token(controller: PlayState) -> Token:
    game = controller.game
    return (controller.game_id, game.ply, tuple(game.moves))


def computer_to_move(controller: PlayState) -> int | None:
    """The side the computer must move for now, or None (a person's turn, the end, paused)."""
    pos = controller.position
    if pos.is_over or controller.paused or controller.ended_by is not None:
        return None
    if controller.game.browsing or controller.editing or controller.opening_pending is not None:
        return None  # nobody moves while another position than the game's is shown, the board is edited,
        # or the game's balanced opening is being drawn
    return pos.turn if controller.players.is_computer(pos.turn) else None


def human_to_move(controller: PlayState) -> bool:
    """May the person move on the board now? At the game's position on their turn; anywhere else
    (browsing: the move starts or follows a variation) for either side."""
    pos = controller.position
    if pos.is_over or controller.editing or controller.opening_pending is not None:
        return False
    return controller.game.browsing or not controller.players.is_computer(pos.turn)


def move_request(game: Game, level: int, time_limit: float | None = None) -> MoveRequest:
    """The worker's ``best_move`` request for the game's position: at ``level``, within ``time_limit``
    seconds if given (else the level's own time)."""
    return MoveRequest.in_game(game, level=level, limits=Limits(seconds=time_limit))


def ai_request(controller: PlayState) -> AiRequest | None:
    """``{"token", "side", "args"}`` when the computer is to move, else None."""
    side = computer_to_move(controller)
    if side is None:
        return None
    return {
        "token": ai_token(controller),
        "side": side,
        "args": move_request(controller.game, controller.players.levels[side], controller.players.time_limit(side)),
    }


def apply_ai_move(controller: ComputerSeat, token: Token, move: str) -> bool:
    """Play the computer's ``move`` (a square name) if ``token`` is still current.

    Returns False, changing nothing, for a stale token or a move that is not
    legal (or not the computer's to play) in the current position.
    """
    if token != ai_token(controller) or computer_to_move(controller) is None:
        return False
    pos = controller.position
    try:
        index = PASS if move == "pass" else controller.rules.geometry.parse_square(move)
    except ReversiError:
        return False
    if index == PASS or not pos.is_legal(index):
        return False  # a computer never passes by choice: forced passes are recorded by the game
    return controller.place(index)


# -- undo and redo against the computer -----------------------------------------------------


def _human_turn_at(game: Game, players: Players, ply: int) -> bool:
    pos = game.position_at(ply)
    return not pos.is_over and not players.is_computer(pos.turn)


def undo_to_human(game: Game, players: Players) -> bool:
    """Undo back to the previous position where a person is to move.

    Against the computer this takes back the person's move and the computer's
    reply together. Two people, or computer against computer: one move. If no
    earlier position has a person to move (the computer opened the game), nothing
    changes and False is returned.
    """
    if not players.any_computer or players.all_computers:
        return game.undo()
    live, shown = game.live, game.current
    while game.undo():
        if _human_turn_at(game, players, game.ply):
            return True
    game.live, game.current = live, shown
    return False


def redo_to_human(game: Game, players: Players) -> bool:
    """Redo the next move, and on until a person is to move (or the line ends)."""
    if not game.redo():
        return False
    if players.any_computer and not players.all_computers:
        while not _human_turn_at(game, players, game.ply) and game.redo():
            pass
    return True


# -- the driver ------------------------------------------------------------------------------


def pause_offered(controller: PlayState) -> bool:
    """Is the Pause button shown? Computers against each other, while their game goes on."""
    over = controller.position.is_over or controller.ended_by is not None
    return controller.players.all_computers and not over


def status_message(controller: PlayState, message: str, thinking: int | None) -> str:
    """The status line the page shows: ``message`` (the controller's), or the computer thinking.

    ``thinking`` is the side shown as thinking (:meth:`AiDriver.thinking_side`);
    a game of computers stopped by the watcher says so.
    """
    players = controller.players
    if thinking is not None:
        if players.all_computers:
            # Translators: the status line while a computer plays: "Computer (Black) is thinking…"
            return _("Computer ({side}) is thinking…").format(side=controller.rules.display_side_names()[thinking])
        return _("Computer is thinking…")
    if players.all_computers and controller.paused and not controller.position.is_over:
        # Translators: the status line of a game of computers stopped by the watcher: "Black to move (paused)"
        return _("{status} (paused)").format(status=message)
    return message
