"""The page's seams, typed: what each part needs from the others. No DOM here.

Each protocol names what a consumer uses and nothing more, so a part can be
tested with any object that fits (the tests' stubs) and mypy checks the real
one. They are defined beside the code that consumes them and gathered here:

========================================  ==============================  ==================================
protocol                                  used by                         what it is
========================================  ==============================  ==================================
:class:`~reversi.ui.drivers.requests.Ask`          the request drivers            an engine function: a request
                                                                          (engine/protocol.py) in, a reply out
:class:`~reversi.ui.drivers.requests.EngineCall`   the page (:func:`json_ask`)    the worker boundary: a name and
                                                                          JSON in, JSON out
:class:`~reversi.ui.drivers.requests.Redraw`       the drivers                    the page's redraw after a change
:class:`~reversi.ui.turns.PlayState`       turns, hints, views            the game as the drivers read it
:class:`~reversi.ui.turns.ComputerSeat`    :class:`AiDriver`              ... and the computer's move played
:class:`~reversi.ui.drivers.hints.HintSource`      :class:`HintDriver`            ... and the person's hints choice
:class:`~reversi.ui.clocks.TimedGame`      :class:`GameTimer`             the game, and its loss on time
:class:`PageController`                    the page (``ui/dom``)          the controller: intents and views
:class:`PageHost`                          the page's features            the page: its controller, elements,
                                                                          redraw and event binding
:data:`AfterRedraw`                        the page's features            told after every redraw, with what
                                                                          happened since the last one
========================================  ==============================  ==================================

:class:`reversi.ui.controller.Controller` is the one :class:`PageController` (and so
every controller protocol above); :class:`reversi.ui.dom.page.Page` the one
:class:`PageHost`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from reversi.core.game import Game
from reversi.core.rules import Rules
from reversi.drawing.render import BoardView
from reversi.ui.clocks import TimedGame
from reversi.ui.drivers.balanced_start import OpeningSeat
from reversi.ui.drivers.book import BookDriver
from reversi.ui.drivers.hints import HintSource
from reversi.ui.drivers.requests import Ask, EngineCall, Redraw, json_ask
from reversi.ui.drivers.study import StudyDriver
from reversi.ui.editor import Editor
from reversi.ui.events import Event
from reversi.ui.notices import Notice
from reversi.ui.players import Players
from reversi.ui.turns import ComputerSeat, PlayState
from reversi.ui.views import StatusView

__all__ = [
    "AfterRedraw",
    "Ask",
    "ComputerSeat",
    "EngineCall",
    "HintSource",
    "PageController",
    "PageHost",
    "PlayState",
    "Redraw",
    "TimedGame",
    "json_ask",
]

#: A feature's part of a redraw, given what the controller's intents did since the last one
#: (:meth:`PageController.take_events`, taken by the page once per redraw).
AfterRedraw = Callable[[Sequence[Event]], None]


class PageController(ComputerSeat, HintSource, TimedGame, OpeningSeat, Protocol):
    """The controller as the page sees it: the drivers' and the clock's needs, the person's
    intents (each True when something changed: the page redraws) and the views it draws."""

    # -- intents -------------------------------------------------------------------------

    def click(self, name: str) -> bool: ...

    def play(self, index: int) -> bool:
        """A person's move on square ``index`` (a variation while a game is studied): the explorer's."""
        ...

    def move_cursor(self, dcol: int, drow: int) -> bool: ...

    def activate(self) -> bool: ...

    def undo(self) -> bool: ...

    def redo(self) -> bool: ...

    def rotate(self) -> bool: ...

    def toggle_hints(self) -> bool: ...

    def set_hint_mode(self, mode: str) -> bool:
        """What the hints show (reversi.ui.drivers.hints.HINT_MODES)."""
        ...

    def play_two_players(self) -> bool: ...

    def pause(self, paused: bool = True) -> bool: ...

    def go_to(self, ply: int) -> bool: ...

    def go_to_node(self, node_id: int) -> bool: ...

    def back_to_live(self) -> bool: ...

    @property
    def promote_moves_game(self) -> bool: ...

    def promote(self, play_from: bool = False) -> bool: ...

    def delete_variation(self) -> bool: ...

    def set_glyph(self, glyph: str) -> bool: ...

    def set_mark_kind(self, kind: str) -> bool: ...

    def set_comment(self, text: str) -> bool: ...

    def comment_room(self) -> int: ...

    def toggle_marking(self) -> bool: ...

    @property
    def marking(self) -> bool: ...

    @property
    def mark_kind(self) -> str: ...

    def toggle_values(self) -> bool: ...

    @property
    def showing_values(self) -> bool: ...

    def toggle_stable(self) -> bool: ...

    @property
    def showing_stable(self) -> bool: ...

    def set_players(self, players: Players) -> None: ...

    def set_details(self, details: Mapping[str, str]) -> bool: ...

    @property
    def editor(self) -> Editor | None: ...

    def open_editor(self) -> bool: ...

    def close_editor(self, play: bool = False, study: bool = False) -> bool: ...

    @property
    def editing_over_a_game(self) -> bool:
        """The editor is open over a game in progress (playing the position set up would end it)."""
        ...

    def new_game(
        self, fields: Mapping[str, str] | None = None, rules: Rules | None = None, players: Players | None = None
    ) -> Rules:
        """Start the game the form's fields ask for (or these rules and players, a rematch);
        raises RulesError (shown in the form)."""
        ...

    def play_from_here(self, fields: Mapping[str, str]) -> bool:
        """Play on from the position shown with the players and clock the form's fields choose
        (the moves up to here kept); raises RulesError (shown in the form)."""
        ...

    @property
    def can_play_from_here(self) -> bool: ...

    def resign(self) -> bool:
        """The person (or in a game of two, the side to move) gives the game up."""
        ...

    @property
    def resigner(self) -> int | None:
        """Who would resign now, or None (nobody can)."""
        ...

    @property
    def in_progress(self) -> bool:
        """Moves played, and the game not ended."""
        ...

    @property
    def over(self) -> bool:
        """Has the game ended (by the rules, on time, by resigning)?"""
        ...

    @property
    def rotated(self) -> bool:
        """The board is drawn turned around (a1 at the bottom right)."""
        ...

    @property
    def cursor(self) -> int | None:
        """The keyboard cursor's square (the grid's active cell), or None."""
        ...

    @property
    def game_id(self) -> int:
        """Counts the games started (a game's end is told apart from the next one's)."""
        ...

    @property
    def disc_marks(self) -> bool:
        """The second side's discs carry a ring (a setting)."""
        ...

    @property
    def sound(self) -> bool:
        """Placing and flipping discs make a sound (a setting)."""
        ...

    @property
    def coach(self) -> bool:
        """After a mistake against the computer at a low level, the coach says why (a setting)."""
        ...

    @property
    def graph(self) -> bool:
        """The engine values the game's moves as they are played, for the graph (a setting)."""
        ...

    def set_preference(self, name: str, value: bool) -> bool:
        """Turn a display setting (reversi.ui.controller.PREFERENCES) on or off."""
        ...

    @property
    def engine_workers(self) -> int:
        """How many workers in all the engine may use, as the person chose (0: automatic)."""
        ...

    def set_engine_workers(self, choice: int) -> bool:
        """Choose how many workers in all the engine may use (0: automatic)."""
        ...

    def load_game(self, game: Game) -> None: ...

    # -- what happened (reversi/ui/events.py) ---------------------------------------------

    def take_events(self) -> tuple[Event, ...]:
        """What the intents did since the last call: the page takes it once per redraw."""
        ...

    # -- what outlives the page -----------------------------------------------------------

    def settings(self) -> dict[str, Any]: ...

    def load_settings(self, settings: Mapping[str, Any]) -> None: ...

    # -- views ---------------------------------------------------------------------------

    def board_view(self) -> BoardView: ...

    def status(self) -> StatusView: ...


class PageHost(Protocol):
    """The page as its features (move list, clocks, records, autosave, link, their notices) see it.

    Elements are the browser's (JS proxies, untyped here).
    """

    @property
    def controller(self) -> PageController: ...

    @property
    def board(self) -> Any: ...

    @property
    def players(self) -> Sequence[Any]:
        """The two player cards (Black's, White's)."""
        ...

    @property
    def after_update(self) -> list[AfterRedraw]:
        """Called after every redraw, in order, with the redraw's events."""
        ...

    @property
    def study_engine(self) -> StudyDriver:
        """Analysis, the evaluation graph and the review (the worker's idle time)."""
        ...

    @property
    def book_engine(self) -> BookDriver:
        """The opening book's values of the position shown (the explorer's)."""
        ...

    @property
    def notice_sources(self) -> list[Callable[[], Notice | None]]:
        """Each gives the notice of its condition, or None; drawn after every redraw."""
        ...

    @property
    def notice_actions(self) -> dict[str, Callable[[], None]]:
        """What the notices' (and the message's) buttons do, by their ``data-notice-action``."""
        ...

    def listen(self, element: Any, event: str, handler: Callable[[Any], object]) -> Callable[[], None]:
        """Attach ``handler`` (errors shown, not lost); return its unbind."""
        ...

    def update(self) -> None:
        """Redraw everything from the controller."""
        ...


if TYPE_CHECKING:  # checked by mypy: the controller fits the page's port
    from reversi.ui.controller import Controller

    _controller: type[PageController] = Controller
