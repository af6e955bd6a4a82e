"""Square names, transcripts and position strings: round trips and every bad input."""

import pytest

from reversi import PASS, IllegalMoveError, NotationError, Position, Rules, parse_position, play_transcript
from reversi.formats.notation import parse_transcript, position_to_string, rules_for_position, write_transcript

AFTER_5 = "------------------XO------XXX------OXX-----O-------------------- O"


def test_square_names_every_geometry():
    g = Rules(size=16).geometry
    assert g.name(g.index(0, 0)) == "a1" and g.name(g.index(15, 15)) == "p16"
    assert g.parse_square("J10") == g.index(9, 9)
    o = Rules("octagon").geometry
    assert o.name(o.parse_square("j5")) == "j5"


@pytest.mark.parametrize(
    "text,message",
    [
        ("z1", "not a square"),
        ("a0", "outside"),
        ("i1", "outside"),
        ("a9", "outside"),
        ("", "not a square"),
        ("a01", "outside"),
    ],
)
def test_bad_square_names(text, message):
    with pytest.raises(NotationError, match=message):
        Rules().geometry.parse_square(text)


def test_cut_square_is_not_on_the_board():
    with pytest.raises(NotationError, match="not on this board"):
        Rules("octagon").geometry.parse_square("b1")


@pytest.mark.parametrize(
    "text",
    [
        "f5d6c3d3c4",
        "F5D6C3D3C4",
        "f5 d6 c3 d3 c4",
        "f5-d6-c3-d3-c4",
        "1. F5 d6 2. C3 d3 3. c4",
        "1.f5 d6 2.c3 d3 3.c4",
        "  f5, d6; c3 d3 c4\n",
        "１．Ｆ５　ｄ６　２．Ｃ３　ｄ３　３．ｃ４",  # full width, as a Japanese keyboard types it
        "ｆ５ｄ６ｃ３ｄ３ｃ４",
    ],
)
def test_transcript_forms(text):
    game = play_transcript(Position.start(), text)
    assert position_to_string(game.position) == AFTER_5
    assert write_transcript(game.line, game.rules.geometry) == "f5d6c3d3c4"


def test_transcript_passes_explicit_or_implied():
    # a 4x4 game with a forced pass
    rules = Rules(size=4)
    import random

    rng = random.Random(3)
    for seed in range(200):
        rng = random.Random(seed)
        game = play_transcript(Position.start(rules), "")
        while not game.is_over:
            game.play(rng.choice(game.position.legal_moves()))
        if PASS in game.line[:-1]:
            break
    else:
        pytest.fail("no game with a pass")
    g = rules.geometry
    implied = write_transcript(game.line, g)
    for word in ("pass", "PA", "ps", "Pass"):
        explicit = " ".join(word if m == PASS else g.name(m) for m in game.line)
        assert play_transcript(Position.start(rules), explicit).line == game.line
    assert play_transcript(Position.start(rules), implied).line == game.line


@pytest.mark.parametrize(
    "text,error,message",
    [
        ("f5 x9", NotationError, r"'x9' at character 4"),
        ("f5 d6 c9", NotationError, r"'c9' at character 7 is outside"),
        ("f5 e6", IllegalMoveError, r"move 2 'e6' \(character 4\): e6 is not a legal move for white"),
        ("pass", IllegalMoveError, r"move 1 'pass'.*must play"),
        ("f5 f5", IllegalMoveError, r"move 2 'f5'"),
        ("f5 %", NotationError, r"'%' at character 4"),
        ("? f5", NotationError, r"annotation '\?' at character 1 does not follow a move"),
        ("f5 d6! c3 x", NotationError, r"'x' at character 11"),  # counted in the whole text, past the glyph
        ("f5 {a comment} z9", NotationError, r"'z9' at character 16"),
        ("f5d6c3d3c4f4c5b3c2e6c6b4b5d2e3a6c1b1f3pa", IllegalMoveError, "pass"),
    ],
)
def test_bad_transcripts(text, error, message):
    with pytest.raises(error, match=message):
        play_transcript(Position.start(), text)


def test_position_string_8x8_edax_form():
    pos = parse_position(AFTER_5)
    assert position_to_string(pos) == AFTER_5
    # the other accepted characters
    alt = AFTER_5.replace("X", "*").replace("O", "w").replace("-", ".")[:-1] + "W"
    assert parse_position(alt) == pos
    # FFO files split the board in rows
    rows = " ".join(AFTER_5[k : k + 8] for k in range(0, 64, 8)) + " O"
    assert parse_position(rows) == pos


def test_position_string_other_geometries():
    octagon = Position.start(Rules("octagon"))
    text = position_to_string(octagon)
    assert text.startswith("##------##/#--------#/") and text.endswith(" X")
    assert parse_position(text, Rules("octagon")) == octagon
    ten = Position.start(Rules(size=10, blocked=("a5",)))
    t = position_to_string(ten)
    assert rules_for_position(t, Rules()) == ten.rules
    classic = Position.start(Rules("classic"))
    assert position_to_string(classic).endswith(" X 32 32")
    assert parse_position(position_to_string(classic), classic.rules) == classic


def test_classic_supply_is_derived_when_left_out():
    rules = Rules("classic")
    board = AFTER_5[:-2]  # 9 discs on the board: black placed 5, white 4
    pos = parse_position(board + " X", rules)
    assert pos.supply == (27, 28)


@pytest.mark.parametrize(
    "text,message",
    [
        ("", "empty"),
        ("-" * 63 + " X", "63 cells"),
        ("-" * 64, "side to move is missing"),
        ("-" * 64 + " Z", "side to move 'Z'"),
        ("-" * 63 + "Q X", "'Q' on h8"),
        ("-" * 64 + " X 3 4", "unexpected"),
        ("----/---/----/---- X", "different lengths"),
        ("#" + "-" * 63 + " X", "a1 is marked '#'"),
        ("-" * 100 + " X", "10x10 cells, but the board is 8x8"),
    ],
)
def test_bad_position_strings(text, message):
    with pytest.raises(NotationError, match=message):
        parse_position(text)


def test_bad_position_strings_other_rules():
    with pytest.raises(NotationError, match="a1 is not on this board"):
        parse_position("X" + position_to_string(Position.start(Rules("octagon")))[1:], Rules("octagon"))
    with pytest.raises(NotationError, match="discs in hand"):
        parse_position("-" * 64 + " X 40 2", Rules("classic"))
    with pytest.raises(NotationError, match="two numbers"):
        parse_position("-" * 64 + " X x y", Rules("classic"))
    with pytest.raises(NotationError, match="not square"):
        rules_for_position("------/------/------/------ X", Rules())


def test_parse_transcript_reports_squares_and_offsets():
    g = Rules().geometry
    tokens = parse_transcript("1. f5 PASS", g)
    assert tokens == [(g.parse_square("f5"), 3, "f5"), (PASS, 6, "PASS")]


PASSING_GAME_6X6 = (
    "b3 b4 a5 c2 b1 e2 c5 b5 e5 a3 b2 e4 e3 c6 a6 e6 f1 a4 d5 e1 f4 c1 f3 a1 d1 a2 f6 d2 d6 b6 pass f2 pass f5"
)


def test_an_explicit_pass_stands_for_one_forced_pass() -> None:
    from reversi import Game

    start = Position.start(Rules(size=6))
    with_passes = play_transcript(start, PASSING_GAME_6X6)
    without = play_transcript(start, PASSING_GAME_6X6.replace(" pass", ""))
    assert with_passes.line == without.line and with_passes.position.is_over
    doubled = PASSING_GAME_6X6.replace("b6 pass", "b6 pass pass", 1)
    with pytest.raises(IllegalMoveError, match="move 32 'pass'"):
        play_transcript(start, doubled)
    game = Game(start=start)
    moves = [PASS if t == "pass" else start.rules.geometry.parse_square(t) for t in doubled.split()]
    with pytest.raises(IllegalMoveError, match="move 32"):
        game.play_all(moves)


# -- transcripts as play sites copy them ----------------------------------------------------------


@pytest.mark.parametrize(
    "text, form",
    [
        ("1. F5 d6 2. C3 d3", ["numbered", "mixed", "spaced"]),
        ("f5d6c3d3", ["lower", "joined"]),
        ("F5D6C3D3", ["upper", "joined"]),
        ("F5 (0:05) D6 (0:12) C3 (1:02:03) D3", ["upper", "spaced", "clock"]),
        ("1. f5 {[%clk 0:04:59]} d6 {[%clk 0:04:50]} 2. c3 d3", ["numbered", "lower", "spaced", "clock"]),
        ("f5 0:05 d6 0:12 c3 1:01 d3", ["lower", "spaced", "clock"]),
        ("F5/1.20/3.5 D6//2 C3/-0.5/ D3", ["upper", "spaced", "evaluation"]),
        ("f5 d6 c3 d3 40-24", ["lower", "spaced", "result"]),
        ("f5-d6-c3-d3", ["lower", "spaced"]),
    ],
)
def test_copied_transcripts_are_read_and_their_form_named(text: str, form: list[str]) -> None:
    from reversi.formats.notation import clean_copied, transcript_form

    game = play_transcript(Position.start(Rules()), text)
    assert write_transcript(game.moves, Rules().geometry) == "f5d6c3d3"
    cleaned, removed = clean_copied(text)
    assert transcript_form(cleaned, removed) == form


def test_cleaning_leaves_variations_comments_and_passes_alone() -> None:
    from reversi.formats.notation import clean_copied, transcript_form

    text = "f5 d6 (f6 {the parallel} e6) c3 {[%mark c3] tiger} d3"
    assert clean_copied(text) == (text, [])
    assert "passes" in transcript_form("f5 d6 PA c3")


def test_a_comment_and_a_glyph_of_a_move_before_a_forced_pass_stay_the_moves() -> None:
    """The compact form leaves a forced pass out ("b8{...}"): what follows the move is the move's."""
    from support import find_game_with_pass

    from reversi import Game, Rules
    from reversi.core.position import PASS
    from reversi.formats.notation import parse_movetext, write_movetext

    rules = Rules()
    moves = find_game_with_pass(rules)
    game = Game(rules)
    game.play_all(moves)
    node = next(n for n in game.main_line() if n.children and n.children[0].was_forced_pass)
    game.set_comment(node, "before the pass")
    game.set_glyph(node, "?!")
    game.set_comment(node.children[0], "the pass itself")
    for compact in (True, False):
        again = parse_movetext(game.start, write_movetext(game, compact=compact))
        twin = again.main_line()[node.depth]
        assert twin.move == node.move and twin.move != PASS
        assert (twin.comment, twin.glyph) == ("before the pass", "?!"), compact
        assert twin.children[0].comment == "the pass itself", compact


def test_a_full_width_transcripts_error_is_at_the_character_given():
    with pytest.raises(NotationError, match=r"cannot read 'z9' at character 5"):
        parse_transcript("ｆ５ｄ６ｚ９", Rules().geometry)
