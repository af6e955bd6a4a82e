"""The engine's study of a game: analysis slices, the evaluation graph, the review (under CPython)."""

from __future__ import annotations

import asyncio
import xml.etree.ElementTree as ET

import pytest
from support import run

from reversi import Position, Rules
from reversi.engine import api as engine_api
from reversi.engine.protocol import AnalyseRequest
from reversi.formats.notation import play_transcript
from reversi.ui.controller import Controller
from reversi.ui.drivers.study import (
    ANALYSIS_SLICES,
    BLUNDER_DISCS,
    SLICE_SECONDS,
    Evaluation,
    StudyDriver,
    analysis_text,
    final_value,
    review_marks,
    value_text,
)
from reversi.ui.graph import render_graph
from reversi.ui.players import Players


def engine(calls: list):
    async def ask(request: AnalyseRequest) -> dict:
        calls.append(request)
        await asyncio.sleep(0)
        return engine_api.analyse(**request.to_json())

    return ask


def drain(driver: StudyDriver, limit: int = 200) -> int:
    """Poke the driver until it has nothing to do; the number of requests it made."""

    async def go() -> int:
        n = 0
        while n < limit:
            task = driver.poke()
            if task is None:
                return n
            await task
            n += 1
        return n

    return run(go())


def controller(moves: str) -> Controller:
    c = Controller(players=Players())
    c.load_game(play_transcript(Position.start(Rules()), moves))
    return c


def test_the_graph_evaluates_every_position_of_the_main_line_once_in_short_slices() -> None:
    c = controller("f5d6c3d3c4f4")
    calls: list = []
    driver = StudyDriver(c, engine(calls))
    assert drain(driver) == 7  # the start and six moves, one slice each
    assert all(a.limits.seconds == SLICE_SECONDS for a in calls)
    points = driver.graph_points()
    assert [p for p, _, _ in points] == list(range(7)) and all(v is not None for _, v, _ in points)
    assert drain(driver) == 0  # nothing left to do
    svg = ET.fromstring(render_graph(points, current=6))
    assert svg.get("id") == "eval-graph" and len(svg.findall(".//*[@data-ply]")) == 7
    assert "current" in svg.find(".//*[@data-ply='6']").get("class")


def test_analysis_deepens_the_position_shown_until_exact_or_enough() -> None:
    c = controller("f5d6c3d3c4f4")
    calls: list = []
    driver = StudyDriver(c, engine(calls))
    driver.graphing = False
    driver.analysing = True
    first = drain(driver, limit=3)
    assert first == 3 and all(a.moves == "f5d6c3d3c4f4" for a in calls)
    e = driver.analysis()
    assert e is not None and e.slices == 3 and e.pv and e.pv[0] in e.best and e.depth >= 3
    text = analysis_text(e, c.position)
    assert text.startswith("Best for Black: " + e.pv[0]) and f"depth {e.depth}" in text


@pytest.mark.parametrize(
    "language, variant, moves, expected",
    [
        ("cs", "othello", "", "Nejlepší pro Černého: f5 d6 · +2,5 · hloubka 7"),
        ("cs", "othello", "f5", "Nejlepší pro Bílého: f5 d6 · +2,5 · hloubka 7"),
        ("cs", "classic", "d4", "Nejlepší pro Červeného: f5 d6 · +2,5 · hloubka 7"),
        ("pl", "othello", "", "Najlepsze dla Czarnych: f5 d6 · +2,5 · głębokość 7"),
        ("pl", "othello", "f5", "Najlepsze dla Białych: f5 d6 · +2,5 · głębokość 7"),
        ("pl", "classic", "d4", "Najlepsze dla Czerwonych: f5 d6 · +2,5 · głębokość 7"),
        ("da", "othello", "f5", "Bedst for Hvid: f5 d6 · +2,5 · dybde 7"),
        ("en", "classic", "d4", "Best for Red: f5 d6 · +2.5 · depth 7"),
    ],
)
def test_the_analysis_names_the_side_in_the_form_its_language_needs_there(language, variant, moves, expected) -> None:
    """Not "pro Černý" or "dla strony Czarne": after "for", Czech and Polish write the name in another case."""
    from reversi import i18n

    position = play_transcript(Position.start(Rules(variant)), moves).position
    e = Evaluation(scores={"f5": 250}, best=["f5"], pv=["f5", "d6"], depth=7)  # the moves are only words here
    i18n.set_language(language)
    assert analysis_text(e, position) == expected
    exact = Evaluation(scores={"f5": 200}, best=["f5"], pv=["f5"], depth=7, exact=True)
    assert analysis_text(exact, position).startswith(expected.split(":")[0] + ": f5 · +2 (")


def test_every_sides_name_has_its_best_for_message() -> None:
    from reversi.core.rules import VARIANTS
    from reversi.ui.drivers.study import BEST_FOR

    assert {name for v in VARIANTS.values() for name in v.side_names} == set(BEST_FOR)


def test_near_the_end_the_values_are_exact() -> None:
    # a random game's position with 12 empty squares left: the solver has it within the
    # analysis' slices (about 0.2 s of CPU; a slice is wall time, and CI's machine is shared)
    import random

    from reversi.core.game import Game

    rng = random.Random(7)
    game = Game(Rules())
    while game.position.empty.bit_count() > 12 and not game.position.is_over:
        game.play(rng.choice(game.position.legal_moves()))
    c = Controller(players=Players())
    c.load_game(game)
    driver = StudyDriver(c, engine([]))
    driver.graphing = False
    driver.analysing = True
    spent = drain(driver, limit=ANALYSIS_SLICES)
    e = driver.analysis()
    assert c.position.empty.bit_count() <= 14 and e is not None and e.exact
    assert spent < ANALYSIS_SLICES  # it stopped because the value is exact, not for want of slices


def test_the_review_finds_a_known_blunder() -> None:
    # Black gives White the corner: after f5 d6 c3 d3 c4 f4 f6 f3 e6 e7, Black to move;
    # find a move that hands over a corner or loses at least BLUNDER_DISCS by the engine's own values
    c = controller("f5d6c3d3c4f4f6f3e6e7")
    driver = StudyDriver(c, engine([]))
    drain(driver)
    e = driver.evals[c.position]
    worst = min(e.scores, key=lambda m: e.scores[m])
    assert (e.value - e.scores[worst]) / 100 >= BLUNDER_DISCS
    c.click(worst)
    drain(driver)
    marks = review_marks(c.game, driver.evals)
    review = marks[c.game.live.depth]
    assert review.kind == "blunder" and review.loss >= BLUNDER_DISCS and review.best == tuple(e.best)
    # a best move is no mistake
    best_plies = [r for r in marks.values() if r.loss == 0]
    assert best_plies and all(r.kind == "" for r in best_plies)
    svg = ET.fromstring(render_graph(driver.graph_points(), c.game.ply, marks))
    assert "blunder" in svg.find(f".//*[@data-ply='{review.ply}']").get("class")


def test_values_are_drawn_from_blacks_side_and_anti_counts_fewer_discs() -> None:
    over = play_transcript(Position.start(Rules(size=4)), "").position
    assert final_value(over) == 0 or over.is_over is False
    anti_rules = Rules(anti=True)
    pos = Position.start(anti_rules)
    assert final_value(pos) == 0  # two discs each
    assert value_text(250, False) == "+2.5" and value_text(-600, True) == "\u22126" and value_text(0, True) == "0"
    assert "Anti" in render_graph([(0, 0, False)], 0, anti=True)


def test_an_engine_error_is_kept_not_retried_for_ever() -> None:
    c = controller("f5")

    async def broken(args: dict) -> dict:
        return {"error": "no"}

    driver = StudyDriver(c, broken)
    driver.analysing = True
    driver.graphing = False
    assert drain(driver, limit=50) == 1
    e = driver.analysis()
    assert isinstance(e, Evaluation) and e.error == "no" and "no" in analysis_text(e, c.position)


def _game_with_passes_near_the_end(rules: Rules):
    """A played-out game whose main line has positions where the side to move must pass, near
    enough the end that every value is exact (the engine solves them)."""
    from support import find_game_with_pass

    from reversi.core.game import Game
    from reversi.core.position import PASS

    moves = find_game_with_pass(rules)
    game = Game(start=Position.start(rules))
    for move in moves:
        game.play(move)
    while not game.position.is_over:  # played out: the game's end is in the graph too
        legal = game.position.legal_moves()
        game.play(legal[0] if legal else PASS)
    return game


def test_positions_that_must_pass_take_the_value_of_the_position_after_the_pass() -> None:
    """The graph, the analysis and the review agree at passes (no sign flips) and end on the final
    score, in Othello and in Anti; estimates are held to what the board allows."""
    from reversi.ui.drivers.study import evaluated, held_to_board

    for rules in (Rules(), Rules(anti=True)):
        game = _game_with_passes_near_the_end(rules)
        passing = [n for n in game.main_line() if n.position.must_pass]
        assert passing, "the game has a pass"
        c = Controller(players=Players())
        c.load_game(game)
        calls: list = []

        async def quick(request: AnalyseRequest, calls: list = calls) -> dict:  # short slices: signs matter here
            calls.append(request)
            await asyncio.sleep(0)
            return engine_api.analyse(**{**request.to_json(), "time_limit": 0.005})

        driver = StudyDriver(c, quick)
        drain(driver, limit=400)
        asked = {r.position() for r in calls}
        assert all(not p.must_pass for p in asked)
        points = dict((ply, (v, exact)) for ply, v, exact in driver.graph_points())
        for node in passing:
            after = node.children[0]  # the pass
            if points[after.depth][0] is None:
                continue
            assert points[node.depth] == points[after.depth], (rules, node.depth)
            e = driver.evals[evaluated(node.position)]
            text = analysis_text(e, node.position)
            side = rules.display_side_names()[after.position.turn]
            assert f"Best for {side}" in text  # the side that moves, not the one that passes
        last = game.main_line()[-1]
        final = last.position.result()
        assert final is not None and points[last.depth][0] is not None
        # the graph's end is the final margin from Black's side (in Anti, fewer discs is better)
        margin = last.position.count(0) - last.position.count(1)
        assert points[last.depth] == (100 * (-margin if rules.anti else margin), True)
        assert held_to_board(last.position, 10_000 * 64) == 100 * 64
        assert held_to_board(last.position, -999_999) == -6400


def test_the_reviews_mistakes_and_blunders_stand_out_on_the_graph() -> None:
    from reversi.ui.drivers.study import MoveReview

    points = [(ply, 100 * (ply % 3), True) for ply in range(8)]
    marks = {3: MoveReview(3, 4, True, ("d3",)), 5: MoveReview(5, 12, True, ("c4",)), 6: MoveReview(6, 0, True, ())}
    svg = ET.fromstring(render_graph(points, current=1, marks=marks))
    circles = svg.findall("{http://www.w3.org/2000/svg}circle") or svg.findall("circle")
    by_ply = {c.get("data-ply"): c for c in circles}
    assert "mistake" in by_ply["3"].get("class") and "blunder" in by_ply["5"].get("class")
    assert "mistake" not in by_ply["6"].get("class") and "blunder" not in by_ply["6"].get("class")
    plain = float(by_ply["2"].get("r"))
    assert float(by_ply["3"].get("r")) > plain and float(by_ply["5"].get("r")) > plain
    assert by_ply["3"].find("title").text.endswith("mistake") and by_ply["5"].find("title").text.endswith("blunder")
    order = [c.get("data-ply") for c in circles]
    assert order[-2:] == ["3", "5"]  # drawn over their neighbours


def test_the_analysis_gives_the_lines_asked_for_and_asks_again_for_more() -> None:
    from reversi.core.stability import mobility, stable_discs
    from reversi.engine.protocol import MAX_LINES, AnalysisReply
    from reversi.errors import EngineRequestError
    from reversi.ui.drivers.study import bar_share, counts_text, other_lines

    c = controller("f5d6c3d3c4f4")
    calls: list = []
    driver = StudyDriver(c, engine(calls))
    driver.graphing = False
    driver.analysing = True
    driver.lines = 1
    run_once = lambda: drain(driver, limit=1)  # noqa: E731
    run_once()
    e = driver.analysis()
    assert e is not None and len(e.lines) == 1 and e.lines[0] == e.pv and other_lines(e, c.position) == []
    driver.lines = 3
    assert driver.next_job() is c.game.current  # more lines wanted: asked again at once
    run_once()
    assert calls[-1].lines == 3
    e = driver.analysis()
    assert len(e.lines) == 3 and len({line[0] for line in e.lines}) == 3
    assert [e.scores[line[0]] for line in e.lines] == sorted((e.scores[line[0]] for line in e.lines), reverse=True)
    assert e.lines[0][0] in e.best
    texts = other_lines(e, c.position)
    assert len(texts) == 2 and all(" · " in t for t in texts)
    assert texts[0].startswith(" ".join(e.lines[1]))
    # the graph's positions ask for one line only
    driver.analysing, driver.graphing = False, True
    drain(driver, limit=3)
    assert all(call.lines == 1 for call in calls[2:])
    # the counts, the bar
    black_moves, white_moves = mobility(c.position)
    assert counts_text(c.position) == (f"Moves: Black {black_moves}, White {white_moves} · Stable discs: Black "
                                       f"{stable_discs(c.position)[0].bit_count()}, White "
                                       f"{stable_discs(c.position)[1].bit_count()}")
    assert bar_share(c.position, 0) == 0.5 and bar_share(c.position, 6400) == 1.0 and bar_share(c.position, -10**6) == 0
    assert 0.5 < bar_share(c.position, 400) < 0.6
    # the wire: lines 1 to MAX_LINES, a reply's lines must start with a valued move
    for bad in (0, MAX_LINES + 1, "2", True):
        with pytest.raises(EngineRequestError, match="lines"):
            AnalyseRequest(lines=bad)
    assert AnalysisReply.from_json({"scores": {"f4": 1}, "lines": [["f4", "e3"]]}).lines == (("f4", "e3"),)
    for lines in ([["c4"]], [[]], "f4", [["f4"]] * (MAX_LINES + 1), [[1]]):
        with pytest.raises(EngineRequestError):
            AnalysisReply.from_json({"scores": {"f4": 1}, "lines": lines})


def test_the_graph_has_a_scale_in_discs_and_names_its_points_as_the_move_list_does() -> None:
    from reversi.ui.graph import graph_names, lead_text, point_text

    game = play_transcript(Position.start(Rules()), "f5d6c3d3c4f4f6f3e6e7g2")
    points = [(ply, -2000 if ply == 11 else 50 * ply, ply == 11) for ply in range(12)]
    svg = ET.fromstring(render_graph(points, current=11, names=graph_names(game), looked=4))
    scale = [t.text for t in svg.iter() if t.get("class") == "scale"]
    assert scale == ["Black +32 discs", "White +32 discs"]  # 20 discs need the scale of 32 (8, 16, 32, ...)
    titles = {c.get("data-ply"): c.find("title").text for c in svg.iter() if c.get("data-ply")}
    assert titles["11"] == "6. Black g2: White +20 (exact)" and titles["4"] == "2. White d3: Black +2.0"
    assert titles["0"] == "Start: even"
    assert "looked" in next(c for c in svg.iter() if c.get("data-ply") == "4").get("class")
    assert lead_text(-250, False, ("Black", "White")) == "White +2.5" and lead_text(3, False, ("B", "W")) == "even"
    assert point_text("6. Black g2", None, False, "", ("Black", "White")) == "6. Black g2: not valued yet"
    assert point_text("6. Black g2", -2000, False, "blunder", ("Black", "White")) == "6. Black g2: White +20 · blunder"
