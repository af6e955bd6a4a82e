"""The NBoard protocol (reversi/engine/nboard.py, ``python -m reversi nboard``): a scripted GUI."""

from __future__ import annotations

import subprocess
import sys

from hypothesis import given, settings
from hypothesis import strategies as st

from reversi import Position, Rules
from reversi.core.position import PASS
from reversi.engine.nboard import NBoardSession
from reversi.formats.ggf import read_ggf, write_ggf
from reversi.formats.record import Record

START = Record(Rules())


class Gui:
    """Sends lines to a session and keeps what it answered."""

    def __init__(self, seconds: float = 5.0) -> None:
        self.lines: list[str] = []
        self.session = NBoardSession(self.lines.append, seconds)

    def send(self, line: str) -> list[str]:
        before = len(self.lines)
        assert self.session.handle(line)
        return self.lines[before:]


def test_a_whole_game_with_hints_and_pings() -> None:
    gui = Gui()
    assert gui.send("nboard 2") == ["set myname Reversi"]
    gui.send("set depth 1")
    gui.send("set game " + write_ggf(START))
    mine = Position.start(Rules())  # the GUI's own board, kept by the rules
    g = mine.rules.geometry
    plies = 0
    while not mine.is_over:
        if plies % 7 == 0:
            answer = gui.send("hint 3")
            searched = [line.split() for line in answer if line.startswith(("search ", "book "))]
            assert 1 <= len(searched) <= 3 and answer[-1] == "status"
            legal = {("PA" if m == PASS else g.name(m).upper()) for m in mine.legal_moves()} if not mine.must_pass \
                else {"PA"}
            assert {s[1] for s in searched} <= legal
            values = [float(s[2]) for s in searched]
            assert values == sorted(values, reverse=True)  # best first
        answer = gui.send("go")
        (played,) = [line for line in answer if line.startswith("=== ")]
        word = played.split()[1].split("/")[0]
        move = PASS if word == "PA" else g.parse_square(word.lower())
        assert move in (mine.legal_moves() if not mine.must_pass else [PASS])
        mine = mine.play(move) if move != PASS else mine.pass_turn()
        assert gui.send(f"move {word}/0.00/0.1") == []  # a move is taken without a word
        plies += 1
        assert gui.send(f"ping {plies}") == [f"pong {plies}"]
    assert gui.session.game.live.position == mine
    assert gui.send("go") == ["status error: the game is over"]
    assert gui.send("learn") == ["learned"]
    assert not gui.session.handle("quit")


def test_a_set_game_goes_on_where_it_ends_and_a_forced_pass_is_asked_for() -> None:
    # a game in which Black must pass after White's last move: the engine says PA, as the GUI expects
    from support import find_game_with_pass

    rules = Rules()
    moves = find_game_with_pass(rules)
    game_before = Record(rules, None, moves).to_game()  # its last move leaves the other side no move
    text = write_ggf(Record.from_game(game_before)).replace("B[PA]", "").replace("W[PA]", "")
    gui = Gui()
    gui.send("nboard 2")
    gui.send("set depth 1")
    gui.send("set game " + text)
    assert gui.send("go")[0] == "=== PA"
    assert gui.send("move PA") == []
    answer = gui.send("go")
    assert any(line.startswith("=== ") and "PA" not in line for line in answer)


def test_malformed_lines_get_an_error_and_keep_the_game() -> None:
    gui = Gui()
    gui.send("nboard 2")
    gui.send("move f5")
    game = gui.session.game
    for line in ("move z9", "move", "move PA", "bogus", "set depth x", "set depth 99", "hint -1", "ping x",
                 "set game (;GM[Chess];)", "set game (;GM[Othello]TY[8]B[A1];)", "set colour red", "x" * 70_000,
                 "set contempt x", "set contempt nan", "set contempt inf", "set contempt 1e400"):
        answer = gui.send(line)
        assert len(answer) == 1 and answer[0].startswith("status error: "), (line[:20], answer)
        assert gui.session.game is game and len(game.main_line()) == 2
    assert gui.send("") == []


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(
    st.text(max_size=40),
    st.sampled_from(["go", "hint 2", "analyze", "move F5", "move PA", "ping 3", "set depth 1",
                     "set game (;GM[Othello];)", "nboard 2", "set contempt 1.5"]),
    st.builds(lambda a, b: f"{a} {b}", st.sampled_from(["move", "set", "hint", "ping", "set game", "set depth"]),
              st.text(max_size=30)),
), max_size=12))
def test_any_lines_are_answered_and_never_break_the_session(lines: list[str]) -> None:
    gui = Gui(seconds=0.05)
    gui.send("set depth 1")
    for line in lines:
        if line.strip().lower().split(" ")[:1] == ["quit"]:
            continue
        for answer in gui.send(line):
            assert answer.split(" ")[0] in ("set", "pong", "status", "search", "book", "analysis", "nodestats", "===",
                                           "learned"), answer
    assert gui.session.game.live.position.rules == gui.session.game.rules


def test_the_command_answers_a_session_on_its_standard_streams() -> None:
    session = "nboard 2\nset depth 1\nset game " + write_ggf(START) + "\nping 1\ngo\nhint 2\nfoo\nquit\nping 2\n"
    done = subprocess.run([sys.executable, "-m", "reversi", "nboard", "--time", "2"], input=session,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[:2] == ["set myname Reversi", "pong 1"]
    assert any(line.startswith("=== ") for line in lines)
    assert any(line.startswith(("search ", "book ")) for line in lines)
    assert "status error: unknown command 'foo'" in lines and "pong 2" not in lines  # quit ends it


def test_read_back_the_game_the_gui_sent() -> None:
    text = ("(;GM[Othello]PC[NBoard]DT[2014-02-21 20:52:27 GMT]PB[./mEdax]PW[chris]RE[?]TI[15:00]TY[8]"
            "BO[8 ---------------------------O*------*O--------------------------- *]"
            "B[F5]W[F6]B[D3]W[C5]B[E6]W[F7]B[E7]W[F4];)")
    record = read_ggf(text)
    assert len(record.moves) == 8 and record.tags["Black"] == "./mEdax" and record.tags["Date"] == "2014.02.21"


def test_hint_in_the_book_gives_the_books_own_values() -> None:
    from reversi.engine.book import book_for, book_moves

    gui = Gui()
    gui.send("set depth 1")
    gui.send("set game " + write_ggf(START))
    answer = gui.send("hint 4")
    booked = [line.split() for line in answer if line.startswith("book ")]
    start = Position.start(Rules())
    values = book_moves(start, book_for(start.rules) or {})
    assert values and len(booked) == min(4, len(values)) and answer[-1] == "status"
    g = start.rules.geometry
    assert {b[1] for b in booked} <= {g.name(m).upper() for m in values}
    assert [float(b[2]) for b in booked] == sorted((v / 100 for v in values.values()), reverse=True)[: len(booked)]
    assert not any(line.startswith("search ") for line in answer)


def test_analyze_values_every_position_of_the_game_from_its_end_back() -> None:
    import random

    from reversi import Game

    rng = random.Random(5)
    game = Game(Rules(size=6))
    for _ in range(12):
        game.play(rng.choice(game.position.legal_moves()))
    gui = Gui(seconds=3)
    gui.send("set depth 2")
    gui.send("set game " + write_ggf(Record.from_game(game)))
    answer = gui.send("analyze")
    lines = [line.split() for line in answer if line.startswith("analysis ")]
    assert [int(x[1]) for x in lines] == list(range(12, -1, -1))  # the end first, back to the start
    assert answer[-1] == "status" and all(abs(float(x[2])) <= 36 for x in lines)


def test_a_resigned_game_takes_no_move_and_a_bad_depth_is_named() -> None:
    gui = Gui()
    resigned = write_ggf(START).replace(";)", "") + "B[F5]W[F6]RE[+64.000:r];)"
    gui.send("set game " + resigned)
    assert gui.session.game.outcome is not None
    for line in ("go", "hint 1", "move D3"):
        answer = gui.send(line)
        assert answer and answer[0] == "status error: the game is over", (line, answer)
    assert len(gui.session.game.moves) == 2
    answer = gui.send("set depth --5")
    assert answer == ["status error: set depth needs a whole number, not '--5'"]
    assert gui.send("set depth -5") == ["status error: set depth -5: the number must be 1 to 60"]
