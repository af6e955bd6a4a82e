"""How JavaScript values reach the DOM glue (``reversi/ui/dom/``), read from the source.

Pyodide changed two conversions that the page relies on, and the page must work on the
runtime pinned in ``assets/runtime-pins.json`` (Pyodide 0.28 or later since the move to
PyScript 0.7):

* from 0.28 on a JavaScript ``null`` arrives as ``pyodide.ffi.jsnull``, not None (``undefined``
  still arrives as None): a DOM answer that may be null (``querySelector``, ``closest``,
  ``getAttribute``, ``localStorage.getItem``...) and is then compared with None goes through
  :func:`reversi.ui.dom.nullable`, or ``x is None`` is never true and ``str(x)`` is ``"jsnull"``;
* from 0.29 on ``to_js`` makes a JavaScript Object of a dict, where it used to make a Map: a dict
  meant as an options object names ``dict_converter=js.Object.fromEntries``, which gives an
  Object on every version (``Object.fromEntries(to_js(d))`` fails on an Object).
"""

from __future__ import annotations

import ast
from pathlib import Path

import reversi.ui.dom as dom

DOM = Path(dom.__file__).resolve().parent

#: The DOM calls that answer null when there is nothing to answer.
MAYBE_NULL_CALLS = frozenset({"querySelector", "closest", "getElementById", "getAttribute", "getItem"})
#: The DOM properties that may be null.
MAYBE_NULL_PROPERTIES = frozenset({"submitter", "newValue"})


def _maybe_null(node: ast.AST) -> bool:
    """Whether ``node`` is a DOM answer that may be null, not wrapped in ``nullable``."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        return node.func.attr in MAYBE_NULL_CALLS
    return isinstance(node, ast.Attribute) and node.attr in MAYBE_NULL_PROPERTIES


def unwrapped_nulls(source: str) -> list[str]:
    """``line: expression`` for each DOM answer that may be null and is compared with None (directly,
    or through the name or attribute it was assigned to) without going through ``nullable``."""
    tree = ast.parse(source)
    assigned: dict[str, int] = {}  # the target's text -> line of an unwrapped maybe-null assignment
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and _maybe_null(node.value):
            for target in node.targets:
                assigned[ast.unparse(target)] = node.lineno
        elif isinstance(node, ast.Assign) and isinstance(node.value, ast.Tuple):
            for target in node.targets:
                if isinstance(target, ast.Tuple) and len(target.elts) == len(node.value.elts):
                    for name, value in zip(target.elts, node.value.elts, strict=True):
                        if _maybe_null(value):
                            assigned[ast.unparse(name)] = node.lineno
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Compare) or not any(isinstance(op, (ast.Is, ast.IsNot)) for op in node.ops):
            continue
        if not any(isinstance(c, ast.Constant) and c.value is None for c in node.comparators):
            continue
        left = node.left
        if _maybe_null(left):
            found.append(f"{node.lineno}: {ast.unparse(left)}")
        elif ast.unparse(left) in assigned:
            found.append(f"{assigned[ast.unparse(left)]}: {ast.unparse(left)}")
    return sorted(set(found))


def test_nullable_turns_javascripts_null_into_none(monkeypatch) -> None:
    jsnull = object()  # what pyodide.ffi.jsnull is to this function: one object, compared by identity
    monkeypatch.setattr(dom, "_JSNULL", jsnull)
    assert dom.nullable(jsnull) is None
    assert dom.nullable(None) is None
    element = object()
    assert dom.nullable(element) is element
    assert dom.nullable("") == "" and dom.nullable(0) == 0  # falsy answers that are not null stay


def test_every_maybe_null_dom_answer_compared_with_none_goes_through_nullable() -> None:
    problems = {path.name: unwrapped_nulls(path.read_text(encoding="utf-8")) for path in sorted(DOM.glob("*.py"))}
    assert {name: found for name, found in problems.items() if found} == {}


def test_the_null_check_finds_an_unwrapped_answer() -> None:
    source = (
        "def on_click(event):\n"
        "    button = event.target.closest('button')\n"
        "    if button is None:\n"
        "        return\n"
        "    key, value = event.key, event.newValue\n"
        "    if value is not None or root.getElementById('x') is None:\n"
        "        pass\n"
        "    ok = nullable(event.target.closest('a'))\n"
        "    if ok is None:\n"
        "        pass\n"
    )
    assert unwrapped_nulls(source) == ["2: button", "5: value", "6: root.getElementById('x')"]


def dicts_given_to_js_without_a_converter(source: str) -> list[int]:
    """Lines where ``to_js`` is given a dict (a literal or ``dict(...)``) without ``dict_converter``."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not (isinstance(node, ast.Call) and ast.unparse(node.func).split(".")[-1] == "to_js" and node.args):
            continue
        arg = node.args[0]
        is_dict = isinstance(arg, (ast.Dict, ast.DictComp)) or (
            isinstance(arg, ast.Call) and ast.unparse(arg.func) == "dict")
        if is_dict and not any(k.arg == "dict_converter" for k in node.keywords):
            found.append(node.lineno)
    return found


def test_dicts_made_javascript_objects_name_their_converter() -> None:
    problems = {path.name: dicts_given_to_js_without_a_converter(path.read_text(encoding="utf-8"))
                for path in sorted(DOM.glob("*.py"))}
    assert {name: lines for name, lines in problems.items() if lines} == {}
    assert dicts_given_to_js_without_a_converter("o = js.Object.fromEntries(to_js({'a': 1}))\n") == [1]
    assert dicts_given_to_js_without_a_converter("o = to_js({'a': 1}, dict_converter=f)\n") == []
