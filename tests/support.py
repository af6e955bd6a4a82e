"""Helpers shared by the tests under CPython (no browser): fakes, a clock, games, a static host.

Test files import them from here (``from support import run``), never from another test
file; helpers that drive a page in Chromium are in tests/browser_support.py. Both are found
the same way: tests/conftest.py (and each benchmark under tests/bench/) puts ``tests/`` on
``sys.path``.

* ``run(coro)``: runs a scenario on its own event loop, in a thread.
* ``FakeClock``: a clock and ``sleep`` for the drivers (``AiDriver``, ``HintDriver``, ...)
  whose time passes only when they sleep, or (``step``) a little at every reading.
* ``Board``, ``Recorder``, ``Worker``: a page's token, a ``RequestDriver`` that keeps what it
  accepted, and an engine whose replies wait for the test (reversi/ui/drivers/requests.py).
* ``find_game_with_pass(rules, within=None)``: the moves of a random game in which a side has to pass.
* ``static_host(top)``: a plain static HTTP server of a folder, as a static host is (another
  origin than serve.py's).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import http.server
import random
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import ClassVar

from reversi import PASS, Game, Position, Rules
from reversi.engine.protocol import Request
from reversi.formats.record import Record
from reversi.ui.drivers.requests import Reply, RequestDriver
from reversi.ui.embed.puzzle import Puzzle

# -- async scenarios -----------------------------------------------------------------------


class FakeClock:
    """A clock whose time passes only when told: by ``sleep`` (the drivers'), and by ``step``
    seconds at every reading (``time.perf_counter`` for the search, whose deadline logic is
    then tested in readings of the clock, not in this machine's speed)."""

    def __init__(self, step: float = 0.0, start: float = 0.0) -> None:
        self.now = start
        self.step = step
        self.readings = 0
        self.slept: list[float] = []

    def __call__(self) -> float:
        self.now += self.step
        self.readings += 1
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)
        self.now += seconds
        await asyncio.sleep(0)


def run(coro):
    """Run a scenario on its own loop, in a thread (Playwright's sync API, or another test's
    loop, may hold this one); two minutes at most, a net against a hang."""
    import concurrent.futures

    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result(timeout=120)


# -- requests to the engine (reversi/ui/drivers/requests.py) -----------------------------------------


class Board:
    """What the page shows: a token that changes with every move."""

    def __init__(self) -> None:
        self.token = 0

    def move(self) -> None:
        self.token += 1


class Recorder(RequestDriver[int]):
    """A driver that keeps what it accepted, and counts redraws."""

    def __init__(self, board: Board, ask=None) -> None:
        self.redraws = 0
        super().__init__(lambda: board.token, ask, self.redraw)
        self.accepted: list[tuple[int, dict]] = []

    def redraw(self) -> None:
        self.redraws += 1

    def accept(self, token: int, reply: Reply) -> None:
        self.accepted.append((token, dict(reply)))


class Worker:
    """An engine whose replies wait for the test: ``release(k, reply)`` answers the k-th request."""

    def __init__(self) -> None:
        self.asked: list[Request] = []
        self.gates: list[asyncio.Future] = []

    async def __call__(self, args: Request) -> Reply:
        self.asked.append(args)
        gate = asyncio.get_running_loop().create_future()
        self.gates.append(gate)
        return await gate

    def release(self, k: int, reply: object) -> None:
        self.gates[k].set_result(reply)


# -- games ---------------------------------------------------------------------------------


def find_game_with_pass(rules: Rules, within: int | None = None) -> list[int]:
    """Moves of a random game of ``rules`` in which a side has to pass (and the game goes on), up to
    that pass; ``within``: by that many moves (a short one, for a test that clicks them one by one)."""
    for seed in range(5000):
        rng = random.Random(seed)
        game = Game(rules)
        moves = []
        while not game.is_over and (within is None or len(moves) < within):
            move = rng.choice(game.position.legal_moves())
            moves.append(move)
            game.play(move)
            if game.line[-1] == PASS and not game.is_over:
                return moves
    raise AssertionError("no pass found")


def in_language(code: str, text: str) -> str:
    """``text`` (an English message id) as the catalog of ``code`` says it; the language is put back."""
    from reversi import i18n

    previous = i18n.language()
    try:
        i18n.set_language(code)
        return i18n._(text)
    finally:
        i18n.set_language(previous)


# -- a static host -------------------------------------------------------------------------


class _Quiet(http.server.SimpleHTTPRequestHandler):
    """A plain static server, as a static host is: no special headers, the MIME types it needs."""

    extensions_map: ClassVar[dict[str, str]] = dict(http.server.SimpleHTTPRequestHandler.extensions_map, **{
        ".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
        ".webmanifest": "application/manifest+json", ".toml": "application/toml",
    })

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        pass


@contextlib.contextmanager
def static_host(top: Path) -> Iterator[str]:
    """Serve the folder ``top`` on a free port of 127.0.0.1; yield its base URL (ending in '/')."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(top)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


def hostile_texts(seed: int = 37, count: int = 400) -> list[tuple[str, str]]:
    """``(reader, text)`` pairs for the page's readers (:mod:`reversi.ui.store.probe`): deep nesting,
    lone surrogates, numbers too large for a float, unclosed tags, and pieces of every notation,
    mixed by a seeded generator (the same cases every run)."""
    import json

    rng = random.Random(seed)
    pieces = ["f5", "d6", "c3", "pass", "{", "}", "(", ")", "[%mark ", "]", "\ud83d", "\udc00", "1e999",
              "1" + "0" * 400, "\u0000", "\ufeff", "٣", "%", "&", "=", "m=", "e=rb", "pz=", "[Event \"", "\"]",
              "X", "O", "-", " ", "\n", "s=99", "v=2", "at=", "pl=", "r=octagon"]
    base = {"version": 3, "rules": {}, "start": None, "moves": "f5d6", "live": 2, "shown": [0, 0],
            "settings": {}, "clock": None, "ending": None}
    out: list[tuple[str, str]] = []
    for k in range(count):
        kind = ("state", "recent", "link", "paste", "record")[k % 5]
        roll = rng.random()
        if roll < 0.15:
            depth = rng.choice([40, 500, 3000, 8000])
            text = rng.choice(["[" * depth + "]" * depth, '{"a":' * depth + "1" + "}" * depth, "[" * depth])
        elif roll < 0.45 and kind in ("state", "recent"):
            data: object = dict(base)
            assert isinstance(data, dict)
            key = rng.choice(sorted(data))
            data[key] = rng.choice([10**400, 1e308, -1, "\ud83d", "f5{\ud800}d6", [[[]]], {"x": None}, True,
                                    "[%mark " * 500, "rb", "zz"])
            if kind == "recent":
                data = [{"query": "m=f5", "date": "d", "rules": "r", "players": "", "result": "",
                         "moves": rng.choice([1, 1e999, 10**400, -5, "7"])}]
            text = json.dumps(data, allow_nan=True).replace("Infinity", "1e999")
        else:
            text = "".join(rng.choice(pieces) for _ in range(rng.randint(1, 40)))
        out.append((kind, text))
    return out


def random_records(count: int, seed: int = 1) -> list[Record]:
    """``count`` random finished 8x8 games as records, with players' names and events (a WTHOR file's)."""
    rng = random.Random(seed)
    out = []
    for k in range(count):
        game = Game(Rules())
        while not game.is_over:
            game.play(rng.choice(game.position.legal_moves()))
        game.tags = {"Black": ["Anna", "Brian", "Chloé"][k % 3], "White": ["Dmitri", "Eve"][k % 2],
                     "Event": ["Paris Open", "Club"][k % 2]}
        out.append(Record.from_game(game))
    return out


def big_wthor(count: int, seed: int = 1) -> tuple[bytes, bytes, bytes]:
    """A WTHOR database of ``count`` games (fifty random ones repeated) with its .JOU and .TRN: the
    benches' large input."""
    from reversi.formats.wthor import HEADER_BYTES, write_wtb

    records = random_records(50, seed)
    wtb, jou, trn = write_wtb(records, 2024)
    games = wtb[HEADER_BYTES:] * (count // len(records))
    header = wtb[:4] + (count // len(records) * len(records)).to_bytes(4, "little") + wtb[8:HEADER_BYTES]
    return header + games, jou, trn


# -- puzzle sets (tests/test_puzzle_set.py, tests/test_embed_browser.py) ------------------------------


def random_position(rules: Rules, seed: int, plies: int) -> Position:
    """The position after up to ``plies`` random moves from the start (before the game's end)."""
    rng = random.Random(seed)
    game = Game(rules=rules)
    for _ in range(plies):
        if game.is_over:
            break
        game.play(rng.choice(game.position.legal_moves()))
    return game.position


def random_puzzle(position: Position, seed: int) -> Puzzle:
    """Answers for every legal move (one or more best), and a one-move solution, made up."""
    rng = random.Random(seed)
    moves = position.legal_moves()
    losses = {m: rng.choice([0, 2, 6, 14, 64]) for m in moves}
    best = rng.choice(moves)
    losses[best] = 0
    return Puzzle(losses, (best,) if seed % 2 else (), bool(seed % 3))


def puzzle_positions(rules: Rules, seed: int, count: int) -> list[Position]:
    """``count`` positions of random games where the side to move has a move."""
    out: list[Position] = []
    k = 0
    while len(out) < count:
        position = random_position(rules, seed + k, 4 + (seed + k) % 40)
        k += 1
        if not position.is_over and not position.must_pass:
            out.append(position)
    return out


def three_puzzles() -> list[tuple[Position, Puzzle]]:
    """A set of three 8x8 puzzles with made-up answers."""
    positions = puzzle_positions(Rules(), 7, 3)
    return [(p, random_puzzle(p, 2 * i + 1)) for i, p in enumerate(positions)]


def made_up_evaluations(game: Game, losses: dict[int, int], exact: bool = False, depth: int = 8,
                        others: int = -3000) -> dict:
    """Every main-line position valued as the study's engine would (``Evaluation`` by position): the
    move played at ply ``p`` loses ``losses[p]`` discs (0 if not given) against the first other legal
    move, which is then the best; every other move is worth ``others`` (in hundredths of a disc)."""
    from reversi.formats.notation import move_name
    from reversi.ui.drivers.study import Evaluation

    g = game.rules.geometry
    out: dict = {}
    for node in game.main_line()[1:]:
        parent = node.parent
        if parent is None or node.move is None or node.was_forced_pass:
            continue
        names = [move_name(m, g) for m in parent.position.legal_moves()]
        played = move_name(node.move, g)
        rest = [n for n in names if n != played]
        loss = losses.get(node.depth, 0) if rest else 0
        best = rest[0] if loss else played
        scores = {n: others for n in names} | {played: -100 * loss, best: 0}
        out[parent.position] = Evaluation(scores, [best], [best], depth, exact, 1)
    return out
