"""WTHOR databases (reversi/formats/wthor.py) and ``python -m reversi games`` on them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from support import random_records

from reversi import NotationError, Rules
from reversi.formats.record import Record
from reversi.formats.wthor import (
    GAME_BYTES,
    HEADER_BYTES,
    name_at,
    read_names,
    read_wtb,
    split_damaged,
    to_record,
    write_wtb,
)


def test_a_database_the_tests_write_lists_and_opens_its_games() -> None:
    records = random_records(5)
    wtb, jou, trn = write_wtb(records, 2025, made=(2026, 12, 3))
    assert len(wtb) == HEADER_BYTES + 5 * GAME_BYTES
    header, games = read_wtb(wtb)
    assert header.count == 5 and header.year == 2025 and header.made == (2026, 12, 3)
    players, tournaments = read_names(jou, "jou"), read_names(trn, "trn")
    assert "Chloé" in players and tournaments == ["Paris Open", "Club"]  # Latin-1, as WTHOR writes it
    for game, record in zip(games, records, strict=True):
        back = to_record(game, header.year, players, tournaments)
        assert back.moves == record.moves  # the passes put back in by the rules
        assert back.tags["Black"] == record.tags["Black"] and back.tags["Event"] == record.tags["Event"]
        end = back.to_game().live.position
        assert end.is_over and game.score == (64 + end.final_margin(0)) // 2


def test_damaged_files_name_what_is_wrong_and_a_bad_game_leaves_the_others() -> None:
    wtb, jou, _trn = write_wtb(random_records(3), 2025)
    with pytest.raises(NotationError, match="shorter than a WTHOR header"):
        read_wtb(wtb[:10])
    with pytest.raises(NotationError, match="says 3 games but the file holds 2"):
        read_wtb(wtb[:-1])
    with pytest.raises(NotationError, match="names but the file holds"):
        read_names(jou[:-5], "jou")
    ten = bytearray(wtb)
    ten[12] = 10
    with pytest.raises(NotationError, match="10x10"):
        read_wtb(bytes(ten))
    broken = bytearray(wtb)
    broken[HEADER_BYTES + GAME_BYTES + 8 + 5] = 99  # game 2's sixth move: not a square
    header, games = read_wtb(bytes(broken))
    with pytest.raises(NotationError, match="game 2"):
        to_record(games[1], header.year)
    assert to_record(games[0], header.year).moves and to_record(games[2], header.year).moves
    illegal = bytearray(wtb)
    # the first two moves swapped: White's reply is no first move Black can play
    illegal[HEADER_BYTES + 8], illegal[HEADER_BYTES + 9] = illegal[HEADER_BYTES + 9], illegal[HEADER_BYTES + 8]
    with pytest.raises(NotationError, match="game 1, move 1"):
        to_record(read_wtb(bytes(illegal))[1][0], 2025)


def test_damaged_games_are_split_from_the_readable_ones_and_missing_names_show_their_number() -> None:
    wtb, _jou, _trn = write_wtb(random_records(4), 2025)
    broken = bytearray(wtb)
    broken[HEADER_BYTES + GAME_BYTES + 8 + 2] = 99  # game 2's third move: not a square
    broken[HEADER_BYTES + 3 * GAME_BYTES + 8 + 4] = broken[HEADER_BYTES + 3 * GAME_BYTES + 8]  # game 4: a square twice
    good, reasons = split_damaged(read_wtb(bytes(broken))[1])
    assert [g.number for g in good] == [1, 3]
    assert len(reasons) == 2 and reasons[0].startswith("game 2:") and "played twice" in reasons[1]
    assert name_at(["Ann", "Bo"], 1) == "Bo" and name_at(["Ann"], 3) == "#3" and name_at([], -1) == "#-1"


def test_games_wthor_cannot_hold_are_refused() -> None:
    for rules in (Rules(size=10), Rules(anti=True), Rules("octagon")):
        with pytest.raises(NotationError, match="WTHOR holds 8x8 Othello"):
            write_wtb([Record(rules)], 2025)


def test_the_games_command_searches_a_database_by_player_and_opening(tmp_path, capsys) -> None:
    from reversi.cli.main import main

    records = random_records(12, seed=5)
    wtb, jou, trn = write_wtb(records, 2024)
    (tmp_path / "WTH_2024.wtb").write_bytes(wtb)
    (tmp_path / "wthor.jou").write_bytes(jou)  # found beside it, whatever the case
    (tmp_path / "WTHOR.TRN").write_bytes(trn)
    path = str(tmp_path / "WTH_2024.wtb")
    g = Rules().geometry
    opening = "".join(g.name(m) for m in records[0].moves[:2])
    assert main(["games", path, "--player", "anna", "--opening", opening, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    expected = [k + 1 for k, r in enumerate(records)
                if r.tags["Black"] == "Anna" and "".join(g.name(m) for m in r.moves[:2]) == opening]
    assert [row["number"] for row in data["games"]] == expected and data["read"] == 12
    assert all(row["black"] == "Anna" and row["date"] == "2024" for row in data["games"])
    assert main(["games", path, "--player", "Eve", "--to", "ggf"]) == 0
    out = capsys.readouterr().out
    assert out.count("(;GM[Othello]") == 6 and "PW[Eve]" in out
    (tmp_path / "short.wtb").write_bytes(wtb[:100])
    assert main(["games", str(tmp_path / "short.wtb")]) == 2
    assert "the file holds" in capsys.readouterr().err
    # the games as GGF into a file; and a database alone in its folder says its players are numbers
    assert main(["games", path, "--player", "Eve", "--to", "ggf", "-o", str(tmp_path / "eve.ggf")]) == 0
    assert capsys.readouterr().out == "" and (tmp_path / "eve.ggf").read_text(encoding="utf-8") == out
    alone = tmp_path / "alone"
    alone.mkdir()
    (alone / "WTH_2024.wtb").write_bytes(wtb)
    assert main(["games", str(alone / "WTH_2024.wtb")]) == 0
    listed, err = capsys.readouterr()
    assert "no players' file (.JOU)" in err and "Anna" not in listed
    assert main(["games", str(alone / "WTH_2024.wtb"), "--players", str(tmp_path / "wthor.jou")]) == 0
    listed, err = capsys.readouterr()
    assert "no players' file" not in err and "Anna" in listed


def test_the_games_index_searches_names_events_years_and_openings() -> None:
    from reversi.ui.games_list import GamesIndex

    records = random_records(40, seed=2)
    wtb, jou, trn = write_wtb(records, 1999)
    header, games = read_wtb(wtb)
    index = GamesIndex("x.wtb")
    index.add_wthor(header, games[:25], read_names(jou, "jou"), read_names(trn, "trn"))
    index.add_wthor(header, games[25:], read_names(jou, "jou"), read_names(trn, "trn"))  # a slice at a time
    assert len(index.lines) == 40
    found, total = index.search("ANNA club 1999")
    expected = [k + 1 for k, r in enumerate(records) if r.tags["Black"] == "Anna" and r.tags["Event"] == "Club"]
    assert [line.number for line in found] == expected and total == len(expected)
    g = Rules().geometry
    opening = "".join(g.name(m) for m in records[7].moves[:3])
    found, total = index.search(opening.upper())
    assert 8 in [line.number for line in found]
    assert all(line.moves.startswith(opening) for line in found)
    found, total = index.search("", limit=10)
    assert len(found) == 10 and total == 40
    assert index.record(8).moves == records[7].moves and index.search("nobody")[1] == 0


def _club(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[list[Record], Path, Path]:
    """Six random games as club.ggf, converted by the command line to club.wtb (with its names)."""
    from reversi.cli.main import main
    from reversi.formats.ggf import write_ggf_games

    records = random_records(6, seed=11)
    source = tmp_path / "club.ggf"
    source.write_text(write_ggf_games(records), encoding="utf-8")
    out = tmp_path / "club.wtb"
    assert main(["games", str(source), "--to", "wtb", "-o", str(out)]) == 0
    assert "6 games written" in capsys.readouterr().err
    return records, source, out


def test_ggf_games_become_a_wthor_database_and_back(tmp_path, capsys) -> None:
    from reversi.cli.main import main

    records, source, out = _club(tmp_path, capsys)
    assert main(["games", str(out), "--json"]) == 0  # its .JOU and .TRN found beside it
    rows = json.loads(capsys.readouterr().out)["games"]
    assert [row["black"] for row in rows] == [r.tags["Black"] for r in records]
    assert main(["games", str(source), "--to", "wtb"]) == 2 and "needs -o" in capsys.readouterr().err
    octagon = tmp_path / "octagon.rev"
    from reversi.formats.record import write_record

    octagon.write_text(write_record(Record(Rules("octagon"))), encoding="utf-8")
    assert main(["games", str(octagon), "--to", "wtb", "-o", str(tmp_path / "x.wtb")]) == 2
    assert "WTHOR holds 8x8 Othello" in capsys.readouterr().err
    # a game with no event is listed by where it was played (a GGF game's server), as WTHOR's tournament
    from reversi.formats.ggf import write_ggf_games

    served = tmp_path / "served.ggf"
    served.write_text(write_ggf_games([Record(Rules(), None, records[0].moves, {"Site": "GGS/os"})]),
                      encoding="utf-8")
    assert main(["games", str(served), "--to", "wtb", "-o", str(tmp_path / "served.wtb")]) == 0
    assert main(["games", str(tmp_path / "served.wtb"), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["games"][0]["place"] == "GGS/os"


# -- unfinished games, damaged bytes, openings and years ------------------------------------------


def test_a_players_games_are_taken_from_a_database_into_another(tmp_path, capsys) -> None:
    from reversi.cli.main import main

    records, _source, base = _club(tmp_path, capsys)
    name = records[0].tags["Black"]
    wanted = [r for r in records if name in (r.tags["Black"], r.tags["White"])]
    assert 0 < len(wanted) < len(records)
    part = tmp_path / "part.wtb"
    assert main(["games", str(base), "--player", name, "--to", "wtb", "-o", str(part)]) == 0
    assert f"{len(wanted)} game" in capsys.readouterr().err
    assert main(["games", str(part), "--json"]) == 0  # with its own .JOU and .TRN beside it
    rows = json.loads(capsys.readouterr().out)["games"]
    assert [(row["black"], row["white"]) for row in rows] == [(r.tags["Black"], r.tags["White"]) for r in wanted]
    assert [row["moves"] for row in rows] == [
        "".join(Rules().geometry.name(m) for m in r.moves if m >= 0) for r in wanted]
    # the database read, and the names read, are never written over: refused before anything is written
    names = (tmp_path / "club.JOU").read_bytes()
    other = tmp_path / "sub"
    other.mkdir()
    assert main(["games", str(base), "--player", name, "--to", "wtb", "-o", str(base)]) == 2
    assert "is the file read" in capsys.readouterr().err
    (tmp_path / "x.wtb").write_bytes(base.read_bytes())
    assert main(["games", str(tmp_path / "x.wtb"), "--players", str(tmp_path / "club.JOU"), "--to", "wtb",
                 "-o", str(tmp_path / "club2.wtb")]) == 0  # other names: fine
    capsys.readouterr()
    assert main(["games", str(other / ".." / "x.wtb"), "--players", str(tmp_path / "club.JOU"), "--to", "wtb",
                 "-o", str(tmp_path / "club.wtb")]) == 2
    assert "would write over" in capsys.readouterr().err
    assert (tmp_path / "club.JOU").read_bytes() == names


def _unfinished(transcript: str, **tags: str) -> Record:
    from reversi import Position, play_transcript

    game = play_transcript(Position.start(Rules()), transcript)
    return Record.from_game(game, dict(tags))


def test_a_game_its_moves_do_not_end_keeps_the_result_it_was_given() -> None:
    from reversi.core.game import Ending, Termination
    from reversi.formats.wthor import black_discs

    opening = _unfinished("f5d6c3d3c4")
    end = opening.to_game().live.position
    assert (end.count(0), end.count(1)) == (6, 3)  # Black ahead, 55 empty squares
    assert black_discs(opening) == 6 + 55  # the empty squares to the side ahead, as the rules score
    assert black_discs(_unfinished("f5d6c3d3c4", GGFResult="+12.000")) == 38  # (64 + 12) / 2
    assert black_discs(_unfinished("f5d6c3d3c4", GGFResult="+11")) == 38  # a half disc to the winner
    assert black_discs(_unfinished("f5d6c3d3c4", GGFResult="-11.000:s")) == 26
    assert black_discs(_unfinished("f5d6c3d3c4", GGFResult="-80")) == 0
    resigned = _unfinished("f5d6c3")
    resigned.ending = Ending(0, Termination.RESIGNATION)  # Black gave up
    assert black_discs(resigned) == 0
    wtb, _jou, _trn = write_wtb([opening, _unfinished("f5d6c3d3c4", GGFResult="+12.000")], 2024)
    header, games = read_wtb(wtb)
    assert [g.result() for g in games] == ["61:3", "38:26"]
    # read back, the result given stays with the game: written as GGF, it is RE[...]
    from reversi.formats.ggf import write_ggf

    back = to_record(games[1], header.year)
    assert back.tags["GGFResult"] == "+12.000" and "RE[+12.000]" in write_ggf(back)
    finished = random_records(1)[0]
    assert "GGFResult" not in to_record(read_wtb(write_wtb([finished], 2024)[0])[1][0], 2024).tags


def test_damaged_game_bytes_are_named_and_counted_unreadable(tmp_path, capsys) -> None:
    from reversi.cli.main import main

    records = random_records(6, seed=4)
    wtb = bytearray(write_wtb(records, 2023)[0])
    moves = [HEADER_BYTES + k * GAME_BYTES + 8 for k in range(6)]
    wtb[moves[0]] = 255  # no square
    wtb[moves[1] + 3] = wtb[moves[1] + 1]  # a square played twice
    wtb[moves[2] + 4] = 45  # e4: a square of the start
    wtb[moves[3] + 2] = 0  # a zero that ends the moves, and the game's other moves after it
    wtb[HEADER_BYTES + 4 * GAME_BYTES + 6] = 200  # game 5: Black has 200 discs, a damaged score
    header, games = read_wtb(bytes(wtb))
    assert "game 1: move 1 is byte 255" in games[0].damage()
    assert "played twice" in games[1].damage() and "game 3: move 5 is byte 45" in games[2].damage()
    assert "after the zero" in games[3].damage()
    assert games[4].damage() == "" and games[4].result() == "" and "200" in games[4].score_note()
    assert games[5].damage() == "" and games[5].result() and games[5].score_note() == ""
    with pytest.raises(NotationError, match="byte 255"):
        to_record(games[0], header.year)
    path = tmp_path / "d.wtb"
    path.write_bytes(bytes(wtb))
    assert main(["games", str(path), "--json"]) == 0
    out, err = capsys.readouterr()
    data = json.loads(out)
    assert [row["number"] for row in data["games"]] == [5, 6]
    assert data["read"] == 2 and data["unreadable"] == 4 and data["games"][0]["result"] == ""
    assert "game 1: move 1 is byte 255" in err and "more than 64" in err
    assert main(["games", str(path)]) == 0
    out, err = capsys.readouterr()
    assert "5. " in out and " *: " in out.splitlines()[0] and "2 of 6 games (4 unreadable)" in err
    from reversi.ui.games_list import GamesIndex

    index = GamesIndex("d.wtb")  # the page's list: the same games, the same damage
    index.add_wthor(header, games, [], [])
    assert [line.number for line in index.lines] == [5, 6] and len(index.unreadable) == 4
    assert index.lines[0].result == "" and index.lines[1].result == games[5].result()
    assert "game 1: move 1 is byte 255" in index.unreadable[0]
    alone = wtb[: HEADER_BYTES + GAME_BYTES]  # game 1 alone: no game of the file can be read
    alone[4:8] = (1).to_bytes(4, "little")
    path.write_bytes(bytes(alone))
    assert main(["games", str(path)]) == 2
    assert "none of the 1 game of" in capsys.readouterr().err


def test_an_opening_is_read_as_a_transcript_as_for_the_other_files(tmp_path, capsys) -> None:
    from reversi.cli.main import main

    records = random_records(10, seed=8)
    path = tmp_path / "o.wtb"
    path.write_bytes(write_wtb(records, 2022)[0])
    g = Rules().geometry
    first = [g.name(m) for m in records[0].moves[:2]]
    expected = [k + 1 for k, r in enumerate(records) if [g.name(m) for m in r.moves[:2]] == first]
    for opening in ("".join(first), f"1. {first[0].upper()} {first[1]}", f"{first[0]}-{first[1]}"):
        assert main(["games", str(path), "--opening", opening, "--json"]) == 0
        assert [row["number"] for row in json.loads(capsys.readouterr().out)["games"]] == expected
    for bad in ("zz", "C", "f5 q9"):
        assert main(["games", str(path), "--opening", bad]) == 2
        assert "transcript" in capsys.readouterr().err
    # a readable but illegal opening would match nothing, silently: it is refused, naming the move
    assert main(["games", str(path), "--opening", "f5f5"]) == 2
    err = capsys.readouterr().err
    assert "--opening" in err and "not a legal move" in err


def test_the_year_of_a_database_of_undated_games_is_said(tmp_path, capsys) -> None:
    from reversi.cli.main import main
    from reversi.formats.ggf import write_ggf_games

    records = random_records(2, seed=3)
    source = tmp_path / "undated.ggf"
    source.write_text(write_ggf_games(records), encoding="utf-8")
    assert main(["games", str(source), "--to", "wtb", "-o", str(tmp_path / "u.wtb")]) == 0
    assert "no game has a date: the database says 2000" in capsys.readouterr().err
    records[0].tags["Date"], records[1].tags["Date"] = "2019.05.01", "2021.01.01"
    source.write_text(write_ggf_games(records), encoding="utf-8")
    assert main(["games", str(source), "--to", "wtb", "-o", str(tmp_path / "d.wtb")]) == 0
    assert "several years: the database says 2019" in capsys.readouterr().err
    assert read_wtb((tmp_path / "d.wtb").read_bytes())[0].year == 2019
    # a year of 0 is read as no date
    header, games = read_wtb(write_wtb(records, 0)[0])
    assert "Date" not in to_record(games[0], header.year).tags


def test_games_go_round_between_wthor_and_ggf_and_one_that_cannot_is_named(tmp_path, capsys) -> None:
    from reversi import Position
    from reversi.cli.main import main
    from reversi.formats.ggf import write_ggf_games
    from reversi.formats.notation import parse_position

    records = random_records(4, seed=13)
    set_up = Record(Rules(), parse_position("-" * 27 + "XO------OX" + "-" * 27 + " X"), [], {"Black": "Zed"})
    assert set_up.start != Position.start(Rules())
    source = tmp_path / "mixed.ggf"
    source.write_text(write_ggf_games([*records[:2], set_up, *records[2:]]), encoding="utf-8")
    out = tmp_path / "mixed.wtb"
    assert main(["games", str(source), "--to", "wtb", "-o", str(out)]) == 0
    err = capsys.readouterr().err
    assert "game 3 is left out" in err and "another position" in err and "not Othello 8x8" not in err
    assert "4 games written" in err
    # WTHOR -> GGF -> WTHOR keeps the year, and both list a game's result alike
    assert main(["games", str(out), "--json"]) == 0
    from_wthor = json.loads(capsys.readouterr().out)["games"]
    assert main(["games", str(out), "--to", "ggf"]) == 0
    ggf = tmp_path / "back.ggf"
    ggf.write_text(capsys.readouterr().out, encoding="utf-8")
    assert main(["games", str(ggf), "--json"]) == 0
    from_ggf = json.loads(capsys.readouterr().out)["games"]
    assert [r["date"] for r in from_ggf] == [r["date"] for r in from_wthor]
    assert all(r["date"] and not r["date"].startswith("1970") for r in from_ggf)
    assert [r["result"] for r in from_ggf] == [r["result"] for r in from_wthor]


def test_names_with_terminal_escapes_are_shown_harmless_and_a_names_file_alone_is_refused(tmp_path, capsys) -> None:
    from reversi.cli.main import main

    records = random_records(2, seed=17)
    records[0].tags["Black"] = "Evil\x1b[2J\x07Name\r\nX"
    wtb, jou, trn = write_wtb(records, 2024)
    assert "\x1b" not in "".join(read_names(jou, "jou"))
    (tmp_path / "E.wtb").write_bytes(wtb)
    (tmp_path / "E.JOU").write_bytes(jou)
    (tmp_path / "E.TRN").write_bytes(trn)
    assert main(["games", str(tmp_path / "E.wtb")]) == 0
    out = capsys.readouterr().out
    assert not any(c in out for c in "\x1b\x07\r") and "Evil?[2J?Name" in out
    assert main(["games", str(tmp_path / "E.JOU")]) == 2
    assert "names, not games" in capsys.readouterr().err
