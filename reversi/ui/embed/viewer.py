"""The game viewer of an embed (``?view=embed``): replay a game, its variations and comments.

A teacher's page shows a game in an iframe; the reader goes through it and nobody plays:
there is no engine, no clock and no saved state. :class:`Viewer` is the state of one
such board as plain Python (the DOM side is :mod:`reversi.ui.dom.embed`): which
position of the game's tree is shown, and the replay controls (first, previous, next,
last, autoplay), which follow the line shown: the main line, or the variation the
reader went into.

The embed's own link parameters (owner ``embed`` in :mod:`reversi.formats.links`):
``view``, ``caption``, ``flip``, ``theme``, ``controls``, ``numbers``, ``coach`` (a puzzle's wrong
tries say why: :mod:`reversi.ui.embed.puzzle`); the game's are the share
link's, with ``at`` naming the position shown first.

With the move numbers on (the button, the key N, or ``numbers=1``) the board is the printed form
of the game up to the position shown: each move's number on the square it was played on, on a
disc of the side that played it (:func:`reversi.drawing.diagram.numbered_view`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from reversi.core.game import Game, Node
from reversi.core.position import PASS
from reversi.core.stability import stable_discs
from reversi.drawing.diagram import THEMES, cursor_step, numbered_view, position_view
from reversi.drawing.render import BoardView
from reversi.errors import ReversiError
from reversi.formats.links import parse_query, record_params, rewrite_query
from reversi.formats.record import Record
from reversi.i18n import _
from reversi.inputs import Shown
from reversi.ui.embed.puzzle import PuzzleState, read_puzzle
from reversi.ui.embed.puzzle_set import PuzzleSetState, read_puzzle_set
from reversi.ui.move_list import side_and_number, with_annotation
from reversi.ui.sharing import link_game

#: The views an address can ask for with ``view=``.
VIEWS = ("embed", "puzzle")
#: The longest caption shown (characters); a longer one is cut with an ellipsis.
MAX_CAPTION = 200
#: Autoplay: milliseconds between moves.
AUTOPLAY_MS = 1200


@dataclass(frozen=True)
class EmbedOptions:
    """What an embed's address asks for, besides the game."""

    view: str = "embed"
    caption: str = ""
    flip: bool = False
    theme: str = ""
    #: The replay buttons and the move list (``controls=0``: a still board with its caption).
    controls: bool = True
    #: The board as a numbered game diagram (``numbers=1``).
    numbers: bool = False
    #: A puzzle's wrong tries say why they are worse (``coach=1``: :mod:`reversi.ui.coach`).
    coach: bool = False
    #: What the address asked for that is not an option's value, each said (the default is used).
    notes: tuple[str, ...] = ()


def embed_options(query: str) -> EmbedOptions:
    """The embed's options of an address; unknown or bad values fall back to the defaults."""
    try:
        params = parse_query(query)
    except ReversiError:
        params = {}  # the game's reading says what is wrong
    view = params.get("view", "")
    caption = " ".join(params.get("caption", "").split())
    if len(caption) > MAX_CAPTION:
        caption = caption[: MAX_CAPTION - 1] + "…"
    theme = params.get("theme", "")
    notes = []
    for name, default in (("flip", "0"), ("controls", "1"), ("numbers", "0"), ("coach", "0")):
        value = params.get(name)
        if value is not None and value not in ("0", "1"):
            # Translators: an embed's address asks for an option value that is not one: "flip=2 is not 0 or 1 ..."
            notes.append(_("{name}={value} is not 0 or 1: {default} is used").format(
                name=name, value=Shown(value), default=default))
    if "view" in params and view not in VIEWS:
        notes.append(_("view={value} is not {views}: embed is used").format(
            value=Shown(view), views=" or ".join(VIEWS)))
    if theme and theme not in THEMES:
        notes.append(_("theme={value} is not {themes}: the reader's colours are used").format(
            value=Shown(theme), themes=" or ".join(THEMES)))
    return EmbedOptions(
        view=view if view in VIEWS else "embed",
        caption=caption,
        flip=params.get("flip") == "1",
        controls=params.get("controls") != "0",
        theme=theme if theme in THEMES else "",
        numbers=params.get("numbers") == "1",
        coach=params.get("coach") == "1",
        notes=tuple(notes),
    )


class Viewer:
    """One game shown for replay: the node shown, and the controls' moves through the tree."""

    def __init__(self, game: Game, options: EmbedOptions | None = None, problem: str = "") -> None:
        self.game = game
        self.options = options or EmbedOptions()
        #: Why the address's game could not be shown ('' when it could): the viewer shows the start.
        self.problem = problem
        self.rotated = self.options.flip
        #: The board shows the moves' numbers (a numbered game diagram up to the position shown).
        self.numbered = self.options.numbers
        #: The stable-disc overlay (the reader's toggle: discs that can never flip, reversi/core/stability.py).
        self.stable_shown = False
        self.playing = False
        #: The puzzle at the game's start (``view=puzzle``), or None.
        self.puzzle: PuzzleState | None = None
        #: The keyboard cursor on a puzzle's board (arrows move it, Enter tries its square), or None.
        self.cursor: int | None = None
        #: A puzzle set (``ps=``): the reader's way through it, and each puzzle's game (kept as left).
        self.puzzle_set: PuzzleSetState | None = None
        self._set_games: list[Game] = []

    @classmethod
    def from_query(cls, query: str) -> Viewer:
        """The viewer of an address; a bad game link shows the standard start and says why.

        For ``view=puzzle`` the game starts at the link's position (its ``at``) and holds the
        puzzle; a bad puzzle shows that position for replay and says why.
        """
        options = embed_options(query)
        if options.view == "puzzle" and "ps=" in query:
            return cls._set_viewer(query, options)
        viewer = cls._game_viewer(query, options)
        if options.view != "puzzle" or viewer.problem:
            return viewer
        position = viewer.current.position
        try:
            puzzle = read_puzzle(query, position)
        except ReversiError as e:
            viewer.problem = str(e)  # the position stays, for replay
            return viewer
        puzzled = cls(Game(start=position), options)
        puzzled.puzzle = PuzzleState(puzzle, position, options.coach)
        return puzzled

    @classmethod
    def _set_viewer(cls, query: str, options: EmbedOptions) -> Viewer:
        """The viewer of a puzzle set, at its first puzzle; a bad set shows the start and says why."""
        try:
            entries = read_puzzle_set(query)
        except ReversiError as e:
            return cls(Game(), options, str(e))
        viewer = cls(Game(start=entries[0][0]), options)
        viewer.puzzle_set = PuzzleSetState(entries, options.coach)
        viewer.restart_set()
        return viewer

    # -- a puzzle set --------------------------------------------------------------------

    def _show_set_puzzle(self) -> None:
        """The game and the puzzle of the set's current puzzle (each kept as the reader left it)."""
        assert self.puzzle_set is not None
        self.playing = False
        self.cursor = None
        self.game = self._set_games[self.puzzle_set.index]
        self.puzzle = self.puzzle_set.state

    def next_puzzle(self) -> bool:
        """The set's next puzzle, or its summary after the last one."""
        if self.puzzle_set is None or not self.puzzle_set.next():
            return False
        self._show_set_puzzle()
        return True

    def prev_puzzle(self) -> bool:
        """The set's previous puzzle (from the summary: the last one)."""
        if self.puzzle_set is None or not self.puzzle_set.prev():
            return False
        self._show_set_puzzle()
        return True

    def restart_set(self) -> None:
        """Every puzzle of the set afresh, from the first: the score starts again."""
        if self.puzzle_set is None:
            return
        self.puzzle_set.restart()
        self._set_games = [Game(start=position) for position, _puzzle in self.puzzle_set.entries]
        self._show_set_puzzle()

    def app_query(self, query: str) -> str:
        """The address's parameters for the whole app (``query`` is the embed's own).

        A game or a single puzzle opens its game there (the embed's and the puzzle's own
        parameters left out: the app reads neither, and a bad set's text would only make the
        link long); a puzzle set opens the position of the puzzle shown (its start, so the
        answer is not given away), or the set's rules alone on its summary.
        """
        if self.puzzle_set is None:
            return rewrite_query(rewrite_query(query, "embed", {}), "puzzle", {})
        if self.in_summary():
            record = Record(rules=self.puzzle_set.entries[0][0].rules)
        else:
            position = self.puzzle_set.entries[self.puzzle_set.index][0]
            record = Record(rules=position.rules, start=position)
        return rewrite_query("", "game", record_params(record))

    def in_summary(self) -> bool:
        return self.puzzle_set is not None and self.puzzle_set.summary

    @classmethod
    def _game_viewer(cls, query: str, options: EmbedOptions) -> Viewer:
        try:
            game, _players = link_game(query)
        except ReversiError as e:  # the link cannot be read: said, and the start shown
            return cls(Game(), options, str(e))
        shown = game.live  # the link's at=: where the reader starts
        game.set_live(game.main_line()[-1])  # nobody plays here: the whole game is the game's
        game.go_to_node(shown)
        return cls(game, options)

    # -- a puzzle ------------------------------------------------------------------------

    def try_move(self, name: str) -> bool:
        """The reader clicks ``name`` at the puzzle's position: answered; a best move is played."""
        puzzle = self.puzzle
        if puzzle is None or not self.solving():
            return False
        try:
            move = self.game.rules.geometry.parse_square(name)
        except ReversiError:
            return False
        if not puzzle.try_move(move):
            return False
        if puzzle.verdict == "best":
            self.game.play(move)
        return True

    def retry(self) -> None:
        """Back to the puzzle's position, its answers kept (a second try counts as one)."""
        self.playing = False
        if self.puzzle is not None:
            self.puzzle.solved = False
            self.puzzle.feedback = ""
            self.puzzle.verdict = ""
        self._go(self.game.root)

    def show_solution(self) -> None:
        """Play the best line from the puzzle's position, move by move (autoplay).

        The solution becomes the main line whatever was tried before (a right answer tied for
        best stays, as a variation), and its message replaces the answer to the last try.
        """
        if self.puzzle is None:
            return
        self.puzzle.show_solution()
        game = self.game
        game.go_to_node(game.root)
        game.play_all(list(self.puzzle.solution_line()))  # its forced passes as the link has them
        game.promote(game.current, play_from=True)  # the game's position moves with it: a viewer has no game
        game.set_live(game.main_line()[-1])  # nobody plays here: the whole line is the game's
        game.go_to_node(game.root)
        self.playing = self.can_go_forward()

    # -- where we are ------------------------------------------------------------------

    @property
    def current(self) -> Node:
        return self.game.current

    def _line_end(self) -> Node:
        node = self.current
        while node.children:
            node = node.children[0]
        return node

    def _start(self) -> Node:
        return self.game.root

    def can_go_back(self) -> bool:
        return self.current.parent is not None

    def can_go_forward(self) -> bool:
        return bool(self.current.children)

    # -- the controls ------------------------------------------------------------------

    def _go(self, node: Node) -> bool:
        node = node.resting()  # a forced pass is stepped over
        if node is self.current:
            return False
        self.game.go_to_node(node)
        return True

    def first(self) -> bool:
        self.playing = False
        return self._go(self._start())

    def last(self) -> bool:
        self.playing = False
        return self._go(self._line_end())

    def next(self) -> bool:
        if not self.current.children:
            self.playing = False
            return False
        return self._go(self.current.children[0])

    def prev(self) -> bool:
        self.playing = False
        node = self.current.parent
        if node is None:
            return False
        # back over a forced pass too (the position before it is where the mover stood)
        while node.parent is not None and node.position.must_pass and node.children[0].was_forced_pass:
            node = node.parent
        return self._go(node)

    def go_to_node(self, node_id: int) -> bool:
        self.playing = False
        try:
            node = self.game.node(node_id)
        except KeyError:
            return False
        return self._go(node)

    def toggle_play(self) -> bool:
        """Start or stop autoplay; from the line's end it starts again at the beginning."""
        if self.playing:
            self.playing = False
            return True
        if not self.can_go_forward():
            self._go(self._start())
        self.playing = self.can_go_forward()
        return self.playing

    def tick(self) -> bool:
        """Autoplay's next move; stops at the end of the line. True if the board changed."""
        if not self.playing:
            return False
        moved = self.next()
        if not self.can_go_forward():
            self.playing = False
        return moved

    def solving(self) -> bool:
        """Is the reader at a puzzle's open question (the board takes a move)?"""
        return (self.puzzle is not None and not self.puzzle.solved and self.current is self.game.root
                and not self.in_summary())

    def key(self, key: str) -> bool:
        """A key of the replay: arrows, Home, End, space; True if it was one.

        While a puzzle waits for an answer the arrows move a cursor on the board, and Enter
        or space tries its square.
        """
        if self.solving():
            steps = {"ArrowLeft": (-1, 0), "ArrowRight": (1, 0), "ArrowUp": (0, -1), "ArrowDown": (0, 1)}
            if key in steps:
                step = cursor_step(self.game.rules, self.current.position, self.cursor, *steps[key], self.rotated)
                self.cursor = self.cursor if step is None else step
                return True
            if key in ("Enter", " "):
                if self.cursor is None:
                    self.cursor = cursor_step(self.game.rules, self.current.position, None, 0, 0)
                    return True
                self.try_move(self.game.rules.geometry.name(self.cursor))
                return True
        actions = {"ArrowLeft": self.prev, "ArrowRight": self.next, "Home": self.first, "End": self.last}
        if key in actions:
            actions[key]()
            return True
        if key == " ":
            self.toggle_play()
            return True
        if key in ("n", "N"):
            self.toggle_numbers()
            return True
        return False

    def rotate(self) -> None:
        self.rotated = not self.rotated

    def toggle_numbers(self) -> None:
        """Show or hide the moves' numbers (not while a puzzle waits for its answer: it has none)."""
        self.numbered = not self.numbered

    def shows_numbers(self) -> bool:
        return self.numbered and not self.solving()

    def toggle_stable(self) -> None:
        """Show or hide the stable discs (not while a puzzle waits for its answer: no hints then)."""
        self.stable_shown = not self.stable_shown

    def shows_stable(self) -> bool:
        return self.stable_shown and not self.solving()

    # -- what is drawn -----------------------------------------------------------------

    def board_view(self) -> BoardView:
        node = self.current
        puzzle = self.puzzle
        if self.shows_numbers():
            moves = [n.move for n in node.path() if n.move is not None]
            view = numbered_view(self.game.root.position, moves, rotated=self.rotated)
            return replace(view, grid=True)  # the embed's board: one focus stop, read square by square
        view = position_view(
            self.game.rules,
            node.position,
            last_move=node.move,
            glyph=node.glyph,
            signs=node.signs,
            marks=node.marks,
            rotated=self.rotated,
            playable=puzzle is not None and not puzzle.solved and node is self.game.root,
            cursor=None if self.cursor is None or not self.solving() else self.cursor,
            grid=True,  # the embed's board: one focus stop, read square by square
        )
        if self.shows_stable():
            black, white = stable_discs(node.position)
            view = replace(view, stable=frozenset(self.game.rules.geometry.bits_to_names(black | white)))
        return view

    def status(self) -> str:
        """What the line under the board says: the move shown, or the result at the end."""
        rules = self.game.rules
        names = rules.display_side_names()
        node = self.current
        pos = node.position
        result = pos.result()
        if result is not None:
            return result.describe(names)
        if node.move is None:
            # Translators: the embed's status before any move: "Black to move"
            return _("{side} to move").format(side=names[pos.turn])
        side, number = side_and_number(self.game, node.depth)
        if node.move == PASS:
            # Translators: the embed's status after a pass: "White passes"
            return _("{side} passes").format(side=names[side])
        # Translators: the embed's status after a move, with its number: "12. Black f4"
        said = _("{number}. {side} {move}").format(number=number, side=names[side],
                                                  move=rules.geometry.name(node.move) + node.glyph)
        return with_annotation(said, node.glyph)
