"""Numbered game diagrams (reversi/drawing/diagram.numbered_view, ``reversi svg --numbers``)."""

from __future__ import annotations

import re

import pytest

from reversi import Position, Rules, play_transcript
from reversi.cli.main import main
from reversi.drawing.diagram import numbered_view, standalone_svg

SQUARE_NUMBER = re.compile(r'data-square="(\w+)" data-state="(\w+)"[^>]*>(?:(?!data-square=).)*?'
                           r'class="move-number" data-number="(\d+)" x="\d+" y="\d+" fill="(#\w+)"', re.S)


def numbers_in(svg: str) -> dict[str, tuple[int, str, str]]:
    """square -> (number, the disc's state, the number's ink)."""
    return {sq: (int(n), state, ink) for sq, state, n, ink in SQUARE_NUMBER.findall(svg)}


@pytest.mark.parametrize("rules, moves", [
    (Rules(), "f5d6c3d3c4f4f6f3e6e7d7"),
    (Rules("octagon"), "e4f4"),
    (Rules("classic"), "d4e4d5e5f3"),
    (Rules(size=6, anti=True), "b3b4c5"),
])
def test_each_move_is_numbered_on_its_square_in_the_colour_of_its_side(rules: Rules, moves: str) -> None:
    game = play_transcript(Position.start(rules), moves)
    line = [n for n in game.main_line()[1:]]
    view = numbered_view(game.start, [n.move for n in line])
    svg = standalone_svg(view, 400)
    found = numbers_in(svg)
    g = rules.geometry
    played = [(g.name(n.move), n.parent.position.turn) for n in line if n.move is not None and n.move >= 0]
    assert {sq: num for sq, (num, _s, _i) in found.items()} == {sq: k for k, (sq, _t) in enumerate(played, 1)}
    for square, side in played:  # the disc of the side that played it, its number in the other ink
        _number, state, ink = found[square]
        # (the disc drawn in the side's colour: Classic's second side is red, its number white)
        assert state == ("black", "white")[side] and ink == ("#111111" if view.colors[side] == "white" else "#ffffff")


def test_the_command_writes_the_diagram_and_its_split(tmp_path, capsys) -> None:
    out = tmp_path / "g.svg"
    assert main(["svg", "f5d6c3d3c4f4f6f3e6e7d7", "--numbers", "-o", str(out)]) == 0
    whole = out.read_text(encoding="utf-8")
    assert sorted(n for n, _s, _i in numbers_in(whole).values()) == list(range(1, 12))
    assert 'aria-label="Othello 8x8, moves 1 to 11"' in whole
    assert main(["svg", "f5d6c3d3c4f4f6f3e6e7d7", "--numbers", "--from", "6", "-o", str(out)]) == 0
    split = out.read_text(encoding="utf-8")
    first, second = split.split('<svg x="', 2)[1:]
    assert sorted(n for n, _s, _i in numbers_in(first).values()) == list(range(1, 7))
    assert sorted(n for n, _s, _i in numbers_in(second).values()) == list(range(7, 12))
    # the second starts from the position after move 6: its plain discs are that position's
    after = play_transcript(Position.start(Rules()), "f5d6c3d3c4f4").position
    g = Rules().geometry
    plain = {sq: st for sq, st in re.findall(r'data-square="(\w+)" data-state="(black|white)"', second)
             if sq not in numbers_in(second)}
    assert plain == {g.name(i): ("black" if after.black >> i & 1 else "white")
                     for i in g.squares if (after.black | after.white) >> i & 1}
    assert main(["svg", "f5d6c3", "--numbers", "--from", "3"]) == 2
    assert "--from 3 is out of range" in capsys.readouterr().err
    assert main(["svg", "f5", "--numbers", "--from", "99"]) == 2  # a game of one move: nothing to split
    assert "at least 2 moves; this one has 1" in capsys.readouterr().err


def test_a_diagram_splits_at_the_move_shown_when_moves_lie_on_both_sides() -> None:
    from reversi.drawing.diagram import numbered_svg, split_point

    game = play_transcript(Position.start(Rules()), "f5d6c3d3c4")
    moves = [m for m in game.line if m is not None]
    assert [split_point(moves, k) for k in range(6)] == [None, 1, 2, 3, 4, None]
    svg = numbered_svg(game.start, moves, 3)
    assert svg.count("<svg") == 3 and sorted(map(int, re.findall(r'data-number="(\d+)"', svg))) == [1, 2, 3, 4, 5]
    with pytest.raises(ValueError):
        numbered_svg(game.start, moves, 5)


def test_the_svg_command_draws_the_annotations_of_the_move_text(tmp_path) -> None:
    """A diagram of annotated move text shows its last move's glyph, lettered and marked squares."""
    out = tmp_path / "a.svg"
    assert main(["svg", "f5 d6?? {[%lbl Zc3] [%csl Ge6] [%mark f4]} c3", "--at", "2", "-o", str(out)]) == 0
    svg = out.read_text(encoding="utf-8")
    assert 'data-glyph="??"' in svg and 'data-sign="Z"' in svg and 'data-sign="G"' in svg
    assert 'data-square="f4"' in svg and 'data-marked="true"' in svg
