"""Code generation for the hot paths: source written per geometry, compiled once.

The engine's fastest functions (move generation, flips, the stability test, the
pattern evaluators) are generated as Python source with the board's constants
written in as literals, then compiled. :func:`generate` is the one place that
does it: every generated module gets a file name of its own (shown in
tracebacks), and its source is registered with :mod:`linecache`, so a traceback
shows the generated line and :func:`inspect.getsource` works on the functions.
"""

from __future__ import annotations

import itertools
import linecache
from typing import Any

_serial = itertools.count(1)


def generate(source: str, name: str, env: dict[str, Any] | None = None) -> dict[str, Any]:
    """Compile and run ``source``; return its namespace (``env`` plus what it defines).

    ``name`` says what the code is (``"flips 8x8"``); the file name is
    ``<generated: NAME #N>``, unique per call.
    """
    filename = f"<generated: {name} #{next(_serial)}>"
    code = compile(source, filename, "exec")
    # mtime None: linecache.checkcache() keeps the entry (there is no file to compare)
    linecache.cache[filename] = (len(source), None, source.splitlines(keepends=True), filename)
    namespace: dict[str, Any] = dict(env or {})
    exec(code, namespace)
    return namespace

