"""Static evaluation of a position: trained patterns per board, trained features elsewhere.

Interface (what the search uses)::

    evaluate = make_evaluator(rules)      # cached per Rules
    value = evaluate(player, opponent)    # side-relative bitboards
    value = with_moves(evaluate)(player, opponent, legal)  # the same, given the mover's moves

``with_moves`` is for the searches, which have generated the side to move's legal
moves before they evaluate: the trained evaluators then skip generating them again
(a third of the evaluation's move generation). Any two-argument function is an
evaluator; :func:`with_moves` wraps those that lack the faster form.

``value`` is the static value for the side to move in centidiscs (100 = one disc of
final margin as the score counts it). It is anti-aware: higher is always better for
the side to move, also under Anti, where the weights were fitted on Anti games.

Two evaluators, both linear in features, weights per game phase, trained by
:mod:`reversi.tools.train` and loaded from ``reversi/engine/data/`` with plain Python:

Pattern evaluation (a board with its own weights file: 8x8 Othello, Anti and Classic, 6x6,
10x10, 12x12 and the octagon; :func:`pattern_names` says which file serves which rules)
    In the spirit of Logistello and Edax (ideas only; squares, tables and weights
    here are our own). A *pattern* is an ordered list of squares, given once for the
    a1 corner / top edge in the weights file; its *instances* are its images under
    the 8 symmetries of the board (duplicate square sets dropped), all sharing one
    weight table indexed by the base-3 number of the squares (0 empty, 1 own, 2
    opponent; first square = least significant digit). The file says which board it is
    for (``board``, its side) and gives each pattern's squares on that board; the octagon's
    patterns follow its cut corners. Training ties the entries
    that a pattern's own symmetries map onto each other, so the value of a position
    is exactly invariant under the symmetries of the board. Next to the tables, a
    few *scalar* features with one weight each per phase (:data:`PATTERN_SCALARS`):
    bias, parity, the mobility of each side and the potential mobility (empty
    squares next to the other side's discs) of each side; a model may add the stable
    discs or the corners of each side (:data:`KNOWN_SCALARS`). The shipped models are
    small on purpose (8x8 Othello: the edge with its X-squares and the 2x4 corner block,
    about 40k weights a phase, 6 phases, and the corners of each side as scalars, which
    give a corner its value where a pattern's configuration was never seen; the other
    boards and Anti the plain edge, about 10k): see :mod:`reversi.tools.train` and
    ``reversi/engine/data/README.md``.

    Speed: an incremental index update is out of reach in a pure-Python search, so
    the evaluator computes every index from scratch, with as few operations of the
    interpreter as possible (its cost is per operation, not per bit). Both sides' discs
    are packed into one integer, the opponent's a lane above the player's; an instance's
    squares masked out of it are the key of a dictionary that gives the base-3 index at
    once: ``W[index[packed & mask]]``, one mask, two lookups (the dictionary holds every
    configuration: ``3**n`` entries, built at load time; on 8x8 the transposed board's
    instances share the dictionaries of the others, 144k entries in all, about 15 MB more than
    the tables they stand in for: memory bought for speed). Patterns of more
    than :data:`DICT_MAX_SQUARES` squares are *gathered* instead: a side's square bits
    moved into a small key with a few shift-and-mask terms (one per run of consecutive
    squares) or with one multiplication (a "magic" multiplier collects a column or
    diagonal, checked carry-free at build time), and two per-instance tables turn the own
    and opponent keys into the base-3 index: ``W[own_table[key_own] + opp_table[key_opp]]``
    (1.6 times slower on 8x8). The whole evaluator is generated as straight-line Python
    source per geometry and compiled once, with every mask and shift a literal.

Feature evaluation (every other shape: blocked squares, boards without their own file)
    Features defined relative to the geometry, so one weight vector serves every
    board: the *unflippable* squares found from the shape (the corners; on the
    octagon the eight squares next to the cuts), the X-like and C-like squares next
    to them while the corner is empty, the other edge squares, mobility, potential
    mobility (frontier), disc difference and parity. Weights per phase bucket (share
    of the board filled), one set for normal games and one fitted on Anti games.

When no trained weights are present the feature evaluator runs with hand-set
weights (:data:`HAND_WEIGHTS`, mobility and corners), which is also the baseline of
``tests/bench/bench_eval.py``.
"""

from __future__ import annotations

import json
import math
import os
import struct
import zlib
from array import array
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any, TypeGuard

from reversi.core.bitboard import moves as _moves
from reversi.core.geometry import Geometry, octagon_cuts
from reversi.core.rules import Rules
from reversi.engine.codegen import generate
from reversi.engine.kernels import lane_width, moves_by_empties, stable_function, tables, unflippable_squares
from reversi.errors import WeightsError
from reversi.i18n import _, ngettext

Evaluator = Callable[[int, int], int]

DATA_DIR = os.path.join(os.path.dirname(__file__), "data")
PATTERN_MAGIC = b"RVPAT1\n"

#: Feature names of the feature evaluator, in weight order.
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

#: Hand-set weights (centidiscs per unit), the same in every phase: mobility and
#: corners, the classic simple evaluation. Used when no trained file is present.
HAND_WEIGHTS = {
    "normal": (0, 0, 0, 800, -250, -100, 0, 100, 0),
    "anti": (0, 0, -30, -400, 150, 50, 0, 100, 0),
}


# -- geometry helpers ----------------------------------------------------------


def edge_squares(g: Geometry) -> int:
    """Squares with an orthogonal neighbour off the board."""
    mask = g.mask
    s = g.stride
    found = 0
    for i in g.squares:
        bit = 1 << i
        for d in (1, s):
            if not ((bit << d) & mask) or not ((bit >> d) & mask):
                found |= bit
    return found


def corner_regions(g: Geometry) -> list[tuple[int, int, int]]:
    """``(corner_bit, x_like, c_like)`` for each unflippable square.

    X-like squares are its diagonal neighbours, C-like its orthogonal ones (only
    squares that are not unflippable themselves).
    """
    corners = unflippable_squares(g)
    s = g.stride
    out = []
    for i in g.squares:
        bit = 1 << i
        if not bit & corners:
            continue
        x = ((bit << (s + 1)) | (bit >> (s + 1)) | (bit << (s - 1)) | (bit >> (s - 1))) & g.mask & ~corners
        c = ((bit << 1) | (bit >> 1) | (bit << s) | (bit >> s)) & g.mask & ~corners
        out.append((bit, x, c))
    return out


def symmetries(width: int) -> list[Callable[[int, int], tuple[int, int]]]:
    """The 8 symmetries of a square board as maps of ``(col, row)``."""
    n = width - 1
    return [
        lambda c, r: (c, r),
        lambda c, r: (n - c, r),
        lambda c, r: (c, n - r),
        lambda c, r: (n - c, n - r),
        lambda c, r: (r, c),
        lambda c, r: (n - r, c),
        lambda c, r: (r, n - c),
        lambda c, r: (n - r, n - c),
    ]


def pattern_instances(g: Geometry, squares: list[tuple[int, int]]) -> list[list[int]]:
    """The distinct images (as ordered index lists) of a pattern under the symmetries."""
    seen = set()
    out = []
    for sym in symmetries(g.width):
        inst = [g.index(*sym(c, r)) for c, r in squares]
        key = frozenset(inst)
        if key not in seen:
            seen.add(key)
            out.append(inst)
    return out


# -- bit gathering (the speed trick of the pattern evaluator) ------------------------


def _magic_term(indices: list[int], var: str, off: int) -> str | None:
    """One multiplication gathering squares in arithmetic progression to key bits
    ``off .. off+n-1``, or None if the product could carry into the window."""
    n = len(indices)
    b0 = indices[0]
    d = indices[1] - b0
    if d < 2 or any(indices[k] != b0 + k * d for k in range(n)):
        return None
    top = (d - 1) * (n - 1)
    terms = [d * k + top - (d - 1) * j for k in range(n) for j in range(n)]
    if len(set(terms)) != len(terms):
        return None  # two terms would meet: carries possible
    if any(top <= d * k + top - (d - 1) * j < top + n for k in range(n) for j in range(n) if j != k):
        return None
    m = sum(1 << (d * k) for k in range(n))
    magic = sum(1 << (top - (d - 1) * k) for k in range(n))
    window = ((1 << n) - 1) << off
    shift = top - off
    tail = f" >> {shift}" if shift > 0 else (f" << {-shift}" if shift < 0 else "")
    return f"(({var} >> {b0} & {m:#x}) * {magic:#x}{tail} & {window:#x})"


def _runs(indices: list[int]) -> list[list[int]]:
    rest = sorted(indices)
    out = []
    while rest:
        length = 1
        while length < len(rest) and rest[length] == rest[0] + length:
            length += 1
        out.append(rest[:length])
        rest = rest[length:]
    return out


def _progressions(indices: list[int]) -> list[list[int]]:
    """Split squares greedily into the longest arithmetic progressions (step >= 2)."""
    rest = sorted(indices)
    out = []
    while rest:
        best = [rest[0]]
        have = set(rest)
        for a in rest:
            for b in rest:
                if b - a < 2:
                    continue
                line = [a]
                while line[-1] + (b - a) in have:
                    line.append(line[-1] + (b - a))
                if len(line) > len(best):
                    best = line
        if len(best) < 3:
            break
        out.append(best)
        rest = [i for i in rest if i not in best]
    return out + _runs(rest)


def gather_code(indices: list[int], var: str) -> tuple[str, list[int]]:
    """Python expression gathering the bits of ``indices`` of ``var`` into a key.

    Returns ``(expression, key_bit_of_each_square)`` (in the order of ``indices``).
    Each term moves a group of squares to consecutive key bits: a run of consecutive
    squares with one shift and mask, squares in line (a column, a diagonal) with one
    carry-free multiplication. The split with fewer terms wins.
    """
    best: tuple[list[str], dict[int, int]] | None = None
    for groups in (_runs(indices), _progressions(indices)):
        terms = []
        pos: dict[int, int] = {}
        off = 0
        for grp in groups:
            length = len(grp)
            term = None
            if length >= 3 and grp[1] - grp[0] >= 2:
                term = _magic_term(grp, var, off)
                if term is None:
                    break
            else:
                if length > 1 and grp[1] - grp[0] != 1:
                    break
                start = grp[0]
                m = ((1 << length) - 1) << off
                if start > off:
                    term = f"({var} >> {start - off} & {m:#x})"
                elif start < off:
                    term = f"({var} << {off - start} & {m:#x})"
                else:
                    term = f"({var} & {m:#x})"
            terms.append(term)
            for k, sq in enumerate(grp):
                pos[sq] = off + k
            off += length
        else:
            if best is None or len(terms) < len(best[0]):
                best = (terms, pos)
    assert best is not None
    terms, pos = best
    return " | ".join(terms), [pos[i] for i in indices]


def gather_cost(expr: str) -> int:
    """Rough cost of a gather expression: a multiplication counts as three terms."""
    return expr.count("|") + 1 + 2 * expr.count("*")


def transpose_code(g: Geometry, var: str, lane: int = 0) -> str | None:
    """Statements setting ``var + 'T'`` to ``var`` mirrored about the a1 diagonal.

    Recursive block transposition by delta swaps (as for 8x8 bitboards, with the
    deltas of the board's stride): swap the off-diagonal blocks of size k = n/2,
    n/4, ..., 1. Only for square boards whose side is a power of two. With ``lane``,
    ``var`` holds two boards, the second ``lane`` bits up, and both are mirrored (the swaps
    stay inside each board).
    """
    n, s = g.width, g.stride
    if n != g.height or n & (n - 1):
        return None
    out = [f"{var}T = {var}"]
    k = n // 2
    while k:
        m = 0
        for r in range(n):
            for c in range(n):
                if r % (2 * k) < k and c % (2 * k) >= k:
                    m |= 1 << g.index(c, r)
        d = (s - 1) * k
        if lane:
            m |= m << lane
        out.append(f"t = ({var}T ^ ({var}T >> {d})) & {m:#x}")
        out.append(f"{var}T ^= t ^ (t << {d})")
        k //= 2
    return "; ".join(out)


def packed_index(squares: list[int], lane: int, shared: dict[int, int]) -> dict[int, int]:
    """Every configuration of ``squares`` (the player's discs at their bits, the opponent's
    ``lane`` bits up) to its base-3 index (first square least significant; own 1, opponent 2).

    The indices are taken from ``shared`` (and added to it): one int object per value across
    the dictionaries of an evaluator (fewer, hotter objects)."""
    keys, indices = [0], [0]
    for k, sq in enumerate(squares):
        own, opp, step = 1 << sq, 1 << (sq + lane), 3**k
        keys = [key + add for add in (0, own, opp) for key in keys]
        indices = [i + d for d in (0, step, 2 * step) for i in indices]
    return dict(zip(keys, [shared.setdefault(i, i) for i in indices], strict=True))


def _key_tables(key_bits: list[int]) -> tuple[list[int], list[int]]:
    """Tables from a gathered key to the base-3 index: own digit 1, opponent digit 2."""
    n = len(key_bits)
    own = [0] * (1 << n)
    for key in range(1 << n):
        v = 0
        for k, b in enumerate(key_bits):
            if key >> b & 1:
                v += 3**k
        own[key] = v
    return own, [2 * v for v in own]


# -- weights files -------------------------------------------------------------------


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


def _unreadable(path: str, error: OSError) -> WeightsError:
    """The error of a weights file ``path`` that cannot be read."""
    reason = error.strerror or error
    # Translators: {error} is the system's reason, e.g. "No such file or directory"
    return WeightsError(_("{path}: cannot read the weights file ({error})").format(path=path, error=reason))


def _damaged(where: str, problem: str) -> WeightsError:
    """The error of a damaged pattern weights file ``where``: ``problem`` says what is wrong."""
    # Translators: {where} is a file's path, {problem} what is wrong with the file
    return WeightsError(_("{where}: a damaged pattern weights file ({problem})").format(where=where, problem=problem))


#: The most squares a pattern of a weights file may have (its table has 3**n entries).
MAX_PATTERN_SQUARES = 12
#: Patterns of at most this many squares are looked up by the packed boards' masked bits in a
#: dictionary of every configuration (3**10 = 59,049 entries; larger ones are gathered).
DICT_MAX_SQUARES = 10
#: The board of a weights file without a ``board`` field (the first files: 8x8).
PATTERN_BOARD = 8
#: The largest board a weights file may describe (:data:`reversi.core.geometry.MAX_SIZE`).
PATTERN_BOARD_MAX = 16


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
    if not _is_int(side) or not 4 <= side <= PATTERN_BOARD_MAX:
        # Translators: board is a field of the file; {most} is a number of squares
        raise bad(_("board {side!r} is not a board side from 4 to {most}").format(side=side, most=PATTERN_BOARD_MAX))
    patterns = header.get("patterns")
    if not isinstance(patterns, list) or not patterns:
        raise bad(_("patterns must be a non-empty list"))
    for k, pattern in enumerate(patterns):
        squares = pattern.get("squares") if isinstance(pattern, dict) else None
        if not (isinstance(squares, list) and 1 <= len(squares) <= MAX_PATTERN_SQUARES) or not all(
            isinstance(sq, list) and len(sq) == 2 and all(_is_int(c) and 0 <= c < side for c in sq)
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
    if not _is_int(phases) or not 1 <= phases <= side * side + 1:
        raise bad(_("phases {phases!r} is not a number of phases").format(phases=phases))
    phase_of = header.get("phase_of_empties")
    if not isinstance(phase_of, list) or not phase_of or not all(_is_int(p) and 0 <= p < phases for p in phase_of):
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
        if not (isinstance(fit, list) and len(fit) == 3 and all(_is_number(x) for x in fit)):
            return False
        a, b, sigma = fit
        return bool(0 < a <= PROBCUT_MAX_SLOPE and abs(b) <= PROBCUT_MAX_ERROR and 0 <= sigma <= PROBCUT_MAX_ERROR)

    ok = isinstance(probcut, list) and all(
        isinstance(pair, list)
        and len(pair) == 3
        and _is_int(pair[0])
        and _is_int(pair[1])
        and 0 <= pair[1] < pair[0] <= 64
        and isinstance(pair[2], list)
        and len(pair[2]) == phases
        and all(fit_ok(fit) for fit in pair[2])
        for pair in probcut
    )
    if not ok:
        # Translators: probcut is a field of the file; a, b and sigma are the names of numbers
        raise bad(_("probcut must be a list of [depth, shallower depth, per phase null or [a, b, sigma]]"))


def _is_number(value: object) -> TypeGuard[float]:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


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


def feature_file() -> str:
    return os.path.join(DATA_DIR, "features.json")


def _feature_weights(path: str) -> dict[str, list[list[float]]] | None:
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
                and all(isinstance(w, (int, float)) and not isinstance(w, bool) and math.isfinite(w) for w in row)
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


# -- the pattern evaluator ---------------------------------------------------------


def build_pattern_indexer(
    g: Geometry, patterns: list[dict[str, Any]]
) -> tuple[Callable[[int, int], list[int]], list[int]]:
    """For training: ``(fn, classes)``; ``fn(player, opponent)`` lists the base-3 index
    of every pattern instance, ``classes[i]`` is the pattern of instance ``i``."""
    env: dict[str, Any] = {}
    items = []
    classes = []
    for k, pat in enumerate(patterns):
        for j, inst in enumerate(pattern_instances(g, [tuple(sq) for sq in pat["squares"]])):
            expr_p, bits = gather_code(inst, "player")
            expr_o, _bits_o = gather_code(inst, "opponent")
            own, opp = _key_tables(bits)
            env[f"T{k}_{j}a"], env[f"T{k}_{j}b"] = own, opp
            items.append(f"T{k}_{j}a[{expr_p}] + T{k}_{j}b[{expr_o}]")
            classes.append(k)
    source = "def index(player, opponent):\n    return [" + ", ".join(items) + "]"
    return generate(source, f"pattern indexer {g.width}x{g.height}", env)["index"], classes


#: Scalar features the pattern evaluator knows, besides the pattern tables: the default set
#: of training...
PATTERN_SCALARS = ("bias", "parity", "mob_own", "mob_opp", "pot_own", "pot_opp")
#: ... and the ones a model may add: the stable discs of each side (an under-estimate,
#: :func:`reversi.engine.kernels.stable_function`), the corners (unflippable squares) of each
#: side.
KNOWN_SCALARS = (*PATTERN_SCALARS, "stab_own", "stab_opp", "corner_own", "corner_opp")


def pattern_scalars(
    g: Geometry, player: int, opponent: int, names: Sequence[str] = PATTERN_SCALARS
) -> list[int]:
    """Values of the scalar features ``names`` for the side to move (used by training).

    ``parity`` is +1 with an odd number of empties, else -1; ``mob_*`` the number of
    legal moves of each side; ``pot_*`` potential mobility: empty squares next to an
    opponent disc (``pot_own``) or next to an own disc (``pot_opp``); ``stab_*`` the
    discs of each side that can never be flipped (as the solver finds them); ``corner_*``
    the corners (unflippable squares) each side holds.
    """
    empty = g.mask & ~(player | opponent)
    near_o = near_p = 0
    for d in g.shifts:
        near_o |= (opponent << d) | (opponent >> d)
        near_p |= (player << d) | (player >> d)
    values = {
        "bias": 1,
        "parity": 1 if empty.bit_count() & 1 else -1,
        "mob_own": _moves(player, opponent, empty, g.shifts).bit_count(),
        "mob_opp": _moves(opponent, player, empty, g.shifts).bit_count(),
        "pot_own": (near_o & empty).bit_count(),
        "pot_opp": (near_p & empty).bit_count(),
    }
    if "stab_own" in names or "stab_opp" in names:
        stable = stable_function(g)
        values["stab_own"] = stable(player, empty).bit_count()
        values["stab_opp"] = stable(opponent, empty).bit_count()
    if "corner_own" in names or "corner_opp" in names:
        corners = tables(g).corners  # the unflippable squares, cached by geometry
        values["corner_own"] = (player & corners).bit_count()
        values["corner_opp"] = (opponent & corners).bit_count()
    return [values[name] for name in names]


def build_pattern_evaluator(g: Geometry, header: dict[str, Any], weights: Sequence[int]) -> Evaluator:
    """Generate and compile the straight-line pattern evaluator for ``g``."""
    patterns = header["patterns"]
    nphase = header["phases"]
    phase_of_empties = header["phase_of_empties"]
    scalars = list(header["scalars"])
    sizes = [3 ** len(p["squares"]) for p in patterns]
    per_phase = sum(sizes) + len(scalars)
    env: dict[str, Any] = {"MOVES": moves_by_empties(g)}
    tables: dict[tuple[int, ...], str] = {}
    terms = []
    unknown = [s for s in scalars if s not in KNOWN_SCALARS]
    if unknown:
        raise WeightsError(_("pattern weights: unknown scalar features {names}").format(names=unknown))
    # two boards side by side in one integer, a gap wider than any shift between them: one
    # operation of the interpreter then works on both (the cost is per operation, not per bit)
    lane = lane_width(g)
    lane_mask = (1 << lane) - 1
    transposable = transpose_code(g, "player") is not None
    # the packed boards the terms read: "xp" (both boards), "xpT" (their transpose), "playerT"
    used: set[str] = set()
    index_names: dict[tuple[int, ...], str] = {}
    index_values: dict[int, int] = {}
    on_board = set(g.squares)
    for k, pat in enumerate(patterns):
        for inst in pattern_instances(g, [tuple(sq) for sq in pat["squares"]]):
            if not on_board.issuperset(inst):
                # Translators: a pattern is a set of squares the evaluation looks at together
                raise WeightsError(_("pattern weights: pattern {k} has squares off this board").format(k=k))
            if len(inst) <= DICT_MAX_SQUARES:
                # the packed boards masked: the key of a dictionary of every configuration
                var, squares = "xp", inst
                if transposable and tuple(inst) not in index_names:
                    inst_t = [g.index(*reversed(g.coords(i))) for i in inst]
                    if tuple(inst_t) in index_names:  # the transposed board's instance shares one
                        var, squares = "xpT", inst_t
                dname = index_names.get(tuple(squares))
                if dname is None:
                    dname = index_names[tuple(squares)] = f"D{len(index_names)}"
                    env[dname] = packed_index(squares, lane, index_values)
                mask_both = sum(1 << i for i in squares)
                mask_both |= mask_both << lane
                used.add(var)
                terms.append(f"w{k}[{dname}[{var} & {mask_both:#x}]]")
                continue
            expr_p, bits = gather_code(inst, "player")
            expr_o, _bits_o = gather_code(inst, "opponent")
            if transposable:
                # a column is a row of the transposed board: one shift and mask
                inst_t = [g.index(*reversed(g.coords(i))) for i in inst]
                expr_pt, bits_t = gather_code(inst_t, "playerT")
                if gather_cost(expr_pt) < gather_cost(expr_p):
                    expr_p, bits = expr_pt, bits_t
                    expr_o, _bits_o = gather_code(inst_t, "opponentT")
                    used.add("playerT")
            tname = tables.get(tuple(bits))
            if tname is None:  # instances gathered in the same bit order share tables
                tname = tables[tuple(bits)] = f"T{len(tables)}"
                env[tname + "a"], env[tname + "b"] = _key_tables(bits)
            terms.append(f"w{k}[{tname}a[{expr_p}] + {tname}b[{expr_o}]]")
    # the tables are globals of the generated function (specialised global loads
    # are cheaper than filling dozens of default arguments at every call)
    names = "".join(f"w{k}, " for k in range(len(patterns)))
    # two functions from one body: evaluate(player, opponent), and with_moves(player,
    # opponent, legal) given the mover's legal moves (generated by the search already)
    lines = ["def @NAME@(player, opponent@EXTRA@):"]
    lines.append(f"    e = {g.mask:#x} & ~(player | opponent)")
    lines.append("    n = e.bit_count()")
    lines.append(f"    {names}sc = PHASES[n]")
    scalar_terms = []
    packed_potential = False
    for j, name in enumerate(scalars):
        if name == "bias":
            scalar_terms.append(f"sc[{j}]")
        elif name == "parity":
            scalar_terms.append(f"(sc[{j}] if n & 1 else -sc[{j}])")
        elif name == "mob_own":
            scalar_terms.append(f"sc[{j}] * @OWN_MOVES@.bit_count()")
        elif name == "mob_opp":
            scalar_terms.append(f"sc[{j}] * @OPP_MOVES@.bit_count()")
        elif name in ("pot_own", "pot_opp") and {"pot_own", "pot_opp"} <= set(scalars):
            # both sides' potential mobility in one pass: the two boards side by side (see below)
            # (the neighbours of the packed boards: the player's in the low lane, the opponent's above)
            scalar_terms.append(f"sc[{j}] * (pm >> {lane}).bit_count()" if name == "pot_own"
                                else f"sc[{j}] * (pm & {lane_mask:#x}).bit_count()")
            used.add("xp")
            packed_potential = True
        elif name in ("pot_own", "pot_opp"):
            var = "opponent" if name == "pot_own" else "player"
            near = " | ".join(f"{var} << {d} | {var} >> {d}" for d in g.shifts)
            scalar_terms.append(f"sc[{j}] * (({near}) & e).bit_count()")
        elif name in ("stab_own", "stab_opp"):
            env["STABLE"] = stable_function(g)
            var = "player" if name == "stab_own" else "opponent"
            scalar_terms.append(f"sc[{j}] * STABLE({var}, e).bit_count()")
        elif name in ("corner_own", "corner_opp"):
            var = "player" if name == "corner_own" else "opponent"
            scalar_terms.append(f"sc[{j}] * ({var} & {unflippable_squares(g):#x}).bit_count()")
    if used:
        lines.append(f"    xp = player | opponent << {lane}")
    if packed_potential:
        near = " | ".join(f"xp << {d} | xp >> {d}" for d in g.shifts)
        lines.append(f"    pm = ({near}) & (e | e << {lane})")
    if used & {"xpT", "playerT"}:
        code = transpose_code(g, "xp", lane)
        assert code is not None  # a transposed term only where the board has a transpose
        lines.append("    " + code)
    if "playerT" in used:
        lines.append(f"    playerT = xpT & {lane_mask:#x}")
        lines.append(f"    opponentT = xpT >> {lane}")
    lines.append("    return (")
    lines.append("        " + ("\n        + ".join(scalar_terms + terms) or "0"))
    lines.append("    )")
    phases = []
    shared: dict[int, int] = {}  # one int object per value: fewer, hotter objects
    for ph in range(nphase):
        base = ph * per_phase
        per: list[Sequence[int]] = []
        at = base
        for size in sizes:
            per.append([shared.setdefault(v, v) for v in weights[at : at + size]])
            at += size
        per.append(tuple(weights[at : at + len(scalars)]))
        phases.append(tuple(per))
    last = len(phase_of_empties) - 1
    env["PHASES"] = [phases[phase_of_empties[min(n, last)]] for n in range(g.square_count + 1)]
    body = "\n".join(lines)

    def variant(name: str, extra: str, own_moves: str, opp_moves: str = "MOVES[n](opponent, player, e)") -> str:
        # the placeholders (between @) cannot clash: the generated code has no @ operator
        return (body.replace("@NAME@", name).replace("@EXTRA@", extra).replace("@OWN_MOVES@", own_moves)
                .replace("@OPP_MOVES@", opp_moves))

    source = variant("evaluate", "", "MOVES[n](player, opponent, e)")
    source_m = variant("with_moves", ", legal", "legal")
    source_b = variant("with_both", ", legal, opp_legal", "legal", "opp_legal")
    env = generate("\n\n\n".join((source, source_m, source_b)), f"pattern evaluator {g.width}x{g.height}", env)
    fn = env["evaluate"]  # generated: typed Any, so it takes the attributes
    fn.source = source
    fn.with_moves = env["with_moves"]
    fn.with_both = env["with_both"]
    # the selective search's statistics of this evaluation (None: the search is full-width)
    fn.probcut = probcut_by_empties(header, g.square_count)
    evaluate: Evaluator = fn
    return evaluate


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


# -- the feature evaluator ---------------------------------------------------------


def feature_vector(g: Geometry, player: int, opponent: int, info: GeometryInfo | None = None) -> list[int]:
    """The features of :data:`FEATURES` for the side to move (used by training)."""
    if info is None:
        info = geometry_info(g)
    mask, shifts, corners, regions, edges = info
    empty = mask & ~(player | opponent)
    n = empty.bit_count()
    x = c = 0
    for cb, xm, cm in regions:
        if cb & empty:
            x += (player & xm).bit_count() - (opponent & xm).bit_count()
            c += (player & cm).bit_count() - (opponent & cm).bit_count()
    mob = _moves(player, opponent, empty, shifts).bit_count()
    mob -= _moves(opponent, player, empty, shifts).bit_count()
    ap = ao = 0
    for d in shifts:
        ap |= (opponent << d) | (opponent >> d)
        ao |= (player << d) | (player >> d)
    frontier = (ao & empty).bit_count() - (ap & empty).bit_count()  # own discs exposed: bad
    return [
        1,
        1 if n & 1 else -1,
        player.bit_count() - opponent.bit_count(),
        (player & corners).bit_count() - (opponent & corners).bit_count(),
        x,
        c,
        (player & edges).bit_count() - (opponent & edges).bit_count(),
        mob,
        frontier,
    ]


#: ``(mask, shifts, corners, corner regions, edges)`` of a geometry: see :func:`geometry_info`.
GeometryInfo = tuple[int, tuple[int, int, int, int], int, tuple[tuple[int, int, int], ...], int]


@lru_cache(maxsize=64)
def geometry_info(g: Geometry) -> GeometryInfo:
    """What the feature evaluation needs of ``g``: its mask and shifts, the unflippable
    squares, their regions ``(corner, x_like, c_like)`` and the other edge squares."""
    corners = unflippable_squares(g)
    regions = tuple(corner_regions(g))
    edges = edge_squares(g) & ~corners
    for _corner, _xm, cm in regions:
        edges &= ~cm
    return g.mask, g.shifts, corners, regions, edges


def feature_bucket(g: Geometry, empties: int) -> int:
    filled = (g.square_count - empties) / g.square_count
    return min(FEATURE_BUCKETS - 1, int(filled * FEATURE_BUCKETS))


def build_feature_evaluator(g: Geometry, table: list[list[float]]) -> Evaluator:
    """The feature evaluator for ``g`` with weights ``table[bucket][feature]``."""
    mask, shifts, corners, regions, edges = geometry_info(g)
    by_empties = [
        tuple(round(w) for w in table[feature_bucket(g, n)]) for n in range(g.square_count + 1)
    ]
    moves_by_n = moves_by_empties(g)

    def evaluate(player: int, opponent: int) -> int:
        empty = mask & ~(player | opponent)
        return evaluate_with_moves(player, opponent, moves_by_n[empty.bit_count()](player, opponent, empty))

    def evaluate_with_moves(player: int, opponent: int, legal: int) -> int:
        empty = mask & ~(player | opponent)
        n = empty.bit_count()
        wb, wpar, wd, wc, wx, wcc, we, wm, wf = by_empties[n]
        x = c = 0
        for cb, xm, cm in regions:
            if cb & empty:
                x += (player & xm).bit_count() - (opponent & xm).bit_count()
                c += (player & cm).bit_count() - (opponent & cm).bit_count()
        ap = ao = 0
        for d in shifts:
            ap |= (opponent << d) | (opponent >> d)
            ao |= (player << d) | (player >> d)
        return (
            wb
            + (wpar if n & 1 else -wpar)
            + wd * (player.bit_count() - opponent.bit_count())
            + wc * ((player & corners).bit_count() - (opponent & corners).bit_count())
            + wx * x
            + wcc * c
            + we * ((player & edges).bit_count() - (opponent & edges).bit_count())
            + wm * legal.bit_count()
            - wm * moves_by_n[n](opponent, player, empty).bit_count()
            + wf * ((ao & empty).bit_count() - (ap & empty).bit_count())
        )

    evaluate.with_moves = evaluate_with_moves  # type: ignore[attr-defined]
    return evaluate


def with_moves(evaluate: Evaluator) -> Callable[[int, int, int], int]:
    """``f(player, opponent, legal)``: ``evaluate``'s value, given the mover's legal moves.

    The trained evaluators' own faster form, which does not generate the moves again;
    any other evaluator is wrapped (and ignores ``legal``).
    """
    fast: Callable[[int, int, int], int] | None = getattr(evaluate, "with_moves", None)
    if fast is not None:
        return fast
    return lambda player, opponent, legal: evaluate(player, opponent)


def with_both(evaluate: Evaluator) -> Callable[[int, int, int, int], int]:
    """``f(player, opponent, legal, opponent_legal)``: ``evaluate``'s value given both sides' moves
    (the search's leaves have both, from one pass of the move generator over the leaf and the
    leaf turned round side by side: :func:`reversi.engine.kernels.lane_width`); the
    trained pattern evaluators' own form, any other evaluator wrapped."""
    fast: Callable[[int, int, int, int], int] | None = getattr(evaluate, "with_both", None)
    if fast is not None:
        return fast
    moves = with_moves(evaluate)
    return lambda player, opponent, legal, opponent_legal: moves(player, opponent, legal)


def hand_evaluator(rules: Rules) -> Evaluator:
    """The simple hand-set evaluation (mobility and corners): the benchmark baseline."""
    w = HAND_WEIGHTS["anti" if rules.anti else "normal"]
    return build_feature_evaluator(rules.geometry, [list(w)] * FEATURE_BUCKETS)


# -- entry point ---------------------------------------------------------------


@lru_cache(maxsize=64)
def make_evaluator(rules: Rules) -> Evaluator:
    """The evaluation for ``rules`` (cached): ``evaluate(player, opponent) -> int``."""
    return make_evaluator_from(rules, DATA_DIR)


def make_evaluator_from(rules: Rules, data_dir: str) -> Evaluator:
    """As :func:`make_evaluator`, reading the weights files from ``data_dir``."""
    g = rules.geometry
    path = pattern_file(rules, data_dir)
    if path is not None:
        header, weights = load_pattern_weights(path)
        if header.get("board", PATTERN_BOARD) != g.width:
            # Translators: said of a weights file whose board is not the game's
            raise _damaged(path, _("it is for another board"))
        return build_pattern_evaluator(g, header, weights)
    data = _feature_weights(os.path.join(data_dir, os.path.basename(feature_file())))
    key = "anti" if rules.anti else "normal"
    if data is not None and key in data:
        return build_feature_evaluator(g, data[key])
    return hand_evaluator(rules)
