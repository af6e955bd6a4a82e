"""Exact endgame solver: the final disc difference with best play, and the best moves.

The solver works on side-relative bitboards (``player``, ``opponent``: plain ints,
see :mod:`reversi.core.bitboard`) and is written for speed in CPython, following what the
strongest engines describe (Edax, Egaroucid), re-implemented from the ideas only:

* **Flips without move generation near the leaves.** Every square has precomputed
  "rays" (the squares along each of the eight directions, up to the edge of the
  bounding rectangle), and one generated function per square walks them
  (:func:`reversi.engine.kernels.flip_functions`): a ray is looked at only when its first square holds an
  opponent disc, then square by square with literal masks (is it ours: the run
  flips; theirs: go on; empty: nothing). Most runs are one or two discs long, so
  this costs fewer big-int operations than finding the ray's first non-opponent
  square with bit tricks. Cut and blocked squares are in the rays
  but never hold a disc, so they stop a line.
* **Shallow solver** (``SHALLOW`` empties or fewer, null windows only, no move
  generation): it tries the empty squares directly, odd regions first (the parity
  heuristic: quadrants with an odd number of empties; within a region corners
  first, then the rest of the rim, then the inner squares, and the corners'
  neighbours last; this order is a function of the set of empties
  and is cached by it), and skips squares with no opponent neighbour. From
  ``SHALLOW_SORT_MIN_EMPTIES`` it orders fastest-first (the opponent's replies
  counted for every child in one pass of the move generator, the children side by
  side in one integer: :func:`reversi.engine.kernels.lane_width`), but only at the
  nodes expected to cut: the expected node type alternates down the tree (the
  children of a node expected to cut are expected to search every move, and the
  other way round), and where every move is searched the order buys nothing.
  Three and two empties have their own functions; the last empty square is
  special-cased: count the flips for the side to move, else for the other side,
  and score; nothing is played.
* **Deep solver** (more empties): move generation (parallel-prefix steps
  generated per geometry with the shifts written in,
  :func:`reversi.engine.kernels.moves_function`), null-window search (:func:`nws`) with a
  principal-variation search (:func:`pvs`) only for wider windows, a table of
  bounds and best moves above ``TT_MIN_EMPTIES`` empties. The table's move is
  searched before the other moves are even ordered; the others go fastest-first
  (fewest opponent replies, found for all the children in one pass as above, corners
  counted twice; corner, odd-region and
  potential-mobility terms, weights ``W``; from ``EVAL_ORDER_MIN_EMPTIES`` the
  evaluation of the child too, and from ``PROBE_ORDER_MIN_EMPTIES`` a one-ply
  search of it by the evaluation instead). Enhanced transposition cutoff: above
  ``ETC_MIN_EMPTIES`` the children are looked up first, and one already known to
  refute ends the node. When the table is full the entries with the fewest
  empties (the cheapest to redo) are dropped, about half of it.
* **Stability cutoff**: the discs the other side can never lose (a cheap
  under-estimate, :func:`reversi.engine.kernels.stable_function`: full lines, walls and stable
  neighbours, valid on every shape) bound our final score from above
  (``square_count - 2 * stable``; in Anti our own stable discs do). Tried when
  alpha is high for the number of empties, as Edax does, in the shallow solver too.
* **Root**: MTD(f), null-window tests that close in on the value, starting from a
  short midgame search's estimate (:mod:`reversi.engine.search`) at ``GUESS_MIN_EMPTIES`` or
  more: the tests far from the true value are cheap, the ones near it are not,
  so a good start skips work; the table carries bounds and moves between tests.
  The midgame search's best moves at the nodes it searched deeply (the first
  plies below the root, ``HINT_PLIES``) are put in the table as moves
  without bounds, so the exact search tries them first there. The best move is
  the table's move at the root after the last test, checked with one null window
  (cheap: its subtree is in the table).

Several processes: :mod:`reversi.engine.parallel` splits the top of the tree itself and
runs :meth:`Solver.solve` jobs below it; it orders its own nodes with :meth:`Solver.order`
(the deep solver's ordering) and passes table entries between processes with
:meth:`Solver.share` (a list of the keys stored with many empties; off by default, one
comparison a stored entry).

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
from collections.abc import Callable, Sequence
from functools import lru_cache

from reversi.core.bitboard import moves as _moves
from reversi.core.geometry import Geometry, iter_indices
from reversi.core.position import Position
from reversi.engine.evaluate import Evaluator, make_evaluator, with_moves
from reversi.engine.kernels import (
    children_side_by_side,
    flip_functions,
    lane_width,
    moves_function,
    stable_function,
    tables,
)
from reversi.errors import SolveTimeout

#: Asked at every clock check of a search (midgame and solver): True stops the search as if its
#: time were up. None: no such check. The browser's worker sets it to read the page's stop flag
#: (a SharedArrayBuffer, on a cross-origin isolated page), so that a search whose answer is no
#: longer wanted ends at once instead of running to its deadline.
_STOP_CHECK: list[Callable[[], bool] | None] = [None]


def set_stop_check(check: Callable[[], bool] | None) -> None:
    """Install (or remove, with None) the check every search asks whether it must stop now."""
    _STOP_CHECK[0] = check


def stop_requested() -> bool:
    check = _STOP_CHECK[0]
    return check is not None and check()

#: At or below this many empties the solver tries squares directly (no move generation).
SHALLOW = 7
#: At or above this many empties (and at most ``SHALLOW``) the shallow solver orders the
#: moves fastest-first at the nodes expected to cut; elsewhere parity and square quality
#: only: with fewer empties the ordering costs more than it saves.
SHALLOW_SORT_MIN_EMPTIES = 7
#: At or above this many empties positions go into the transposition table.
TT_MIN_EMPTIES = 7
#: Above this many empties the children are looked up in the table first (ETC).
ETC_MIN_EMPTIES = 8
#: Entries kept in the transposition table before it is cleared.
TT_MAX_ENTRIES = 400_000
#: Nodes between two looks at the clock.
CLOCK_EVERY = 4096
#: Ordering weights of the deep solver: opponent mobility (corners count twice), corner
#: bonus, odd-region bonus, opponent potential mobility.
W = [16, 8, 8, 4]
#: At or above this many empties the stability cutoff is tried (shallow solver and
#: :func:`last3` included)...
STABILITY_MIN_EMPTIES = 3
#: ... when alpha is at least this many discs per empty square (on 64 squares; scaled).
STABILITY_ALPHA_PER_EMPTY = 1
#: Below this many empties the deep solver orders by parity and corners only (no mobility).
MOBILITY_ORDER_MIN_EMPTIES = 7
#: At or above this many empties the ordering adds the evaluation of each child (in discs,
#: times ``EVAL_ORDER_WEIGHT``) to the fastest-first key: there are few such nodes and a
#: better first move near the root saves whole subtrees (below this it costs more than it
#: saves).
EVAL_ORDER_MIN_EMPTIES = 13
EVAL_ORDER_WEIGHT = 4
#: At or above this many empties the ordering looks one ply further instead: the child's
#: value is its side's best reply by the evaluation (times ``PROBE_ORDER_WEIGHT``, in
#: discs).
PROBE_ORDER_MIN_EMPTIES = 16
PROBE_ORDER_WEIGHT = 8
# How these values were chosen, the others tried and the ideas left out, with their figures:
# docs/engine/tuning.md (Endgame solver) and docs/engine/solver.md.

INFINITY = 10_000
#: Empty-square sets whose shallow square order is kept (cleared when full; about 25 MB).
ORDER_CACHE_MAX = 100_000


class Solver:
    """The exact solver for one geometry and scoring; reusable, keeps its table.

    ``solve(p, o, alpha, beta)`` returns the exact value when it lies strictly
    inside the window, otherwise a bound on the correct side (fail-soft). Raises
    :class:`SolveTimeout` after ``deadline`` (a ``time.perf_counter()`` value) or
    past ``node_limit`` nodes.
    """

    def __init__(self, g: Geometry, anti: bool, empties_to_winner: bool, evaluate: Evaluator | None = None) -> None:
        self.geometry = g
        #: ``evaluate(player, opponent)`` in centidiscs for move ordering near the root, or None.
        self.evaluate = evaluate
        self.anti = anti
        self.empties_to_winner = empties_to_winner
        #: ``(player, opponent) -> (lower bound, upper bound, best move's bit)``.
        self.tt: dict[tuple[int, int], tuple[int, int, int]] = {}
        #: Final scores are always even (Othello scoring on an even number of squares).
        self.even_scores = empties_to_winner and not anti and g.square_count % 2 == 0
        self.deadline: float | None = None
        self.node_limit: int | None = None
        self._build()

    @property
    def nodes(self) -> int:
        """Nodes searched since the counter was last set (kept in the solver's closure)."""
        return self._get_nodes()

    @nodes.setter
    def nodes(self, value: int) -> None:
        self._set_nodes(value)

    def _build(self) -> None:
        g = self.geometry
        t = tables(g)
        NEIGH = t.neighbours
        CORNERS = t.corners
        NEAR = t.near_corners
        PLAIN = g.mask & ~CORNERS & ~NEAR
        # the other squares on the rim (fewer than eight neighbours on the board) go
        # before the inner ones, which saves nodes (docs/engine/tuning.md, Endgame solver)
        EDGE = sum(1 << i for i in g.squares if NEIGH[i].bit_count() < 8) & PLAIN
        INNER = PLAIN & ~EDGE
        mask = g.mask
        nsq = g.square_count
        anti, etw = self.anti, self.empties_to_winner
        tt = self.tt
        solver = self
        FLIP = flip_functions(g)
        MOVES = moves_function(g)
        LANE = lane_width(g)  # boards side by side in one integer (MOVES takes them)
        LANE_MASK = (1 << LANE) - 1
        STABLE = stable_function(g)
        sh0, sh1, sh2, sh3 = g.shifts
        # parity regions: QBIT[sq] is the bit of the square's quadrant, ODD[parity] the
        # squares of the quadrants whose bits are set in ``parity``
        QBIT = [0] * len(NEIGH)
        for qi, q in enumerate(t.quadrants):
            for i in iter_indices(q):
                QBIT[i] = 1 << qi
        ODD = [0] * (1 << len(t.quadrants))
        for bits in range(len(ODD)):
            ODD[bits] = sum(q for qi, q in enumerate(t.quadrants) if bits >> qi & 1)
        W_MOB, W_CORNER, W_ODD, W_POT = W
        # the stability cutoff is only worth its cost when the side to move is far ahead:
        # alpha above about twice the empties on 64 squares (scaled to the board)
        STAB_MIN_ALPHA = [
            INFINITY if n < STABILITY_MIN_EMPTIES else n * nsq * STABILITY_ALPHA_PER_EMPTY // 64
            for n in range(nsq + 1)
        ]
        nodes = 0
        # the keys of the entries stored with at least ``share_min`` empties, for a caller
        # that passes them on to other solvers (:mod:`reversi.engine.parallel`); none by default
        share_min = nsq + 1
        shared: list[tuple[int, int]] = []

        def share(min_empties: int) -> list[tuple[int, int]]:
            nonlocal share_min
            share_min = min_empties
            return shared

        def get_nodes() -> int:
            return nodes

        def set_nodes(value: int) -> None:
            nonlocal nodes
            nodes = value

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
            # the clock is looked up at each check, not captured when these closures are
            # built: a cached searcher must read the clock its caller reads (tests replace it)
            if solver.node_limit is not None and nodes > solver.node_limit:
                raise SolveTimeout
            if solver.deadline is not None and time.perf_counter() > solver.deadline:
                raise SolveTimeout
            if _STOP_CHECK[0] is not None and _STOP_CHECK[0]():
                raise SolveTimeout

        def prune() -> None:
            # the table is full: keep the entries with the most empties (the costliest
            # to redo), about half of them, and drop the rest
            counts = [0] * (nsq + 1)
            for p, o in tt:
                counts[nsq - (p | o).bit_count()] += 1
            keep, cut = 0, nsq
            while cut > 0 and keep + counts[cut] <= TT_MAX_ENTRIES // 2:
                keep += counts[cut]
                cut -= 1
            for key in [k for k in tt if nsq - (k[0] | k[1]).bit_count() <= cut]:
                del tt[key]

        def stability_bound(p: int, o: int, alpha: int, empty: int) -> int:
            # the most the side to move can still score: the discs the other side can
            # never lose (in Anti: its own); INFINITY when even all of them would not
            # bring the bound down to alpha (the stable set is not worth computing)
            x = p if anti else o
            if alpha < nsq - 2 * x.bit_count():
                return INFINITY
            return nsq - 2 * STABLE(x, empty).bit_count()

        def parity_of(empty: int) -> int:
            par = 0
            while empty:
                b = empty & -empty
                empty ^= b
                par ^= QBIT[b.bit_length() - 1]
            return par

        # -- the last empties: null windows (alpha, alpha + 1), no table --------------

        if etw and not anti:
            # Othello scoring: a full board scores 2 * discs - squares, and a game that
            # ends with one empty square gives it to the winner

            def last1(p: int, o: int, sq: int) -> int:
                f = FLIP[sq](p, o)
                if f:
                    return 2 * (p.bit_count() + f.bit_count()) + 2 - nsq
                f = FLIP[sq](o, p)
                if f:
                    return nsq - 2 - 2 * (o.bit_count() + f.bit_count())
                d = 2 * p.bit_count() + 1 - nsq
                return d + 1 if d > 0 else d - 1 if d else 0

        else:

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

        def last2(p: int, o: int, alpha: int, b1: int, s1: int, b2: int, s2: int, passed: bool) -> int:
            # exactly two empty squares, ``b1`` and ``b2`` (bits), ``s1`` and ``s2`` (indices)
            nonlocal nodes
            nodes += 1
            best = -INFINITY
            if NEIGH[s1] & o:
                f = FLIP[s1](p, o)
                if f:
                    best = -last1(o ^ f, p | f | b1, s2)
                    if best > alpha:
                        return best
            if NEIGH[s2] & o:
                f = FLIP[s2](p, o)
                if f:
                    v = -last1(o ^ f, p | f | b2, s1)
                    return v if v > best else best
            if best > -INFINITY:
                return best
            if passed:
                return final(p, o)
            return -last2(o, p, -alpha - 1, b1, s1, b2, s2, True)

        # the empty squares in the shallow order, cached by the set of empties (a region's
        # parity is a function of its empties): odd regions first, and in each, corners
        # first, then the rim, the inner squares, and the squares next to corners last
        sq_order: dict[int, tuple[tuple[int, int], ...]] = {}
        # one shared (bit, square) pair per square: a cached order holds only references
        PAIRS = [(1 << i, i) for i in range(len(NEIGH))]

        def squares_in_order(empty: int) -> tuple[tuple[int, int], ...]:
            if len(sq_order) >= ORDER_CACHE_MAX:
                sq_order.clear()
            odd = empty & ODD[parity_of(empty)]
            even = empty ^ odd
            out = []
            groups: list[int] = []
            for grp in (odd, even):
                groups.extend((grp & CORNERS, grp & EDGE, grp & INNER, grp & NEAR))
            for grp in groups:
                while grp:
                    b = grp & -grp
                    grp ^= b
                    out.append(PAIRS[b.bit_length() - 1])
            seq = sq_order[empty] = tuple(out)
            return seq

        def last3(p: int, o: int, alpha: int, empty: int, ne: int, passed: bool) -> int:
            # exactly three empty squares (``ne`` is 3: the signature of :func:`shallow`)
            # (unrolled: each move leaves the other two squares to :func:`last2`)
            nonlocal nodes
            nodes += 1
            if alpha >= STAB_MIN_ALPHA[3]:
                top = stability_bound(p, o, alpha, empty)
                if top <= alpha:
                    return top
            best = -INFINITY
            (b1, s1), (b2, s2), (b3, s3) = sq_order.get(empty) or squares_in_order(empty)
            if NEIGH[s1] & o:
                f = FLIP[s1](p, o)
                if f:
                    best = -last2(o ^ f, p | f | b1, -alpha - 1, b2, s2, b3, s3, False)
                    if best > alpha:
                        return best
            if NEIGH[s2] & o:
                f = FLIP[s2](p, o)
                if f:
                    v = -last2(o ^ f, p | f | b2, -alpha - 1, b1, s1, b3, s3, False)
                    if v > best:
                        if v > alpha:
                            return v
                        best = v
            if NEIGH[s3] & o:
                f = FLIP[s3](p, o)
                if f:
                    v = -last2(o ^ f, p | f | b3, -alpha - 1, b1, s1, b2, s2, False)
                    return v if v > best else best
            if best > -INFINITY:
                return best
            if passed:
                return final(p, o)
            return -last3(o, p, -alpha - 1, empty, 3, True)

        def shallow(p: int, o: int, alpha: int, empty: int, ne: int, passed: bool) -> int:
            # 4 to SHALLOW empties, at the nodes expected to search every move (and all
            # below SHALLOW_SORT_MIN_EMPTIES): the squares in the shallow order, no move
            # generation, no table; the children are expected to cut
            nonlocal nodes
            nodes += 1
            if not nodes & 4095:
                tick()
            if alpha >= STAB_MIN_ALPHA[ne]:
                top = stability_bound(p, o, alpha, empty)
                if top <= alpha:
                    return top
            best = -INFINITY
            ne1 = ne - 1
            child = shallow_sorted if ne1 >= SHALLOW_SORT_MIN_EMPTIES else shallow if ne1 > 3 else last3
            for b, sq in sq_order.get(empty) or squares_in_order(empty):
                if NEIGH[sq] & o:
                    f = FLIP[sq](p, o)
                    if f:
                        v = -child(o ^ f, p | f | b, -alpha - 1, empty ^ b, ne1, False)
                        if v > best:
                            if v > alpha:
                                return v
                            best = v
            if best > -INFINITY:
                return best
            if passed:
                return final(p, o)
            if ne >= SHALLOW_SORT_MIN_EMPTIES:
                return -shallow_sorted(o, p, -alpha - 1, empty, ne, True)
            return -shallow(o, p, -alpha - 1, empty, ne, True)

        def shallow_sorted(p: int, o: int, alpha: int, empty: int, ne: int, passed: bool) -> int:
            # SHALLOW_SORT_MIN_EMPTIES to SHALLOW empties at the nodes expected to cut: as
            # :func:`shallow`, but the moves go fastest-first (fewest opponent replies),
            # ties in the shallow order; the children are expected to search every move
            nonlocal nodes
            nodes += 1
            if not nodes & 4095:
                tick()
            if alpha >= STAB_MIN_ALPHA[ne]:
                top = stability_bound(p, o, alpha, empty)
                if top <= alpha:
                    return top
            ne1 = ne - 1
            child = shallow if ne1 > 3 else last3
            kids = []
            for b, sq in sq_order.get(empty) or squares_in_order(empty):
                if NEIGH[sq] & o:
                    f = FLIP[sq](p, o)
                    if f:
                        kids.append((0, o ^ f, p | f | b, empty ^ b))
            if not kids:
                if passed:
                    return final(p, o)
                return -shallow(o, p, -alpha - 1, empty, ne, True)
            if len(kids) > 1:
                # the opponent's replies counted, every child's in one pass (the children side
                # by side in one integer); ties stay in the shallow order
                packed_p = packed_o = packed_e = 0
                at = 0
                for _, np_, no_, rest in kids:
                    packed_p |= np_ << at
                    packed_o |= no_ << at
                    packed_e |= rest << at
                    at += LANE
                replies = MOVES(packed_p, packed_o, packed_e)
                for i, (_, np_, no_, rest) in enumerate(kids):
                    kids[i] = ((replies & LANE_MASK).bit_count() * 32 + i, np_, no_, rest)
                    replies >>= LANE
                kids.sort()
            best = -INFINITY
            for _, np_, no_, rest in kids:
                v = -child(np_, no_, -alpha - 1, rest, ne1, False)
                if v > best:
                    if v > alpha:
                        return v
                    best = v
            return best

        def small(p: int, o: int, alpha: int, empty: int, n: int, cut: bool) -> int:
            # null-window value of a position with at most SHALLOW empties; ``cut``: is
            # the node expected to cut?
            if cut and n >= SHALLOW_SORT_MIN_EMPTIES:
                return shallow_sorted(p, o, alpha, empty, n, False)
            if n > 3:
                return shallow(p, o, alpha, empty, n, False)
            if n == 3:
                return last3(p, o, alpha, empty, 3, False)
            if n == 2:
                b1 = empty & -empty
                b2 = empty ^ b1
                return last2(p, o, alpha, b1, b1.bit_length() - 1, b2, b2.bit_length() - 1, False)
            if n == 1:
                return last1(p, o, empty.bit_length() - 1)
            return final(p, o)

        # -- the deep solver: move generation, ordering, table -------------------------

        def probe(p: int, o: int, mv: int) -> int:
            # a one-ply search by the evaluation (centidiscs for the side to move, whose
            # legal moves are ``mv``): its best reply; called only when there is an evaluation
            evaluate: Evaluator = solver.evaluate  # type: ignore[assignment]
            if not mv:
                return -evaluate(o, p)
            best = -INFINITY * 100
            while mv:
                b = mv & -mv
                mv ^= b
                f = FLIP[b.bit_length() - 1](p, o)
                v = -evaluate(o ^ f, p | f | b)
                if v > best:
                    best = v
            return best

        def order(
            p: int, o: int, mv: int, empty: int, n: int, parity: int, hash_move: int
        ) -> list[tuple[int, int, int, int, int]]:
            # children as (key, move, player, opponent), best first
            kids = []
            odd = empty & ODD[parity]
            if n < MOBILITY_ORDER_MIN_EMPTIES:
                while mv:
                    b = mv & -mv
                    mv ^= b
                    f = FLIP[b.bit_length() - 1](p, o)
                    k = 0
                    if b & CORNERS:
                        k -= W_CORNER
                    if b & odd:
                        k -= W_ODD
                    kids.append((k, b, o ^ f, p | f | b, -1))
                kids.sort()
                return kids
            # the children side by side in one integer: their replies (and the squares next to
            # the mover's discs, the potential mobility) in one pass for all
            made, packed_p, packed_o, packed_e = children_side_by_side(p, o, mv, empty, FLIP, LANE)
            replies = MOVES(packed_p, packed_o, packed_e)
            x = packed_o
            near = ((x << sh0) | (x >> sh0) | (x << sh1) | (x >> sh1) | (x << sh2) | (x >> sh2) | (x << sh3)
                    | (x >> sh3)) & packed_e
            # the evaluation's term, if any: a one-ply probe of the child, or the child's value
            # given its moves (counted already)
            evaluate = solver.evaluate
            probing = evaluate is not None and n >= PROBE_ORDER_MIN_EMPTIES
            valued = with_moves(evaluate) if evaluate is not None and EVAL_ORDER_MIN_EMPTIES <= n else None
            for b, np_, no_ in made:
                m = replies & LANE_MASK
                replies >>= LANE
                pm = near & LANE_MASK
                near >>= LANE
                if b == hash_move:
                    k = -1 << 30
                else:
                    k = (m.bit_count() + (m & CORNERS).bit_count()) * W_MOB + W_POT * pm.bit_count()
                    if b & CORNERS:
                        k -= W_CORNER
                    if b & odd:
                        k -= W_ODD
                    if probing:
                        k += PROBE_ORDER_WEIGHT * probe(np_, no_, m) // 100
                    elif valued is not None:
                        k += EVAL_ORDER_WEIGHT * valued(np_, no_, m) // 100
                kids.append((k, b, np_, no_, m))
            kids.sort()
            return kids

        def nws(
            p: int, o: int, alpha: int, empty: int, n: int, parity: int, passed: bool, cut: bool, mv: int = -1
        ) -> int:
            # is the value above alpha? (fail-soft, window (alpha, alpha + 1)); ``cut``: is
            # the node expected to cut (its children then are not, and the other way
            # round); ``mv``: the legal moves if the caller knows them (its ordering
            # counted them), else -1
            nonlocal nodes
            nodes += 1
            if not nodes & 1023:
                tick()
            if mv < 0:
                mv = MOVES(p, o, empty)
            if not mv:
                if passed:
                    return final(p, o)
                mv = MOVES(o, p, empty)
                if not mv:
                    return final(p, o)
                return -nws(o, p, -alpha - 1, empty, n, parity, True, not cut, mv)
            # stability cutoff: the discs the other side keeps bound our score from above
            if alpha >= STAB_MIN_ALPHA[n]:
                top = stability_bound(p, o, alpha, empty)
                if top <= alpha:
                    return top
            key = None
            hash_move = 0
            lo, hi = -INFINITY, INFINITY
            if n >= TT_MIN_EMPTIES:
                key = (p, o)
                e = tt.get(key)
                if e is not None:
                    lo, hi, hash_move = e
                    if lo > alpha:
                        return lo
                    if hi <= alpha:
                        return hi
            n1 = n - 1
            best = -INFINITY
            best_move = 0
            if mv & (mv - 1):
                if n > ETC_MIN_EMPTIES:
                    # enhanced transposition cutoff: a child already known to refute
                    m = mv
                    while m:
                        b = m & -m
                        m ^= b
                        f = FLIP[b.bit_length() - 1](p, o)
                        ce = tt.get((o ^ f, p | f | b))
                        if ce is not None and -ce[1] > alpha:
                            v = -ce[1]
                            # ``key`` is set: ETC_MIN_EMPTIES is above TT_MIN_EMPTIES
                            tt[key] = (max(v, lo), hi, b)  # type: ignore[index]
                            if n >= share_min:
                                shared.append((p, o))
                            return v
                if hash_move & mv:
                    # the table's move first, before the others are generated and ordered
                    b = hash_move
                    sq = b.bit_length() - 1
                    f = FLIP[sq](p, o)
                    if n1 > SHALLOW:
                        v = -nws(o ^ f, p | f | b, -alpha - 1, empty ^ b, n1, parity ^ QBIT[sq], False, not cut)
                    else:
                        v = -small(o ^ f, p | f | b, -alpha - 1, empty ^ b, n1, not cut)
                    best = v
                    best_move = b
                    mv ^= b
                    if v > alpha:
                        mv = 0
                kids: Sequence[tuple[int, int, int, int, int]] = order(p, o, mv, empty, n, parity, 0) if mv else ()
            else:
                f = FLIP[mv.bit_length() - 1](p, o)
                kids = ((0, mv, o ^ f, p | f | mv, -1),)
            for _, b, np_, no_, m in kids:
                if n1 > SHALLOW:
                    v = -nws(np_, no_, -alpha - 1, empty ^ b, n1, parity ^ QBIT[b.bit_length() - 1], False, not cut, m)
                else:
                    v = -small(np_, no_, -alpha - 1, empty ^ b, n1, not cut)
                if v > best:
                    best = v
                    best_move = b
                    if v > alpha:
                        break
            if key is not None:
                if len(tt) >= TT_MAX_ENTRIES:
                    prune()
                if best > alpha:
                    tt[key] = (best if best > lo else lo, hi, best_move)
                else:
                    # failing low says little about which move is best: an earlier one stays
                    tt[key] = (lo, best if best < hi else hi, hash_move or best_move)
                if n >= share_min:
                    shared.append(key)
            return best

        def pvs(p: int, o: int, alpha: int, beta: int, empty: int, n: int, parity: int, passed: bool) -> int:
            # any window: the first child with the full window, the others null windows first
            nonlocal nodes
            if beta == alpha + 1:
                if n > SHALLOW:
                    return nws(p, o, alpha, empty, n, parity, passed, True)
                return small(p, o, alpha, empty, n, True)
            nodes += 1
            if n == 0:
                return final(p, o)
            if n == 1:
                return last1(p, o, empty.bit_length() - 1)
            mv = MOVES(p, o, empty)
            if not mv:
                if passed or not MOVES(o, p, empty):
                    return final(p, o)
                return -pvs(o, p, -beta, -alpha, empty, n, parity, True)
            key = None
            hash_move = 0
            lo, hi = -INFINITY, INFINITY
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
            kids = order(p, o, mv, empty, n, parity, hash_move)
            n1 = n - 1
            best = -INFINITY
            best_move = 0
            for _, b, np_, no_, _m in kids:
                rest = empty ^ b
                par = parity ^ QBIT[b.bit_length() - 1]
                if best == -INFINITY:
                    v = -pvs(np_, no_, -beta, -alpha, rest, n1, par, False)
                else:
                    v = -pvs(np_, no_, -alpha - 1, -alpha, rest, n1, par, False)
                    if alpha < v < beta:
                        v = -pvs(np_, no_, -beta, -v, rest, n1, par, False)
                if v > best:
                    best = v
                    best_move = b
                    if v > alpha:
                        alpha = v
                        if v >= beta:
                            break
            if key is not None:
                if len(tt) >= TT_MAX_ENTRIES:
                    prune()
                if best <= alpha0:
                    hi = min(hi, best)
                    best_move = hash_move or best_move
                elif best >= beta:
                    lo = max(lo, best)
                else:
                    lo = hi = best
                tt[key] = (lo, hi, best_move)
                if n >= share_min:
                    shared.append(key)
            return best

        def solve(p: int, o: int, alpha: int, beta: int) -> int:
            empty = mask & ~(p | o)
            n = empty.bit_count()
            if n == 0:
                return final(p, o)
            if n == 1:
                return last1(p, o, empty.bit_length() - 1)
            return pvs(p, o, alpha, beta, empty, n, parity_of(empty), False)

        self._solve = solve
        self._order = order
        self._parity_of = parity_of
        self._share = share
        self._get_nodes = get_nodes
        self._set_nodes = set_nodes

    # -- public ------------------------------------------------------------------

    def solve(self, p: int, o: int, alpha: int = -INFINITY, beta: int = INFINITY) -> int:
        """The exact value of ``(p, o)`` if inside ``(alpha, beta)``, else a bound."""
        return self._solve(p, o, alpha, beta)

    def value(self, p: int, o: int, guess: int = 0) -> int:
        """The exact value, by MTD(f): null-window tests from ``guess`` that close in.

        The table keeps the bounds each test proved, so the tests share their work;
        a guess near the true value (e.g. from a midgame search) saves most of it.
        """
        return mtdf(self._solve, p, o, guess, self.even_scores)

    def order(self, p: int, o: int, moves: int, empty: int, hash_move: int = 0) -> list[tuple[int, int, int, int, int]]:
        """The children of ``(p, o)`` (legal ``moves``, ``empty`` squares) in the order the deep
        solver searches them, best first: ``(key, move's bit, player, opponent, their moves or -1)``;
        ``hash_move`` goes first."""
        return self._order(p, o, moves, empty, empty.bit_count(), self._parity_of(empty), hash_move)

    def share(self, min_empties: int) -> list[tuple[int, int]]:
        """From now on, the key of every table entry stored with at least ``min_empties``
        empties is appended to the list returned (the caller clears it), so that the entries
        can be passed on to another process's solver (:mod:`reversi.engine.parallel`)."""
        return self._share(min_empties)

    def moves(self, p: int, o: int) -> int:
        return _moves(p, o, self.geometry.mask & ~(p | o), self.geometry.shifts)


def mtdf(test: Callable[[int, int, int, int], int], p: int, o: int, guess: int, even_scores: bool) -> int:
    """The exact value of ``(p, o)`` by MTD(f) from ``guess``: ``test(p, o, alpha, beta)`` is a
    fail-soft search of the window (the serial solver's, or :mod:`reversi.engine.parallel`'s)."""
    lo, hi = -INFINITY, INFINITY
    if even_scores:
        # every final score is even: a window (g - 1, g + 1) around an even g
        # is as cheap as a null window and proves "below", "exactly g" or "above"
        g = guess + (guess & 1)
        while True:
            v = test(p, o, g - 1, g + 1)
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
        g = test(p, o, beta - 1, beta)
        if g < beta:
            hi = g
        else:
            lo = g
    return g


def clear_solvers() -> None:
    """Forget the cached solvers and their tables (benchmarks start each position cold)."""
    _solver_for.cache_clear()


@lru_cache(maxsize=16)
def _solver_for(g: Geometry, anti: bool, empties_to_winner: bool) -> Solver:
    return Solver(g, anti, empties_to_winner)


def solver_for(position: Position) -> Solver:
    """The (cached) solver of a position's geometry and scoring, with its rules' evaluation."""
    r = position.rules
    solver = _solver_for(r.geometry, r.anti, r.empties_to_winner)
    if solver.evaluate is None:
        solver.evaluate = make_evaluator(r)
    return solver


# -- positions with a placement phase or a binding supply -------------------------


def is_fast(position: Position) -> bool:
    """True when the fast bitboard solver applies as it is (no placement, no binding supply)."""
    if position.in_placement:
        return False
    if position.supply is None:
        return True
    n = position.empty.bit_count()
    return min(position.supply) >= n


def generic_negamax(position: Position, alpha: int, beta: int, solver: Solver) -> int:
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
        return -generic_negamax(position.pass_turn(), -beta, -alpha, solver)
    best = -INFINITY
    children = [position.play(m) for m in position.legal_moves()]
    children.sort(key=lambda c: c.legal.bit_count())
    for child in children:
        v = -generic_negamax(child, -beta, -alpha, solver)
        if v > best:
            best = v
            if v > alpha:
                alpha = v
                if v >= beta:
                    break
    return best


def position_value(
    position: Position, alpha: int = -INFINITY, beta: int = INFINITY, solver: Solver | None = None
) -> int:
    """Exact value of any position for the side to move (fail-soft inside the window)."""
    solver = solver or solver_for(position)
    if is_fast(position):
        return solver.solve(position.player, position.opponent, alpha, beta)
    return generic_negamax(position, alpha, beta, solver)
