"""Files offered as downloads: the game's record, and the board as an SVG or PNG picture.

No element of the page is owned here: a download is a link made, clicked and removed. Its name
says the rules, the players and the local day and minute (:func:`reversi.ui.downloads.download_stem`).
:func:`board_picture` draws the position shown with :mod:`reversi.drawing.diagram` (a standalone
SVG that needs no style sheet; the PNG is drawn from it on a canvas).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import js
from pyodide.ffi import create_once_callable, to_js
from pyscript import document

from reversi.core.game import Game
from reversi.ui.downloads import download_stem
from reversi.ui.drivers.study import MoveReview
from reversi.ui.ports import PageController
from reversi.ui.records import record_text


def options(data: dict[str, Any]) -> Any:
    """``data`` as a JavaScript options object."""
    return to_js(data, dict_converter=js.Object.fromEntries)


def save_blob(blob: Any, name: str) -> None:
    """Offer ``blob`` as a download named ``name``."""
    url = js.URL.createObjectURL(blob)
    anchor = document.createElement("a")
    anchor.href = url
    anchor.download = name
    document.body.appendChild(anchor)
    anchor.click()
    anchor.remove()
    js.setTimeout(create_once_callable(lambda: js.URL.revokeObjectURL(url)), 2000)


def save_text(text: str, mime: str, name: str) -> None:
    save_blob(js.Blob.new(to_js([text]), options({"type": mime})), name)


def now() -> tuple[str, str]:
    """The local day and minute: ``("2026-12-04", "1530")``."""
    d = js.Date.new()
    return (f"{int(d.getFullYear()):04d}-{int(d.getMonth()) + 1:02d}-{int(d.getDate()):02d}",
            f"{int(d.getHours()):02d}{int(d.getMinutes()):02d}")


def today() -> str:
    return now()[0]


def file_stem(game: Game) -> str:
    """The name of a download of ``game``, without its ending (:func:`download_stem`)."""
    return download_stem(game.rules, game.tags, *now())


def game_record(controller: PageController, review: Mapping[int, MoveReview] | None = None) -> None:
    """The game as a ``.rev`` file: its tree, details, players and ending (:func:`record_text`), and
    ``review`` (the review's values, when asked for) as comments and tags."""
    game = controller.game
    save_text(record_text(game, controller.players, today(), review), "text/plain", file_stem(game) + ".rev")


def game_ggf(controller: PageController) -> str:
    """The game's main line as a GGF file (the servers' format); '' when saved, else why GGF cannot
    hold it (Octagon, Classic, blocked squares: the caller says so)."""
    from reversi.formats.ggf import ggf_refusal, write_ggf
    from reversi.formats.record import Record

    game = controller.game
    refusal = ggf_refusal(game.rules)
    if refusal:
        return refusal
    tags = {} if "Date" in game.tags else {"Date": today().replace("-", ".")}
    save_text(write_ggf(Record.from_game(game, tags)) + "\n", "text/plain", file_stem(game) + ".ggf")
    return ""


def board_picture(controller: PageController, kind: str) -> None:
    """The board shown as a standalone SVG (``kind`` "svg": no style sheet needed) or a PNG drawn from it."""
    from reversi.drawing.diagram import position_view, standalone_svg

    node = controller.game.current
    view = position_view(controller.rules, node.position, last_move=node.move, glyph=node.glyph, signs=node.signs,
                         marks=node.marks,
                         rotated=controller.board_view().rotated)
    save_picture(standalone_svg(view, 800, "light"), kind, file_stem(controller.game) + "-board")


def numbered_picture(controller: PageController, kind: str) -> None:
    """The game as a numbered diagram (its main line: every move's number on its square, the printed
    form of a game; :func:`reversi.drawing.diagram.numbered_svg`), as SVG or PNG. While a move of the
    main line before its last is shown, in two: the moves up to it, then the rest from there."""
    from reversi.drawing.diagram import numbered_svg, split_point

    game = controller.game
    line = game.main_line()
    moves = [n.move for n in line[1:] if n.move is not None]
    split = split_point(moves, line.index(game.current)) if game.current in line else None
    svg = numbered_svg(game.start, moves, split, 480 if split else 800, rotated=controller.board_view().rotated)
    save_picture(svg, kind, file_stem(game) + "-numbered")


def save_picture(svg: str, kind: str, name: str) -> None:
    """``svg`` saved as ``name.svg``, or (``kind`` "png") drawn on a canvas and saved as ``name.png``."""
    if kind == "svg":
        save_text(svg, "image/svg+xml", name + ".svg")
        return
    image = js.Image.new()
    source = js.URL.createObjectURL(js.Blob.new(to_js([svg]), options({"type": "image/svg+xml"})))

    def drawn(_event: Any = None) -> None:
        canvas = document.createElement("canvas")
        canvas.width, canvas.height = int(image.naturalWidth), int(image.naturalHeight)
        canvas.getContext("2d").drawImage(image, 0, 0)
        js.URL.revokeObjectURL(source)
        canvas.toBlob(create_once_callable(lambda blob: save_blob(blob, name + ".png")), "image/png")

    image.onload = create_once_callable(drawn)
    image.src = source
