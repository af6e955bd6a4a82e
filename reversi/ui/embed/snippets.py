"""HTML snippets a teacher pastes into a page: a live viewer, or a lite diagram.

* :func:`viewer_snippet`: an ``<iframe>`` of the embed (``?view=embed``): the game to
  replay, with its variations and comments. It loads the Python runtime when the page does.
* :func:`lite_snippet`: a static SVG of the position, drawn here (no script, no style
  sheet), inside a plain link to the viewer. Ten of them on a page load no Python at all;
  with ``assets/lite.js`` on the page, a click turns the diagram into the live viewer in
  place; without it (a course platform that strips scripts and iframes) the link opens
  the viewer, and the SVG still shows the position.

``app_url`` is the address of the app (``https://NAME.github.io/REPO/``, or a relative
``../../`` inside this site); ``query`` holds the game's link parameters (a share link's
query), to which the embed's own are added. A link that cannot be shown is refused with the
project's :class:`~reversi.errors.NotationError`, so the teacher finds out, not the reader.
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape
from typing import TYPE_CHECKING
from urllib.parse import parse_qsl, quote

from reversi.core.game import Game, Node
from reversi.drawing.diagram import standalone_svg
from reversi.errors import NotationError
from reversi.formats.links import MAX_QUERY_CHARS, parse_query, rewrite_query
from reversi.i18n import N_, catalog, language, supported
from reversi.inputs import clean_text
from reversi.ui.embed.viewer import Viewer
from reversi.ui.sharing import link_query

if TYPE_CHECKING:
    from reversi.ui.drivers.study import MoveReview

#: What :func:`reviewed_query` left out of a link that would be too long with it: the coach's why, the review.
LEFT_WHY, LEFT_REVIEW = "why", "review"
#: Room kept in a link for the embed's own parameters (caption, colours, language...).
MARGIN_CHARS = 1_000
#: The CSS class of a lite diagram's link (assets/lite.js and assets/embed.js look for it).
LITE_CLASS = "reversi-lite"
#: What ``assets/embed.js`` says itself (before Python is there), translated by the site generator.
LOADER_MESSAGES = (
    # Translators: under a board of a teacher's page, while the program loads (after two seconds)
    N_("Loading the board…"),
    # Translators: under a board of a teacher's page that could not be loaded (a button follows)
    N_("The board could not be loaded."),
    N_("Try again"),
    # Translators: under a board of a teacher's page, after "The board could not be loaded."
    N_("The board's site did not answer in time."),
    # Translators: under a board of a teacher's page, after "The board could not be loaded." (said to the
    # teacher: the page's Content-Security-Policy lacks 'wasm-unsafe-eval')
    N_("This page's security policy does not allow WebAssembly, which the board needs."),
    # Translators: under a board of a teacher's page, after "The board could not be loaded." (said to the
    # teacher: the page's Content-Security-Policy requires Trusted Types; keep "Trusted Types" as it is)
    N_("This page's security policy (Trusted Types) does not allow the board's script."),
    # Translators: under a board of a teacher's page, after "The board could not be loaded." (the page's
    # Content-Security-Policy refuses the files of the board's site)
    N_("This page's security policy does not allow the board's files."),
    # Translators: under a board of a teacher's page, after "The board could not be loaded."
    N_("This browser does not run WebAssembly, which the board needs."),
    # Translators: under a board of a teacher's page, after "The board could not be loaded." (the page's
    # own script has replaced or removed built-in functions of JavaScript)
    N_("This page has changed functions of the browser that the board needs."),
    # Translators: under one board of a teacher's page that could not be made live (the others may be)
    N_("This board could not be shown."),
    # Translators: after "This board could not be shown.": the page element of the board already holds
    # something of another script's (a shadow root)
    N_("The element that should hold it is already used by another script."),
)
#: The accessible name of an embed's iframe (and of a live board on a page), by what it shows.
FRAME_TITLES = {
    # Translators: the accessible name of an embedded game viewer (an iframe) on a teacher's page
    "viewer": N_("Reversi game viewer"),
    # Translators: the accessible name of an embedded board without replay buttons (an iframe) on a teacher's page
    "diagram": N_("Reversi diagram"),
    # Translators: the accessible name of an embedded puzzle (an iframe) on a teacher's page
    "puzzle": N_("Reversi puzzle"),
    # Translators: the accessible name of an embedded set of puzzles (an iframe) on a teacher's page
    "puzzle set": N_("Reversi puzzles"),
}
#: An embed's accessible name with its caption.
# Translators: an embed's accessible name with its caption: "Reversi puzzle: Black to move"
CAPTIONED = N_("{title}: {caption}")
#: A lite diagram's hover text (a click opens it live), by what it opens.
OPEN_TITLES = {
    # Translators: the hover text of a lite diagram on a teacher's page: a click opens the game viewer
    "viewer": N_("Open this position in the game viewer"),
    "diagram": N_("Open this position in the game viewer"),
    # Translators: the hover text of a puzzle's diagram on a teacher's page: a click opens the puzzle
    "puzzle": N_("Open this puzzle"),
    # Translators: the hover text of a puzzle set's diagram on a teacher's page: a click opens the puzzles
    "puzzle set": N_("Open these puzzles"),
}


def embed_kind(viewer: Viewer) -> str:
    """What an embed shows, a key of :data:`FRAME_TITLES`: a puzzle set (of more than one), a puzzle,
    a board without replay buttons (a diagram) or a game viewer."""
    if viewer.puzzle_set is not None and len(viewer.puzzle_set) > 1:
        return "puzzle set"
    if viewer.puzzle is not None:
        return "puzzle"
    return "viewer" if viewer.options.controls else "diagram"


def embed_language(url: str) -> str:
    """The language an embed's address asks for (its ``lang=``), else the page's."""
    asked = dict(parse_qsl(url.partition("?")[2])).get("lang")
    return supported(asked) or language()


def frame_title(viewer: Viewer, caption: str = "", lang: str = "") -> str:
    """The accessible name of ``viewer``'s iframe in ``lang`` (by default the page's): "Reversi
    puzzle", or with the caption "Reversi puzzle: Black to move"."""
    tr = catalog(lang or language())
    title = tr.gettext(FRAME_TITLES[embed_kind(viewer)])
    return tr.gettext(CAPTIONED).format(title=title, caption=caption) if caption else title


def embed_url(app_url: str, query: str, caption: str = "", theme: str = "", flip: bool = False,
              view: str = "embed", controls: bool = True) -> str:
    """The embed's address for a game link's ``query``, with the embed's options."""
    options = {"view": view}
    if not controls:
        options["controls"] = "0"
    if caption:
        options["caption"] = clean_text(caption)
    if flip:
        options["flip"] = "1"
    if theme:
        options["theme"] = theme
    parse_query(query)  # a bad link is refused here, not discovered by the reader
    return f"{app_url}?{rewrite_query(query, 'embed', options)}"


def viewer_snippet(app_url: str, query: str, caption: str = "", theme: str = "", width: int = 640,
                   view: str = "embed", flip: bool = False, controls: bool = True) -> str:
    """An iframe of the viewer (or with ``view="puzzle"`` the puzzle), as wide as its container
    up to ``width`` pixels."""
    caption = clean_text(caption)  # a lone surrogate could not be written into the page
    url = embed_url(app_url, query, caption, theme, flip, view, controls)
    viewer = Viewer.from_query(url[url.index("?"):])
    if viewer.problem:
        raise NotationError(viewer.problem)
    title = frame_title(viewer, caption, embed_language(url))
    # the embed puts the move list beside the board from 620 pixels on, under it below
    height = round(width * (0.95 if width >= 620 else 1.45))
    return (
        f'<iframe src="{escape(url)}" title="{escape(title)}" loading="lazy" '
        f'style="width:100%;max-width:{width}px;height:{height}px;border:0"></iframe>'
    )


def lite_snippet(app_url: str, query: str, caption: str = "", theme: str = "light", width: int = 320,
                 flip: bool = False, view: str = "embed", controls: bool = True) -> str:
    """A static diagram of the position the link shows, in a link to the viewer (or the puzzle)."""
    caption = clean_text(caption)  # a lone surrogate could not be written into the page
    url = embed_url(app_url, query, caption, theme, flip, view, controls)
    viewer = Viewer.from_query(url[url.index("?"):])
    if viewer.problem:
        raise NotationError(viewer.problem)
    svg = standalone_svg(viewer.board_view(), width, theme or "light")
    lang = embed_language(url)
    title = catalog(lang).gettext(OPEN_TITLES[embed_kind(viewer)])
    label = f"{caption}: {title}" if caption else title
    # data-title: the name of the iframe assets/lite.js makes of it when clicked
    attrs = (f'class="{LITE_CLASS}" href="{escape(url)}" title="{escape(label)}" data-caption="{quote(caption)}" '
             f'data-title="{escape(frame_title(viewer, caption, lang))}"')
    return f"<a {attrs}>{svg}</a>"


# -- the snippet maker of the app (Game menu) ---------------------------------------------------

#: The kinds of snippet the maker writes.
KINDS = ("viewer", "puzzle", "lite")
#: The widths offered (pixels).
WIDTHS = (320, 480, 640)


def game_query(game: Game, shown: Node, from_start: bool) -> str:
    """A game's link parameters for a viewer: the whole game (the share link's, who plays left out),
    opened at the position shown (a main-line position; a variation's opens at the start) or at the start."""
    at = 0 if from_start or not shown.is_main else shown.depth
    return rewrite_query(link_query(game), "browse", {"at": str(at)} if at else {})


def reviewed_query(game: Game, shown: Node, from_start: bool, marks: Mapping[int, MoveReview]) -> tuple[str, str]:
    """A viewer's link parameters (:func:`game_query`) with the review in the moves' comments, as
    a teacher asks: each valued move's loss, and why for the mistakes (the coach,
    :func:`reversi.ui.accuracy.comment_review`); the game itself is left as it was. Where that
    makes the link too long, the why is left out, then the review: the second value says what was
    (``""``, :data:`LEFT_WHY` or :data:`LEFT_REVIEW`)."""
    from reversi.ui.accuracy import comment_review  # only when a teacher asks for the review

    kept = [(node, node.comment) for node in game.nodes()]
    try:
        for coach, left in ((True, ""), (False, LEFT_WHY)):
            comment_review(game, marks, coach)
            query = game_query(game, shown, from_start)
            if len(query) <= MAX_QUERY_CHARS - MARGIN_CHARS:
                return query, left
            for node, comment in kept:
                node.comment = comment
    finally:
        for node, comment in kept:
            node.comment = comment
    return game_query(game, shown, from_start), LEFT_REVIEW


def make_snippet(
    kind: str,
    app_url: str,
    query: str,
    caption: str = "",
    theme: str = "",
    lang: str = "",
    flip: bool = False,
    width: int = 640,
    controls: bool = True,
    script: bool = False,
) -> str:
    """The HTML of a snippet (``kind`` in :data:`KINDS`) for ``query`` (a game's or, for a
    puzzle, :func:`reversi.ui.embed.puzzle.puzzle_query`'s parameters).

    With ``script``, a live board for a page with several: the diagram (a picture and a link,
    which is what a reader without scripts gets) and ``assets/embed.js``, which turns every
    board of the page live on one interpreter (the tag is the same for all of them)."""
    caption = clean_text(caption)  # a lone surrogate could not be written into the page
    if kind not in KINDS or width not in WIDTHS:
        raise ValueError(f"no snippet {kind!r} {width}")  # the maker's own choices: a programming error
    if lang:
        query = rewrite_query(query, "lang", {"lang": lang})
    view = "embed" if kind != "puzzle" else "puzzle"
    if script:
        html = lite_snippet(app_url, query, caption, theme or "light", min(width, 480), flip, view, controls)
        language = f' data-lang="{escape(lang)}"' if lang else ""  # one language for the page's boards
        return f'{html}\n<script src="{escape(app_url)}assets/embed.js"{language} defer></script>'
    if kind == "lite":
        html = lite_snippet(app_url, query, caption, theme or "light", min(width, 480), flip)
        tag = f'<script src="{escape(app_url)}assets/lite.js" defer></script>'
        return f"{html}\n{tag}"
    return viewer_snippet(app_url, query, caption, theme, width, view, flip, controls)
