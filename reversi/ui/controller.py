"""The page's controller: the person's intents in, what happened out. No DOM here.

:class:`Controller` holds the :class:`~reversi.core.game.Game` and the little state of the page
around it (who plays, the orientation, the keyboard cursor, whether the last change should
animate). Each intent (:meth:`~Controller.click`, :meth:`~Controller.undo`,
:meth:`~Controller.new_game`, :meth:`~Controller.play_from_here`, ...) returns True when
something changed, and records what happened as :class:`~reversi.ui.events.Event` values in a
queue that the page takes once per redraw (:meth:`~Controller.take_events`) for the
announcements, the sound, the clock and the recent games; the page then draws
:meth:`~Controller.board_view` and :meth:`~Controller.status` (:mod:`reversi.ui.views`).

Its parts: the game's own moves, undo, resigning, the clock's flag, new games and the players
here; looking through the tree and annotating it in :class:`reversi.ui.browsing.TreeIntents`;
a balanced opening in :class:`reversi.ui.balanced_start.BalancedStart`; the choices remembered
between visits in :class:`reversi.ui.settings.Remembered`; the computer's turns in
:mod:`reversi.ui.turns`; the new-game form's fields in :mod:`reversi.ui.forms`.
"""

from __future__ import annotations

from collections.abc import Mapping

from reversi.core.clock import parse_time_control
from reversi.core.game import Ending, Game, Node, Termination
from reversi.core.geometry import iter_indices
from reversi.core.position import PASS, Position
from reversi.core.rules import BLACK, WHITE, Rules
from reversi.drawing.diagram import cursor_step
from reversi.drawing.render import BoardView
from reversi.errors import ClockError, ReversiError, RulesError, SettingsError
from reversi.formats.balanced_spec import TAG as BALANCED_TAG
from reversi.formats.balanced_spec import BalancedSpec
from reversi.ui import turns as _turns
from reversi.ui import views
from reversi.ui.balanced_start import BalancedStart
from reversi.ui.browsing import TreeIntents
from reversi.ui.editor import Editor
from reversi.ui.events import COMPUTER, PERSON, Event, EventKind
from reversi.ui.forms import (
    FORM_DEFAULTS,
    PLAYER_FORM_DEFAULTS,
    balanced_from_fields,
    players_from_fields,
    rules_from_fields,
)
from reversi.ui.players import MODE_TWO_PLAYERS, Players
from reversi.ui.settings import Remembered
from reversi.ui.turns import AiRequest, Token
from reversi.ui.views import StatusView


class Controller(TreeIntents, BalancedStart, Remembered):
    """The game on the page and what the person does with it (see the module's docstring)."""

    def __init__(self, rules: Rules | None = None, players: Players | None = None) -> None:
        self.rotated = False
        #: Show a value on every legal move (reversi/ui/drivers/hints.py), remembered in settings().
        self.show_hints = False
        #: Who plays each side (reversi/ui/players.py); the computer's turns are
        #: asked for by the page (players.AiDriver) and played by apply_ai_move.
        self.players = players or players_from_fields(PLAYER_FORM_DEFAULTS)
        #: The new-game form's fields of the last game started (for settings()).
        self.form_fields: dict[str, str] = dict(FORM_DEFAULTS)
        #: Counts games started: part of the token of a computer's request.
        self.game_id = 0
        #: Playing White against the computer turns the board to face you (a setting).
        self.face_white = True
        #: The second side's discs carry a ring: told apart without colour (a setting).
        self.disc_marks = False
        #: Placing and flipping discs make a sound (a setting; the page plays it).
        self.sound = False
        #: What the intents did since the page last took it (take_events).
        self._events: list[Event] = []
        self._start(rules or Rules())
        self._events.append(Event(EventKind.STARTED, None, self.game.current))  # nothing was shown before it

    def _start(self, rules: Rules) -> None:
        self.game = Game(rules)
        self.game_id += 1
        #: Computer against computer: stopped by the user (or by an undo).
        self.paused = False
        self.cursor: int | None = None
        self._animate = False
        #: Clicks on the board mark squares (for teaching) instead of playing.
        self.marking = False
        #: What a click marks: "ring", a colour of :data:`reversi.core.game.SIGN_COLORS`, or "+" (the
        #: next letter: A, B, C...).
        self.mark_kind = "ring"
        #: The square values overlay (teaching: which squares are good or bad to take).
        self.showing_values = False
        #: The stable-disc overlay (discs that can never flip: reversi/core/stability.py).
        self.showing_stable = False
        #: The board editor, while it is open (reversi/ui/editor.py).
        self.editor: Editor | None = None

    def _start_from(self, game: Game, players: Players) -> None:
        """``game`` on the board as a new start (the editor's position set up), ``players`` playing it."""
        self._start(game.rules)
        self.game = game
        self.players = players

    @property
    def animate(self) -> bool:
        """The last change is to be animated (a move: the discs it turned flip on the board)."""
        return self._animate

    @property
    def rules(self) -> Rules:
        return self.game.rules

    # -- what happened (reversi/ui/events.py) ------------------------------------

    def take_events(self) -> tuple[Event, ...]:
        """What the intents did since the last call, oldest first (the page takes it once per redraw;
        a controller nobody takes them from keeps them)."""
        events, self._events = tuple(self._events), []
        return events

    def _record(
        self, kind: EventKind, before: Node | None = None, *, node: Node | None = None, by: str = "",
        live: bool = False, changed_tree: bool = False, side: int | None = None,
    ) -> None:
        """Queue an event; ``before`` defaults to the position shown, ``after`` is the one shown now."""
        shown = self.game.current
        self._events.append(Event(kind, shown if before is None else before, shown, node=node, by=by, live=live,
                                  changed_tree=changed_tree, side=side))

    @property
    def lost_on_time(self) -> int | None:
        """The side that lost on time (:meth:`lose_on_time`: the game's clock, reversi/ui/clocks.py), else None."""
        ending = self.game.ending
        return ending.loser if ending is not None and ending.by is Termination.TIME else None

    @property
    def resigned(self) -> int | None:
        """The side that resigned (:meth:`resign`), else None."""
        ending = self.game.ending
        return ending.loser if ending is not None and ending.by is Termination.RESIGNATION else None

    @property
    def ended_by(self) -> int | None:
        """The side that lost before the rules ended the game (on time, or resigning), else None."""
        return self.lost_on_time if self.lost_on_time is not None else self.resigned

    @property
    def over(self) -> bool:
        """Has the game ended (by the rules, on time or by resigning)?"""
        return self.position.is_over or self.ended_by is not None

    # -- intents --------------------------------------------------------------

    def click(self, name: str) -> bool:
        """A click on the square called ``name``: play it if it is legal (mark it, in marking mode)."""
        try:
            index = self.rules.geometry.parse_square(name)
        except ReversiError:
            return False
        if self.editor is not None:
            return self.editor.click(name)
        if self.marking:
            if self.mark_kind == "ring":
                self.game.toggle_mark(self.game.current, index)
            else:
                self.game.toggle_sign(self.game.current, index, self.mark_kind)
            self._animate = False
            return True
        return self.play(index)

    def play(self, index: int) -> bool:
        """A person's move: refused while the computer is to move."""
        if index == PASS or not self.position.is_legal(index) or not _turns.human_to_move(self):
            return False
        return self.place(index)

    def place(self, index: int) -> bool:
        """Play ``index`` for the side to move, whoever plays it (:meth:`play` checks a person's
        move, :func:`reversi.ui.players.apply_ai_move` the computer's); False once the game has
        ended on time. ``index`` must be legal."""
        if self.ended_by is not None:
            return False  # the game ended on time or by resigning: no more moves
        game = self.game
        by = COMPUTER if _turns.computer_to_move(self) is not None else PERSON
        before, live = game.current, game.current is game.live
        count, end = game.node_count, game.main_line()[-1]
        game.play(index)
        node = before.child(index)
        changed = game.node_count != count or game.main_line()[-1] is not end
        self._record(EventKind.MOVED, before, node=node, by=by, live=live, changed_tree=changed)
        self.cursor = index
        self._animate = True
        return True

    def lose_on_time(self, side: int) -> bool:
        """``side``'s time ran out (the game's clock, :mod:`reversi.ui.clocks`): the game ends and
        the other side wins; the status says "White loses on time" and no move is taken any more.

        The clock runs while the person browses (an earlier position, a variation): the flag
        that falls then brings the board back to the game's own position, where the game ended,
        so the board, the counters and the status line say the same thing.

        True if that ended the game now; False if it had already ended (on time, or by the
        rules: a flag that falls after the last move loses nothing).
        """
        if side not in (BLACK, WHITE):
            raise ValueError(f"side {side!r} is not {BLACK} or {WHITE}")
        if not self.game.end(Ending(side, Termination.TIME)):  # the game's own end, not the position shown
            return False
        before = self.game.current
        if self.editor is None and self.game.back_to_live():
            self._animate = False
            self.cursor = None
        self._record(EventKind.LOST_ON_TIME, before, side=side)
        return True

    @property
    def in_progress(self) -> bool:
        """A game with moves played that has not ended (New game and Load ask before they end one).
        The game's own end counts, not the position shown: a finished game browsed at an earlier
        move (a review) has ended all the same."""
        return self.game.outcome is None and self.editor is None and bool(self.game.root.children)

    @property
    def resigner(self) -> int | None:
        """Who would resign now: the person playing the computer, or in a game of two people the
        side to move; None when nobody can (the game is over, computers play each other, a
        position is shown that is not the game's, the editor is open)."""
        if self.over or self.editor is not None or self.game.browsing:
            return None
        players = self.players
        if players.all_computers:
            return None
        if players.any_computer:
            return BLACK if players.is_computer(WHITE) else WHITE
        return self.position.turn

    def resign(self) -> bool:
        """Resign the game for :attr:`resigner`: the other side wins. Undo takes it back."""
        side = self.resigner
        if side is None:
            return False
        self.game.end(Ending(side, Termination.RESIGNATION))
        self._record(EventKind.RESIGNED, side=side)
        self._animate = False
        return True

    def undo(self) -> bool:
        """Take back a move; against the computer, back to the person's previous turn."""
        if self.editing:  # the game behind the editor would move, unseen
            return False
        self._animate = False
        if self.resigned is not None:
            self.game.ending = None  # the resignation is taken back, the game goes on
            self._record(EventKind.RESUMED)
            return True
        if self.players.all_computers:
            self.paused = True  # else the computers would play the move again at once
        before = self.game.current
        if not _turns.undo_to_human(self.game, self.players):
            return False
        self._record(EventKind.UNDONE, before)
        return True

    def redo(self) -> bool:
        before = self.game.current
        done = not self.editing and _turns.redo_to_human(self.game, self.players)  # not under the editor
        if done:
            self._record(EventKind.REDONE, before)
        self._animate = done
        return done

    def new_game(
        self, fields: Mapping[str, str] | None = None, rules: Rules | None = None, players: Players | None = None
    ) -> Rules:
        """Start a new game from the form's fields (or given rules and players); raises RulesError.

        The form's fields also say who plays (:func:`players_from_fields`) and how the game
        opens (:func:`reversi.ui.forms.balanced_from_fields`); given rules without fields keep
        the players of the last game, and a balanced opening's length and window (a rematch:
        a new opening, drawn from a new seed). A game with a balanced opening starts waiting
        for it (:attr:`opening_pending`).
        """
        opening = self.opening_spec()
        if opening is not None:
            import random  # only here: keeps the page's start-up imports small

            opening = BalancedSpec(opening.plies, opening.within, random.randrange(1 << 32))
        if rules is None:
            fields = dict(fields or FORM_DEFAULTS)
            rules = rules_from_fields(fields)
            opening = balanced_from_fields(fields, rules)
            try:
                players = players or players_from_fields(fields)
            except SettingsError as e:
                raise RulesError(str(e)) from None
            try:
                parse_time_control(str(fields.get("clock", "none")))  # a refused clock starts no game
            except ClockError as e:
                raise RulesError(str(e)) from None
            self.form_fields = {**FORM_DEFAULTS, **{k: str(v) for k, v in fields.items()}}
        before = self.game.current
        self._start(rules)
        if opening is not None:
            self.game.tags[BALANCED_TAG] = opening.text
        if players is not None:
            self.players = players
        self._record(EventKind.NEW_GAME, before)
        self.face_player()
        return rules

    @property
    def can_play_from_here(self) -> bool:
        """Can a game go on from the position shown ("Play from here"): the editor is closed and
        the position shown has not ended the game."""
        return self.editor is None and not self.game.current.resting().position.is_over

    def play_from_here(self, fields: Mapping[str, str]) -> bool:
        """"Play from here": a game of the moves up to the position shown goes on from it, played
        by the players (and with the clock) the new-game form's ``fields`` choose.

        The moves from the start to the position shown (their comments, marks and annotations)
        are the new game's; what came after them and the variations stay in the game that was
        on the board, which the recent games keep. The game's details stay, but for its players'
        names (they named who played the recorded moves) and its recorded result. The form
        remembers the choice for the next game. Raises :class:`~reversi.errors.RulesError` for a
        refused choice (the game stays as it was); False when nothing can be played from here
        (the editor is open, or the position shown has ended).
        """
        try:
            players = players_from_fields(fields)
            parse_time_control(str(fields.get("clock", "none")))
        except (SettingsError, ClockError) as e:
            raise RulesError(str(e)) from None
        if not self.can_play_from_here:
            return False
        node = self.game.current.resting()
        chosen = {k: str(v) for k, v in fields.items() if k in PLAYER_FORM_DEFAULTS or k == "clock"}
        self.form_fields = {**self.form_fields, **chosen}
        before = self.game.current
        game = self.game.up_to(node)
        for tag in ("Black", "White"):
            game.tags.pop(tag, None)
        self._start(game.rules)
        self.game = game
        self.players = players
        self._record(EventKind.PLAYED_FROM, before)
        self.face_player()
        return True

    def face_player(self) -> bool:
        """With :attr:`face_white` on, a person playing White against the computer sees the board
        turned to face them (and turned back when they play Black); True if it turned."""
        players = self.players
        if not self.face_white or not players.any_computer or players.all_computers:
            return False
        wanted = players.is_computer(BLACK)
        if self.rotated == wanted:
            return False
        self.rotated = wanted
        self._record(EventKind.TURNED)
        return True

    # -- players and the computer's turns (reversi/ui/players.py) ------------------

    def play_two_players(self) -> bool:
        """Two people take both sides from here on, the game kept (the computer is unavailable).

        The new-game form remembers the choice; True if that changed who plays.
        """
        self.form_fields = {**self.form_fields, "players": MODE_TWO_PLAYERS}
        self.paused = False
        if not self.players.any_computer:
            return False
        self._set_players(Players())
        return True

    def toggle_hints(self) -> bool:
        """Show or hide the values of the legal moves; always a change."""
        self.show_hints = not self.show_hints
        self._animate = False
        return True

    def pause(self, paused: bool = True) -> bool:
        """Stop (or resume) the computer's moves; True if that changed anything."""
        if self.paused == paused:
            return False
        self.paused = paused
        return True

    def ai_request(self) -> AiRequest | None:
        """The worker's arguments and the token when the computer is to move, else None."""
        return _turns.ai_request(self)

    def apply_ai_move(self, token: Token, move: str) -> bool:
        """Play the computer's answer if ``token`` still matches the game (else drop it). The
        keyboard's cursor stays where the person left it (a screen reader's active cell moving
        to the computer's move would talk over the news of that move)."""
        cursor = self.cursor
        played = _turns.apply_ai_move(self, token, move)
        if played and cursor is not None:
            self.cursor = cursor
        return played

    def set_players(self, players: Players) -> None:
        """Who plays from here on (a game brought in names them), the game kept."""
        self._set_players(players)
        self.paused = False

    def _set_players(self, players: Players) -> None:
        """``players`` play from here on; an event when that changes who plays as a record says it."""
        changed = players.to_code() != self.players.to_code()
        self.players = players
        if changed:
            self._record(EventKind.PLAYERS)

    def load_game(self, game: Game) -> None:
        """Put ``game`` on the board (a link, a transcript, a file, the autosave)."""
        before = self.game.current
        self._start(game.rules)
        self.game = game
        self._record(EventKind.LOADED, before)

    def rotate(self) -> bool:
        self.rotated = not self.rotated
        self._record(EventKind.TURNED)
        self._animate = False
        return True

    def move_cursor(self, dcol: int, drow: int) -> bool:
        """Move the keyboard cursor one square on screen (skipping holes)."""
        self._animate = False
        step = cursor_step(self.rules, self.position, self.cursor, dcol, drow, self.rotated)
        if step is None:
            return False
        self.cursor = step
        return True

    def activate(self) -> bool:
        """Enter or space on the board: play the cursor's square (in the editor: set it)."""
        if self.cursor is None:
            return self.move_cursor(0, 0)
        if self.editor is not None:
            return self.editor.click(self.rules.geometry.name(self.cursor))
        return self.play(self.cursor)

    # -- views (reversi/ui/views.py) -------------------------------------------------------

    def board_view(self) -> BoardView:
        return views.board_view(self)

    def status(self) -> StatusView:
        return views.status(self)




def legal_names(position: Position) -> list[str]:
    """Names of the legal moves of a position, in reading order."""
    g = position.rules.geometry
    return [g.name(i) for i in iter_indices(position.legal)]
