"""Learn from your mistakes: the review's mistakes and blunders as a puzzle set (under CPython)."""

from __future__ import annotations

import asyncio

import pytest
from support import made_up_evaluations, run

from reversi import Position, Rules
from reversi.core.game import Game
from reversi.engine import api as engine_api
from reversi.engine.protocol import AnalyseRequest
from reversi.errors import NotationError
from reversi.formats.notation import move_name, parse_position, play_transcript
from reversi.i18n import set_language
from reversi.ui.controller import Controller
from reversi.ui.drivers.study import BLUNDER_DISCS, MISTAKE_DISCS, Evaluation, StudyDriver
from reversi.ui.embed.puzzle_set import MAX_PUZZLES, MAX_SET_ADDRESS, pack_position, read_puzzle_set
from reversi.ui.players import Players
from reversi.ui.practice import (
    mistake_line,
    mistakes,
    player_mistakes,
    practice_link,
    practice_query,
    practice_sides,
)

#: Black to move with ten empty squares: h2 is the only best move, b1 loses 28 discs (the solver's values).
BLUNDER_START = "--XXXX-XX-OOX-X-XOOXXOOOXOXXXOOXXOOOXOO-XOXOOX-OXOOOXXX-XOOXXXX- X"


def made_up_evals(game: Game, loss_at: dict[int, int]) -> dict[Position, Evaluation]:
    """Every main-line position valued: the move played loses ``loss_at[ply]`` discs."""
    return made_up_evaluations(game, loss_at, depth=6, others=-5000)


def test_the_players_mistakes_and_blunders_become_puzzles_of_the_position_before_them() -> None:
    game = play_transcript(Position.start(Rules()), "f5d6c3d3c4f4f6f3e6e7")
    evals = made_up_evals(game, {3: MISTAKE_DISCS, 4: MISTAKE_DISCS - 1, 7: BLUNDER_DISCS + 5, 8: 30})
    found = mistakes(game, evals)
    assert [m.ply for m in found] == [3, 7, 8]  # a loss of 3 discs is no mistake
    # the lines number the moves as the move list does (ply 8 is White's fourth move), not by ply
    assert [mistake_line(m).split(",")[0] for m in found] == ["2. Black c3", "4. Black f6", "4. White f3"]
    assert [m.kind for m in found] == ["mistake", "blunder", "blunder"]
    by_ply = {n.depth: n for n in game.main_line()}
    for m in found:
        assert m.position == by_ply[m.ply - 1].position
        assert m.played == move_name(by_ply[m.ply].move, game.rules.geometry)
        assert m.puzzle.losses[game.rules.geometry.parse_square(m.played)] == m.review.loss
        assert min(m.puzzle.losses.values()) == 0
    # whose: Black played plies 1, 3, 5, 7 (its side is 0), White 2, 4, 6, 8
    assert [m.ply for m in mistakes(game, evals, (0,))] == [3, 7]
    assert [m.ply for m in mistakes(game, evals, (1,))] == [8]
    assert practice_sides(Players()) == (0, 1)
    assert practice_sides(Players.vs_computer(human_side=1)) == (1,)
    assert practice_sides(Players.vs_computer(human_side=0)) == (0,)
    assert practice_sides(Players.computers(3, 3)) == (0, 1)
    # the set reads back: the same positions and answers, in the order played
    entries = read_puzzle_set(practice_query(found))
    assert [(p, z) for p, z in entries] == [(m.position, m.puzzle) for m in found]


def test_nothing_to_practise_before_the_review_or_without_mistakes() -> None:
    c = Controller(players=Players())
    c.load_game(play_transcript(Position.start(Rules()), "f5d6c3"))
    study = StudyDriver(c)
    study.evals.update(made_up_evals(c.game, {2: 20}))
    assert player_mistakes(c, study) == []  # the review is not shown
    study.reviewing = True
    assert [m.ply for m in player_mistakes(c, study)] == [2]
    assert mistakes(c.game, made_up_evals(c.game, {})) == []
    with pytest.raises(NotationError):
        practice_query([])
    # an evaluation that lacks a legal move's value makes no puzzle (and no error)
    evals = made_up_evals(c.game, {2: 20})
    parent = c.game.main_line()[1].position
    evals[parent].scores.pop(next(n for n in evals[parent].scores if evals[parent].scores[n] == -5000))
    assert mistakes(c.game, evals) == []


def test_a_known_blunder_is_practised_with_the_solvers_answers() -> None:
    start = parse_position(BLUNDER_START)
    c = Controller(players=Players.vs_computer(human_side=0))
    c.load_game(play_transcript(start, "b1"))

    async def ask(request: AnalyseRequest) -> dict:
        await asyncio.sleep(0)
        # time enough for the solver on a loaded machine: it stops as soon as the values are exact
        return engine_api.analyse(**{**request.to_json(), "time_limit": 20.0})

    study = StudyDriver(c, ask)
    study.reviewing = True

    async def drain() -> None:
        for _ in range(20):
            task = study.poke()
            if task is None:
                return
            await task

    run(drain())
    found = player_mistakes(c, study)
    assert len(found) == 1
    m = found[0]
    g = start.rules.geometry
    assert (m.ply, m.played, m.kind, m.position) == (1, "b1", "blunder", start)
    assert m.review.exact and m.review.loss == 28 and m.review.best == ("h2",)
    assert m.puzzle.exact and m.puzzle.losses[g.parse_square("h2")] == 0
    assert m.puzzle.losses[g.parse_square("b1")] == 28
    assert not m.puzzle.solution or m.puzzle.solution[0] == g.parse_square("h2")
    url, kept = practice_link("https://example.org/app/", found, "lang=cs")
    assert kept == found and url.startswith("https://example.org/app/?view=puzzle&") and url.endswith("&lang=cs")
    assert pack_position(start) in url
    from reversi.ui.embed.snippets import make_snippet  # the dialog's "Copy HTML"

    html = make_snippet("puzzle", "https://example.org/app/", practice_query(found), theme="light", lang="cs")
    assert html.startswith("<iframe") and "view=puzzle" in html and pack_position(start) in html and "lang=cs" in html
    # numbered as the move list numbers it, what it lost in words, and not the answer (the puzzle asks for it)
    assert mistake_line(m) == "1. Black b1, a blunder: loses 28 discs"
    set_language("cs")  # the test's language is put back by conftest
    assert mistake_line(m) == "1. Černý b1, hrubá chyba: ztrácí 28 kamenů"


def test_a_set_too_long_for_one_link_keeps_the_worst_that_fit() -> None:
    game = play_transcript(Position.start(Rules()), "f5d6c3d3c4f4f6f3e6e7")
    found = mistakes(game, made_up_evals(game, {p: 4 + p for p in range(1, 11)}))
    assert len(found) == 10
    url, kept = practice_link("https://example.org/", found)
    assert kept == found and len(url) < MAX_SET_ADDRESS
    # an app address so long that only some fit: the largest losses are kept, in the order played
    long_app = "https://example.org/" + "a" * (MAX_SET_ADDRESS - len(url) + 200) + "/"
    url, kept = practice_link(long_app, found)
    assert 1 <= len(kept) < len(found) and len(url) <= MAX_SET_ADDRESS
    assert [m.ply for m in kept] == sorted(m.ply for m in kept)
    assert min(m.review.loss for m in kept) >= max(m.review.loss for m in found if m not in kept)
    # at most MAX_PUZZLES: a long 16x16 game where every move lost 5 discs or more
    big = Game(rules=Rules(size=16))
    while not big.is_over and big.ply < 2 * MAX_PUZZLES + 20:
        big.play(big.position.legal_moves()[big.ply % len(big.position.legal_moves())])
    many = mistakes(big, made_up_evals(big, {p: 5 + p % 7 for p in range(1, big.ply + 1)}))
    assert len(many) == MAX_PUZZLES
    assert [m.ply for m in many] == sorted(m.ply for m in many)
    assert min(m.review.loss for m in many) >= 5
