"""The status line: what the game says (``#message``), a passing notice (``#notice``), and
what a screen reader is told (``#announce``, with the moves' sound).

At an end whose score took the empty squares, the message draws the result and, smaller
under it, why the score is more than the counters show (``StatusView.score_note``).

A move, a pass, the end of a game are announced (:func:`reversi.ui.announce.announcement`)
from the redraw's events (:mod:`reversi.ui.events`): the way through the game's tree from
the position shown before them to the one shown now, and heard (the setting;
:mod:`reversi.ui.dom.sound`) unless the person is browsing the game. A resignation, its
undo and a loss on time are announced with the status line; a turned board is told.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

from reversi.core.position import PASS
from reversi.i18n import N_, _, full_stops, join_sentences
from reversi.ui.announce import announcement, plies_since
from reversi.ui.dom.sound import Sound
from reversi.ui.events import ENDINGS, Event, EventKind, first_shown
from reversi.ui.ports import PageController
from reversi.ui.views import StatusView

# Translators: a screen reader's news: the board is drawn turned by half a turn (Flip, or playing White)
TURNED = N_("The board is turned around: the arrow keys follow the screen.")
# Translators: a screen reader's news: the board is drawn the usual way again
UPRIGHT = N_("The board is the usual way up again.")


class StatusLine:
    """The ``.status`` element ``root``: the message, the notice and the announcements."""

    def __init__(self, root: Any, controller: PageController, sound: Sound) -> None:
        self.controller = controller
        self.sound = sound
        self.message = root.querySelector("#message")
        self.notice = root.querySelector("#notice")
        self.hints_legend = root.querySelector("#hints-legend")
        self.announce = root.querySelector("#announce")
        self.coach_note = root.querySelector("#coach-note")
        #: The passing notice and the position shown when it came (it lasts while that one is shown).
        self._noted: tuple[str, Any] = ("", None)

    def say(self, text: str) -> None:
        self.announce.textContent = text

    def coach(self, text: str) -> None:
        """The coach's note after the person's mistake ('' hides it; :mod:`reversi.ui.drivers.coach`)."""
        if str(self.coach_note.textContent) != text:
            self.coach_note.textContent = text
        self.coach_note.hidden = not text

    def note(self, text: str) -> None:
        """A passing notice (an error of the computer's turn, a click while loading...): it stays until
        another position is shown (the redraws of the engine's work and the clocks keep it)."""
        self.notice.textContent = text
        self._noted = (text, self.controller.game.current)

    def show(self, status: StatusView, message: str, move_error: str = "", hints_error: str = "",
             hints_legend: str = "") -> None:
        """The status line's ``message`` (the computer thinking, or paused) and the notice: the
        computer's error on the move now due, else the status's own, else the hints' error, else a
        passing notice. Beside it, out of the live region (a screen reader would hear it again at
        every move), what the hints' numbers are: shown when there is no notice."""
        if status.score_note and message == status.message:  # the result, and why its score is not the counters'
            note = f'<span class="score-note">{escape(status.score_note)}</span>'
            html = f"{escape(status.headline)} {note}"
            if str(self.message.innerHTML) != html:  # not rebuilt by every redraw: the same elements stay
                self.message.innerHTML = html
        elif str(self.message.textContent) != message or self.message.childElementCount:
            self.message.textContent = message
        self.message.classList.toggle("result", status.over)
        noted, shown = self._noted
        if noted and shown is not self.controller.game.current:
            noted, self._noted = "", ("", None)
        self.notice.textContent = move_error or status.notice or hints_error or noted
        if str(self.hints_legend.textContent) != hints_legend:
            self.hints_legend.textContent = hints_legend

    def tell(self, status: StatusView, events: Sequence[Event]) -> None:
        """Say what ``events`` (the redraw's) changed on the board to a screen reader, and play its sound."""
        c = self.controller
        game = c.game
        since = first_shown(events, game.current)  # the position shown at the last redraw
        # the board turned (Flip, or a game as White): the arrows now go the other way (turned twice: back)
        turns = sum(1 for e in events if e.kind is EventKind.TURNED)
        turned = _(TURNED if c.rotated else UPRIGHT) if turns % 2 else ""
        if since is game.current:
            if any(e.kind in ENDINGS for e in events):  # on time, a resignation, or Undo taking one back
                self.say(join_sentences(filter(None, (turned, full_stops([status.message])))))
            elif turned:
                self.say(turned)
            return
        text = announcement(game, since, status.side_names, status.message)
        if text or turned:
            self.say(join_sentences(filter(None, (turned, text))))
        plies = plies_since(game, since)
        if c.sound and plies and not game.browsing:
            last = plies[-1]
            if last.parent is not None and last.move is not None:
                passed = last.move == PASS
                flips = 0 if passed else last.parent.position.flips(last.move)
                self.sound.move(flips.bit_count(), passed=passed)
