"""The move list beside the board: view data, markup and navigation (pure).

The list shows the game's whole line (also the moves after the cursor, which
redo would replay) in rows of a move number, Black's ply and White's ply::

    1. f5 d6   2. c3 pass   3. ...

A pass is a ply of its own, so the sides alternate in every row; a game set up
with White to move starts ``1. … d6``. The ply on the board is marked
``current``. Each ply is an element ``<span class="ply" data-ply="K">`` where K
is the number of plies played after it: clicking it shows that position
(:meth:`Game.go_to`).

Navigation stands only on positions a player can move in: a position where the
side to move must pass is stepped over (the game records the forced pass
itself), as undo and redo do. :func:`stop_at` is the rule, :func:`step` and
:func:`target_for_key` use it.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from reversi.core.game import Game
from reversi.core.position import PASS
from reversi.core.rules import WHITE
from reversi.i18n import _, pgettext

#: Keys the move list answers to when it has the focus.
NAV_KEYS = ("Home", "End", "ArrowLeft", "ArrowRight")


@dataclass(frozen=True)
class PlyEntry:
    ply: int  # plies on the board after this one (1 for the first)
    side: int  # BLACK or WHITE: who played it (or passed)
    text: str  # "f5" or "pass"
    is_pass: bool
    current: bool
    #: A ply after the cursor (the continuation that redo replays).
    ahead: bool


@dataclass(frozen=True)
class MoveRow:
    number: int
    #: Black's and White's entries; None where the row has no such ply.
    plies: tuple[PlyEntry | None, PlyEntry | None]


def entries(game: Game) -> list[PlyEntry]:
    g = game.rules.geometry
    out = []
    for k, move in enumerate(game.line):
        side = game.position_at(k).turn
        out.append(
            PlyEntry(
                ply=k + 1,
                side=side,
                text="pass" if move == PASS else g.name(move),
                is_pass=move == PASS,
                current=k + 1 == game.ply,
                ahead=k + 1 > game.ply,
            )
        )
    return out


def rows(game: Game) -> list[MoveRow]:
    """The entries grouped by move number (the sides alternate, passes included)."""
    out: list[MoveRow] = []
    pending: list[PlyEntry | None] = [None, None]
    number = 1
    for entry in entries(game):
        if entry.side != WHITE and (pending[0] is not None or pending[1] is not None):
            out.append(MoveRow(number, (pending[0], pending[1])))
            number += 1
            pending = [None, None]
        pending[entry.side] = entry
        if entry.side == WHITE:
            out.append(MoveRow(number, (pending[0], pending[1])))
            number += 1
            pending = [None, None]
    if pending[0] is not None or pending[1] is not None:
        out.append(MoveRow(number, (pending[0], pending[1])))
    return out


def as_text(game: Game) -> str:
    """The list as one line of text: ``"1. f5 d6 2. c3 pass"``."""
    parts = []
    for row in rows(game):
        black, white = row.plies
        parts.append(f"{row.number}. {black.text if black else '…'}" + (f" {white.text}" if white else ""))
    return " ".join(parts)


def render_move_list(game: Game, side_names: tuple[str, str] = ("Black", "White")) -> str:
    """The inner markup of the move list element."""
    if not game.line:
        return f'<p class="moves-empty">{escape(_("No moves yet"))}</p>'
    out = []
    for row in rows(game):
        out.append(f'<span class="move-no" aria-hidden="true">{row.number}.</span>')
        for side, entry in enumerate(row.plies):
            if entry is None:
                out.append('<span class="ply none" aria-hidden="true">…</span>' if side == 0 else "")
                continue
            classes = ["ply"]
            if entry.is_pass:
                classes.append("pass")
            if entry.current:
                classes.append("current")
            if entry.ahead:
                classes.append("ahead")
            if entry.is_pass:
                # Translators: a pass in the move list, for screen readers: "12. White passes"
                label = _("{number}. {side} passes").format(number=row.number, side=side_names[side])
            else:
                # Translators: a move in the move list, for screen readers: "1. Black f5"
                label = _("{number}. {side} {move}").format(number=row.number, side=side_names[side], move=entry.text)
            # Translators: a pass as the move list shows it (the notation's "pass")
            shown = pgettext("move list", "pass") if entry.is_pass else entry.text
            out.append(
                f'<span class="{" ".join(classes)}" data-ply="{entry.ply}" role="option" '
                f'aria-selected="{"true" if entry.current else "false"}" aria-label="{escape(label)}">'
                f"{escape(shown)}</span>"
            )
    return "".join(out)


# -- navigation ----------------------------------------------------------------------


def is_stop(game: Game, ply: int) -> bool:
    """Can the cursor rest after ``ply`` plies? Not where the side to move must pass."""
    return ply == len(game.line) or not (game.line[ply] == PASS and game.position_at(ply).must_pass)


def stop_at(game: Game, ply: int) -> int:
    """``ply`` clamped to the line, then moved forward past a forced pass."""
    ply = max(0, min(ply, len(game.line)))
    while not is_stop(game, ply):
        ply += 1
    return ply


def step(game: Game, ply: int, delta: int) -> int:
    """The next stop before (``delta`` < 0) or after the cursor; the cursor if none."""
    k = ply + (1 if delta > 0 else -1)
    while 0 <= k <= len(game.line):
        if is_stop(game, k):
            return k
        k += 1 if delta > 0 else -1
    return ply


def target_for_key(game: Game, key: str) -> int | None:
    """The ply a navigation key leads to, or None for other keys."""
    if key == "Home":
        return stop_at(game, 0)
    if key == "End":
        return len(game.line)
    if key == "ArrowLeft":
        return step(game, game.ply, -1)
    if key == "ArrowRight":
        return step(game, game.ply, +1)
    return None
