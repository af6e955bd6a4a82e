"""Static evaluation of a position: trained patterns per board, trained features elsewhere.

Interface (what the search uses)::

    evaluate = make_evaluator(rules)      # cached per Rules
    value = evaluate(player, opponent)    # side-relative bitboards
    value = with_moves(evaluate)(player, opponent, legal)  # the same, given the mover's moves

``with_moves`` is for the searches, which have generated the side to move's legal
moves before they evaluate: the trained evaluators then skip generating them again.
Any two-argument function is an evaluator; :func:`with_moves` wraps those that lack the
faster form.

``value`` is the static value for the side to move in centidiscs (100 = one disc of
final margin as the score counts it). It is anti-aware: higher is always better for
the side to move, also under Anti, where the weights were fitted on Anti games.

Two evaluators, both linear in features, weights per game phase, trained by
:mod:`reversi.tools.train` and loaded from ``reversi/engine/data/`` with plain Python
(:mod:`reversi.engine.weights`):

Pattern evaluation (a board with its own weights file: 8x8 Othello, Anti and Classic, 6x6,
10x10, 12x12 and the octagon; :func:`reversi.engine.weights.pattern_names` says which file
serves which rules)
    In the spirit of Logistello and Edax (ideas only; squares, tables and weights
    here are our own). A *pattern* is an ordered list of squares, given once for the
    a1 corner / top edge in the weights file; its *instances* are its images under
    the 8 symmetries of the board, all sharing one weight table indexed by the base-3
    number of the squares (:mod:`reversi.engine.patterns`). The file says which board it is
    for (``board``, its side) and gives each pattern's squares on that board; the octagon's
    patterns follow its cut corners. Training ties the entries
    that a pattern's own symmetries map onto each other, so the value of a position
    is exactly invariant under the symmetries of the board. Next to the tables, a
    few *scalar* features with one weight each per phase
    (:data:`reversi.engine.patterns.PATTERN_SCALARS`): bias, parity, the mobility of each
    side and the potential mobility (empty squares next to the other side's discs) of each
    side; a model may add the stable discs or the corners of each side
    (:data:`reversi.engine.patterns.KNOWN_SCALARS`). The shipped models are small on
    purpose, what the training's games can determine; the corners of each side as scalars
    give a corner its value where a pattern's configuration was never seen. Which patterns
    each board has: :mod:`reversi.tools.fit`; how they were chosen and trained:
    ``docs/engine/tuning.md`` and ``docs/engine/training.md``.

    Speed: an incremental index update is out of reach in a pure-Python search, so
    the evaluator computes every index from scratch, with as few operations of the
    interpreter as possible (its cost is per operation, not per bit). Both sides' discs
    are packed into one integer, the opponent's a lane above the player's; an instance's
    squares masked out of it are the key of a dictionary that gives the base-3 index at
    once: ``W[index[packed & mask]]``, one mask, two lookups (the dictionary holds every
    configuration: ``3**n`` entries, built at load time; the transposed board's instances
    share the dictionaries of the others: memory bought for speed). Patterns of more
    than :data:`DICT_MAX_SQUARES` squares are *gathered* instead, which is slower: a side's
    square bits moved into a small key with a few shift-and-mask terms (one per run of
    consecutive squares) or with one multiplication (a "magic" multiplier collects a column
    or diagonal, checked carry-free at build time), and two per-instance tables turn the own
    and opponent keys into the base-3 index: ``W[own_table[key_own] + opp_table[key_opp]]``.
    The whole evaluator is generated as straight-line Python source per geometry and
    compiled once, with every mask and shift a literal.

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

from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

from reversi.core.bitboard import moves as _moves
from reversi.core.geometry import Geometry
from reversi.core.rules import Rules
from reversi.engine.codegen import generate
from reversi.engine.kernels import lane_width, moves_by_empties, stable_function, unflippable_squares
from reversi.engine.patterns import (
    KNOWN_SCALARS,
    gather_code,
    gather_cost,
    key_tables,
    packed_index,
    pattern_instances,
    transpose_code,
)
from reversi.engine.weights import (
    DATA_DIR,
    FEATURE_BUCKETS,
    feature_file,
    load_feature_weights,
    pattern_weights,
    probcut_by_empties,
)
from reversi.errors import WeightsError
from reversi.i18n import _

Evaluator = Callable[[int, int], int]

#: Hand-set weights (centidiscs per unit, in the order of :data:`reversi.engine.weights.FEATURES`),
#: the same in every phase: mobility and corners, the classic simple evaluation. Used when no
#: trained file is present.
HAND_WEIGHTS = {
    "normal": (0, 0, 0, 800, -250, -100, 0, 100, 0),
    "anti": (0, 0, -30, -400, 150, 50, 0, 100, 0),
}
#: Patterns of at most this many squares are looked up by the packed boards' masked bits in a
#: dictionary of every configuration (3**10 = 59,049 entries; larger ones are gathered).
DICT_MAX_SQUARES = 10


# -- the pattern evaluator ---------------------------------------------------------


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
                env[tname + "a"], env[tname + "b"] = key_tables(bits)
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


# -- the feature evaluator ---------------------------------------------------------


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
    patterns = pattern_weights(rules, data_dir)
    if patterns is not None:
        header, weights = patterns
        return build_pattern_evaluator(g, header, weights)
    data = load_feature_weights(feature_file(data_dir))
    key = "anti" if rules.anti else "normal"
    if data is not None and key in data:
        return build_feature_evaluator(g, data[key])
    return hand_evaluator(rules)
