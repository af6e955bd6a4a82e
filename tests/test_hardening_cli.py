"""Hostile input to the command line (``python -m reversi``, each run in a process of its own):
numbers in other digits than ASCII's, a full device, an ASCII terminal, closed standard streams,
lone surrogates, huge option values, a byte-order mark, and a perft deep enough to warn first.

Found by the probes of the second hardening round (issue 37, item 6).
"""

from __future__ import annotations

import pytest


def run_cli(*args: str, env: dict[str, str] | None = None, stdout: object = None) -> tuple[int, str, str]:
    import os
    import subprocess
    import sys
    from pathlib import Path

    environ = {**os.environ, **(env or {})}
    done = subprocess.run([sys.executable, "-m", "reversi", *args], cwd=Path(__file__).resolve().parents[1],
                          env=environ, capture_output=stdout is None, stdout=stdout, stderr=subprocess.PIPE
                          if stdout is not None else None, timeout=120)
    out = done.stdout.decode("utf-8", "replace") if isinstance(done.stdout, bytes) else ""
    return done.returncode, out, done.stderr.decode("utf-8", "replace")


@pytest.mark.parametrize("args", [["perft", "1_0"], ["perft", "\u0663"], ["legal", "--size", "\uff11\uff10"],
                                  ["best", "f5", "--time", "1_0"], ["best", "f5", "--time", "\u0663"]])
def test_number_options_take_ascii_digits_only(args: list[str]) -> None:
    code, _out, err = run_cli(*args)
    assert code == 2 and err.startswith("error: argument") and "invalid" in err and "Traceback" not in err, err


def test_a_full_device_and_an_ascii_terminal_give_a_message_not_a_traceback() -> None:
    with open("/dev/full", "wb") as full:
        code, _out, err = run_cli("replay", "f5", stdout=full)
    assert code == 1 and "could not write the output" in err and "Traceback" not in err, err
    for env in ({"LANGUAGE": "cs", "PYTHONIOENCODING": "ascii"}, {"LANGUAGE": "pl", "PYTHONIOENCODING": "ascii"}):
        code, out, err = run_cli("replay", "f5", env=env)
        assert code == 0 and "Traceback" not in err and out
        code, out, err = run_cli("--help", env=env)
        assert code == 0 and "\\u" in out and "Traceback" not in err


def test_closed_standard_streams_give_a_message_or_an_empty_input_not_a_traceback() -> None:
    """Started with its output closed (``>&-``) a command says it could not write (exit 1); with its
    input closed (``<&-``) the engine protocol ends as at the end of its input and ``puzzle --set -``
    reads an empty set."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    def closed(args: list[str], fd: int) -> tuple[int, str]:
        # the child starts with the descriptor closed: Python sets sys.stdin or sys.stdout to None
        done = subprocess.run([sys.executable, "-m", "reversi", *args], cwd=Path(__file__).resolve().parents[1],
                              preexec_fn=lambda: os.close(fd), stderr=subprocess.PIPE, timeout=120)
        return done.returncode, done.stderr.decode("utf-8", "replace")

    code, err = closed(["legal", "f5"], 1)
    assert code == 1 and "could not write the output" in err and "Traceback" not in err, err
    code, err = closed(["--help"], 1)  # argparse's own: on the standard error, as it does
    assert code == 0 and "python -m reversi" in err and "Traceback" not in err, err
    code, err = closed(["nboard", "--time", "1"], 0)
    assert code == 0 and "Traceback" not in err, err
    code, err = closed(["puzzle", "--set", "-"], 0)
    assert code == 2 and err.startswith("error: ") and "Traceback" not in err, err


def test_a_lone_surrogate_caption_a_huge_blocked_list_and_a_bom_position() -> None:
    code, out, err = run_cli("puzzle", "f5", "--seconds", "0.05", "--caption", "\udced\udca0\udc80")
    assert code == 0 and "caption=%EF%BF%BD" in out and "Traceback" not in err
    code, _out, err = run_cli("legal", "--blocked", "a1" * 2500)
    assert code == 2 and len(err) < 200, err
    start = "\ufeff" + "-" * 27 + "OX------XO" + "-" * 27 + " X"
    code, out, err = run_cli("legal", "--position", start)
    assert code == 0 and "Traceback" not in err and "65" not in err, err


def test_a_deep_perft_warns_first() -> None:
    import subprocess
    import sys
    from pathlib import Path

    process = subprocess.Popen([sys.executable, "-m", "reversi", "perft", "60"], stderr=subprocess.PIPE,
                               stdout=subprocess.DEVNULL, cwd=Path(__file__).resolve().parents[1])
    try:
        assert process.stderr is not None
        line = process.stderr.readline().decode()
    finally:
        process.kill()
        process.wait()
    assert "may run for hours" in line
