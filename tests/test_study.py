"""Studying a game: browsing never plays, moves there start variations, the tree travels in links and files."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reversi import Position, Rules
from reversi.core.game import GLYPHS, Game
from reversi.errors import NotationError, ReversiError
from reversi.formats.links import record_to_query
from reversi.formats.notation import has_tree, parse_movetext, play_transcript, write_movetext
from reversi.formats.record import Record, parse_players_code, players_code, read_record, write_record
from reversi.ui.controller import Controller
from reversi.ui.players import Players
from reversi.ui.sharing import link_game, link_query


def sq(name: str) -> int:
    return Rules().geometry.parse_square(name)


def computer_game(moves: str) -> Controller:
    """A person (Black) against the computer, the computer's replies played as the page would."""
    c = Controller(players=Players.vs_computer(0, 3))
    for k, name in enumerate(moves.split()):
        if k % 2 == 0:
            assert c.click(name), name
        else:
            request = c.ai_request()
            assert request is not None
            assert c.apply_ai_move(request["token"], name), name
    return c


def test_browsing_against_the_computer_never_plays_and_deletes_nothing() -> None:
    c = computer_game("f5 d6 c3 d3 c4 f4")
    main = [n.move for n in c.game.main_line()[1:]]
    assert c.go_to(2)  # back to Black's second turn... then to White's:
    assert c.go_to(3) and c.game.browsing
    assert c.position.turn == 1 and c.ai_request() is None  # White is the computer: nobody moves
    assert c.status().browsing and [n.move for n in c.game.main_line()[1:]] == main
    # the person may play White's move here: a variation, the game untouched
    assert c.click("e3") or c.click("c5") or c.click("f3")
    assert c.game.browsing and c.status().in_variation and c.ai_request() is None
    assert [n.move for n in c.game.main_line()[1:]] == main and c.game.live.depth == 6
    assert c.back_to_live() and not c.game.browsing and c.game.ply == 6
    assert c.ai_request() is None  # Black (the person) is to move at the live position
    assert c.click("e3") or c.click("c5") or c.click("f6") or c.click("e6")
    assert c.ai_request() is not None  # now the computer plays the game's reply


def test_undo_while_browsing_acts_on_the_game() -> None:
    c = computer_game("f5 d6 c3 d3")
    c.go_to(1)
    assert c.undo() and not c.game.browsing and c.game.live.depth == 2


def test_a_variation_is_kept_promoted_and_deleted() -> None:
    game = play_transcript(Position.start(Rules()), "f5d6c3d3c4")
    game.go_to(2)
    game.play(sq("c5"))  # instead of c3
    variation = game.current
    assert not variation.is_main and game.live.depth == 5 and len(game.main_line()) == 6
    live = game.live
    # the game's own position is in the line that would become a variation: nothing moves unasked
    assert game.promote_moves_game(variation)
    assert not game.promote(variation) and not variation.is_main and game.live is live
    assert game.promote(variation, play_from=True)
    assert variation.is_main and [n.move for n in game.main_line()[1:]] == [sq("f5"), sq("d6"), sq("c5")]
    assert game.live is variation and game.current is variation  # the game goes on from the line promoted
    old = game.root.children[0].children[0].children[1]
    assert old.move == sq("c3") and len(old.path()) == 3
    game.go_to_node(old.children[0])
    assert game.delete_variation(game.current)
    assert game.current.depth == 2 and len(game.root.children[0].children[0].children) == 1
    assert not game.delete_variation(game.main_line()[-1])  # the main line is not a variation


def test_promoting_a_line_beside_the_games_keeps_the_game_where_it_is() -> None:
    game = play_transcript(Position.start(Rules()), "f5d6c3d3c4f4")
    game.undo()
    game.undo()  # the game is at move 4; its moves 5 and 6 are still its main line
    live = game.live
    game.go_to(5)
    game.play(sq("f3"))  # a variation at move 6, below the game's position
    variation = game.current
    assert not game.promote_moves_game(variation)
    assert game.promote(variation) and variation.is_main and game.live is live


def test_promote_with_play_from_takes_back_a_resignation_not_a_fallen_flag() -> None:
    from reversi.core.game import Ending, Termination

    for by, kept in ((Termination.RESIGNATION, False), (Termination.TIME, True)):
        game = play_transcript(Position.start(Rules()), "f5d6c3d3")
        assert game.end(Ending(0, by))
        game.go_to(1)
        game.play(sq("f6"))
        assert game.promote(game.current, play_from=True)
        assert game.live is game.current and (game.ending is not None) is kept


def test_the_tree_the_comments_the_marks_and_the_players_travel_in_a_link() -> None:
    game = parse_movetext(Position.start(Rules()), "f5 d6 (f6 {parallel} e6) c3 {[%mark c3 d3] the tiger} d3")
    record = Record.from_game(game, players="hc5")
    query = record_to_query(record)
    assert "v=2" in query and "pl=hc5" in query
    back, players = link_game(query)
    assert players == "hc5"
    assert write_movetext(back) == write_movetext(game)
    c3 = back.main_line()[3]
    assert c3.comment == "the tiger" and c3.marks == {sq("c3"), sq("d3")}
    # a plain game's link stays version 1, and names nobody when nobody was named
    plain = record_to_query(Record.from_game(play_transcript(Position.start(Rules()), "f5d6")))
    assert plain == "m=f5d6" and link_game(plain)[1] == ""


def test_annotation_glyphs_travel_in_links_and_records_and_are_said() -> None:
    """A move's glyph (!! ! !? ?! ? ??) is written after it in move text, links and .rev records;
    PGN's numeric glyphs are read ($1 to $6, others dropped); the move list, the board and the
    viewer say it in words."""
    from reversi.drawing.render import render_board
    from reversi.ui.embed.viewer import Viewer
    from reversi.ui.move_list import render_move_list

    game = parse_movetext(Position.start(Rules()), "f5 d6?! (f6!? {parallel}) c3 $3 d3 $14 c4??")
    assert [n.glyph for n in game.main_line()[1:]] == ["", "?!", "!!", "", "??"]
    assert game.main_line()[1].children[1].glyph == "!?"
    text = write_movetext(game)
    assert text == "f5 d6?! (f6!? {parallel}) c3!! d3 c4??"
    back, _players = link_game(link_query(game))
    assert write_movetext(back) == text
    record = read_record(write_record(Record.from_game(game)))
    assert write_movetext(record.to_game()) == text
    listing = render_move_list(game)
    assert ">d6?!</span>" in listing and 'aria-label="1. White d6, a dubious move"' in listing
    c = Controller()
    c.game = back
    back.go_to_node(back.main_line()[3])  # c3!!
    board = render_board(c.board_view())
    assert 'data-glyph="!!"' in board and "c3, Black, last move, a brilliant move" in board
    assert c.set_glyph("!") and back.current.glyph == "!" and not c.set_glyph("!")
    assert not c.set_glyph("!!!") and back.current.glyph == "!"  # not a glyph: refused, kept
    back.go_to_node(back.root)
    assert not c.set_glyph("!") and back.root.glyph == ""  # the start has no move
    with pytest.raises(ReversiError, match="only a move"):
        back.set_glyph(back.root, "?")
    viewer = Viewer.from_query(link_query(game) + "&at=2")
    assert viewer.status() == "1. White d6?!, a dubious move"
    with pytest.raises(NotationError, match="does not follow a move"):
        parse_movetext(Position.start(Rules()), "f5 (!? d6)")


def test_squares_marked_in_colours_and_letters_travel_and_are_said() -> None:
    """Coloured marks ([%csl Rc3,Gd4]) and letters ([%lbl Ae6]) on a position: set by the marking
    tool (the next free letter for "+"), kept in links and records, drawn and said."""
    from reversi.drawing.render import render_board
    from reversi.ui.embed.viewer import Viewer

    c = Controller()
    assert c.click("f5") and c.set_mark_kind("R") and c.marking
    assert c.click("c3") and c.set_mark_kind("+") and c.click("e6") and c.click("f4")
    assert c.game.current.signs == {sq("c3"): "R", sq("e6"): "A", sq("f4"): "B"}
    assert c.click("e6") and sq("e6") not in c.game.current.signs  # a second click takes it off
    assert c.click("e6") and c.game.current.signs[sq("e6")] == "A"  # A is free again
    assert not c.set_mark_kind("purple") and c.mark_kind == "+"
    board = render_board(c.board_view())
    assert "aria-disabled" not in board  # while marking, every square takes a click
    assert 'data-sign="A"' in board and "e6, empty, letter A" in board and "c3, empty, marked red" in board
    text = write_movetext(c.game)
    assert text == "f5 {[%csl Rc3] [%lbl Bf4,Ae6]}"
    back, _players = link_game(link_query(c.game))
    assert back.main_line()[1].signs == c.game.current.signs
    assert read_record(write_record(Record.from_game(c.game))).to_game().main_line()[1].signs == c.game.current.signs
    viewer = Viewer.from_query(link_query(c.game))
    assert dict(viewer.board_view().signs) == {"c3": "R", "e6": "A", "f4": "B"}
    with pytest.raises(NotationError, match="not a colour"):
        parse_movetext(Position.start(Rules()), "f5 {[%csl Xc3]}")
    with pytest.raises(ReversiError):
        c.game.toggle_sign(c.game.current, sq("a1"), "purple")


def test_a_link_query_keeps_other_features_and_the_games_position() -> None:
    game = play_transcript(Position.start(Rules()), "f5d6c3")
    game.go_to(1)  # browsing does not change the address
    assert "at=" not in link_query(game, "lang=cs", players="c3h")
    game.undo()  # the game is at ply 2, c3 kept to redo
    query = link_query(game, "lang=cs", players="c3h")
    assert query.startswith("lang=cs&") and "at=2" in query and "pl=c3h" in query
    back, players = link_game(query)
    assert not back.browsing and back.ply == 2 and back.can_redo and players == "c3h"


def test_records_keep_the_tree_and_the_players() -> None:
    game = parse_movetext(Position.start(Rules()), "{start} f5 d6 (f6) c3 {good} d3")
    text = write_record(Record.from_game(game, {"Event": "Lesson"}, players="c7c3t10"))
    assert '[BlackType "program"]' in text and '[BlackLevel "7"]' in text and '[TimePerMove "10"]' in text
    assert "(f6)" in text and "{good}" in text and "{start}" in text
    back = read_record(text)
    assert back.players == "c7c3t10" and back.tags == {"Event": "Lesson"}
    assert write_movetext(back.to_game()) == write_movetext(game)
    assert write_record(back) == text


@pytest.mark.parametrize(
    "code, expected",
    [("hh", (("human", "human"), (5, 5), None)), ("hc3", (("human", "computer"), (3, 3), None)),
     ("c7c2t2.5", (("computer", "computer"), (7, 2), 2.5))],
)
def test_players_codes(code: str, expected) -> None:
    assert parse_players_code(code) == expected
    assert players_code(*expected) == code


@pytest.mark.parametrize("code", ["", "x", "hc", "c0h", "hhh", "c5c5t0", "c5c5t-1", "hc5t99999"])
def test_bad_players_codes_are_refused(code: str) -> None:
    with pytest.raises(NotationError):
        parse_players_code(code)


def test_deep_variations_are_read_and_written_without_recursion() -> None:
    # a long variation is written and read back; nesting deeper than MAX_VARIATION_DEPTH is refused
    # with a message (never a RecursionError)
    game = play_transcript(Position.start(Rules()), "f5d6c3d3c4f4f6f3e6e7")
    node = game.main_line()[1]
    game.go_to_node(node)
    for _ in range(40):
        legal = game.position.legal_moves()
        if not legal:
            break
        game.play(legal[-1])
    text = write_movetext(game)
    assert write_movetext(parse_movetext(Position.start(Rules()), text)) == text
    with pytest.raises(NotationError, match="nested deeper"):
        parse_movetext(Position.start(Rules()), "f5 " + "d6 (" * 101 + ")" * 101)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 12), st.integers(0, 60)), max_size=25), st.booleans())
def test_any_tree_round_trips_through_move_text(steps, compact: bool) -> None:
    """Random trees (moves played from random positions of the tree) are written and read back alike."""
    game = Game(Rules())
    for back, choice in steps:
        nodes = list(game.nodes())
        game.go_to_node(nodes[back % len(nodes)])
        legal = game.position.legal_moves()
        if legal:
            game.play(legal[choice % len(legal)])
            if choice % 5 == 0:
                game.set_comment(game.current, f"note {choice} {{x}} \\")
            if choice % 3 == 0:
                game.set_glyph(game.current, GLYPHS[choice % len(GLYPHS)])
            if choice % 4 == 0:
                squares = game.rules.geometry.squares
                game.toggle_sign(game.current, squares[choice % len(squares)], ("R", "G", "Y", "+")[back % 4])
    text = write_movetext(game, compact)
    back_game = parse_movetext(Position.start(Rules()), text)
    assert write_movetext(back_game, compact) == text
    assert has_tree(back_game) == has_tree(game)
    assert [n.glyph for n in back_game.nodes()] == [n.glyph for n in game.nodes()]
    assert [n.signs for n in back_game.nodes()] == [n.signs for n in game.nodes()]


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="f5d6c3e6(){}[%mark] \\pas!?$14cslbRGAY,", max_size=60))
def test_any_move_text_is_a_game_or_a_clear_error(text: str) -> None:
    try:
        parse_movetext(Position.start(Rules()), text)
    except ReversiError:
        pass


def test_comments_stay_within_what_a_saved_game_reads_back() -> None:
    """One limit for writing and reading a game's move text: a comment is cut to the room the
    game's other comments leave, so the saved game always reads back, comments and all."""
    import json

    from reversi.core.game import MAX_COMMENT_CHARS
    from reversi.formats.notation import MAX_MOVETEXT_CHARS
    from reversi.ui.store.saved_state import SavedState, load_state, state_to_dict

    game = Game(Rules())
    while game.position.legal_moves():  # a game to its first pass: room for more than the limit
        game.play(game.position.legal_moves()[0])
    c = Controller(players=Players())
    c.load_game(game)
    note = "a long note {with braces} and \\ slashes, " * 60
    assert c.comment_room() == MAX_COMMENT_CHARS  # a game with no comment has room for a whole one
    rooms = []
    for ply in range(c.game.ply, -1, -1):
        c.game.go_to(ply)
        rooms.append(c.comment_room())
        assert c.set_comment(note) == (rooms[-1] > 0)
    assert rooms[0] == MAX_COMMENT_CHARS and rooms[-1] == 0  # the room ran out on the way
    written = write_movetext(c.game)
    assert MAX_MOVETEXT_CHARS - 2 * MAX_COMMENT_CHARS < len(written) <= MAX_MOVETEXT_CHARS
    state = load_state(json.dumps(state_to_dict(SavedState(c.game, c.settings()))))
    assert write_movetext(state.game) == written  # read back whole
    with pytest.raises(NotationError, match="too long"):
        parse_movetext(Position.start(Rules()), "f5{" + "x" * MAX_MOVETEXT_CHARS + "}")
