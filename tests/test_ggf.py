"""GGF games in and out (reversi/formats/ggf.py)."""

from __future__ import annotations

import pytest

from reversi import NotationError, Position, Rules, play_transcript
from reversi.core.game import Ending, Termination
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
    synchro = NBOARD_GAME.replace("TY[8]", "TY[s8]")
    wrong_result = write_ggf(Record.from_game(finished_game(Rules()))).replace("RE[", "RE[+1")
    text = "\n".join([NBOARD_GAME, bad_move, "noise between games", synchro, wrong_result, NBOARD_GAME,
                      NBOARD_GAME[:60]])
    entries = read_ggf_games(text)
    assert [e.number for e in entries] == [1, 2, 3, 4, 5, 6]
    assert [e.record is not None for e in entries] == [True, False, False, False, True, False]
    assert "GGF game 2: move 8" in entries[1].error and "TY[s8]" in entries[2].error
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
])
def test_damaged_games_name_what_is_wrong(text: str, words: str) -> None:
    with pytest.raises(NotationError, match=words.replace("[", r"\[").replace("]", r"\]")):
        read_ggf(text)


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
    assert main(["games", str(path), "--to", "rev"]) == 0
    rev = capsys.readouterr().out
    assert rev.count('[Rules "othello"]') == 4 and '[Black "Alice"]' in rev
    assert main(["games", str(tmp_path / "missing.ggf")]) == 2
    assert "cannot read" in capsys.readouterr().err
