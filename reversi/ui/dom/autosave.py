"""The saved game (``localStorage``): restored at load, saved after every change, guarded across tabs.

:class:`AutoSave` owns no element. At load, a game link in the address wins over the
autosave; a bad link shows its error and falls back to the autosave (or a new game). What
is done with the saved text is decided by :func:`reversi.ui.store.autosave.plan_start`: one that
cannot be read is moved aside to ``reversi.state.broken`` (the message and the Game menu
offer to copy it) and never read again; one written by a newer page is left alone; the
game a link replaced is kept one click away ("Back to my game"). Every save goes through its
:class:`~reversi.ui.store.autosave.SaveGuard`, and the ``storage`` event tells it when another tab
saved: this tab then stops saving and shows a notice ("Load it", "Keep this one") instead of
overwriting newer moves. Beside each save of the game it keeps the position the board will show
when that game is restored (:mod:`reversi.ui.store.shown`, under ``reversi.shown``), which
``assets/first-board.js`` draws before Python has loaded. The functions :func:`local_storage`,
:func:`read_stored` and :func:`store` are the page's one way to the storage (the recent games and
the records use them).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import js

from reversi.i18n import N_, _
from reversi.ui.clocks import GameTimer
from reversi.ui.dom import downloads, nullable
from reversi.ui.dom.address import Address
from reversi.ui.dom.alerts import Alerts
from reversi.ui.dom.game_loader import GameLoader
from reversi.ui.notices import Action, Notice
from reversi.ui.ports import PageHost
from reversi.ui.store.autosave import (
    ACTION_DOWNLOAD,
    ACTION_LOAD_OTHER,
    ACTION_OVERWRITE,
    ACTION_PREVIOUS,
    ACTION_RELOAD,
    HOLD_STUCK,
    LABEL_PREVIOUS,
    PREVIOUS_KEY,
    TITLE_PREVIOUS,
    SaveGuard,
    StartPlan,
    copy_action,
    not_saved_notice,
    plan_start,
)
from reversi.ui.store.saved_state import BROKEN_KEY, STORAGE_KEY, SavedState, dump_state
from reversi.ui.store.shown import SHOWN_KEY, dump_shown, restored_shown

#: Said when something unforeseen went wrong while the saved game or the link was read.
START_FAILED = N_("The saved game or the link could not be read ({error}), so a new game was started.")


def local_storage() -> Any:
    """The page's ``localStorage`` (None where there is none, or it is refused)."""
    try:
        return js.window.localStorage
    except Exception:
        return None


def read_stored(key: str, storage: Any = None) -> str | None:
    """The text stored under ``key`` (None: nothing, or no storage)."""
    storage = local_storage() if storage is None else storage
    if storage is None:
        return None
    try:
        value = nullable(storage.getItem(key))
    except Exception:
        return None
    return None if value is None else str(value)


# Translators: why the browser could not keep the game, in "could not keep your game ({error})"
STORAGE_FULL = N_("its storage is full")
# Translators: why the browser could not keep the game, in "could not keep your game ({error})"
STORAGE_REFUSED = N_("its storage is turned off or refused it")


def store(key: str, text: str, what: str, storage: Any = None) -> str:
    """Store ``text`` under ``key``: '' when it was stored, else why not (also warned in the console,
    naming ``what``): no storage, or it is full."""
    storage = local_storage() if storage is None else storage
    if storage is None:
        return _(STORAGE_REFUSED)
    try:
        storage.setItem(key, text)
    except Exception as e:
        js.console.warn(f"reversi: could not keep {what}: {e}")
        error = getattr(e, "js_error", None)  # a DOMException thrown by the browser
        name = str(getattr(error, "name", "") or "") if error is not None else ""
        return _(STORAGE_FULL) if "Quota" in name or "quota" in str(e) else _(STORAGE_REFUSED)
    return ""


class AutoSave:
    """The game kept in ``localStorage``, and this tab's right to write it."""

    def __init__(
        self,
        page: PageHost,
        timer: GameTimer,
        loader: GameLoader,
        alerts: Alerts,
        address: Address,
        on_broken_changed: Callable[[], None],
    ) -> None:
        self.page = page
        self.timer = timer
        self.loader = loader
        self.alerts = alerts
        self.address = address
        #: Told when the unreadable saved game may have come or gone (the Game menu offers to copy it).
        self.on_broken_changed = on_broken_changed
        #: Whether this tab may write the saved game (reversi/ui/store/autosave.py).
        self.guard = SaveGuard(None)
        #: Why the last save of the game failed ('' when it did not): the player is told at once.
        self.not_saved = ""
        #: The saved text whose shown position (``SHOWN_KEY``) this tab last wrote.
        self.shown_for: str | None = None

    def bind(self) -> None:
        self.page.listen(js.window, "pagehide", lambda e: self.save(force=True))
        self.page.listen(js.window, "storage", self.on_storage)
        self.page.notice_sources.append(self.guard_notice)
        self.page.notice_sources.append(lambda: not_saved_notice(self.not_saved))
        self.page.notice_actions.update(
            {
                ACTION_LOAD_OTHER: self.load_other,
                ACTION_DOWNLOAD: lambda: downloads.game_record(self.page.controller),
                ACTION_OVERWRITE: self.overwrite,
                ACTION_RELOAD: lambda: js.location.reload(),
                ACTION_PREVIOUS: self.back_to_previous,
            }
        )

    # -- start-up ---------------------------------------------------------------------

    def restore(self) -> None:
        """Put the linked or saved game on the board (before the first drawing)."""
        try:
            plan = plan_start(read_stored(STORAGE_KEY), str(js.location.search))
            self.carry_out(plan)
        except Exception as e:  # a bug: the page starts anyway, with a new game, and says so
            js.console.error(f"reversi: restore: {type(e).__name__}: {e}")
            self.guard = SaveGuard(read_stored(STORAGE_KEY), HOLD_STUCK)  # kept, not overwritten
            self.alerts.show_error(_(START_FAILED).format(error=f"{type(e).__name__}: {e}"))
        self.on_broken_changed()

    def carry_out(self, plan: StartPlan) -> None:
        """Do what :func:`~reversi.ui.store.autosave.plan_start` decided: storage, settings, game, message."""
        moved = True
        if plan.move_aside:
            moved = self.move_aside(plan.stored.text or "")
        if plan.settings is not None:
            self.load_settings(plan.settings)
        if plan.game is not None:
            self.loader.load(plan.game, clock=plan.clock, redraw=False)
        if plan.players is not None:
            self.page.controller.set_players(plan.players)  # the link's (nobody named: two people, for study)
        kept = plan.previous is not None and self.keep_previous(plan.previous or "")
        self.guard = plan.guard(moved)
        if plan.clean_address:
            self.address.follow(clean=True)
        message = plan.message(moved)
        if message:
            actions: tuple[Action, ...] = (copy_action(),) if plan.offers_copy(moved) else ()
            if kept:
                actions += (Action(ACTION_PREVIOUS, _(LABEL_PREVIOUS), _(TITLE_PREVIOUS)),)
            self.alerts.show(message, plan.message_kind, actions)

    def load_settings(self, settings: Mapping[str, Any]) -> None:
        if settings:
            self.page.controller.load_settings(settings)

    def keep_previous(self, text: str) -> bool:
        """Keep the saved game a link replaced on the board (one click away); False if it could not be."""
        return not store(PREVIOUS_KEY, text, "the game in progress")

    def back_to_previous(self) -> None:
        """Back to my game: the game a link replaced, with its players, clock and settings."""
        self.alerts.hide()
        text = read_stored(PREVIOUS_KEY)
        if text is None:
            return
        plan = plan_start(text, at_start=False)
        if plan.game is not None:
            self.carry_out(plan)
            # the saved game is now the link's (this tab wrote it): save the one brought back over it
            self.guard = SaveGuard(read_stored(STORAGE_KEY))
            self.save(force=True)
        self.page.update()

    def move_aside(self, text: str) -> bool:
        """Copy the unreadable saved text to ``BROKEN_KEY`` and remove it; False if it could not be kept."""
        storage = local_storage()
        if store(BROKEN_KEY, text, "the unreadable saved game aside", storage):
            return False
        try:
            storage.removeItem(STORAGE_KEY)
        except Exception:
            pass
        return True

    # -- saving ------------------------------------------------------------------------

    def state(self) -> SavedState:
        return SavedState(self.page.controller.game, self.page.controller.settings(), self.timer.clock)

    def save(self, force: bool = False) -> None:
        """Write the game if it changed (``force``: even if not) and the guard lets this tab."""
        storage = local_storage()
        if storage is None:
            return
        state = self.state()
        text = dump_state(state, js.performance.now())
        if not self.guard.should_write(text, read_stored(STORAGE_KEY, storage), force):
            if not self.guard.hold and self.guard.expected == text:
                self.keep_shown(state, text, storage)  # saved already (restored): its position, once
            return
        failed = store(STORAGE_KEY, text, "the game", storage)
        if not failed:
            self.guard.wrote(text)
            self.keep_shown(state, text, storage)
        self.not_saved = failed  # said at once (the notices are drawn after this), gone once a save succeeds

    def keep_shown(self, state: SavedState, text: str, storage: Any) -> None:
        """Keep the position the board shows when ``state`` (saved as ``text``) is restored, for the
        next visit's first paint (once per saved text). It names the text it is for: one this tab
        fails to write is never drawn over another game, it only makes the next first paint wait."""
        if self.shown_for == text:
            return
        try:
            record = dump_shown(restored_shown(state, text))
        except Exception as e:  # a bug: the first paint waits for Python, as with no record
            js.console.warn(f"reversi: the position shown: {type(e).__name__}: {e}")
            return
        if not store(SHOWN_KEY, record, "the position shown", storage):
            self.shown_for = text

    # -- the other tabs ------------------------------------------------------------------

    def on_storage(self, event: Any) -> None:
        """Another tab changed the storage: the guard decides whether this tab stops saving."""
        key, value = nullable(event.key), nullable(event.newValue)
        if self.guard.stored_changed(None if key is None else str(key), None if value is None else str(value)):
            self.page.update()  # the notice shows
        if key is None or str(key) == BROKEN_KEY:
            self.on_broken_changed()

    def guard_notice(self) -> Notice | None:
        return self.guard.notice()

    def load_other(self) -> None:
        """Load it: the game saved meanwhile (another tab's), as the page would at start."""
        self.alerts.hide()
        self.carry_out(plan_start(read_stored(STORAGE_KEY), at_start=False))
        self.on_broken_changed()
        self.page.update()

    def overwrite(self) -> None:
        """Keep this one / Replace it: save this tab's game over the saved one, deliberately."""
        self.guard.overrule(read_stored(STORAGE_KEY))
        self.save(force=True)
        self.page.update()
