"""The Game menu (``#records``): copy the moves, the position or the link; download, open, load, embed.

:class:`Records` owns that ``<details>`` element (the recent games' list inside it is a
component of its own, :mod:`reversi.ui.dom.recent_games`, told when the menu opens). What
is copied goes to the clipboard, or where the clipboard is refused into the menu's box,
selected, ready to copy. Text in the box (moves, a position, a record, a link) is read by
:func:`reversi.ui.store.session.load_text`; a file by :func:`reversi.formats.record.read_record`,
refused unread when it is larger than a game can be. Bad input leaves the game as it was
and says why. The unreadable saved game (kept aside by :mod:`reversi.ui.dom.storage`) is
offered for copying while there is one. The snippet maker (:mod:`reversi.ui.dom.share`) is
made when first opened.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import Any

import js

from reversi.errors import ReversiError
from reversi.formats.notation import position_to_string, write_transcript
from reversi.formats.record import read_record
from reversi.i18n import N_, _
from reversi.ui.dom import downloads, nullable
from reversi.ui.dom.address import Address
from reversi.ui.dom.alerts import Alerts
from reversi.ui.dom.loading import GameLoader
from reversi.ui.dom.storage import read_stored
from reversi.ui.players import Players
from reversi.ui.ports import PageHost
from reversi.ui.store.autosave import ACTION_COPY_BROKEN, ACTION_COPY_STORED
from reversi.ui.store.session import BROKEN_KEY, STORAGE_KEY, file_size_error, load_text

#: What was loaded from the box, by kind: "Loaded {what}: ..." (translated where shown).
KIND_NAMES = {
    "transcript": N_("Loaded the moves: {rules}"),
    "position": N_("Loaded the position: {rules}"),
    "record": N_("Loaded the game record: {rules}"),
    "link": N_("Loaded the link: {rules}"),
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
        self.share: Any = None  # the snippet maker (reversi/ui/dom/share.py), made when first opened
        #: The copies and file reads running (the loop keeps only weak references).
        self._tasks: set[asyncio.Future[None]] = set()

    def bind(self) -> None:
        listen = self.page.listen
        listen(self.root, "toggle", lambda e: self.on_open())
        listen(self.root, "click", self.on_click)
        listen(self.file, "change", self.on_file)
        self.page.notice_actions.update(
            {
                ACTION_COPY_BROKEN: lambda: self.copy_stored(BROKEN_KEY),
                ACTION_COPY_STORED: lambda: self.copy_stored(STORAGE_KEY),
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
        game = controller.game
        if action == "copy-moves":
            # Translators: what is copied, in "{what} copied" and "{what}: in the box below, ready to copy"
            self.copy(write_transcript(game.moves, game.rules.geometry), _("Moves"))
        elif action == "copy-position":
            self.copy(position_to_string(game.position), _("Position"))
        elif action == "copy-link":
            self.copy(self.address.link(), _("Link"))
        elif action == "download":
            downloads.game_record(controller)
        elif action == "open":
            self.file.click()
        elif action == "load":
            self.load_from_box()
        elif action == "copy-broken":
            self.copy_stored(BROKEN_KEY)
        elif action in ("board-svg", "board-png"):
            downloads.board_picture(controller, action[len("board-"):])
        elif action == "embed":
            if self.share is None:
                from reversi.ui.dom.share import EmbedMaker

                self.share = EmbedMaker(self.page)
                self.share.bind()
            self.share.open()

    # -- copying -------------------------------------------------------------------------

    def copy(self, text: str, what: str) -> None:
        """Copy ``text`` (called ``what`` in the message) to the clipboard, or into the box."""

        async def run() -> None:
            try:
                await js.navigator.clipboard.writeText(text)
            except Exception:
                self.root.open = True  # the box is in the Game menu
                self.input.value = text
                self.input.select()
                self.alerts.show_info(_("{what}: in the box below, ready to copy").format(what=what))
                return
            # Translators: said when something was copied to the clipboard: "Link copied"
            self.alerts.show_info(_("{what} copied").format(what=what))

        self.spawn(run())

    def copy_stored(self, key: str) -> None:
        """Copy the text stored under ``key`` (the unreadable saved game) to the clipboard."""
        text = read_stored(key)
        if text is not None:
            self.copy(text, _(BROKEN_COPY_NAME))

    def show_copy_broken(self) -> None:
        """The Game menu offers to copy the unreadable saved game while one is kept."""
        if self.copy_broken_button is not None:
            self.copy_broken_button.hidden = read_stored(BROKEN_KEY) is None

    # -- loading -------------------------------------------------------------------------

    def load_from_box(self) -> None:
        controller = self.page.controller
        try:
            game, kind, code = load_text(str(self.input.value), controller.rules)
            players = Players.from_code(code)
        except ReversiError as e:
            self.alerts.show_error(_("Not loaded: {error}").format(error=e))
            return
        self.loader.load(game, players=players)
        self.alerts.show_info(_(KIND_NAMES[kind]).format(rules=controller.rules.describe()))

    def on_file(self, event: Any) -> None:
        files = self.file.files
        if files is None or files.length == 0:
            return
        file = files.item(0)
        too_big = file_size_error(str(file.name), int(file.size))
        if too_big:  # refused unread: reading a huge file would freeze the page
            self.file.value = ""
            self.alerts.show_error(too_big)
            return

        async def run() -> None:
            name = str(file.name)
            try:
                text = str(await file.text())
                record = read_record(text)
                game = record.to_game()
                players = Players.from_code(record.players)
            except Exception as e:  # a ReversiError says what is wrong; anything else too
                # Translators: a file that could not be read: "game.rev was not opened: ..."
                self.alerts.show_error(_("{name} was not opened: {error}").format(name=name, error=e))
                return
            finally:
                self.file.value = ""
            self.loader.load(game, players=players)
            self.alerts.show_info(_("Opened {name}: {rules}").format(name=name, rules=game.rules.describe()))

        self.spawn(run())

    def spawn(self, coro: Coroutine[Any, Any, None]) -> None:
        """Run ``coro`` as a task, held until it is done."""
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
