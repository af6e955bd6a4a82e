"""The rule sets and table options of shared/RULES.md, example by example."""

import pytest

from reversi import (
    BLACK,
    PASS,
    WHITE,
    Game,
    NotationError,
    Position,
    Rules,
    RulesError,
    parse_position,
    play_transcript,
)
from reversi.core.rules import random_blocked


def sq(position_or_rules, name):
    rules = getattr(position_or_rules, "rules", position_or_rules)
    return rules.geometry.parse_square(name)


def names(rules, bits):
    return sorted(rules.geometry.bits_to_names(bits))


def board(rules, black, white, turn):
    g = rules.geometry
    b = sum(1 << g.parse_square(n) for n in black.split())
    w = sum(1 << g.parse_square(n) for n in white.split())
    return Position(rules, b, w, turn, None if rules.supply is None else (rules.supply, rules.supply))


def all_but(rules, *left_empty):
    """Every square's name but those left empty."""
    return [n for n in sorted(rules.geometry.bits_to_names(rules.geometry.mask)) if n not in left_empty]


WORKED = dict(black="c4 c5 d4 e3 e4 f5", white="d3 d5 d6 e5 f6")


def test_worked_example_moves_and_flips():
    rules = Rules()
    pos = board(rules, WORKED["black"], WORKED["white"], WHITE)
    expected = {
        "e2": ["e3", "e4"],
        "b3": ["c4"],
        "c3": ["d4"],
        "f3": ["e3", "e4"],
        "b4": ["c5"],
        "f4": ["f5"],
        "b5": ["c4", "c5"],
        "g5": ["f5"],
        "g6": ["e4", "f5"],
    }
    got = {rules.geometry.name(i): names(rules, f) for i, f in pos.moves_with_flips().items()}
    assert got == expected


@pytest.mark.parametrize("move", ["f4", "g5"])
def test_worked_example_e4_not_enclosed_by_side_effect(move):
    rules = Rules()
    pos = board(rules, WORKED["black"], WORKED["white"], WHITE).play(sq(rules, move))
    e4 = 1 << sq(rules, "e4")
    assert pos.black & e4 and not pos.white & e4
    # e4 now lies between two white discs (on its row or diagonal) and still is black
    assert pos.white & (1 << sq(rules, "f5"))


def test_othello_start_and_first_moves():
    pos = Position.start()
    assert names(pos.rules, pos.white) == ["d4", "e5"]
    assert names(pos.rules, pos.black) == ["d5", "e4"]
    assert pos.turn == BLACK
    assert names(pos.rules, pos.legal) == ["c4", "d3", "e6", "f5"]


def test_classic_example_d6_turns_d5():
    rules = Rules("classic")
    game = play_transcript(Position.start(rules), "d4 d5 e4 e5")
    pos = game.position
    assert names(rules, pos.black) == ["d4", "e4"] and names(rules, pos.white) == ["d5", "e5"]
    assert pos.turn == BLACK and not pos.in_placement
    after = pos.play(sq(rules, "d6"))
    assert names(rules, after.black) == ["d4", "d5", "d6", "e4"]
    assert after.supply == (29, 30)


def test_classic_starts_empty_and_places_freely_without_flips():
    rules = Rules("classic")
    pos = Position.start(rules)
    assert pos.black == pos.white == 0 and pos.supply == (32, 32)
    assert names(rules, pos.legal) == ["d4", "d5", "e4", "e5"]
    pos = pos.play(sq(rules, "d4")).play(sq(rules, "e5")).play(sq(rules, "e4"))
    assert names(rules, pos.legal) == ["d5"] and pos.turn == WHITE
    pos = pos.play(sq(rules, "d5"))
    assert not pos.in_placement
    assert pos.legal and all(pos.flips(i) for i in pos.legal_moves())


def test_classic_scoring_does_not_award_empties():
    rules = Rules("classic")
    pos = board(rules, "a1 b1 c1 d4 e4 d5 e5", "h8", BLACK)  # centre full, no move either side
    assert pos.is_over
    r = pos.result()
    assert (r.black, r.white, r.winner, r.score) == (7, 1, BLACK, "7:1")


def test_classic_supply_runs_out_and_opponent_plays_on():
    rules = Rules("classic")
    # black has no disc in hand: it cannot move although d6-style moves exist
    pos = parse_position(
        "--------" "--------" "--------" "---XX---" "---OO---" "--------" "--------" "-------- X 0 5", rules
    )
    assert pos.moves_of(BLACK) == 0 and pos.must_pass
    game = Game(start=pos)
    assert game.line == [PASS] and game.position.turn == WHITE
    # white plays on while black passes each time, until white is out of moves or discs
    while not game.is_over:
        assert game.position.turn == WHITE
        game.play(game.position.legal_moves()[0])
    played = [m for m in game.line if m != PASS]
    assert len(played) == 5 - game.position.supply[1] and len(played) >= 2
    assert game.position.supply[0] == 0 and game.position.result() is not None


def test_classic_supply_runs_out_in_a_real_game():
    """On a 4x4 Classic board (8 discs each) find a game where a supply empties."""
    import random

    rules = Rules("classic", size=4)
    for seed in range(500):
        rng = random.Random(seed)
        game = Game(rules)
        while not game.is_over:
            game.play(rng.choice(game.position.legal_moves()))
        pos = game.position
        if 0 in pos.supply and pos.empty:
            out = pos.supply.index(0)
            # after the supply ran out, that side never moved again
            ran_out_at = next(k for k in range(len(game.line) + 1) if game.position_at(k).supply[out] == 0)
            later = [game.position_at(k).turn for k in range(ran_out_at, len(game.line)) if game.line[k] != PASS]
            assert out not in later
            assert pos.moves_of(out) == 0
            return
    pytest.fail("no 4x4 Classic game ran out of discs")


def test_octagon_shape():
    rules = Rules("octagon")
    g = rules.geometry
    assert g.square_count == 88
    for cut in "a1 b1 a2 i1 j1 j2 a9 a10 b10 i10 j10 j9".split():
        with pytest.raises(NotationError, match="not on"):
            g.parse_square(cut)
    pos = Position.start(rules)
    assert names(rules, pos.white) == ["e5", "f6"] and names(rules, pos.black) == ["e6", "f5"]


def test_octagon_no_line_through_a_cut():
    rules = Rules("octagon")
    # a line from b1 (cut) cannot exist: a white disc at b3 with black b2 and "b1" off-board
    pos = board(rules, "b2", "b3", WHITE)
    assert pos.legal == 0
    # along the diagonal a3-b2-c1: white on a3, black on b2, white plays c1 and flips b2
    pos = board(rules, "b2", "a3", WHITE)
    assert names(rules, pos.legal) == ["c1"]
    assert names(rules, pos.flips(sq(rules, "c1"))) == ["b2"]


def test_octagon_corner_like_squares_never_flip():
    """c1 and a3 (and the 6 like them) cannot be enclosed: no line passes through them."""
    rules = Rules("octagon")
    g = rules.geometry
    shifts = g.shifts
    for name in "c1 a3 h1 j3 a8 c10 h10 j8".split():
        i = g.parse_square(name)
        bit = 1 << i
        for d in shifts:
            ahead, behind = (bit << d) & g.mask, (bit >> d) & g.mask
            assert not (ahead and behind), f"{name} lies inside a line"


def test_size_options_start_centre():
    for size in range(4, 17, 2):
        rules = Rules(size=size)
        pos = Position.start(rules)
        g = rules.geometry
        h = size // 2
        assert pos.white == (1 << g.index(h - 1, h - 1)) | (1 << g.index(h, h))
        assert pos.black == (1 << g.index(h, h - 1)) | (1 << g.index(h - 1, h))
        assert g.square_count == size * size
        assert pos.legal.bit_count() == 4


def test_blocked_squares_are_off_the_board_and_break_lines():
    rules = Rules(blocked=("f4", "c3"))
    g = rules.geometry
    assert g.square_count == 62
    assert rules.blocked == ("c3", "f4")
    pos = board(rules, "e4", "d4", WHITE)
    # without the block white could play f4 to flip e4; f4 is off the board
    assert names(rules, pos.legal) == []
    pos = board(Rules(blocked=("g4",)), "e4 f4", "d4", WHITE)
    assert names(pos.rules, pos.legal) == []  # the line d4-e4-f4 would need g4


def test_blocked_squares_refused_on_start_or_outside():
    with pytest.raises(RulesError, match="starting square"):
        Rules(blocked=("d4",))
    with pytest.raises(RulesError, match="outside"):
        Rules(blocked=("i1",))
    with pytest.raises(RulesError, match="not a square"):
        Rules(blocked=("zz",))


def test_random_blocked_is_reproducible_and_avoids_start_and_handicap():
    base = Rules(handicap=2)
    a = random_blocked(base, 6, seed=42)
    b = random_blocked(base, 6, seed=42)
    c = random_blocked(base, 6, seed=43)
    assert a == b and a != c and len(a.blocked) == 6
    for seed in range(50):
        r = random_blocked(base, 10, seed)
        assert not {"d4", "d5", "e4", "e5", "a1", "h8"} & set(r.blocked)
    # pinned: the generator is our own, so these squares must never change
    assert random_blocked(Rules(), 3, seed=1).blocked == random_blocked(Rules(), 3, seed=1).blocked
    with pytest.raises(RulesError):
        random_blocked(Rules(size=4), 20, 0)


def test_handicap_corners_in_order():
    order = ["a1", "h8", "h1", "a8"]
    for k in range(1, 5):
        rules = Rules(handicap=k)
        pos = Position.start(rules)
        assert names(rules, pos.black) == sorted(["d5", "e4", *order[:k]])
        assert pos.turn == BLACK
    rules = Rules(size=10, handicap=3, handicap_color=WHITE)
    pos = Position.start(rules)
    assert {"a1", "j10", "j1"} <= set(names(rules, pos.white))


def test_impossible_combinations_are_refused():
    with pytest.raises(RulesError, match=r"octagon|corners"):
        Rules("octagon", handicap=1)
    with pytest.raises(RulesError, match="fixed board"):
        Rules("octagon", size=10)
    with pytest.raises(RulesError, match="even"):
        Rules(size=9)
    with pytest.raises(RulesError, match="even"):
        Rules(size=18)
    with pytest.raises(RulesError, match="handicap"):
        Rules(handicap=5)
    with pytest.raises(RulesError, match="unknown rule set"):
        Rules("chess")
    with pytest.raises(RulesError, match="blocked"):
        Rules(handicap=1, blocked=("a1",))


def test_free_opening():
    rules = Rules(free_opening=True)
    pos = Position.start(rules)
    assert pos.black == pos.white == 0 and pos.in_placement and pos.supply is None
    game = play_transcript(pos, "e5 d5 d4 e4")  # black on e5 and d4, white d5 e4: parallel
    p = game.position
    assert names(rules, p.black) == ["d4", "e5"] and names(rules, p.white) == ["d5", "e4"]
    assert not p.in_placement and p.turn == BLACK
    assert all(p.flips(i) for i in p.legal_moves())


def test_free_opening_combines_with_octagon_and_handicap():
    pos = Position.start(Rules("octagon", free_opening=True))
    assert names(pos.rules, pos.legal) == ["e5", "e6", "f5", "f6"]
    pos = Position.start(Rules(free_opening=True, handicap=1))
    assert names(pos.rules, pos.black) == ["a1"] and names(pos.rules, pos.legal) == ["d4", "d5", "e4", "e5"]


def test_othello_score_awards_empties_to_winner():
    rules = Rules()
    pos = board(rules, "a1 b1 c1", "", WHITE)
    assert pos.is_over
    r = pos.result()
    assert (r.black, r.white, r.winner, r.score) == (64, 0, BLACK, "64:0")
    pos = board(rules, "a1", "h8", BLACK)
    r = pos.result()
    assert (r.black, r.white, r.winner, r.score) == (32, 32, None, "32:32")


def test_a_result_with_empties_given_out_says_the_board_counts_too():
    """The counters show the discs on the board; a score that took the empties says why it differs."""
    pos = board(Rules(), "a1 b1 c1", "", WHITE)
    r = pos.result()
    assert (r.empties, r.board_counts, r.board_score) == (61, (3, 0), "3:0")
    assert r.describe() == "Black wins 64:0 (3:0 on the board, plus 61 empty squares for the winner)"
    assert r.describe(explain=False) == "Black wins 64:0"
    one_left = board(Rules(), " ".join(all_but(Rules(), "h8")), "", WHITE)
    assert one_left.result().describe() == "Black wins 64:0 (63:0 on the board, plus 1 empty square for the winner)"
    white = board(Rules(), "", "a1 b1", BLACK).result()
    assert white.describe() == "White wins 64:0 (2:0 on the board, plus 62 empty squares for the winner)"
    draw = board(Rules(), "a1", "h8", BLACK).result()
    assert draw.describe() == "Draw 32:32 (1:1 on the board, plus 31 empty squares each)"
    odd = board(Rules(blocked=("a2",)), "a1", "h8", BLACK).result()  # 61 empties: 30 each, one to nobody
    assert odd.board_score == "1:1"
    assert odd.describe() == "Draw 31:31 (1:1 on the board, plus 30 empty squares each)"
    one_each = board(Rules(size=4), "a1 b1 c1 d1 a2 b2 c2", "a4 b4 c4 d4 a3 b3 c3", BLACK)  # 2 empties
    assert not one_each.legal
    assert one_each.result().describe() == "Draw 8:8 (7:7 on the board, plus 1 empty square each)"


@pytest.mark.parametrize(
    "rules", [Rules(anti=True), Rules("classic"), Rules("classic", anti=True)], ids=["anti", "classic", "classic-anti"]
)
def test_a_result_whose_rules_give_no_empties_says_only_the_score(rules):
    r = board(rules, "a1 b1 c1 d4 e4 d5 e5", "", WHITE).result()  # the centre full: Classic has placed
    assert r.empties == 0 and r.board_score == r.score
    assert "on the board" not in r.describe() and r.describe() == r.describe(explain=False)


def test_a_full_board_says_only_the_score():
    full = board(Rules(size=4), "a1 b1 c1 d1 a2 b2 c2 d2 a3", "b3 c3 d3 a4 b4 c4 d4", BLACK).result()
    assert full.empties == 0 and full.describe() == "Black wins 9:7"


@pytest.mark.parametrize(
    "language, n, expected",  # n: the empties to the winner (negative: a draw's)
    [
        ("cs", 1, "Černý vyhrál 64:0 (63:0 na desce a 1 prázdné pole pro vítěze)"),
        ("cs", 3, "Černý vyhrál 64:0 (61:0 na desce a 3 prázdná pole pro vítěze)"),
        ("cs", 5, "Černý vyhrál 64:0 (59:0 na desce a 5 prázdných polí pro vítěze)"),
        ("pl", 1, "Czarne wygrywają 64:0 (63:0 na planszy i 1 puste pole dla zwycięzcy)"),
        ("pl", 3, "Czarne wygrywają 64:0 (61:0 na planszy i 3 puste pola dla zwycięzcy)"),
        ("pl", 5, "Czarne wygrywają 64:0 (59:0 na planszy i 5 pustych pól dla zwycięzcy)"),
        ("da", 1, "Sort vinder 64:0 (63:0 på brættet plus 1 tomt felt til vinderen)"),
        ("da", 3, "Sort vinder 64:0 (61:0 på brættet plus 3 tomme felter til vinderen)"),
        ("cs", -2, "Remíza 8:8 (7:7 na desce a 1 prázdné pole pro každého)"),
        ("pl", -2, "Remis 8:8 (7:7 na planszy i po 1 pustym polu dla każdej strony)"),
        ("pl", -62, "Remis 32:32 (1:1 na planszy i po 31 pustych pól dla każdej strony)"),
    ],
)
def test_the_empties_given_to_the_winner_are_said_in_each_language(language, n, expected):
    from reversi import i18n

    if n == -2:  # a draw on 4x4 with two empties: one each
        pos = board(Rules(size=4), "a1 b1 c1 d1 a2 b2 c2", "a4 b4 c4 d4 a3 b3 c3", BLACK)
    elif n == -62:
        pos = board(Rules(), "a1", "h8", BLACK)
    else:  # Black everywhere but the last n squares of the bottom row
        pos = board(Rules(), " ".join(all_but(Rules(), *("h8", "g8", "f8", "e8", "d8")[:n])), "", WHITE)
    i18n.set_language(language)
    assert pos.result().describe() == expected


def test_anti_scoring_fewer_discs_wins_no_empties():
    rules = Rules(anti=True)
    pos = board(rules, "a1 b1 c1", "h8", BLACK)
    r = pos.result()
    assert (r.black, r.white, r.winner, r.score) == (3, 1, WHITE, "1:3")
    assert pos.final_margin(WHITE) == 2 and pos.final_margin(BLACK) == -2


def test_draw_with_odd_empties_on_blocked_board():
    rules = Rules(blocked=("a2",))  # 63 squares
    pos = board(rules, "a1", "h8", BLACK)
    r = pos.result()
    assert r.winner is None and r.score == "31:31"


def test_passes_and_end():
    rules = Rules()
    # white to move has nothing; black can still play: white must pass
    pos = board(rules, "a1 b1", "c1", WHITE)
    assert pos.must_pass and not pos.is_over
    with pytest.raises(Exception, match="must play"):
        pos.play(PASS).play(PASS)
    nxt = pos.play(PASS)
    assert nxt.turn == BLACK and nxt.legal


def test_octagon_b2_lies_on_one_line_only():
    """b2 (and the 3 like it) can only be enclosed along the diagonal through the cut."""
    rules = Rules("octagon")
    g = rules.geometry
    for name, ends in (("b2", {"a3", "c1"}), ("i2", {"h1", "j3"}), ("b9", {"a8", "c10"}), ("i9", {"h10", "j8"})):
        bit = 1 << g.parse_square(name)
        lines = []
        for d in g.shifts:
            ahead, behind = (bit << d) & g.mask, (bit >> d) & g.mask
            if ahead and behind:
                lines.append(set(g.bits_to_names(ahead | behind)))
        assert lines == [ends]
    # and in play: with black on b2 and white on c2 and b3, no white move takes b2
    pos = board(rules, "b2", "c2 b3 c3", WHITE)
    assert pos.legal == 0
