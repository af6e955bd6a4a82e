"""The autosave's decisions: what the page restores, moves aside, or must not overwrite. No DOM here.

The page (:mod:`reversi.ui.dom.autosave`) only reads and writes ``localStorage``;
what it does with what it finds is decided here, and tested under CPython.

**At start** (:func:`plan_start`), with the saved text (``STORAGE_KEY``) and the
address's query string:

* a game link in the address wins over the saved game, which is kept one click
  away (``PREVIOUS_KEY``, and the message's "Back to my game") when it is another
  game; the link says who plays (``pl``), and a link that names nobody opens for
  study: two people at one board, the computer off. A link to the saved game
  itself (a reload: the address follows the game) restores the saved game, clock
  and all (:func:`is_saved_game`). A link whose game is the saved game gone on (a
  friend's reply in a game by correspondence: :func:`reply_moves`) is no other
  game: its moves are added to the saved game, which keeps its players, clock,
  details, comments and variations, and the message names the moves ("Your
  friend replied: d3"). A link that cannot be read (a wrong game, or an address
  that is too long, repeats a parameter or is of a newer link format) is named in
  the message, and the address is rewritten as the game's own;
* a saved state this page reads is restored: its settings always, its game
  unless a link wins;
* a saved state that cannot be read is *moved aside*: copied to ``BROKEN_KEY``
  (kept for the person to copy: the message and the Game menu offer it) and
  removed, so it is never read again; a new game starts. If it cannot be
  copied (the storage is full), it is left where it is and this tab does not
  save over it (:data:`HOLD_STUCK`) until the person says so;
* a saved state written by a **newer version** of the page (its ``version`` is
  greater than :data:`~reversi.ui.store.saved_state.STATE_VERSION`) is not read, not moved
  and not overwritten (:data:`HOLD_NEWER`): reloading may bring the newer page,
  which reads it. The page says so and starts a new game (or the link's), and
  this tab does not autosave until the person chooses "Replace it with this
  game". Starting a new game is *not* taken as that choice: a new game is
  started for many reasons, and the newer game would be lost for good.

**Each save** (:class:`SaveGuard`): a tab writes only over the text it last read
or wrote itself (the saved text is its own version: compare and set). Another
tab's save is seen by the ``storage`` event (:meth:`SaveGuard.stored_changed`),
and again just before each write (a missed event, a frozen tab). Then this tab
stops saving and says "This game was changed in another tab"
(:data:`HOLD_OTHER_TAB`) until the person chooses: "Load it" (the other tab's
game, :func:`plan_start` again) or "Keep this one" (this tab's game is saved
over it, deliberately: :meth:`SaveGuard.overrule`). A move here meanwhile is
not such a choice, and closing the tab never saves over the other tab's game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from reversi.core.clock import Clock
from reversi.core.game import Game, Node
from reversi.core.position import PASS
from reversi.errors import ReversiError
from reversi.formats.notation import move_name, write_movetext
from reversi.i18n import N_, _, join_sentences, ngettext
from reversi.inputs import InputError, load_json
from reversi.ui.notices import Action, Notice, sentence, shorten, without_prefix
from reversi.ui.players import HUMAN, Players
from reversi.ui.sharing import read_link_players
from reversi.ui.store.saved_state import STATE_VERSION, STORAGE_KEY, SavedState, load_state

#: Where the saved game is kept when a link put another game on the board.
PREVIOUS_KEY = "reversi.previous"

# -- what this module says to a person (one place) --------------------------------------------
LINK_FAILED = N_("The link could not be opened: {error}")
STATE_FAILED = N_("The saved game could not be restored: {error}")
#: Saved choices (who plays, the new-game form, the clock) that could not be read: the game is kept.
CHOICES_RESET = N_("The saved game is restored, but some of its choices could not be read and were reset: {error}")
NEW_GAME_STARTED = N_("A new game was started.")
COPY_KEPT = N_("A copy of it is kept: Copy it puts it on the clipboard (also in the Game menu).")
COPY_NOT_KEPT = N_("There was no room to keep a copy, so it is left as it is.")
STORED_GONE = N_("There is no saved game any more: this tab's game is kept.")
NEWER_STATE = N_(
    "The saved game was made by a newer version of this page (version {version}; this page reads "
    "version {this}). Reload the page to continue it: this tab does not save over it."
)
OTHER_TAB = N_("This game was changed in another tab. This tab does not save until you choose which game to keep.")
STUCK = N_("The saved game could not be read, and this tab does not save over it until you choose.")
PREVIOUS_KEPT = N_("The link opened another game; your game in progress is kept.")
#: The most moves of a reply named in its message (more end in "…").
REPLY_NAMED = 4
PLAYERS_FAILED = N_("The link's players could not be used ({error}): two people play.")
LABEL_PREVIOUS = N_("Back to my game")
TITLE_PREVIOUS = N_("Put the game you were playing back on the board.")
LABEL_LOAD_OTHER = N_("Load it")
LABEL_KEEP_MINE = N_("Keep this one")
LABEL_REPLACE = N_("Replace it with this game")
LABEL_RELOAD = N_("Reload")
LABEL_COPY = N_("Copy it")
TITLE_LOAD_OTHER = N_("Show the game saved in the other tab here.")
TITLE_KEEP_MINE = N_("Save the game of this tab over the other tab's game.")
TITLE_REPLACE = N_("Save the game of this tab over the saved game.")
TITLE_RELOAD = N_("Reload the page.")
TITLE_COPY = N_("Copy the saved game that could not be read to the clipboard.")

#: Why this tab does not save: a newer page's state, another tab's save, a state that
#: cannot be read nor moved aside.
HOLD_NEWER = "newer"
HOLD_OTHER_TAB = "other-tab"
HOLD_STUCK = "stuck"

#: The buttons' names (``data-notice-action``): what the page does for each.
ACTION_LOAD_OTHER = "load-other"
ACTION_OVERWRITE = "overwrite"
ACTION_RELOAD = "reload"
ACTION_COPY_BROKEN = "copy-broken"
ACTION_COPY_STORED = "copy-stored"
ACTION_PREVIOUS = "previous"


# -- what is stored ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Stored:
    """What the saved text is: a state this page reads, one it cannot, a newer page's, or nothing."""

    text: str | None
    state: SavedState | None = None
    #: Why it cannot be read ('' when it can, or when nothing is saved).
    error: str = ""
    #: The version of a newer page's state, else None.
    newer: int | None = None

    @property
    def broken(self) -> bool:
        return self.text is not None and self.state is None and self.newer is None


def newer_version(text: str) -> int | None:
    """The version a saved text claims, if it is a JSON object of a version newer than this page's."""
    try:
        data: Any = load_json(text, "saved state")  # bounded: a deep text would overflow Pyodide's stack
    except InputError:
        return None
    version = data.get("version") if isinstance(data, dict) else None
    if isinstance(version, int) and not isinstance(version, bool) and version > STATE_VERSION:
        return version
    return None


def judge_stored(text: str | None) -> Stored:
    """Read the saved text: restorable, unreadable (with the reason) or a newer page's."""
    if text is None:
        return Stored(None)
    try:
        return Stored(text, state=load_state(text))
    except ReversiError as e:
        newer = newer_version(text) if isinstance(text, str) else None
        return Stored(text, error=str(e), newer=newer)


# -- the plan at start (and for "Load it") -------------------------------------------------------


@dataclass(frozen=True)
class StartPlan:
    """What the page does with the saved text and the address: the decisions, carried out by the DOM."""

    stored: Stored
    #: The game to put on the board (None: keep the one there, a new game at start).
    game: Game | None = None
    clock: Clock | None = None
    #: The remembered choices to take back (None: none readable).
    settings: dict[str, Any] | None = None
    #: The link's problem, shown at once (a newer page's state is the guard's notice).
    problems: tuple[str, ...] = ()
    #: The address cannot be read: rewrite it as the game's own, keeping nothing of it.
    clean_address: bool = False
    #: True when this plan starts the page (else: the person asked to load the saved game).
    at_start: bool = True
    #: Who plays the link's game (None: no link; the saved settings say).
    players: Players | None = None
    #: The saved text of the game a link replaced on the board, to keep (``PREVIOUS_KEY``).
    previous: str | None = None
    #: The moves a link added to the saved game (a friend's reply: :func:`reply_moves`), by name.
    replied: tuple[str, ...] = ()

    @property
    def move_aside(self) -> bool:
        """Copy the saved text to ``BROKEN_KEY`` and remove it (it cannot be read)."""
        return self.stored.broken

    def message(self, moved_aside: bool = True) -> str:
        """The message to show now ('' if none); ``moved_aside`` says whether the copy was kept."""
        parts = list(self.problems)
        if self.previous is not None:
            parts.append(_(PREVIOUS_KEPT))
        if self.replied:
            parts.append(reply_message(self.replied))
        if self.stored.broken:
            error = without_prefix(self.stored.error, "saved state")
            parts.append(sentence(shorten(_(STATE_FAILED).format(error=error))))
            if self.at_start and self.game is None:
                parts.append(_(NEW_GAME_STARTED))
            parts.append(_(COPY_KEPT) if moved_aside else _(COPY_NOT_KEPT))
        elif self.stored.text is None and not self.at_start:
            parts.append(_(STORED_GONE))
        return join_sentences(parts)

    @property
    def message_kind(self) -> str:
        """How the message is shown (``#alert``'s ``data-kind``): ``"error"`` when something could not
        be read (the link, its players, the saved game), else ``"notice"`` (a game kept, the saved one
        gone), which is news, not a failure."""
        return "error" if self.problems or self.stored.broken else "notice"

    def offers_copy(self, moved_aside: bool = True) -> bool:
        """The message offers to copy the unreadable state (it was kept aside)."""
        return self.stored.broken and moved_aside

    def guard(self, moved_aside: bool = True) -> SaveGuard:
        """The save guard once the plan is carried out (``moved_aside``: the copy and removal worked)."""
        stored = self.stored
        if stored.newer is not None:
            return SaveGuard(stored.text, HOLD_NEWER, newer=stored.newer)
        if stored.broken:
            return SaveGuard(None) if moved_aside else SaveGuard(stored.text, HOLD_STUCK)
        return SaveGuard(stored.text)


def plan_start(stored_text: str | None, query: str = "", at_start: bool = True) -> StartPlan:
    """Decide what the page shows and keeps, from the saved text and the address's query string.

    With ``at_start`` False the person asked for the saved game ("Load it"): no
    link is read, and a saved text that cannot be read leaves the game on the
    board as it is.
    """
    stored = judge_stored(stored_text)
    saved = stored.state
    problems: list[str] = []
    linked: Game | None = None
    clean = False
    players: Players | None = None
    previous: str | None = None
    replied: tuple[str, ...] = ()
    code = ""
    if at_start:
        linked, code, error = read_link_players(query)
        if error:
            problems.append(sentence(shorten(_(LINK_FAILED).format(error=without_prefix(error, "link")))))
            clean = True
    kept = linked is not None and saved is not None and is_saved_game(saved.game, linked)
    if linked is not None and saved is not None and not same_game(saved.game, linked):
        added = reply_moves(saved.game, linked) if between_people(saved) else []
        try:  # the saved game gone on: its moves added, the rest of it kept (who plays among them)
            replied = tuple(move_name(n.move, linked.rules.geometry) for n in added
                            if n.move is not None and n.move != PASS)
            if replied:
                linked = continue_game(saved.game, added, linked)
        except ReversiError:  # too many positions to hold both: another game, as before
            replied = ()
        if not replied:
            previous = stored.text
    if linked is not None and not replied:
        try:
            players = Players.from_code(code)
        except ReversiError as e:
            players = Players()
            problems.append(_(PLAYERS_FAILED).format(error=without_prefix(str(e), "link")))
    if saved is not None and saved.reset and (linked is None or replied or kept):  # the saved game shown
        errors = "; ".join(without_prefix(e, "saved state") for e in saved.reset)
        problems.append(sentence(shorten(_(CHOICES_RESET).format(error=errors))))
    if linked is not None and not kept:
        game, clock = linked, (saved.clock if replied and saved is not None else None)
    elif saved is not None:
        game, clock = saved.game, saved.clock
    else:
        game, clock = None, None
    return StartPlan(
        stored=stored,
        game=game,
        clock=clock,
        settings=None if saved is None else saved.settings,
        problems=tuple(problems),
        clean_address=clean,
        at_start=at_start,
        players=players,
        previous=previous,
        replied=replied,
    )


def same_game(a: Game, b: Game) -> bool:
    """Do two games hold the same moves from the same start (variations and comments included)?"""
    return a.start == b.start and write_movetext(a, compact=True) == write_movetext(b, compact=True)


def is_saved_game(saved: Game, linked: Game) -> bool:
    """Is ``linked`` the saved game itself: its tree, its position and how it ended (a reload: the
    address is the game's own link)? The saved game is then restored as it was: its clock, its
    details (the players' names: a link has none) and the position shown."""
    return same_game(saved, linked) and saved.live.depth == linked.live.depth and saved.ending == linked.ending


def between_people(saved: SavedState) -> bool:
    """Is the saved game played between two people (a game a friend may reply to by a link)?"""
    try:
        return Players.from_dict(saved.settings.get("players", {})).kinds == (HUMAN, HUMAN)
    except (ReversiError, TypeError, ValueError, AttributeError):
        return False


def reply_moves(saved: Game, linked: Game) -> list[Node]:
    """The nodes of ``linked`` that carry the saved game on (empty if it does not).

    ``linked`` carries ``saved`` on when both have the same rules and start, the saved game goes on
    (it has not ended), and the game's moves of the saved one (from the start to its position, the
    one being played, at least one move) are the first moves of the link's, which adds moves of
    the side to move only (one, or more where the other side had to pass): a friend's reply in a
    game played by sending links. A link that differs before that, stops there or short of it, or
    goes on with the other side's moves too (a game shared from its first moves on, not a reply),
    or holds moves past its position (taken back, kept to redo), carries nothing on.
    """
    if saved.rules != linked.rules or saved.start != linked.start or saved.outcome is not None:
        return []
    if linked.live.children:  # moves past the link's position, kept to redo: a game browsed, not a reply
        return []
    mine = saved.live.path()
    theirs = linked.live.path()
    if not mine or len(theirs) <= len(mine) or any(a.move != b.move for a, b in zip(mine, theirs, strict=False)):
        return []
    added = theirs[len(mine):]
    friend = saved.live.position.turn
    moves = [n for n in added if n.move != PASS]
    if not moves or any(n.parent is None or n.parent.position.turn != friend for n in moves):
        return []
    return added


def continue_game(saved: Game, added: list[Node], linked: Game) -> Game:
    """``saved`` with the moves of ``added`` (:func:`reply_moves` of ``linked``) played at its position.

    The saved game keeps what it had (its tree: comments and variations, its details); the moves
    follow a line of its tree that goes that way, else become its main line (what was there then is
    a variation). Each move added brings the link's comment and marks when the saved game has none
    there, and the link's ending (a resignation after the moves) comes with them.
    """
    saved.go_to_node(saved.live)
    saved.play_all([n.move for n in added if n.move is not None])
    for theirs, mine in zip(reversed(added), reversed(saved.live.path()), strict=False):
        if not (mine.comment or mine.marks or mine.glyph or mine.signs):
            mine.comment, mine.marks, mine.glyph, mine.signs = (
                theirs.comment, theirs.marks, theirs.glyph, dict(theirs.signs))
    if linked.ending is not None:
        saved.end(linked.ending)
    return saved


def reply_message(moves: tuple[str, ...]) -> str:
    """What the page says of a friend's reply: its moves by name (at most :data:`REPLY_NAMED`)."""
    named = " ".join(moves[:REPLY_NAMED]) + (" …" if len(moves) > REPLY_NAMED else "")
    # Translators: a link sent back by the other player carries the game on; {moves}: "d3" or "d3 c5 e6"
    return ngettext("Your friend replied: {moves}", "Your friend replied: {moves}", len(moves)).format(moves=named)


# -- each save ---------------------------------------------------------------------------------


class SaveGuard:
    """Whether this tab may write the saved game now; the notice when it may not.

    ``expected`` is the saved text as this tab knows it (what it read or last
    wrote; None: nothing). ``hold`` says why this tab does not save ('' when it does).
    """

    def __init__(self, expected: str | None, hold: str = "", newer: int | None = None) -> None:
        self.expected = expected
        self.hold = hold
        #: The version of the newer page's state that :data:`HOLD_NEWER` protects.
        self.newer = newer

    def should_write(self, text: str, stored: str | None, force: bool = False) -> bool:
        """Write ``text`` now, the storage holding ``stored``? (``force``: even if unchanged.)

        False while held; False, and held, when ``stored`` is not what this tab
        knows (another tab saved meanwhile). Nothing saved (``stored`` None) is
        never lost by writing.
        """
        if self.hold:
            return False
        if stored is not None and stored != self.expected:
            self.hold = HOLD_OTHER_TAB
            return False
        return force or text != self.expected or stored is None

    def wrote(self, text: str) -> None:
        """This tab wrote ``text``."""
        self.expected = text

    def stored_changed(self, key: str | None, value: str | None) -> bool:
        """Another tab changed the storage (the ``storage`` event: ``key`` None when it was cleared).

        True when this tab must now hold its saves (the notice changed).
        """
        if key is not None and key != STORAGE_KEY:
            return False
        if value == self.expected:
            return False
        if value is None:  # removed (moved aside, cleared): nothing to lose by saving
            self.expected = None
            if self.hold in (HOLD_NEWER, HOLD_STUCK):
                self.hold = ""
                return True
            return False
        if self.hold == HOLD_OTHER_TAB:
            return False
        self.hold = HOLD_OTHER_TAB
        return True

    def overrule(self, stored: str | None) -> None:
        """The person chose to save this tab's game over ``stored`` (what is saved now)."""
        self.hold = ""
        self.expected = stored
        self.newer = None

    def notice(self) -> Notice | None:
        """What the page shows while this tab does not save, with its choices."""
        if self.hold == HOLD_OTHER_TAB:
            return Notice(
                "other-tab",
                _(OTHER_TAB),
                (
                    Action(ACTION_LOAD_OTHER, _(LABEL_LOAD_OTHER), _(TITLE_LOAD_OTHER)),
                    Action(ACTION_OVERWRITE, _(LABEL_KEEP_MINE), _(TITLE_KEEP_MINE)),
                ),
            )
        if self.hold == HOLD_NEWER:
            return Notice(
                "newer",
                _(NEWER_STATE).format(version=self.newer, this=STATE_VERSION),
                (
                    Action(ACTION_RELOAD, _(LABEL_RELOAD), _(TITLE_RELOAD)),
                    Action(ACTION_OVERWRITE, _(LABEL_REPLACE), _(TITLE_REPLACE)),
                ),
            )
        if self.hold == HOLD_STUCK:
            return Notice(
                "stuck",
                _(STUCK),
                (
                    Action(ACTION_COPY_STORED, _(LABEL_COPY), _(TITLE_COPY)),
                    Action(ACTION_OVERWRITE, _(LABEL_REPLACE), _(TITLE_REPLACE)),
                ),
                kind="error",
            )
        return None


def copy_action() -> Action:
    """The button of the start-up message that copies the state kept aside."""
    return Action(ACTION_COPY_BROKEN, _(LABEL_COPY), _(TITLE_COPY))


# -- a save that failed (the storage is full, or refused) -----------------------------------------

# Translators: a notice when the browser refused to keep the game (its storage full or turned off)
NOT_SAVED = N_("This browser could not keep your game ({error}): a reload or a new tab would not find the "
               "latest moves. Download the game to keep it.")
LABEL_DOWNLOAD = N_("Download the game")
TITLE_DOWNLOAD = N_("Save the game as a .rev file.")
ACTION_DOWNLOAD = "download-game"


def not_saved_notice(error: str) -> Notice | None:
    """The notice while the last save of the game failed (``error``: why; '' when it did not)."""
    if not error:
        return None
    text = _(NOT_SAVED).format(error=shorten(error, 80))
    return Notice("not-saved", text, (Action(ACTION_DOWNLOAD, _(LABEL_DOWNLOAD), _(TITLE_DOWNLOAD)),), kind="error")
