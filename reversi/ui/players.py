"""Who plays each side, and the protocol of a computer's turn. No DOM here.

:class:`Players` says for each side (``BLACK`` = 0, ``WHITE`` = 1) whether a person
or the computer plays it, and at which level (the table of
:mod:`reversi.engine.levels`). The new-game form's fields ``players``, ``you``, ``level``,
``level2`` and ``think`` (Expert's time per move) are read by
:func:`players_from_fields`.

A computer's turn is a request and a reply, asynchronous and possibly stale:

1. :func:`ai_request` gives the request for the worker's ``best_move`` (a
   :class:`~reversi.engine.protocol.MoveRequest`, :func:`move_request`) and a
   *token*: the game's id, the ply and the line of moves on the board when the
   request was made;
2. the worker answers later, with the page still usable;
3. :func:`apply_ai_move` plays the answer only if the token still matches: a new
   game, an undo, a navigation or any move in between drop the stale answer.

:class:`AiDriver` runs that loop on the shared request machinery of
:class:`reversi.ui.drivers.requests.RequestDriver` (one request at a time, stale replies
dropped, abandoned ones forgotten) with an injected ``ask`` coroutine (the worker
in the page, a stub in the tests), a minimum time per computer move (so that the
computer's reply does not land on top of the person's move and a game of computer
against computer can be watched) and errors turned into a message.

What the computer's turn needs from the controller is typed by the protocols
:class:`PlayState` (what it reads) and :class:`ComputerSeat` (and the one thing
it does: :meth:`ComputerSeat.place` the computer's move);
:class:`reversi.ui.state.Controller` is one.

Undo against the computer (:func:`undo_to_human`) takes back moves until a person
is to move again, so the person's last move and the computer's reply go together;
:func:`redo_to_human` replays them together.
"""

from __future__ import annotations

import asyncio
import enum
import math
import time
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol, TypedDict

from reversi.core.game import Game
from reversi.core.position import PASS, Position
from reversi.core.rules import Rules
from reversi.engine.levels import DEFAULT_LEVEL, LEVELS, RETIRED_LEVELS, current_level, get_level
from reversi.engine.protocol import ErrorReply, Limits, MoveReply, MoveRequest, Request, read_reply
from reversi.errors import ReversiError, SettingsError
from reversi.formats.balanced import BalancedSpec
from reversi.formats.record import parse_players_code, players_code
from reversi.i18n import _, format_number
from reversi.inputs import Shown
from reversi.ui.drivers.requests import Ask, Redraw, Reply, RequestDriver, no_redraw

HUMAN = "human"
COMPUTER = "computer"

#: The form's ``players`` choices.
MODE_VS_COMPUTER = "computer"
MODE_TWO_PLAYERS = "two"
MODE_COMPUTERS = "computers"
MODES = (MODE_VS_COMPUTER, MODE_TWO_PLAYERS, MODE_COMPUTERS)

#: The players' fields of the new-game form, with their defaults (two people at
#: one board, as before there was a computer).
PLAYER_FORM_DEFAULTS: dict[str, str] = {
    "players": MODE_VS_COMPUTER,  # a visitor opens the page and plays the computer
    "you": "black",  # the person's side against the computer
    "level": str(DEFAULT_LEVEL),  # the computer's level (Black's, computer against computer)
    "level2": str(DEFAULT_LEVEL),  # White's level, computer against computer
    "think": "",  # Expert's time per move in seconds ("": the level's own)
}

#: The new-game form's choices of Expert's time per move: (field value, label).
THINK_CHOICES: tuple[tuple[str, str], ...] = (
    ("", f"{LEVELS[-1].seconds:g} s"),
    ("5", "5 s"),
    ("10", "10 s"),
    ("30", "30 s"),
)
#: The longest time per move a setting may ask for (seconds).
MAX_THINK_SECONDS = 60.0

#: Seconds a computer's move takes at least: against a person, so the reply does
#: not land before the person's own move has finished flipping; computer against
#: computer, so the game can be followed.
MIN_SECONDS_VS_HUMAN = 0.35
MIN_SECONDS_COMPUTERS = 0.9


#: A refused players setting (the message is shown as it is).
PlayersError = SettingsError


def level_name(level: int) -> str:
    """The level's name in the current language (``"Expert"``)."""
    return _(get_level(level).name)


def form_option_texts() -> dict[str, str]:
    """The new-game form's options drawn from tables, by CSS selector: the levels ("5 · Strong club")
    and Expert's times per move ("1.8 s"), in the current language."""
    out: dict[str, str] = {}
    for level, name in level_choices():
        # Translators: a level in the new-game form's list: its number and name, "5 · Strong club"
        text = _("{level} · {name}").format(level=level, name=name)
        for select in ("level", "level2"):
            out[f'select[name="{select}"] option[value="{level}"]'] = text
    for value, _label in THINK_CHOICES:
        seconds = float(value) if value else LEVELS[-1].seconds
        out[f'select[name="think"] option[value="{value}"]'] = _("{seconds} s").format(seconds=_seconds(seconds))
    return out


def level_choices() -> list[tuple[int, str]]:
    """``(level, name)`` for every level, weakest first (for the form's selects), in the current language."""
    return [(lv.level, _(lv.name)) for lv in LEVELS]


@dataclass(frozen=True)
class Players:
    """Who plays Black (side 0) and White (side 1): a person or the computer at a level."""

    kinds: tuple[str, str] = (HUMAN, HUMAN)
    levels: tuple[int, int] = (DEFAULT_LEVEL, DEFAULT_LEVEL)
    #: Expert's time per move in seconds (None: the level's own); other levels ignore it.
    seconds: float | None = None

    def __post_init__(self) -> None:
        for kind in self.kinds:
            if kind not in (HUMAN, COMPUTER):
                raise PlayersError(
                    _("player {kind!r} must be {human!r} or {computer!r}").format(
                        kind=kind, human=HUMAN, computer=COMPUTER
                    )
                )
        for level in self.levels:
            try:
                get_level(level)
            except ReversiError as e:
                raise PlayersError(str(e)) from None
        if self.seconds is not None and not (
            isinstance(self.seconds, (int, float)) and 0 < self.seconds <= MAX_THINK_SECONDS
        ):
            raise PlayersError(
                _("time per move {seconds!r} must be more than 0 and at most {most} s").format(
                    seconds=self.seconds, most=format_number(MAX_THINK_SECONDS)
                )
            )

    @classmethod
    def vs_computer(cls, human_side: int = 0, level: int = DEFAULT_LEVEL, seconds: float | None = None) -> Players:
        kinds = (HUMAN, COMPUTER) if human_side == 0 else (COMPUTER, HUMAN)
        return cls(kinds, (level, level), seconds)

    @classmethod
    def computers(
        cls, black_level: int = DEFAULT_LEVEL, white_level: int = DEFAULT_LEVEL, seconds: float | None = None
    ) -> Players:
        return cls((COMPUTER, COMPUTER), (black_level, white_level), seconds)

    def time_limit(self, side: int) -> float | None:
        """The time per move the side's computer is given, if not its level's own."""
        return self.seconds if self.levels[side] == len(LEVELS) else None

    def _level_text(self, side: int) -> str:
        level = self.levels[side]
        t = self.time_limit(side)
        if t is None:
            return level_name(level)
        # Translators: a computer player's level and its time per move: "Expert, 10 s a move"
        return _("{level}, {seconds} s a move").format(level=level_name(level), seconds=_seconds(t))

    def is_computer(self, side: int | None) -> bool:
        return side is not None and self.kinds[side] == COMPUTER

    @property
    def any_computer(self) -> bool:
        return COMPUTER in self.kinds

    @property
    def all_computers(self) -> bool:
        return self.kinds == (COMPUTER, COMPUTER)

    @property
    def mode(self) -> str:
        if self.all_computers:
            return MODE_COMPUTERS
        return MODE_VS_COMPUTER if self.any_computer else MODE_TWO_PLAYERS

    def label(self, side: int) -> str:
        """What the player card says under the side's name ('' for two people)."""
        if self.kinds[side] == COMPUTER:
            # Translators: the player card of a side the computer plays: "Computer · Expert"
            return _("Computer · {level}").format(level=level_name(self.levels[side]))
        # Translators: the player card of the person's side, against the computer
        return _("You") if self.any_computer else ""

    def describe(self, side_names: tuple[str, str] = ("Black", "White")) -> str:
        """'You (Black) vs Computer level 5 (Strong club)', 'Two players', ..."""
        if self.all_computers:
            b, w = self.levels
            return _(
                "Computer level {black_level} ({black_text}, {black}) vs "
                "computer level {white_level} ({white_text}, {white})"
            ).format(
                black_level=b, black_text=self._level_text(0), black=side_names[0],
                white_level=w, white_text=self._level_text(1), white=side_names[1],
            )
        if not self.any_computer:
            return _("Two players")
        you = 0 if self.kinds[0] == HUMAN else 1
        level = self.levels[1 - you]
        # Translators: who plays: "You (Black) vs Computer level 5 (Strong club)"
        return _("You ({side}) vs Computer level {level} ({level_text})").format(
            side=side_names[you], level=level, level_text=self._level_text(1 - you)
        )

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kinds": list(self.kinds), "levels": list(self.levels)}
        if self.seconds is not None:
            out["seconds"] = self.seconds
        return out

    def to_code(self) -> str:
        """Who plays as a link's ``pl`` code (``hc5``); '' for two people (a link that names nobody)."""
        if not self.any_computer:
            return ""
        return players_code(self.kinds, self.levels, self.seconds)

    @classmethod
    def from_code(cls, code: str) -> Players:
        """The players a link's or record's code names ('' names nobody: two people, for study).
        Raises :class:`~reversi.errors.ReversiError` for a code or level that is refused."""
        if not code:
            return cls()
        kinds, levels, seconds = parse_players_code(code)
        try:
            return cls(kinds, levels, seconds)
        except ReversiError as e:
            # Translators: {error} says what is wrong with who plays, named in a link or a file
            raise SettingsError(_("players {code!r}: {error}").format(code=code[:20], error=e)) from None

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Players:
        """The players a :meth:`to_dict` saved; each field's type and range checked."""
        if not isinstance(data, Mapping):
            raise PlayersError(_("players setting must be an object, not {type}").format(type=type(data).__name__))
        kinds, raw_levels, seconds = data.get("kinds"), data.get("levels"), data.get("seconds")
        if not (isinstance(kinds, list) and len(kinds) == 2 and all(isinstance(k, str) for k in kinds)):
            raise PlayersError("players setting must name two sides: kinds [human|computer, human|computer]")
        if not (isinstance(raw_levels, list) and len(raw_levels) == 2 and all(_is_int(v) for v in raw_levels)):
            raise PlayersError("players setting must give two levels as whole numbers")
        if seconds is not None and not (
            _is_number(seconds)
            and (math.isfinite(seconds) if isinstance(seconds, float) else abs(seconds) < 10**9)  # no float overflow
        ):
            raise PlayersError(_("players setting: seconds {seconds!r} is not a number").format(seconds=Shown(seconds)))
        if seconds is None:  # a retired level above Expert was Expert with more time
            seconds = max((RETIRED_LEVELS.get(v, 0.0) for v in raw_levels), default=0.0) or None
        levels = (current_level(raw_levels[0]), current_level(raw_levels[1]))
        return cls((kinds[0], kinds[1]), levels, None if seconds is None else float(seconds))


def _level_field(fields: Mapping[str, str], key: str) -> int:
    text = str(fields.get(key, PLAYER_FORM_DEFAULTS[key])).strip()
    if not (text.isascii() and text.isdigit() and len(text) <= 3):
        raise PlayersError(_("level {level!r} is not a level: 1 to {most}").format(level=text, most=len(LEVELS)))
    level = current_level(int(text))
    try:
        get_level(level)
    except ReversiError:
        raise PlayersError(
            _("level {level!r} is not a level: 1 to {most}").format(level=text, most=len(LEVELS))
        ) from None
    return level


def _think_field(fields: Mapping[str, str]) -> float | None:
    # parsed here, checked by Players (the range and its message are there)
    text = str(fields.get("think", PLAYER_FORM_DEFAULTS["think"])).strip()
    if not text:
        return None
    if len(text) > 20:
        raise PlayersError(_("time per move {text!r}… is not a number of seconds").format(text=text[:20]))
    try:
        return float(text)  # the range (NaN and infinity refused) is checked by Players
    except ValueError:
        raise PlayersError(_("time per move {text!r} is not a number of seconds").format(text=text)) from None


def players_from_fields(fields: Mapping[str, str]) -> Players:
    """The :class:`Players` the new-game form asks for; raises PlayersError if refused."""
    mode = str(fields.get("players", PLAYER_FORM_DEFAULTS["players"])).strip() or MODE_TWO_PLAYERS
    if mode == MODE_TWO_PLAYERS:
        return Players()
    if mode == MODE_VS_COMPUTER:
        you = str(fields.get("you", "black")).strip().lower()
        if you not in ("black", "white"):
            raise PlayersError(_("your side {side!r} must be black or white").format(side=you))
        return Players.vs_computer(0 if you == "black" else 1, _level_field(fields, "level"), _think_field(fields))
    if mode == MODE_COMPUTERS:
        return Players.computers(_level_field(fields, "level"), _level_field(fields, "level2"), _think_field(fields))
    raise PlayersError(_("players: unknown choice {choice!r}").format(choice=mode))


# -- who plays a game brought in --------------------------------------------------------


class Brought(enum.Enum):
    """Where a game put on the board came from (:func:`who_plays` says who plays it)."""

    #: A share link opened in the address bar: the players it names (none: two people).
    LINK = "link"
    #: A game of this device's recent games: its players, as it was left.
    RECENT = "recent"
    #: A file opened (.rev, GGF): for study.
    FILE = "file"
    #: A game chosen in a database's or a file's list of games (WTHOR, GGF, .rev): for study.
    DATABASE = "database"
    #: Text pasted into the Game menu's box (moves, a position, a record, a link): for study.
    PASTE = "paste"


#: The sources whose games open for study: nobody plays them (their recorded players are names only).
FOR_STUDY = frozenset({Brought.FILE, Brought.DATABASE, Brought.PASTE})


def who_plays(source: Brought, code: str = "") -> Players:
    """Who plays a game brought in from ``source`` whose record or link names the players ``code``
    (:meth:`Players.to_code`; '' names nobody).

    The one rule for every game put on the board: a game from a file, a database or pasted text
    opens **for study**, nobody playing it (what it says of its players is shown as names only),
    whoever played the game on the board before; playing on against the computer is the user's
    choice ("Play from here", :meth:`reversi.ui.state.Controller.play_from_here`). A link and a
    recent game go on as they were left: with the players they name. (The saved game of the
    autosave keeps its players too: :mod:`reversi.ui.store.autosave`.) Raises
    :class:`~reversi.errors.ReversiError` for a code that is refused, from a link or a recent game.
    """
    if source in FOR_STUDY:
        return Players()
    return Players.from_code(code)


#: What records write for a player's name they do not know (GGF's ``PB[?]``, a WTHOR "???").
UNKNOWN_NAMES = frozenset({"?", "??", "???", "-", "unknown"})


def known_name(name: str) -> str:
    """A player's name from a game's details, or '' where the record says it does not know it."""
    name = name.strip()
    return "" if name.lower() in UNKNOWN_NAMES else name


# -- the computer's turn -----------------------------------------------------------------

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


class AiDriver(RequestDriver[Token]):
    """Runs the computer's turns: one request to the engine at a time, stale replies dropped.

    ``ask(request)`` is the engine (``best_move`` of the worker): a coroutine that
    returns a dict with ``move`` or ``error`` (read as a :class:`~reversi.engine.protocol.MoveReply`).
    ``on_change()`` is called when the page must redraw (a move was played, the thinking state or the error changed);
    the page calls :meth:`poke` after every redraw, which starts a request when the
    computer is to move and none is running. The request machinery (``pending``,
    ``replies``, ``dropped``, :meth:`abandon`) is :class:`~reversi.ui.drivers.requests.RequestDriver`'s.
    """

    def __init__(
        self,
        controller: ComputerSeat,
        ask: Ask | None = None,
        on_change: Redraw = no_redraw,
        sleep: Callable[[float], Awaitable[Any]] = asyncio.sleep,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        super().__init__(lambda: ai_token(controller), ask, on_change, clock)
        self.controller = controller
        self.sleep = sleep
        #: The last engine error, shown to the user, and the token it belongs to.
        self.error = ""
        self._error_token: Token | None = None
        #: What the last reply said (depth, nodes, seconds), for the curious.
        self.last_reply: MoveReply | None = None
        #: When the request in flight started (``clock``) and the seconds it may take
        #: (``answered``, whether its reply has come, is the request driver's).
        self.started = 0.0
        self.budget = 0.0

    def set_engine(self, ask: Ask | None) -> None:
        super().set_engine(ask)
        if ask is not None:  # a new engine: the position it failed on may be asked again
            self.error = ""
            self._error_token = None
        self.poke()

    def current_error(self) -> str:
        """The error of the computer's turn now due ('' if none, or if the game moved on)."""
        return self.error if self._error_token == ai_token(self.controller) else ""

    def thinking_side(self) -> int | None:
        """The side shown as thinking: the computer is to move and no error stopped it."""
        side = computer_to_move(self.controller)
        if side is None or self._error_token == ai_token(self.controller):
            return None
        return side

    def min_seconds(self) -> float:
        return MIN_SECONDS_COMPUTERS if self.controller.players.all_computers else MIN_SECONDS_VS_HUMAN

    def poke(self) -> asyncio.Future[None] | None:
        """Start the computer's turn if it is due; returns the task (or None)."""
        if not self.ready or self.in_flight:
            return None
        request = ai_request(self.controller)
        if request is None or request["token"] == self._error_token:
            return None
        move = request["args"]
        self.started = self.clock()
        self.budget = self.budget_for(move)
        return self.send(request["token"], move)

    def budget_for(self, request: Request) -> float:
        """The computer's time for the move: the chosen time per move, else its level's."""
        if not isinstance(request, MoveRequest):
            return super().budget_for(request)
        return request.limits.seconds or get_level(request.level or DEFAULT_LEVEL).seconds

    def stale_seconds_left(self) -> float:
        """How long the request in flight may still run though its answer is no longer
        wanted (a new game, an undo...): 0 when there is none, or it is still wanted."""
        if self.pending is None or self.answered or self.is_current(self.pending):
            return 0.0
        return max(0.0, self.started + self.budget - self.clock())

    # -- the reply (RequestDriver's hooks) -------------------------------------------------

    async def settle(self, token: Token, reply: Reply) -> None:
        """The reply has come: it waits out the minimum time of a move, if still current."""
        wait = self.min_seconds() - (self.clock() - self.started)
        if wait > 0 and self.is_current(token):
            await self.sleep(wait)

    def wanted(self, token: Token) -> bool:
        # stale, or stopped meanwhile: dropped (asked again on resume)
        return self.is_current(token) and not self.controller.paused

    def accept(self, token: Token, reply: Reply) -> None:
        answer = read_reply(MoveReply, reply)
        if isinstance(answer, ErrorReply):
            self.error = _("The computer could not move: {error}").format(error=answer.error)
            self._error_token = token
        elif apply_ai_move(self.controller, token, answer.move):
            self.error = ""
            self._error_token = None
            self.last_reply = answer
        else:
            self.error = _("The computer chose an impossible move: {move!r}").format(move=answer.move)
            self._error_token = token

    def after_reply(self) -> None:
        self.poke()  # a stale reply: the current position may need its own request


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and -(10**6) < value < 10**6


def _is_number(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _seconds(value: float) -> str:
    """A number of seconds as people read it: ``10``, ``2.5`` (``2,5`` in Czech)."""
    text = f"{value:g}"
    return format_number(value, len(text.split(".")[1]) if "." in text and "e" not in text else 0)
