"""The opening explorer on a large database: the time to index it, the longest slice, the memory, a lookup.

    python -m tests.bench.bench_explorer [--games 100000] [--kind book|uniform] [--browser]

Writes a WTHOR database of ``--games`` games (kept in the temporary folder for the next run):
``book`` games follow the opening book's moves while it has some, drawn among those close to
its best as players follow theory, then moves drawn with a strong preference for a few in
each position (a long tail, as in a real database); ``uniform`` games play every move at
random (every game leaves the others at once: the most positions, the worst case for memory).
Each game has 36 moves and a result drawn around a draw: the explorer reads only the first
:data:`reversi.ui.explorer_index.PLIES`.

Under CPython, indexes it as the page does (:class:`reversi.ui.explorer_index.Indexing`, slices of
:data:`reversi.ui.dom.explorer.SLICE_SECONDS` handed out in turn): the seconds in all, the
longest slice (what stands for the longest task of the page's main thread) and the entries;
then again under ``tracemalloc`` for the memory the index holds once done (and at its peak);
then the time of a lookup (the moves of a position) at the start and along a few games.

With ``--browser``, opens the app in Debian's Chromium (``serve.py``), gives the Game menu's
Open the database, and prints the seconds until the games list shows every game and until the
explorer has indexed them, the main thread's longest task and its tasks over 50 ms in each
stretch (``longtask`` entries; the list's own reading is in the first), the main thread's
WebAssembly memory (Python's heap, its peak: the memories the page makes are kept by an init
script) before and after, and
the tasks of a move played from the explorer's table.
"""

from __future__ import annotations

import argparse
import gc
import random
import struct
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

from reversi.core.bitboard import flips, moves
from reversi.core.position import Position
from reversi.core.rules import BLACK, Rules
from reversi.formats.wthor import read_wtb
from reversi.ui.explorer_index import PLIES, Indexing, OpeningIndex

#: The moves of each game written (the explorer reads the first PLIES of them).
GAME_PLIES = 36
#: The WTHOR header and game records (reversi/formats/wthor.py's layout).
HEADER = struct.Struct("<BBBBIHHBBBB")
GAME = struct.Struct("<HHHBB60s")
#: The page's slice of indexing (reversi/ui/dom/explorer.py), in seconds.
SLICE_SECONDS = 0.03


def _book_choices(book: dict[tuple[int, int], int], player: int, opponent: int, turn: int) -> list[int]:
    """The book's moves of a position close to its best (best first), [] when it has none."""
    from reversi.engine.book import book_moves

    pos = Position(Rules(), player if turn == BLACK else opponent, opponent if turn == BLACK else player, turn)
    values = book_moves(pos, book)
    if not values:
        return []
    best = max(values.values())
    return sorted((m for m, v in values.items() if v >= best - 300), key=lambda m: -values[m])


def write_database(count: int, kind: str, seed: int = 1) -> bytes:
    """A ``.wtb`` of ``count`` games of ``kind`` (see the module), cached in the temporary folder."""
    path = Path(tempfile.gettempdir()) / f"reversi-explorer-{kind}-{count}-{seed}.wtb"
    if path.exists():
        return path.read_bytes()
    from reversi.engine.book import book_for

    rng = random.Random(seed)
    rules = Rules()
    g = rules.geometry
    shifts, mask = g.shifts, g.mask
    start = Position.start(rules)
    book = book_for(rules) or {} if kind == "book" else {}
    choices: dict[tuple[int, int, int], list[int]] = {}
    theories: dict[tuple[int, int, int], list[int]] = {}
    body = bytearray()
    for number in range(count):
        player, opponent, turn = start.black, start.white, BLACK
        written = bytearray()
        in_book = bool(book)
        for ply in range(GAME_PLIES):
            empty = mask & ~(player | opponent)
            key = (player, opponent, turn)
            legal = choices.get(key)
            if legal is None:
                found = moves(player, opponent, empty, shifts)
                if not found:
                    if not moves(opponent, player, empty, shifts):
                        break
                    player, opponent, turn = opponent, player, 1 - turn
                    continue
                legal = []
                while found:
                    low = found & -found
                    legal.append(low.bit_length() - 1)
                    found ^= low
                rng.shuffle(legal)  # the order of preference in this position
                if len(choices) < 300_000:
                    choices[key] = legal
            square = -1
            if in_book:
                theory = theories.get(key)
                if theory is None:
                    theory = theories[key] = _book_choices(book, player, opponent, turn)
                if theory:
                    weights = [1 / (1 + k) ** 2 for k in range(len(theory))]
                    square = rng.choices(theory, weights)[0]
                else:
                    in_book = False
            if square < 0:
                if kind == "uniform":
                    square = rng.choice(legal)
                else:  # the first moves of the list far more often than the rest, less so as the game goes on
                    keep = min(0.9, 0.3 + 0.02 * ply)
                    k = 0
                    while k < len(legal) - 1 and rng.random() < keep:
                        k += 1
                    square = legal[k]
            flipped = flips(player, opponent, square, shifts)
            player, opponent, turn = opponent ^ flipped, player | flipped | 1 << square, 1 - turn
            col, row = g.coords(square)
            written.append(10 * (row + 1) + col + 1)
        black = max(0, min(64, 32 + round(rng.gauss(0, 12))))
        players = (number % 300, (number * 7 + 1) % 300)
        body += GAME.pack(number % 50, *players, black, black, bytes(written).ljust(60, b"\0"))
    data = HEADER.pack(20, 26, 1, 1, count, 0, 2024, 8, 0, 0, 0) + bytes(body)
    path.write_bytes(data)
    return data


def index_in_slices(games: list, seconds: float) -> tuple[Indexing, list[float]]:
    """The database indexed as the page does: its games handed over in slices of 5,000 and
    indexed ``seconds`` at a time; the index and the time of each slice."""
    indexing = Indexing("bench.wtb", total=len(games))
    for k in range(0, len(games), 5_000):
        indexing.feed_wthor(games[k : k + 5_000])
    indexing.end()
    slices: list[float] = []
    more = True
    while more:
        t0 = time.perf_counter()
        more = indexing.work(seconds)
        slices.append(time.perf_counter() - t0)
    return indexing, slices


def lookups(index: OpeningIndex, games: list) -> tuple[float, float]:
    """The mean seconds of a lookup at the start, and along the first moves of a few games."""
    start = Position.start(Rules())
    t0 = time.perf_counter()
    for _ in range(200):
        index.moves(start)
    at_start = (time.perf_counter() - t0) / 200
    from reversi.formats.wthor import to_record

    positions = []
    for game in games[:: max(1, len(games) // 20)][:20]:
        record = to_record(game, 2024)
        positions += [node.position for node in record.to_game().main_line()[: PLIES]]
    t0 = time.perf_counter()
    for pos in positions:
        index.moves(pos)
    return at_start, (time.perf_counter() - t0) / len(positions)


#: Run before the page's scripts: keeps every WebAssembly memory made (by the constructor, or exported
#: by a module instantiated) in ``window.__memories``.
KEEP_MEMORIES = """(() => {
  const memories = window.__memories = [];
  const Memory = WebAssembly.Memory;
  const keep = r => {
    const instance = r.instance || r;
    try {
      for (const v of Object.values(instance.exports)) {
        if (v instanceof Memory && !memories.includes(v)) memories.push(v);
      }
    } catch (e) {}
    return r;
  };
  WebAssembly.Memory = function (...args) { const m = new Memory(...args); memories.push(m); return m; };
  WebAssembly.Memory.prototype = Memory.prototype;
  for (const name of ["instantiate", "instantiateStreaming"]) {
    const f = WebAssembly[name];
    WebAssembly[name] = (...args) => f.apply(WebAssembly, args).then(keep);
  }
})();"""


def browser(data: bytes, games: int) -> None:
    """The page's figures: the explorer's indexing in Chromium (see the module)."""
    tests = Path(__file__).resolve().parent.parent
    sys.path.insert(0, str(tests))
    from browser_support import launch_chromium, serve_repo
    from playwright.sync_api import sync_playwright

    def memory(page) -> int:
        """The main thread's WebAssembly memories (Python's heap), kept by :data:`KEEP_MEMORIES`: they
        grow, never shrink, so this is the peak so far."""
        return int(page.evaluate("window.__memories.reduce((n, m) => n + m.buffer.byteLength, 0)"))

    def tasks_text(tasks: list[float]) -> str:
        return (f"longest task {max(tasks, default=0):.0f} ms, {len(tasks)} tasks over 50 ms "
                f"({sum(tasks) / 1000:.1f} s in all)")

    with serve_repo() as url, sync_playwright() as p:
        context = launch_chromium(p).new_context(viewport={"width": 1280, "height": 800})
        context.add_init_script(KEEP_MEMORIES)
        page = context.new_page()
        page.goto(url)
        page.wait_for_function("document.documentElement.classList.contains('ready')", timeout=120_000)
        page.evaluate("""() => {
            window.__long = [];
            new PerformanceObserver(list => { for (const e of list.getEntries()) window.__long.push(e.duration); })
                .observe({type: 'longtask'});
        }""")
        before = memory(page)
        page.click("#explorer summary")
        started = time.perf_counter()
        page.set_input_files("#records-file", files=[
            {"name": "BIG.wtb", "mimeType": "application/octet-stream", "buffer": data}])
        total = f"{games:,}"
        page.wait_for_function(f"(document.querySelector('#games-dialog .games-count') || {{}}).textContent"
                               f"?.startsWith('{total} of {total} games')", timeout=1_800_000)
        listed = time.perf_counter() - started
        while_listed = page.evaluate("window.__long.splice(0)")
        page.click('#games-dialog [data-games="close"]')
        page.wait_for_function(
            f"document.querySelector('#explorer .explorer-source').textContent.startsWith('{total} games')",
            timeout=1_800_000)
        indexed = time.perf_counter() - started
        after_list = page.evaluate("window.__long.splice(0)")
        after = memory(page)
        started = time.perf_counter()
        page.click('#explorer button[data-move="f5"]')
        page.wait_for_function("document.querySelector('#board').dataset.moves === '1'")
        page.wait_for_timeout(200)
        clicked = page.evaluate("window.__long.splice(0)")
        print(f"browser: {total} games listed in {listed:.1f} s (list and explorer: {tasks_text(while_listed)}); "
              f"indexed in {indexed:.1f} s (the explorer alone after the list: {tasks_text(after_list)}); "
              f"the main thread's WebAssembly memory {before / 1e6:.0f} MB before, {after / 1e6:.0f} MB after; "
              f"a move played from the table: {tasks_text(clicked)}")
        context.browser.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--kind", choices=("book", "uniform"), default="book")
    parser.add_argument("--browser", action="store_true", help="also measure the page in Chromium")
    args = parser.parse_args()
    t0 = time.perf_counter()
    data = write_database(args.games, args.kind)
    games = read_wtb(data)[1]
    print(f"{args.games:,} {args.kind} games ({len(data) / 1e6:.1f} MB, written or read in "
          f"{time.perf_counter() - t0:.1f} s); the first {PLIES} moves of each indexed")
    gc.collect()
    indexing, slices = index_in_slices(games, SLICE_SECONDS)
    index = indexing.index
    print(f"CPython {sys.version.split()[0]}: indexed in {sum(slices):.1f} s, {len(slices)} slices of "
          f"{SLICE_SECONDS * 1000:.0f} ms asked, the longest {max(slices) * 1000:.0f} ms; {index.entries:,} entries")
    del indexing, index
    gc.collect()
    tracemalloc.start()
    indexing, _slices = index_in_slices(games, 1.0)
    held, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(f"memory (tracemalloc): {held / 1e6:.1f} MB held by the index once done "
          f"({held / max(1, indexing.index.entries):.0f} bytes an entry), {peak / 1e6:.1f} MB at the peak")
    at_start, along = lookups(indexing.index, games)
    print(f"a lookup: {at_start * 1e3:.2f} ms at the start, {along * 1e3:.2f} ms on average along 20 games")
    if args.browser:
        browser(data, args.games)


if __name__ == "__main__":
    main()
