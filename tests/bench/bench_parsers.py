"""How long each parser takes on the largest input it accepts, and on a much larger one.

    python -m tests.bench.bench_parsers

Every parser of outside input has a size limit and must be linear in its input:
for each one this prints the time on an input at its limit (valid or not, the
worst shape we know) and on an input ten times over it (refused at once). A
parser that is quadratic shows it here as a time that grows with the square of
the size (the ``ratio`` column compares a half-size input).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable

from reversi import Position, ReversiError, Rules
from reversi.core.clock import parse_time_control
from reversi.formats.ggf import MAX_GAME_CHARS, read_ggf, read_ggf_games
from reversi.formats.links import MAX_QUERY_CHARS, record_from_query
from reversi.formats.notation import (
    MAX_MOVETEXT_CHARS,
    MAX_POSITION_CHARS,
    MAX_TRANSCRIPT_CHARS,
    parse_movetext,
    parse_position,
    parse_transcript,
)
from reversi.formats.record import MAX_TEXT, read_record, read_records
from reversi.ui.records import load_text
from reversi.ui.store.saved_state import MAX_STATE_CHARS, load_state

GGF_GAME = (
    "(;GM[Othello]PC[club]DT[2026.12.03]PB[alice]PW[bob]TY[8]RE[?]"
    "BO[8 ---------------------------O*------*O--------------------------- *]"
    "B[F5]W[D6]B[C3]W[D3]B[C4]W[F4]B[F6]W[F3]B[E6]W[E7];)"
)


def rev_game() -> str:
    """A record of a whole random game with its players (the .rev format), as a file of many holds them."""
    from reversi.formats.record import write_record
    from tests.support import random_records

    return write_record(random_records(1)[0])


def timed(fn: Callable[[str], object], text: str, repeat: int = 3) -> tuple[float, str]:
    best = float("inf")
    outcome = ""
    for _ in range(repeat):
        t = time.perf_counter()
        try:
            fn(text)
            outcome = "ok"
        except ReversiError as e:
            outcome = "refused: " + str(e)[:60]
        best = min(best, time.perf_counter() - t)
    return best, outcome


def fill(unit: str, size: int) -> str:
    return (unit * (size // len(unit) + 1))[:size]


def main() -> None:
    geometry = Rules(size=16).geometry
    cases: list[tuple[str, Callable[[str], object], str, int]] = [
        ("transcript", lambda t: parse_transcript(t, geometry), "f5 ", MAX_TRANSCRIPT_CHARS),
        ("transcript, numbered", lambda t: parse_transcript(t, geometry), "12. F5 d6 ", MAX_TRANSCRIPT_CHARS),
        ("position, many fields", parse_position, "XX ", MAX_POSITION_CHARS),
        ("position, one field", parse_position, "X", MAX_POSITION_CHARS),
        ("record file", read_record, '[Event "x"]\n', MAX_TEXT),
        ("record, moves", read_record, "f5 ", MAX_TEXT),
        ("link", record_from_query, "m=f5&", MAX_QUERY_CHARS),
        ("link, one value", record_from_query, "x", MAX_QUERY_CHARS),
        ("saved state", load_state, json.dumps({"settings": {"x": "y" * 50}}), MAX_STATE_CHARS),
        ("saved state, nesting", load_state, "[", MAX_STATE_CHARS),
        ("pasted text", lambda t: load_text(t, Rules()), "XX ", MAX_TEXT),
        ("time control", parse_time_control, "9", 1000),
        ("GGF game, properties", lambda t: read_ggf("(;" + t + ";)"), "PC[x]", MAX_GAME_CHARS),
        ("GGF game, moves", lambda t: read_ggf("(;" + t + ";)"), "B[F5]", MAX_GAME_CHARS),
        ("GGF file, 2,000 games", read_ggf_games, GGF_GAME + "\n", (len(GGF_GAME) + 1) * 2000),
        ("GGF file, open brackets", read_ggf_games, "(;[", 3_000_000),
        ("GGF file, unclosed games", read_ggf_games, "(;A[;)", 96_000),
        ("move text, comments", lambda t: parse_movetext(Position.start(Rules()), t), "{a note} ",
         MAX_MOVETEXT_CHARS),
        ("move text, variations", lambda t: parse_movetext(Position.start(Rules()), "f5" + t), "(d3)(c4)(e6)",
         MAX_MOVETEXT_CHARS - 2),
        (".rev file, 400 games", read_records, rev_game() + "\n", (len(rev_game()) + 1) * 400),
    ]
    print(f"{'parser':<24} {'at limit':>10} {'time':>9} {'half':>9} {'ratio':>6} {'10x over':>9}  outcome at the limit")
    for name, fn, unit, limit in cases:
        t_full, outcome = timed(fn, fill(unit, limit))
        t_half, _ = timed(fn, fill(unit, limit // 2))
        t_over, _ = timed(fn, fill(unit, limit * 10))
        ratio = t_full / t_half if t_half > 1e-6 else float("nan")
        print(f"{name:<24} {limit:>10,} {t_full * 1000:7.2f}ms {t_half * 1000:7.2f}ms {ratio:6.1f} "
              f"{t_over * 1000:7.2f}ms  {outcome}")


def wthor_listing(count: int = 100_000) -> None:
    """A WTHOR database of ``count`` games: read, listed with names and searched by an opening."""
    from reversi.formats.wthor import GAME_BYTES, read_names, read_wtb
    from tests.support import big_wthor

    data, jou, _trn = big_wthor(count)
    t = time.perf_counter()
    header, listed = read_wtb(data)
    players = read_names(jou, "jou")
    rows = [(g.number, players[g.black], players[g.white], g.score, g.opening(60)) for g in listed]
    found = [g for g in listed if g.opening(4).startswith("f5d6c3")]
    seconds = time.perf_counter() - t
    print(f"WTHOR {header.count:,} games ({len(data) / 1e6:.1f} MB, {GAME_BYTES} bytes a game): "
          f"read, listed and searched in {seconds:.2f} s ({len(rows):,} rows, {len(found):,} f5d6c3)")


if __name__ == "__main__":
    main()
    wthor_listing()
