"""The Game menu (``#records``): copy the moves, the position or the link; download, open, load, embed.

:class:`Records` owns that ``<details>`` element (the recent games' list inside it is a
component of its own, :mod:`reversi.ui.dom.recent_games`, told when the menu opens). What
is copied goes to the clipboard, or where the clipboard is refused into the menu's box,
selected, ready to copy; either is said beside the buttons (:mod:`reversi.ui.dom.clipboard`).
Download writes the ``.rev`` record, with the review's values when "Download with the review" is
ticked (:func:`reversi.ui.accuracy.with_review`). Text in the box (moves, a position, a record, a link) is read by
:func:`reversi.ui.records.load_text`; a file (a ``.rev`` record, or a GGF file's first
readable game) by :func:`reversi.ui.records.read_game_file`, refused unread when it is
larger than a game can be. Bad input leaves the game as it was and says why, beside the box
(in view, not at the top of the page). A game read that would end a game in progress waits
until the person says so, as New game asks; a game that names its players brings them, one
that names nobody (moves, a position) keeps who plays now. The unreadable saved game (kept
aside by :mod:`reversi.ui.dom.autosave`) is offered for copying while there is one. The
snippet maker (:mod:`reversi.ui.dom.snippets`) is made when first opened.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import Any

from reversi.core.game import Game
from reversi.errors import ReversiError
from reversi.formats.ggf import is_ggf
from reversi.formats.notation import (
    clean_copied,
    describe_form,
    position_to_string,
    transcript_form,
    write_transcript,
)
from reversi.formats.record import Record, record_count
from reversi.i18n import N_, _
from reversi.ui.dom import clipboard, downloads, nullable, pasted_past_limit
from reversi.ui.dom.address import Address
from reversi.ui.dom.alerts import Alerts
from reversi.ui.dom.autosave import read_stored
from reversi.ui.dom.clipboard import Confirmation
from reversi.ui.dom.game_loader import GameLoader
from reversi.ui.dom.games_list import GamesList
from reversi.ui.drivers.study import MoveReview, review_marks
from reversi.ui.players import Brought, who_plays
from reversi.ui.ports import PageHost
from reversi.ui.records import file_size_error, load_text, paste_refused, read_game_file
from reversi.ui.sharing import link_name
from reversi.ui.store.autosave import ACTION_COPY_BROKEN, ACTION_COPY_STORED
from reversi.ui.store.saved_state import BROKEN_KEY, STORAGE_KEY

#: What was loaded from the box, by kind: "Loaded {what}: ..." (translated where shown).
KIND_NAMES = {
    "transcript": N_("Loaded the moves: {rules}"),  # then who plays: see Records.put
    "position": N_("Loaded the position: {rules}"),
    "record": N_("Loaded the game record: {rules}"),
    "ggf": N_("Loaded the GGF game: {rules}"),
    "link": N_("Loaded the link: {rules}"),
    # Translators: a puzzle set's link loaded: the position of its first puzzle
    "puzzle set": N_("Loaded the first puzzle's position of the set: {rules}"),
}
#: What the copy of an unreadable saved game is called in the messages ("... copied").
# Translators: what is copied, in "{what} copied" and "{what}: in the box below, ready to copy"
BROKEN_COPY_NAME = N_("Unreadable saved game")


class Records:
    """The Game menu: one root element (``#records``)."""

    def __init__(
        self,
        root: Any,
        page: PageHost,
        loader: GameLoader,
        alerts: Alerts,
        address: Address,
        on_open: Callable[[], None],
    ) -> None:
        self.root = root
        self.page = page
        self.loader = loader
        self.alerts = alerts
        self.address = address
        #: Told when the menu opens or closes (the recent games are drawn while it is open).
        self.on_open = on_open
        self.input = root.querySelector(".records-input")
        self.file = root.querySelector('input[type="file"]')
        self.copy_broken_button = nullable(root.querySelector('button[data-record="copy-broken"]'))
        #: "Download with the review" (off unless the person ticks it).
        self.with_review = root.querySelector('input[name="with-review"]')
        #: What a copy did, beside the menu's buttons.
        self.confirmation = Confirmation(root.querySelector(".records-status"))
        self.message = root.querySelector(".records-message")
        self.confirm = root.querySelector(".records-confirm")
        #: The games list (reversi/ui/dom/games_list.py): a file of many games opens in it.
        self.games: GamesList | None = None
        #: A game read and waiting for the answer to "The game in progress will end" (game, players, message).
        self.pending: tuple[Game, Brought, str] | None = None
        self.share: Any = None  # the snippet maker (reversi/ui/dom/snippets.py), made when first opened
        #: The copies and file reads running (the loop keeps only weak references).
        self._tasks: set[asyncio.Future[None]] = set()

    def bind(self) -> None:
        listen = self.page.listen
        listen(self.root, "toggle", lambda e: self.on_open())
        listen(self.root, "click", self.on_click)
        listen(self.file, "change", self.on_file)
        listen(self.input, "paste", self.on_paste)
        self.page.notice_actions.update(
            {
                # the notice's button: said in the notice, where the button was
                ACTION_COPY_BROKEN: lambda: self.copy_stored(BROKEN_KEY, self.alerts.show_info),
                ACTION_COPY_STORED: lambda: self.copy_stored(STORAGE_KEY, self.alerts.show_info),
            }
        )

    def is_open(self) -> bool:
        return bool(self.root.open)

    def on_click(self, event: Any) -> None:
        button = nullable(event.target.closest("button[data-record]"))
        if button is None:
            return
        action = button.getAttribute("data-record")
        controller = self.page.controller
        if str(action).startswith("copy"):
            self.confirmation.place(button)  # said under the button clicked
        game = controller.game
        if action == "copy-moves":
            # Translators: what is copied, in "{what} copied" and "{what}: in the box below, ready to copy"
            self.copy(write_transcript(game.moves, game.rules.geometry), _("Moves"))
        elif action == "copy-position":
            self.copy(position_to_string(game.position), _("Position"))
        elif action == "copy-link":
            link, left_out = self.address.link()
            self.copy(link, link_name(left_out))
        elif action == "download":
            downloads.game_record(controller, self.review())
        elif action == "download-ggf":
            refusal = downloads.game_ggf(controller)
            if refusal:
                self.say(refusal, error=True)
        elif action == "open":
            self.file.click()
        elif action == "load":
            self.load_from_box()
        elif action in ("load-confirm", "load-cancel"):
            self.answer(action == "load-confirm")
        elif action == "copy-broken":
            self.copy_stored(BROKEN_KEY)
        elif action in ("board-svg", "board-png"):
            downloads.board_picture(controller, action[len("board-"):])
        elif action in ("numbered-svg", "numbered-png"):
            downloads.numbered_picture(controller, action[len("numbered-"):])
        elif action == "embed":
            if self.share is None:
                from reversi.ui.dom.snippets import EmbedMaker

                self.share = EmbedMaker(self.page)
                self.share.bind()
            self.share.open()

    def review(self) -> dict[int, MoveReview] | None:
        """The review's values for the download, when the person asked for them."""
        if not self.with_review.checked:
            return None
        return review_marks(self.page.controller.game, self.page.study_engine.evals)

    # -- copying -------------------------------------------------------------------------

    def copy(self, text: str, what: str, say: Callable[[str], None] | None = None) -> None:
        """Copy ``text`` (called ``what`` in the message) to the clipboard, or into the box; said beside
        the menu's buttons, or by ``say`` (a notice's button: in the notice)."""
        clipboard.copy(text, what, say or self.confirmation.say, self.to_box)

    def to_box(self, text: str, what: str) -> str:
        """The clipboard refused ``text``: into the box, selected, ready to copy by hand."""
        self.root.open = True  # the box is in the Game menu
        self.input.value = text
        self.input.select()
        return _("{what}: in the box below, ready to copy").format(what=what)

    def copy_stored(self, key: str, say: Callable[[str], None] | None = None) -> None:
        """Copy the text stored under ``key`` (the unreadable saved game) to the clipboard."""
        text = read_stored(key)
        if text is not None:
            self.copy(text, _(BROKEN_COPY_NAME), say)

    def show_copy_broken(self) -> None:
        """The Game menu offers to copy the unreadable saved game while one is kept."""
        if self.copy_broken_button is not None:
            self.copy_broken_button.hidden = read_stored(BROKEN_KEY) is None

    # -- loading -------------------------------------------------------------------------

    def say(self, text: str, error: bool = False) -> None:
        """What Load or Open did (or why not), beside the box: in view while the menu is open."""
        self.message.textContent = text
        self.message.hidden = not text
        if text:
            self.root.open = True  # the message is in the Game menu
        self.message.classList.toggle("error", error)

    def on_paste(self, event: Any) -> None:
        """A text too long for the box is refused whole, with a word (the browser would cut it)."""
        over = pasted_past_limit(event)
        if over is not None:
            event.preventDefault()
            self.say(paste_refused(*over, file=True), error=True)

    def load_from_box(self) -> None:
        controller = self.page.controller
        try:
            game, kind, _code = load_text(str(self.input.value), controller.rules)
        except ReversiError as e:
            self.say(_("Not loaded: {error}").format(error=e), error=True)
            return
        loaded = _(KIND_NAMES[kind]).format(rules=game.rules.describe())
        if kind == "transcript":  # how the moves were written, and what was left out of them
            cleaned, removed = clean_copied(str(self.input.value))
            # Translators: what Load read, then how the moves were written: "... (numbered, capital letters)"
            loaded = _("{loaded} ({form})").format(loaded=loaded, form=describe_form(transcript_form(cleaned, removed)))
        self.offer(game, Brought.PASTE, loaded)

    def on_file(self, event: Any) -> None:
        files = self.file.files
        if files is None or files.length == 0:
            return
        chosen = [files.item(k) for k in range(min(int(files.length), 8))]
        self.file.value = ""
        for file in chosen:
            too_big = file_size_error(str(file.name), int(file.size))
            if too_big:  # refused unread: reading a huge file would freeze the page
                self.say(too_big, error=True)
                return
        by_kind = {str(f.name).rsplit(".", 1)[-1].lower(): f for f in chosen}
        if "wtb" in by_kind:
            self.spawn(self.open_wthor(by_kind["wtb"], by_kind.get("jou"), by_kind.get("trn")))
            return
        self.spawn(self.open_text_file(chosen[0]))

    async def open_text_file(self, file: Any) -> None:
        name = str(file.name)
        try:
            text = str(await file.text())
            if is_ggf(text) and text.count("(;") > 1 and self.games is not None:
                self.say("")  # what the last Load or Open said is not about this file
                await self.games.open_ggf(name, text)  # several games: the list to choose from
                return
            if not is_ggf(text) and self.games is not None and record_count(text) > 1:
                self.say("")
                await self.games.open_rev(name, text)  # several .rev records: the list too
                return
            record, note = read_game_file(text)
            game = record.to_game()
        except Exception as e:  # a ReversiError says what is wrong; anything else too
            # Translators: a file that could not be read: "game.rev was not opened: ..."
            self.say(_("{name} was not opened: {error}").format(name=name, error=e), error=True)
            return
        opened = _("Opened {name}: {rules}").format(name=name, rules=game.rules.describe())
        # Translators: opened a file of several games: "Opened g.ggf: Othello 8x8 (game 1 of 12)"
        self.offer(game, Brought.FILE, _("{opened} ({note})").format(opened=opened, note=note) if note else opened)

    async def open_wthor(self, wtb: Any, jou: Any, trn: Any) -> None:
        """A WTHOR database (with its players and tournaments if chosen with it): the games list."""

        async def read(file: Any) -> bytes | None:
            return None if file is None else bytes((await file.arrayBuffer()).to_py())

        if self.games is None:
            return
        try:
            data, players, tournaments = await read(wtb), await read(jou), await read(trn)
        except Exception as e:
            self.say(_("{name} was not opened: {error}").format(name=str(wtb.name), error=e), error=True)
            return
        assert data is not None
        self.say("")  # what the last Load or Open said is not about this file
        await self.games.open_wthor(str(wtb.name), data, players, tournaments)

    def open_record(self, record: Record, label: str) -> None:
        """A game chosen in the games list: opened as Open opens a file's game."""
        game = record.to_game()
        opened = _("Opened {name}: {rules}").format(name=label, rules=game.rules.describe())
        self.offer(game, Brought.DATABASE, opened)

    def offer(self, game: Game, source: Brought, message: str) -> None:
        """Put ``game`` on the board for study (:func:`~reversi.ui.players.who_plays`: a game from a
        file, a database or the box is played by nobody), asking first when it would end a game in
        progress (as New game does)."""
        if self.page.controller.in_progress:
            self.pending = (game, source, message)
            self.say("")
            self.confirm.hidden = False
            self.confirm.querySelector('[data-record="load-confirm"]').focus()
            return
        self.put(game, source, message)

    def answer(self, load: bool) -> None:
        """The answer to "The game in progress will end": load what waited, or keep the game."""
        pending, self.pending = self.pending, None
        self.confirm.hidden = True
        if load and pending is not None:
            self.put(*pending)
        else:
            self.say(_("Nothing loaded: the game goes on."))

    def put(self, game: Game, source: Brought, message: str) -> None:
        self.loader.load(game, players=who_plays(source))
        # Translators: what Load or Open did, then that the game is for study: "Opened g.ggf: Othello 8x8. ..."
        self.say(_("{loaded}. For study: nobody plays it. Play from here plays on from the position "
                   "shown, against the computer or a friend.").format(loaded=message))

    def spawn(self, coro: Coroutine[Any, Any, None]) -> None:
        """Run ``coro`` as a task, held until it is done."""
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
