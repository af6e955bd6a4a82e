"""GGF games in and out (reversi/formats/ggf.py)."""

from __future__ import annotations

import json

import pytest

from reversi import NotationError, Position, Rules, play_transcript
from reversi.core.game import Ending, Termination
from reversi.core.position import PASS
from reversi.formats.ggf import is_ggf, read_ggf, read_ggf_games, write_ggf, write_ggf_games
from reversi.formats.record import Record, read_record, write_record

NBOARD_GAME = (
    "(;GM[Othello]PC[NBoard]DT[2014-02-21 20:52:27 GMT]PB[./mEdax]PW[chris]RE[?]TI[15:00]TY[8]"
    "BO[8 ---------------------------O*------*O--------------------------- *]"
    "B[F5]W[F6]B[D3]W[C5]B[E6]W[F7]B[E7]W[F4];)"
)


def finished_game(rules: Rules, seed: int = 3):
    import random

    from reversi import Game

    rng = random.Random(seed)
    game = Game(rules)
    while not game.is_over:
        game.play(rng.choice(game.position.legal_moves()))
    return game


def test_a_game_written_as_ggf_and_as_rev_reads_back_the_same() -> None:
    game = finished_game(Rules())
    game.tags = {"Black": "alice", "White": "bob", "Date": "2026.12.03", "Site": "club", "BlackRating": "2012.5"}
    via_ggf = read_ggf(write_ggf(Record.from_game(game)))
    via_rev = read_record(write_record(Record.from_game(game)))
    for back in (via_ggf, via_rev):
        assert back.moves == [n.move for n in game.main_line()[1:]]
        assert back.tags["Black"] == "alice" and back.tags["White"] == "bob" and back.tags["Date"] == "2026.12.03"
        assert back.to_game().live.position.result() == game.live.position.result()
    # and from GGF to a .rev record and back to GGF: the same text
    assert write_ggf(read_record(write_record(via_ggf))) == write_ggf(via_ggf)


@pytest.mark.parametrize("rules, ty", [(Rules(anti=True), "TY[8a]"), (Rules(size=10), "TY[10]"),
                                      (Rules(size=6), "TY[6]")])
def test_other_boards_and_anti(rules: Rules, ty: str) -> None:
    game = finished_game(rules)
    text = write_ggf(Record.from_game(game))
    assert ty in text
    back = read_ggf(text)
    assert back.rules == rules and back.to_game().live.position == game.live.position


def test_a_resignation_and_a_loss_on_time_are_kept() -> None:
    for by, suffix in ((Termination.RESIGNATION, ":r"), (Termination.TIME, ":t")):
        game = play_transcript(Position.start(Rules()), "f5d6c3")
        game.end(Ending(1, by))  # White gave up: Black wins
        text = write_ggf(Record.from_game(game))
        assert f"RE[+64.000{suffix}]" in text
        assert read_ggf(text).ending == Ending(1, by)


def test_the_guis_game_and_its_properties() -> None:
    record = read_ggf(NBOARD_GAME)
    assert len(record.moves) == 8
    assert record.tags == {"Site": "NBoard", "Black": "./mEdax", "White": "chris", "TimeControl": "15:00",
                           "Date": "2014.02.21"}
    assert is_ggf(NBOARD_GAME) and not is_ggf("f5d6c3") and not is_ggf("[Event \"x\"]")


def test_a_file_of_many_games_loads_the_good_ones_and_names_the_bad() -> None:
    bad_move = NBOARD_GAME.replace("W[F4]", "W[A1]")
    other_type = NBOARD_GAME.replace("TY[8]", "TY[8d]")  # a letter this program does not read
    wrong_result = write_ggf(Record.from_game(finished_game(Rules()))).replace("RE[", "RE[+1")
    text = "\n".join([NBOARD_GAME, bad_move, "noise between games", other_type, wrong_result, NBOARD_GAME,
                      NBOARD_GAME[:60]])
    entries = read_ggf_games(text)
    assert [e.number for e in entries] == [1, 2, 3, 4, 5, 6, 0]  # the noise is said too, last
    assert [e.record is not None for e in entries] == [True, False, False, False, True, False, False]
    assert entries[6].error == "after GGF game 2: 'noise between games' is not a game, skipped"
    assert "GGF game 2: move 8" in entries[1].error and "TY[8d]" in entries[2].error
    assert "GGF game 4: result" in entries[3].error and "does not end" in entries[5].error


def test_games_ggf_cannot_hold_are_refused_with_a_message() -> None:
    for rules, words in ((Rules("octagon"), "Octagon"), (Rules("classic"), "Classic"),
                         (Rules(blocked=("a1",)), "blocked")):
        with pytest.raises(NotationError, match=words):
            write_ggf(Record(rules))


@pytest.mark.parametrize("text, words", [
    ("(;GM[Go]TY[19];)", "not Othello"),
    ("(;GM[Othello]TY[9];)", "TY[9]"),
    ("(;GM[Othello]TY[8]BO[8 --- *];)", "cells"),
    ("(;GM[Othello]TY[8]BO[10 " + "-" * 100 + " *];)", "BO"),
    ("(;GM[Othello]TY[8]W[F5];)", "other side"),
    ("(;GM[Othello]TY[8]B[Q9];)", "move 1"),
    ("(;GM[Othello]TY[8]RE[lots];)", "result"),
    ("(;GM[Othello] junk;)", "KEY[value]"),
    ("(;GM[Othello]TY[8r20];)", "random start"),
    pytest.param("(;GM[Othello]TY[" + "9" * 5000 + "];)", "not a size", id="TY-more-digits-than-int-reads"),
    pytest.param("(;GM[Othello]TY[8]RE[+" + "9" * 400 + "];)", "not a score", id="RE-beyond-a-float"),
    pytest.param("(;GM[Othello]TY[8]RE[+1e999];)", "not a score", id="RE-infinite"),
])
def test_damaged_games_name_what_is_wrong(text: str, words: str) -> None:
    with pytest.raises(NotationError, match=words.replace("[", r"\[").replace("]", r"\]")):
        read_ggf(text)


def test_a_date_past_the_calendar_is_kept_as_written() -> None:
    record = read_ggf("(;GM[Othello]TY[8]DT[999999999999];)")
    assert record.tags["Date"] == "999999999999"


def test_a_recorded_result_goes_when_the_game_plays_on_and_stays_when_it_does_not() -> None:
    """An unfinished game's recorded result (GGF RE[+12.000], the GGFResult tag) is written back as
    long as the moves are the ones it was given for; a move that extends or changes the game drops it."""
    text = ("(;GM[Othello]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]"
            "B[F5]W[D6]B[C3]RE[+12.000];)")
    game = read_ggf(text).to_game()
    assert "RE[+12.000]" in write_ggf(Record.from_game(game))
    main = game.main_line()
    game.set_live(main[2])  # moves taken back...
    game.play(main[3].move)  # ...and the game's own move played again: the same game
    assert game.live is main[3] and "RE[+12.000]" in write_ggf(Record.from_game(game))
    game.play(game.live.position.legal_moves()[0])  # the game goes on: the recorded result no longer holds
    assert "GGFResult" not in game.tags and "RE[" not in write_ggf(Record.from_game(game))


def test_several_games_are_written_a_line_each() -> None:
    records = [Record.from_game(finished_game(Rules(), seed)) for seed in range(3)]
    text = write_ggf_games(records)
    assert text.count("\n") == 3
    assert [e.record.moves for e in read_ggf_games(text) if e.record] == [r.moves for r in records]


def test_the_games_command_lists_searches_and_converts(tmp_path, capsys) -> None:
    import json

    from reversi.cli.main import main

    games = [finished_game(Rules(), seed) for seed in range(4)]
    for game, (black, white) in zip(games, [("Alice", "Bob"), ("bob", "carol"), ("Dave", "alice b."), ("x", "y")],
                                    strict=True):
        game.tags = {"Black": black, "White": white, "Date": "2026.12.03"}
    text = write_ggf_games([Record.from_game(g) for g in games]) + NBOARD_GAME.replace("W[F4]", "W[A1]")
    path = tmp_path / "games.ggf"
    path.write_text(text, encoding="utf-8")
    assert main(["games", str(path), "--player", "ALICE", "--json"]) == 0
    out, err = capsys.readouterr()
    data = json.loads(out)
    assert [g["number"] for g in data["games"]] == [1, 3] and data["read"] == 4 and data["unreadable"] == 1
    assert "GGF game 5: move 8" in err
    first = games[0].main_line()[1:4]
    opening = "".join(games[0].rules.geometry.name(n.move) for n in first if n.move is not None)
    assert main(["games", str(path), "--opening", opening, "--json"]) == 0
    numbers = [g["number"] for g in json.loads(capsys.readouterr().out)["games"]]
    assert 1 in numbers and all(
        [n.move for n in games[k - 1].main_line()[1:4]] == [n.move for n in first] for k in numbers)
    assert main(["games", str(path), "--opening", "f5f5"]) == 2  # illegal: refused, not "no game"
    assert "not a legal move" in capsys.readouterr().err
    assert main(["games", str(path), "--opening", "zz9"]) == 2  # unreadable: named as the option's too
    assert "error: --opening: transcript: cannot read 'zz9'" in capsys.readouterr().err
    assert main(["games", str(path), "--to", "rev"]) == 0
    rev = capsys.readouterr().out
    assert rev.count('[Rules "othello"]') == 4 and '[Black "Alice"]' in rev
    assert main(["games", str(tmp_path / "missing.ggf")]) == 2
    assert "cannot read" in capsys.readouterr().err


# -- GGS's own files: rows of the board a word each, archives of numbered games, byte-order marks ----

GGS_BOARD = "BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]"
GGS_GAME = ("(;GM[Othello]PC[GGS/os]DT[2000-4-16 11:13 EST]PB[fangr]PW[patzer]RB[1457.12]RW[1631.74]"
            "TI[15:00//02:00]TY[8]RE[-40.00]" + GGS_BOARD + "B[E6//4.09]W[F4/-48.50/0.93]B[C3//5.52];)")


def test_a_board_written_a_row_a_word_as_ggs_does_is_read() -> None:
    record = read_ggf(GGS_GAME)
    assert record.start is None  # the standard start, however BO[...] spells it
    assert len(record.moves) == 3 and record.tags["Date"] == "2000.04.16"
    white_first = read_ggf("(;GM[Othello]TY[8]" + GGS_BOARD.replace(" *]", " O]") + ";)")
    assert white_first.start is not None and white_first.start.turn == 1
    # the rows joined must still make 64 cells, and the side to move must be * or O
    for bad, words in ((GGS_BOARD.replace("-------- *]", "------- *]"), "63 cells"),
                       (GGS_BOARD.replace("-------- *]", "-------- -- *]"), "66 cells"),
                       (GGS_BOARD.replace(" *]", " X]"), "side to move"),
                       (GGS_BOARD.replace(" *]", "]"), "side to move"),
                       ("BO[8 *]", "size, the cells"), ("BO[eight " + "-" * 64 + " *]", "size, the cells")):
        with pytest.raises(NotationError, match=words):
            read_ggf("(;GM[Othello]TY[8]" + bad + ";)")


def test_the_nboard_protocol_takes_a_game_whose_board_is_written_a_row_a_word() -> None:
    from reversi.engine.nboard import NBoardSession

    said: list[str] = []
    session = NBoardSession(said.append, 1.0)
    session.handle("nboard 2")
    session.handle("set game " + GGS_GAME)
    assert not [line for line in said if "error" in line]
    assert len(session.game.main_line()) == 4  # the start and three moves


def test_a_ggs_archive_a_numbered_game_a_line_and_a_byte_order_mark_are_ggf() -> None:
    archive = f"1 {GGS_GAME}\n2 {NBOARD_GAME}\n"
    for text in (archive, "\ufeff" + archive, "  \ufeff\n" + archive, "\ufeff" + NBOARD_GAME):
        assert is_ggf(text)
    for text in ("1. f5 d6", "12 f5d6", "\ufeff[Event \"x\"]", "1 (; not a property", ""):
        assert not is_ggf(text)
    entries = read_ggf_games("\ufeff" + archive)
    assert [(e.number, e.error) for e in entries] == [(1, ""), (2, "")]
    assert entries[0].record is not None and entries[0].record.tags["Black"] == "fangr"
    assert read_ggf("\ufeff" + NBOARD_GAME).moves == read_ggf(NBOARD_GAME).moves


def test_the_result_of_a_game_its_moves_do_not_end_is_written_back() -> None:
    unfinished = read_ggf(GGS_GAME)
    assert unfinished.tags["GGFResult"] == "-40.00"
    assert "RE[-40.00]" in write_ggf(unfinished)
    # and through a .rev record, as --to rev then --to ggf does
    assert "RE[-40.00]" in write_ggf(read_record(write_record(unfinished)))
    assert "RE[" not in write_ggf(read_ggf(GGS_GAME.replace("RE[-40.00]", "RE[?]")))
    # a damaged GGFResult tag (edited in a .rev record) is left out, not written as RE[...]
    unfinished.tags["GGFResult"] = "lots]"
    assert "RE[" not in write_ggf(unfinished)


# -- the games command on such files, and on .rev files of several records ------------------------


def _games(capsys, *argv: str) -> tuple[int, str, str]:
    from reversi.cli.main import main

    code = main(["games", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_the_games_command_reads_ggs_archives_and_files_with_a_byte_order_mark(tmp_path, capsys) -> None:
    archive = tmp_path / "archive.ggf"
    archive.write_text(f"1 {GGS_GAME}\n2 {NBOARD_GAME}\n", encoding="utf-8")
    bom = tmp_path / "bom.ggf"
    bom.write_text("\ufeff" + NBOARD_GAME + "\n", encoding="utf-8")
    code, out, err = _games(capsys, str(archive))
    assert code == 0 and "1. fangr - patzer 2000.04.16 White +40: e6f4c3" in out and "2 of 2 games" in err
    code, out, err = _games(capsys, str(bom), "--json")
    assert code == 0 and json.loads(out)["games"][0]["black"] == "./mEdax"
    rev = tmp_path / "bom.rev"
    rev.write_bytes("\ufeff[Black \"Ann\"]\n\nf5 d6\n".encode())
    code, out, err = _games(capsys, str(rev))
    assert code == 0 and "1. Ann - " in out and "f5d6" in out


def test_several_games_written_as_rev_read_back(tmp_path, capsys) -> None:
    source = tmp_path / "b.ggf"
    source.write_text(f"{GGS_GAME}\n{NBOARD_GAME}\n{write_ggf(Record())}\n", encoding="utf-8")
    code, rev, _err = _games(capsys, str(source), "--to", "rev")
    assert code == 0
    two = tmp_path / "two.rev"
    two.write_text(rev, encoding="utf-8")
    code, out, _err = _games(capsys, str(two), "--json")
    data = json.loads(out)
    assert code == 0 and data["read"] == 3 and data["unreadable"] == 0
    assert [g["moves"] for g in data["games"]] == ["e6f4c3", "f5f6d3c5e6f7e7f4", ""]
    assert [g["black"] for g in data["games"]] == ["fangr", "./mEdax", ""]
    code, ggf, _err = _games(capsys, str(two), "--to", "ggf")
    assert [e.record.moves for e in read_ggf_games(ggf) if e.record] == [
        read_ggf(GGS_GAME).moves, read_ggf(NBOARD_GAME).moves, []]
    assert "RE[-40.00]" in ggf


def test_a_rev_text_of_several_records_is_split_and_refused_as_one_game() -> None:
    from reversi.formats.record import read_records, split_records

    records = [read_ggf(GGS_GAME), Record(), read_ggf(NBOARD_GAME)]
    text = "\n".join(write_record(r) for r in records)
    assert len(split_records(text)) == 3
    assert [e.record.moves for e in read_records(text) if e.record] == [r.moves for r in records]
    with pytest.raises(NotationError, match="holds 3 games"):
        read_record(text)
    # one record's tags, moves and comment lines stay one record
    single = '[Event "x"]\n[Black "a"]\n\n; a comment\nf5 d6\nc3\n'
    assert split_records(single) == [single] and read_record(single).moves == read_record("f5 d6 c3").moves
    # a tag right after the moves (no blank line) is the same record's
    tail = '[Event "x"]\nf5 d6\n[Round "2"]\n'
    assert split_records(tail) == [tail] and read_record(tail).moves == read_record("f5 d6").moves
    # a damaged record is named by its number, the others still come
    broken = text.replace("e6 f4 c3", "e6 f4 a1")
    entries = read_records(broken)
    assert [e.record is None for e in entries] == [True, False, False] and entries[0].error.startswith("record 1:")
    assert "record: " not in entries[0].error  # its source said once


def test_no_file_named_and_files_of_unreadable_games_fail_with_a_count(tmp_path, capsys) -> None:
    code, _out, err = _games(capsys, "")
    assert code == 2 and "no file was named" in err
    bad = tmp_path / "bad.ggf"
    bad.write_text("\n".join([NBOARD_GAME.replace("W[F4]", "W[A1]"), GGS_GAME.replace(" *]", " X]")]),
                   encoding="utf-8")
    code, out, err = _games(capsys, str(bad))
    assert code == 2 and out == "" and "GGF game 1: move 8" in err and "GGF game 2: BO" in err
    assert "none of the 2 games" in err
    half = tmp_path / "half.ggf"
    half.write_text("\n".join([NBOARD_GAME.replace("W[F4]", "W[A1]"), GGS_GAME]), encoding="utf-8")
    code, out, err = _games(capsys, str(half))
    assert code == 0 and "1 of 2 games (1 unreadable)" in err
    code, out, err = _games(capsys, str(half), "--player", "nobody")
    assert code == 0 and "0 of 2 games (1 unreadable)" in err


# -- games as the archives keep them: komi, synchro, unknown results, evaluations and times ------


def _ggf_moves(game) -> str:
    g = game.rules.geometry
    out = []
    for node in game.main_line()[1:]:
        color = "B" if node.parent.position.turn == 0 else "W"
        name = "PA" if node.move == -1 else g.name(node.move)
        out.append(f"{color}[{name}/{(node.depth % 7) - 3.25:.2f}/0.{node.depth:02d}]")
    return "".join(out)


def archive_game(ty: str, extra: str = "", result: str | None = None, seed: int = 3):
    """A finished game as GGS writes it, each move with an evaluation and a time."""
    game = finished_game(Rules(), seed)
    margin = game.position.final_margin(0)
    re_ = f"{margin:+d}.000" if result is None else result
    text = (f"(;GM[Othello]PC[GGS/os]DT[2003.12.15_13:24:03.MET]PB[alice]PW[bob]TY[{ty}]{extra}RE[{re_}]"
            "BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]"
            f"{_ggf_moves(game)};)")
    return text, game, margin


def test_a_komi_game_reads_as_the_game_it_is_and_keeps_its_komi() -> None:
    _probe, game, margin = archive_game("8k")
    text, game, margin = archive_game("8k", "KM[-0.500]KB[e6//0.90]KW[f5/-1.00]", f"{margin - 0.5:+.3f}")
    record = read_ggf(text)
    assert record.moves == game.moves and record.tags["Komi"] == "-0.500"
    assert record.tags["GGFResult"] == f"{margin - 0.5:+.3f}"
    from reversi.formats.ggf import listed_result

    shown = listed_result(record.to_game())  # the board's score: the game ended by its moves
    assert shown == f"{game.position.result().black}:{game.position.result().white}"
    again = write_ggf(record)
    assert "TY[8k]" in again and "KM[-0.500]" in again and f"RE[{margin - 0.5:+.3f}]" in again
    assert read_ggf(again).tags == record.tags


def test_an_unfinished_komi_games_result_is_shown_with_its_komi() -> None:
    text = ("(;GM[Othello]PB[a]PW[b]TY[8k]KM[-0.500]RE[+8.500]"
            "BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]B[f5];)")
    from reversi.formats.ggf import listed_result

    assert listed_result(read_ggf(text).to_game()) == "Black +8.5 with komi -0.5"


def test_a_synchro_game_reads_from_its_own_random_start_white_first() -> None:
    board = "BO[8 -------- -------- ---O*--- --*OO*-- --O**O-- ---*O--- -------- -------- O]"
    text = f"(;GM[Othello]PB[a]PW[b]TY[s8r19]RE[?]{board}W[e2]B[d2];)"
    record = read_ggf(text)
    game = record.to_game()
    assert record.start is not None and record.start.turn == 1 and len(record.moves) == 2
    assert game.outcome is None and "GGFResult" not in record.tags


@pytest.mark.parametrize("result", ["?", "-127.000", "+127.000", " ? ", ""])
def test_an_unknown_result_is_no_result(result: str) -> None:
    text = NBOARD_GAME.replace("RE[?]", f"RE[{result}]")
    record = read_ggf(text)
    from reversi.formats.ggf import listed_result

    assert "GGFResult" not in record.tags and listed_result(record.to_game()) == ""


def test_evaluations_and_times_never_stop_a_move_and_become_comments_when_asked() -> None:
    text, game, _margin = archive_game("8")
    odd = text.replace("/0.05]", "/x/y/z]").replace("B[", "B[ ", 1)
    plain = read_ggf(odd)
    assert plain.moves == game.moves and not plain.movetext
    noted = read_ggf(odd, notes=True)
    assert noted.moves == game.moves
    played = noted.to_game()
    first = played.main_line()[1]
    assert first.comment == "-2.25 · 0.01 s", first.comment
    assert all(n.comment for n in played.main_line()[1:] if n.move != -1 and n.depth != 5)


def test_a_file_of_games_with_unclosed_brackets_reads_in_linear_time() -> None:
    """16,000 games ``(;A[;)`` each left a bracket open: each is refused, and reading does not
    scan ahead for every one (the count of characters looked at is bounded by the file's)."""
    from reversi.formats import ggf

    calls = {"n": 0}
    original = str.find

    class Counting(str):
        def find(self, sub, start=0, end=None):  # type: ignore[override]
            calls["n"] += 1
            return original(self, sub, start, len(self) if end is None else end)

    text = "(;A[;)" * 16_000
    games = list(ggf.split_games(Counting(text)))
    assert len(games) == 16_000
    assert calls["n"] < 10 * 16_000  # a few searches a game, not one per character ahead


def test_the_games_command_reads_archive_games_of_every_kind_with_their_results(tmp_path, capsys) -> None:
    komi, game, margin = archive_game("8k", "KM[-0.500]KB[e6//0.90]KW[f5/-1.00]", None)
    komi = komi.replace(f"RE[{margin:+d}.000]", f"RE[{margin - 0.5:+.3f}]")
    synchro = ("(;GM[Othello]PB[c]PW[d]TY[s8r19]RE[?]BO[8 -------- -------- ---O*--- --*OO*-- --O**O-- "
               "---*O--- -------- -------- O]W[e2]B[d2];)")
    edax = NBOARD_GAME.replace("RE[?]", "RE[-127.000]")
    unfinished_komi = ("(;GM[Othello]PB[e]PW[f]TY[8k]KM[-0.500]RE[+8.500]"
                       "BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]B[f5];)")
    path = tmp_path / "archive.ggf"
    path.write_text("\n".join(f"{k} {g}" for k, g in enumerate([komi, synchro, edax, unfinished_komi], 1)) + "\n",
                    encoding="utf-8")
    code, out, err = _games(capsys, str(path), "--json")
    assert code == 0, err
    rows = json.loads(out)["games"]
    final = game.position.result()
    assert [r["result"] for r in rows] == [f"{final.black}:{final.white}", "", "", "Black +8.5 with komi -0.5"]
    code, out, err = _games(capsys, str(path), "--to", "rev", "--notes")
    assert code == 0 and "{-2.25 · 0.01 s}" in out
    again = tmp_path / "again.rev"
    again.write_text(out, encoding="utf-8")
    code, out, err = _games(capsys, str(again), "--to", "ggf")
    assert code == 0 and "TY[8k]" in out and "KM[-0.500]" in out and "RE[+8.500]" in out


def test_text_between_games_is_said_and_a_run_of_glyphs_is_refused() -> None:
    from reversi.formats.notation import parse_movetext

    inside = ("(;GM[Othello]PB[(;GM[Othello];)]TY[8]BO[8 ---------------------------O*------*O"
              "--------------------------- *]B[f5];)")
    entries = read_ggf_games(inside)
    assert entries[0].record is not None and entries[0].record.moves == []  # GGF: the first ";)" ends it
    assert len(entries) == 2 and "after GGF game 1: ']TY[8]BO[8" in entries[1].error
    assert [e.error for e in read_ggf_games("1 " + NBOARD_GAME + "\n2 \ufeff" + NBOARD_GAME)] == ["", ""]
    with pytest.raises(NotationError, match="is not an annotation"):
        parse_movetext(Position.start(Rules()), "f5" + "!" * 500)


@pytest.mark.parametrize("spelling", ["PA", "pa", "pass", "PASS", "PA//0.01", "pass/0.00/"])
def test_a_pass_reads_in_every_spelling_real_files_use(spelling: str) -> None:
    """GGS writes ``B[PA]``; other programs ``B[pass]``, with an evaluation and a time or not."""
    game = ("(;GM[Othello]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]"
            "B[D3]W[C3]B[E6]W[D2]B[D1]W[E1]B[B2]W[C1]B[{pass}]W[A3]B[A1]W[B4];)")
    record = read_ggf(game.replace("{pass}", spelling))
    assert record.moves[8] == PASS and len(record.moves) == 12
    assert record.to_game().position == read_ggf(game.replace("{pass}", "PA")).to_game().position


# -- what the games command writes, and the files it refuses (an outside audit, 2026-12-07) ------


def test_the_games_command_writes_ggf_and_rev_to_the_file_named_by_o(tmp_path, capsys) -> None:
    source = tmp_path / "in.ggf"
    source.write_text(f"{GGS_GAME}\n{NBOARD_GAME}\n", encoding="utf-8")
    code, printed, _err = _games(capsys, str(source), "--to", "ggf")
    out = tmp_path / "out.ggf"
    code, stdout, err = _games(capsys, str(source), "--to", "ggf", "-o", str(out))
    assert code == 0 and stdout == "" and f"2 games written to {out}" in err
    assert out.read_text(encoding="utf-8") == printed  # the file holds what was printed
    rev = tmp_path / "out.rev"
    code, printed, _err = _games(capsys, str(source), "--to", "rev")
    assert _games(capsys, str(source), "--to", "rev", "-o", str(rev))[0] == 0
    assert rev.read_text(encoding="utf-8") == printed
    code, out, _err = _games(capsys, str(rev), "--json")
    assert code == 0 and json.loads(out)["read"] == 2  # the file written reads back
    one = tmp_path / "one.ggf"
    one.write_text(GGS_GAME + "\n", encoding="utf-8")
    code, stdout, err = _games(capsys, str(one), "--to", "rev", "-o", str(tmp_path / "one.rev"))
    assert code == 0 and "1 game written to" in err, err  # not "1 games"
    # -o without a format, with no name, or naming the file read: refused, the file untouched
    before = source.read_bytes()
    for argv, words in ((["-o", str(tmp_path / "x.ggf")], "needs --to"), (["--to", "ggf", "-o", ""], "file name"),
                        (["--to", "ggf", "-o", str(source)], "is the file read")):
        code, stdout, err = _games(capsys, str(source), *argv)
        assert code == 2 and stdout == "" and words in err, (argv, err)
    assert source.read_bytes() == before and not (tmp_path / "x.ggf").exists()


def test_games_none_of_which_ggf_can_hold_fail_the_conversion(tmp_path, capsys) -> None:
    octagon = tmp_path / "oct.rev"
    octagon.write_text(write_record(Record(Rules("octagon"))), encoding="utf-8")
    code, out, err = _games(capsys, str(octagon), "--to", "ggf")
    assert code == 2 and out == "" and "none of the 1 games can be written as GGF" in err


def test_the_games_command_reads_the_standard_input_and_refuses_binary_files(tmp_path, capsys, monkeypatch) -> None:
    import io
    import sys

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(f"{NBOARD_GAME}\n".encode())))
    code, out, err = _games(capsys, "-")
    assert code == 0 and "1 of 1 games" in err
    noise = tmp_path / "noise.ggf"
    noise.write_bytes(bytes(range(256)) * 20)
    code, out, err = _games(capsys, str(noise))
    assert code == 2 and out == "" and "is not a text file of games" in err
    assert "\ufffd" not in err and len(err.splitlines()) == 1  # no raw bytes echoed


def test_a_device_or_pipe_is_read_no_further_than_the_limit(capsys, monkeypatch) -> None:
    """/dev/zero has no size to check before: it is read to the limit and one byte, then refused
    (it once filled the machine's memory)."""
    from reversi.cli import games_commands

    monkeypatch.setattr(games_commands, "MAX_FILE_BYTES", 4096)
    code, out, err = _games(capsys, "/dev/zero")
    assert code == 2 and out == "" and "more than the 4,096 bytes read" in err


def test_a_game_that_lost_its_end_is_refused_alone_and_the_next_one_read() -> None:
    """A game missing its ';)' swallowed the game after it (10 games counted as 9, the next game's
    text in the message); it ends where the next '(;' starts, unless that is inside a value."""
    broken = NBOARD_GAME.replace(";)", "")
    entries = read_ggf_games("\n".join([NBOARD_GAME, broken, GGS_GAME, NBOARD_GAME]))
    assert [e.number for e in entries] == [1, 2, 3, 4]
    assert [e.record is not None for e in entries] == [True, False, True, True]
    assert "does not end with ';)'" in entries[1].error and "fangr" not in entries[1].error
    inside = NBOARD_GAME.replace("GM[Othello]", "GM[Othello]GC[a (; in a comment]", 1)
    assert [e.record is not None for e in read_ggf_games(inside + "\n" + GGS_GAME)] == [True, True]
