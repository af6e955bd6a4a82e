"""Memory snapshots (``assets/interpreter.js``, ``assets/snapshot-worker.js``): a start after the
first one restores an interpreter that has already imported the package.

In a browser context of its own (the shared one makes none, ``browser_support.NO_SNAPSHOTS_JS``):

1. a first visit starts without one (``data-snapshot="none"``) and, once its engine is ready,
   makes two, the page's and the engine's, kept in Cache Storage under the runtime's version and
   the SHA-256 of the archives they were made from (checked here against the served archives);
2. the next start uses them, on the main thread and in the engine's worker (its ping says so, and
   that the evaluator of Othello came built in the snapshot), and the game is played against the
   computer as on any start;
3. a snapshot that cannot be restored (damaged) is deleted and the page starts without it
   (``failed``); one made from other archives is deleted and not used (``none``).

How much sooner it starts is measured by ``tests/bench/bench_load.py`` (``_snap``), not here.
"""

from __future__ import annotations

import hashlib
import json
import urllib.request

import pytest
from browser_support import REPO_ROOT, click_square, new_game, wait_ready

pytestmark = [pytest.mark.browser, pytest.mark.long]

KEYS_JS = """async () => {
  const cache = await caches.open('reversi-snapshots');
  const out = {};
  for (const key of await cache.keys()) out[key.url] = (await (await cache.match(key)).arrayBuffer()).byteLength;
  return out;
}"""

PUT_JS = """async ([url, bytes]) => {
  const cache = await caches.open('reversi-snapshots');
  await cache.put(url, new Response(new Uint8Array(bytes)));
}"""

#: A snapshot that is not one (Pyodide would wait for ever on it: it is never handed over).
DAMAGED_JS = """async url => {
  const cache = await caches.open('reversi-snapshots');
  await cache.put(url, new Response(new Uint8Array(200000).fill(7)));
}"""
#: A snapshot of another build of Pyodide (its build id changed): Pyodide refuses it.
OTHER_BUILD_JS = """async url => {
  const cache = await caches.open('reversi-snapshots');
  const engine = (await cache.keys()).find(r => r.url.includes('/snapshot/engine?'));
  const bytes = new Uint8Array(await (await cache.match(engine)).arrayBuffer());
  bytes[16] ^= 0xff;
  await cache.put(url, new Response(bytes));
}"""

#: A snapshot whose header and size are intact but whose second half is zeros, its digest header
#: kept (a cache that kept half of it): Pyodide would spin for ever on it; its digest no longer matches.
ZEROED_JS = """async url => {
  const cache = await caches.open('reversi-snapshots');
  const entry = await cache.match(url);
  const bytes = new Uint8Array(await entry.arrayBuffer());
  bytes.fill(0, bytes.length >> 1);
  await cache.put(url, new Response(bytes, { headers: entry.headers }));
}"""
#: A copy of the sound snapshot (its headers too), in a cache the page does not read.
KEEP_JS = """async url => {
  const entry = await (await caches.open('reversi-snapshots')).match(url);
  await (await caches.open('test-kept')).put(url, entry);
}"""
#: The sound snapshot put back from that copy.
PUT_BACK_JS = """async url => {
  const entry = await (await caches.open('test-kept')).match(url);
  await (await caches.open('reversi-snapshots')).put(url, entry);
}"""
#: While this session flag is set, the test's pages make no snapshot (``self.reversiSnapshots = false``).
NO_REMAKE = "test-no-remake"
HELD_JS = """async url => !!(await (await caches.open('reversi-snapshots')).match(url))"""
#: A restore that never finished (the tab froze in it): the next start does not try that snapshot again.
STUCK_JS = """async url => (await caches.open('reversi-snapshots')).put(
  url.slice(0, url.indexOf('?')) + '-restoring', new Response(url))"""
#: The four damages, each done to a sound snapshot.
DAMAGES = (DAMAGED_JS, OTHER_BUILD_JS, ZEROED_JS, STUCK_JS)
#: Whether a marker of a restore under way is left in the cache.
MARKER_LEFT_JS = """async url => !!(await (await caches.open('reversi-snapshots')).match(
  url.slice(0, url.indexOf('?')) + '-restoring'))"""

#: Whether the cache holds no snapshot at ``url``, or a sound one (this build's, as the engine's is).
SOUND_JS = """async url => {
  const cache = await caches.open('reversi-snapshots');
  const entry = await cache.match(url);
  if (!entry) return true;
  const engine = (await cache.keys()).find(r => r.url.includes('/snapshot/engine?'));
  const head = new Uint8Array(await entry.arrayBuffer()).slice(0, 48);
  const build = new Uint8Array(await (await cache.match(engine)).arrayBuffer()).slice(0, 48);
  // the magic number (bytes 0-3) and the build's id (16-47) as the engine's: not the damaged one
  return head.length === 48 && head.every((b, i) => (i >= 4 && i < 16) || b === build[i]);
}"""


def digest(server_url: str, path: str) -> str:
    with urllib.request.urlopen(server_url + path) as response:
        return hashlib.sha256(response.read()).hexdigest()


def snapshot_state(page) -> str:
    return page.evaluate("document.documentElement.dataset.snapshot")


def start(page, server_url: str) -> None:
    page.goto(server_url)
    wait_ready(page)
    wait_ready(page, "engine-ready", 120_000)


def test_a_start_after_the_first_restores_the_snapshots_made_in_the_background(browser, server_url) -> None:
    context = browser.new_context(service_workers="block", viewport={"width": 1000, "height": 760})
    context.add_init_script(f"if (sessionStorage.getItem('{NO_REMAKE}')) self.reversiSnapshots = false;")
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        start(page, server_url)
        assert snapshot_state(page) in ("none", "made")  # made meanwhile, if the machine is quick
        ping = json.loads(page.evaluate("window.reversiEngine('ping', '{}')"))
        assert ping["snapshot"] == "none" and ping["kept"] == [], ping  # its evaluator built here
        page.wait_for_function("document.documentElement.dataset.snapshot === 'made'", timeout=180_000)
        archives = {"page": digest(server_url, "assets/package/page.zip"),
                    "engine": digest(server_url, "assets/package/page.zip") + "-"
                    + digest(server_url, "assets/package/engine.zip")}
        stored = page.evaluate(KEYS_JS)
        pins = json.loads((REPO_ROOT / "assets" / "runtime-pins.json").read_text(encoding="utf-8"))
        version = pins["versions"]["pyodide"]
        expected = {f"{server_url}assets/snapshot/{role}?pyodide={version}&archives={digest_}"
                    for role, digest_ in archives.items()}
        assert set(stored) == expected, stored
        assert all(size > 1_000_000 for size in stored.values())  # an interpreter's memory

        # the next start restores them: the page and the engine's worker
        start(page, server_url)
        assert snapshot_state(page) == "used"
        ping = json.loads(page.evaluate("window.reversiEngine('ping', '{}')"))
        assert ping["ok"] and ping["snapshot"] == "used", ping
        # the engine's snapshot holds Othello's evaluator, built from the weights its archive lists
        assert ping["kept"] == ["patterns_8x8.bin"] and ping["evaluator"] == "patterns", ping
        new_game(page, players="computer", you="black", level=1)
        click_square(page, "f5")  # the computer answers
        page.wait_for_function("document.querySelector('#board').dataset.moves === '2'", timeout=60_000)
        assert not errors, errors

        # a damaged snapshot: deleted, and the page starts without it (its engine still uses its own);
        # both kinds: one that is not a snapshot at all, and one of another build of Pyodide. Each case
        # damages the sound snapshot kept aside (KEEP_JS), and only the last start makes one again:
        # making one costs seconds of CPU, which three more would pay for nothing
        page_key = next(url for url in expected if "/snapshot/page?" in url)
        page.evaluate(KEEP_JS, page_key)
        page.evaluate(f"sessionStorage.setItem('{NO_REMAKE}', '1')")
        for number, damage in enumerate(DAMAGES, 1):
            if number == len(DAMAGES):
                page.evaluate(f"sessionStorage.removeItem('{NO_REMAKE}')")
            page.evaluate(PUT_BACK_JS, page_key)
            page.evaluate(damage, page_key)
            start(page, server_url)
            assert snapshot_state(page) in ("failed", "made"), damage  # made again at once, if the machine is quick
            assert page.evaluate(SOUND_JS, page_key)  # deleted, or made again
            assert not page.evaluate(MARKER_LEFT_JS, page_key)
        assert page.get_attribute("#board", "data-moves") == "2"  # the saved game, as it was
        assert json.loads(page.evaluate("window.reversiEngine('ping', '{}')"))["snapshot"] == "used"
        page.wait_for_function("document.documentElement.dataset.snapshot === 'made'", timeout=180_000)  # again
        assert page.evaluate(HELD_JS, page_key)

        # one made from other archives (an older version of the package) beside it: deleted, not used
        stale = page_key.replace("archives=", "archives=0000")
        page.evaluate(PUT_JS, [stale, list(b"x" * 100)])
        start(page, server_url)
        assert snapshot_state(page) == "used"
        assert set(page.evaluate(KEYS_JS)) == expected
        assert not errors, errors
    finally:
        context.close()
