"""Patterns: ordered squares of the board, their images under its symmetries, and their index.

A *pattern* is an ordered list of squares ``(col, row)``, given once for the a1 corner / top
edge; its *instances* are its images under the 8 symmetries of the board
(:func:`pattern_instances`, duplicate square sets dropped), all sharing one weight table
indexed by the base-3 number of the squares: 0 empty, 1 own, 2 opponent, the first square
the least significant digit. The pattern evaluator (:mod:`reversi.engine.evaluate`) and
training (:mod:`reversi.tools.fit`) read that index off the side-relative bitboards in one of
two ways, both here:

* looked up: both sides' discs packed into one integer (the opponent's a lane above the
  player's), an instance's squares masked out of it are the key of a dictionary holding
  every configuration's index (:func:`packed_index`);
* gathered: each side's square bits moved into a small key by a Python expression
  (:func:`gather_code`: shifts and masks, or one carry-free multiplication for squares in
  line), and two tables turning the own and the opponent's keys into the index
  (:func:`key_tables`). :func:`transpose_code` mirrors a board about the a1 diagonal, so that
  a column can be gathered as a row.

Beside the tables, the pattern model has a few *scalar* features with one weight each
(:data:`PATTERN_SCALARS`, :data:`KNOWN_SCALARS`): :func:`pattern_scalars` computes them for
training, as the generated evaluator does.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from reversi.core.bitboard import moves as _moves
from reversi.core.geometry import Geometry
from reversi.engine.codegen import generate
from reversi.engine.kernels import stable_function, tables


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


# -- reading an index off the board ------------------------------------------------------


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


def key_tables(key_bits: list[int]) -> tuple[list[int], list[int]]:
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
            own, opp = key_tables(bits)
            env[f"T{k}_{j}a"], env[f"T{k}_{j}b"] = own, opp
            items.append(f"T{k}_{j}a[{expr_p}] + T{k}_{j}b[{expr_o}]")
            classes.append(k)
    source = "def index(player, opponent):\n    return [" + ", ".join(items) + "]"
    return generate(source, f"pattern indexer {g.width}x{g.height}", env)["index"], classes


# -- scalar features ------------------------------------------------------------------------


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
