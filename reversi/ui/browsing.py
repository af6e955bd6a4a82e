"""Studying the game's tree: the controller's intents that look through it and write on it.

:class:`TreeIntents` is the part of :class:`reversi.ui.controller.Controller` for the move list
and the study bar: showing any position of the tree (``go_to``, ``go_to_node``,
``back_to_live``), a variation made the main line or deleted, a move's annotation glyph and a
position's comment, the game's details, the marking tool and the overlays (square values,
stable discs), and the board editor. Each intent returns True when something changed and
records what happened (:mod:`reversi.ui.events`). No DOM here.
"""

from __future__ import annotations

from collections.abc import Mapping

from reversi.core.game import MAX_COMMENT_CHARS, Game, Node
from reversi.core.position import Position
from reversi.errors import ReversiError
from reversi.formats.notation import MAX_MOVETEXT_CHARS, write_movetext
from reversi.ui.editor import Editor
from reversi.ui.events import EventKind
from reversi.ui.players import Players

#: What the marking tool puts on a square: a ring, a colour (red, green, yellow), the next letter.
MARK_KINDS = ("ring", "R", "G", "Y", "+")


class TreeIntents:
    """Looking through the game's tree and annotating it (a part of the controller)."""

    # The controller's state these intents use (set by Controller._start and __init__).
    game: Game
    players: Players
    editor: Editor | None
    cursor: int | None
    marking: bool
    mark_kind: str
    showing_values: bool
    showing_stable: bool
    _animate: bool

    @property
    def position(self) -> Position:
        return self.game.position

    def _record(self, kind: EventKind, before: Node | None = None) -> None:
        raise NotImplementedError  # the controller's

    def _start_from(self, game: Game, players: Players) -> None:
        raise NotImplementedError  # the controller's


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
        """The comment of the position shown, cut to :meth:`comment_room`; True if it changed."""
        node = self.game.current
        old = node.comment
        self.game.set_comment(node, text[: self.comment_room()])
        while len(write_movetext(self.game)) > MAX_MOVETEXT_CHARS and node.comment:  # written longer than typed
            self.game.set_comment(node, node.comment[: len(node.comment) * 9 // 10])
        return node.comment != old

    def comment_room(self) -> int:
        """The most characters the comment of the position shown may have: a comment's own limit, less
        where the game's other comments take the room of its move text (one limit for the text saved
        and read back, :data:`reversi.formats.notation.MAX_MOVETEXT_CHARS`)."""
        node = self.game.current
        kept = node.comment
        node.comment = ""
        try:
            others = len(write_movetext(self.game))
        finally:
            node.comment = kept
        return max(0, min(MAX_COMMENT_CHARS, MAX_MOVETEXT_CHARS - others - 4))  # "{", "}" and spaces

    @property
    def editing(self) -> bool:
        return self.editor is not None

    @property
    def editing_over_a_game(self) -> bool:
        """The editor is open over a game in progress, which playing or analysing the position set
        up would end (the editor asks first, as New game and Load do)."""
        return self.editor is not None and self.game.outcome is None and bool(self.game.root.children)

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
            self._start_from(Game(start=position), Players() if study else self.players)
        self.editor = None
        self._record(EventKind.SET_UP if play else EventKind.EDITOR_CLOSED, before)
        self._animate = False
        return True

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
