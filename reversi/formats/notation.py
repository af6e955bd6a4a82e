"""Text in and out: transcripts and position strings.

Transcripts
    Moves written back to back, ``f5d6c3d3c4``. Parsing accepts upper or lower
    case, spaces, commas, dashes, move numbers (``1. F5 d6 2. C3``, ``1...``) and
    explicit passes written ``pass``, ``PA`` or ``PS``. A forced pass may also be
    left out. An explicit pass where the player has a move is an error, never
    silently accepted. Writing gives the compact lower-case form, passes left out.

Position strings
    The 8x8 form of Edax, Zebra and the FFO test suite: 64 cells a1, b1, ..., h8,
    then white space and the side to move::

        ------------------XO------XXX------OXX-----O-------------------- O

    Cells: ``X x * B b`` black, ``O o W w`` white, ``- .`` empty. Side: ``X`` or
    ``O`` (``B``, ``W``, ``*`` accepted too). This package extends it to every
    geometry:

    * ``#`` is a square that is not on the board (an octagon cut or a blocked
      square). On a bounding rectangle of 8x8 the 64 cells stay in one run.
    * Any other board is written row by row, top first, rows separated by ``/``;
      the rows give the size (``10x10`` for the octagon, with its ``#`` cuts).
      The ``/`` form is accepted for 8x8 too.
    * Classic Reversi's discs in hand follow the side as two numbers, black's
      then white's: ``... X 28 29``. When they are left out they are derived
      from the discs on the board (Black, who moves first, placed the odd one).

    The string gives the squares and the discs; the rule set (Othello, Anti,
    Classic, octagon) comes with it from elsewhere (options, record, link).
    :func:`rules_for_position` adapts a rule set's size and blocked squares to a
    string, so a bare string of any geometry can be read.

Move text (a game's tree)
    A transcript that may also hold variations, comments and marks, the way
    PGN writes them: a variation in parentheses follows the move it replaces,
    a comment in braces follows the move it is about (a comment before the
    first move is about the start), and marked squares sit in a comment as
    ``[%mark c3 d4]``. In a comment, ``\\}`` is a brace and ``\\\\`` a backslash. A comment may
    also mark squares in a colour, ``[%csl Rc3,Gd4,Yb2]`` (red, green, yellow, as PGN viewers write
    them), or put letters on them as books do, ``[%lbl Ac3,Bd4]``. A move may
    carry an annotation glyph right after it, as books print them: ``!!`` (brilliant), ``!``
    (good), ``!?`` (interesting), ``?!`` (dubious), ``?`` (a mistake), ``??`` (a blunder); PGN's
    numeric glyphs ``$1`` to ``$6`` are read as those (``$1`` ``!``, ``$2`` ``?``, ``$3`` ``!!``,
    ``$4`` ``??``, ``$5`` ``!?``, ``$6`` ``?!``), and any other ``$N`` is read and dropped::

        f5 d6 (f6 {the parallel opening}) c3! {[%mark c3 d3] the tiger} d3?!

    :func:`parse_movetext` reads it into a :class:`~reversi.core.game.Game`
    (its main line is the text's first level), :func:`write_movetext` writes a
    game's whole tree (``compact`` for links: no spaces, forced passes left
    out). Both walk the tree with explicit stacks, never by recursion.
"""

from __future__ import annotations

import re
from dataclasses import replace

from reversi.core.game import GLYPH_NAGS, MAX_COMMENT_CHARS, SIGN_COLORS, Game, Node
from reversi.core.geometry import COLUMN_LETTERS, Geometry
from reversi.core.position import (
    OFF_CELL,
    PASS,
    TAKES_RULES,
    TAKES_TEXT,
    Position,
    board_rows,
    need_instance,
    need_position,
)
from reversi.core.rules import BLACK, WHITE, Rules
from reversi.errors import IllegalMoveError, NotationError, RulesError
from reversi.i18n import N_, _, format_number, join_list, ngettext
from reversi.inputs import clean_text

BLACK_CELLS = "XxBb*"
WHITE_CELLS = "OoWw"
EMPTY_CELLS = "-."

# Letters and digits are ASCII only ((?a:...)): case-insensitive Unicode matching would
# take the Kelvin sign for 'k' and the dotted capital I for 'i'. Any white space separates.
_TOKEN_RE = re.compile(
    r"""
    (?P<space>[\s,;\-]+)
  | (?P<number>(?a:\d+)\s*\.+)
  | (?P<pass>(?a:pass|pa|ps))(?![0-9])
  | (?P<square>(?a:[a-p](?:1[0-6]|[1-9])))
    """,
    re.VERBOSE | re.IGNORECASE,
)


# -- transcripts ---------------------------------------------------------------


#: The longest transcript read (a 16x16 game with numbers and spaces is under 5,000).
MAX_TRANSCRIPT_CHARS = 20_000
#: The longest move text read or written: a game's tree with its variations, comments and marks
#: (the saved game, a ``.rev`` record's moves). The page keeps a game's comments within it as they
#: are typed (:meth:`reversi.ui.browsing.TreeIntents.comment_room`), so what it saves reads back.
MAX_MOVETEXT_CHARS = 100_000
#: The longest position string read (a 16x16 board split into rows, with its fields, is under 600).
MAX_POSITION_CHARS = 2_000


def _check_length(text: str, most: int) -> None:
    if len(text) > most:
        raise NotationError(
            ngettext(
                "transcript: {n} character is too long (at most {most})",
                "transcript: {n} characters is too long (at most {most})",
                len(text),
            ).format(n=format_number(len(text)), most=format_number(most))
        )


#: The full-width forms of ASCII (U+FF01 to U+FF5E) and the ideographic space, as a Japanese
#: keyboard types "１．Ｆ５　ｄ６": read as the ASCII they stand for, a character for a character
#: (the offsets in a message stay those of the text given).
_HALF_WIDTH = {0xFF01 + i: 0x21 + i for i in range(94)} | {0x3000: 0x20}


def parse_transcript(text: str, geometry: Geometry, start: int = 0) -> list[tuple[int, int, str]]:
    """Tokenize a transcript: ``(move, offset, token)`` for each move or pass.

    Only syntax is checked here (and that each square is on the board); legality
    is :func:`play_transcript`'s job. Raises :class:`NotationError` naming the
    offending text and its character offset (counted from ``start``: where ``text`` begins in
    the text the reader gave, when it is a piece of a longer one).
    """
    _check_length(text, MAX_TRANSCRIPT_CHARS)
    text = text.translate(_HALF_WIDTH)
    tokens: list[tuple[int, int, str]] = []
    pos = 0
    while pos < len(text):
        m = _TOKEN_RE.match(text, pos)
        if not m:
            snippet = text[pos : pos + 8]
            raise NotationError(
                _("transcript: cannot read {token!r} at character {position}").format(
                    token=snippet, position=start + pos + 1)
            )
        kind = m.lastgroup
        token = m.group(0)
        if kind == "pass":
            tokens.append((PASS, pos, token))
        elif kind == "square":
            col = COLUMN_LETTERS.index(token[0].lower())
            row = int(token[1:]) - 1
            # a two-digit row only if the board has that row: 'a10' on 8x8 is an error
            if not (col < geometry.width and row < geometry.height):
                raise NotationError(
                    _("transcript: {token!r} at character {position} is outside the {width}x{height} board").format(
                        token=token, position=start + pos + 1, width=geometry.width, height=geometry.height
                    )
                )
            index = geometry.index(col, row)
            if index in geometry.removed:
                raise NotationError(
                    _("transcript: {token!r} at character {position} is not on this board").format(
                        token=token, position=start + pos + 1
                    )
                )
            tokens.append((index, pos, token))
        pos = m.end()
    return tokens


def play_transcript(start: Position, text: str) -> Game:
    """A :class:`~reversi.core.game.Game` from ``start`` after the moves of ``text``.

    Forced passes are filled in; an explicit pass must be a forced one, and stands
    for one forced pass only (a second ``pass`` after it is an error). Errors
    name the move number, the token and what is wrong. The text may hold
    variations and comments too: it is read as move text (:func:`parse_movetext`), and what play
    sites copy beside the moves (clock times, evaluations, a final score) is left out
    (:func:`clean_copied`).
    """
    need_position(start, "play_transcript")  # play_transcript(Rules(), ...): the start position is wanted
    if not isinstance(text, str):
        raise NotationError(_("transcript: expected text, not {kind}").format(kind=type(text).__name__))
    return parse_movetext(start, clean_copied(text)[0])


#: What play sites and programs copy beside the moves, left out when a transcript is read
#: (:func:`clean_copied`): each pattern and what the page says it left out.
_COPIED_EXTRAS: tuple[tuple[re.Pattern[str], str], ...] = (
    # a clock or a move's time: (0:05), [1:02:03], {[%clk 0:04:59]}, {0:05}
    (re.compile(r"(?a)[(\[{]\s*(?:\[%(?:clk|emt)\s+[^\]]*\]\s*)+[)\]}]|[(\[{]\s*\d{1,2}(?::\d{2}){1,2}(?:\.\d+)?\s*[)\]}]"),
     "clock"),
    # an evaluation and a time after a move, as GGS and NBoard write them: f5/1.20/3.5, f5//2
    (re.compile(r"(?ai)(?<=[0-9a])/[-+]?\d*(?:\.\d*)?(?:/[-+]?\d*(?:\.\d*)?)?"), "evaluation"),
    # a bare time between the moves: f5 0:05 d6 0:12
    (re.compile(r"(?a)(?<![\w:.])\d{1,2}:\d{2}(?::\d{2})?(?:\.\d+)?(?![\w:])"), "clock"),
    # a final score or result at the end: 40-24, 33:31, 1-0, *
    (re.compile(r"(?a)(?:\s|^)(?:\d{1,3}\s*[-:]\s*\d{1,3}|\*)\s*$"), "result"),
)


def clean_copied(text: str) -> tuple[str, list[str]]:
    """A transcript as play sites copy it, with what is not a move taken out (clock times, a move's
    evaluation and time, the final score); and the kinds taken out ("clock", "evaluation", "result")."""
    found = []
    for pattern, kind in _COPIED_EXTRAS:
        text, n = pattern.subn(" ", text)
        if n and kind not in found:
            found.append(kind)
    return text, found


#: The forms :func:`transcript_form` tells apart, as the page says them.
FORM_WORDS = {
    "numbered": N_("numbered"),
    "upper": N_("capital letters"),
    "lower": N_("small letters"),
    "mixed": N_("mixed letters"),
    "joined": N_("back to back"),
    "spaced": N_("with separators"),
    "passes": N_("passes written out"),
    "clock": N_("clock times left out"),
    "evaluation": N_("evaluations left out"),
    "result": N_("the final score left out"),
}


def transcript_form(text: str, removed: list[str] | None = None) -> list[str]:
    """How a transcript is written, as keys of :data:`FORM_WORDS` (numbered, the letters' case,
    back to back or separated, passes written out, and what :func:`clean_copied` left out)."""
    form = []
    if re.search(r"(?a)(?<![\d.])\d+\s*\.(?!\d)", text):
        form.append("numbered")
    letters = [c for c in re.findall(r"(?ai)[a-p](?=1[0-6]|[1-9])", text)]
    if letters:
        upper = sum(c.isupper() for c in letters)
        form.append("upper" if upper == len(letters) else "lower" if upper == 0 else "mixed")
    squares = re.findall(r"(?ai)[a-p](?:1[0-6]|[1-9])(.?)", text)
    if squares:
        form.append("spaced" if any(sep and not sep.isalpha() for sep in squares[:-1]) else "joined")
    if re.search(r"(?ai)\b(?:pass|pa|ps)\b|--", text):
        form.append("passes")
    return form + [k for k in removed or [] if k not in form]


def describe_form(form: list[str]) -> str:
    """The form's words in the current language: "numbered, capital letters, with separators"."""
    return join_list(_(FORM_WORDS[k]) for k in form)


def write_transcript(moves: list[int], geometry: Geometry) -> str:
    """The compact lower-case form, passes left out: ``'f5d6c3'``."""
    return "".join(geometry.name(m) for m in moves if m != PASS)


def move_name(move: int, geometry: Geometry) -> str:
    return "pass" if move == PASS else geometry.name(move)


# -- move text: variations, comments and marks ---------------------------------------

_TREE_TOKEN_RE = re.compile(
    r"(?P<open>\()|(?P<close>\))|(?P<comment>\{(?:[^\\}]|\\.)*(?P<closed>\})?)"
    r"|(?P<glyph>!!|\?\?|!\?|\?!|!|\?|\$\d{1,3}(?!\d))"
)
#: A numeric annotation glyph (PGN's ``$3``) as the glyph it stands for; other NAGs are read and dropped.
_NAG_GLYPHS = {f"${number}": glyph for glyph, number in GLYPH_NAGS.items()}
_MARK_RE = re.compile(r"\[%mark\s*([^\]\[]*)\]")  # no "[" inside: an unclosed mark fails at the next one (linear)
#: Squares marked in a colour (PGN viewers' ``[%csl Rc3,Gd4]``) and lettered (``[%lbl Ac3,Bd4]``).
_SIGN_RE = re.compile(r"\[%(csl|lbl)\s*([^\]\[]*)\]")
#: The deepest nesting of variations read.
MAX_VARIATION_DEPTH = 100


def _movetext_tokens(text: str, geometry: Geometry) -> list[tuple[str, int, int, str]]:
    """``(kind, move, offset, token)``: kind ``move``, ``open``, ``close``, ``comment`` or ``glyph``."""
    _check_length(text, MAX_MOVETEXT_CHARS)
    out: list[tuple[str, int, int, str]] = []
    pos = 0
    run_start = 0
    while pos <= len(text):
        m = _TREE_TOKEN_RE.match(text, pos) if pos < len(text) else None
        if m is None and pos < len(text):
            nxt = _TREE_TOKEN_RE.search(text, pos)
            pos = len(text) if nxt is None else nxt.start()
            continue
        # the plain transcript before this token
        if run_start < pos:
            for move, offset, token in parse_transcript(text[run_start:pos], geometry, run_start):
                out.append(("move", move, run_start + offset, token))
        if m is None:
            break
        kind = ("open" if m.group("open") else "close" if m.group("close") else "glyph" if m.group("glyph")
                else "comment")
        token = m.group(0)
        if kind == "comment" and m.group("closed") is None:
            raise NotationError(
                _("move text: the comment at character {position} is not closed with '}}'").format(position=pos + 1)
            )
        if kind == "glyph" and out and out[-1][0] == "glyph" and out[-1][2] + len(out[-1][3]) == pos:
            run = re.match(r"[!?]*", text[out[-1][2]:]).group(0)  # type: ignore[union-attr]  # always matches
            raise NotationError(
                # Translators: a move's annotation written wrong, e.g. "f5!!!": the glyphs a move may have
                _("move text: {glyphs!r} at character {position} is not an annotation (one of !! ! !? ?! ? ??)")
                .format(glyphs=run[:12] + ("…" if len(run) > 12 else ""), position=out[-1][2] + 1))
        out.append((kind, 0, pos, token))
        pos = run_start = m.end()
    return out


def _read_comment(token: str, geometry: Geometry, offset: int) -> tuple[str, frozenset[int], dict[int, str]]:
    body = re.sub(r"\\(.)", r"\1", token[1:-1])
    marks: set[int] = set()
    for m in _MARK_RE.finditer(body):
        for name in m.group(1).replace(",", " ").split():
            try:
                marks.add(geometry.parse_square(name))
            except NotationError:
                raise NotationError(
                    _("move text: mark {square!r} in the comment at character {position} is not a square").format(
                        square=name[:8], position=offset + 1
                    )
                ) from None
    signs: dict[int, str] = {}
    for m in _SIGN_RE.finditer(body):
        for item in m.group(2).replace(",", " ").split():
            sign, name = item[:1], item[1:]
            ok = sign in SIGN_COLORS if m.group(1) == "csl" else (sign.isascii() and sign.isupper())
            try:
                if not ok:
                    raise NotationError(sign)
                signs[geometry.parse_square(name)] = sign
            except NotationError:
                raise NotationError(
                    # Translators: {item} is what the text had, e.g. "Xc3": a colour R, G or Y, or a letter, a square
                    _("move text: mark {item!r} in the comment at character {position} is not a colour (R, G, Y) "
                      "or a capital letter followed by a square").format(item=item[:8], position=offset + 1)
                ) from None
    text = _SIGN_RE.sub(" ", _MARK_RE.sub(" ", body))
    return " ".join(text.split())[:MAX_COMMENT_CHARS], frozenset(marks), signs


def parse_movetext(start: Position, text: str) -> Game:
    """A :class:`~reversi.core.game.Game` with every move, variation, comment and mark of ``text``.

    The main line's end is the game's live position, and it is shown. Errors
    name the character and what is wrong, like :func:`play_transcript`'s.
    """
    text = clean_text(text)  # a lone surrogate (half an emoji) would break every later write of it
    g = start.rules.geometry
    game = Game(start=start)
    node: Node = game.current
    before: Node | None = None  # the position before the last move: where a "(" goes back to
    stack: list[tuple[Node, Node | None, int]] = []
    claimed: Node | None = None  # the forced pass an explicit "pass" stood for
    # The node of the move just read: its glyph and its first comment are its own even where the game
    # recorded a forced pass after it (the compact form leaves the pass out: "b8{...}" then a comment
    # of the pass, if it has one, follows as a second comment).
    moved: Node | None = None
    moved_commented = False
    number = 0
    for kind, move, offset, token in _movetext_tokens(text, g):
        if kind == "move":
            number += 1
            if move == PASS and node is not claimed and node.was_forced_pass:
                claimed = node  # an explicit pass that was forced and already recorded
                moved, moved_commented = node, False
                continue
            game.go_to_node(node)
            try:
                game.play(move)
            except IllegalMoveError as e:
                raise IllegalMoveError(
                    _("transcript: move {n} {token!r} (character {position}): {error}").format(
                        n=number, token=token, position=offset + 1, error=e
                    )
                ) from None
            moved, moved_commented = node.child(move), False
            before, node = node, game.current
        elif kind == "open":
            moved = None
            if before is None:
                raise NotationError(
                    _("move text: the variation at character {position} does not follow a move").format(
                        position=offset + 1
                    )
                )
            if len(stack) >= MAX_VARIATION_DEPTH:
                raise NotationError(
                    _("move text: variations nested deeper than {most} (at character {position})").format(
                        most=MAX_VARIATION_DEPTH, position=offset + 1
                    )
                )
            stack.append((node, before, offset))
            node, before = before, None
        elif kind == "close":
            if not stack:
                raise NotationError(
                    _("move text: ')' at character {position} closes no variation").format(position=offset + 1)
                )
            node, before, _opened = stack.pop()
            moved = None
        elif kind == "glyph":
            glyph = _NAG_GLYPHS.get(token, "" if token.startswith("$") else token)
            target = moved if moved is not None else node
            if before is None or target.move is None or target.move == PASS:
                raise NotationError(
                    _("move text: the annotation {glyph!r} at character {position} does not follow a move").format(
                        glyph=token, position=offset + 1))
            if glyph:
                target.glyph = glyph
        else:
            target = node
            if moved is not None and not moved_commented:
                target, moved_commented = moved, True
            target.comment, target.marks, target.signs = _read_comment(token, g, offset)
    if stack:
        raise NotationError(
            _("move text: the variation opened at character {position} is not closed").format(
                position=stack[-1][2] + 1
            )
        )
    game.back_to_live()
    return game


def _comment_text(node: Node, geometry: Geometry) -> str:
    parts = []
    if node.marks:
        parts.append("[%mark " + " ".join(geometry.name(i) for i in sorted(node.marks)) + "]")
    for kind, wanted in (("csl", True), ("lbl", False)):
        items = [sign + geometry.name(i) for i, sign in sorted(node.signs.items()) if (sign in SIGN_COLORS) == wanted]
        if items:
            parts.append(f"[%{kind} " + ",".join(items) + "]")
    if node.comment:
        parts.append(node.comment.replace("\\", "\\\\").replace("}", "\\}"))
    return "{" + " ".join(parts) + "}" if parts else ""


def write_movetext(game: Game, compact: bool = False) -> str:
    """The game's whole tree as move text: the main line, its variations, comments and marks.

    ``compact`` (for links): moves back to back and forced passes left out;
    else moves and passes separated by spaces, lines of about 80 characters.
    """
    g = game.rules.geometry
    tokens: list[str] = []
    root_comment = _comment_text(game.root, g)
    if root_comment:
        tokens.append(root_comment)
    # LIFO work list: ("move", node) writes a move and its comment; ("line", node) what follows node
    work: list[tuple[str, Node | None]] = [("line", game.root)]
    while work:
        kind, node = work.pop()
        if kind in ("(", ")"):
            tokens.append(kind)
            continue
        assert node is not None
        if kind == "move":
            if not (compact and node.was_forced_pass):
                tokens.append(move_name(node.move if node.move is not None else PASS, g) + node.glyph)
            comment = _comment_text(node, g)
            if comment:
                tokens.append(comment)
            continue
        if not node.children:
            continue
        main = node.children[0]
        work.append(("line", main))
        for alt in reversed(node.children[1:]):
            work.extend(((")", None), ("line", alt), ("move", alt), ("(", None)))
        work.append(("move", main))
    if compact:
        return "".join(tokens)
    lines: list[str] = []
    current = ""
    glued = False  # after "(": the next token follows without a space
    for token in tokens:
        if not current or glued or token == ")":
            current += token
        elif len(current) + 1 + len(token) > 80:
            lines.append(current)
            current = token
        else:
            current += " " + token
        glued = token == "("
    if current:
        lines.append(current)
    return "\n".join(lines)


def has_tree(game: Game) -> bool:
    """Does ``game`` hold more than its main line (variations, comments, marks or annotations)?"""
    return any(len(n.children) > 1 or n.comment or n.marks or n.glyph or n.signs for n in game.nodes())


# -- position strings ------------------------------------------------------------


def position_to_string(position: Position) -> str:
    g = need_position(position, "position_to_string").rules.geometry
    rows = board_rows(position)
    board = "".join(rows) if (g.width, g.height) == (8, 8) else "/".join(rows)
    text = f"{board} {'O' if position.turn == WHITE else 'X'}"
    if position.supply is not None:
        text += f" {position.supply[0]} {position.supply[1]}"
    return text


def _split_board(text: str) -> tuple[list[str], list[str]]:
    """The rows of cells and the remaining fields of a position string."""
    text = text.removeprefix("\ufeff")  # a byte-order mark, as some editors write one
    if len(text) > MAX_POSITION_CHARS:
        raise NotationError(
            ngettext(
                "position: {n} character is too long (at most {most})",
                "position: {n} characters is too long (at most {most})",
                len(text),
            ).format(n=format_number(len(text)), most=format_number(MAX_POSITION_CHARS))
        )
    stripped = text.strip()
    if not stripped:
        raise NotationError(_("position: empty text"))
    fields = stripped.split()
    # Edax-style strings may split the cells by spaces into rows; join them back
    cells = set(BLACK_CELLS + WHITE_CELLS + EMPTY_CELLS + OFF_CELL + "/")
    k = 1
    while k < len(fields) and len(fields[k]) > 1 and set(fields[k]) <= cells:
        k += 1
    board = "".join(fields[:k])
    rest = fields[k:]
    if "/" in board:
        rows = board.split("/")
        if len({len(r) for r in rows}) != 1:
            lengths = ", ".join(str(len(r)) for r in rows)
            raise NotationError(_("position: rows have different lengths ({lengths})").format(lengths=lengths))
    else:
        n = round(len(board) ** 0.5)
        if n * n != len(board) or n < 4:
            raise NotationError(
                ngettext(
                    "position: {n} cell is not a square board (64 for 8x8, or rows split by '/')",
                    "position: {n} cells is not a square board (64 for 8x8, or rows split by '/')",
                    len(board),
                ).format(n=len(board))
            )
        rows = [board[r * n : (r + 1) * n] for r in range(n)]
    return rows, rest


def rules_for_position(text: str, rules: Rules) -> Rules:
    """``rules`` with the size and blocked squares that the string ``text`` shows.

    Lets a bare position string of any geometry be read: its dimensions give the
    size (unless the rule set has a fixed board) and its ``#`` cells that are not
    cuts of the rule set's shape give the blocked squares.
    """
    rows, _rest = _split_board(text)
    height, width = len(rows), len(rows[0])
    size = rules.size
    if rules.kind.allows_size:
        if width != height:
            raise NotationError(
                _("position: a {width}x{height} board is not square").format(width=width, height=height)
            )
        size = width
    try:
        base = replace(rules, size=size, blocked=(), handicap=0)
    except RulesError as e:
        raise NotationError(_("position: {error}").format(error=e)) from None
    g = base.geometry
    if (g.width, g.height) != (width, height):
        raise NotationError(
            # Translators: {rules} is a rule set's name, e.g. "Octagon Reversi"
            _("position: {width}x{height} cells, but {rules} is played on {board_width}x{board_height}").format(
                width=width, height=height, rules=_(rules.kind.title), board_width=g.width, board_height=g.height
            )
        )
    blocked = []
    for row, cells in enumerate(rows):
        for col, c in enumerate(cells):
            i = g.index(col, row)
            if c == OFF_CELL and i not in g.removed:
                blocked.append(g.name(i))
    try:
        return replace(rules, size=size, blocked=tuple(blocked), handicap=0)
    except RulesError as e:
        raise NotationError(_("position: {error}").format(error=e)) from None


def parse_position(text: str, rules: Rules | None = None) -> Position:
    """A :class:`Position` from a position string, checked against ``rules``.

    The geometry of the string must match the rules exactly (use
    :func:`rules_for_position` first to adapt the rules to the string).
    """
    need_instance(text, str, "parse_position", TAKES_TEXT)
    rules = Rules() if rules is None else need_instance(rules, Rules, "parse_position", TAKES_RULES)
    g = rules.geometry
    rows, rest = _split_board(text)
    if (len(rows[0]), len(rows)) != (g.width, g.height):
        raise NotationError(
            _("position: {width}x{height} cells, but the board is {board_width}x{board_height}").format(
                width=len(rows[0]), height=len(rows), board_width=g.width, board_height=g.height
            )
        )
    black = white = 0
    for row, cells in enumerate(rows):
        for col, c in enumerate(cells):
            i = g.index(col, row)
            name = g.name(i)
            if c == OFF_CELL:
                if i not in g.removed:
                    raise NotationError(_("position: {square} is marked '#' but is on this board").format(square=name))
                continue
            if i in g.removed:
                raise NotationError(
                    _("position: {square} is not on this board but holds {cell!r} (write '#')").format(
                        square=name, cell=c
                    )
                )
            if c in BLACK_CELLS:
                black |= 1 << i
            elif c in WHITE_CELLS:
                white |= 1 << i
            elif c not in EMPTY_CELLS:
                raise NotationError(
                    _("position: {cell!r} on {square} is not a cell (X, O, - or #)").format(cell=c, square=name)
                )
    if not rest:
        raise NotationError(_("position: the side to move is missing (X or O after the board)"))
    side = rest[0]
    if side in ("X", "x", "B", "b", "*"):
        turn = BLACK
    elif side in ("O", "o", "W", "w"):
        turn = WHITE
    else:
        raise NotationError(_("position: side to move {side!r} is not X or O").format(side=side))
    supply = None
    if rules.supply is not None:
        supply = _parse_supply(rest[1:], rules, black, white)
    elif len(rest) > 1:
        raise NotationError(
            _("position: unexpected {text!r} after the side to move").format(text=" ".join(rest[1:]))
        )
    return Position(rules, black, white, turn, supply)


def _parse_supply(fields: list[str], rules: Rules, black: int, white: int) -> tuple[int, int]:
    full = rules.supply or 0
    if not fields:
        handicap_discs = rules.handicap
        placed = (black | white).bit_count() - handicap_discs
        black_placed = (max(placed, 0) + 1) // 2
        supply = (full - black_placed, full - (max(placed, 0) - black_placed))
    elif len(fields) == 2 and all(f.isascii() and f.isdigit() and len(f) <= 3 for f in fields):
        supply = (int(fields[0]), int(fields[1]))
    else:
        raise NotationError(
            _("position: discs in hand {text!r} should be two numbers").format(text=" ".join(fields))
        )
    if not (0 <= supply[0] <= full and 0 <= supply[1] <= full):
        raise NotationError(
            _("position: discs in hand {black} and {white} are not within 0..{most}").format(
                black=supply[0], white=supply[1], most=full
            )
        )
    return supply
