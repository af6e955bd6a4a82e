"""The move list (reversi/ui/move_list.py): rows, markup and navigation, under CPython."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

from hypothesis import given, settings
from hypothesis import strategies as st
from support import find_game_with_pass

from reversi import PASS, Game, Rules
from reversi.core.position import Position
from reversi.formats.notation import play_transcript
from reversi.ui.move_list import as_text, is_stop, render_move_list, rows, step, stop_at, target_for_key


def game_of(text: str, rules: Rules | None = None) -> Game:
    return play_transcript(Position.start(rules or Rules()), text)


def markup(game: Game) -> ET.Element:
    return ET.fromstring(f"<div>{render_move_list(game)}</div>")


def test_rows_number_the_moves() -> None:
    game = game_of("f5d6c3")
    assert as_text(game) == "1. f5 d6 2. c3"
    assert [r.number for r in rows(game)] == [1, 2]
    assert as_text(Game(Rules())) == ""


def test_a_pass_is_a_ply_of_its_own() -> None:
    rules = Rules()
    moves = find_game_with_pass(rules)
    game = Game(rules)
    game.play_all(moves)
    text = as_text(game)
    assert text.endswith("pass") or " pass " in text
    # the sides alternate in every row: each row holds Black's ply then White's
    for row in rows(game):
        black, white = row.plies
        assert black is None or black.side == 0
        assert white is None or white.side == 1
    entries = [e for r in rows(game) for e in r.plies if e is not None]
    assert [e.ply for e in entries] == list(range(1, len(game.line) + 1))
    assert [e.is_pass for e in entries] == [m == PASS for m in game.line]


def test_white_to_move_at_the_start_leaves_black_s_first_cell_empty() -> None:
    start = Position.start(Rules()).play(Rules().geometry.parse_square("f5"))  # White to move
    game = play_transcript(start, "d6c3")
    assert as_text(game) == "1. … d6 2. c3"
    root = markup(game)
    assert [e.text for e in root if e.get("class") == "ply none"] == ["…"]


def test_markup_marks_the_current_ply_and_what_lies_ahead() -> None:
    game = game_of("f5d6c3d3")
    game.undo()
    game.undo()  # the game is back at ply 2; c3 d3 are what redo would replay
    root = markup(game)
    plies = [e for e in root if "data-ply" in e.attrib]
    assert [e.get("data-ply") for e in plies] == ["1", "2", "3", "4"]
    current = [e for e in plies if "current" in e.get("class").split()]
    assert [e.text for e in current] == ["d6"] and current[0].get("aria-selected") == "true"
    ahead = [e.text for e in plies if "ahead" in e.get("class").split()]
    assert ahead == ["c3", "d3"]
    assert "No moves" in render_move_list(Game(Rules()))
    game.redo()
    game.redo()
    game.go_to(1)  # browsing: the game's position stays the live one, nothing is "ahead"
    plies = [e for e in markup(game) if "data-ply" in e.attrib]
    assert [e.text for e in plies if "current" in e.get("class").split()] == ["f5"]
    assert [e.text for e in plies if "live" in e.get("class").split()] == ["d3"]
    assert not [e for e in plies if "ahead" in e.get("class").split()]


def test_variations_follow_the_row_of_the_move_they_replace() -> None:
    from reversi.formats.notation import parse_movetext

    game = parse_movetext(Position.start(Rules()), "f5 d6 (f6 e6 (d3) f4 {parallel}) c3 d3")
    root = markup(game)
    nodes = [e.get("data-node") for e in root.iter() if e.get("data-node")]
    assert len(nodes) == len(set(nodes)) == 8  # every ply of the tree once, each with its own node id
    blocks = [e for e in root if e.get("class") == "variation"]
    assert len(blocks) == 1
    texts = [e.text for e in blocks[0].iter() if e.text]
    assert texts == ["1…", "f6", "2.", "e6", "(", "2.", "d3", ")", "2…", "f4"]
    varied = [e for e in blocks[0].iter() if e.get("data-ply")]
    assert [e.get("data-ply") for e in varied] == ["2", "3", "3", "4"]
    assert all("var" in e.get("class").split() for e in varied)
    commented = [e for e in varied if "commented" in e.get("class").split()]
    assert [e.get("title") for e in commented] == ["parallel"]
    # the block comes after the row of the move it replaces (1. f5 d6), before the next row
    order = [e.get("class") for e in root]
    assert order.index("variation") == 3


def test_keys_walk_the_line() -> None:
    game = game_of("f5d6c3")
    assert target_for_key(game, "Home") == 0
    assert target_for_key(game, "End") == 3
    assert target_for_key(game, "ArrowLeft") == 2
    assert target_for_key(game, "ArrowRight") == 3  # at the end: stays
    game.go_to(0)
    assert target_for_key(game, "ArrowLeft") == 0
    assert target_for_key(game, "ArrowRight") == 1
    assert target_for_key(game, "x") is None


def test_navigation_steps_over_positions_that_must_pass() -> None:
    rules = Rules()
    game = Game(rules)
    game.play_all(find_game_with_pass(rules))
    k = game.line.index(PASS)  # the position after k plies must pass
    assert not is_stop(game, k)
    assert stop_at(game, k) == k + 1
    assert step(game, k + 1, -1) == k - 1
    assert step(game, k - 1, +1) == k + 1


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from([Rules(), Rules(size=6), Rules("classic"), Rules(size=4)]))
def test_walking_right_from_home_visits_every_stop_and_undo_agrees(seed: int, rules: Rules) -> None:
    rng = random.Random(seed)
    game = Game(rules)
    while not game.is_over and len(game.line) < 40:
        game.play(rng.choice(game.position.legal_moves()))
    stops = [p for p in range(len(game.line) + 1) if is_stop(game, p)]
    walked = [stop_at(game, 0)]
    while True:
        nxt = step(game, walked[-1], +1)
        if nxt == walked[-1]:
            break
        walked.append(nxt)
    assert walked == stops
    # Left agrees with Game.undo (which steps over forced passes too)
    game.go_to(len(game.line))
    while game.can_undo:
        left = step(game, game.ply, -1)
        game.undo()
        assert game.ply == left


def test_the_study_bar_counts_moves_as_the_move_list_numbers_them_not_plies() -> None:
    from reversi.ui.move_list import study_text

    game = play_transcript(Position.start(Rules()), "f5d6c3d3c4f4f6f3e6e7")  # ten plies: five moves each
    game.go_to_node(game.main_line()[2])
    assert study_text(game).endswith("The game is at move 6, Black to play.")
    assert "move 10" not in study_text(game)
    game.play(game.rules.geometry.parse_square("c5"))  # a variation at move 2
    assert study_text(game) == "A variation: both sides are moved by hand. The game is at move 6, Black to play."
    game.go_to_node(game.main_line()[9])
    game.set_live(game.main_line()[9])  # the game after nine plies: White's fifth move is next
    game.go_to_node(game.main_line()[3])
    assert study_text(game).endswith("The game is at move 5, White to play.")


def test_the_study_bar_says_a_finished_game_is_over_after_its_last_move() -> None:
    from reversi.ui.move_list import side_and_number, study_text

    rng = random.Random(5)
    game = Game(start=Position.start(Rules(size=6)))
    while not game.position.is_over:
        moves = game.position.legal_moves()
        game.play(rng.choice(moves) if moves else PASS)
    last = side_and_number(game, game.live.depth)[1]
    assert last == (game.live.depth + 1) // 2 and last > 10
    game.go_to_node(game.main_line()[1])
    assert study_text(game).endswith(f"The game is over, after move {last}.")


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from([
    Rules(), Rules(size=6), Rules("classic"), Rules(free_opening=True), Rules(handicap=2, handicap_color=1),
    Rules(size=4), Rules(anti=True)]))
def test_every_place_that_names_a_move_numbers_it_as_the_move_list_does(seed: int, rules: Rules) -> None:
    """One numbering: the move list's rows (a move is a pair of plies, passes included, from any
    start) and move_said, which the review, the graph, Practise and the announcements all use."""
    from reversi.ui.announce import announcement
    from reversi.ui.graph import graph_names
    from reversi.ui.move_list import move_said

    rng = random.Random(seed)
    start = Position.start(rules)
    if seed % 2 and start.legal_moves():
        start = start.play(rng.choice(start.legal_moves()))  # a start with the second side to move: "1. … d6"
    game = Game(start=start)
    while not game.is_over and len(game.line) < 30:
        legal = game.position.legal_moves()
        game.play(rng.choice(legal) if legal else PASS)
    numbered = {e.ply: row.number for row in rows(game) for e in row.plies if e is not None}
    names = graph_names(game)
    side_names = rules.display_side_names()
    for node in game.main_line()[1:]:
        said = move_said(game, node)
        assert said.startswith(f"{numbered[node.depth]}. {side_names[node.parent.position.turn]} "), said
        assert names[node.depth] == said
    assert names[0] == "Start"
    if len(game.line) > 2:
        end = game.current
        middle = game.main_line()[len(game.line) // 2].resting()
        game.go_to_node(middle)  # a jump back (the move list, an undo): where the board now stands
        assert announcement(game, end, side_names, "Status") == f"After {move_said(game, middle)}: Status."
        game.go_to_node(game.main_line()[0])
        assert announcement(game, end, side_names, "Status") == "Status."


def test_a_practise_line_and_a_jump_say_the_move_list_s_number_not_the_ply() -> None:
    from reversi.ui.announce import announcement

    game = game_of("f5d6c3d3c4f4f6f3e6e7g2")  # eleven plies: g2 is move 6 in the list
    assert as_text(game).endswith("6. g2")
    assert announcement(game, game.main_line()[0], ("Black", "White"), "White to move") == \
        "After 6. Black g2: White to move."
