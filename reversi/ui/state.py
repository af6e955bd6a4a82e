"""The page's controller: user intents in, views out. No DOM here.

:class:`Controller` holds the :class:`~reversi.core.game.Game` and the little state of
the page around it (orientation, keyboard cursor, whether the last change should
animate). Each intent (:meth:`~Controller.click`, :meth:`~Controller.undo`,
:meth:`~Controller.new_game`, ...) returns True when something changed, and records
what happened as :class:`~reversi.ui.events.Event` values (moved, undone, resigned,
lost on time, turned...) in a queue that the page takes once per redraw
(:meth:`~Controller.take_events`) for the announcements, the sound, the clock and the
recent games; the page then asks for :meth:`~Controller.board_view` (drawn by
:func:`reversi.drawing.render.render_board`) and :meth:`~Controller.status`.

The new-game form arrives as a mapping of field names to strings (what the
browser's ``FormData`` gives), read by :func:`rules_from_fields`: every refused
value or combination raises :class:`~reversi.errors.RulesError` with a message
to show as it is.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from reversi.core.clock import parse_time_control
from reversi.core.game import Ending, Game, Node, Termination
from reversi.core.geometry import iter_indices
from reversi.core.position import PASS, Position
from reversi.core.rules import BLACK, WHITE, Rules, random_blocked, variant_by_name
from reversi.core.stability import stable_discs
from reversi.drawing.diagram import board_cells, cursor_step, side_colors, value_marks
from reversi.drawing.render import BLACK as CELL_BLACK
from reversi.drawing.render import WHITE as CELL_WHITE
from reversi.drawing.render import BoardView, default_stars
from reversi.errors import ClockError, NotationError, ReversiError, RulesError, SettingsError
from reversi.formats.balanced import TAG as BALANCED_TAG
from reversi.formats.balanced import BalancedSpec
from reversi.i18n import N_, _
from reversi.ui import players as _players
from reversi.ui.editor import Editor
from reversi.ui.events import COMPUTER, PERSON, Event, EventKind
from reversi.ui.openings import OPENING_FORM_DEFAULTS, balanced_from_fields, opening_preview
from reversi.ui.players import PLAYER_FORM_DEFAULTS, AiRequest, Players, Token, players_from_fields

#: Field names of the new-game form, with their defaults.
FORM_DEFAULTS: dict[str, str] = {
    "variant": "othello",
    "size": "8",
    "anti": "",
    "free_opening": "",
    "blocked_mode": "none",  # none | random | list
    "blocked_count": "4",
    "blocked_seed": "",
    "blocked_list": "",
    "handicap": "0",
    "handicap_color": "black",
    **PLAYER_FORM_DEFAULTS,  # who plays: reversi/ui/players.py
    **OPENING_FORM_DEFAULTS,  # the rule set's start or a balanced opening: reversi/ui/openings.py
    "clock": "none",  # time control "BASE+INC" in seconds: reversi/core/clock.py
}

_SQUARE_SPLIT = re.compile(r"[\s,;]+")
#: A whole number in a form field (ASCII digits: '²' is a digit to str.isdigit, not to int).
_WHOLE = re.compile(r"-?[0-9]{1,6}")
_SEED = re.compile(r"-?[0-9]{1,18}")


def _int_field(fields: Mapping[str, str], key: str, what: str) -> int:
    text = str(fields.get(key, FORM_DEFAULTS.get(key, ""))).strip()
    if not _WHOLE.fullmatch(text):
        # Translators: a field of the new-game form ("board size", "handicap") and what was typed in it
        raise RulesError(_("{field} {value!r} is not a whole number").format(field=_(what), value=text[:20]))
    return int(text)


def _flag(fields: Mapping[str, str], key: str) -> bool:
    return str(fields.get(key, "")).strip().lower() in ("on", "true", "1", "yes")


def rules_from_fields(fields: Mapping[str, str], seed: int | None = None) -> Rules:
    """The :class:`Rules` the new-game form asks for; raises RulesError if refused.

    A random set of blocked squares uses the form's seed, else ``seed``, else a
    fresh random one; the squares chosen end up in ``Rules.blocked`` either way,
    so the game stays reproducible from its record.
    """
    variant = str(fields.get("variant", "othello")).strip() or "othello"
    size = _int_field(fields, "size", N_("board size"))
    handicap = _int_field(fields, "handicap", N_("handicap"))
    color_text = str(fields.get("handicap_color", "black")).strip().lower()
    if color_text not in ("black", "white"):
        raise RulesError(_("handicap colour {color!r} must be black or white").format(color=color_text))
    mode = str(fields.get("blocked_mode", "none")).strip().lower()
    listed: tuple[str, ...] = ()
    if mode == "list":
        listed = tuple(s for s in _SQUARE_SPLIT.split(str(fields.get("blocked_list", ""))) if s)
        if not listed:
            raise RulesError(_("blocked squares: give at least one square, e.g. 'c3 f6'"))
    elif mode not in ("none", "random"):
        raise RulesError(_("blocked squares: unknown choice {choice!r}").format(choice=mode))
    rules = Rules(
        variant,
        size=size,
        anti=_flag(fields, "anti"),
        free_opening=_flag(fields, "free_opening"),
        blocked=listed,
        handicap=handicap,
        handicap_color=WHITE if color_text == "white" else BLACK,
    )
    if mode == "random":
        count = _int_field(fields, "blocked_count", N_("number of blocked squares"))
        seed_text = str(fields.get("blocked_seed", "")).strip()
        if seed_text:
            if not _SEED.fullmatch(seed_text):
                raise RulesError(
                    _("seed {seed!r} is not a whole number (at most 18 digits)").format(seed=seed_text[:20])
                )
            seed = int(seed_text)
        elif seed is None:
            import random  # only here: keeps the page's start-up imports small

            seed = random.randrange(1 << 32)
        rules = random_blocked(rules, count, seed)
    return rules


#: The new-game form's fields that only some rule sets take (disabled for the others).
OPTIONAL_FIELDS = ("size", "free_opening", "handicap", "handicap_color")


def form_applicable(fields: Mapping[str, str]) -> dict[str, bool]:
    """Which of :data:`OPTIONAL_FIELDS` the rule set chosen in the form takes: Octagon has one size
    and no handicap, Classic starts with an empty centre anyway (no free-opening option)."""
    try:
        variant = variant_by_name(str(fields.get("variant", "othello")))
    except RulesError:
        return dict.fromkeys(OPTIONAL_FIELDS, True)
    handicap = variant.allows_handicap
    return {
        "size": variant.allows_size,
        "free_opening": not variant.empty_start,
        "handicap": handicap,
        "handicap_color": handicap,
    }


def preview_fields(fields: Mapping[str, str]) -> tuple[bool, str]:
    """``(True, description)`` of the game the form asks for, or ``(False, error)``."""
    try:
        rules = rules_from_fields(fields, seed=0)
        text = rules.describe()
        opening = balanced_from_fields(fields, rules, seed=0)
    except RulesError as e:
        return False, str(e)
    if opening is not None:
        text += " · " + opening_preview(opening, bool(str(fields.get("opening_seed", "")).strip()))
    return True, text


def form_side_names(fields: Mapping[str, str]) -> tuple[str, str]:
    """The side names of the rule set chosen in the form (Classic: Black and Red), as shown."""
    try:
        black, white = variant_by_name(str(fields.get("variant", "othello"))).side_names
    except RulesError:
        black, white = N_("Black"), N_("White")
    return _(black), _(white)


@dataclass(frozen=True)
class StatusView:
    """What the panel beside the board shows, as plain values."""

    title: str
    side_names: tuple[str, str]
    colors: tuple[str, str]
    counts: tuple[int, int]
    #: Discs in hand (Classic), else None.
    supply: tuple[int, int] | None
    #: The side to move, or None when the game is over.
    turn: int | None
    #: "Black to move", or the result at the end ("Black wins 36:28"; "Black wins 64:0 (61:0 on
    #: the board, plus 3 empty squares for the winner)" when the score took the empty squares).
    message: str
    #: A pass just happened ("White has no move and passes"), else "".
    notice: str
    over: bool
    #: The final score, winner first ("36:28"), at the end; else None.
    score: str | None
    #: BLACK, WHITE, or None (a draw, or the game goes on).
    winner: int | None
    can_undo: bool
    can_redo: bool
    #: Moves played so far (passes not counted).
    move_count: int
    #: Another position than the game's is shown (nobody moves; a move starts a variation).
    browsing: bool = False
    #: The position shown is in a variation (it can be promoted or deleted).
    in_variation: bool = False
    #: The comment of the position shown.
    comment: str = ""
    #: At an end whose score is more than the discs on the board: ``message`` in two parts, the
    #: result ("Black wins 64:0") and why its score is not the counters' ("61:0 on the board, plus
    #: 3 empty squares for the winner"), which the status line draws on two lines; else "".
    headline: str = ""
    score_note: str = ""


class Controller:
    """Two people at one board: the game, the orientation and the keyboard cursor."""

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
        """The side that lost on time (:meth:`lose_on_time`: the game's clock, reversi/ui/timing.py), else None."""
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

    @property
    def position(self) -> Position:
        return self.game.position

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
        if index == PASS or not self.position.is_legal(index) or not _players.human_to_move(self):
            return False
        return self.place(index)

    def place(self, index: int) -> bool:
        """Play ``index`` for the side to move, whoever plays it (:meth:`play` checks a person's
        move, :func:`reversi.ui.players.apply_ai_move` the computer's); False once the game has
        ended on time. ``index`` must be legal."""
        if self.ended_by is not None:
            return False  # the game ended on time or by resigning: no more moves
        game = self.game
        by = COMPUTER if _players.computer_to_move(self) is not None else PERSON
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
        """``side``'s time ran out (the game's clock, :mod:`reversi.ui.timing`): the game ends and
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
        self._animate = False
        if self.resigned is not None:
            self.game.ending = None  # the resignation is taken back, the game goes on
            self._record(EventKind.RESUMED)
            return True
        if self.players.all_computers:
            self.paused = True  # else the computers would play the move again at once
        before = self.game.current
        if not _players.undo_to_human(self.game, self.players):
            return False
        self._record(EventKind.UNDONE, before)
        return True

    def redo(self) -> bool:
        before = self.game.current
        done = _players.redo_to_human(self.game, self.players)
        if done:
            self._record(EventKind.REDONE, before)
        self._animate = done
        return done

    def new_game(
        self, fields: Mapping[str, str] | None = None, rules: Rules | None = None, players: Players | None = None
    ) -> Rules:
        """Start a new game from the form's fields (or given rules and players); raises RulesError.

        The form's fields also say who plays (:func:`players_from_fields`) and how the game
        opens (:func:`reversi.ui.openings.balanced_from_fields`); given rules without fields keep
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

    # -- a balanced random opening (reversi/ui/openings.py) ---------------------------------

    def opening_spec(self) -> BalancedSpec | None:
        """The balanced opening the game's record names, if any (an unreadable tag: none)."""
        text = self.game.tags.get(BALANCED_TAG, "")
        if not text:
            return None
        try:
            return BalancedSpec.parse(text)
        except NotationError:
            return None

    @property
    def opening_pending(self) -> BalancedSpec | None:
        """The balanced opening the game waits for: named by its record, no move played yet, from
        the rule set's start; nobody moves meanwhile."""
        game = self.game
        if game.root.children or game.start != Position.start(game.rules) or self.editor is not None:
            return None
        return self.opening_spec()

    def play_opening(self, moves: Sequence[int]) -> bool:
        """Play the balanced opening drawn for the game waiting for it (the game's first moves);
        False if it no longer waits, or the moves are not legal here (nothing is played then)."""
        if self.opening_pending is None:
            return False
        trial = Game(start=self.game.start)
        try:
            trial.play_all(list(moves))
        except ReversiError:
            return False
        before = self.game.current
        self.game.play_all(list(moves))
        self._record(EventKind.OPENING, before)
        self._animate = False
        return True

    def drop_opening(self) -> bool:
        """The opening could not be drawn: the game starts from the rule set's start instead."""
        if self.opening_pending is None:
            return False
        del self.game.tags[BALANCED_TAG]
        self._record(EventKind.OPENING)
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

    def settings(self) -> dict[str, Any]:
        """The choices to remember (JSON-able): who plays, the new-game form's fields, hints on or off."""
        return {
            "players": self.players.to_dict(),
            "form": dict(self.form_fields),
            "hints": self.show_hints,
            **{name: getattr(self, name) for name in PREFERENCES},
        }

    def load_settings(self, settings: Mapping[str, Any]) -> None:
        """Take back :meth:`settings` (e.g. from storage) for the next game; bad parts are ignored."""
        try:
            self._set_players(Players.from_dict(settings.get("players", {})))
        except ReversiError:
            pass
        form = settings.get("form")
        if isinstance(form, Mapping):
            self.form_fields = {**FORM_DEFAULTS, **{k: str(v) for k, v in form.items() if k in FORM_DEFAULTS}}
        hints = settings.get("hints")
        if isinstance(hints, bool):
            self.show_hints = hints
        for name in PREFERENCES:
            value = settings.get(name)
            if isinstance(value, bool):
                setattr(self, name, value)

    def set_preference(self, name: str, value: bool) -> bool:
        """Turn one of :data:`PREFERENCES` on or off; True if that changed it."""
        if name not in PREFERENCES:
            raise ValueError(f"no preference {name!r}")
        if getattr(self, name) == value:
            return False
        setattr(self, name, value)
        if name == "face_white":
            self.face_player()
        return True

    def play_two_players(self) -> bool:
        """Two people take both sides from here on, the game kept (the computer is unavailable).

        The new-game form remembers the choice; True if that changed who plays.
        """
        self.form_fields = {**self.form_fields, "players": _players.MODE_TWO_PLAYERS}
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
        return _players.ai_request(self)

    def apply_ai_move(self, token: Token, move: str) -> bool:
        """Play the computer's answer if ``token`` still matches the game (else drop it). The
        keyboard's cursor stays where the person left it (a screen reader's active cell moving
        to the computer's move would talk over the news of that move)."""
        cursor = self.cursor
        played = _players.apply_ai_move(self, token, move)
        if played and cursor is not None:
            self.cursor = cursor
        return played

    # -- the move list and games brought in (reversi/ui/dom/move_list.py, loading.py) --

    def go_to(self, ply: int) -> bool:
        """Show the position after ``ply`` plies of the line (the move list)."""
        if ply == self.game.ply or not 0 <= ply <= len(self.game.line):
            return False
        before = self.game.current
        self.game.go_to(ply)
        self._record(EventKind.BROWSED, before)
        self._animate = False
        self.cursor = None
        return True

    def go_to_node(self, node_id: int) -> bool:
        """Show the position of the tree's node ``node_id`` (a move of a variation, in the move list)."""
        try:
            node = self.game.node(node_id)
        except KeyError:
            return False
        node = node.resting()  # nobody can rest where the side to move must pass
        if node is self.game.current:
            return False
        before = self.game.current
        self.game.go_to_node(node)
        self._record(EventKind.BROWSED, before)
        self._animate = False
        self.cursor = None
        return True

    def back_to_live(self) -> bool:
        """Show the game's own position again (the end of browsing)."""
        self._animate = False
        before = self.game.current
        if not self.game.back_to_live():
            return False
        self._record(EventKind.BROWSED, before)
        return True

    @property
    def promote_moves_game(self) -> bool:
        """Would promoting the variation shown take the game off its own line? (The page asks
        first: :meth:`promote` then needs ``play_from``.)"""
        current = self.game.current
        return not current.is_main and self.game.promote_moves_game(current)

    def promote(self, play_from: bool = False) -> bool:
        """Make the variation shown the main line. The game's own position stays where it is; when
        it is in the line that would become a variation, nothing changes unless ``play_from`` is
        set: the game then goes on from the position shown (the person was asked)."""
        self._animate = False
        before = self.game.current
        if not self.game.promote(before, play_from=play_from):
            return False
        self._record(EventKind.PROMOTED, before)
        return True

    def delete_variation(self) -> bool:
        """Delete the variation shown (the position shown goes back to where it branched off)."""
        self._animate = False
        before = self.game.current
        if not self.game.delete_variation(before):
            return False
        self._record(EventKind.VARIATION_DELETED, before)
        return True

    def set_glyph(self, glyph: str) -> bool:
        """The annotation glyph of the move shown ("" takes it off); True if it changed (False for
        the start, a pass or a glyph that is not one)."""
        node = self.game.current
        old = node.glyph
        try:
            self.game.set_glyph(node, glyph)
        except ReversiError:
            return False
        return node.glyph != old

    def set_comment(self, text: str) -> bool:
        """The comment of the position shown; True if it changed."""
        old = self.game.current.comment
        self.game.set_comment(self.game.current, text)
        return self.game.current.comment != old

    @property
    def editing(self) -> bool:
        return self.editor is not None

    def open_editor(self) -> bool:
        """Set up a position, starting from the one shown."""
        if self.editor is not None:
            return False
        self.editor = Editor(self.position)
        self._record(EventKind.EDITOR_OPENED)
        self._animate = False
        return True

    def close_editor(self, play: bool = False, study: bool = False) -> bool:
        """Close the editor: ``play`` starts a game from the position set up (``study``: for two people
        at one board); raises :class:`~reversi.errors.ReversiError` when the rules cannot hold it."""
        editor = self.editor
        if editor is None:
            return False
        before = self.game.current
        if play:
            position = editor.position()
            players = Players() if study else self.players
            self._start(position.rules)
            self.game = Game(start=position)
            self.players = players
        self.editor = None
        self._record(EventKind.SET_UP if play else EventKind.EDITOR_CLOSED, before)
        self._animate = False
        return True

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

    def set_details(self, details: Mapping[str, str]) -> bool:
        """The game's details (:data:`~reversi.formats.record.DETAIL_TAGS`: the event, the place,
        the date, the round, the players' names), the other tags of the game kept; an empty value
        removes one. True if they changed; raises :class:`~reversi.errors.NotationError` for a value
        that is too long (the game's details stay as they were)."""
        from reversi.formats.record import DETAIL_TAGS, check_tags

        given = check_tags({k: v for k, v in details.items() if k in DETAIL_TAGS})
        tags = {k: v for k, v in self.game.tags.items() if k not in DETAIL_TAGS or k not in details}
        tags.update(given)
        if tags == self.game.tags:
            return False
        self.game.tags = tags
        self._record(EventKind.DETAILS)
        return True

    def toggle_marking(self) -> bool:
        self.marking = not self.marking
        return True

    def set_mark_kind(self, kind: str) -> bool:
        """What a click marks from now on ("ring", "R", "G", "Y" or "+" for letters); marking turns
        on. False for another kind."""
        if kind not in MARK_KINDS:
            return False
        self.mark_kind = kind
        self.marking = True
        return True

    def toggle_values(self) -> bool:
        self.showing_values = not self.showing_values
        return True

    def toggle_stable(self) -> bool:
        """The stable-disc overlay on or off (:mod:`reversi.core.stability`)."""
        self.showing_stable = not self.showing_stable
        self._animate = False
        return True

    @staticmethod
    def _stable_names(pos: Position) -> frozenset[str]:
        black, white = stable_discs(pos)
        return frozenset(pos.rules.geometry.bits_to_names(black | white))

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

    # -- views ----------------------------------------------------------------

    def _last_move(self) -> tuple[int | None, int, str]:
        """The last move on the board (not a pass), the discs it turned and its annotation glyph."""
        node = self.game.current
        while node.parent is not None:
            if node.move is not None and node.move != PASS:
                return node.move, node.parent.position.flips(node.move), node.glyph
            node = node.parent
        return None, 0, ""

    def board_view(self) -> BoardView:
        if self.editor is not None:
            return self.editor.board_view(
                self.rules.display_side_names(),
                side_colors(self.rules),
                # Translators: the board's screen-reader name while the board editor is open
                _("Board editor"),
                None if self.cursor is None else self.rules.geometry.name(self.cursor),
            )
        rules = self.rules
        g = rules.geometry
        pos = self.position
        cells_t = board_cells(rules, pos)
        last, flips, glyph = self._last_move()
        over = self.over
        return BoardView(
            width=g.width,
            height=g.height,
            cells=cells_t,
            # no hints on the computer's turn either: the person cannot play those moves
            legal=frozenset() if over or not _players.human_to_move(self) else frozenset(g.bits_to_names(pos.legal)),
            last_move=None if last is None else g.name(last),
            glyph=glyph,
            flipped=frozenset(g.bits_to_names(flips)) if self._animate else frozenset(),
            colors=side_colors(rules),
            side_names=rules.display_side_names(),
            turn=None if over else pos.turn,
            rotated=self.rotated,
            cursor=None if self.cursor is None else g.name(self.cursor),
            # Translators: the board's screen-reader name: the rule set's description, e.g. "Othello 8x8 board"
            label=_("{rules} board").format(rules=rules.describe()),
            stars=default_stars(g.width, g.height, cells_t),
            marks=frozenset(g.bits_to_names(sum(1 << i for i in self.game.current.marks))),
            signs=tuple((g.name(i), sign) for i, sign in sorted(self.game.current.signs.items())),
            editable=self.marking,  # every square takes a click while marking (none is disabled)
            values=value_marks(rules) if self.showing_values else (),
            stable=self._stable_names(pos) if self.showing_stable else frozenset(),
            grid=True,
            disc_marks=self.disc_marks,
        )

    def _unseen_pass(self) -> Node | None:
        """The pass to announce: one made since the person's last move (the computer's moves after
        it do not hide it: it stays until the person moves), or the pass just made."""
        node = self.game.current
        while node.parent is not None:
            if node.move == PASS:
                return node
            if not self.players.is_computer(node.parent.position.turn):
                return None  # a person's move: what came before it was seen
            node = node.parent
        return None

    def status(self) -> StatusView:
        rules = self.rules
        names = rules.display_side_names()
        pos = self.position
        game = self.game
        counts = (pos.count(BLACK), pos.count(WHITE))
        result = pos.result()
        notice = headline = score_note = ""
        if result is not None:
            message = result.describe(names)
            turn = None
            score_note = result.explanation()
            if score_note:
                headline = result.describe(names, explain=False)
        else:
            turn = pos.turn
            if pos.in_placement:
                # Translators: the status line of a free opening: "Black to move: place a disc in the centre"
                message = _("{side} to move: place a disc in the centre").format(side=names[turn])
            elif self.opening_pending is not None:
                # Translators: the status line while the engine draws the game's balanced random opening
                message = _("Drawing a balanced opening…")
            else:
                # Translators: the status line: "Black to move"
                message = _("{side} to move").format(side=names[turn])
            passed = self._unseen_pass()
            if passed is not None and passed.parent is not None:
                before = passed.parent.position
                passer = names[before.turn]
                if before.supply is not None and before.supply[before.turn] == 0:
                    notice = _("{side} has no discs left and passes").format(side=passer)
                else:
                    notice = _("{side} has no move and passes").format(side=passer)
        if self.lost_on_time is not None and result is None:
            turn, notice = None, ""
            message = _("{side} loses on time").format(side=names[self.lost_on_time])
        elif self.resigned is not None and result is None:
            turn, notice = None, ""
            # Translators: the status line after a resignation: "Black resigns: White wins"
            message = _("{side} resigns: {winner} wins").format(
                side=names[self.resigned], winner=names[1 - self.resigned]
            )
            # Translators: said after a resignation (one click of Resign): the Undo button takes it back
            notice = _("Undo takes the resignation back.")
        if self.editor is not None:
            turn, notice, headline, score_note = None, "", "", ""
            # Translators: the status line while the board editor is open
            message = _("Setting up a position: click the squares")
            cells = list(self.editor.cells.values())
            counts = (cells.count(CELL_BLACK), cells.count(CELL_WHITE))  # the discs set up
        over = result is not None or self.ended_by is not None
        ended_by = self.ended_by
        if result is None and ended_by is not None:
            winner: int | None = 1 - ended_by
        else:
            winner = None if result is None else result.winner
        return StatusView(
            title=rules.describe(),
            side_names=names,
            colors=side_colors(rules),
            counts=counts,
            supply=pos.supply,
            turn=turn,
            message=message,
            notice=notice,
            over=over,
            score=None if result is None else result.score,
            winner=winner,
            can_undo=game.can_undo,
            can_redo=game.can_redo,
            move_count=sum(1 for m in game.moves if m != PASS),
            browsing=game.browsing,
            in_variation=not game.current.is_main,
            comment=game.current.comment,
            headline=headline,
            score_note=score_note,
        )


#: The display settings kept with the game's settings (Controller attributes, all booleans).
PREFERENCES = ("face_white", "disc_marks", "sound")
#: What the marking tool puts on a square: a ring, a colour (red, green, yellow), the next letter.
MARK_KINDS = ("ring", "R", "G", "Y", "+")


def legal_names(position: Position) -> list[str]:
    """Names of the legal moves of a position, in reading order."""
    g = position.rules.geometry
    return [g.name(i) for i in iter_indices(position.legal)]
