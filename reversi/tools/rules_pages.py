"""The rules pages: ``assets/rules/rules.LANG.html``, one per language, from the one rules document.

    python -m reversi.tools.site OUT       # writes them, with the site's other generated files
    python serve.py                        # makes them when they are asked for

Each page is ``reversi/docs/RULES.LANG.md`` as HTML (Python-Markdown, a development tool like
Babel: the browser gets plain HTML), with every board diagram of the document (the text
boards: ``X`` black, ``O`` white, ``*`` a legal move, ``#`` off the board) drawn as an SVG
by the page's renderer, and each rule set and option under a fixed anchor (``#othello``,
``#classic``, ``#octagon``, ``#anti``, ``#size``, ``#free-opening``, ``#blocked``,
``#handicap``...), the same in every language. The pages need no script: the new-game
dialog links to them, and a teacher can put one in an iframe
(``assets/rules/rules.cs.html#octagon``).
"""

from __future__ import annotations

import re
from html import escape
from pathlib import Path

from reversi.core.rules import Rules
from reversi.drawing.diagram import (
    CORNER,
    DIAGRAM_LABEL,
    RULES_PLAY,
    RULES_TITLE,
    THEMES,
    side_colors,
    square_values,
    standalone_svg,
)
from reversi.drawing.render import BLACK, CUT, EMPTY, WHITE, BoardView, default_stars
from reversi.i18n import LANGUAGES, join_list, set_language
from reversi.i18n import _ as translate

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "reversi" / "docs"
OUT = "assets/rules"
#: The anchors of the document's ``##`` sections, in order (the same in every language).
ANCHORS = (
    "squares", "transcripts", "positions", "records", "links", "othello", "anti", "classic", "octagon",
    "size", "free-opening", "blocked", "handicap", "combining", "clocks",
)
_BOARD_ROW = re.compile(r"^\s*(\d+) ((?:[.XO*#] ?)+)\s*$")
_BOARD_HEAD = re.compile(r"^\s*([a-p](?: [a-p])+)\s*$")
_CODE = re.compile(r"<pre><code>(.*?)</code></pre>", re.S)


def document(lang: str) -> str:
    name = "RULES.md" if lang == "en" else f"RULES.{lang}.md"
    return (DOCS / name).read_text(encoding="utf-8")


def board_of(text: str, classic: bool = False) -> BoardView | None:
    """The board a text diagram of the document shows (its other rows empty), or None if it is no board."""
    lines = [line for line in text.splitlines() if line.strip()]
    if len(lines) < 2 or not _BOARD_HEAD.match(lines[0]):
        return None
    letters = lines[0].split()
    rows: dict[int, list[str]] = {}
    for line in lines[1:]:
        match = _BOARD_ROW.match(line)
        if not match:
            return None
        cells = match.group(2).split()
        if len(cells) != len(letters):
            return None
        rows[int(match.group(1)) - 1] = cells
    size = 10 if len(letters) > 8 or max(rows) >= 8 else 8
    octagon = any("#" in cells for cells in rows.values())
    rules = Rules("octagon") if octagon else Rules("classic" if classic else "othello", size=size)
    g = rules.geometry
    cells_out = []
    legal = set()
    for row in range(g.height):
        for col in range(g.width):
            index = g.index(col, row)
            mark = rows.get(row, ["."] * g.width)[col] if col < len(letters) else "."
            if index in g.removed:
                cells_out.append(CUT)
            elif mark == "X":
                cells_out.append(BLACK)
            elif mark == "O":
                cells_out.append(WHITE)
            else:
                cells_out.append(EMPTY)
                if mark == "*":
                    legal.add(g.name(index))
    cells = tuple(cells_out)
    shown = join_list(str(r + 1) for r in sorted(rows))
    # the octagon's eight squares that play like corners are marked (its section names them)
    corners = frozenset(g.name(i) for i, v in square_values(rules).items() if v == CORNER) if octagon else frozenset()
    return BoardView(
        width=g.width, height=g.height, cells=cells, legal=frozenset(legal), colors=side_colors(rules),
        side_names=rules.display_side_names(), turn=None, stars=default_stars(g.width, g.height, cells), marks=corners,
        label=translate(DIAGRAM_LABEL).format(rows=shown),
    )


def _diagrams(html: str, classic: bool) -> str:
    from html import unescape

    def drawn(match: re.Match[str]) -> str:
        view = board_of(unescape(match.group(1)), classic)
        if view is None:
            return match.group(0)
        return f'<figure class="diagram">{standalone_svg(view, 360, "light")}</figure>'

    return _CODE.sub(drawn, html)


def page(lang: str) -> str:
    """The rules page in ``lang``."""
    try:
        import markdown  # type: ignore[import-untyped]  # a development tool (serve.py, tests/run.py install it)
    except ImportError as e:
        raise RuntimeError("the rules pages are made with Python-Markdown: pip install markdown") from e

    set_language(lang)
    try:
        html = markdown.markdown(document(lang), output_format="html")
        sections = html.split("<h2>")
        if len(sections) != len(ANCHORS) + 1:
            raise RuntimeError(f"RULES ({lang}) has {len(sections) - 1} sections, not {len(ANCHORS)}")
        html = _diagrams(sections[0], False) + "".join(
            f'<h2 id="{anchor}">' + _diagrams(part, anchor == "classic")
            for anchor, part in zip(ANCHORS, sections[1:], strict=True)
        )
        title = translate(RULES_TITLE)
        back = translate(RULES_PLAY)
        return (
            "<!DOCTYPE html>\n"
            "<!-- Made by the site generator from reversi/docs/RULES*.md (reversi/tools/rules_pages.py). -->\n"
            f'<html lang="{lang}">\n<head>\n<meta charset="utf-8">\n'
            '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f"<title>{escape(title)}</title>\n"
            '<link rel="icon" href="../icons/favicon.svg" type="image/svg+xml">\n'
            '<link rel="stylesheet" href="rules.css">\n</head>\n<body>\n'
            f'<nav class="rules-nav"><a href="../../?lang={lang}">{escape(back)}</a> · '
            + " · ".join(f'<a href="rules.{code}.html" lang="{code}">{escape(name)}</a>'
                         for code, name in LANGUAGES.items())
            + f"</nav>\n<main>\n{html}\n</main>\n</body>\n</html>\n"
        )
    finally:
        set_language("en")


def pages() -> dict[str, str]:
    """Every rules page, by its path from the site's top."""
    assert THEMES  # the diagrams use the light palette, as a printed page does
    return {f"{OUT}/rules.{code}.html": page(code) for code in LANGUAGES}
