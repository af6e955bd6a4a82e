"""Lines shown on the board (reversi/ui/lines.py): played out, numbered, said, chosen, under CPython."""

from __future__ import annotations

from dataclasses import replace

from reversi import Position, Rules
from reversi.core.game import Game
from reversi.drawing.render import render_board
from reversi.formats.notation import play_transcript
from reversi.ui.controller import Controller
from reversi.ui.drivers.study import Evaluation, other_lines
from reversi.ui.lines import (
    BETTER,
    FOCUS,
    HOVER,
    TAP,
    Line,
    LinePreview,
    analysis_moves,
    analysis_source,
    better_line,
    line_of,
)
from reversi.ui.players import Players

NAMES = ("Black", "White")
#: Black's a3 here leaves White no move: Black plays on (a1).
BEFORE_PASS = "f5f4d3f6g7c5g4h8d6e7d7h3b6c3g5d2g3d8f7h4e3f8f3h2h5g6h1b4e6a7b3f2h6b2"


def start() -> Position:
    return Position.start(Rules())


def test_a_line_is_numbered_by_the_discs_it_places_in_the_colours_of_their_sides() -> None:
    line = Line.play(start(), ["f5", "d6", "c3"])
    assert line.discs() == (("f5", 1, 0), ("d6", 2, 1), ("c3", 3, 0))
    assert line.words(NAMES) == "Line: 1. Black f5, 2. White d6, 3. Black c3"
    white = play_transcript(start(), "f5").position
    assert Line.play(white, ["d6", "c3"]).discs() == (("d6", 1, 1), ("c3", 2, 0))  # from the position shown


def test_the_colours_follow_the_passes_named_or_not() -> None:
    position = play_transcript(start(), BEFORE_PASS).position
    assert position.turn == 0
    for moves in (["a3", "a1"], ["a3", "pass", "a1"]):  # the engine may leave the forced pass out
        line = Line.play(position, moves)
        assert line.discs() == (("a3", 1, 0), ("a1", 2, 0)), moves
        assert line.words(NAMES) == "Line: 1. Black a3, White passes, 2. Black a1"
    assert Line.play(position, ["pass", "a3"]).discs() == ()  # Black has moves: no pass


def test_a_line_ends_at_a_move_that_cannot_be_played() -> None:
    assert Line.play(start(), ["f5", "f5", "c3"]).discs() == (("f5", 1, 0),)
    assert Line.play(start(), ["f5", "zz", "c3"]).discs() == (("f5", 1, 0),)
    assert Line.play(start(), ["a1"]).discs() == () and not Line.play(start(), ["a1"])
    assert not Line.play(start(), [])


def evaluation(scores: dict[str, int], lines: list[list[str]], **more) -> Evaluation:
    best = max(scores.values())
    return Evaluation(scores=scores, best=[k for k, v in scores.items() if v == best], pv=lines[0] if lines else [],
                      depth=6, lines=lines, **more)


def test_the_analysis_lines_are_those_the_study_bar_shows() -> None:
    position = start()
    e = evaluation({"f5": 0, "d3": 0, "c4": -100}, [["f5", "d6"], ["d3", "c3", "c4"], ["zz"], ["c4"]])
    moves = analysis_moves(e, position)
    assert moves == [["f5", "d6"], ["d3", "c3", "c4"], ["c4"]]  # a line without a value is not shown
    assert len(moves) - 1 == len(other_lines(e, position))
    assert analysis_moves(None, position) == [] and analysis_moves(Evaluation(error="x"), position) == []
    assert analysis_moves(Evaluation(best=["f5"]), position) == []  # no value yet
    game = Game(Rules())
    assert line_of(analysis_source(2), game, e, {}, False).discs() == (("d3", 1, 0), ("c3", 2, 1), ("c4", 3, 0))
    assert line_of("analysis-1", game, e, {}, False).discs() == (("f5", 1, 0), ("d6", 2, 1))
    for source in ("analysis-4", "analysis-0", "analysis-x", "other", BETTER):
        assert line_of(source, game, e, {}, False) is None, source
    assert line_of("analysis-1", game, None, {}, False) is None  # the analysis is off


def reviewed(pv: list[str], lines: list[list[str]]) -> tuple[Game, dict]:
    """Black's d3 lost 8 discs against f5 (the engine's values of the start); d3 is shown."""
    c = Controller(players=Players())
    c.click("d3")
    e = evaluation({"f5": 300, "d3": -500, "c4": 0, "e6": 0}, lines)
    e = replace(e, pv=pv)
    return c.game, {start(): e}


def test_the_better_move_line_starts_before_the_move_played() -> None:
    game, evals = reviewed(["f5", "d6", "c3"], [["f5", "d6", "c3"]])
    line = better_line(game, evals)
    assert line is not None and line.start == start()
    assert line.discs() == (("f5", 1, 0), ("d6", 2, 1), ("c3", 3, 0))
    assert line_of(BETTER, game, None, evals, True) == line
    assert line_of(BETTER, game, None, evals, False) is None  # the review is not shown
    # the engine's line is another move's: the better move alone
    game, evals = reviewed(["c4", "c3"], [["c4", "c3"]])
    assert better_line(game, evals).discs() == (("f5", 1, 0),)
    # a move that lost nothing has no better move
    game, evals = reviewed(["f5"], [["f5"]])
    evals[start()].scores["d3"] = 300
    assert better_line(game, evals) is None
    assert better_line(Game(Rules()), {}) is None


def test_the_last_way_asked_is_shown_and_a_tap_belongs_to_its_position() -> None:
    p = LinePreview()
    here, there = start(), play_transcript(start(), "f5").position
    assert p.shown(here) is None
    assert p.hold(FOCUS, "analysis-1") and not p.hold(FOCUS, "analysis-1")
    assert p.hold(HOVER, "analysis-2") and p.shown(here) == "analysis-2"
    assert p.release(HOVER) and p.shown(here) == "analysis-1"  # the focus still asks for its line
    assert not p.release(FOCUS, "analysis-2") and p.release(FOCUS, "analysis-1") and p.shown(here) is None
    assert p.tap("analysis-2", here) and p.shown(here) == "analysis-2"
    assert p.shown(there) is None  # another position: the tapped line went with its own
    assert p.tap("analysis-2", here) and p.shown(here) is None  # a second tap takes it away
    assert p.tap("better", here) and p.tap("analysis-1", here) and p.shown(here) == "analysis-1"
    assert p.release(TAP) and not p.release(TAP)


def test_a_line_drawn_leaves_the_last_move_at_rest_until_the_next_intent() -> None:
    c = Controller(players=Players())
    c.click("f5")
    view = c.board_view()
    p = LinePreview()
    line = Line.play(c.position, ["d6", "c3"])
    assert p.draw(view, None, moved=True) == view  # no line: as it was
    shown = p.draw(view, line, moved=False)
    assert shown.line == (("d6", 1, 1), ("c3", 2, 0)) and shown.still
    svg = render_board(shown)
    assert 'data-line-move="1"' in svg and "disc flip" not in svg
    gone = p.draw(view, None, moved=False)  # taken away: still at rest, nothing replays
    assert gone.still and not gone.line
    assert p.draw(view, None, moved=False).still  # nor a later redraw for the engine
    assert p.draw(view, None, moved=True) == view  # the next intent
