"""The page's seams (reversi/ui/ports.py): typed protocols, no private reach across modules."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from reversi.ui import ports
from reversi.ui.controller import Controller

UI = Path(__file__).resolve().parents[1] / "reversi" / "ui"
PROTOCOLS = [ports.PlayState, ports.ComputerSeat, ports.HintSource, ports.TimedGame, ports.PageController]


def protocol_members(protocol: type) -> set[str]:
    """The names a protocol (and the protocols it extends) declares."""
    names: set[str] = set()
    for cls in protocol.__mro__:
        if cls.__module__.startswith("reversi."):
            names |= {n for n in vars(cls) if not n.startswith("_")}
    return names


@pytest.mark.parametrize("protocol", PROTOCOLS, ids=lambda p: p.__name__)
def test_the_controller_has_everything_its_consumers_ask_of_it(protocol: type) -> None:
    c = Controller()
    members = protocol_members(protocol)
    assert members, protocol
    missing = sorted(n for n in members if not hasattr(c, n))
    assert not missing, f"Controller lacks {missing} of {protocol.__name__}"


def test_the_page_controller_is_what_the_page_and_its_features_use() -> None:
    members = protocol_members(ports.PageController)
    assert {"click", "undo", "board_view", "status", "place", "lose_on_time", "show_hints", "game_id"} <= members
    assert "_place" not in members and "_start" not in members


def private_reaches(path: Path) -> list[str]:
    """``x._name`` where ``x`` is not ``self`` or ``cls``: a reach into another object's privates."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Attribute):
            continue
        name = node.attr
        if not name.startswith("_") or (name.startswith("__") and name.endswith("__")):
            continue
        if isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"):
            continue
        found.append(f"{path.name}:{node.lineno}: {ast.unparse(node)}")
    return found


def test_no_ui_module_reaches_into_another_objects_private_names() -> None:
    found = [hit for path in sorted(UI.rglob("*.py")) for hit in private_reaches(path)]
    assert not found, found


def test_the_private_reach_finder_finds_them(tmp_path: Path) -> None:
    path = tmp_path / "m.py"
    path.write_text("def f(c):\n    self._ok = c._place(1)\n    return cls._ok, c.__class__\n")
    assert private_reaches(path) == ["m.py:2: c._place"]
