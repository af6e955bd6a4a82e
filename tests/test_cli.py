"""``python -m reversi``: the subcommands, their JSON and their errors."""

import json
import subprocess
import sys

import pytest

from reversi import i18n
from reversi.cli.main import main


@pytest.fixture(autouse=True)
def english(monkeypatch):
    """The command line speaks the environment's language: these tests read its English."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    yield
    i18n.set_language("en")


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_help_runs_as_a_module():
    proc = subprocess.run([sys.executable, "-m", "reversi", "--help"], capture_output=True, text=True)
    assert proc.returncode == 0 and "perft" in proc.stdout and "legal" in proc.stdout


def test_perft(capsys):
    assert run(capsys, "perft", "5") == (0, "1396\n", "")
    code, out, _ = run(capsys, "perft", "3", "--rules", "octagon")
    assert code == 0 and int(out) > 0
    code, out, _ = run(capsys, "perft", "2", "f5")
    assert out == "12\n" or int(out) > 0


def test_legal_json_worked_example(capsys):
    # the worked example of RULES.md, reached as a position string
    pos = "--------" "--------" "---OX---" "--XXX---" "--XOOX--" "---O.O--" "--------" "-------- O"
    pos = pos.replace(".", "-")
    code, out, _ = run(capsys, "legal", "--json", "--position", pos)
    data = json.loads(out)
    assert code == 0 and data["to_move"] == "white"
    assert data["moves"]["e2"] == ["e3", "e4"] and data["moves"]["g6"] == ["e4", "f5"]
    assert len(data["moves"]) == 9


def test_legal_text_and_transcript(capsys):
    code, out, _ = run(capsys, "legal", "f5", "d6")
    assert code == 0 and "Black to move, 5 legal moves" in out and "c3: d4" in out


def test_a_side_with_no_move_is_said_to_pass(capsys):
    """White to move with no move: the pass is filled in and said, in the text and in the JSON
    (``pass``), and Black's moves follow; a position where the side to move has moves says none."""
    pos = "X" * 32 + "O" * 31 + "- O"
    code, out, _ = run(capsys, "legal", "--json", "--position", pos)
    data = json.loads(out)
    assert code == 0 and data["pass"] is True and data["to_move"] == "black" and list(data["moves"]) == ["h8"]
    code, out, _ = run(capsys, "legal", "--position", pos)
    assert code == 0 and out.startswith("White has no move and passes.\nBlack to move, 1 legal move:")
    code, out, _ = run(capsys, "replay", "--json", "--position", pos)
    assert code == 0 and json.loads(out)["pass"] is True
    code, out, _ = run(capsys, "replay", "--position", pos)
    assert code == 0 and out.rstrip().endswith("White has no move and passes.\nBlack to move")
    code, out, _ = run(capsys, "legal", "--json", "f5")
    assert json.loads(out)["pass"] is False
    code, out, _ = run(capsys, "legal", "f5")
    assert "passes" not in out


def test_perft_without_a_depth_names_only_the_depth_as_missing() -> None:
    import subprocess
    import sys
    from pathlib import Path

    done = subprocess.run([sys.executable, "-m", "reversi", "perft"], capture_output=True, text=True, timeout=60,
                          cwd=Path(__file__).resolve().parents[1])
    assert done.returncode == 2 and "required: DEPTH (" in done.stderr and "MOVES" not in done.stderr, done.stderr


def test_an_exact_point_out_of_range_names_its_option_and_a_finished_game_says_who_won(capsys):
    code, _out, err = run(capsys, "hints", "f5", "--exact-empties", "999")
    assert code == 2 and err.startswith("error: --exact-empties 999 is out of range") and "exact_empties" not in err
    code, _out, err = run(capsys, "puzzle", "f5", "--exact", "-1")
    assert code == 2 and err.startswith("error: --exact -1 is out of range"), err
    full = "X" * 32 + "O" * 31 + "X X"
    code, out, _ = run(capsys, "solve", full)
    assert code == 0 and out.strip() == "The game is over: Black wins 33:31.", out


def test_replay_json(capsys):
    _code, out, _ = run(capsys, "replay", "--json", "1.", "F5", "d6", "2.", "C3")
    data = json.loads(out)
    assert data["to_move"] == "white" and not data["over"] and data["black"] == 5 and data["white"] == 2
    assert data["result"] is None and data["score"] is None
    assert data["position"].endswith(" O")


def test_replay_finished_game(capsys):
    # the shortest Othello game: 9 moves, black wins with the board not full
    code, out, _ = run(capsys, "replay", "--json", "d3c3b3d2e1d6d7e3f4")
    assert code == 0
    data = json.loads(out)
    assert data["over"] and data["result"] in ("black", "white")
    assert data["score"] == "64:0" and data["white" if data["result"] == "black" else "black"] == 0
    _code, out, _ = run(capsys, "replay", "d3c3b3d2e1d6d7e3f4")
    assert "wins 64:0" in out


def test_rule_options(capsys):
    code, out, _ = run(capsys, "replay", "--json", "--rules", "classic")
    assert json.loads(out)["black"] == 0
    code, out, _ = run(capsys, "legal", "--json", "--size", "10", "--handicap", "2", "--anti")
    assert code == 0 and len(json.loads(out)["moves"]) == 4
    code, out, _ = run(capsys, "replay", "--json", "--blocked", "5", "--seed", "3")
    assert json.loads(out)["position"].count("#") == 5
    code, out, _ = run(capsys, "replay", "--json", "--blocked", "a1,c3")
    assert json.loads(out)["position"].count("#") == 2
    code, out, _ = run(capsys, "legal", "--json", "--free-opening")
    assert sorted(json.loads(out)["moves"]) == ["d4", "d5", "e4", "e5"]


def test_bare_position_brings_its_geometry(capsys):
    code, out, _ = run(capsys, "replay", "--json", "--rules", "octagon")
    octagon = json.loads(out)["position"]
    code, out, _ = run(capsys, "legal", "--json", "--rules", "octagon", "--position", octagon)
    assert code == 0 and sorted(json.loads(out)["moves"]) == ["d5", "e4", "f7", "g6"]


@pytest.mark.parametrize(
    "argv,message",
    [
        (["legal", "f5", "f5"], "move 2 'f5'"),
        (["replay", "f5", "zz"], "cannot read 'zz'"),
        (["legal", "--size", "7"], "board size 7"),
        (["legal", "--rules", "octagon", "--handicap", "1"], "no corners"),
        (["legal", "--blocked", "d4"], "starting square"),
        (["legal", "--position", "xyz"], "position"),
        (["perft", "-1"], "depth"),
        (["legal", "--rules", "go"], "unknown rule set"),
    ],
)
def test_bad_input_exits_nonzero_with_one_line(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.startswith("error: ") and message in err and err.count("\n") == 1


def test_bad_input_via_subprocess():
    proc = subprocess.run([sys.executable, "-m", "reversi", "legal", "q9"], capture_output=True, text=True)
    assert proc.returncode == 2 and proc.stderr.startswith("error:") and "q9" in proc.stderr


@pytest.mark.parametrize("argv", [["legal", "--size", "x"], [], ["perft"], ["legal", "--rules"]])
def test_bad_command_lines_get_one_line_too(argv):
    proc = subprocess.run([sys.executable, "-m", "reversi", *argv], capture_output=True, text=True)
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.startswith("error: ") and proc.stderr.count("\n") == 1


def test_hints_give_every_legal_move_a_value(capsys):
    code, out, _ = run(capsys, "hints", "f5d6", "--time", "0.3", "--json")
    data = json.loads(out)
    assert code == 0 and set(data["moves"]) == {"c3", "c4", "c5", "c6", "c7"}  # Black's moves after f5 d6
    values = list(data["moves"].values())
    assert values == sorted(values, reverse=True)  # best first
    assert data["best"] == [m for m, v in data["moves"].items() if v == values[0]]
    assert not data["exact"] and data["depth"] >= 1


def test_hints_are_exact_near_the_end_and_agree_with_solve(capsys):
    pos = "--OOOOOOO-OOXXOXOOOOOXXXOOOOXOXXOOOOXXXXOOOOXOOOO-OO------OO---- X"
    code, out, _ = run(capsys, "hints", pos, "--time", "60", "--json")
    hints = json.loads(out)
    code2, out2, _ = run(capsys, "solve", pos, "--all", "--json")
    solved = json.loads(out2)
    assert code == code2 == 0 and hints["exact"]
    assert {m: v // 100 for m, v in hints["moves"].items()} == solved["moves"]
    code, out, _ = run(capsys, "hints", pos, "--time", "60")
    assert code == 0 and out.splitlines()[0].split() == ["e7", "+4"] and "exact" in out


@pytest.mark.parametrize("argv", [["hints", "f5", "--time", "0"], ["hints", "f5", "--exact-empties", "-1"],
                                  ["hints", "zz"]])
def test_bad_hints_arguments_get_a_message(capsys, argv):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and err.startswith("error: ")


@pytest.mark.parametrize(
    "argv, message",
    [
        (["match", "--processes", "-2"], "--processes must be a whole number from 1 to 64, not -2"),
        (["match", "--processes", "1000"], "--processes must be a whole number from 1 to 64, not 1000"),
        (["match", "--games", "0"], "games 0"),
        (["match", "--plies", "70", "--size", "4"], "plies 70"),
        (["match", "--plies", "16", "--size", "4", "--a", "depth=1", "--b", "depth=1"], "leaves a game"),
        (["solve", "f5", "--time", "nan"], "--time nan"),
        (["solve", "f5", "--time", "inf"], "--time inf"),
        (["best", "f5", "--time", "-1"], "--time -1"),
        (["svg", "f5", "--at", "-1"], "--at -1"),
        (["svg", "--width", "99999999"], "--width 99999999"),
        (["puzzle", "f5", "--seconds", "nan"], "--seconds nan"),
        (["puzzle", "f5", "--seconds", "inf"], "--seconds inf"),
        (["puzzle", "f5", "--exact", "-1", "--seconds", "0.1"], "--exact -1 is out of range"),
        (["puzzle", "f5", "--exact", "99999", "--seconds", "0.1"], "--exact 99999 is out of range"),
    ],
)
def test_absurd_numbers_are_refused_in_one_line(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 2 and message in err and len(err.strip().splitlines()) == 1 and not out


def test_a_long_exact_solve_says_so_first():
    from reversi.cli.engine_commands import estimate_solve_seconds, solve_warning

    assert solve_warning(14, 64) is None and solve_warning(18, 64) is None
    assert "minutes" in (solve_warning(24, 64) or "") and "--time" in (solve_warning(24, 64) or "")
    assert estimate_solve_seconds(22) > 4 * estimate_solve_seconds(20)
    assert "longer than anyone" in (solve_warning(60, 64) or "")


def test_an_absurd_perft_depth_is_refused(capsys):
    code, out, err = run(capsys, "perft", "99999999999999999999")
    assert code == 2 and "perft depth" in err and "0 to 62" in err and not out


@pytest.mark.parametrize(
    "environ, expected",
    [({"LANG": "cs_CZ.UTF-8"}, "cs"), ({"LANGUAGE": "pl:cs", "LANG": "en_US.UTF-8"}, "pl"),
     ({"LC_ALL": "da_DK.UTF-8"}, "da"), ({"LANG": "C.UTF-8"}, "en"), ({"LANG": "de_DE.UTF-8"}, "en"),
     ({"LANG": "ja_JP.UTF-8"}, "ja")],
)
def test_main_takes_the_language_from_the_environment(capsys, monkeypatch, environ, expected):
    for name, value in environ.items():
        monkeypatch.setenv(name, value)
    i18n.set_language("pl" if expected == "en" else "en")  # so that main() has to change it
    assert run(capsys, "perft", "1") == (0, "4\n", "")
    assert i18n.language() == expected
    i18n.set_language("en")


def test_json_is_the_same_in_every_language(capsys, monkeypatch):
    english = [run(capsys, *argv) for argv in (["legal", "--json", "f5"], ["replay", "--json", "f5", "d6"])]
    monkeypatch.setenv("LANG", "cs_CZ.UTF-8")
    czech = [run(capsys, *argv) for argv in (["legal", "--json", "f5"], ["replay", "--json", "f5", "d6"])]
    assert i18n.language() == "cs" and czech == english
    assert json.loads(english[1][1])["rules"] == "Othello 8x8"


def test_a_bad_command_line_is_reported_in_one_line(capsys):
    with pytest.raises(SystemExit) as info:
        main(["perft", "1", "--odd\n\noption"])
    err = capsys.readouterr().err
    assert info.value.code == 2 and err.count("\n") == 1
    assert err.startswith("error: unrecognized arguments: --odd option (see python -m reversi --help)")


@pytest.mark.parametrize("command", ["solve", "best", "svg", "match"])
def test_the_seed_option_says_what_it_draws_in_each_command(capsys, monkeypatch, command):
    """--seed draws the random blocked squares everywhere, and the openings in ``match`` only."""
    monkeypatch.setenv("COLUMNS", "200")
    with pytest.raises(SystemExit):
        main([command, "--help"])
    (seed,) = [line for line in capsys.readouterr().out.splitlines() if line.strip().startswith("--seed")]
    assert "random blocked squares" in seed
    assert ("openings" in seed) == (command == "match"), seed


@pytest.mark.parametrize("code", ["cs", "da", "pl", "ja"])
def test_help_speaks_the_environments_language(capsys, monkeypatch, code):
    """--help in the environment's language: our help texts and argparse's own ("usage:", "options")."""
    import gettext

    monkeypatch.setenv("LANGUAGE", code)
    before = gettext.textdomain()
    with pytest.raises(SystemExit) as info:
        main(["solve", "--help"])
    out = capsys.readouterr().out
    catalog = i18n.catalog(code)
    assert info.value.code == 0
    for english in ("usage: ", "options", "a position string, or a transcript", "give up after this long",
                    "rule options", "SECONDS"):
        assert english.strip() not in out and catalog.gettext(english).strip() in out, english
    assert gettext.textdomain() == before  # the global domain is put back


@pytest.mark.parametrize("command", [[], ["solve"], ["games"]])
def test_japanese_help_is_laid_out_for_wide_characters(capsys, monkeypatch, command):
    """``LANG=ja_JP.UTF-8 python -m reversi --help``: Japanese, no line wider than the terminal (a kanji
    takes two columns: argparse counts characters) and every option's help in one column."""
    import re

    from reversi.cli.wide_help import columns, wrap_columns

    monkeypatch.setenv("LANG", "ja_JP.UTF-8")
    monkeypatch.setenv("COLUMNS", "80")
    with pytest.raises(SystemExit) as info:
        main([*command, "--help"])
    lines = capsys.readouterr().out.splitlines()
    assert info.value.code == 0 and lines[0].startswith(i18n.catalog("ja").gettext("usage: ").strip())
    assert max(columns(line) for line in lines) <= 80, [line for line in lines if columns(line) > 80]
    starts = {columns(m.group(1)) for line in lines if (m := re.match(r"(  -\S.*?\S  +)\S", line))}
    assert len(starts) == 1, starts  # the help texts start in one column, however wide the metavars
    assert not re.search(r"\b(?:show|the|and|of|with)\b", "\n".join(lines))  # no English left
    # the wrapping: at most the width, never before a closing mark, a Latin word kept whole
    assert wrap_columns("局面（f5d6c3 のような棋譜）を読み込みます。", 12) == [
        "局面（f5d6c3", "のような棋", "譜）を読み込", "みます。"]


def test_argparse_complaints_are_translated(capsys, monkeypatch):
    monkeypatch.setenv("LANGUAGE", "pl")
    with pytest.raises(SystemExit) as info:
        main(["perft", "x"])
    err = capsys.readouterr().err
    catalog = i18n.catalog("pl")
    assert info.value.code == 2 and err.count("\n") == 1
    assert "invalid int value" not in err and catalog.gettext("invalid %(type)s value: %(value)r").split("%")[0] in err


def test_best_says_when_its_move_comes_from_the_opening_book(capsys):
    code, out, _ = run(capsys, "best", "f5", "--level", "7", "--json")
    data = json.loads(out)
    assert code == 0 and data["book"] is True and data["move"] in ("d6", "f6", "f4") and data["nodes"] == 0
    code, out, _ = run(capsys, "best", "f5", "--level", "7")
    assert code == 0 and "opening book" in out
    # a level without the book searches, and says how deep
    code, out, _ = run(capsys, "best", "f5", "--level", "4", "--json")
    data = json.loads(out)
    assert code == 0 and data["book"] is False and data["nodes"] > 0


#: A position string with its side to move, as the README writes it (one quoted argument).
ENDGAME_AT_E2 = "OXXXOOOOOXXX-XOOXOOXXOO-OOXOOXXX-OOOOXXXXOOOXOXX--X-XXO--X-XXX-O X"


@pytest.mark.parametrize("command", [
    ["svg"], ["puzzle", "--exact", "12"], ["solve"], ["best", "--time", "5"], ["hints", "--exact-empties", "14"],
    ["legal"], ["replay"], ["perft", "1"],
])
def test_every_subcommand_takes_a_position_quoted_or_split_alike(capsys, command):
    quoted = run(capsys, *command, ENDGAME_AT_E2)
    split = run(capsys, *command, *ENDGAME_AT_E2.split())
    assert quoted[0] == 0, quoted

    def stable(result):  # a search's node count depends on what its table kept from the one before
        import re

        lines = [re.sub(r"\d+ nodes, [\d.]+ s", "", line)  # its node count and its time
                 for line in result[1].splitlines() if " nodes in " not in line]
        if command[0] == "hints":  # the values depend on how far its time let it go: the moves do not
            lines = sorted(line.split()[0] for line in lines if line.strip())
        return result[0], lines, result[2]

    assert stable(quoted) == stable(split)
    assert "cannot read" not in quoted[2]


def test_moves_may_follow_a_position_string(capsys):
    code, out, _ = run(capsys, "legal", ENDGAME_AT_E2, "e2", "--json")
    assert code == 0 and json.loads(out)["to_move"] == "white"
    code, out, _ = run(capsys, "legal", "--position", ENDGAME_AT_E2, "e2", "--json")
    assert code == 0 and json.loads(out)["to_move"] == "white"


FORCED_PASS = "OX" + "-" * 62 + " X"  # Black to move has no move: White's c1 takes b1


@pytest.mark.parametrize("command", ["best", "hints", "solve"])
def test_a_forced_pass_is_said_before_the_other_sides_answer(capsys, command):
    code, out, _err = run(capsys, command, FORCED_PASS)
    assert code == 0 and out.startswith("Black has no move and passes.\n") and "c1" in out
    code, out, _err = run(capsys, command, FORCED_PASS, "--json")
    assert code == 0 and json.loads(out)["pass"] is True
    code, out, _err = run(capsys, command, FORCED_PASS[:-1] + "O", "--json")  # White to move: no pass, no key
    assert code == 0 and "pass" not in json.loads(out)


def test_solve_refuses_an_empty_text_rather_than_solve_the_start(capsys):
    code, out, err = run(capsys, "solve", "")
    assert code == 2 and out == "" and "no position or moves were given" in err
    code, out, err = run(capsys, "solve", "", "--size", "4")  # a start worth solving: 4x4's 12 empties
    assert code == 0 and out.startswith("best: ")
