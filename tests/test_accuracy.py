"""The review in figures (reversi/ui/accuracy.py), under CPython: each side's average loss, mistakes,
blunders and best moves from constructed reviews (passes, a set-up start, Anti, a side with no move
valued, a review still running), the move list's figures and accessible names, the summary's table,
and the review in a ``.rev`` record, read back."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from support import find_game_with_pass, made_up_evaluations

from reversi import Position, Rules
from reversi.core.game import Game
from reversi.core.position import PASS
from reversi.core.rules import WHITE
from reversi.formats.notation import parse_position, play_transcript, position_to_string
from reversi.formats.record import MAX_TAGS, read_record
from reversi.i18n import set_language
from reversi.ui.accuracy import (
    ReviewSummary,
    SideSummary,
    loss_figure,
    loss_figures,
    move_list_review,
    summarize,
    summary_markup,
    summary_rows,
    summary_tags,
)
from reversi.ui.drivers.study import BLUNDER_DISCS, MISTAKE_DISCS, Evaluation, MoveReview, review_marks
from reversi.ui.move_list import render_move_list
from reversi.ui.records import record_text

#: Black's g2 at ply 11 (move 6) hands White the h1 corner; Black plays the odd plies.
GAME = "f5d6c3d3c4f4f6f3e6e7g2"


def review(ply: int, loss: int, played: str = "b4", best: str = "c3") -> MoveReview:
    return MoveReview(ply, loss, False, (played,) if loss == 0 else (best,), played)


def valued(game: Game, losses: dict[int, int]) -> dict[Position, Evaluation]:
    """Every main-line position valued: the move played at ply ``p`` loses ``losses[p]`` discs."""
    return made_up_evaluations(game, losses)


def test_each_side_s_average_mistakes_blunders_and_best_moves() -> None:
    game = play_transcript(Position.start(Rules()), GAME)  # Black 6 moves, White 5
    marks = {1: review(1, 0), 3: review(3, 2), 5: review(5, MISTAKE_DISCS), 11: review(11, 14),
             2: review(2, 0), 4: review(4, 1)}
    summary = summarize(game, marks)
    black, white = summary.sides
    assert black == SideSummary(moves=6, valued=4, lost=20, best=1, mistakes=1, blunders=1)
    assert white == SideSummary(moves=5, valued=2, lost=1, best=1)
    assert black.average == 5.0 and black.best_share == 0.25 and white.average == 0.5
    assert (summary.moves, summary.valued, summary.complete) == (11, 6, False)
    rows = summary_rows(summary)
    assert rows == [
        ("Average loss (discs)", "5.0", "0.5"),
        ("Best moves", "1\u00a0of\u00a04 (25%)", "1\u00a0of\u00a02 (50%)"),
        ("Mistakes", "1", "0"),
        ("Blunders", "1", "0"),
    ]
    # the thresholds are the review's: just under a mistake is none, a blunder is not also a mistake
    edge = summarize(game, {1: review(1, MISTAKE_DISCS - 1), 3: review(3, BLUNDER_DISCS)}).sides[0]
    assert (edge.mistakes, edge.blunders) == (0, 1)


def test_a_side_with_no_move_valued_and_a_review_still_running() -> None:
    game = play_transcript(Position.start(Rules()), GAME)
    summary = summarize(game, {11: review(11, 14)})
    assert summary.sides[1] == SideSummary(moves=5)
    assert summary.sides[1].average is None and summary.sides[1].best_share is None
    assert [row[2] for row in summary_rows(summary)] == ["\u2013"] * 4  # a dash, not a zero
    table = ET.fromstring(f"<div>{summary_markup(summary, ('Black', 'White'))}</div>")
    assert table.findtext(".//caption") == "The review in figures"
    assert [th.text for th in table.findall(".//thead/tr/th")] == ["Black", "White"]
    assert table.findtext(".//p[@class='summary-progress']") == "1 of 11 moves valued so far"
    assert summary_tags(summary) == {"BlackMovesValued": "1", "BlackAverageLoss": "14.0", "BlackBestMoves": "0",
                                     "BlackMistakes": "0", "BlackBlunders": "1"}  # White's: none
    # a game without moves: nothing to value, nothing running
    empty = summarize(Game(Rules()), {})
    assert (empty.moves, empty.complete) == (0, False) and "summary-progress" not in summary_markup(
        empty, ("Black", "White"))
    # every move valued: complete, no progress line
    done = summarize(game, review_marks(game, valued(game, {11: 14})))
    assert done.complete and done.valued == 11 and "summary-progress" not in summary_markup(done, ("Black", "White"))


def test_passes_are_no_one_s_move_and_a_white_start_counts_white_first() -> None:
    rules = Rules()
    game = Game(rules)
    game.play_all(find_game_with_pass(rules))
    assert game.current.move == PASS
    summary = summarize(game, review_marks(game, valued(game, {})))
    moves = [n for n in game.main_line()[1:] if n.move != PASS]
    assert summary.moves == len(moves) == summary.valued < len(game.main_line()) - 1
    for side in (0, 1):  # each move is its player's, whatever the pass did to the plies' order
        assert summary.sides[side].moves == sum(1 for n in moves if n.parent.position.turn == side)
    # a set-up position with White to move: White's is the first move
    start = Position.start(rules)
    white_first = parse_position(position_to_string(start)[:-1] + "O", rules)
    assert white_first.turn == WHITE
    game = Game(start=white_first)
    game.play_all(white_first.legal_moves()[:1])
    summary = summarize(game, {1: review(1, 3)})
    assert summary.sides[1] == SideSummary(moves=1, valued=1, lost=3) and summary.sides[0] == SideSummary()


def test_anti_is_measured_as_the_review_measures_it() -> None:
    game = play_transcript(Position.start(Rules(anti=True)), "f5d6c3")
    marks = review_marks(game, valued(game, {2: 5}))
    summary = summarize(game, marks)
    assert summary.anti and summary.sides[1] == SideSummary(moves=1, valued=1, lost=5, mistakes=1)
    assert summary_rows(summary)[0] == ("Average cost (discs)", "0.0", "5.0")  # fewer discs win: no "loss"
    words = move_list_review(game, marks)
    assert words[2] == ("mistake", f"a mistake: ends about 5 discs worse; {marks[2].best[0]} was best")


def test_the_move_list_shows_every_valued_move_s_loss_and_says_it() -> None:
    game = play_transcript(Position.start(Rules()), GAME)
    marks = review_marks(game, valued(game, {3: 2, 11: 14}))
    del marks[9]  # not valued yet
    assert loss_figure(marks[11]) == "\u221214" and loss_figure(marks[10]) == "0"
    markup = render_move_list(game, ("Black", "White"), move_list_review(game, marks), loss_figures(marks))
    listing = ET.fromstring(f"<div>{markup}</div>")

    def ply(n: int) -> ET.Element:
        found = listing.find(f".//*[@data-ply='{n}']")
        assert found is not None
        return found

    best = marks[11].best[0]
    assert ply(11).get("aria-label") == f"6. Black g2, a blunder: loses about 14 discs; {best} was best"
    assert "blunder" in str(ply(11).get("class"))
    assert ply(3).get("aria-label") == f"2. Black c3, loses about 2 discs; {marks[3].best[0]} was best"
    assert "mistake" not in str(ply(3).get("class")) and "blunder" not in str(ply(3).get("class"))
    assert ply(10).get("aria-label") == "5. White e7, the best move"
    assert ply(9).get("aria-label") == "5. Black e6"  # not valued: the move alone, no figure
    assert ply(9).find("span") is None
    figure = ply(11).find("span[@class='loss']")
    assert figure is not None and figure.text == "\u221214" and figure.get("aria-hidden") == "true"
    assert "".join(ply(10).itertext()) == "e70"  # the move, then its figure
    # without the review: the list as it was
    plain = ET.fromstring(f"<div>{render_move_list(game)}</div>")
    assert plain.find(".//span[@class='loss']") is None


def test_the_figures_are_written_the_page_s_language_s_way() -> None:
    game = play_transcript(Position.start(Rules()), GAME)
    summary = summarize(game, {1: review(1, 2), 3: review(3, 1), 5: review(5, 0), 2: review(2, 0)})
    set_language("cs")  # the test's language is put back by conftest
    rows = summary_rows(summary)
    assert rows[0][1] == "1,0" and rows[1][2] == "1\u00a0z\u00a01 (100\u00a0%)"
    set_language("pl")
    assert summary_rows(summary)[1][1] == "1\u00a0z\u00a03 (33%)"
    set_language("da")
    assert summary_rows(summary)[0][1] == "1,0"


def test_a_record_with_the_review_reads_back() -> None:
    game = play_transcript(Position.start(Rules()), GAME)
    game.set_comment(game.main_line()[2], "the usual reply")
    marks = review_marks(game, valued(game, {3: 2, 11: 14}))
    del marks[10]  # a move not valued: no comment
    plain = record_text(game)
    assert "best" not in plain and "AverageLoss" not in plain  # off unless asked
    assert record_text(game, review={}) == plain
    text = record_text(game, review=marks)
    assert '[BlackAverageLoss "2.7"]' in text and '[WhiteBestMoves "4"]' in text and '[WhiteMistakes "0"]' in text
    back = read_record(text)
    read = back.to_game()
    assert read.moves == game.moves
    comments = {n.depth: n.comment for n in read.main_line()[1:]}
    best = marks[11].best[0]
    assert comments[11] == f"a blunder: loses about 14 discs; {best} was best"
    assert comments[1] == "the best move" and comments[10] == ""
    assert comments[2] == "the usual reply the best move"  # a comment of the game's own comes first
    assert read.tags["BlackBlunders"] == "1" and read.tags["BlackMovesValued"] == "6"
    # written again with its review (read back, say): nothing said twice
    again = record_text(read, review=marks)
    assert again == text
    # the tags a record may keep are not exceeded: then the review's tags are left out, the file still reads
    game.tags = {f"Note{k}": "x" for k in range(MAX_TAGS - 3)}
    crowded = record_text(game, review=marks)
    assert "AverageLoss" not in crowded and "{a blunder" in crowded
    assert read_record(crowded).to_game().moves == game.moves


def test_an_anti_record_and_a_summary_of_nothing() -> None:
    game = play_transcript(Position.start(Rules(anti=True)), "f5d6c3")
    marks = review_marks(game, valued(game, {2: 5}))
    text = record_text(game, review=marks)
    assert "ends about 5 discs worse" in text and '[WhiteAverageLoss "5.0"]' in text
    assert read_record(text).rules.anti
    assert summary_tags(ReviewSummary((SideSummary(moves=3), SideSummary(moves=2)))) == {}


# -- the review in a teacher's viewer ----------------------------------------------------------------


def test_a_viewer_s_comments_take_the_review_and_the_coach_s_why_of_each_mistake() -> None:
    from reversi.ui.accuracy import comment_review, move_comment
    from reversi.ui.embed.snippets import game_query, reviewed_query
    from reversi.ui.embed.viewer import Viewer
    from reversi.ui.review import coach_words

    game = play_transcript(Position.start(Rules()), GAME)
    marks = review_marks(game, valued(game, {11: 14, 4: 2}))
    g2 = game.main_line()[11]
    why = coach_words(game, g2, marks[11])
    assert why and why[0].startswith("g2 is diagonally next to the empty corner h1")
    game.main_line()[3].comment = "A quiet move."
    before = [node.comment for node in game.nodes()]
    plain = game_query(game, game.current, True)
    query, left = reviewed_query(game, game.current, True, marks)
    assert left == "" and query != plain
    assert [node.comment for node in game.nodes()] == before  # the game itself is left as it was
    shown = Viewer.from_query("?view=embed&" + query).game
    comments = {node.depth: node.comment for node in shown.main_line()}
    assert comments[11] == move_comment(game, g2, marks[11], coach=True)
    assert comments[11].startswith("a blunder: loses about 14 discs; c2 was best. ") and comments[11].endswith(why[-1])
    assert comments[4] == "loses about 2 discs; " + marks[4].best[0] + " was best"  # not a mistake: no why
    assert comments[3] == "A quiet move. the best move"  # after the move's own comment
    assert comments[1] == "the best move"
    # written again over the same game, nothing is said twice
    copy = Viewer.from_query("?view=embed&" + query).game
    assert comment_review(copy, review_marks(copy, valued(copy, {11: 14, 4: 2})), coach=True) == 0


def test_a_review_that_would_make_the_viewer_s_link_too_long_is_left_out() -> None:
    from reversi.formats.links import MAX_QUERY_CHARS
    from reversi.ui.embed.snippets import LEFT_REVIEW, MARGIN_CHARS, game_query, reviewed_query

    game = play_transcript(Position.start(Rules()), GAME)
    marks = review_marks(game, valued(game, {11: 14}))
    room = MAX_QUERY_CHARS - MARGIN_CHARS - len(game_query(game, game.current, True))
    for node in game.main_line()[1:]:
        node.comment = "x" * (room // 11 - 12)  # the game's own comments fill the link
    plain = game_query(game, game.current, True)
    assert len(plain) <= MAX_QUERY_CHARS - MARGIN_CHARS
    query, left = reviewed_query(game, game.current, True, marks)
    assert (query, left) == (plain, LEFT_REVIEW)


def test_the_why_goes_first_where_the_review_alone_fits_the_viewer_s_link() -> None:
    from reversi.formats.links import MAX_QUERY_CHARS
    from reversi.ui.accuracy import comment_review
    from reversi.ui.embed.snippets import LEFT_WHY, MARGIN_CHARS, game_query, reviewed_query

    def game_with(pad: int) -> Game:
        """The test game, its own comments ``pad`` characters in all (on the moves before g2), each
        six in the link (an "é" is written %C3%A9)."""
        game = play_transcript(Position.start(Rules()), GAME)
        for node in game.main_line()[1:10]:
            node.comment = "\u00e9" * min(pad, 1_500)
            pad -= len(node.comment)
        return game

    marks = review_marks(game_with(0), valued(game_with(0), {11: 14}))

    def length(pad: int, coach: bool) -> int:
        game = game_with(pad)
        comment_review(game, marks, coach)
        return len(game_query(game, game.current, True))

    room = MAX_QUERY_CHARS - MARGIN_CHARS
    # the review alone just fits; with the coach's why it would not
    pad = (room - length(0, coach=False)) // 6
    while length(pad, coach=False) > room:
        pad -= 1
    assert length(pad, coach=False) <= room < length(pad, coach=True)
    game = game_with(pad)
    query, left = reviewed_query(game, game.current, True, marks)
    assert left == LEFT_WHY and "diagonally" not in query and len(query) <= room
    assert query != game_query(game, game.current, True)  # the review is in
