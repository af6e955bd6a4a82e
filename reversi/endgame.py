"""Exact endgame solver: the final disc difference with best play, and the best moves.

The solver works on side-relative bitboards (``player``, ``opponent``: plain ints,
see :mod:`reversi.bitboard`) and is written for speed in CPython, following what the
strongest engines describe (Edax, Egaroucid), re-implemented from the ideas only:

* **Flips without move generation near the leaves.** Every square has precomputed
  "rays" (the squares along each of the eight directions, up to the edge of the
  bounding rectangle). The flips of a move along one ray are found with a few int
  operations and no loop over the squares: the first square of the ray that is
  not an opponent disc is the lowest (or highest) set bit of ``ray & ~opponent``;
  if it is a player disc, the ray's squares before it flip. Cut and blocked
  squares are in the rays but never hold a disc, so they stop a line.
* **Shallow solver** (``SHALLOW`` empties or fewer): no move generation; it tries
  the empty squares directly, odd regions first (the parity heuristic: quadrants
  with an odd number of empties), and skips squares with no opponent neighbour.
  The last empty square is special-cased: count the flips for the side to move,
  else for the other side, and score; nothing is played.
* **Deep solver** (more empties): move generation, fastest-first ordering (the
  move that leaves the opponent the fewest replies first, corners earlier),
  principal variation search (null windows after the first move), and a
  transposition table of bounds above ``TT_MIN_EMPTIES`` empties.
* **Root**: a null-window win/draw/loss search first, then the exact value in the
  half of the window that the first search left open.

Scores are final disc differences for the side to move, counted as the game
scores them (``Position.final_margin``): in Othello the empty squares of a game
that ends early go to the winner; in Anti fewer discs is better, so the value is
opponent's discs minus own; Classic counts only the discs.

Positions in the opening placement phase and Classic positions whose limited
supply can still decide who moves are solved by a slower, supply-aware search
(:func:`_generic_negamax`), which hands over to the fast solver as soon as the
supplies can no longer bind (both sides hold at least as many discs as there are
empty squares).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from functools import lru_cache

from .bitboard import moves as _moves
from .geometry import Geometry, iter_indices
from .position import PASS, Position

#: At or below this many empties the solver tries squares directly (no move generation).
SHALLOW = 6
#: At or above this many empties positions go into the transposition table.
TT_MIN_EMPTIES = 7
#: Above this many empties the children are looked up in the table first (ETC).
ETC_MIN_EMPTIES = 10
#: Entries kept in the transposition table before it is cleared.
TT_MAX_ENTRIES = 400_000
#: Nodes between two looks at the clock.
CLOCK_EVERY = 4096
#: Ordering weights of the deep solver: corner bonus, X/C-square malus, odd-region bonus,
#: opponent potential mobility (measured on the benchmark positions).
W = [8, 0, 8, 4]

INFINITY = 10_000


class SolveTimeout(Exception):
    """The solver passed its deadline or node limit (raised inside, caught by callers)."""


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
        plus, minus = [], []
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
    corners = 0
    mask = g.mask
    for i in g.squares:
        bit = 1 << i
        if all(not ((bit << d) & mask) or not ((bit >> d) & mask) for d in g.shifts):
            corners |= bit
    near = 0
    for i in iter_indices(corners):
        near |= g.neighbours(i)
    return Tables(tuple(pos_rays), tuple(neg_rays), tuple(neighbours), tuple(quadrants), corners, near & ~corners)


@lru_cache(maxsize=16)
def _flip_functions(g: Geometry) -> tuple:
    """One generated function per square: ``FLIP[sq](p, o)`` is the bitboard of flips.

    The rays of the square are written into the function as constants (a loop
    over tuples costs more than the arithmetic in CPython); a ray is only looked
    at when its first square holds an opponent disc.
    """
    t = tables(g)
    size = len(t.pos_rays)
    funcs: list = [None] * size
    for sq in g.squares:
        lines = ["def flip(p, o):", "    f = 0", "    no = ~o"]
        for ray in t.pos_rays[sq]:
            first = ray & -ray
            lines += [
                f"    if o & {first:#x}:",
                f"        x = {ray:#x} & no",
                "        b = x & -x",
                "        if b & p:",
                f"            f |= {ray:#x} & (b - 1)",
            ]
        for ray in t.neg_rays[sq]:
            first = 1 << (ray.bit_length() - 1)
            lines += [
                f"    if o & {first:#x}:",
                f"        x = {ray:#x} & no",
                "        if x:",
                "            b = 1 << (x.bit_length() - 1)",
                "            if b & p:",
                f"                f |= {ray:#x} & -(b << 1)",
            ]
        lines.append("    return f")
        namespace: dict = {}
        exec("\n".join(lines), namespace)  # noqa: S102 - generated from our own tables
        funcs[sq] = namespace["flip"]
    return tuple(funcs)


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


class Solver:
    """The exact solver for one geometry and scoring; reusable, keeps its table.

    ``solve(p, o, alpha, beta)`` returns the exact value when it lies strictly
    inside the window, otherwise a bound on the correct side (fail-soft). Raises
    :class:`SolveTimeout` after ``deadline`` (a ``time.perf_counter()`` value) or
    past ``node_limit`` nodes.
    """

    def __init__(self, g: Geometry, anti: bool, empties_to_winner: bool) -> None:
        self.geometry = g
        self.anti = anti
        self.empties_to_winner = empties_to_winner
        self.tt: dict = {}
        #: Final scores are always even (Othello scoring on an even number of squares).
        self.even_scores = empties_to_winner and not anti and g.square_count % 2 == 0
        self.nodes = 0
        self.deadline: float | None = None
        self.node_limit: int | None = None
        self._build()

    def _build(self) -> None:  # noqa: C901 - one closure per level of the solver, for speed
        g = self.geometry
        t = tables(g)
        POS, NEG, NEIGH = t.pos_rays, t.neg_rays, t.neighbours
        QUADS = t.quadrants
        CORNERS = t.corners
        NEAR = t.near_corners
        mask = g.mask
        nsq = g.square_count
        anti, etw = self.anti, self.empties_to_winner
        shifts = g.shifts
        moves = _moves
        perf = time.perf_counter
        tt = self.tt
        solver = self

        FLIP = _flip_functions(g)

        def flips(p: int, o: int, sq: int) -> int:
            return FLIP[sq](p, o)

        def score_counts(a: int, b: int) -> int:
            # final value for the side with ``a`` discs against ``b`` discs
            if anti:
                return b - a
            d = a - b
            if etw and d:
                e = nsq - a - b
                return d + e if d > 0 else d - e
            return d

        def final(p: int, o: int) -> int:
            return score_counts(p.bit_count(), o.bit_count())

        def tick() -> None:
            n = solver.nodes
            if solver.node_limit is not None and n > solver.node_limit:
                raise SolveTimeout
            if solver.deadline is not None and perf() > solver.deadline:
                raise SolveTimeout

        def last1(p: int, o: int, sq: int) -> int:
            f = FLIP[sq](p, o)
            if f:
                c = f.bit_count()
                return score_counts(p.bit_count() + c + 1, o.bit_count() - c)
            f = FLIP[sq](o, p)
            if f:
                c = f.bit_count()
                return -score_counts(o.bit_count() + c + 1, p.bit_count() - c)
            return score_counts(p.bit_count(), o.bit_count())

        def last2(p: int, o: int, alpha: int, beta: int, empty: int, passed: bool) -> int:
            # exactly two empty squares
            solver.nodes += 1
            b1 = empty & -empty
            b2 = empty ^ b1
            s1 = b1.bit_length() - 1
            s2 = b2.bit_length() - 1
            best = -INFINITY
            if NEIGH[s1] & o:
                f = FLIP[s1](p, o)
                if f:
                    best = -last1(o ^ f, p | f | b1, s2)
                    if best >= beta:
                        return best
            if NEIGH[s2] & o:
                f = FLIP[s2](p, o)
                if f:
                    v = -last1(o ^ f, p | f | b2, s1)
                    if v > best:
                        return v
                    return best
            if best > -INFINITY:
                return best
            if passed:
                return final(p, o)
            return -last2(o, p, -beta, -alpha, empty, True)

        def shallow(p: int, o: int, alpha: int, beta: int, empty: int, passed: bool) -> int:
            # empties >= 3 here
            solver.nodes += 1
            if not solver.nodes & 4095:
                tick()
            # parity order: squares of odd quadrants first
            odd = 0
            for q in QUADS:
                e = empty & q
                if e.bit_count() & 1:
                    odd |= e
            best = -INFINITY
            moved = False
            n3 = empty.bit_count() > 3
            for group in (odd, empty & ~odd):
                while group:
                    b = group & -group
                    group ^= b
                    sq = b.bit_length() - 1
                    if not NEIGH[sq] & o:
                        continue
                    f = FLIP[sq](p, o)
                    if not f:
                        continue
                    moved = True
                    rest = empty ^ b
                    if n3:
                        v = -shallow(o ^ f, p | f | b, -beta, -alpha, rest, False)
                    else:
                        v = -last2(o ^ f, p | f | b, -beta, -alpha, rest, False)
                    if v > best:
                        best = v
                        if v > alpha:
                            if v >= beta:
                                return v
                            alpha = v
            if moved:
                return best
            if passed:
                return final(p, o)
            return -shallow(o, p, -beta, -alpha, empty, True)

        def deep(p: int, o: int, alpha: int, beta: int, empty: int, n: int, passed: bool) -> int:
            solver.nodes += 1
            if not solver.nodes & 1023:
                tick()
            mv = moves(p, o, empty, shifts)
            if not mv:
                if passed:
                    return final(p, o)
                if not moves(o, p, empty, shifts):
                    return final(p, o)
                return -deep(o, p, -beta, -alpha, empty, n, True)
            key = None
            hash_move = 0
            if n >= TT_MIN_EMPTIES:
                key = (p, o)
                e = tt.get(key)
                if e is not None:
                    lo, hi, hash_move = e
                    if lo >= beta:
                        return lo
                    if hi <= alpha:
                        return hi
                    if lo == hi:
                        return lo
                    if lo > alpha:
                        alpha = lo
                    if hi < beta:
                        beta = hi
            alpha0 = alpha
            n1 = n - 1
            if mv & (mv - 1):
                # several moves: fastest first (fewest opponent replies), corners early
                kids = []
                etc = n > ETC_MIN_EMPTIES
                odd = 0
                if W[2]:
                    for q in QUADS:
                        e = empty & q
                        if e.bit_count() & 1:
                            odd |= e
                while mv:
                    b = mv & -mv
                    mv ^= b
                    f = FLIP[b.bit_length() - 1](p, o)
                    np_ = o ^ f
                    no_ = p | f | b
                    rest = empty ^ b
                    if etc:
                        # enhanced transposition cutoff: a child already known to refute
                        ce = tt.get((np_, no_))
                        if ce is not None and -ce[1] >= beta:
                            v = -ce[1]
                            e = tt.get(key)
                            tt[key] = (max(v, e[0]) if e else v, e[1] if e else INFINITY, b)
                            return v
                    if b == hash_move:
                        k = -1000
                    else:
                        k = moves(np_, no_, rest, shifts).bit_count() * 16
                        if b & CORNERS:
                            k -= W[0]
                        elif b & NEAR:
                            k += W[1]
                        if b & odd:
                            k -= W[2]
                        if W[3]:
                            pm = 0
                            for dd in shifts:
                                pm |= (no_ << dd) | (no_ >> dd)
                            k += W[3] * (pm & rest).bit_count()
                    kids.append((k, b, np_, no_, rest))
                kids.sort()
            else:
                b = mv
                f = FLIP[b.bit_length() - 1](p, o)
                kids = [(0, b, o ^ f, p | f | b, empty ^ b)]
            best = -INFINITY
            best_move = 0
            first = True
            for _, b, np_, no_, rest in kids:
                if first:
                    if n1 > SHALLOW:
                        v = -deep(np_, no_, -beta, -alpha, rest, n1, False)
                    else:
                        v = -shallow(np_, no_, -beta, -alpha, rest, False)
                    first = False
                else:
                    if n1 > SHALLOW:
                        v = -deep(np_, no_, -alpha - 1, -alpha, rest, n1, False)
                        if alpha < v < beta:
                            v = -deep(np_, no_, -beta, -v, rest, n1, False)
                    else:
                        v = -shallow(np_, no_, -alpha - 1, -alpha, rest, False)
                        if alpha < v < beta:
                            v = -shallow(np_, no_, -beta, -v, rest, False)
                if v > best:
                    best = v
                    best_move = b
                    if v > alpha:
                        alpha = v
                        if v >= beta:
                            break
            if key is not None:
                if len(tt) >= TT_MAX_ENTRIES:
                    tt.clear()
                e = tt.get(key)
                lo, hi = (e[0], e[1]) if e is not None else (-INFINITY, INFINITY)
                if best <= alpha0:
                    hi = min(hi, best)
                elif best >= beta:
                    lo = max(lo, best)
                else:
                    lo = hi = best
                tt[key] = (lo, hi, best_move)
            return best

        def solve(p: int, o: int, alpha: int, beta: int) -> int:
            empty = mask & ~(p | o)
            n = empty.bit_count()
            if n == 0:
                return final(p, o)
            if n == 1:
                return last1(p, o, empty.bit_length() - 1)
            if n == 2:
                return last2(p, o, alpha, beta, empty, False)
            if n <= SHALLOW:
                return shallow(p, o, alpha, beta, empty, False)
            return deep(p, o, alpha, beta, empty, n, False)

        self.flips = flips
        self.final = final
        self._solve = solve

    # -- public ------------------------------------------------------------------

    def solve(self, p: int, o: int, alpha: int = -INFINITY, beta: int = INFINITY) -> int:
        """The exact value of ``(p, o)`` if inside ``(alpha, beta)``, else a bound."""
        return self._solve(p, o, alpha, beta)

    def value(self, p: int, o: int, guess: int = 0) -> int:
        """The exact value, by MTD(f): null-window tests from ``guess`` that close in.

        The table keeps the bounds each test proved, so the tests share their work;
        a guess near the true value (e.g. from a midgame search) saves most of it.
        """
        lo, hi = -INFINITY, INFINITY
        if self.even_scores:
            # every final score is even: a window (g - 1, g + 1) around an even g
            # is as cheap as a null window and proves "below", "exactly g" or "above"
            g = guess + (guess & 1)
            while True:
                v = self._solve(p, o, g - 1, g + 1)
                if v == g:
                    return v
                if v < g:
                    hi = v
                    g = max(v, lo)
                else:
                    lo = v
                    g = min(v, hi)
                if lo >= hi:
                    return lo
        g = guess
        while lo < hi:
            beta = g + 1 if g == lo else g
            g = self._solve(p, o, beta - 1, beta)
            if g < beta:
                hi = g
            else:
                lo = g
        return g

    def moves(self, p: int, o: int) -> int:
        return _moves(p, o, self.geometry.mask & ~(p | o), self.geometry.shifts)


@lru_cache(maxsize=16)
def _solver_for(g: Geometry, anti: bool, empties_to_winner: bool) -> Solver:
    return Solver(g, anti, empties_to_winner)


def solver_for(position: Position) -> Solver:
    """The (cached) solver of a position's geometry and scoring."""
    r = position.rules
    return _solver_for(r.geometry, r.anti, r.empties_to_winner)


# -- positions with a placement phase or a binding supply -------------------------


def is_fast(position: Position) -> bool:
    """True when the fast bitboard solver applies as it is (no placement, no binding supply)."""
    if position.in_placement:
        return False
    if position.supply is None:
        return True
    n = position.empty.bit_count()
    return min(position.supply) >= n


def _generic_negamax(position: Position, alpha: int, beta: int, solver: Solver) -> int:
    """Alpha-beta on :class:`Position` objects, for the placement phase and supplies."""
    solver.nodes += 1
    if not solver.nodes & 255:
        if solver.node_limit is not None and solver.nodes > solver.node_limit:
            raise SolveTimeout
        if solver.deadline is not None and time.perf_counter() > solver.deadline:
            raise SolveTimeout
    if is_fast(position):
        return solver.solve(position.player, position.opponent, alpha, beta)
    if position.is_over:
        return position.final_margin(position.turn)
    if position.must_pass:
        return -_generic_negamax(position.pass_turn(), -beta, -alpha, solver)
    best = -INFINITY
    children = [position.play(m) for m in position.legal_moves()]
    children.sort(key=lambda c: c.legal.bit_count())
    for child in children:
        v = -_generic_negamax(child, -beta, -alpha, solver)
        if v > best:
            best = v
            if v > alpha:
                alpha = v
                if v >= beta:
                    break
    return best


def position_value(position: Position, alpha: int = -INFINITY, beta: int = INFINITY, solver: Solver | None = None) -> int:
    """Exact value of any position for the side to move (fail-soft inside the window)."""
    solver = solver or solver_for(position)
    if is_fast(position):
        return solver.solve(position.player, position.opponent, alpha, beta)
    return _generic_negamax(position, alpha, beta, solver)


# -- the root ----------------------------------------------------------------------


@dataclass
class SolveResult:
    """The solved position: ``score`` is the final disc difference for the side to move."""

    score: int
    best: list[int]
    nodes: int
    seconds: float
    #: Every root move that was solved exactly, with its value (``all_moves=True``).
    values: dict[int, int] = field(default_factory=dict)


def solve(
    position: Position,
    *,
    all_best: bool = True,
    all_moves: bool = False,
    time_limit: float | None = None,
    node_limit: int | None = None,
    deadline: float | None = None,
) -> SolveResult:
    """Solve ``position`` exactly.

    Returns the score with best play and the best move (``all_best``: every move
    that reaches the best score, found with extra null-window searches). With
    ``all_moves`` every legal move's exact value is in ``values``. Raises
    :class:`SolveTimeout` if the time or node limit runs out. A position where the
    side to move must pass gives ``best == [PASS]``; a finished game ``best == []``.
    """
    start = time.perf_counter()
    solver = solver_for(position)
    solver.nodes = 0
    solver.node_limit = node_limit
    if time_limit is not None:
        deadline = start + time_limit if deadline is None else min(deadline, start + time_limit)
    solver.deadline = deadline
    try:
        if position.is_over:
            score = position.final_margin(position.turn)
            return SolveResult(score, [], 1, time.perf_counter() - start)
        if position.must_pass:
            v = -_value(position.pass_turn(), solver)
            return SolveResult(v, [PASS], solver.nodes, time.perf_counter() - start, {PASS: v})
        children = [(m, position.play(m)) for m in position.legal_moves()]
        children.sort(key=lambda mc: mc[1].legal.bit_count())
        values: dict[int, int] = {}
        if all_moves:
            for m, child in children:
                values[m] = -_value(child, solver)
            score = max(values.values())
            best = [m for m, _ in children if values[m] == score]
        else:
            score = _value(position, solver)
            best = []
            for m, child in children:
                # does this move reach the score? (a null window around it)
                v = -position_value(child, -score, -score + 1, solver)
                if v >= score:
                    best.append(m)
                    values[m] = score
                    if not all_best:
                        break
        return SolveResult(score, sorted(best), solver.nodes, time.perf_counter() - start, values)
    finally:
        solver.deadline = None
        solver.node_limit = None


def _value(position: Position, solver: Solver) -> int:
    if position.is_over:
        return position.final_margin(position.turn)
    if is_fast(position):
        return solver.value(position.player, position.opponent)
    wld = _generic_negamax(position, -1, 1, solver)
    if wld >= 1:
        return _generic_negamax(position, 0, INFINITY, solver)
    if wld <= -1:
        return _generic_negamax(position, -INFINITY, 0, solver)
    return wld
