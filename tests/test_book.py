"""The opening book: canonical keys, the file, play from it, and the builder (tiny runs)."""

from __future__ import annotations

import random

import pytest

from reversi import Position, Rules
from reversi.engine.book import book_for, book_moves, book_names, canonical, load_book, save_book
from reversi.engine.levels import LEVELS
from reversi.engine.play import choose_move
from reversi.engine.protocol import Limits
from reversi.errors import WeightsError
from reversi.tools.book_builder import BookBuilder, evaluate
from reversi.tools.book_builder import main as build_main


def played(rules: Rules, plies: int, seed: int) -> Position:
    rng = random.Random(seed)
    pos = Position.start(rules)
    for _ in range(plies):
        if pos.is_over:
            break
        pos = pos.pass_turn() if pos.must_pass else pos.play(rng.choice(pos.legal_moves()))
    return pos


def turned(pos: Position, f) -> tuple[int, int]:
    """The position's boards under the square map ``f(col, row)``, by the geometry's own squares."""
    g = pos.rules.geometry
    out = []
    for board in (pos.player, pos.opponent):
        b = 0
        for c in range(8):
            for r in range(8):
                if board >> g.index(c, r) & 1:
                    b |= 1 << g.index(*f(c, r))
        out.append(b)
    return out[0], out[1]


SYMMETRIES = [
    lambda c, r: (7 - c, r),
    lambda c, r: (c, 7 - r),
    lambda c, r: (r, c),
    lambda c, r: (7 - r, 7 - c),
    lambda c, r: (7 - c, 7 - r),
]


@pytest.mark.parametrize("seed", range(6))
def test_canonical_keys_are_the_same_for_turned_positions_and_differ_otherwise(seed: int) -> None:
    rules = Rules()
    g = rules.geometry
    pos = played(rules, 5 + 7 * seed, seed)
    key = canonical(g, pos.player, pos.opponent)
    for f in SYMMETRIES:
        assert canonical(g, *turned(pos, f)) == key
    # the sides matter, and so does one more disc
    assert canonical(g, pos.opponent, pos.player) != key
    other = played(rules, 6 + 7 * seed, seed)
    assert canonical(g, other.player, other.opponent) != key
    # compact bits: 64 squares at most, as many discs as the board
    assert key[0].bit_count() == pos.player.bit_count() and key[0] < 1 << 64


def test_a_book_file_round_trips_and_damage_is_refused(tmp_path) -> None:
    book = {(1, 2): 100, (1 << 63, 4): -300, (8, 16): 0}
    path = tmp_path / "book.bin"
    save_book(str(path), {"format": "test"}, book)
    header, loaded = load_book(str(path))
    assert loaded == book and header["positions"] == 3
    data = path.read_bytes()
    path.write_bytes(data[:-3])
    with pytest.raises(WeightsError, match="damaged opening book"):
        load_book(str(path))
    with pytest.raises(WeightsError, match="cannot read"):
        load_book(str(tmp_path / "absent.bin"))


def test_only_8x8_othello_has_a_book() -> None:
    assert book_names(Rules()) == ["book_8x8.bin"]
    for rules in (Rules(anti=True), Rules(size=10), Rules("octagon"), Rules("classic")):
        assert book_names(rules) == []
    assert book_for(Rules(anti=True)) is None


def test_book_moves_need_every_move_of_an_expanded_position() -> None:
    rules = Rules()
    g = rules.geometry
    start = Position.start(rules)
    children = [start.play(m) for m in start.legal_moves()]
    book = {canonical(g, start.player, start.opponent): -50}
    book.update({canonical(g, c.player, c.opponent): 50 for c in children})
    assert book_moves(start, book) == {m: -50 for m in start.legal_moves()}
    # a child of the start is in the book but was not expanded: no book move there
    assert book_moves(children[0], book) == {}
    # expanded: its moves' values, turned to the mover's side
    second = children[0]
    replies = {m: second.play(m) for m in second.legal_moves()}
    values = dict(zip(replies, (30, -20, 70), strict=True))
    for m, child in replies.items():
        book[canonical(g, child.player, child.opponent)] = values[m]
    assert book_moves(second, book) == {m: -v for m, v in values.items()}
    # one of them missing: the position is not the book's any more
    gone = next(iter(replies.values()))
    del book[canonical(g, gone.player, gone.opponent)]
    assert book_moves(second, book) == {}


def test_the_shipped_book_plays_varied_openings_at_the_strong_levels_only() -> None:
    rules = Rules()
    if book_for(rules) is None:
        pytest.fail("the 8x8 book is shipped: reversi/engine/data/book_8x8.bin")
    start = Position.start(rules)
    for level in LEVELS:
        move, info = choose_move(start, level.level, seed=1)
        assert bool(info.get("book")) == (level.book_margin >= 0), level
    # Expert varies its first moves (the four are one position) and stays in the book a while
    firsts = {choose_move(start, 7, seed=s)[0] for s in range(12)}
    assert len(firsts) >= 3
    pos = start
    inside = 0
    for ply in range(8):
        move, info = choose_move(pos, 7, seed=ply)
        if not info.get("book"):
            break
        inside += 1
        scores = book_moves(pos, book_for(rules))
        assert scores[move] >= max(scores.values()) - LEVELS[-1].book_margin
        pos = pos.play(move)
    assert inside >= 6
    # and a caller may turn it off
    move, info = choose_move(start, 7, Limits(seconds=0.05), use_book=False)
    assert not info.get("book")


def test_the_builder_values_positions_by_negamax_over_their_moves(tmp_path) -> None:
    out = tmp_path / "book.bin"
    assert build_main(["--quick", "--out", str(out)]) == 0
    header, book = load_book(str(out))
    assert header["training"]["depth"] == 1 and 4 < len(book) <= 60
    rules = Rules()
    g = rules.geometry
    builder = BookBuilder(rules, depth=1, ply_cost=40, max_ply=4)
    builder.expand([builder.root], lambda tasks: [evaluate(t) for t in tasks])
    builder.expand(builder.frontier(2), lambda tasks: [evaluate(t) for t in tasks])
    start = Position.start(rules)
    # every expanded position is worth its best move (negamax), every leaf its search
    for key, kids in builder.signed.items():
        assert builder.value[key] == max(sign * builder.value[k] for k, sign in kids)
    child = start.play(start.legal_moves()[0])
    assert builder.value[canonical(g, child.player, child.opponent)] == -builder.value[builder.root] or (
        canonical(g, child.player, child.opponent) in builder.expanded
    )


def test_a_book_grows_from_an_earlier_one_keeping_what_it_had(tmp_path) -> None:
    first = tmp_path / "first.bin"
    assert build_main(["--quick", "--positions", "20", "--out", str(first)]) == 0
    old_header, old = load_book(str(first))
    assert 4 < len(old) <= 20  # the cap is a bound, not a point after which the last expansion ends
    # taken up again, the tree is the same: every position, its value, nothing searched
    builder = BookBuilder(Rules(), depth=1, ply_cost=40, max_ply=24)
    expanded = builder.grow_from(old)
    assert expanded == old_header["training"]["expanded"] and builder.book() == old
    # grown, it holds every earlier position and more, and its header keeps the earlier run
    grown = tmp_path / "grown.bin"
    assert build_main(["--quick", "--positions", "50", "--grow", str(first), "--out", str(grown)]) == 0
    header, book = load_book(str(grown))
    assert set(old) < set(book) and header["training"]["expanded"] > expanded
    assert header["training"]["earlier"][0]["expanded"] == expanded
    # an unreadable earlier book is refused with a message, not a traceback
    with pytest.raises(SystemExit):
        build_main(["--quick", "--grow", str(tmp_path / "absent.bin"), "--out", str(grown)])


def test_a_revalued_book_keeps_its_tree_and_takes_the_current_searchs_values(tmp_path) -> None:
    first = tmp_path / "first.bin"
    assert build_main(["--quick", "--positions", "20", "--out", str(first)]) == 0
    _, old = load_book(str(first))
    # the earlier book's values made up (as if another evaluation had given them): a revalue
    # must replace every leaf's by the search's, and every inner position's by negamax
    skewed = {k: v + 1000 + 7 * i for i, (k, v) in enumerate(sorted(old.items()))}
    builder = BookBuilder(Rules(), depth=1, ply_cost=40, max_ply=24)
    builder.grow_from(skewed)
    assert builder.book() != old
    searched = builder.research_leaves(lambda tasks: [evaluate(t) for t in tasks])
    leaves = [k for k in builder.leaf if k not in builder.expanded]
    assert searched == len(leaves) > 0 and set(builder.book()) == set(old)
    for k in leaves:
        assert builder.value[k] == evaluate((builder.positions[k], 1))
    for key, kids in builder.signed.items():
        assert builder.value[key] == max(sign * builder.value[k] for k, sign in kids)
    # the quick build of the same tree with depth 1 gave these very values
    assert builder.book() == old
    # from the command line: the header says how many leaves were searched again
    out = tmp_path / "revalued.bin"
    skewed_file = tmp_path / "skewed.bin"
    save_book(str(skewed_file), {"format": "reversi opening book 1", "board": 8, "training": {}}, skewed)
    # (no room to grow: the book stays the tree it was)
    assert build_main(["--quick", "--positions", str(len(old)), "--grow", str(skewed_file), "--revalue",
                       "--out", str(out)]) == 0
    header, book = load_book(str(out))
    assert header["training"]["revalued"] == len(leaves) and book == old
    # a book without the start (nothing to take up) is built afresh, with nothing revalued
    foreign = tmp_path / "foreign.bin"
    save_book(str(foreign), {"format": "reversi opening book 1", "board": 8, "training": {}}, {(1, 2): 5})
    assert build_main(["--quick", "--positions", "20", "--grow", str(foreign), "--revalue", "--out", str(out)]) == 0
    header, book = load_book(str(out))
    assert "revalued" not in header["training"] and (1, 2) not in book and 4 < len(book) <= 20
    # --revalue without a book to revalue is refused
    with pytest.raises(SystemExit):
        build_main(["--quick", "--revalue", "--out", str(out)])


def test_the_workers_book_request_gives_every_move_of_a_position_the_book_holds() -> None:
    """The explorer's book column: the worker's ``book`` answers the book's values by square name,
    nothing outside the book or for rules without one, and a bad request as an error."""
    from reversi.engine import api

    pos = Position.start(Rules()).play(Rules().geometry.parse_square("f5"))
    book = book_for(Rules())
    assert book is not None
    expected = {Rules().geometry.name(m): v for m, v in book_moves(pos, book).items()}
    assert api.book(None, None, "f5") == {"moves": expected} and expected
    assert api.book({"size": 10}, None, "") == {"moves": {}}
    assert api.book(None, None, "e6f6g6g7g8h8f5f8f7e7e8d8") == {"moves": {}}  # out of the book
    assert "error" in api.book(None, None, "e5")
