"""The review in figures: each move's loss, and per side the average loss, the mistakes, the
blunders and the best moves. No DOM here.

The figures are the review's own (:func:`reversi.ui.drivers.study.review_marks`): a move's loss is
the best move's value minus the played move's, in whole discs, for the side that played it (in
Anti too, where the engine's values already count fewer discs as better), and a mistake or a
blunder is what :attr:`~reversi.ui.drivers.study.MoveReview.kind` says. A move that lost nothing
(less than half a disc) counts as a best move, as its figure ("0") says.

* The move list shows each valued move's loss as a small figure beside it (:func:`loss_figure`:
  "−4", "0") and says what it lost in its accessible name (:func:`move_list_review`: "5. White b4,
  loses 2 discs; a3 was best", "…, the best move"), not only for mistakes.
* :func:`summarize` counts per side (:class:`ReviewSummary`), the moves still to value included;
  :func:`summary_markup` draws it as a small table (Black and White side by side) for the study
  bar and the end-of-game panel.
* A ``.rev`` record takes the review only when asked (:func:`with_review`): each valued move's
  words as its comment, the summary as tags (:data:`SUMMARY_TAGS`), which a record reads back as
  any other tags. A game viewer made for a teacher's page takes the same comments, with the
  coach's why of each mistake (:func:`comment_review`, ``coach``), when the teacher asks.

Only the main line is valued; forced passes are no one's choice and are left out.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from html import escape

from reversi.core.game import MAX_COMMENT_CHARS, Game, Node
from reversi.core.position import PASS
from reversi.formats.notation import MAX_MOVETEXT_CHARS, write_movetext
from reversi.formats.record import MAX_TAGS, Record
from reversi.i18n import _, format_number, ngettext
from reversi.ui.drivers.study import MoveReview
from reversi.ui.review import coach_words, review_words, with_coach

#: The minus sign of a loss figure (not a hyphen).
MINUS = "\u2212"
#: A space no line breaks at.
NBSP = "\u00a0"
#: What a summary's cell shows for a side with no move valued.
NONE = "\u2013"
#: The summary's tags in a record, per side ("Black" or "White" before each): the moves valued,
#: the average loss (discs, one decimal, a point), the best moves, the mistakes and the blunders.
SUMMARY_TAGS = ("MovesValued", "AverageLoss", "BestMoves", "Mistakes", "Blunders")


@dataclass(frozen=True)
class SideSummary:
    """One side's figures: its moves (forced passes left out), those valued, the discs they lost in
    all, and how many were best moves, mistakes and blunders."""

    moves: int = 0
    valued: int = 0
    lost: int = 0
    best: int = 0
    mistakes: int = 0
    blunders: int = 0

    @property
    def average(self) -> float | None:
        """The discs lost a move on average, over the moves valued; None before any."""
        return self.lost / self.valued if self.valued else None

    @property
    def best_share(self) -> float | None:
        """The share of the moves valued that were best moves (0 to 1); None before any."""
        return self.best / self.valued if self.valued else None

    def counted(self, review: MoveReview) -> SideSummary:
        """These figures with one more move valued."""
        return replace(
            self,
            valued=self.valued + 1,
            lost=self.lost + review.loss,
            best=self.best + (review.loss == 0),
            mistakes=self.mistakes + (review.kind == "mistake"),
            blunders=self.blunders + (review.kind == "blunder"),
        )


@dataclass(frozen=True)
class ReviewSummary:
    """Both sides' figures (Black's first), and whether the game is Anti (fewer discs win)."""

    sides: tuple[SideSummary, SideSummary]
    anti: bool = False

    @property
    def moves(self) -> int:
        """The game's moves to value (forced passes left out)."""
        return self.sides[0].moves + self.sides[1].moves

    @property
    def valued(self) -> int:
        return self.sides[0].valued + self.sides[1].valued

    @property
    def complete(self) -> bool:
        """Every move valued (a game without moves has nothing to value, and is not complete)."""
        return 0 < self.moves == self.valued


def reviewed_moves(game: Game) -> list[Node]:
    """The main line's moves a review values: every move but the passes (a pass is forced)."""
    return [n for n in game.main_line()[1:] if n.parent is not None and n.move is not None and n.move != PASS]


def summarize(game: Game, marks: Mapping[int, MoveReview]) -> ReviewSummary:
    """Each side's figures from the review's ``marks`` (by ply; moves not valued yet are only counted
    as moves). A move's side is the side to move before it: a game set up with White to move, and
    the passes, change nothing."""
    sides = [SideSummary(), SideSummary()]
    for node in reviewed_moves(game):
        assert node.parent is not None
        side = node.parent.position.turn
        sides[side] = replace(sides[side], moves=sides[side].moves + 1)
        review = marks.get(node.depth)
        if review is not None:
            sides[side] = sides[side].counted(review)
    return ReviewSummary((sides[0], sides[1]), game.rules.anti)


# -- the move list ---------------------------------------------------------------------


def loss_figure(review: MoveReview) -> str:
    """A move's loss as the move list shows it beside the move: "−4", or "0" for a best move."""
    return MINUS + format_number(review.loss) if review.loss > 0 else format_number(0)


def move_list_review(game: Game, marks: Mapping[int, MoveReview], coach: bool = False,
                     side_names: tuple[str, str] | None = None) -> dict[int, tuple[str, str]]:
    """The move list's review by ply, for every valued move: ``(kind, words)``, the kind ``mistake``,
    ``blunder`` or '' (a class), the words said after the move in its accessible name ("loses 2 discs;
    a3 was best", "the best move"); ``coach``: a mistake's and a blunder's go on with why
    (:func:`reversi.ui.review.coach_words`, the sides called ``side_names``)."""
    anti = game.rules.anti
    out = {ply: (r.kind, review_words(r, anti)) for ply, r in marks.items()}
    if coach:
        main = game.main_line()
        for ply, r in marks.items():
            if r.kind and ply < len(main):
                out[ply] = (r.kind, with_coach(out[ply][1], coach_words(game, main[ply], r, side_names)))
    return out


def loss_figures(marks: Mapping[int, MoveReview]) -> dict[int, str]:
    """Each valued move's figure by ply (:func:`loss_figure`)."""
    return {ply: loss_figure(r) for ply, r in marks.items()}


# -- the summary, in words and as a table -------------------------------------------------


def average_text(side: SideSummary) -> str:
    """A side's average loss: discs with one decimal ("2.3", "2,3" in Czech), or a dash."""
    average = side.average
    return NONE if average is None else format_number(average, 1)


def best_text(side: SideSummary) -> str:
    """A side's best moves among those valued, and their share: "18 of 30 (60%)", or a dash."""
    share = side.best_share
    if share is None:
        return NONE
    # Translators: a share in per cent, in the review's summary: "60%" (some languages write "60 %")
    percent = _("{percent}%").format(percent=format_number(100 * share))
    # Translators: the review's summary: a side's best moves among its moves valued, and their share: "18 of 30 (60%)"
    text = _("{best} of {valued} ({percent})").format(
        best=format_number(side.best), valued=format_number(side.valued), percent=percent)
    count, space, rest = text.rpartition(" (")
    # a narrow column breaks the line before the share, never inside "18 of 30"
    return count.replace(" ", NBSP) + space + rest if space else text


def count_text(side: SideSummary, count: int) -> str:
    return NONE if not side.valued else format_number(count)


def progress_text(summary: ReviewSummary) -> str:
    """While moves are still to value: "24 of 40 moves valued so far"; '' once all are."""
    if summary.valued >= summary.moves:
        return ""
    # Translators: under the review's summary while the engine is still valuing the game's moves
    return ngettext("{valued} of {n} move valued so far", "{valued} of {n} moves valued so far",
                    summary.moves).format(valued=format_number(summary.valued), n=format_number(summary.moves))


def summary_rows(summary: ReviewSummary) -> list[tuple[str, str, str]]:
    """The summary's rows: ``(what, Black's, White's)``."""
    black, white = summary.sides
    if summary.anti:
        # Translators: the review's summary, Anti (fewer discs win): how many discs worse a side's moves
        # ended than the best, on average
        average = _("Average cost (discs)")
    else:
        # Translators: the review's summary: the discs a side's moves lost against the engine's best, on average
        average = _("Average loss (discs)")
    return [
        (average, average_text(black), average_text(white)),
        # Translators: the review's summary: a side's moves that lost nothing against the engine's best
        (_("Best moves"), best_text(black), best_text(white)),
        # Translators: the review's summary: how many of a side's moves lost 4 discs or more (less than 10)
        (_("Mistakes"), count_text(black, black.mistakes), count_text(white, white.mistakes)),
        # Translators: the review's summary: how many of a side's moves lost 10 discs or more
        (_("Blunders"), count_text(black, black.blunders), count_text(white, white.blunders)),
    ]


def summary_markup(summary: ReviewSummary, side_names: tuple[str, str]) -> str:
    """The summary as a small table, a column a side (the inner markup of its box), with how many
    moves are still to value under it."""
    # Translators: the caption of the review's summary: each side's losses, best moves, mistakes, blunders
    caption = _("The review in figures")
    out = [f'<table class="summary-table"><caption>{escape(caption)}</caption><thead><tr><td></td>']
    for side, name in enumerate(side_names):
        out.append(f'<th scope="col" data-side="{side}">{escape(name)}</th>')
    out.append("</tr></thead><tbody>")
    for what, black, white in summary_rows(summary):
        out.append(f'<tr><th scope="row">{escape(what)}</th><td data-side="0">{escape(black)}</td>'
                   f'<td data-side="1">{escape(white)}</td></tr>')
    out.append("</tbody></table>")
    progress = progress_text(summary)
    if progress:
        out.append(f'<p class="summary-progress">{escape(progress)}</p>')
    return "".join(out)


# -- the review in a record ------------------------------------------------------------------


def summary_tags(summary: ReviewSummary) -> dict[str, str]:
    """The summary as a record's tags, for each side with a move valued:
    ``[BlackAverageLoss "2.3"]``, ``[WhiteBestMoves "18"]``… (figures the file's way, not the page's)."""
    tags: dict[str, str] = {}
    for name, side in zip(("Black", "White"), summary.sides, strict=True):
        if side.average is None:
            continue  # no move of this side valued
        values = (side.valued, f"{side.average:.1f}", side.best, side.mistakes, side.blunders)
        for tag, value in zip(SUMMARY_TAGS, values, strict=True):
            tags[name + tag] = str(value)
    return tags


def move_comment(game: Game, node: Node, review: MoveReview, coach: bool = False) -> str:
    """What a record or an embed says of a valued move: the review's words ("a blunder: loses 14
    discs; a3 was best"); with ``coach``, a mistake's and a blunder's go on with the coach's why
    (:func:`reversi.ui.review.coach_words`)."""
    words = review_words(review, game.rules.anti)
    if coach and review.kind:
        return with_coach(words, coach_words(game, node, review))
    return words


def comment_review(game: Game, marks: Mapping[int, MoveReview], coach: bool = False) -> int:
    """Write the review into ``game`` (in place): each valued main-line move's words
    (:func:`move_comment`) as its comment, after a comment it has unless it says them already; a
    comment that would grow beyond a comment's length is left as it was. The comments written."""
    written = 0
    for node in reviewed_moves(game):
        review = marks.get(node.depth)
        if review is None:
            continue
        words = move_comment(game, node, review, coach)
        if node.comment.endswith(words):
            continue  # a record written with its review, read back and written again
        comment = f"{node.comment} {words}" if node.comment else words
        if len(comment) <= MAX_COMMENT_CHARS:
            node.comment = comment
            written += 1
    return written


def with_review(record: Record, marks: Mapping[int, MoveReview], coach: bool = False) -> Record:
    """``record`` with the review: each valued move's words as its comment (:func:`comment_review`;
    ``coach``: a mistake's why too) and the summary as tags. What a record could not read back is
    left out: comments beyond the move text's length, tags beyond the most a record keeps."""
    if not marks:
        return record
    game = record.to_game()
    comment_review(game, marks, coach)
    movetext = write_movetext(game, compact=True)
    if len(write_movetext(game)) > MAX_MOVETEXT_CHARS:
        movetext = record.movetext  # the comments would make the record too long to read back
    tags = {**record.tags, **summary_tags(summarize(game, marks))}
    if len(tags) > MAX_TAGS:
        tags = record.tags
    return replace(record, movetext=movetext, tags=tags)


__all__ = [
    "SUMMARY_TAGS",
    "ReviewSummary",
    "SideSummary",
    "comment_review",
    "loss_figure",
    "loss_figures",
    "move_comment",
    "move_list_review",
    "reviewed_moves",
    "summarize",
    "summary_markup",
    "summary_rows",
    "summary_tags",
    "with_review",
]
