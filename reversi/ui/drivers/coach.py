"""The coach in a game against the computer: after a person's mistake, what it cost and why. No DOM here.

With the Coach setting on (off by default, remembered with the settings), in a game where a person
plays the computer at one of the lower levels (up to :data:`COACH_MOST_LEVEL`), the person's last
move is valued once the computer has replied and the engine is free: :class:`CoachDriver` asks the
engine worker's ``analyse`` for the position *before* that move (:data:`COACH_LIMITS`: short, exact
near the end). When the move lost :data:`~reversi.ui.drivers.study.MISTAKE_DISCS` or more against
the best, the note (:meth:`CoachDriver.note`) says so as the review says it and why, in the coach's
sentences (:mod:`reversi.ui.coach`)::

    Coach: 9. Black b8, a blunder: loses about 14 discs; a3 was best. After b8, White can take the
    corner a1; a3 does not allow it.

A better move says nothing (the coach speaks of mistakes only). The note speaks of the person's
last move on the board (:func:`judged_move`, by its key :func:`judged_key`): the person's next
move replaces it, an undo goes back to the move before (valued once: what was found is kept), a
new game drops it. The request waits for the computer's own and for the hints (the worker does
one thing at a time): it never delays the computer's move.
"""

from __future__ import annotations

import asyncio
from typing import Protocol

from reversi.core.game import Node
from reversi.core.position import PASS
from reversi.engine.protocol import AnalyseRequest, AnalysisReply, ErrorReply, Limits, read_reply
from reversi.i18n import _
from reversi.ui import turns as _turns
from reversi.ui.drivers.requests import Ask, Redraw, Reply, RequestDriver, no_redraw
from reversi.ui.drivers.study import MISTAKE_DISCS, MoveReview
from reversi.ui.players import COMPUTER

#: The highest computer level the coach speaks at (the levels a learner plays).
COACH_MOST_LEVEL = 3
#: The engine's time to value a person's move, and the empties from which it is exact.
COACH_LIMITS = Limits(seconds=0.5, exact_empties=12)


class CoachSource(_turns.PlayState, Protocol):
    """The controller as the coach sees it: the game, and whether the person wants the coach."""

    @property
    def coach(self) -> bool:
        """The person asked for the coach (a setting, off by default)."""
        ...


def coached_game(controller: _turns.PlayState) -> bool:
    """A person against the computer at one of the coach's levels (:data:`COACH_MOST_LEVEL` or below)."""
    players = controller.players
    if not players.any_computer or players.all_computers:
        return False
    side = 0 if players.kinds[0] == COMPUTER else 1
    return players.levels[side] <= COACH_MOST_LEVEL


def judged_move(controller: _turns.PlayState) -> Node | None:
    """The person's last move on the board, where the coach may speak of it: the computer has
    replied (or the game ended), nothing else is shown, and the person had more than one move."""
    game = controller.game
    if game.browsing or controller.editing or controller.ended_by is not None:
        return None
    if _turns.computer_to_move(controller) is not None:
        return None  # the computer's reply first
    node: Node | None = game.current
    while node is not None and node.parent is not None:
        parent = node.parent.position
        if node.move is not None and node.move != PASS and not node.was_forced_pass:
            if controller.players.is_computer(parent.turn):
                node = node.parent
                continue
            if parent.in_placement or parent.legal.bit_count() < 2:
                return None  # a placement move, or the only move: nothing to say
            return node
        node = node.parent
    return None


#: A judged move: the game's id and the moves to it, the judged move last.
Key = tuple[int, tuple[int, ...]]
#: The most judged moves remembered (an undo back to one asks nothing again).
MOST_KEPT = 256


def judged_key(controller: CoachSource) -> Key | None:
    """The key of the move the coach speaks of now, or None where it says nothing (off, not a game
    against the computer at its levels, no move of the person's to judge)."""
    if not (controller.coach and coached_game(controller)):
        return None
    node = judged_move(controller)
    if node is None:
        return None
    return controller.game_id, tuple(n.move for n in node.path() if n.move is not None)


class CoachDriver(RequestDriver[Key | None]):
    """Values the person's last move against the computer, once, and keeps the note of a mistake.

    ``ask(request)`` is the worker's ``analyse``; ``on_change()`` redraws the page. The page calls
    :meth:`poke` after every redraw with ``busy`` true while the computer's or the hints' request runs.
    """

    def __init__(self, controller: CoachSource, ask: Ask | None = None, on_change: Redraw = no_redraw) -> None:
        super().__init__(lambda: judged_key(controller), ask, on_change)
        self.controller = controller
        #: What each judged move lost (None: the engine could not value it), by its key.
        self.reviews: dict[Key, MoveReview | None] = {}

    def poke(self, busy: bool = False) -> asyncio.Future[None] | None:
        """Ask for the value of the person's last move if it is due; returns the task (or None)."""
        if not self.ready or self.in_flight or busy:
            return None
        key = judged_key(self.controller)
        node = judged_move(self.controller)
        if key is None or key in self.reviews or node is None or node.parent is None:
            return None
        moves = [n.move for n in node.parent.path() if n.move is not None]
        return self.send(key, AnalyseRequest.in_game(self.controller.game, moves, limits=COACH_LIMITS))

    def waiting(self) -> bool:
        """The coach is due here and its value is not known yet (the study waits for it)."""
        key = judged_key(self.controller)
        return key is not None and key not in self.reviews

    def accept(self, token: Key | None, reply: Reply) -> None:
        node = judged_move(self.controller)
        if token is None or node is None or node.move is None:
            return
        if len(self.reviews) >= MOST_KEPT:
            self.reviews.clear()
        self.reviews[token] = None
        answer = read_reply(AnalysisReply, reply)
        played = self.controller.rules.geometry.name(node.move)
        if isinstance(answer, ErrorReply) or played not in answer.scores:
            return  # the coach stays quiet where the engine could not value the move
        best_value = max(answer.scores.values())
        best = tuple(sorted(k for k, v in answer.scores.items() if v == best_value))
        loss = max(0, round((best_value - answer.scores[played]) / 100))
        self.reviews[token] = MoveReview(node.depth, loss, answer.exact, best, played)

    def note(self) -> str:
        """What the coach says now: a mistake's review and why ('' for none, or not yet known)."""
        key = judged_key(self.controller)
        review = self.reviews.get(key) if key is not None else None
        node = judged_move(self.controller)
        if review is None or review.loss < MISTAKE_DISCS or node is None:
            return ""
        from reversi.ui.review import coach_words, review_sentence, with_coach  # the coach's words, when first said

        game = self.controller.game
        names = self.controller.rules.display_side_names()
        words = with_coach(review_sentence(game, node, review, names), coach_words(game, node, review, names))
        # Translators: the coach's note after a mistake against the computer: "Coach: 9. Black b8, a
        # blunder: loses about 14 discs; a3 was best. After b8, White can take the corner a1; …"
        return _("Coach: {words}").format(words=words)
