"""The board's SVG (reversi/drawing/render.py), the static board of index.html, and pyscript.toml."""

from __future__ import annotations

import io
import random
import re
import tomllib
import xml.etree.ElementTree as ET
import zipfile
import zlib
from dataclasses import replace
from pathlib import Path

import pytest

from reversi import Rules
from reversi.drawing.diagram import position_view, standalone_svg
from reversi.drawing.render import (
    DISC_PAINTS,
    BoardView,
    board_in_html,
    render_board,
    splice_board,
)
from reversi.tools.build import (
    BOARD_TEMPLATE,
    FETCHED_BY_SRC,
    NOT_SHIPPED,
    PRELOAD_MARK,
    WORKER_ONLY,
    generated_names,
    index_page,
    page_archive,
    preload_links,
)
from reversi.ui.controller import Controller as _Controller
from reversi.ui.controller import legal_names
from reversi.ui.players import Players


def Controller(rules=None) -> _Controller:  # stands in for the class
    """Two people at one board: these tests play both sides by hand."""
    return _Controller(rules, players=Players())

ROOT = Path(__file__).resolve().parent.parent
SVG_NS = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def squares(svg: str) -> list[ET.Element]:
    return [e for e in parse(svg).iter(f"{SVG_NS}g") if "data-square" in e.attrib]


def square_map(svg: str) -> dict[str, ET.Element]:
    return {e.attrib["data-square"]: e for e in squares(svg)}


def view_of(rules: Rules, moves: int = 0, seed: int = 1) -> tuple[Controller, BoardView]:
    c = Controller(rules)
    rng = random.Random(seed)
    for _ in range(moves):
        legal = c.position.legal_moves()
        if not legal:
            break
        c.play(rng.choice(legal))
    return c, c.board_view()


ALL_RULES = [
    Rules(),
    *(Rules(size=n) for n in range(4, 17, 2)),
    Rules("classic"),
    Rules("octagon"),
    Rules("octagon", anti=True, free_opening=True, blocked=("c3", "h8")),
    Rules(blocked=("a1", "c3", "h7")),
    Rules(size=10, handicap=4, handicap_color=1),
    Rules(anti=True, free_opening=True),
]


@pytest.mark.parametrize("rules", ALL_RULES, ids=lambda r: r.describe())
def test_every_geometry_renders_well_formed_svg_with_one_element_per_square(rules: Rules) -> None:
    c, view = view_of(rules, moves=6)
    svg = render_board(view)
    root = parse(svg)
    assert root.tag == f"{SVG_NS}svg"
    g = rules.geometry
    found = square_map(svg)
    assert sorted(found) == sorted(g.name(i) for i in g.squares)
    # reading order in the markup (tests read "the first legal square" from the DOM)
    assert [e.attrib["data-square"] for e in squares(svg)] == [g.name(i) for i in g.squares]
    pos = c.position
    for index in g.squares:
        element = found[g.name(index)]
        bit = 1 << index
        expected = "black" if pos.black & bit else "white" if pos.white & bit else "empty"
        assert element.attrib["data-state"] == expected
    blocked = {e.attrib["data-blocked"] for e in root.iter(f"{SVG_NS}g") if "data-blocked" in e.attrib}
    assert blocked == set(rules.blocked)
    # coordinates: every column letter and row number, on two sides each
    texts = [t.text for t in root.iter(f"{SVG_NS}text")]
    assert sorted(texts) == sorted(2 * ([chr(97 + i) for i in range(g.width)] + [str(i + 1) for i in range(g.height)]))


def test_octagon_renders_88_squares_and_no_cut_corners() -> None:
    svg = render_board(Controller(Rules("octagon")).board_view())
    names = square_map(svg)
    assert len(names) == 88
    for cut in "a1 b1 a2 i1 j1 j2 a9 a10 b10 i10 j10 j9".split():
        assert cut not in names
        assert f'data-blocked="{cut}"' not in svg
    assert names["e5"].attrib["data-state"] == "white"
    assert names["f5"].attrib["data-state"] == "black"


def test_blocked_squares_are_drawn_but_not_squares() -> None:
    svg = render_board(Controller(Rules(blocked=("c3", "f6"))).board_view())
    assert len(square_map(svg)) == 62
    for name in ("c3", "f6"):
        assert f'data-blocked="{name}"' in svg
        assert f'data-square="{name}"' not in svg


@pytest.mark.parametrize("rules", ALL_RULES, ids=lambda r: r.describe())
def test_legal_marks_match_the_engine_through_a_game(rules: Rules) -> None:
    c = Controller(rules)
    rng = random.Random(zlib.crc32(rules.describe().encode()))
    while True:
        svg = render_board(c.board_view())
        marked = [e.attrib["data-square"] for e in squares(svg) if "legal" in e.attrib["class"].split()]
        assert marked == legal_names(c.position)
        flagged = [e.attrib["data-square"] for e in squares(svg) if e.attrib.get("data-legal") == "true"]
        assert flagged == marked
        legal = c.position.legal_moves()
        if not legal:
            assert c.position.is_over
            break
        c.play(rng.choice(legal))


def test_classic_is_drawn_in_black_and_red() -> None:
    c = Controller(Rules("classic"))
    for name in ("d4", "d5"):  # black d4, red d5
        assert c.click(name)
    svg = render_board(c.board_view())
    assert 'id="disc-red"' in svg and 'id="disc-white"' not in svg
    red_stops = re.search(r'<radialGradient id="disc-red".*?</radialGradient>', svg).group(0)
    assert all(colour in red_stops for _, colour in DISC_PAINTS["red"])
    d5 = square_map(svg)["d5"]
    assert d5.attrib["data-state"] == "white"  # the engine's side
    disc = next(e for e in d5.iter(f"{SVG_NS}g") if "disc" in e.attrib.get("class", ""))
    assert disc.attrib["data-color"] == "red"
    assert "url(#disc-red)" in ET.tostring(disc, encoding="unicode")
    assert "Red" in d5.attrib["aria-label"]


def test_last_move_flips_and_labels() -> None:
    c = Controller()
    c.click("f5")
    svg = render_board(c.board_view())
    m = square_map(svg)
    assert "last" in m["f5"].attrib["class"].split()
    assert m["f5"].attrib["aria-label"] == "f5, Black, last move"
    flip = [e for e in parse(svg).iter(f"{SVG_NS}g") if e.attrib.get("class") == "disc flip"]
    assert len(flip) == 1
    assert 'class="sq" data-square="e5"' in svg and "disc flip" in ET.tostring(m["e5"], encoding="unicode")
    assert m["e6"].attrib["aria-label"] == "e6, empty"
    assert m["f4"].attrib["aria-label"] == "f4, empty, legal move"
    assert m["f4"].attrib["role"] == "gridcell" and "aria-disabled" not in m["f4"].attrib
    assert m["e6"].attrib["aria-disabled"] == "true"
    # another intent (the keyboard cursor) redraws without replaying the flip
    c.move_cursor(1, 0)
    assert "disc flip" not in render_board(c.board_view())


def test_rotation_turns_the_board_by_half_a_turn() -> None:
    c = Controller()
    straight = square_map(render_board(c.board_view()))
    c.rotate()
    turned = square_map(render_board(c.board_view()))
    assert straight["a1"].attrib["transform"] == turned["h8"].attrib["transform"]
    assert straight["c4"].attrib["transform"] == turned["f5"].attrib["transform"]


def rows_of(svg: str) -> list[list[str]]:
    """The grid's rows as a screen reader walks them: the squares' names, row by row."""
    root = parse(svg)
    return [
        [cell.attrib["id"].removeprefix("sq-") for cell in row if cell.attrib.get("role") == "gridcell"]
        for row in root.iter(f"{SVG_NS}g")
        if row.attrib.get("role") == "row"
    ]


def test_an_interactive_board_is_a_grid_of_rows_in_the_order_seen() -> None:
    c = Controller()
    svg = render_board(c.board_view())
    root = parse(svg)
    assert root.attrib["role"] == "none"  # the element around it is the grid (and holds the focus)
    rows = rows_of(svg)
    assert len(rows) == 8 and rows[0][:3] == ["a1", "b1", "c1"] and rows[7][-1] == "h8"
    c.rotate()
    turned = rows_of(render_board(c.board_view()))
    assert turned[0][:2] == ["h8", "g8"] and turned[7][-1] == "a1"  # read as seen: h8 is top left
    # every square has one id, so that aria-activedescendant can point at the cursor's
    ids = re.findall(r'id="(sq-[a-p][0-9]+)"', svg)
    assert len(ids) == len(set(ids)) == 64


def test_the_octagon_and_blocked_squares_in_the_grid() -> None:
    rules = Rules("octagon")
    c = Controller(rules)
    rows = rows_of(render_board(c.board_view()))
    assert sum(len(r) for r in rows) == 88 and len(rows) == 10 and len(rows[0]) == 6  # corners cut
    blocked = Controller(Rules(blocked=("c3",)))
    svg = render_board(blocked.board_view())
    hole = next(e for e in parse(svg).iter(f"{SVG_NS}g") if e.attrib.get("data-blocked") == "c3")
    assert hole.attrib["role"] == "gridcell" and hole.attrib["aria-label"] == "c3, blocked"
    assert hole.attrib["aria-disabled"] == "true"


def test_a_still_board_is_a_picture_of_labelled_squares() -> None:
    c, _ = view_of(Rules(), moves=4)
    svg = render_board(position_view(c.rules, c.position, show_legal=True))  # a diagram, a rules page
    assert 'role="gridcell"' not in svg and 'role="row"' not in svg and 'id="sq-' not in svg
    root = parse(svg)
    assert root.attrib["role"] == "group" and root.attrib["aria-label"]
    squares = [e for e in root.iter(f"{SVG_NS}g") if "data-square" in e.attrib]
    assert len(squares) == 64 and all(e.attrib["role"] == "img" and e.attrib["aria-label"] for e in squares)


def test_disc_marks_ring_the_second_side_only() -> None:
    c = Controller()
    assert "disc-mark" not in render_board(c.board_view())
    c.disc_marks = True
    m = square_map(render_board(c.board_view()))
    assert "disc-mark" in ET.tostring(m["d4"], encoding="unicode")  # White
    assert "disc-mark" not in ET.tostring(m["e4"], encoding="unicode")  # Black
    c.click("f5")  # e5 turns from White to Black: the old face keeps its ring under the new one
    flipped = ET.tostring(square_map(render_board(c.board_view()))["e5"], encoding="unicode")
    assert 'class="disc-mark old"' in flipped and flipped.count("disc-mark") == 1


def test_a_line_shown_puts_numbered_translucent_discs_of_the_sides_that_play_them() -> None:
    """A line (an analysis line, the review's better move, pointed at) on the board: each square it
    plays has its number on a translucent disc of that side's colour, in place of the dot or the
    hint's value and of the ghost disc; its label says the move; the rest of the board is as it was."""
    c = Controller()
    c.click("f5")
    plain = c.board_view()
    hints = (("d6", "+1"), ("f6", "0"), ("f4", "\u22121"))
    line = (("d6", 1, 1), ("c3", 2, 0), ("d3", 3, 1))
    view = replace(plain, hints=hints, hint_best=frozenset({"d6"}), line=line)
    svg = render_board(view)
    m = square_map(svg)
    for name, number, side in line:
        square = m[name]
        assert square.attrib["data-line-move"] == str(number)
        discs = [e for e in square.iter(f"{SVG_NS}g") if e.attrib.get("class") == "line-disc"]
        assert len(discs) == 1 and discs[0].attrib["data-color"] == ("black", "white")[side]
        circle = next(discs[0].iter(f"{SVG_NS}circle"))
        assert circle.attrib["fill"] == f"url(#disc-{('black', 'white')[side]})"
        assert float(circle.attrib["fill-opacity"]) < 1  # translucent: the board shows through
        text = next(discs[0].iter(f"{SVG_NS}text"))
        assert text.text == str(number) and text.attrib["fill"] == ("#ffffff" if side == 0 else "#111111")
        assert square.attrib["aria-label"].endswith(f", in the line shown: {number}. {('Black', 'White')[side]}")
    d6 = ET.tostring(m["d6"], encoding="unicode")
    assert 'class="dot"' not in d6 and 'class="ghost"' not in d6
    assert re.findall(r'class="(hint[^"]*)"', d6) == ["hint best corner"]  # its value: small, in the corner
    assert "value +1, best" in m["d6"].attrib["aria-label"]  # the hint's value is still said
    f6 = ET.tostring(m["f6"], encoding="unicode")
    assert 'class="hint"' in f6 and 'class="ghost"' in f6 and "data-line-move" not in f6  # not in the line
    assert "line" not in m["f6"].attrib["aria-label"] and svg.count('class="line-disc"') == 3
    # a line over a disc (the review's better line may play where the move played stands) shows more of its paint
    over = square_map(render_board(replace(plain, line=(("f5", 4, 1),))))["f5"]
    assert 'class="face"' in ET.tostring(over, encoding="unicode")
    assert float(next(e for e in over.iter(f"{SVG_NS}circle") if e.attrib.get("fill-opacity")).attrib[
        "fill-opacity"]) > 0.8
    # the second side's line discs carry the ring too when discs are told apart without colour
    marked = render_board(replace(view, disc_marks=True))
    assert marked.count('class="line-mark"') == 2  # White's two
    # Classic draws the second side red, the number white on it
    red = replace(view, colors=("black", "red"))
    red_d6 = ET.tostring(square_map(render_board(red))["d6"], encoding="unicode")
    assert 'data-color="red"' in red_d6 and 'fill="#ffffff"' in red_d6
    # a standalone picture draws it without a style sheet
    assert standalone_svg(view).count('class="line-disc"') == 3


def test_a_still_board_replays_no_animation() -> None:
    """A redraw that is no move (a line shown or taken away) draws the last move's disc and the
    discs it turned at rest."""
    c = Controller()
    c.click("f5")
    view = c.board_view()
    moving = render_board(view)
    assert "disc flip" in moving and "disc placed" in moving
    still = render_board(replace(view, still=True))
    assert "disc flip" not in still and "disc placed" not in still
    assert square_map(still)["e5"].attrib["data-state"] == "black"


def test_render_is_a_pure_function_of_the_view() -> None:
    _, view = view_of(Rules(size=12), moves=20)
    assert render_board(view) == render_board(view)
    assert view == BoardView(**{f: getattr(view, f) for f in view.__dataclass_fields__})


# -- index.html ---------------------------------------------------------------------


def test_the_served_page_holds_the_start_board_exactly_as_render_draws_it() -> None:
    source = (ROOT / "index.html").read_text(encoding="utf-8")
    assert board_in_html(source) == ""  # the source holds the markers only: the generator draws the board
    html = index_page()
    expected = render_board(Controller().board_view())
    assert board_in_html(html) == expected
    assert splice_board(source, expected).replace(PRELOAD_MARK, preload_links()) == html


def test_index_html_uses_only_relative_urls() -> None:
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    for url in re.findall(r'(?:src|href)="([^"]*)"', html):
        if url == "" and 'class="load-retry" href=""' in html:
            continue  # the Reload link: this page again
        assert url.startswith("./"), url
        if url.startswith("./assets/runtime/") and not (ROOT / "assets/runtime").is_dir():
            continue  # installed by assets/fetch_runtime.py, not checked in
        path = url.split("#")[0].removeprefix("./")  # a fragment names a place in the file
        assert (ROOT / path).exists() or path in generated_names(), url
    assert "http://" not in html.replace('xmlns="http://www.w3.org/2000/svg"', "")
    assert "https://" not in html


def test_index_html_static_status_matches_the_controller() -> None:
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    st = Controller().status()
    assert f'<p id="message" class="message" data-i18n>{st.message}</p>' in html
    # the screen reader's news (moves, passes, the result) come from one live region
    assert re.search(r'<p id="announce" class="sr-only" aria-live="polite" aria-atomic="true"></p>', html)
    assert f'<span id="game-title" class="game-title">{st.title}</span>' in html
    assert "Downloading the game…" in html


# -- pyscript.toml ---------------------------------------------------------------------


def load_config() -> dict:
    with open(ROOT / "pyscript.toml", "rb") as f:
        return tomllib.load(f)


def test_the_page_archive_ships_every_python_file_the_main_thread_runs() -> None:
    assert "files" not in load_config()  # assets/interpreter.js unpacks page.zip: the same under any edit
    with zipfile.ZipFile(io.BytesIO(page_archive(compiled=False))) as archive:
        shipped = set(archive.namelist())
        assert all(archive.read(n) == (ROOT / n).read_bytes() for n in shipped if n != BOARD_TEMPLATE)
        shipped.discard(BOARD_TEMPLATE)  # made by the generator (tests/test_boards.py)
    on_disk = {p.relative_to(ROOT).as_posix() for p in (ROOT / "reversi").rglob("*.py") if "__pycache__" not in p.parts}
    runs_in_browser = {p for p in on_disk if not p.startswith(NOT_SHIPPED)}
    assert runs_in_browser and len(runs_in_browser) < len(on_disk)
    never = sorted(p for p in shipped if p.startswith(NOT_SHIPPED))
    assert not never, f"the command line and the tools never run in the browser: {never}"
    # the worker's script is fetched by its own <script src> (a blocked fetch must not stop the page)
    assert set(FETCHED_BY_SRC) <= runs_in_browser, FETCHED_BY_SRC
    assert not shipped & set(FETCHED_BY_SRC)
    runs_in_browser -= set(FETCHED_BY_SRC)
    # what only the engine's worker runs, it fetches itself (its own archive)
    worker_own = sorted(p for p in shipped if p.startswith(WORKER_ONLY))
    assert not worker_own, f"the main thread is not sent what only the worker runs: {worker_own}"
    runs_in_browser -= {p for p in runs_in_browser if p.startswith(WORKER_ONLY)}
    assert runs_in_browser <= shipped, sorted(runs_in_browser - shipped)
    assert {n for n in shipped if n.endswith(".mo")} == {
        f"reversi/i18n/locale/{code}/LC_MESSAGES/reversi.mo" for code in ("cs", "da", "pl", "ja")
    }


def test_pyscript_toml_points_at_the_self_hosted_runtime() -> None:
    config = load_config()
    assert config["interpreter"] == "./assets/interpreter.js"  # Pyodide, from a snapshot when it can
    wrapper = (ROOT / "assets" / "interpreter.js").read_text(encoding="utf-8")
    assert 'from "./runtime/pyodide/pyodide.mjs"' in wrapper
    assert "packages" not in config  # the main thread needs no wheels (numpy stays off)


def test_the_style_sheets_braces_balance() -> None:
    """A stray brace silently drops the rules after it (the top bar's switches once stretched)."""
    for sheet in ("assets/app.css", "assets/rules/rules.css"):
        text = re.sub(r"/\*.*?\*/", "", (ROOT / sheet).read_text(encoding="utf-8"), flags=re.S)
        depth = 0
        for ch in text:
            depth += (ch == "{") - (ch == "}")
            assert depth >= 0, sheet
        assert depth == 0, sheet
