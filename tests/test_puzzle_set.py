"""Puzzle sets (reversi/ui/embed/puzzle_set.py): the link's compact positions and answers, the
reader's way through a set (score, summary), the address's size limit, and ``reversi puzzle --set``.

The browser side (a three-puzzle set solved in the embed, its summary, a set at the size limit)
is tests/test_embed_browser.py.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import puzzle_positions, random_position, random_puzzle, three_puzzles

from reversi.core.position import PASS, Position
from reversi.core.rules import Rules
from reversi.errors import ReversiError
from reversi.formats.links import record_from_query
from reversi.ui.embed.puzzle_set import (
    MAX_PUZZLES,
    MAX_SET_ADDRESS,
    PuzzleSetState,
    check_set_address,
    pack_position,
    puzzle_set_query,
    read_puzzle_set,
    unpack_position,
)
from reversi.ui.embed.snippets import embed_url
from reversi.ui.embed.viewer import Viewer

ROOT = Path(__file__).resolve().parent.parent
RULES = [Rules(), Rules(anti=True), Rules("classic"), Rules("octagon"), Rules(size=16), Rules(size=4),
         Rules(blocked=("a1", "h8", "d7")), Rules(handicap=2), Rules(free_opening=True)]


@settings(max_examples=120, deadline=None)
@given(st.sampled_from(RULES), st.integers(0, 10**6), st.integers(0, 120))
def test_a_packed_position_reads_back_the_same(rules: Rules, seed: int, plies: int) -> None:
    position = random_position(rules, seed, plies)
    text = pack_position(position)
    assert text.isascii() and "." not in text and "~" not in text
    assert unpack_position(text, rules) == position
    if rules == Rules():
        assert len(text) <= 22  # 64 squares in base 3, written in base 36, and the side to move


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(RULES), st.integers(0, 10**6), st.integers(1, 6))
def test_a_set_reads_back_its_positions_answers_and_solutions(rules: Rules, seed: int, count: int) -> None:
    entries = [(p, random_puzzle(p, seed + i)) for i, p in enumerate(puzzle_positions(rules, seed, count))]
    query = puzzle_set_query(entries)
    back = read_puzzle_set(query)
    assert [(p, z.losses, z.exact) for p, z in back] == [(p, z.losses, z.exact) for p, z in entries]
    # the solution as played: a forced pass after its last move is filled in, as in one puzzle's link
    assert [tuple(m for m in z.solution if m != PASS) for _p, z in back] == [z.solution for _p, z in entries]
    viewer = Viewer.from_query("?view=puzzle&" + query)
    assert viewer.problem == "" and viewer.puzzle_set is not None and len(viewer.puzzle_set) == count
    assert viewer.game.root.position == entries[0][0]


def test_the_score_counts_best_moves_found_at_the_first_try_and_the_summary_says_each() -> None:
    entries = three_puzzles()
    v = Viewer.from_query("?view=puzzle&" + puzzle_set_query(entries))
    puzzles = v.puzzle_set
    assert puzzles is not None and puzzles.progress() == "Puzzle 1 of 3 · 0 of 0 right at the first try"
    g = Rules().geometry

    def best(i: int) -> str:
        return g.name(min(entries[i][1].best))

    def worse(i: int) -> str:
        return g.name(next(m for m, loss in sorted(entries[i][1].losses.items()) if loss))

    assert v.try_move(best(0)) and v.current.depth == 1  # right at the first try, and played
    assert v.next_puzzle() and v.game.root.position == entries[1][0] and v.solving()
    assert v.try_move(worse(1)) and v.try_move(best(1))  # right at the second try
    assert puzzles.progress() == "Puzzle 2 of 3 · 1 of 2 right at the first try"
    assert v.prev_puzzle() and v.current.depth == 1 and not v.solving()  # puzzle 1 as it was left
    assert v.next_puzzle() and v.next_puzzle()
    v.show_solution()  # puzzle 3: the solution shown, then its best move: not found by the reader
    v.retry()
    assert v.try_move(best(2))
    assert v.next_puzzle() and v.in_summary() and not v.solving()
    assert not v.next_puzzle() and not v.try_move(best(2))
    assert puzzles.summary_text() == "You found the best move at the first try in 1 of 3 puzzles."
    assert puzzles.summary_lines() == [
        ("first", "Puzzle 1: right at the first try"),
        ("later", "Puzzle 2: right after 2 tries"),
        ("shown", "Puzzle 3: solution shown"),
    ]
    assert v.prev_puzzle() and not v.in_summary() and puzzles.index == 2
    v.restart_set()
    assert puzzles.index == 0 and puzzles.score() == 0 and v.solving() and v.current.depth == 0
    assert [line[0] for line in puzzles.summary_lines()] == ["open", "open", "open"]


@pytest.mark.parametrize("rules", [Rules(), Rules(size=6), Rules("octagon")], ids=["8x8", "6x6", "octagon"])
def test_a_sets_app_link_opens_the_puzzle_shown_at_its_start_and_never_the_answer(rules: Rules) -> None:
    entries = [(position, random_puzzle(position, i)) for i, position in enumerate(puzzle_positions(rules, 5, 2))]
    v = Viewer.from_query("?view=puzzle&caption=Set&" + puzzle_set_query(entries))
    for index, (position, puzzle) in enumerate(entries):
        query = v.app_query("?view=puzzle&caption=Set&" + puzzle_set_query(entries))
        assert "ps=" not in query and "view=" not in query and "caption=" not in query
        record = record_from_query(query)
        assert record.rules == rules and record.start == position and not record.moves, index
        assert v.try_move(rules.geometry.name(min(puzzle.best)))  # played: the link stays at the start
        assert record_from_query(v.app_query("")).start == position
        if index + 1 < len(entries):
            assert v.next_puzzle()
    assert v.next_puzzle() and v.in_summary()
    record = record_from_query(v.app_query(""))
    assert record.rules == rules and record.start is None


def test_a_games_app_link_keeps_the_game_and_drops_the_embeds_options() -> None:
    v = Viewer.from_query("?view=game&caption=Hi&m=f5d6c3")
    query = v.app_query("?view=game&caption=Hi&m=f5d6c3")
    assert "caption=" not in query and "view=" not in query
    assert len(record_from_query(query).moves) == 3


@pytest.mark.parametrize("ps", ["zz~\u00e9\u200b", "x" * 30_000, "%00", ""])
def test_a_bad_sets_app_link_opens_the_rules_without_the_sets_text(ps: str) -> None:
    query = "?view=puzzle&r=octagon&ps=" + ps
    v = Viewer.from_query(query)
    assert v.problem and v.puzzle_set is None
    app = v.app_query(query)
    assert "ps=" not in app and "view=" not in app and len(app) < 100
    assert record_from_query(app).rules.variant == "octagon"


def test_a_set_is_refused_when_it_mixes_rules_is_empty_or_too_long() -> None:
    entries = three_puzzles()
    octagon = puzzle_positions(Rules("octagon"), 1, 1)[0]
    with pytest.raises(ReversiError, match="same rules"):
        puzzle_set_query([*entries, (octagon, random_puzzle(octagon, 1))])
    with pytest.raises(ReversiError, match="no puzzle"):
        puzzle_set_query([])
    with pytest.raises(ReversiError, match="at most 100"):
        puzzle_set_query(entries * 34)
    assert len(read_puzzle_set(puzzle_set_query(entries * 33 + entries[:1]))) == MAX_PUZZLES


def test_the_address_limit_is_checked_at_the_limit_and_says_how_many_fit() -> None:
    """The longest address a set may have is accepted; one character more is refused, with the
    number of puzzles that would fit."""
    entries = [(p, random_puzzle(p, i)) for i, p in enumerate(puzzle_positions(Rules(size=16), 3, 99))]
    app = "https://example.github.io/reversi/"
    count = 1
    def address(n: int) -> str:
        return embed_url(app, puzzle_set_query(entries[:n]), view="puzzle")

    while count < len(entries) - 1 and len(address(count + 1)) <= MAX_SET_ADDRESS:
        count += 1
    url = embed_url(app, puzzle_set_query(entries[:count]), view="puzzle")
    longer = embed_url(app, puzzle_set_query(entries[: count + 1]), view="puzzle")
    assert len(url) <= MAX_SET_ADDRESS < len(longer)
    check_set_address(url, count)
    padded = url + "&caption=" + "x" * (MAX_SET_ADDRESS - len(url) - len("&caption="))
    assert len(padded) == MAX_SET_ADDRESS
    check_set_address(padded, count)  # exactly at the limit
    fit = (count + 1) * MAX_SET_ADDRESS // len(longer)
    with pytest.raises(ReversiError, match=rf"about {fit} of these {count + 1}"):
        check_set_address(longer, count + 1)
    with pytest.raises(ReversiError, match="8,000"):
        check_set_address(padded + "x", count)
    viewer = Viewer.from_query(padded[padded.index("?"):])
    assert viewer.problem == "" and viewer.puzzle_set is not None and len(viewer.puzzle_set) == count


@pytest.mark.parametrize(("ps", "message"), [
    ("", "no puzzles"),
    ("zz", "puzzle 1: puzzle set: 'zz' should be a position"),
    ("zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz.0.", "puzzle 1: puzzle set: 'zzzzzzzzzzzzzzzzzzzzzzzzzzzzzz' "
                                                     "is not a position"),
    ("0x.0.", "puzzle 1: puzzle: the side to move has no move to find here"),
    ("START.0-0.", "puzzle 1: puzzle set: 2 answers given for 4 legal moves"),
    ("START.0-0-0-x.", "not a number of discs"),
    ("START.1-1-1-1.", "no move is marked best"),
    ("START.0-0-0-999.", "not a number of discs"),
    ("START.0-0-0-0.c4.y", "should be a position, the answers and the solution"),
    ("START.0-5-5-5.e6", "the solution does not start with a best move"),
    ("START.0-5-5-5.d3zz", "cannot read 'zz'"),
    ("START.0-5-5-5.d3~", "puzzle 2: "),
])
def test_a_bad_set_link_names_the_puzzle_and_what_is_wrong(ps: str, message: str) -> None:
    start = pack_position(Position.start(Rules()))
    query = "view=puzzle&ps=" + ps.replace("START", start)
    with pytest.raises(ReversiError, match=message.replace("(", r"\(").replace(")", r"\)")):
        read_puzzle_set(query)
    viewer = Viewer.from_query("?" + query)  # the embed shows the start and says why
    assert message.split(": ")[-1] in viewer.problem and viewer.puzzle_set is None and viewer.status()


def test_a_set_state_with_no_moves_left_to_go() -> None:
    entries = three_puzzles()[:1]
    puzzles = PuzzleSetState(entries)
    assert not puzzles.prev() and puzzles.next() and puzzles.summary and not puzzles.next()
    assert puzzles.prev() and not puzzles.summary and puzzles.index == 0


# -- the command line ------------------------------------------------------------------------------

#: The example page's endgame (Black to move, 10 empty squares, e2 best) and two positions before it.
ENDGAME = "f5f4f3f6d3f2g6c3b3b2g4g3b1d2c4c5f1g2g1g5c6a1h6a2b5c7f7d6c2h5b8e7d1a4a3g7h4e3e6h1d8e1e8b4f8h2c1h8a6b6"


def run(*argv: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "reversi", *argv], capture_output=True, text=True, cwd=ROOT,
                          input=stdin, timeout=300)


def test_puzzle_set_from_a_file_of_positions_and_games(tmp_path: Path) -> None:
    from reversi.formats.notation import play_transcript, position_to_string

    octagon_start = position_to_string(Position.start(Rules("octagon")))
    lines = ["# an endgame, the position before it, and the start", ENDGAME, "", ENDGAME[:-4],
             position_to_string(Position.start(Rules()))]
    path = tmp_path / "set.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    done = run("puzzle", "--set", str(path), "--seconds", "0.1", "--exact", "12",
               "--url", "https://example.github.io/reversi/")
    assert done.returncode == 0, done.stderr
    url = done.stdout.strip()
    assert url.startswith("https://example.github.io/reversi/?ps=") and url.endswith("&view=puzzle")
    entries = read_puzzle_set(url[url.index("?"):])
    start = Position.start(Rules())
    assert [p for p, _ in entries] == [play_transcript(start, ENDGAME).position,
                                       play_transcript(start, ENDGAME[:-4]).position, start]
    assert all(sorted(z.losses) == p.legal_moves() and 0 in z.losses.values() for p, z in entries)
    # the endgame solved exactly (the search stops as soon as the solver is done)
    path.write_text(ENDGAME + "\n", encoding="utf-8")
    done = run("puzzle", "--set", str(path), "--seconds", "120", "--exact", "12")
    first = read_puzzle_set(done.stdout.strip().partition("?")[2])[0][1]
    g = Rules().geometry
    assert first.exact and first.best == {g.parse_square("e2")} and first.losses[g.parse_square("h3")] == 22
    # from standard input, as an iframe
    html = run("puzzle", "--set", "-", "--seconds", "0.1", "--html", "--caption", "Endgames", stdin=ENDGAME + "\n")
    assert html.returncode == 0 and html.stdout.startswith("<iframe")
    assert 'title="Reversi puzzle: Endgames"' in html.stdout  # a set of one: named a puzzle, with its caption
    # every line of another rule set's file is read with the rules given
    octagon = tmp_path / "octagon.txt"
    octagon.write_text(octagon_start + "\n" + "e4\n", encoding="utf-8")
    done = run("puzzle", "--set", str(octagon), "--rules", "octagon", "--seconds", "0.05")
    assert done.returncode == 0, done.stderr
    assert "r=octagon" in done.stdout and len(read_puzzle_set(done.stdout.strip().partition("?")[2])) == 2


@pytest.mark.parametrize(("content", "extra", "message"), [
    (b"f5\nzz\n", [], "line 2: transcript: cannot read 'zz'"),
    (b"# nothing\n\n", [], "no position in it"),
    (b"\xff\xfe f5\n", [], "not UTF-8 text"),
    (b"f5\n" * 101, [], "101 positions, but a set holds at most 100"),
    (b"f5d6c3d3c4f4f6f3e6e7d7 pass\n", [], "line 1:"),
    (b"f5\n", ["f5"], "give no position or moves beside it"),
    (b"f5\n", ["--at", "3"], "line 1: --at 3 is out of range"),
])
def test_puzzle_set_files_with_mistakes_get_one_line_that_says_where(
        tmp_path: Path, content: bytes, extra: list[str], message: str) -> None:
    path = tmp_path / "set.txt"
    path.write_bytes(content)
    done = run("puzzle", "--set", str(path), "--seconds", "0.05", *extra)
    assert done.returncode != 0 and done.stdout == ""
    assert message in done.stderr and done.stderr.count("\n") == 1 and "Traceback" not in done.stderr


def test_puzzle_set_refuses_a_set_whose_address_is_too_long(tmp_path: Path) -> None:
    """A hundred 16x16 positions make an address over the limit: refused, saying how many fit, before
    the searches of their answers (a minute each here: the command would run out of the test's time)."""
    from reversi.formats.notation import position_to_string

    positions = puzzle_positions(Rules(size=16), 11, 100)
    path = tmp_path / "big.txt"
    path.write_text("\n".join(position_to_string(p) for p in positions) + "\n", encoding="utf-8")
    done = run("puzzle", "--set", str(path), "--size", "16", "--seconds", "60", "--exact", "0")
    assert done.returncode != 0 and "more than the 8,000" in done.stderr and "of these 100 puzzles fit" in done.stderr


def test_the_least_address_of_a_set_is_never_longer_than_its_address() -> None:
    """The early refusal never turns away a set that would fit: a set's least address (before any
    search) is at most as long as its address once worked out."""
    from reversi.ui.embed.puzzle_set import least_set_query, puzzle_set_query

    for rules in (Rules(), Rules(size=6), Rules(size=16), Rules("octagon")):
        for seed in range(5):
            positions = puzzle_positions(rules, seed, 4)
            entries = [(p, random_puzzle(p, seed + i)) for i, p in enumerate(positions)]
            assert len(least_set_query(positions)) <= len(puzzle_set_query(entries)), (rules, seed)
