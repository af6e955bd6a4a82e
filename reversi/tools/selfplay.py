"""Self-play for the training: games of a shallow searcher, labelled by exact endgame solves.

Each game starts with a few random moves (varied openings), then a fixed-depth alpha-beta player
(:func:`search_value`) on a given evaluation plays, with a random move now and then (positions
after poor moves, the kind a search's leaves are full of); from a number of empty squares on,
the game is played perfectly with :func:`reversi.engine.search.solve`. Every position of the game
is labelled with its final margin for the side to move: exact from the solve point on, the
outcome of that fair play earlier (:func:`play_game`). :func:`generate` plays many games,
cycling through rule sets, each game with its own seed, so that a run is reproducible.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from reversi.core.bitboard import flips as _flips
from reversi.core.bitboard import moves as _moves
from reversi.core.position import Position
from reversi.core.rules import Rules, random_blocked
from reversi.engine.evaluate import Evaluator
from reversi.engine.search import solve as _solve
from reversi.tools.dataset import Log, Sample


def final_margin(rules: Rules, p: int, o: int) -> int:
    """The final disc difference for ``p`` as the game scores it (Anti reversed, empties to the winner)."""
    a, b = p.bit_count(), o.bit_count()
    m = b - a if rules.anti else a - b
    if rules.empties_to_winner and m:
        e = (rules.geometry.mask & ~(p | o)).bit_count()
        m += e if m > 0 else -e
    return m


def search_value(rules: Rules, evaluate: Evaluator, p: int, o: int, depth: int, alpha: int, beta: int) -> int:
    """Fixed-depth alpha-beta value (centidiscs; exact ends count 10000 per disc)."""
    g = rules.geometry
    empty = g.mask & ~(p | o)
    mv = _moves(p, o, empty, g.shifts)
    if not mv:
        if not _moves(o, p, empty, g.shifts):
            return 10000 * final_margin(rules, p, o)
        return -search_value(rules, evaluate, o, p, depth, -beta, -alpha)
    if depth == 0:
        return evaluate(p, o)
    best = -(10**9)
    while mv:
        bit = mv & -mv
        mv ^= bit
        f = _flips(p, o, bit.bit_length() - 1, g.shifts)
        v = -search_value(rules, evaluate, o & ~f, p | f | bit, depth - 1, -beta, -alpha)
        if v > best:
            best = v
            if v > alpha:
                alpha = v
                if alpha >= beta:
                    break
    return best


def play_game(
    rules: Rules,
    evaluate: Evaluator,
    seed: int,
    epsilon: float,
    solve_empties: int,
    game_id: int,
    depth: int = 2,
    opening: tuple[int, int] = (4, 8),
) -> Sample:
    """One self-play game, labelled (see the module docstring).

    Random moves for the first ``opening`` plies (a random count in that range), then
    a ``depth``-ply alpha-beta player on ``evaluate`` that plays a random move with
    probability ``epsilon``; from ``solve_empties`` empties on, perfect play found by
    :func:`reversi.engine.solver.solve`. Labels: the exact final margin of the game (for the
    side to move), exact for every position from the solve point on.
    """
    rng = random.Random(seed)
    g = rules.geometry
    shifts = g.shifts
    pos = Position.start(rules)
    randoms = rng.randint(*opening)
    line: list[tuple[int, int, int]] = []  # (player, opponent, colour to move)
    solved = None  # (score, colour) at the solve point
    ply = 0
    while not pos.is_over:
        if pos.must_pass:
            pos = pos.pass_turn()
            continue
        p, o = pos.player, pos.opponent
        line.append((p, o, pos.turn))
        if solved is not None or pos.empty.bit_count() <= solve_empties:
            r = _solve(pos, all_best=False)
            if solved is None:
                solved = (r.score, pos.turn)
            move = r.best[0]
        else:
            cand = pos.legal_moves()
            if ply < randoms or rng.random() < epsilon:
                move = rng.choice(cand)
            else:
                best = None
                ties: list[int] = []
                for i in cand:
                    f = _flips(p, o, i, shifts)
                    v = -search_value(rules, evaluate, o & ~f, p | f | (1 << i), depth - 1, -(10**9), 10**9)
                    if best is None or v > best:
                        best, ties = v, [i]
                    elif v == best:
                        ties.append(i)
                move = rng.choice(ties)
        pos = pos.play(move)
        ply += 1
    if solved is None:  # ended before reaching the solve depth: the result is exact
        solved = (pos.final_margin(pos.turn), pos.turn)
    score, colour = solved
    out = Sample()
    for p, o, turn in line:
        out.players.append(p)
        out.opponents.append(o)
        out.labels.append(float(score if turn == colour else -score))
        out.games.append(game_id)
        out.rules.append(rules)
    return out


def generate(
    rules_list: list[Rules],
    evaluators: dict[Rules, Evaluator],
    games: int,
    seed: int,
    epsilon: float,
    solve_empties: int,
    time_limit: float | None = None,
    log: Log | None = None,
    depth: int = 2,
    checkpoint: Callable[[Sample], None] | None = None,
) -> Sample:
    """Play ``games`` self-play games, cycling through ``rules_list``.

    ``checkpoint(data)`` is called every 100 games (to save the positions so far).
    """
    data = Sample()
    t0 = time.time()
    for k in range(games):
        rules = rules_list[k % len(rules_list)]
        data.extend(play_game(rules, evaluators[rules], seed + k, epsilon, solve_empties, seed + k, depth))
        if (k + 1) % 100 == 0:
            if log:
                log(f"  {k + 1} games, {len(data)} positions, {time.time() - t0:.0f}s")
            if checkpoint:
                checkpoint(data)
        if time_limit is not None and time.time() - t0 > time_limit:
            if log:
                log(f"  time limit: stopped after {k + 1} games")
            break
    return data


# -- geometries for the feature training -------------------------------------------------


def feature_rules(anti: bool, quick: bool) -> list[Rules]:
    """The geometries feature training plays on (a mix, so one weight set fits all)."""
    out = [Rules(size=n, anti=anti) for n in (6, 8, 10)] + [Rules("octagon", anti=anti)]
    out.append(random_blocked(Rules(size=8, anti=anti), 4, 1))
    out.append(random_blocked(Rules(size=10, anti=anti), 6, 2))
    if not quick:
        out.append(Rules(size=12, anti=anti))
        out.append(random_blocked(Rules("octagon", anti=anti), 4, 3))
    return out
