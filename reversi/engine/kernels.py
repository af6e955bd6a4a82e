"""Kernels shared by the evaluation, the exact solver and the midgame search.

Each is built once per geometry (cached) and most are generated code
(:func:`reversi.engine.codegen.generate`) with the board's constants written in:

* :func:`moves_function` and :func:`moves_by_empties`: legal moves of the side to
  move, a flood fill or parallel-prefix (Kogge-Stone) steps per direction, of one board
  or of several side by side in one integer (:func:`lane_width`);
* :func:`flip_functions`: per square, the discs a move flips, walking each ray with
  literal masks;
* :func:`tables`: rays, neighbours, parity quadrants, and the corner-like squares
  (those no line runs through) and the squares next to them;
* :func:`final_score`: the final disc difference as the game scores it;
* :func:`stable_discs`: a safe under-estimate of the discs that can never flip.

The search and the solver both import these; neither imports the other's kernels.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import cast

from reversi.core.features import corner_squares
from reversi.core.geometry import Geometry, iter_indices
from reversi.engine.codegen import generate

#: Empty-square sets whose safe lines (for the stable discs) are kept (cleared when full).
STABLE_CACHE_MAX = 50_000

#: ``moves(player, opponent, empty)``: the legal moves of ``player``.
MovesFunction = Callable[[int, int, int], int]
#: ``FLIP[sq](player, opponent)``: the discs a disc of ``player`` on ``sq`` flips.
FlipFunction = Callable[[int, int], int]
#: ``stable(discs, empty)``: the discs of ``discs`` that can never be flipped.
StableFunction = Callable[[int, int], int]


def _shape(g: Geometry) -> str:
    """A short name of the geometry for generated code's file names: ``8x8``, ``10x10-88``."""
    n = g.square_count
    full = g.width * g.height
    return f"{g.width}x{g.height}" if n == full else f"{g.width}x{g.height}-{n}"


@lru_cache(maxsize=32)
def moves_function(g: Geometry, kogge_stone: bool = True) -> MovesFunction:
    """``moves(p, o, empty)`` generated for the geometry ``g``.

    The result of :func:`moves`, unrolled over the eight
    directions with the offsets as literals. With ``kogge_stone`` each direction
    takes a fixed number of parallel-prefix steps: one extends the runs of
    opponent discs by one square, each further one by two (through pairs of
    opponent discs), up to the longest possible run (the board's side minus two).
    On the full boards of the endgame the runs are long and this is faster than a
    flood fill that stops when a step adds nothing; in the midgame the flood fill
    is faster (docs/engine/tuning.md, Move generation and flips).

    It also takes several boards side by side in one integer (board ``i`` of each argument
    ``i * lane_width(g)`` bits up; its moves come out at the same place): the interpreter's
    cost is per operation, not per bit, so the legal moves of a node's ten children packed
    in one integer cost far less than ten calls, for the searches' move ordering, which
    counts them all.
    """
    lines = ["def moves(p, o, e):", "    m = 0", *_direction_steps(g, kogge_stone), "    return m & e"]
    kind = "Kogge-Stone" if kogge_stone else "flood fill"
    moves: MovesFunction = generate("\n".join(lines), f"moves {_shape(g)}, {kind}")["moves"]
    return moves


def _direction_steps(g: Geometry, kogge_stone: bool) -> list[str]:
    """The statements that OR into ``m`` the squares beyond runs of ``o`` flanked by ``p``, in all
    eight directions (the body of :func:`moves_function`)."""
    longest = max(g.width, g.height) - 2
    pair_steps = max(0, (longest - 1) // 2)
    lines = []
    for d in g.shifts:
        for op in ("<<", ">>"):
            if kogge_stone:
                lines += [f"    t = o & (p {op} {d})", f"    t |= o & (t {op} {d})"]
                if pair_steps:
                    lines.append(f"    q = o & (o {op} {d})")
                    lines += [f"    t |= q & (t {op} {2 * d})"] * pair_steps
                lines.append(f"    m |= t {op} {d}")
            else:
                lines += [
                    f"    t = o & (p {op} {d})",
                    "    if t:",
                    f"        n = t | (o & (t {op} {d}))",
                    "        while n != t:",
                    "            t = n",
                    f"            n = t | (o & (t {op} {d}))",
                    f"        m |= t {op} {d}",
                ]
    return lines


def lane_width(g: Geometry) -> int:
    """The bits one board takes when several are laid side by side in one integer: the board
    and a gap of more than the longest shift, so that no step of the move generator carries a
    disc from one board into the next (:func:`moves_function`)."""
    return g.height * g.stride + max(g.shifts) + 2


def children_side_by_side(
    p: int, o: int, moves: int, empty: int, flip: tuple[FlipFunction, ...], lane: int
) -> tuple[list[tuple[int, int, int]], int, int, int]:
    """The children of ``(p, o)`` by the legal ``moves``: ``(children, players, opponents, empties)``,
    each child ``(move's bit, its side to move's discs, the other side's)``, and the children's
    boards side by side in three integers (child ``i`` at ``i * lane`` bits up), which
    :func:`moves_function` takes: every child's replies in one pass (the searches' ordering)."""
    children = []
    packed_p = packed_o = packed_e = 0
    at = 0
    while moves:
        b = moves & -moves
        moves ^= b
        f = flip[b.bit_length() - 1](p, o)
        child_p = o ^ f
        child_o = p | f | b
        packed_p |= child_p << at
        packed_o |= child_o << at
        packed_e |= (empty ^ b) << at
        at += lane
        children.append((b, child_p, child_o))
    return children, packed_p, packed_o, packed_e


#: At or below this many empty squares :func:`moves_by_empties` picks the
#: parallel-prefix generator, above it the flood fill: the endgame's longer runs of discs
#: favour the parallel-prefix steps (where the two break even: docs/engine/tuning.md).
KOGGE_STONE_MAX_EMPTIES = 20


def moves_by_empties(g: Geometry) -> list[MovesFunction]:
    """``[moves_function(g, ...)]`` indexed by the number of empty squares: the faster
    generator for that stage of the game (see :data:`KOGGE_STONE_MAX_EMPTIES`)."""
    ks, ff = moves_function(g, kogge_stone=True), moves_function(g, kogge_stone=False)
    return [ks if n <= KOGGE_STONE_MAX_EMPTIES else ff for n in range(g.square_count + 1)]


def unflippable_squares(g: Geometry) -> int:
    """Bitboard of the squares that can never be flipped (the corner-like squares): in each of
    the four line directions at least one neighbour is off the board, so no line of discs can
    run through them (:func:`reversi.core.features.corner_squares`, the coach's corners)."""
    return corner_squares(g)


@dataclass(frozen=True)
class Tables:
    """Per-geometry constants of the solver."""

    #: ``pos_rays[i]``: rays of square ``i`` towards higher indices (length >= 2).
    pos_rays: tuple[tuple[int, ...], ...]
    #: ``neg_rays[i]``: rays towards lower indices (length >= 2).
    neg_rays: tuple[tuple[int, ...], ...]
    #: ``neighbours[i]``: the on-board squares next to ``i``.
    neighbours: tuple[int, ...]
    #: The four quadrants of the board (parity regions).
    quadrants: tuple[int, ...]
    #: Squares that can never be flipped (corners and corner-like squares).
    corners: int
    #: Squares next to a corner-like square (X- and C-squares and their likes).
    near_corners: int


@lru_cache(maxsize=64)
def tables(g: Geometry) -> Tables:
    size = g.height * g.stride + g.stride
    pos_rays: list[tuple[int, ...]] = [()] * size
    neg_rays: list[tuple[int, ...]] = [()] * size
    neighbours = [0] * size
    for i in g.squares:
        plus: list[int] = []
        minus: list[int] = []
        for d in g.shifts:
            for step, out in ((d, plus), (-d, minus)):
                ray = 0
                j = i + step
                length = 0
                while g.in_rectangle(j) and _adjacent(g, j - step, j):
                    ray |= 1 << j
                    length += 1
                    j += step
                if length >= 2:
                    out.append(ray)
        pos_rays[i] = tuple(plus)
        neg_rays[i] = tuple(minus)
        neighbours[i] = g.neighbours(i)
    half_w, half_h = g.width // 2, g.height // 2
    quadrants = []
    for cols in (range(0, half_w), range(half_w, g.width)):
        for rows in (range(0, half_h), range(half_h, g.height)):
            q = sum(1 << g.index(c, r) for c in cols for r in rows) & g.mask
            if q:
                quadrants.append(q)
    corners = unflippable_squares(g)
    near = 0
    for i in iter_indices(corners):
        near |= g.neighbours(i)
    return Tables(tuple(pos_rays), tuple(neg_rays), tuple(neighbours), tuple(quadrants), corners, near & ~corners)


def _ray_walks(g: Geometry, sq: int) -> list[list[int]]:
    """The rays of ``sq`` (length >= 2) as lists of square bits, nearest first."""
    t = tables(g)
    out = []
    for ray in t.pos_rays[sq]:
        out.append([1 << i for i in iter_indices(ray)])
    for ray in t.neg_rays[sq]:
        out.append([1 << i for i in iter_indices(ray)][::-1])
    return out


def _walk_code(walk: list[int], hit: str) -> list[str]:
    """Source lines that walk one ray: a run of opponent discs closed by one of ours.

    ``hit`` is the statement for a closed run, formatted with the run's bits
    (``{run}``, a literal) if it names them. The squares are tested one by one, nearest first,
    with literal masks: most runs are one or two discs long, and two tests per disc
    cost less than the general bit tricks (lowest or highest set bit) on big ints.
    """
    lines = [f"    if o & {walk[0]:#x}:"]
    run = walk[0]
    indent = "    "
    for k in range(1, len(walk)):
        indent += "    "
        b = walk[k]
        lines.append(f"{indent}if p & {b:#x}:")
        lines.append(f"{indent}    " + hit.format(run=f"{run:#x}"))
        if k + 1 < len(walk):
            lines.append(f"{indent}elif o & {b:#x}:")
            run |= b
    return lines


@lru_cache(maxsize=16)
def flip_functions(g: Geometry) -> tuple[FlipFunction, ...]:
    """One generated function per square: ``FLIP[sq](p, o)`` is the bitboard of flips.

    Each ray of the square is written out square by square with literal masks
    (:func:`_walk_code`); a ray is only walked when its first square holds an
    opponent disc: faster than shifting and masking whole rays.
    """
    lines = []
    for sq in g.squares:
        lines += [f"def flip_{g.name(sq)}(p, o):", "    f = 0"]
        for walk in _ray_walks(g, sq):
            lines += _walk_code(walk, "f |= {run}")
        lines += ["    return f", ""]
    namespace = generate("\n".join(lines), f"flips {_shape(g)}")
    funcs: list[FlipFunction | None] = [None] * len(tables(g).pos_rays)
    for sq in g.squares:
        funcs[sq] = namespace[f"flip_{g.name(sq)}"]
    # indexed by square: the entries of squares off the board are None and never called
    return cast("tuple[FlipFunction, ...]", tuple(funcs))


def _adjacent(g: Geometry, a: int, b: int) -> bool:
    ca, ra = g.coords(a)
    cb, rb = g.coords(b)
    return abs(ca - cb) <= 1 and abs(ra - rb) <= 1


def final_score(p: int, o: int, square_count: int, anti: bool, empties_to_winner: bool) -> int:
    """The final disc difference for ``p`` if the game ended now, as the game scores it."""
    a, b = p.bit_count(), o.bit_count()
    if anti:
        return b - a
    d = a - b
    if empties_to_winner and d:
        e = square_count - a - b
        return d + e if d > 0 else d - e
    return d


def board_lines(g: Geometry, d: int) -> list[int]:
    """The maximal runs of on-board squares along direction ``d`` (length >= 2)."""
    out = []
    for i in g.squares:
        if (i - d) in g.squares and _adjacent(g, i - d, i):
            continue  # not the start of a run
        run, j, length = 0, i, 0
        while j in g.squares and (j == i or _adjacent(g, j - d, j)):
            run |= 1 << j
            length += 1
            j += d
        if length >= 2:
            out.append(run)
    return out


@lru_cache(maxsize=16)
def stable_function(g: Geometry) -> StableFunction:
    """``STABLE(x, empty)``: a subset of the discs ``x`` that can never be flipped.

    A disc is safe along one of the four lines through it when the line (a run of
    on-board squares) is full, so no disc can be placed on it again, or when a
    neighbour on that line is off the board or a disc of the same colour that is
    itself stable: flipping the disc along the line would flip that neighbour too.
    A disc safe along all four lines is stable. Starting from nothing, the rule is
    applied until the set stops growing (corners first, then edges and lines).
    Cut and blocked squares count as off the board, so this holds on every shape.
    """
    squares = set(g.squares)
    # the lines that are safe for the empties ``e`` (edges and full runs) per direction,
    # generated, and cached by the set of empties: the solver asks again and again
    lines = ["def safe(e):"]
    for k, d in enumerate(g.shifts):
        edge = 0
        for i in squares:
            for j in (i + d, i - d):
                if j not in squares or not _adjacent(g, i, j):
                    edge |= 1 << i
        lines.append(f"    s{k} = {edge:#x}")
        for run in board_lines(g, d):
            lines.append(f"    if not e & {run:#x}: s{k} |= {run:#x}")
    lines.append("    return s0, s1, s2, s3")
    s0, s1, s2, s3 = g.shifts
    lines += [
        "def stable(x, e):",
        "    t = cache.get(e)",
        "    if t is None:",
        f"        if len(cache) >= {STABLE_CACHE_MAX}:",
        "            cache.clear()",
        "        t = cache[e] = safe(e)",
        "    s0, s1, s2, s3 = t",
        "    s0 &= x",
        "    s1 &= x",
        "    s2 &= x",
        "    s3 &= x",
        "    s = s0 & s1 & s2 & s3",
        "    if not s: return 0",
        "    while True:",
        f"        n = s | (x & (s0 | (s << {s0}) | (s >> {s0})) & (s1 | (s << {s1}) | (s >> {s1}))"
        f" & (s2 | (s << {s2}) | (s >> {s2})) & (s3 | (s << {s3}) | (s >> {s3})))",
        "        if n == s: return s",
        "        s = n",
    ]
    stable: StableFunction = generate("\n".join(lines), f"stable discs {_shape(g)}", {"cache": {}})["stable"]
    return stable


def stable_discs(g: Geometry, x: int, empty: int) -> int:
    """Discs of ``x`` that can never be flipped (a safe under-estimate; see :func:`stable_function`)."""
    return stable_function(g)(x, empty)
