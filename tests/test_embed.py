"""Embeds and diagrams under CPython: the viewer's replay, its options, standalone SVG, ``svg``.

The browser side (the embed page itself) is tests/test_embed_browser.py.
"""

from __future__ import annotations

import functools
import random
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import find_game_with_pass

from reversi import Game, Rules
from reversi.cli.main import main
from reversi.core.position import PASS
from reversi.drawing.diagram import position_view, standalone_svg
from reversi.drawing.render import render_board
from reversi.errors import ReversiError
from reversi.ui.embed.viewer import MAX_CAPTION, Viewer, embed_options

SVG = "{http://www.w3.org/2000/svg}"
TIGER = "?view=embed&v=2&m=f5d6c3d3c4%7BThe%20Tiger%7Df4(b3)e3f6&at=5&caption=The%20Tiger"


# -- the viewer ------------------------------------------------------------------------------


def test_the_viewer_opens_at_the_links_position_and_goes_through_the_game() -> None:
    v = Viewer.from_query(TIGER)
    assert v.problem == "" and v.current.depth == 5 and v.status() == "3. Black c4"
    assert v.current.comment == "The Tiger"
    assert v.game.live.depth == 8  # the whole game is the game: no move is "ahead"
    assert v.next() and v.status() == "3. White f4"
    assert v.last() and v.status() == "4. White f6" and not v.can_go_forward()
    assert not v.next()
    assert v.first() and v.current.depth == 0 and v.status() == "Black to move" and not v.can_go_back()
    assert not v.prev()


def test_the_viewer_goes_into_a_variation_and_follows_it() -> None:
    v = Viewer.from_query(TIGER)
    f4, b3 = v.current.children  # the main line's move, and the variation's
    assert [v.game.rules.geometry.name(n.move) for n in (f4, b3)] == ["f4", "b3"]
    assert v.go_to_node(b3.id) and v.status() == "3. White b3"
    assert not v.can_go_forward()  # the variation is one move long
    assert v.prev() and v.current.depth == 5
    assert not v.go_to_node(10_000)  # no such node: nothing changes


def test_autoplay_runs_to_the_end_and_starts_again_from_the_end() -> None:
    v = Viewer.from_query(TIGER)
    assert v.toggle_play() and v.playing
    seen = []
    while v.tick():
        seen.append(v.current.depth)
    assert seen == [6, 7, 8] and not v.playing
    assert v.toggle_play() and v.current.depth == 0  # from the end it starts over
    assert v.toggle_play() is True and not v.playing  # pressed again: stopped
    assert v.key("ArrowRight") and v.current.depth == 1
    assert v.key("End") and v.current.depth == 8
    assert v.key("Home") and v.current.depth == 0
    assert v.key(" ") and v.playing
    assert not v.key("x")


def test_move_numbers_show_the_game_up_to_the_position_shown_in_its_line() -> None:
    """The viewer's numbered diagram: the moves of the line to the node shown, numbered on their
    squares in the colour of the side that played them, the start's discs plain; a variation's
    moves in the variation; on and off by the button, the key N or numbers=1."""
    v = Viewer.from_query(TIGER)  # at move 5 of f5 d6 c3 d3 c4 f4 (b3) e3 f6
    assert not v.numbered and v.board_view().numbers == ()
    v.toggle_numbers()
    view = v.board_view()
    assert dict(view.numbers) == {"f5": 1, "d6": 2, "c3": 3, "d3": 4, "c4": 5}
    g = v.game.rules.geometry
    colour = {name: view.cell(*g.coords(g.parse_square(name))) for name in ("f5", "d6", "c4", "d4", "e4")}
    assert colour["f5"] == colour["c4"] != colour["d6"]  # Black's moves, White's
    assert colour["d4"] != colour["e4"]  # the start's discs as they stood, not as the game left them
    assert 'data-number="5"' in render_board(view) and "move 5" in render_board(view)
    v.go_to_node(v.current.children[1].id)  # the variation b3 instead of f4
    assert dict(v.board_view().numbers) == {"f5": 1, "d6": 2, "c3": 3, "d3": 4, "c4": 5, "b3": 6}
    assert v.key("n") and v.board_view().numbers == ()  # the key N turns them off
    assert Viewer.from_query(TIGER + "&numbers=1").board_view().numbers != ()
    assert embed_options("?numbers=1").numbers and not embed_options("?numbers=yes").numbers


def test_the_viewer_steps_over_a_forced_pass() -> None:
    rules = Rules()
    moves = find_game_with_pass(rules)
    game = Game(rules)
    game.play_all(moves)
    k = game.line.index(PASS)
    from reversi.ui.sharing import link_query

    v = Viewer.from_query("?view=embed&" + link_query(game).lstrip("?"))
    v.first()
    for _ in range(k - 1):
        v.next()
    assert v.current.depth == k - 1
    assert v.game.main_line()[k].position.must_pass  # after ply k the side to move must pass
    v.next()  # nobody rests there: the pass is stepped over
    assert v.current.depth == k + 1
    v.prev()  # and back over it
    assert v.current.depth == k - 1


@pytest.mark.parametrize(
    "query, words",
    [("?view=embed&m=f5f5", "transcript"), ("?view=embed&s=99", "size"), ("?view=embed&v=9", "newer"),
     ("?view=embed&at=99&m=f5", "at=")],
)
def test_a_bad_game_link_shows_the_start_and_says_why(query: str, words: str) -> None:
    v = Viewer.from_query(query)
    assert words in v.problem and v.game.ply == 0 and v.status() == "Black to move"


def test_the_embeds_options() -> None:
    o = embed_options("?view=puzzle&caption=" + "x" * 500 + "&flip=1&theme=light")
    assert o.view == "puzzle" and o.flip and o.theme == "light"
    assert len(o.caption) == MAX_CAPTION and o.caption.endswith("…")
    o = embed_options("?view=nothing&theme=pink&flip=2&caption=%20a%0Ab%20")
    assert (o.view, o.theme, o.flip, o.caption) == ("embed", "", False, "a b")
    assert embed_options("?v=99") == embed_options("")  # unreadable: the defaults
    assert embed_options("").controls and not embed_options("?controls=0").controls
    assert Viewer.from_query("?view=embed&flip=1").board_view().rotated


# -- diagrams ---------------------------------------------------------------------------------


RULE_SETS = [Rules(), Rules("classic"), Rules("octagon"), Rules(size=10, anti=True), Rules(size=6),
             Rules(blocked=("a1", "c3")), Rules(handicap=2), Rules(free_opening=True)]


@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda r: r.describe())
@pytest.mark.parametrize("theme", ["light", "dark"])
def test_a_standalone_svg_is_xml_and_paints_every_square(rules: Rules, theme: str) -> None:
    from reversi.core.position import Position

    pos = Position.start(rules)
    view = position_view(rules, pos, show_legal=True, marks=[i for i in range(3) if i not in rules.geometry.removed])
    svg = standalone_svg(view, 300, theme)
    root = ET.fromstring(svg)
    assert root.get("width") == "300" and root.get("role") == "img"
    cells = [e for e in root.iter(f"{SVG}rect") if e.get("class") == "cell"]
    squares = rules.geometry.width * rules.geometry.height - len(rules.geometry.removed)
    assert len(cells) == squares and all(c.get("fill", "").startswith("#") for c in cells)
    frame = next(e for e in root.iter(f"{SVG}rect") if e.get("class") == "frame")
    assert frame.get("fill", "").startswith("#")
    assert "gridcell" not in svg and svg.count("role=") == svg.count("aria-label=") == 1  # one image, one name
    dots = [e for e in root.iter(f"{SVG}circle") if e.get("class") == "dot"]
    assert len(dots) == bin(pos.legal).count("1") and all(d.get("fill") for d in dots)
    # the same board as the page draws, only painted
    assert render_board(view).count("<g class=\"sq") == svg.count("<g class=\"sq")


def test_the_themes_differ_and_a_bad_one_is_refused() -> None:
    view = position_view(Rules(), Game().position)
    assert standalone_svg(view, theme="light") != standalone_svg(view, theme="dark")
    with pytest.raises(ValueError):
        standalone_svg(view, theme="pink")


# -- python -m reversi svg ---------------------------------------------------------------------


def test_the_svg_command_writes_a_diagram(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "d.svg"
    assert main(["svg", "f5", "d6", "c3", "--at", "2", "--marks", "d3,c4", "--legal", "--width", "250",
                 "-o", str(out)]) == 0
    root = ET.fromstring(out.read_text(encoding="utf-8").split("?>", 1)[1])
    assert root.get("width") == "250"
    squares = {e.get("data-square"): e for e in root.iter(f"{SVG}g") if e.get("data-square")}
    assert squares["d6"].get("data-state") == "white" and squares["c3"].get("data-state") == "empty"  # --at 2
    assert {n for n, e in squares.items() if e.get("data-marked")} == {"d3", "c4"}
    assert "last" in squares["d6"].get("class", "")
    assert main(["svg", "--rules", "octagon", "--theme", "dark", "--flip"]) == 0
    text = capsys.readouterr().out
    assert text.startswith("<?xml") and text.count("data-square=") == 88


@pytest.mark.parametrize(
    "argv, words",
    [(["svg", "f5", "--at", "3"], "--at 3"), (["svg", "--width", "5"], "--width 5"),
     (["svg", "--marks", "zz"], "zz"), (["svg", "f5f5"], "f5"),
     (["svg", "--rules", "octagon", "--marks", "a1"], "a1"), (["svg", "-o", "/nonexistent/dir/x.svg"], "cannot write")],
)
def test_the_svg_command_refuses_bad_input_in_one_line(argv: list[str], words: str,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and words in err and err.count("\n") == 1, err


# -- teachers' snippets and the example page ---------------------------------------------------


def test_snippets_escape_the_teachers_text_and_refuse_a_bad_game() -> None:
    from reversi.ui.embed.snippets import lite_snippet, viewer_snippet

    caption = 'Move "1" <script>alert(1)</script> & more'
    frame = viewer_snippet("https://example.org/reversi/", "m=f5d6", caption)
    assert "<script>" not in frame and "&lt;script&gt;" in frame and 'src="https://example.org/reversi/?' in frame
    assert "view=embed" in frame and "m=f5d6" in frame
    lite = lite_snippet("../../", "m=f5d6", caption)
    root = ET.fromstring(lite.replace("&nbsp;", " "))
    assert root.tag == "a" and root.get("class") == "reversi-lite" and root.get("href", "").startswith("../../?")
    assert "view=embed" in root.get("href", "") and root.find(f"{SVG}svg") is not None
    assert "<script>" not in lite
    for bad in ("m=f5f5", "s=99", "v=9"):
        with pytest.raises(ReversiError):
            lite_snippet("../../", bad)
        with pytest.raises(ReversiError):
            viewer_snippet("../../", bad)


def test_each_kind_of_embed_is_named_for_what_it_shows_in_its_language() -> None:
    """An iframe's title (what a screen reader announces) says viewer, diagram (no replay buttons),
    puzzle or puzzle set, in the embed's language; a lite diagram names the iframe it becomes."""
    from support import three_puzzles

    from reversi.i18n import set_language
    from reversi.ui.embed.puzzle_set import puzzle_set_query
    from reversi.ui.embed.snippets import make_snippet

    def title(html: str) -> str:
        return ET.fromstring(html).get("title", "")

    app = "https://x.org/r/"
    puzzle = "m=f5&pz=d6:0.f6:0.f4:0&sol=d6"
    puzzles = puzzle_set_query(three_puzzles())
    assert title(make_snippet("viewer", app, "m=f5d6")) == "Reversi game viewer"
    assert title(make_snippet("viewer", app, "m=f5d6", controls=False)) == "Reversi diagram"
    assert title(make_snippet("puzzle", app, puzzle)) == "Reversi puzzle"
    assert title(make_snippet("puzzle", app, puzzle, "Black to move")) == "Reversi puzzle: Black to move"
    assert title(make_snippet("puzzle", app, puzzles)) == "Reversi puzzles"
    assert title(make_snippet("puzzle", app, puzzle, lang="pl")) == "Zadanie reversi"  # the embed's language
    lite = ET.fromstring(make_snippet("lite", app, "m=f5d6").split("\n")[0])
    assert lite.get("data-title") == "Reversi game viewer"  # assets/lite.js names its iframe so
    assert lite.get("title") == "Open this position in the game viewer"
    board = ET.fromstring(make_snippet("puzzle", app, puzzle, script=True).split("\n")[0])
    assert board.get("title") == "Open this puzzle" and board.get("data-title") == "Reversi puzzle"
    set_language("da")
    assert title(make_snippet("puzzle", app, puzzles)) == "Reversiopgaver"  # the page's, when none is chosen


def test_a_puzzles_picture_shows_its_position_not_the_ghost_discs_of_its_moves() -> None:
    """A puzzle's board marks its legal moves with the mover's ghost disc, which the page shows on
    hover only: a picture (the snippet maker's preview, a lite diagram) must not draw them as discs."""
    from reversi.ui.embed.snippets import make_snippet

    puzzle = Viewer.from_query("?view=puzzle&m=f5&pz=d6:0.f6:0.f4:0&sol=d6")
    assert puzzle.problem == "" and puzzle.board_view().turn is not None  # ghosts in the markup
    for theme in ("light", "dark"):
        root = ET.fromstring(standalone_svg(puzzle.board_view(), 320, theme))
        ghosts = root.findall(f".//{SVG}circle[@class='ghost']")
        assert ghosts and all(g.get("display") == "none" for g in ghosts), theme
    lite = make_snippet("puzzle", "https://x.org/r/", "m=f5&pz=d6:0.f6:0.f4:0&sol=d6", script=True)
    link = ET.fromstring(lite.split("\n")[0])
    assert all(g.get("display") == "none" for g in link.iter(f"{SVG}circle") if g.get("class") == "ghost")


def test_the_example_teaching_page_is_made_by_the_site() -> None:
    from reversi.tools.build import ROOT, TEACHING_PAGE
    from reversi.tools.site import Site

    text = (Site(ROOT).generated(TEACHING_PAGE) or b"").decode()
    assert text.count('class="reversi-lite"') == 4 and text.count("<iframe") == 2 and "view=puzzle" in text


# -- puzzles ---------------------------------------------------------------------------------------

#: Black to move with 10 empty squares (the example page's puzzle): e2 is best, exactly.
ENDGAME = "f5f4f3f6d3f2g6c3b3b2g4g3b1d2c4c5f1g2g1g5c6a1h6a2b5c7f7d6c2h5b8e7d1a4a3g7h4e3e6h1d8e1e8b4f8h2c1h8a6b6"


def endgame_puzzle_query() -> str:
    from reversi.tools.build import teaching_puzzle

    return teaching_puzzle()


def test_a_puzzle_made_by_the_solver_answers_every_move() -> None:
    query = endgame_puzzle_query()
    assert "pz=e2:0." in query and "px=1" in query and "sol=e2" in query
    v = Viewer.from_query("?view=puzzle&" + query)
    assert v.problem == "" and v.puzzle is not None
    assert v.status() == "Black to move" and v.puzzle.task() == "Black to play: find the best move"
    assert len(v.board_view().legal) == 8 and v.board_view().turn == 0  # clickable, with a ghost disc
    assert v.try_move("h3") and v.puzzle.feedback == "h3 loses 22 discs against the best move. Try again."
    assert v.current is v.game.root  # a wrong try is not played
    assert not v.try_move("a1")  # not a legal move: no answer
    assert not v.try_move("zz")
    assert v.try_move("e2") and v.puzzle.feedback == "Right: e2 is the best move." and v.current.depth == 1
    assert not v.board_view().legal  # solved: the board takes no more tries
    assert not v.try_move("h3")
    v.retry()
    assert v.current.depth == 0 and v.puzzle.feedback == "" and v.board_view().legal
    v.show_solution()
    assert v.playing and v.tick() and v.current.depth == 1
    assert v.puzzle.tries == 2


@functools.cache
def pass_game() -> list[int]:
    return find_game_with_pass(Rules())


def puzzle_viewer(seed: int, start: int, length: int, losses: list[int], exact: bool) -> tuple[Viewer, list[int]]:
    """A puzzle made by the link's own writer: the position after ``start`` plies of a random game
    (or of one with a forced pass), the game's next ``length`` plies as the solution, the
    ``losses`` (cycled over the legal moves; the solution's first move, or the first move, best)."""
    rng = random.Random(seed)
    game = Game()
    game.play_all(pass_game() if seed % 3 == 0 else [])
    while not game.is_over:
        game.play(rng.choice(game.position.legal_moves()))
    nodes = [n for n in game.main_line() if not n.position.is_over and not n.position.must_pass]
    position = nodes[start % len(nodes)].position
    at = nodes[start % len(nodes)]
    line = [n.move for n in game.main_line()[at.depth + 1: at.depth + 1 + length]]
    while line and line[-1] == PASS:
        line.pop()  # a line ends on a move
    g = position.rules.geometry
    legal = position.legal_moves()
    best = line[0] if line else legal[0]
    scores = {g.name(m): -100 * (0 if m == best else losses[k % len(losses)]) for k, m in enumerate(legal)}
    pv = ["pass" if m == PASS else g.name(m) for m in line]
    from reversi.ui.embed.puzzle import puzzle_query

    v = Viewer.from_query("?view=puzzle&" + puzzle_query(position, {"scores": scores, "pv": pv, "exact": exact}))
    assert v.problem == "" and v.puzzle is not None
    played = Game(start=position)
    played.play_all(line)
    assert list(v.puzzle.puzzle.solution) == played.line  # a forced pass after the last move too
    return v, line


ACTIONS = ("try", "try", "try best", "retry", "solution", "next", "prev", "first", "last", "play", "tick", "node")


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 80), st.integers(0, 8),
       st.lists(st.integers(0, 4), min_size=1, max_size=6), st.booleans(),
       st.lists(st.tuples(st.sampled_from(ACTIONS), st.integers(0, 99)), max_size=14))
def test_show_solution_shows_the_solution_whatever_was_tried_before(
        seed: int, start: int, length: int, losses: list[int], exact: bool, actions: list[tuple[str, int]]) -> None:
    """Any order of tries (right or wrong), Try again, Show solution and replay: Show solution
    makes the puzzle's line the main line from its position, and says the solution, not an
    earlier answer."""
    v, line = puzzle_viewer(seed, start, length, losses, exact)
    puzzle = v.puzzle
    assert puzzle is not None
    g = v.game.rules.geometry
    played = Game(start=puzzle.position)
    played.play_all(line or [min(puzzle.puzzle.best)])  # no line in the link: a best move
    solution = played.line  # and a forced pass after its last move, which the game records itself
    shown = False
    for action, k in [*actions, ("solution", 0)]:
        legal = sorted(puzzle.puzzle.losses)
        if action == "try":
            v.try_move(g.name(legal[k % len(legal)]))
        elif action == "try best":
            v.try_move(g.name(sorted(puzzle.puzzle.best)[k % len(puzzle.puzzle.best)]))
        elif action == "retry":
            v.retry()
        elif action == "solution":
            v.show_solution()
            shown = True
            assert v.current is v.game.root and v.playing == bool(v.current.children)
            assert puzzle.verdict == "solution" and puzzle.feedback.startswith("Solution: ")
            names = " ".join(g.name(m) for m in solution if m != PASS)
            assert puzzle.feedback.startswith(f"Solution: {names}.")
            assert "loses" not in puzzle.feedback and "Right" not in puzzle.feedback
        elif action == "node":
            v.go_to_node(k % v.game.node_count)
        else:
            {"next": v.next, "prev": v.prev, "first": v.first, "last": v.last, "play": v.toggle_play,
             "tick": v.tick}[action]()
        if shown:  # once shown, the solution stays the main line (a later right answer is a variation)
            assert [n.move for n in v.game.main_line()[1:]] == solution
        # the message is the answer to what was done last
        said = {"": "", "best": "Right: ", "worse": " loses ", "solution": "Solution: "}[puzzle.verdict]
        assert said in puzzle.feedback
        assert bool(puzzle.feedback) == bool(puzzle.verdict)
    # autoplay goes through the solution to its end
    while v.tick():
        pass
    assert [n.move for n in v.current.path()] == solution and not v.playing


def test_show_solution_after_a_right_answer_tied_for_best_and_a_wrong_one() -> None:
    """The sequence found by hand: a right answer (tied for best, not the solution's first move),
    Try again, a wrong answer, Show solution."""
    v = Viewer.from_query("?view=puzzle&pz=d3:0.c4:0.f5:0.e6:18&sol=f5d6c3")
    puzzle = v.puzzle
    assert puzzle is not None
    assert v.try_move("c4") and puzzle.verdict == "best"
    v.retry()
    assert v.try_move("e6") and "loses about 18 discs" in puzzle.feedback
    v.show_solution()
    assert [v.game.rules.geometry.name(n.move) for n in v.game.main_line()[1:]] == ["f5", "d6", "c3"]
    assert puzzle.feedback == "Solution: f5 d6 c3. d3, c4 are just as good."
    assert [v.game.rules.geometry.name(n.move) for n in v.game.root.children] == ["f5", "c4"]  # the try stays, aside
    while v.tick():
        pass
    assert v.current.depth == 3 and v.status() == "2. Black c3"


def test_a_puzzles_answers_tied_for_best_and_estimated() -> None:
    from reversi.ui.embed.puzzle import Puzzle, PuzzleState

    pos = Game().position
    g = pos.rules.geometry
    losses = {g.parse_square("d3"): 0, g.parse_square("c4"): 0, g.parse_square("f5"): 0, g.parse_square("e6"): 1}
    state = PuzzleState(Puzzle(losses, (), exact=False), pos)
    assert state.try_move(g.parse_square("c4")) and state.feedback == "Right: c4 is one of the best moves."
    assert state.try_move(g.parse_square("e6"))
    assert state.feedback == "e6 loses about 1 disc against the best move. Try again."


@pytest.mark.parametrize(
    "answers, words",
    [("", "no answers"), ("pz=d3:0.c4:0.f5:0", "no answer for e6"),
     ("pz=d3:0.c4:0.f5:0.e6:0.a1:0", "a1 is not a legal"),
     ("pz=d3:1.c4:1.f5:1.e6:1", "no move is marked best"), ("pz=d3:x.c4:0.f5:0.e6:0", "should be a move"),
     ("pz=d3:9999.c4:0.f5:0.e6:0", "should be a move"), ("pz=d3:1.c4:0.f5:0.e6:0&sol=d3", "does not start"),
     ("pz=d3:0.c4:0.f5:0.e6:0&sol=d3d3", "transcript")],
)
def test_a_bad_puzzle_link_says_why_and_the_position_stays_for_replay(answers: str, words: str) -> None:
    v = Viewer.from_query("?view=puzzle&" + answers)
    assert words in v.problem and v.puzzle is None and v.status() == "Black to move"


def test_the_puzzle_command_prints_the_embeds_address(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["puzzle", ENDGAME, "--url", "https://example.org/r/", "--caption", "Endgame"]) == 0
    url = capsys.readouterr().out.strip()
    assert url.startswith("https://example.org/r/?p=") and "view=puzzle" in url and "caption=Endgame" in url
    v = Viewer.from_query(url[url.index("?"):])
    assert v.problem == "" and v.puzzle is not None and v.puzzle.puzzle.exact
    assert main(["puzzle", ENDGAME, "--html"]) == 0
    assert capsys.readouterr().out.startswith('<iframe src="./?p=')
    assert main(["puzzle", "f5", "--seconds", "0"]) == 2
    assert main(["puzzle", "f5", "--at", "5"]) == 2
    assert "out of range" in capsys.readouterr().err


def test_the_puzzle_commands_address_keeps_its_query_and_takes_only_web_addresses(capsys) -> None:
    assert main(["puzzle", ENDGAME, "--url", "https://example.org/r/?lang=cs#x"]) == 0
    url = capsys.readouterr().out.strip()
    assert url.startswith("https://example.org/r/?lang=cs&p=") and url.count("?") == 1 and "#" not in url
    for bad in ("javascript:alert(1)//", "data:text/html,<b>x</b>", "file:///etc/passwd", "//evil.example/",
                "https://x/\"onload=alert(1)", "ftp://example.org/"):
        assert main(["puzzle", ENDGAME, "--url", bad, "--html"]) == 2, bad
        captured = capsys.readouterr()
        assert "is not an http(s) address" in captured.err and captured.out == "", bad


# -- square values ---------------------------------------------------------------------------------


def test_square_values_draw_the_classic_diagram_on_every_shape() -> None:
    from reversi.drawing.diagram import C_SQUARE, CORNER, EDGE, INNER_RING, PLAIN, X_SQUARE, square_values

    rules = Rules()
    g = rules.geometry
    v = {g.name(i): value for i, value in square_values(rules).items()}
    assert len(v) == 64
    assert {v[n] for n in ("a1", "h1", "a8", "h8")} == {CORNER}
    assert {v[n] for n in ("b2", "g2", "b7", "g7")} == {X_SQUARE}
    assert {v[n] for n in ("b1", "a2", "g1", "h2", "a7", "b8", "h7", "g8")} == {C_SQUARE}
    assert v["c1"] == v["d1"] == v["a4"] == EDGE and v["c2"] == v["b4"] == INNER_RING and v["d4"] == PLAIN
    octagon = square_values(Rules("octagon"))
    assert sum(value == CORNER for value in octagon.values()) == 8  # its eight corner-like squares
    assert len(octagon) == 88
    blocked = Rules(blocked=("d2",))
    around = square_values(blocked)
    assert around[blocked.geometry.parse_square("d3")] == EDGE  # a blocked square breaks the lines through it
    assert around[blocked.geometry.parse_square("c2")] == EDGE
    for size in (4, 6, 10, 16):
        values = square_values(Rules(size=size))
        assert sum(value == CORNER for value in values.values()) == 4 and len(values) == size * size


def test_the_values_overlay_in_the_board_and_the_svg_command(tmp_path: Path) -> None:
    from reversi.ui.controller import Controller

    c = Controller()
    assert 'data-value="' not in render_board(c.board_view())
    assert c.toggle_values() and c.showing_values
    svg = render_board(c.board_view())
    assert svg.count('data-value="') == 64 and 'data-square="a1"' in svg and "square value +4" in svg
    out = tmp_path / "v.svg"
    assert main(["svg", "--values", "--rules", "octagon", "-o", str(out)]) == 0
    root = ET.fromstring(out.read_text(encoding="utf-8").split("?>", 1)[1])
    values = [e.get("data-value") for e in root.iter(f"{SVG}g") if e.get("data-value")]
    assert len(values) == 88 and values.count("4") == 8


def test_a_puzzle_by_keyboard() -> None:
    v = Viewer.from_query("?view=puzzle&" + endgame_puzzle_query())
    assert v.solving() and v.board_view().cursor is None
    assert v.key("ArrowRight")  # the first key puts the cursor on the first legal move
    first = v.board_view().cursor
    assert first is not None and first in v.board_view().legal
    g = v.game.rules.geometry
    e2 = g.parse_square("e2")
    while v.cursor != e2:  # walk to e2: along the row, then up or down
        col, row = g.coords(v.cursor)
        v.key("ArrowRight" if col < 4 else "ArrowLeft" if col > 4 else ("ArrowDown" if row < 1 else "ArrowUp"))
    assert v.key("Enter") and v.puzzle.feedback == "Right: e2 is the best move." and not v.solving()
    assert v.board_view().cursor is None
    assert v.key("ArrowLeft") and v.current.depth == 0  # solved: the arrows replay again


def test_the_snippet_makers_choices_go_into_the_html() -> None:
    from reversi.ui.embed.snippets import game_query, make_snippet
    from reversi.ui.sharing import link_game

    game, _players = link_game("m=f5d6c3d3c4&at=3")
    query = game_query(game, game.current, from_start=False)
    assert query == "m=f5d6c3d3c4&at=3"
    assert game_query(game, game.current, from_start=True) == "m=f5d6c3d3c4"
    html = make_snippet("viewer", "https://x.org/r/", query, "Tiger", "light", "cs", True, 480, controls=False)
    src = ET.fromstring(html).get("src", "")
    for part in ("view=embed", "lang=cs", "caption=Tiger", "flip=1", "theme=light", "controls=0", "at=3"):
        assert part in src, (part, src)
    assert "max-width:480px" in html
    lite = make_snippet("lite", "https://x.org/r/", query, flip=True)
    assert lite.endswith('<script src="https://x.org/r/assets/lite.js" defer></script>') and "flip=1" in lite
    with pytest.raises(ValueError):
        make_snippet("poster", "https://x.org/r/", query)


def test_a_snippet_for_a_page_of_boards_is_a_diagram_and_the_one_script() -> None:
    from reversi.ui.embed.snippets import make_snippet

    board = make_snippet("viewer", "https://x.org/r/", "m=f5d6&at=1", "Tiger", "dark", "pl", controls=False,
                         script=True)
    link, script = board.split("\n")
    # a picture and a link without scripts
    assert link.startswith('<a class="reversi-lite" href="https://x.org/r/?') and "<svg" in link
    href = ET.fromstring(link).get("href", "")
    for part in ("view=embed", "lang=pl", "caption=Tiger", "controls=0", "theme=dark", "at=1"):
        assert part in href, (part, href)
    assert script == '<script src="https://x.org/r/assets/embed.js" data-lang="pl" defer></script>'
    puzzle = make_snippet("puzzle", "https://x.org/r/", "m=f5&pz=d6:0.f6:0.f4:0&sol=d6", script=True)
    assert "view=puzzle" in puzzle and puzzle.endswith('<script src="https://x.org/r/assets/embed.js" defer></script>')


def test_an_embed_option_that_is_no_value_of_it_is_said_and_the_default_used() -> None:
    from reversi.ui.embed.viewer import embed_options

    options = embed_options("?m=f5&flip=2&controls=yes&numbers=2&view=board&theme=pink")
    assert (options.flip, options.controls, options.numbers, options.view, options.theme) == (
        False, True, False, "embed", "")
    assert [note.split("=")[0] for note in options.notes] == ["flip", "controls", "numbers", "view", "theme"]
    assert "is not 0 or 1: 0 is used" in options.notes[0]
    assert embed_options("?m=f5&flip=1&controls=0&numbers=1&theme=dark").notes == ()
    huge = embed_options("?m=f5&flip=" + "9" * 5000)
    assert len(huge.notes[0]) < 120  # a huge value is not echoed whole
