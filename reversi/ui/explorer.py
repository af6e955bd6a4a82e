"""The opening explorer's panel: the moves played from the position shown, and the book's. No DOM here.

:func:`explorer_rows` puts the moves a file's games played from a position
(:class:`reversi.ui.explorer_index.OpeningIndex`) and the opening book's values
(:mod:`reversi.engine.book`, asked of the worker by :mod:`reversi.ui.drivers.book`) together,
the most played first; :func:`table_markup` draws them as a table whose move names are buttons
that play the move; :func:`explorer_view` is the whole panel: where the games come from (or how
far their indexing has got), a note on the position, the table. Figures are written the
language's way.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from reversi.core.game import Game
from reversi.core.position import PASS, Position
from reversi.core.rules import BLACK, Rules
from reversi.i18n import _, format_number, ngettext
from reversi.ui.explorer_index import Indexing, MoveStats


@dataclass(frozen=True)
class ExplorerRow:
    """One move of the explorer's table: its square's name, its games (None: the games are not
    asked about) and the book's value from Black's side in discs (None: not in the book)."""

    move: int
    name: str
    stats: MoveStats | None
    book: float | None = None


def explorer_rows(position: Position, stats: Sequence[MoveStats] | None,
                  book: Mapping[int, int] | None) -> list[ExplorerRow]:
    """The moves of ``position`` the games played (``stats``, most played first) and the book
    values (``book``: square -> centidiscs for the side to move), together: the games' moves
    first, then the moves only the book knows, the best for the side to move first."""
    g = position.rules.geometry
    book = book or {}
    sign = 1 if position.turn == BLACK else -1

    def value(move: int) -> float | None:
        v = book.get(move)
        return None if v is None else sign * v / 100

    rows = [ExplorerRow(s.move, g.name(s.move), s, value(s.move)) for s in stats or ()]
    seen = {s.move for s in stats or ()}
    rest = sorted((m for m in book if m not in seen), key=lambda m: (-book[m], m))
    rows += [ExplorerRow(m, g.name(m), None, value(m)) for m in rest]
    return rows


def signed(value: float, digits: int = 1) -> str:
    """A value with its sign and a true minus, written the language's way (``+3.5``, ``−2.0``, ``0``)."""
    if round(abs(value), digits) == 0:
        return "0"
    return ("+" if value > 0 else "\u2212") + format_number(abs(value), digits)


def percent(fraction: float) -> str:
    """A score as a percentage (``52.5%``)."""
    # Translators: a percentage in the opening explorer: "52.5%" ({value} is written the language's way)
    return _("{value}%").format(value=format_number(100 * fraction, 1))


def table_markup(rows: Sequence[ExplorerRow], rules: Rules, games: bool, book: bool, playable: bool) -> str:
    """The explorer's table: a row a move, its name a button that plays it (disabled when
    ``playable`` is false), then (when ``games``) its games, Black's score and the average final
    disc difference, and (when ``book``) the book's value. A figure nobody knows is a dash."""
    black, white = rules.display_side_names()
    # Translators: the opening explorer's table, read by screen readers
    caption = html.escape(_("Moves from the position shown"))
    # Translators: a column of the opening explorer: the move (a square's name)
    move = html.escape(_("Move"))
    head = [f'<caption class="sr-only">{caption}</caption><thead><tr><th scope="col">{move}</th>']
    if games:
        titles = (
            # Translators: the opening explorer's column of the number of games that played a move
            (_("Games"), _("The games of the file that played this move here")),
            # Translators: the title of the opening explorer's column of Black's score ({black}: "Black")
            (black, _("{black}'s score in these games: a win counts 1, a draw ½ (games without a result "
                      "left out)").format(black=black)),
            # Translators: a column of the opening explorer: the average final disc difference
            (_("Discs"), _("The average final disc difference: {black}'s discs less {white}'s").format(
                black=black, white=white)),
        )
        head += [f'<th scope="col" title="{html.escape(t)}">{html.escape(h)}</th>' for h, t in titles]
    if book:
        title = _("The opening book's value of the move, in discs for {black}").format(black=black)
        # Translators: a column of the opening explorer: the opening book's value of a move
        book_head = _("Book")
        head.append(f'<th scope="col" title="{html.escape(title)}">{html.escape(book_head)}</th>')
    head.append("</tr></thead>")
    dash = "\u2013"
    disabled = "" if playable else " disabled"
    body = []
    for row in rows:
        name = html.escape(row.name)
        cells = [f'<th scope="row"><button type="button" class="explorer-move" data-move="{name}"{disabled}>'
                 f"{name}</button></th>"]
        if games:
            s = row.stats
            score = s.score if s else None
            average = s.average if s else None
            cells.append(f"<td>{format_number(s.games) if s else dash}</td>")
            cells.append(f"<td>{percent(score) if score is not None else dash}</td>")
            cells.append(f"<td>{signed(average) if average is not None else dash}</td>")
        if book:
            cells.append(f"<td>{signed(row.book) if row.book is not None else dash}</td>")
        body.append("<tr>" + "".join(cells) + "</tr>")
    return '<table class="explorer-table">' + "".join(head) + "<tbody>" + "".join(body) + "</tbody></table>"


@dataclass(frozen=True)
class ExplorerView:
    """What the explorer's panel shows: where its games come from (or how far their indexing
    has got), a note on the position shown ('' when the table says it all), the table's markup
    ('' when there is no row), and what its columns mean (a phone shows no titles)."""

    source: str
    note: str
    table: str
    legend: str = ""


def explorer_view(indexing: Indexing | None, position: Position, played: int, book: Mapping[int, int] | None,
                  playable: bool) -> ExplorerView:
    """The explorer's panel for ``position``, ``played`` moves into its game: the games of
    ``indexing`` (None: no file is open) and the ``book``'s values (None: not known yet)."""
    stats: list[MoveStats] | None = None
    notes: list[str] = []
    if indexing is None:
        # Translators: the opening explorer when no file of games is open
        source = _("The opening book's moves. Open a file of games (Game menu: Open file…) to see the moves "
                   "played from here and how the games ended.")
    else:
        index = indexing.index
        if indexing.finished:
            # Translators: where the opening explorer's games come from: "100,000 games of WTH_2004.wtb, ..."
            source = ngettext("{n} game of {name}, its first {plies} moves indexed",
                              "{n} games of {name}, their first {plies} moves indexed", index.games).format(
                n=format_number(index.games), name=indexing.name, plies=index.plies)
        else:
            source = indexing.progress()
        if played >= index.plies:
            # Translators: the opening explorer past the moves it indexed
            notes.append(_("Past move {plies}: the games are indexed to move {plies}.").format(plies=index.plies))
        elif not index.knows(position.rules):
            if indexing.finished:
                # Translators: the opening explorer, on a board of other rules than the file's games
                notes.append(_("The file holds no game of {rules}.").format(rules=position.rules.describe()))
        else:
            stats = index.moves(position)
            if not stats and position.legal:
                # Translators: the opening explorer: no game of the file reached the position shown
                notes.append(_("No game of the file goes on from this position."))
    if not position.legal:
        # Translators: the opening explorer on a finished game, or a side that must pass
        notes = [_("No move to play here.")]
    elif book is not None and not book and stats is None and not notes:
        # Translators: the opening explorer: the opening book does not hold the position shown
        notes.append(_("The opening book has no move here."))
    rows = explorer_rows(position, stats, book) if position.legal else []
    games, has_book = stats is not None, bool(book)
    table = table_markup(rows, position.rules, games, has_book, playable) if rows else ""
    return ExplorerView(source, " ".join(notes), table, legend(position.rules, games, has_book) if table else "")


def legend(rules: Rules, games: bool, book: bool) -> str:
    """What the table's columns mean, in a line."""
    black, white = rules.display_side_names()
    parts = []
    if games:
        # Translators: under the opening explorer's table: its columns of Black's score and of discs
        parts.append(_("{black}: {black}'s score, a draw counting half. Discs: the average final disc difference, "
                       "{black} less {white}.").format(black=black, white=white))
    if book:
        # Translators: under the opening explorer's table: its column of the book's values
        parts.append(_("Book: the opening book's value, in discs for {black}.").format(black=black))
    return " ".join(parts)


def plies_played(game: Game) -> int:
    """The moves (not passes) from the game's start to the position shown."""
    count = 0
    node = game.current
    while node.parent is not None:
        if node.move != PASS:
            count += 1
        node = node.parent
    return count


