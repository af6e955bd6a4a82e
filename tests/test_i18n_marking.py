"""The rules, formats, engine and command line mark what people read, and it reaches the catalog.

* Every layer has its strings extracted (``python_messages``): error messages,
  rule set, side and level names, the command line's reports.
* The marking is written so that it can be translated: no f-string inside
  ``_()`` (Babel cannot extract it), placeholders named and given to ``format``,
  and no function that calls ``_`` also binds the name ``_`` (which would make it
  a local variable there, unbound when the message is raised).
* A pseudo-language (every message in «»: the catalog's answer shows in the
  output) checks that the text goes through the catalog, and that data (JSON,
  records, the English attributes) does not.
"""

from __future__ import annotations

import ast
import gettext
import json
import string
from collections import Counter
from pathlib import Path

import pytest

from reversi import i18n
from reversi.cli.main import main
from reversi.core.clock import TimeControl
from reversi.core.position import Position, Result
from reversi.core.rules import WHITE, Rules, color_name
from reversi.engine import api
from reversi.engine.levels import LEVELS, get_level, level_name
from reversi.errors import ReversiError
from reversi.formats.links import record_from_query
from reversi.formats.notation import parse_position, play_transcript
from reversi.formats.record import read_record
from reversi.tools.translations import python_messages

ROOT = Path(__file__).resolve().parents[1]
LAYERS = ("core", "formats", "engine", "cli")
#: At least this many strings are marked in each layer (what was marked when the layers were done).
MARKED_AT_LEAST = {"core": 55, "formats": 45, "engine": 40, "cli": 30}
TRANSLATING = {"_", "N_", "ngettext", "pgettext"}


def sources() -> dict[str, ast.Module]:
    return {
        str(path.relative_to(ROOT)): ast.parse(path.read_text(encoding="utf-8"), str(path))
        for layer in LAYERS
        for path in sorted((ROOT / "reversi" / layer).rglob("*.py"))
    }


def translating_calls(tree: ast.AST) -> list[ast.Call]:
    """Calls of ``_``, ``N_``, ``ngettext``, ``pgettext`` (also as a catalog's method: ``tr.ngettext``)."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func
            if (isinstance(func, ast.Name) and func.id in TRANSLATING) or (
                isinstance(func, ast.Attribute) and func.attr in ("ngettext", "pgettext")
            ):
                found.append(node)
    return found


def message_ids(call: ast.Call) -> list[str]:
    """The literal message ids of a translating call (a context is not one)."""
    func = call.func
    name = func.id if isinstance(func, ast.Name) else func.attr  # type: ignore[union-attr]
    args = call.args[1:] if name == "pgettext" else call.args[:2] if name == "ngettext" else call.args[:1]
    return [a.value for a in args if isinstance(a, ast.Constant) and isinstance(a.value, str)]


def fields(message: str) -> set[str]:
    return {name for _text, name, _spec, _conv in string.Formatter().parse(message) if name is not None}


def test_every_layer_has_its_strings_extracted() -> None:
    counts: Counter[str] = Counter()
    for filename, _line, _message, _comments, _context in python_messages():
        parts = filename.split("/")
        if len(parts) > 2 and parts[1] in LAYERS:
            counts[parts[1]] += 1
    for layer, least in MARKED_AT_LEAST.items():
        assert counts[layer] >= least, (layer, counts[layer])


def test_every_marked_string_of_the_package_reaches_the_catalog() -> None:
    """Each literal of ``_()``, ``N_()``, ``ngettext`` and ``pgettext`` anywhere in the package (the page's
    layers too) is a message of the catalog's template. A call inside an f-string's braces is not
    extracted (Babel reads the f-string as one token): "No games yet" stayed English so."""
    from reversi.tools.translations import extract

    template = extract()
    known = {m.id if isinstance(m.id, str) else m.id[0] for m in template if m.id}
    known |= {m.id[1] for m in template if m.id and not isinstance(m.id, str)}
    missing = []
    for path in sorted((ROOT / "reversi").rglob("*.py")):
        if "tools" in path.parts:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for call in translating_calls(tree):
            missing += [f"{path.relative_to(ROOT)}:{call.lineno}: {m!r}" for m in message_ids(call) if m not in known]
    assert not missing, missing


def test_no_f_string_and_no_joined_text_is_translated() -> None:
    found = []
    for filename, tree in sources().items():
        for call in translating_calls(tree):
            for arg in call.args:
                if isinstance(arg, ast.JoinedStr) or (isinstance(arg, ast.BinOp) and isinstance(arg.op, ast.Add)):
                    found.append(f"{filename}:{call.lineno}")
    assert not found, f"an f-string or a concatenation inside _(): {found}"


def test_placeholders_are_named_and_all_given() -> None:
    """``_("... {name} ...").format(name=...)``: no ``{}`` or ``{0}``, and the keywords are the fields."""
    found = []
    for filename, tree in sources().items():
        for call in translating_calls(tree):
            for message in message_ids(call):
                if any(name == "" or name.isdigit() for name in fields(message)):
                    found.append(f"{filename}:{call.lineno}: positional placeholder in {message!r}")
            ids = message_ids(call)
            if len(ids) == 2 and fields(ids[0]) != fields(ids[1]):
                found.append(f"{filename}:{call.lineno}: singular and plural differ: {ids!r}")
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "format"
                and isinstance(node.func.value, ast.Call)
                and node.func.value in translating_calls(node.func.value)
            ):
                given = {k.arg for k in node.keywords}
                for message in message_ids(node.func.value):
                    wanted = {name.split(".")[0].split("[")[0] for name in fields(message)}
                    if wanted != given:
                        found.append(f"{filename}:{node.lineno}: {message!r} gets {sorted(given)}")
    assert not found, found


def test_no_function_that_translates_binds_the_name_underscore() -> None:
    """``for _ in ...`` or ``a, _ = ...`` in a function that calls ``_()`` makes ``_`` local there."""
    found = []
    for filename, tree in sources().items():
        for function in ast.walk(tree):
            if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                continue
            names = [n for n in ast.walk(function) if isinstance(n, ast.Name) and n.id == "_"]
            calls = any(isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "_"
                        for n in ast.walk(function))
            binds = any(isinstance(n.ctx, (ast.Store, ast.Del)) for n in names) or any(
                a.arg == "_" for a in ast.walk(function.args) if isinstance(a, ast.arg)
            )
            if calls and binds:
                found.append(f"{filename}:{function.lineno}")
    assert not found, found


# -- a pseudo-language: what goes through the catalog shows -----------------------------------


class Marked(gettext.NullTranslations):
    """Every message in «»: the catalog's answer is visible in the output."""

    def gettext(self, message: str) -> str:
        return f"«{message}»"

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return f"«{msgid1 if n == 1 else msgid2}»"

    def pgettext(self, context: str, message: str) -> str:
        return f"«{message}»"

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return self.ngettext(msgid1, msgid2, n)


@pytest.fixture
def marked(monkeypatch: pytest.MonkeyPatch):
    """The pseudo-language stands in for Czech (``LANG=cs_CZ.UTF-8``) during the test."""
    monkeypatch.setitem(i18n._catalogs, "cs", Marked())
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "cs_CZ.UTF-8")
    i18n.set_language("cs")
    yield
    i18n.set_language("en")


def error_of(action) -> str:
    with pytest.raises(ReversiError) as info:
        action()
    return str(info.value)


def test_names_are_translated_where_shown_and_stay_english_as_data(marked) -> None:
    rules = Rules("classic")
    assert rules.display_name() == "«Classic Reversi»" and rules.kind.title == "Classic Reversi"
    assert rules.display_side_names() == ("«Black»", "«Red»") and rules.side_names == ("Black", "Red")
    assert color_name(WHITE) == "«white»"
    assert level_name(7) == "«Expert»" and get_level(7).name == LEVELS[6].name == "Expert"
    assert Result(36, 28, 0).describe() == "««Black» wins 36:28»"
    assert Result(32, 32, None).describe() == "«Draw 32:32»" and Result(32, 32, None).winner_name == "draw"
    described = Rules(size=10, anti=True, blocked=("b2", "c3"), handicap=1).describe()
    assert "«Othello»" in described and "«anti»" in described and "«2 blocked»" in described
    assert Rules(size=10, anti=True).describe("en") == "Othello 10x10, anti"
    assert TimeControl(300_000, 3_000).describe().startswith("«")


def test_errors_of_every_layer_go_through_the_catalog(marked) -> None:
    start = Position.start()
    assert error_of(lambda: Rules(size=7)).startswith("«board size 7")
    assert error_of(lambda: start.play(0)).startswith("«a1 is not a legal move for «black»")
    assert error_of(lambda: play_transcript(start, "f5 z9")).startswith("«transcript: cannot read")
    assert error_of(lambda: parse_position("XO")).startswith("«position:")
    assert error_of(lambda: read_record('[Anti "maybe"]\n')).startswith("«record: tag Anti")
    assert error_of(lambda: record_from_query("a=2")).startswith("«link: a='2'")
    assert api.best_move(None, None, "f5", level=99)["error"].startswith("«level 99 is out of range")


def test_the_command_line_speaks_the_environments_language_but_not_in_json(marked, capsys) -> None:
    assert main(["legal", "f5", "d6"]) == 0
    assert i18n.language() == "cs"
    out = capsys.readouterr().out
    assert out.startswith("««Black» to move, 5 legal moves:»") and "c3: d4" in out
    assert main(["replay", "f5", "d6"]) == 0
    assert "«{black} (X) {black_count}" not in capsys.readouterr().out  # formatted, not raw
    assert main(["legal", "z9"]) == 2
    assert capsys.readouterr().err.startswith("«error: «transcript: cannot read 'z9'")
    marked_json = []
    for argv in (["legal", "--json", "f5", "d6"], ["replay", "--json", "f5", "d6", "c3"]):
        assert main(argv) == 0
        marked_json.append(json.loads(capsys.readouterr().out))
    assert "«" not in json.dumps(marked_json)
    assert marked_json[1]["rules"] == "Othello 8x8"
