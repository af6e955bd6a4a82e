"""Files of games: ``games`` lists, searches and converts them.

``python -m reversi games FILE`` reads a GGF file of any number of games (the servers' format,
:mod:`reversi.formats.ggf`), a WTHOR database (``.wtb``, with the players' ``.JOU`` and the
tournaments' ``.TRN`` beside it or named by ``--players`` and ``--tournaments``:
:mod:`reversi.formats.wthor`) or a ``.rev`` record (:mod:`reversi.formats.record`), and prints a
line a game: its number, the players, the date, the result and the opening moves. A WTHOR file
is listed and searched without playing its games (100,000 games in seconds); only the games
written out with ``--to`` are played. ``--player``
keeps the games a name plays in (either side, any case, a part of the name), ``--opening`` those
that begin with these moves (a transcript, read as everywhere: ``f5d6``, ``1. F5 d6``; bad moves
are refused), ``--json`` prints the games as data, ``--to ggf|rev`` writes them in that format
instead. A damaged game is named on the standard error and the others still come; the count
line says how many of the file's games were shown, read and unreadable, and a file none of whose
games could be read fails (exit status 2). A ``.rev`` file may hold several records, one after
the other, as ``--to rev`` writes them.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from pathlib import Path
from typing import Any

from reversi.core.game import Game
from reversi.core.position import PASS, Position
from reversi.core.rules import Rules
from reversi.errors import ReversiError
from reversi.formats.ggf import is_ggf, listed_result, read_ggf_games, write_ggf
from reversi.formats.notation import parse_transcript, play_transcript, write_transcript
from reversi.formats.record import Record, read_records, write_record
from reversi.i18n import _, ngettext

#: The largest file read (bytes): a GGS archive of a year is about 100 MB.
MAX_FILE_BYTES = 500_000_000
#: The year a WTHOR database written from games without a date says (WTHOR has no "unknown" year).
UNDATED_YEAR = 2000



def games_written(n: int, path: object) -> str:
    """What ``--to`` says it wrote (on standard error)."""
    return ngettext("{n} game written to {path}", "{n} games written to {path}", n).format(n=n, path=path)

def register(sub: argparse._SubParsersAction[Any]) -> None:
    p = sub.add_parser("games", help=_("list, search and convert a file of games (GGF, WTHOR or .rev)"))
    p.add_argument("file", metavar=_("FILE"),
                   help=_("a GGF file (any number of games), a WTHOR .wtb database or a .rev record; "
                          "- reads them from the standard input"))
    p.add_argument("--player", default=None, metavar=_("NAME"), help=_("only the games this name plays in"))
    p.add_argument("--opening", default=None, metavar=_("MOVES"), help=_("only the games that begin with these moves"))
    p.add_argument("--to", choices=("ggf", "rev", "wtb"), default=None,
                   help=_("write the games in this format (wtb: a WTHOR database, with -o)"))
    p.add_argument("-o", "--output", default=None, metavar=_("FILE"),
                   help=_("with --to: the file to write (wtb: the .wtb, its .JOU and .TRN beside it); "
                          "without -o, ggf and rev are printed"))
    p.add_argument("--players", default=None, metavar=_("FILE"),
                   help=_("a WTHOR file's players (.JOU; default: the one of its name beside it, else WTHOR.JOU)"))
    p.add_argument("--tournaments", default=None, metavar=_("FILE"),
                   help=_("a WTHOR file's tournaments (.TRN; default: the one of its name beside it, else "
                          "WTHOR.TRN)"))
    p.add_argument("--notes", action="store_true",
                   help=_("keep a GGF game's evaluations and times of its moves, as the moves' comments"))
    p.add_argument("--json", action="store_true", help=_("print JSON"))
    p.set_defaults(func=cmd_games)


def read_bytes(path: str) -> bytes:
    """The bytes of the file at ``path`` (``-``: the standard input), at most ``MAX_FILE_BYTES``:
    a device or a pipe, whose size is not known before, is read no further than that."""
    try:
        if path == "-":
            data = sys.stdin.buffer.read(MAX_FILE_BYTES + 1)
        else:
            with open(path, "rb") as file:
                size = os.fstat(file.fileno()).st_size  # 0 for a device or a pipe
                if size > MAX_FILE_BYTES:
                    raise ReversiError(_("{path} is {size:,} bytes, more than the {limit:,} read").format(
                        path=path, size=size, limit=MAX_FILE_BYTES))
                data = file.read(MAX_FILE_BYTES + 1)
    except OSError as e:
        raise ReversiError(_("cannot read {path}: {error}").format(path=path, error=e.strerror or e)) from None
    if len(data) > MAX_FILE_BYTES:
        raise ReversiError(_("{path} is more than the {limit:,} bytes read").format(path=path, limit=MAX_FILE_BYTES))
    return data


def read_games(path: str, notes: bool = False) -> tuple[list[tuple[int, Record]], list[str]]:
    """The games of a text file (GGF, or .rev records: one or several), numbered from 1, and the
    messages of those that could not be read; ``notes``: a GGF move's evaluation and time are its comment."""
    data = read_bytes(path)
    if b"\0" in data:  # no text file of games holds a NUL: a binary file, or another format
        raise ReversiError(_("{path} is not a text file of games (GGF or .rev), nor a WTHOR .wtb database").format(
            path=path))
    text = data.decode("utf-8-sig", errors="replace")  # a byte-order mark dropped
    entries = read_ggf_games(text, notes=notes) if is_ggf(text) else read_records(text)
    return ([(e.number, e.record) for e in entries if e.record is not None],
            [e.error for e in entries if e.record is None])


def _opening(text: str, rules: Rules) -> list[int]:
    """The moves of an ``--opening`` (as written: passes only where given), refused when they cannot
    be played from the start of ``rules`` (they would match no game, and say nothing)."""
    try:
        moves = [m for m, _start, _end in parse_transcript(text, rules.geometry)]
        play_transcript(Position.start(rules), text)
    except ReversiError as e:
        # Translators: {error} says what is wrong with the moves, e.g. "move 2 (f5): not a legal move"
        raise ReversiError(_("--opening: {error}").format(error=e)) from None
    return moves


def matches(record: Record, player: str | None, opening: list[int] | None) -> bool:
    if player:
        names = (record.tags.get("Black", ""), record.tags.get("White", ""))
        if not any(player.casefold() in name.casefold() for name in names):
            return False
    if opening:
        start = record.start_position()
        if start != type(start).start(record.rules) or record.moves[: len(opening)] != opening:
            return False
    return True


def summary(number: int, record: Record) -> dict[str, Any]:
    game: Game = record.to_game()
    g = record.rules.geometry
    result = listed_result(game)  # one notation, Black's discs first, whatever the file
    return {
        "number": number,
        "black": record.tags.get("Black", ""),
        "white": record.tags.get("White", ""),
        "date": record.tags.get("Date", ""),
        "place": record.tags.get("Site", ""),
        "rules": record.rules.describe(),
        "result": result,
        "moves": write_transcript(record.moves, g),
    }


def is_wthor(path: str) -> bool:
    return path.lower().endswith(".wtb")


#: Control characters (C0, DEL, C1): a name from a file never sends one to the terminal.
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f]")


def _beside(path: str, given: str | None, name: str) -> str | None:
    """A WTHOR name file's path: the one given, or the games' own (``club.JOU`` beside ``club.wtb``)
    or ``name`` (``WTHOR.JOU``), any case, in the games' folder; None if there is none."""
    if given:
        return given
    folder = Path(path).parent
    wanted = [Path(path).stem.lower() + name[name.index("."):].lower(), name.lower()]
    found = {c.name.lower(): c for c in folder.iterdir()} if folder.is_dir() else {}
    for candidate in wanted:
        if candidate in found:
            return str(found[candidate])
    return None


def wthor_games(args: argparse.Namespace) -> int:
    from reversi.formats import wthor

    header, games = wthor.read_wtb(read_bytes(args.file))
    jou_path = _beside(args.file, args.players, "WTHOR.JOU")
    trn_path = _beside(args.file, args.tournaments, "WTHOR.TRN")
    jou = read_bytes(jou_path) if jou_path is not None else None
    trn = read_bytes(trn_path) if trn_path is not None else None
    if jou is None and games:
        # Translators: a WTHOR database read without its players' file: the players are shown by number
        print(_("no players' file (.JOU) beside {path}: the players are numbers (see --players)").format(
            path=args.file), file=sys.stderr)
    players = wthor.read_names(jou, "jou") if jou is not None else []
    tournaments = wthor.read_names(trn, "trn") if trn is not None else []
    opening = None
    if args.opening:  # read as the other files' openings are: a transcript, its errors said
        geometry = Rules().geometry
        opening = "".join(geometry.name(m) for m in _opening(args.opening, Rules())
                          if m != PASS) or None  # WTHOR writes no passes
    player = args.player.casefold() if args.player else None
    readable, errors = wthor.split_damaged(games)
    chosen = []
    for game in readable:
        black, white = wthor.name_at(players, game.black), wthor.name_at(players, game.white)
        if player and player not in black.casefold() and player not in white.casefold():
            continue
        if opening and not game.opening(len(opening) // 2 + 1).startswith(opening):
            continue
        chosen.append((game, black, white))
    for error in errors:
        print(error, file=sys.stderr)
    _check_some_read(args.file, len(readable), len(errors))
    if args.to:
        numbered = []
        for game, _black, _white in chosen:
            try:
                numbered.append((game.number, wthor.to_record(game, header.year, players, tournaments)))
            except ReversiError as e:  # a game whose moves cannot be played: named, the others go on
                print(str(e), file=sys.stderr)
        if args.to == "wtb":  # another database of the games chosen (a player's, say)
            if chosen and not numbered:
                raise ReversiError(_("none of the {n} games can be written to WTHOR").format(n=len(chosen)))
            return write_wthor(numbered, args.output, [p for p in (jou_path, trn_path) if p is not None])
        texts = [write_ggf(record) if args.to == "ggf" else write_record(record) for _n, record in numbered]
        return _write_games(args, texts, len(chosen))
    for g, _black, _white in chosen:
        if g.score_note():
            print(g.score_note(), file=sys.stderr)
    rows = [{"number": g.number, "black": black, "white": white, "date": str(header.year) if header.year else "",
             "place": wthor.name_at(tournaments, g.tournament), "rules": "Othello 8x8",
             "result": g.result(), "theoretical": g.theoretical_result(),
             "moves": g.opening(60)} for g, black, white in chosen]
    return _print_rows(args, rows, len(readable), len(errors))


def _check_some_read(path: str, read: int, unreadable: int) -> None:
    """Fails (exit status 2) when games were found but none could be read."""
    if unreadable and not read:
        # Translators: every game of a file was damaged; their messages were shown before this line
        raise ReversiError(ngettext("none of the {n} game of {path} could be read",
                                    "none of the {n} games of {path} could be read",
                                    unreadable).format(n=unreadable, path=path))


def _print_rows(args: argparse.Namespace, rows: list[dict[str, Any]], read: int, unreadable: int) -> int:
    """The games' lines (or JSON), and a count line on the standard error: ``shown of games (unreadable)``
    where the file's games count the unreadable ones too."""
    if args.json:
        print(json.dumps({"games": rows, "read": read, "unreadable": unreadable, "total": read + unreadable},
                         ensure_ascii=False))
        return 0
    for row in rows:
        shown = {k: _CONTROL.sub("?", v) if isinstance(v, str) else v for k, v in row.items()}  # no raw escapes
        # Translators: a line of the games command: number, players, date, result, first moves
        print(_("{number}. {black} - {white} {date} {result}: {moves}").format(
            number=shown["number"], black=shown["black"] or "?", white=shown["white"] or "?", date=shown["date"],
            result=shown["result"] or "*", moves=shown["moves"][:40]))
    print(_("{shown} of {read} games ({unreadable} unreadable)").format(
        shown=len(rows), read=read + unreadable, unreadable=unreadable), file=sys.stderr)
    return 0


def write_wthor(numbered: list[tuple[int, Record]], output: str | None, names_read: list[str] | None = None) -> int:
    """``--to wtb``: the records as a WTHOR database at ``output`` (with its .JOU and .TRN); a game
    WTHOR cannot hold is named and left out, the others written. ``names_read``: the names files
    the games were read with (a database taken into another), which are never written over."""
    from reversi.formats.wthor import write_wtb, wthor_refusal

    if not output or not output.lower().endswith(".wtb"):
        raise ReversiError(_("--to wtb needs -o FILE.wtb (its players and tournaments go beside it)"))
    stem = output[: -len(".wtb")]
    for read in names_read or []:
        if _same_file(read, stem + ".JOU") or _same_file(read, stem + ".TRN"):
            # Translators: games --to wtb -o FILE.wtb would write over the names file it reads
            raise ReversiError(_("-o {path} would write over {names}, which this database's names are read "
                                 "from: write the games to another name").format(path=output, names=read))
    records = []
    for number, record in numbered:
        refusal = wthor_refusal(record)
        if refusal:
            # Translators: a game left out of a WTHOR database written: "game 3 is left out: ..."
            print(_("game {n} is left out: {error}").format(n=number, error=refusal), file=sys.stderr)
        else:
            records.append(record)
    if numbered and not records:
        raise ReversiError(_("none of the {n} games can be written to WTHOR").format(n=len(numbered)))
    years = [r.tags.get("Date", "")[:4] for r in records]
    years = [y for y in years if len(y) == 4 and y.isascii() and y.isdigit()]
    year = int(years[0]) if years else UNDATED_YEAR
    if not years and records:
        # Translators: WTHOR databases must name a year for their games; {year} is the one written
        print(_("no game has a date: the database says {year} (WTHOR needs a year)").format(year=year),
              file=sys.stderr)
    elif len(set(years)) > 1:
        # Translators: WTHOR holds one year for all the games of a file
        print(_("the games are of several years: the database says {year} (WTHOR holds one a file)").format(
            year=year), file=sys.stderr)
    wtb, jou, trn = write_wtb(records, year)
    for path, data in ((output, wtb), (stem + ".JOU", jou), (stem + ".TRN", trn)):
        try:
            Path(path).write_bytes(data)
        except OSError as e:
            raise ReversiError(_("cannot write {path}: {error}").format(path=path, error=e.strerror or e)) from None
    print(games_written(len(records), output), file=sys.stderr)
    return 0


def _same_file(a: str, b: str) -> bool:
    try:
        return Path(a).resolve() == Path(b).resolve() or (Path(b).exists() and Path(a).samefile(b))
    except OSError:
        return False


def _write_games(args: argparse.Namespace, texts: list[str], chosen: int) -> int:
    """``--to ggf`` or ``rev``: the games written, to ``-o FILE`` or printed; fails (exit status 2)
    when games were chosen but none could be written."""
    if chosen and not texts:
        raise ReversiError(_("none of the {n} games can be written as {format}").format(
            n=chosen, format=args.to.upper() if args.to == "ggf" else ".rev"))
    # as they were printed: a GGF game a line; .rev records apart by an empty line
    text = "".join(t + "\n" for t in texts) if args.to == "ggf" else "\n".join(texts)
    if args.output in (None, "-"):
        sys.stdout.write(text)
        return 0
    try:
        Path(args.output).write_text(text, encoding="utf-8")
    except OSError as e:
        raise ReversiError(_("cannot write {path}: {error}").format(path=args.output, error=e.strerror or e)) from None
    print(games_written(len(texts), args.output), file=sys.stderr)
    return 0


def cmd_games(args: argparse.Namespace) -> int:
    if not args.file.strip():
        raise ReversiError(_("no file was named: games FILE reads a GGF, WTHOR (.wtb) or .rev file"))
    if args.output is not None:
        if not args.to:
            raise ReversiError(_("-o FILE needs --to ggf, rev or wtb: the format to write"))
        if not args.output.strip():
            raise ReversiError(_("-o needs a file name"))
        if "-" not in (args.file, args.output) and _same_file(args.file, args.output):
            raise ReversiError(_("-o {path} is the file read: write the games to another file").format(
                path=args.output))
    if args.file.lower().endswith((".jou", ".trn")):
        # Translators: a WTHOR database's players (.JOU) or tournaments (.TRN) file named alone
        raise ReversiError(_("{path} holds a WTHOR database's names, not games: name its .wtb file "
                             "(the names beside it are found)").format(path=args.file))
    if is_wthor(args.file):
        return wthor_games(args)
    games, errors = read_games(args.file, notes=args.notes)
    opening = None
    if args.opening:
        opening = _opening(args.opening, games[0][1].rules if games else Record().rules)
    chosen = [(n, r) for n, r in games if matches(r, args.player, opening)]
    for error in errors:
        print(error, file=sys.stderr)
    _check_some_read(args.file, len(games), len(errors))
    if args.to == "ggf":
        texts = []
        for _n, record in chosen:
            try:
                texts.append(write_ggf(record))
            except ReversiError as e:
                print(_("game {n}: {error}").format(n=_n, error=e), file=sys.stderr)
        return _write_games(args, texts, len(chosen))
    if args.to == "rev":
        return _write_games(args, [write_record(record) for _n, record in chosen], len(chosen))
    if args.to == "wtb":
        return write_wthor(chosen, args.output)
    return _print_rows(args, [summary(n, r) for n, r in chosen], len(games), len(errors))
