"""GGF games in and out: the Generic Game Format of the internet Othello servers (GGS).

A GGF game is one parenthesised list of properties, ``KEY[value]``, from ``(;`` to ``;)``::

    (;GM[Othello]PC[GGS/os]DT[2003.12.15_13:24:03.MET]PB[alice]PW[bob]RB[2012.5]RW[1987.0]
      TI[05:00//02:00]TY[8]RE[+12.000]BO[8 ---------------------------O*------*O--------------------------- *]
      B[f5//1.2]W[d6/-1.50/3.2]B[c3]...;)

Read (:func:`read_ggf`) and written (:func:`write_ggf`) here, from the format's public
description:

* ``GM`` the game (Othello), ``PC`` the place, ``DT`` the date, ``PB``/``PW`` the players'
  names, ``RB``/``RW`` their ratings, ``TI`` the time control, ``KM`` a komi, ``RE`` the result
  from Black's side (``+12.000``; ``:r`` a resignation, ``:t`` a loss on time, ``:s`` a score
  agreed on), all kept as the record's tags (``Site``, ``Date``, ``Black``, ``White``,
  ``BlackRating``, ``WhiteRating``, ``TimeControl``, ``Komi``);
* ``TY`` the board type: its size (``8``, ``10``...), ``a`` for Anti (fewer discs wins),
  ``r`` and a count for a random start (the start is in ``BO`` anyway), ``s`` for synchro (two
  games played at once from one start: each record is an ordinary game from its ``BO``) and
  ``k`` for a komi game (an ordinary game whose result ``RE`` is its disc margin plus the komi
  ``KM``, the players' bids ``KB`` and ``KW`` before it); another letter is refused, naming it;
* ``BO`` the start: the size, the cells row by row (``*`` black, ``O`` white, ``-`` empty) and
  the side to move; the cells may be split over several words (GGS writes a row a word:
  ``BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]``);
* ``B``/``W`` the moves, ``move/eval/time`` (eval and time may be empty); a pass is ``PA``.
  The evaluations and times are read, and become the moves' comments when asked
  (``notes=True``: "-16.47 · 0.24 s"); they never stop a game from being read.
* ``RE[?]`` (NBoard) and a margin no board of the game's size can have (Edax's ``RE[-127.000]``
  for "no result") are an unknown result: the game reads as one that goes on.

A file of many games is read game by game (:func:`read_ggf_games`): a damaged game, or one of a
type this package does not play, gives a message naming its number, and the other games still
load. What stands between games is skipped: a GGS archive writes a game a line after its count
(``1 (;GM[Othello]...;)``), and a file may start with a byte-order mark (:func:`is_ggf` knows
both). A result the moves do not reach (an adjudged or unfinished game, ``RE[+12.000]`` after
five moves) is kept as the tag ``GGFResult`` and written back as it was.

GGF holds square boards with every square in play, no variations and no comments:
:func:`write_ggf` refuses a game it cannot hold (Octagon, Classic's discs in hand, blocked
squares) with a message, and leaves out a game's variations and comments.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime

from reversi.core.game import Ending, Game, Termination
from reversi.core.position import PASS, Position
from reversi.core.rules import BLACK, WHITE, Rules
from reversi.errors import NotationError, ReversiError
from reversi.formats.notation import parse_position, position_to_string
from reversi.formats.record import MAX_TAG_CHARS, Record, check_tags
from reversi.i18n import _
from reversi.inputs import clean_text

#: The longest single game read (characters): a 16x16 game with evals and times is under 10,000.
MAX_GAME_CHARS = 50_000
#: The most games one text is read for (a GGS archive of a month holds tens of thousands).
MAX_GAMES = 1_000_000

_PROPERTY = re.compile(r"\s*([A-Za-z]{1,8})\[((?:[^\]\\]|\\.)*)\]", re.DOTALL)
#: The longest property value looked for when a game's end is found (a 16x16 ``BO`` is under 300
#: characters): an unclosed ``[`` is known at once, not after the rest of the file.
MAX_VALUE_CHARS = 4_000
_RESULT = re.compile(r"(?a)\s*([+-]?\d+(?:\.\d*)?)\s*(?::\s*([a-z]))?\s*")
_MOVE = re.compile(r"(?ai)\s*(pa(?:ss)?|[a-p](?:1[0-6]|[1-9]))\s*(?:/([^/]*)(?:/(.*))?)?")
#: A byte-order mark, as some editors start a UTF-8 file.
BOM = "\ufeff"
#: The start of a GGF text: a byte-order mark, spaces, a GGS archive's count of the game (``1 ``)
#: and ``(;`` then a property.
_GGF_START = re.compile(r"\s*\ufeff?\s*(?:[0-9]+\s*)?\(;\s*[A-Za-z]{1,8}\[")
#: GGF's properties kept as a record's tags, and their names there.
TAG_OF = {"PC": "Site", "PB": "Black", "PW": "White", "RB": "BlackRating", "RW": "WhiteRating",
          "TI": "TimeControl", "KM": "Komi"}


@dataclass(frozen=True)
class GgfEntry:
    """One game of a GGF text: its number (1 for the first), and the record read or why not."""

    number: int
    record: Record | None
    error: str = ""


#: What may stand between games unsaid: spaces, a byte-order mark, a GGS archive's count of the next game.
_BETWEEN = re.compile(r"[\s\ufeff]*(?:[0-9]+[\s\ufeff]*)?")


def split_games(text: str, skipped: list[tuple[int, str]] | None = None) -> Iterator[tuple[int, str]]:
    """The games of ``text``, numbered from 1: each ``(;`` ... ``;)``, text between them skipped.
    ``skipped`` (when given) gets each stretch of other text skipped, with the number of the game
    it follows (0: before the first), so that it can be said."""
    pos = 0
    number = 0
    while number < MAX_GAMES:
        start = text.find("(;", pos)
        gap = text[pos:] if start < 0 else text[pos:start]
        if skipped is not None and gap and not _BETWEEN.fullmatch(gap):
            skipped.append((number, gap.strip()))
        if start < 0:
            return
        end = text.find(";)", start + 2)
        number += 1
        if end < 0:
            yield number, text[start:]
            return
        # a property value may hold ";)": the end is the first ";)" outside brackets; a game whose
        # ";)" is missing ends where the next "(;" starts (refused alone, the next one read)
        after = _game_end(text, start, end)
        yield number, text[start:after]
        pos = after


def _game_end(text: str, start: int, end: int) -> int:
    """Where the game starting at ``start`` ends (the index after it): after the first ``;)``
    outside a property's brackets; before a ``(;`` outside brackets that comes first (the game has
    lost its ``;)``); or after ``end`` (the first ``;)`` at all) where a bracket is left open. Each
    value is skipped with one search, bounded by :data:`MAX_VALUE_CHARS`: linear in the file
    whatever its brackets (a file of thousands of games with an unclosed ``[`` each reads as fast)."""
    i = start + 2
    limit = min(len(text), start + MAX_GAME_CHARS + 2)  # a longer game is refused anyway
    while i < limit:
        close = text.find(";)", i, limit)
        bracket = text.find("[", i, limit)
        if close < 0:
            return end + 2
        opened = text.find("(;", i, close)  # before the ";)": a next game, if not inside a value
        if opened >= 0 and (bracket < 0 or opened < bracket):
            return opened
        if bracket < 0 or close < bracket:
            return close + 2
        j = bracket + 1
        while True:  # the value's closing bracket, escapes (``\]``) skipped
            k = text.find("]", j, min(limit, bracket + 1 + MAX_VALUE_CHARS))
            if k < 0:
                return end + 2  # left open: the game ends at the first ";)" (it is refused when read)
            backslashes = len(text[j:k]) - len(text[j:k].rstrip("\\"))
            if backslashes % 2 == 0:
                break
            j = k + 1
        i = k + 1
    return end + 2


def read_ggf_games(text: str, notes: bool = False) -> list[GgfEntry]:
    """Every game of a GGF text, each read or refused on its own (:class:`GgfEntry`); ``notes`` as
    :func:`read_ggf` takes it."""
    return list(iter_ggf_games(text, notes))


def iter_ggf_games(text: str, notes: bool = False) -> Iterator[GgfEntry]:
    """:func:`read_ggf_games` a game at a time (the page reads a big file in slices between them);
    what stands between games and is no game comes last, each stretch said (number 0)."""
    text = clean_text(text)
    skipped: list[tuple[int, str]] = []
    for number, chunk in split_games(text, skipped):
        try:
            yield GgfEntry(number, read_ggf(chunk, notes=notes))
        except ReversiError as e:
            # Translators: a game of a GGF file (the internet servers' format) that could not be read
            yield GgfEntry(number, None, _("GGF game {n}: {error}").format(n=number, error=e))
    for after, gap in skipped:  # said, never read as a game, and the games around it still load
        shown = gap[:30] + ("…" if len(gap) > 30 else "")
        if after:
            # Translators: text in a GGF file that is no game, after game {n}: skipped, and said
            message = _("after GGF game {n}: {text!r} is not a game, skipped").format(n=after, text=shown)
        else:
            message = _("before the first GGF game: {text!r} is not a game, skipped").format(text=shown)
        yield GgfEntry(0, None, message)


def read_ggf(text: str, notes: bool = False) -> Record:
    """One GGF game as a record; raises :class:`~reversi.errors.NotationError` naming what is wrong.
    ``notes``: each move's evaluation and time, where the game gives them, become its comment."""
    body = clean_text(text).strip().removeprefix(BOM).strip()
    if len(body) > MAX_GAME_CHARS:
        raise NotationError(_("{n} characters is too long for one game").format(n=len(body)))
    if not body.startswith("(;"):
        raise NotationError(_("a GGF game starts with '(;'"))
    if not body.endswith(";)"):
        raise NotationError(_("the game does not end with ';)'"))
    props: dict[str, str] = {}
    moves: list[tuple[str, str]] = []
    pos = 2
    end = len(body) - 2
    while pos < end:
        m = _PROPERTY.match(body, pos)
        if m is None:
            if not body[pos:end].strip():
                break
            raise NotationError(_("cannot read {text!r}: properties are written KEY[value]").format(
                text=body[pos:pos + 20].strip()))
        key, value = m.group(1).upper(), re.sub(r"\\(.)", r"\1", m.group(2))
        if key in ("B", "W"):
            moves.append((key, value))
        else:
            props.setdefault(key, value)
        pos = m.end()
    game_name = props.get("GM", "Othello").strip()
    if game_name.lower() != "othello":
        raise NotationError(_("the game is {name!r}, not Othello").format(name=game_name[:20]))
    rules, random_start, komi_game = _rules_of_type(props.get("TY", "8"))
    start = _start_of(props.get("BO"), rules)
    if start is None and random_start:
        raise NotationError(_("a random start (TY[{type}]) needs its board in BO[...]").format(type=props["TY"][:10]))
    game = Game(start=start or Position.start(rules))
    commented = False
    for number, (color, text_move) in enumerate(moves, 1):
        note = _play(game, number, color, text_move)
        if notes and note:
            node = game.current
            if node.was_forced_pass and node.parent is not None:
                node = node.parent  # the move's own, not the pass recorded after it
            game.set_comment(node, note)
            commented = True
    tags = {TAG_OF[k]: v for k, v in props.items() if k in TAG_OF}
    if "DT" in props:
        tags["Date"] = _date(props["DT"])
    komi = komi_game or "KM" in props
    if komi and "KM" in props and result_margin(props["KM"]) is None:
        raise NotationError(_("komi KM[{text}] is not a number like -0.500").format(text=props["KM"][:20]))
    tags = check_tags({k: v[:MAX_TAG_CHARS] for k, v in tags.items()})
    recorded = props.get("RE", "").strip()
    if _unknown_result(recorded, rules):
        recorded = ""  # "?", or Edax's -127: nobody knows the result
    ending = _ending(recorded, game, komi=komi)
    if ending is not None:
        game.end(ending)
    if recorded and ending is None and (komi or not game.live.position.is_over):
        tags["GGFResult"] = recorded[:MAX_TAG_CHARS]  # adjudged, unfinished or with a komi: kept as written
    standard = Position.start(rules)
    first = game.start if game.start != standard else None
    main = [n.move for n in game.main_line()[1:] if n.move is not None]
    if commented:  # the comments are in the record's move text
        game.tags = dict(tags)
        return Record.from_game(game)
    return Record(rules, first, main, tags, "", "", ending)


def _unknown_result(text: str, rules: Rules) -> bool:
    """Is ``RE[text]`` a result nobody knows: empty, ``?`` (NBoard), or a margin no game on the board
    can end with (Edax writes -127 for "no result")?"""
    if text in ("", "?"):
        return True
    margin = result_margin(text)
    return margin is not None and abs(margin) > rules.geometry.square_count


def _rules_of_type(text: str) -> tuple[Rules, bool, bool]:
    """The rules of a board type (``8``, ``10a``, ``8r20``, ``s8r19``, ``8k``: a size, ``a`` for
    Anti, ``r`` and a count for a random start, ``s`` for synchro, ``k`` for komi), whether the
    start is random and whether the game is played with a komi."""
    ty = text.strip().lower()
    parts = re.findall(r"(?a)r\d+|\d+|[a-z]", ty)
    sizes = [p for p in parts if p.isdigit()]
    if "".join(parts) != ty or len(sizes) != 1 or len(sizes[0]) > 3:
        raise NotationError(_("board type TY[{type}] is not a size and letters like 8 or 10a").format(type=text[:10]))
    letters = [p for p in parts if not p.isdigit()]
    random_start = any(p.startswith("r") for p in letters)
    unknown = [p for p in letters if p not in ("a", "s", "k") and not p.startswith("r")]
    if unknown:
        raise NotationError(
            # Translators: {type} is a GGF board type (TY[8d]); the letters this program reads are listed
            _("board type TY[{type}] is not played here (a size, with a for Anti, r for a random start, "
              "s for synchro and k for komi)").format(type=text.strip()[:10]))
    try:
        return Rules(size=int(sizes[0]), anti="a" in letters), random_start, "k" in letters
    except ReversiError as e:
        raise NotationError(_("board type TY[{type}]: {error}").format(type=text.strip()[:10], error=e)) from None


def _start_of(text: str | None, rules: Rules) -> Position | None:
    if text is None:
        return None
    fields = text.split()
    if len(fields) < 3 or not (fields[0].isascii() and fields[0].isdigit() and len(fields[0]) <= 3):
        raise NotationError(_("BO[...] should be the size, the cells and the side to move"))
    size = int(fields[0])
    g = rules.geometry
    if size != g.width:
        raise NotationError(_("BO[...] is {size}x{size} but TY[...] says {type}x{type}").format(
            size=size, type=g.width))
    cells = "".join(fields[1:-1])  # GGS writes a row a word: joined
    side = fields[-1]
    if side not in ("*", "O"):
        raise NotationError(_("BO[...]: the side to move is * (Black) or O (White), not {side!r}").format(
            side=side[:4]))
    if len(cells) != size * size:
        raise NotationError(_("BO[...] has {n} cells, not {expected}").format(n=len(cells), expected=size * size))
    rows = "/".join(cells[k : k + size] for k in range(0, len(cells), size))
    return parse_position(f"{rows} {'X' if side == '*' else 'O'}", rules)


def _play(game: Game, number: int, color: str, text: str) -> str:
    """Play the move written ``text`` (``f4/-16.47/0.24``); return its evaluation and time as a
    note ("-16.47 · 0.24 s"), '' where it gives neither."""
    m = _MOVE.fullmatch(text)
    if m is None:
        # Translators: {n} counts the moves of a GGF game, {text} is what was written for one
        raise NotationError(_("move {n}: cannot read {text!r}").format(n=number, text=text[:20]))
    position = game.current.position
    side = BLACK if color == "B" else WHITE
    word = m.group(1).lower()
    if word.startswith("pa"):
        if game.current.was_forced_pass and game.current.parent is not None \
                and game.current.parent.position.turn == side:
            return ""  # the pass the game recorded by itself
        move = PASS
    else:
        move = game.rules.geometry.parse_square(word)
    if position.turn != side:
        raise NotationError(_("move {n}: {color}[{text}] but the other side is to move").format(
            n=number, color=color, text=text[:10]))
    try:
        game.play(move)
    except ReversiError as e:
        raise NotationError(_("move {n}: {error}").format(n=number, error=e)) from None
    return _move_note(m.group(2) or "", m.group(3) or "")


def _move_note(evaluation: str, seconds: str) -> str:
    """A move's evaluation and time as GGF gives them (``-16.47``, ``0.24``), as a comment; what is
    not a number is left out (a move is never refused for them)."""
    parts = []
    value = result_margin(evaluation) if evaluation.strip() else None
    if value is not None:
        parts.append(f"{value:+.2f}")
    time = seconds.strip().split("/")[0] if seconds.strip() else ""
    spent = result_margin(time) if time else None
    if spent is not None and spent >= 0:
        # Translators: a move's thinking time, read from a GGF game: "0.24 s"
        parts.append(_("{seconds} s").format(seconds=f"{spent:g}"))
    return " · ".join(parts)


def _ending(text: str, game: Game, komi: bool) -> Ending | None:
    if text.strip() in ("", "?"):  # not known yet: a game in progress
        return None
    m = _RESULT.fullmatch(text)
    if m is None:
        raise NotationError(_("result RE[{text}] is not a score like +12.000").format(text=text[:20]))
    value = result_margin(text)
    if value is None:  # a number beyond any board's margin (or not finite): not a score
        raise NotationError(_("result RE[{text}] is not a score like +12.000").format(text=text[:20]))
    how = m.group(2) or ""
    end = game.live.position
    if end.is_over:
        result = end.result()
        if not komi and how in ("", "s") and result is not None and round(value) != end.final_margin(BLACK):
            raise NotationError(_("result RE[{text}] but the moves end {score}").format(
                text=text.strip()[:20], score=result.score))
        return None
    if how in ("r", "t") and value != 0:
        loser = WHITE if value > 0 else BLACK
        return Ending(loser, Termination.RESIGNATION if how == "r" else Termination.TIME)
    return None


def _date(text: str) -> str:
    """GGF's date (``2003.12.15_13:24:03.MET``, GGS's ``2000-4-16 11:13 EST``, or seconds since 1970)
    as a record's ``2003.12.15``."""
    t = text.strip()
    m = re.match(r"(?a)(\d{4})[.-](\d{1,2})[.-](\d{1,2})(?!\d)", t)
    if m:
        return f"{m.group(1)}.{int(m.group(2)):02d}.{int(m.group(3)):02d}"
    if t.isascii() and t.isdigit() and len(t) <= 4:
        return t  # a year alone (a WTHOR game's date, written back as DT[2004])
    if t.isascii() and t.isdigit() and len(t) <= 12:
        try:
            return datetime.fromtimestamp(int(t), tz=UTC).strftime("%Y.%m.%d")
        except (ValueError, OverflowError, OSError):  # seconds past the calendar's years: kept as written
            pass
    return t[:MAX_TAG_CHARS]


# -- writing -----------------------------------------------------------------------------------


def ggf_refusal(rules: Rules) -> str:
    """Why GGF cannot hold a game of ``rules`` ('' when it can)."""
    if rules.variant != "othello":
        # Translators: {rules} names a rule set (Octagon Reversi, Classic Reversi): GGF cannot hold its games
        return _("GGF holds square boards with every square in play: not {rules}").format(rules=rules.describe())
    if rules.blocked:
        return _("GGF has no blocked squares: not {rules}").format(rules=rules.describe())
    if rules.free_opening:
        return _("GGF games start from discs on the board: not a free opening")
    return ""


def write_ggf(record: Record) -> str:
    """The record's main line as one GGF game (its variations and comments left out); raises
    :class:`~reversi.errors.NotationError` when GGF cannot hold the game (:func:`ggf_refusal`)."""
    rules = record.rules
    refusal = ggf_refusal(rules)
    if refusal:
        raise NotationError(refusal)
    game = record.to_game()
    start = record.start_position()
    g = rules.geometry
    tags = record.tags
    parts = ["(;GM[Othello]"]
    for key, tag in (("PC", "Site"), ("DT", "Date"), ("PB", "Black"), ("PW", "White"), ("RB", "BlackRating"),
                     ("RW", "WhiteRating"), ("TI", "TimeControl"), ("KM", "Komi")):
        if tags.get(tag):
            parts.append(f"{key}[{_escape(tags[tag])}]")
    komi = bool(tags.get("Komi"))
    parts.append(f"TY[{g.width}{'a' if rules.anti else ''}{'k' if komi else ''}]")
    result = _result_text(game, tags.get("GGFResult", ""), komi)
    if result:
        parts.append(f"RE[{result}]")
    board, side = position_to_string(start).split()[:2]
    cells = board.replace("/", "").replace("X", "*")
    parts.append(f"BO[{g.width} {cells} {'*' if side == 'X' else 'O'}]")
    for node in game.main_line()[1:]:
        assert node.parent is not None and node.move is not None
        color = "B" if node.parent.position.turn == BLACK else "W"
        parts.append(f"{color}[{'PA' if node.move == PASS else g.name(node.move).upper()}]")
    parts.append(";)")
    return "".join(parts)


def _result_text(game: Game, recorded: str = "", komi: bool = False) -> str:
    """RE[...]'s value: the moves' score, a resignation or a loss on time, or else the result the
    record holds as read (``recorded``, the ``GGFResult`` tag: an adjudged or unfinished game, or
    a komi game's, which is its margin plus the komi)."""
    end = game.live.position
    recorded = recorded.strip()
    if komi and recorded and _RESULT.fullmatch(recorded):
        return recorded
    if game.ending is not None:
        sign = "+" if game.ending.winner == BLACK else "-"
        margin = game.rules.geometry.square_count  # a resigned game counts as a wipe-out, as GGS scores it
        return f"{sign}{margin}.000:{'r' if game.ending.by is Termination.RESIGNATION else 't'}"
    if end.is_over:
        return f"{end.final_margin(BLACK):+d}.000"
    recorded = recorded.strip()
    if recorded and _RESULT.fullmatch(recorded):
        return recorded
    return ""


def result_margin(text: str) -> float | None:
    """Black's margin of a GGF result (``+12.000``, ``-40.00:s``: 12.0, -40.0), None if it is none."""
    m = _RESULT.fullmatch(text)
    if m is None or text.strip() in ("", "?"):
        return None
    try:
        value = float(m.group(1))
    except ValueError:
        return None
    return value if abs(value) <= 10_000 else None


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace("]", "\\]")


def write_ggf_games(records: list[Record]) -> str:
    """Several games, one a line."""
    return "".join(write_ggf(r) + "\n" for r in records)


def is_ggf(text: str) -> bool:
    """Does ``text`` look like GGF: a game that starts ``(;GM[`` or ``(;`` then a property, after
    spaces, a byte-order mark and a GGS archive's count of the game (``1 (;GM[Othello]...``)?"""
    return _GGF_START.match(text) is not None




def listed_result(game: Game) -> str:
    """A game's result as the lists of games show it, in one notation whatever the file (GGF,
    WTHOR, .rev): Black's discs first ("31:33"); "Black won: White resigned", "White won on
    time"; a result the moves do not reach, as recorded, from Black's side ("Black +12", with its
    komi: "Black +8.5 with komi -0.5"); '' when nobody knows it."""
    outcome = game.outcome
    names = game.rules.display_side_names()
    if outcome is not None:
        if outcome.result is not None:
            return f"{outcome.result.black}:{outcome.result.white}"
        winner, loser = names[outcome.winner or 0], names[1 - (outcome.winner or 0)]
        if outcome.termination is Termination.TIME:
            return _("{winner} won on time").format(winner=winner)
        return _("{winner} won: {loser} resigned").format(winner=winner, loser=loser)
    margin = result_margin(game.tags.get("GGFResult", ""))
    if margin is None:
        return ""
    side = names[BLACK] if margin >= 0 else names[WHITE]
    text = f"{side} +{abs(margin):g}"
    komi = result_margin(game.tags.get("Komi", ""))
    if komi is not None:
        # Translators: a komi game's result in a list of games: "Black +8.5 with komi -0.5"
        return _("{result} with komi {komi}").format(result=text, komi=f"{komi:g}")
    return text
