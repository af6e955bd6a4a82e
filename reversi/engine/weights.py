"""The weights files of the evaluation: their formats, their checks, and which file serves which rules.

The files live in ``reversi/engine/data/`` (:data:`DATA_DIR`), written by training
(:mod:`reversi.tools.train`) and read here with plain Python, in the browser's worker too:

Pattern weights (``patterns_<shape>[_anti][_<variant>].bin``, :func:`pattern_names`)
    The magic ``RVPAT1\\n``, the header's length (uint32, little-endian), the header (JSON:
    ``board``, ``patterns``, ``scalars``, ``phases``, ``phase_of_empties``, optionally
    ``probcut``; :func:`check_pattern_header`), then the weights: int16 centidiscs,
    little-endian, zlib-compressed. Per phase, each pattern's table (``3**n`` entries for
    ``n`` squares, :mod:`reversi.engine.patterns`) and then one weight per scalar feature.

Feature weights (``features.json``, :func:`feature_file`)
    JSON: per rule kind (``normal``, ``anti``) a table of :data:`FEATURE_BUCKETS` rows of one
    weight per name of :data:`FEATURES`, in centidiscs per unit.

A file that cannot be read, is truncated, or says something its weights do not bear out
raises :class:`reversi.errors.WeightsError` naming the file and what is wrong with it.
"""

from __future__ import annotations

import json
import os
import struct
import zlib
from array import array
from collections.abc import Callable
from typing import Any

from reversi.core.geometry import Geometry, octagon_cuts
from reversi.core.rules import Rules
from reversi.engine.patterns import KNOWN_SCALARS
from reversi.errors import WeightsError
from reversi.i18n import _, ngettext
from reversi.inputs import is_int, is_number

#: The engine's data files: the weights, and the opening book (:mod:`reversi.engine.book`).
DATA_DIR = os.path.join(os.path.dirname(__file__), "data")
PATTERN_MAGIC = b"RVPAT1\n"

#: Feature names of the feature evaluator (:mod:`reversi.engine.evaluate`), in weight order.
FEATURES = (
    "bias",
    "parity",
    "discs",
    "corners",
    "x_squares",
    "c_squares",
    "edges",
    "mobility",
    "frontier",
)
#: Phase buckets of the feature evaluator (by the share of the board filled).
FEATURE_BUCKETS = 6

#: The most squares a pattern of a weights file may have (its table has 3**n entries).
MAX_PATTERN_SQUARES = 12
#: The board of a weights file without a ``board`` field (the first files: 8x8).
PATTERN_BOARD = 8
#: The largest board a weights file may describe (:data:`reversi.core.geometry.MAX_SIZE`).
PATTERN_BOARD_MAX = 16


# -- which file serves which rules ---------------------------------------------------------


def pattern_shape(g: Geometry) -> str | None:
    """The name pattern weights files use for the board ``g``: ``"8x8"``, ``"10x10"``,
    ``"octagon"``; None for a board no pattern model can fit (blocked squares, say)."""
    if g.width != g.height:
        return None
    if not g.removed:
        return f"{g.width}x{g.width}"
    if g.width == 10 and g.removed == octagon_cuts():
        return "octagon"
    return None


def pattern_names(rules: Rules) -> list[str]:
    """The names of the pattern weights files that would serve ``rules``, the most
    specific first: ``patterns_8x8_classic.bin`` (Classic's own), then ``patterns_8x8.bin``
    (the board's); ``_anti`` for Anti. Empty for boards without patterns."""
    shape = pattern_shape(rules.geometry)
    if shape is None:
        return []
    base = f"patterns_{shape}" + ("_anti" if rules.anti else "")
    specific = [f"{base}_{rules.variant}.bin"] if rules.kind.limited_supply else []
    return [*specific, base + ".bin"]


def pattern_file(rules: Rules, data_dir: str = DATA_DIR) -> str | None:
    """The path of the pattern weights ``rules`` use, or None if no such file is here."""
    for name in pattern_names(rules):
        path = os.path.join(data_dir, name)
        if os.path.exists(path):
            return path
    return None


def feature_file(data_dir: str = DATA_DIR) -> str:
    """The path of the feature weights in ``data_dir`` (the file may be absent)."""
    return os.path.join(data_dir, "features.json")


# -- pattern weights --------------------------------------------------------------------


def save_pattern_weights(path: str, header: dict[str, Any], weights: list[int]) -> None:
    """Write a pattern weights file: magic, header JSON, zlib'd int16 array."""
    data = array("h", weights)
    if data.itemsize != 2:
        raise ValueError("int16 array expected")
    raw = data.tobytes() if struct.pack("<h", 1) == array("h", [1]).tobytes() else _byteswapped(data)
    head = json.dumps(header, separators=(",", ":")).encode()
    with open(path, "wb") as f:
        f.write(PATTERN_MAGIC + struct.pack("<I", len(head)) + head + zlib.compress(raw, 9))


def _byteswapped(data: array[int]) -> bytes:
    copy = array(data.typecode, data)
    copy.byteswap()
    return copy.tobytes()


def load_pattern_weights(path: str) -> tuple[dict[str, Any], array[int]]:
    """Read a pattern weights file: ``(header, int16 array)`` (little-endian on disk).

    Raises :class:`WeightsError` for a file that cannot be read, is truncated or
    damaged, or whose header does not describe its weights (:func:`check_pattern_header`).
    """
    try:
        with open(path, "rb") as f:
            blob = f.read()
    except OSError as e:
        raise _unreadable(path, e) from None
    if not blob.startswith(PATTERN_MAGIC):
        raise WeightsError(_("{path}: not a pattern weights file").format(path=path))
    at = len(PATTERN_MAGIC)
    try:
        (size,) = struct.unpack_from("<I", blob, at)
    except struct.error as e:
        raise _damaged(path, _("no header length: {error}").format(error=e)) from None
    try:
        header = json.loads(blob[at + 4 : at + 4 + size])
    except (ValueError, RecursionError) as e:  # not UTF-8 or not JSON (both ValueErrors), or nested too deep
        raise _damaged(path, _("its header is not JSON: {error}").format(error=e)) from None
    header = check_pattern_header(header, path)
    try:
        raw = zlib.decompress(blob[at + 4 + size :])
    except zlib.error as e:
        raise _damaged(path, _("the weights do not decompress: {error}").format(error=e)) from None
    data = array("h")
    if len(raw) % data.itemsize:
        problem = ngettext(
            "{n} byte of weights is not a whole number of int16",
            "{n} bytes of weights is not a whole number of int16",
            len(raw),
        )
        raise _damaged(path, problem.format(n=len(raw)))
    data.frombytes(raw)
    if struct.pack("<h", 1) != array("h", [1]).tobytes():
        data.byteswap()
    per_phase = sum(3 ** len(p["squares"]) for p in header["patterns"]) + len(header["scalars"])
    expected = header["phases"] * per_phase
    if len(data) != expected:
        n = len(data)
        message = ngettext("{path}: {n} weight, expected {expected}", "{path}: {n} weights, expected {expected}", n)
        raise WeightsError(message.format(path=path, n=n, expected=expected))
    return header, data


def pattern_weights(rules: Rules, data_dir: str = DATA_DIR) -> tuple[dict[str, Any], array[int]] | None:
    """The pattern weights that serve ``rules`` (:func:`pattern_file`) as :func:`load_pattern_weights`
    reads them, or None when ``data_dir`` has no such file; :class:`WeightsError` for a file of
    another board."""
    path = pattern_file(rules, data_dir)
    if path is None:
        return None
    header, weights = load_pattern_weights(path)
    if header.get("board", PATTERN_BOARD) != rules.geometry.width:
        # Translators: said of a weights file whose board is not the game's
        raise _damaged(path, _("it is for another board"))
    return header, weights


def _unreadable(path: str, error: OSError) -> WeightsError:
    """The error of a weights file ``path`` that cannot be read."""
    reason = error.strerror or error
    # Translators: {error} is the system's reason, e.g. "No such file or directory"
    return WeightsError(_("{path}: cannot read the weights file ({error})").format(path=path, error=reason))


def _damaged(where: str, problem: str) -> WeightsError:
    """The error of a damaged pattern weights file ``where``: ``problem`` says what is wrong."""
    # Translators: {where} is a file's path, {problem} what is wrong with the file
    return WeightsError(_("{where}: a damaged pattern weights file ({problem})").format(where=where, problem=problem))


def check_pattern_header(header: object, where: str) -> dict[str, Any]:
    """``header`` if it describes pattern weights; else :class:`WeightsError` naming ``where``
    and the field: ``board`` (its side, 8 when absent), ``patterns`` (each with ``squares``,
    ``[col, row]`` pairs on that board), ``scalars`` (names of :data:`PATTERN_SCALARS`),
    ``phases`` and ``phase_of_empties``."""

    def bad(what: str) -> WeightsError:
        return _damaged(where, what)

    if not isinstance(header, dict):
        # Translators: {type} is the name of a JSON type in Python: list, str, int...
        raise bad(_("the header is {type}, not an object").format(type=type(header).__name__))
    side = header.get("board", PATTERN_BOARD)
    if not is_int(side) or not 4 <= side <= PATTERN_BOARD_MAX:
        # Translators: board is a field of the file; {most} is a number of squares
        raise bad(_("board {side!r} is not a board side from 4 to {most}").format(side=side, most=PATTERN_BOARD_MAX))
    patterns = header.get("patterns")
    if not isinstance(patterns, list) or not patterns:
        raise bad(_("patterns must be a non-empty list"))
    for k, pattern in enumerate(patterns):
        squares = pattern.get("squares") if isinstance(pattern, dict) else None
        if not (isinstance(squares, list) and 1 <= len(squares) <= MAX_PATTERN_SQUARES) or not all(
            isinstance(sq, list) and len(sq) == 2 and all(is_int(c) and 0 <= c < side for c in sq)
            for sq in squares
        ):
            raise bad(
                # Translators: patterns, squares, scalars, phases and phase_of_empties are fields of the file
                _("pattern {k}: squares must be 1 to {most} [col, row] pairs on a {side}x{side} board").format(
                    k=k, most=MAX_PATTERN_SQUARES, side=side
                )
            )
    scalars = header.get("scalars")
    if not isinstance(scalars, list) or not all(isinstance(name, str) for name in scalars):
        raise bad(_("scalars must be a list of names"))
    unknown = [name for name in scalars if name not in KNOWN_SCALARS]
    if unknown:
        raise bad(_("unknown scalar features {names}").format(names=unknown))
    phases = header.get("phases")
    if not is_int(phases) or not 1 <= phases <= side * side + 1:
        raise bad(_("phases {phases!r} is not a number of phases").format(phases=phases))
    phase_of = header.get("phase_of_empties")
    if not isinstance(phase_of, list) or not phase_of or not all(is_int(p) and 0 <= p < phases for p in phase_of):
        raise bad(_("phase_of_empties must be a non-empty list of phases 0 to {last}").format(last=phases - 1))
    check_probcut(header.get("probcut"), phases, bad)
    return header


#: The largest ProbCut slope and error a weights file may give (centidiscs): beyond them a
#: fit is nonsense, not a model.
PROBCUT_MAX_SLOPE = 10.0
PROBCUT_MAX_ERROR = 100_000.0


def check_probcut(probcut: object, phases: int, bad: Callable[[str], WeightsError]) -> None:
    """Raise ``bad(...)`` unless ``probcut`` is absent (None) or a list of ``[depth, shallow,
    fits]``: a search depth, a shallower depth, and per phase None or ``[a, b, sigma]`` (the
    deep value is about ``a * shallow value + b``, with error ``sigma``; see
    :mod:`reversi.engine.midgame`)."""
    if probcut is None:
        return

    def fit_ok(fit: object) -> bool:
        if fit is None:
            return True
        if not (isinstance(fit, list) and len(fit) == 3 and all(is_number(x) for x in fit)):
            return False
        a, b, sigma = fit
        return bool(0 < a <= PROBCUT_MAX_SLOPE and abs(b) <= PROBCUT_MAX_ERROR and 0 <= sigma <= PROBCUT_MAX_ERROR)

    ok = isinstance(probcut, list) and all(
        isinstance(pair, list)
        and len(pair) == 3
        and is_int(pair[0])
        and is_int(pair[1])
        and 0 <= pair[1] < pair[0] <= 64
        and isinstance(pair[2], list)
        and len(pair[2]) == phases
        and all(fit_ok(fit) for fit in pair[2])
        for pair in probcut
    )
    if not ok:
        # Translators: probcut is a field of the file; a, b and sigma are the names of numbers
        raise bad(_("probcut must be a list of [depth, shallower depth, per phase null or [a, b, sigma]]"))


#: ProbCut statistics by empties: ``{depth: (shallow, [fit or None for each empties count])}``.
ProbCut = dict[int, tuple[int, list[tuple[float, float, float] | None]]]


def probcut_by_empties(header: dict[str, Any], squares: int) -> ProbCut | None:
    """The weights file's ProbCut fits (checked by :func:`check_pattern_header`) indexed by
    empties rather than phase, as the search looks them up; None when the file has none."""
    pairs = header.get("probcut")
    if not pairs:
        return None
    phase_of = header["phase_of_empties"]
    last = len(phase_of) - 1
    out: ProbCut = {}
    for depth, shallow, fits in pairs:
        by_n = [fits[phase_of[min(n, last)]] for n in range(squares + 1)]
        out[depth] = (shallow, [None if f is None else (float(f[0]), float(f[1]), float(f[2])) for f in by_n])
    return out


# -- feature weights --------------------------------------------------------------------


def load_feature_weights(path: str) -> dict[str, list[list[float]]] | None:
    """The tables of a feature weights file (``normal``, ``anti``), or None if there is none.

    Each table is ``table[bucket][feature]``; raises :class:`WeightsError` for a file
    that cannot be read or is not of that shape.
    """
    if not os.path.exists(path):
        return None
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except OSError as e:
        raise _unreadable(path, e) from None
    except (ValueError, RecursionError) as e:  # not UTF-8 or not JSON
        message = _("{path}: a damaged feature weights file (not JSON: {error})")
        raise WeightsError(message.format(path=path, error=e)) from None
    if not isinstance(data, dict):
        raise WeightsError(_("{path}: a damaged feature weights file (not an object)").format(path=path))
    tables: dict[str, list[list[float]]] = {}
    for key in ("normal", "anti"):
        table = data.get(key)
        if table is None:
            continue
        if not (
            isinstance(table, list)
            and len(table) == FEATURE_BUCKETS
            and all(
                isinstance(row, list)
                and len(row) == len(FEATURES)
                and all(is_number(w) for w in row)
                for row in table
            )
        ):
            raise WeightsError(
                # Translators: {key} is a field of the file: normal or anti
                _("{path}: a damaged feature weights file ({key} must be {rows} rows of {n} numbers)").format(
                    path=path, key=key, rows=FEATURE_BUCKETS, n=len(FEATURES)
                )
            )
        tables[key] = table
    return tables
