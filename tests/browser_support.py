"""Helpers for tests that drive the app in a real browser (Playwright + Debian's Chromium).

* ``serve_repo()`` starts ``serve.py --port 0 --no-fetch`` as a subprocess and
  yields the base URL it prints (``http://127.0.0.1:PORT/``); the server is
  stopped on exit.
* ``chromium_with_profile(playwright)`` starts Debian's Chromium (``playwright
  install`` cannot download browsers here) in its headless shell (:data:`HEADLESS_SHELL_PATH`)
  with a profile on disk and connects to it: the browser of the tests. Its first context keeps the HTTP cache (and
  the compiled runtime) from test to test; no host name resolves in it but the
  test servers' own, so nothing can leave the machine.
* ``make_shared_snapshots(browser, url)``: that context's first page makes the memory
  snapshots once (the page's and the engine's), and its later pages start from them, as
  a visitor's every start after the first does; no other page makes any.
* ``AppContext`` / ``open_app()``: a test's pages in that warm context, with a
  first visit's storage (cleared, but for the snapshots), its requests to other origins
  recorded (``foreign``), and ``block()`` for URLs the test makes fail; ``private=True``
  gives a context of its own instead (a second visitor, a page kept open), as
  ``private_context(browser)`` does: a cold cache, no snapshot.
* ``launch_chromium(playwright)`` launches the whole Chromium, a visitor's browser, through
  Playwright (the benchmarks), and ``block_foreign_requests(target, base_url)`` routes every
  request of a page or context there: those to other origins are aborted and
  recorded. A route turns the HTTP cache off; ``watch_foreign_requests`` only
  records.
* ``wait_ready(page, name="ready")``: the app signals readiness with a class on ``<html>``
  (``ready``, then ``engine-ready``; ``py:all-done`` never fires without cross-origin isolation).
* Playing through the page as a person does: ``wait_ready(page)``,
  ``start_game(page, ...)`` and ``new_game(page, players=...)`` (the new-game dialog: the
  rules, or the players), ``click_square(page, name)`` (one move, waited for), and
  ``dom_states(page)`` / ``expected_states(controller)`` (the board shown, and what the
  controller says it should be). Screenshots go to ``ARTIFACTS`` (``tests/artifacts/``,
  git-ignored).

The runtime must already be installed (``python assets/fetch_runtime.py``).
"""

from __future__ import annotations

import contextlib
import json
import os
import queue
import re
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

if TYPE_CHECKING:
    from reversi.ui.controller import Controller

REPO_ROOT = Path(__file__).resolve().parent.parent
SERVE_PY = REPO_ROOT / "serve.py"
#: Where the browser tests put their screenshots (git-ignored).
ARTIFACTS = REPO_ROOT / "tests" / "artifacts"
#: The page's Python, as a route pattern: a test holds it back to look at the page before Python.
MAIN_PY = "**/reversi/ui/dom/main.py"
#: A visitor's browser: Debian's Chromium, whole (the benchmarks measure the page in it).
CHROMIUM_PATH = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
#: The tests' browser: the same Chromium build as its headless shell (Debian's package
#: ``chromium-headless-shell``; Playwright's own choice for headless runs). Blink, V8, the network
#: stack, storage and workers are the same; it lacks the windowed browser's layers (its views, the
#: desktop's compositing path), and the browser tests, bound by the CPU, cost the machine about a
#: fifth less in it (CONTRIBUTING.md has the figures).
HEADLESS_SHELL_PATH = os.environ.get("CHROMIUM_HEADLESS_SHELL_PATH", "/usr/bin/chromium-headless-shell")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
SERVING_LINE = re.compile(r"Serving on (http://\S+/)")


def wait_for_line(stream, pattern: re.Pattern[str], timeout: float, what: str, process) -> re.Match[str]:
    """Read ``stream`` (a subprocess's output) until a line matches ``pattern``; keep draining it
    afterwards (in a thread) so that the process never blocks on a full pipe."""
    lines: queue.Queue[str | None] = queue.Queue()

    def pump() -> None:
        for line in stream:
            lines.put(line)
        lines.put(None)

    threading.Thread(target=pump, daemon=True).start()
    seen: list[str] = []
    while True:
        try:
            line = lines.get(timeout=timeout)
        except queue.Empty:
            raise RuntimeError(f"{what} within {timeout} s: {seen}") from None
        if line is None:
            raise RuntimeError(f"exited with {process.wait()}: {''.join(seen)}")
        seen.append(line)
        match = pattern.search(line)
        if match:
            return match


def stop(process, group: bool = False) -> None:
    """End a subprocess: politely, then for good. ``group``: with every process of its group (one
    started with ``start_new_session``), so that a browser started through a wrapper script that
    does not ``exec`` it (Debian's ``chromium-headless-shell``) ends with its script."""
    import signal

    def send(sig: int) -> None:
        if group:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, sig)
        else:
            process.send_signal(sig)

    send(signal.SIGTERM)
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        send(signal.SIGKILL)
        process.wait()


@contextlib.contextmanager
def serve_repo(timeout: float = 30.0, fetch: bool = False, root: Path | None = None) -> Iterator[str]:
    """Run serve.py (of this checkout, or of another one at ``root``: a benchmark's "before") on a
    free port; yield its base URL (ending in '/')."""
    top = REPO_ROOT if root is None else Path(root)
    argv = [sys.executable, "-u", str(top / "serve.py"), "--port", "0"]
    if not fetch:
        argv.append("--no-fetch")
    process = subprocess.Popen(
        argv,
        cwd=top,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        assert process.stdout is not None
        yield wait_for_line(process.stdout, SERVING_LINE, timeout, "serve.py printed no address", process).group(1)
    finally:
        stop(process)


def origin_of(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


def block_foreign_requests(target, base_url: str) -> list[str]:
    """Route all requests of a Page or BrowserContext; return the list of blocked URLs.

    Requests to base_url's origin (and data:/blob: URLs, which never leave the
    browser) continue; every other one is aborted and recorded.
    """
    own_origin = origin_of(base_url)
    foreign: list[str] = []

    def handle(route) -> None:
        url = route.request.url
        if url.startswith(("data:", "blob:")) or origin_of(url) == own_origin:
            route.continue_()
        else:
            foreign.append(url)
            route.abort()

    target.route("**/*", handle)
    return foreign


#: How often a test's ``wait_for_function`` tries its condition (ms) when the test says nothing:
#: Playwright's own default tries it on every animation frame, which keeps the page drawing 60
#: frames a second for as long as the test waits (:func:`poll_by_default`).
POLL_MS = 100


def poll_by_default() -> None:
    """Make :data:`POLL_MS` the polling of ``Page.wait_for_function`` and ``Frame.wait_for_function``
    where a test gives none (the conftest calls it once): the waits are for the engine and the
    page, which take tenths of seconds at least, and polling on every frame cost the test
    processes a tenth of their CPU."""
    from playwright.sync_api import Frame, Page

    for cls in (Page, Frame):
        if getattr(cls.wait_for_function, "polls_by_default", False):
            continue
        original = cls.wait_for_function

        def wait_for_function(self, expression, *, arg=None, timeout=None, polling=None, _original=original):
            every = POLL_MS if polling is None else polling
            return _original(self, expression, arg=arg, timeout=timeout, polling=every)

        wait_for_function.polls_by_default = True  # type: ignore[attr-defined]
        cls.wait_for_function = wait_for_function  # type: ignore[method-assign]


def launch_chromium(playwright, headless: bool = True):
    """Launch Debian's Chromium through Playwright (sync API)."""
    return playwright.chromium.launch(
        executable_path=CHROMIUM_PATH, headless=headless, args=CHROMIUM_ARGS
    )


#: Switches of the test browser started by :func:`chromium_with_profile` (Playwright's own
#: launch passes the like of these): no throttled timers in a page without focus, no
#: scrollbars in screenshots, and no host name resolves but the test servers' own.
PROFILE_ARGS = [
    "--headless",
    "--hide-scrollbars",
    "--mute-audio",
    "--disable-background-timer-throttling",
    "--disable-backgrounding-occluded-windows",
    "--disable-renderer-backgrounding",
    "--disable-back-forward-cache",
    "--disable-dev-shm-usage",
    "--disable-extensions",
    "--disable-default-apps",
    "--disable-hang-monitor",
    "--disable-ipc-flooding-protection",
    "--disable-popup-blocking",
    "--no-default-browser-check",
    "--password-store=basic",
    "--force-color-profile=srgb",
    "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1 , EXCLUDE localhost",
]
#: What only the tests' browser adds (not a benchmark's, which measures the visitor's browser): the
#: runtime's WebAssembly stays on V8's baseline code (Liftoff), never optimised. A test page lives
#: seconds, and each interpreter's start (the page's, the engine worker's) would spend about 0.35
#: CPU-s optimising its largest functions again (even with tier-up put off by a huge budget),
#: which the other test processes on this machine's two cores wait for. The page behaves the
#: same, its Python somewhat slower.
TEST_ONLY_ARGS = ["--js-flags=--liftoff-only"]
DEVTOOLS_LINE = re.compile(r"DevTools listening on (ws://\S+)")
#: Playwright's own way of blocking service workers (its ``service_workers="block"``), for the
#: shared context, which is not made by ``new_context``.
NO_SERVICE_WORKER_JS = (
    "if (self.ServiceWorkerContainer) ServiceWorkerContainer.prototype.register = async () => undefined;"
)


#: The test pages make no memory snapshot of their own (assets/interpreter.js): making one costs
#: seconds of CPU after the engine is ready, which every test would pay. The shared context's pages
#: start from the two that :func:`make_shared_snapshots` made once, as a visitor's every start after
#: the first does; tests/test_snapshot_browser.py makes and uses them in a context of its own.
NO_SNAPSHOTS_JS = "self.reversiSnapshots = false;"


#: The test pages say the device has one core (``navigator.hardwareConcurrency``), so the engine
#: starts no helper worker beside its own: three test processes share this machine's two cores,
#: and every helper's start and its share of the evaluation graph would cost CPU that the tests of
#: the other processes wait for. tests/test_pool_browser.py's pages keep the browser's own count
#: (``AppContext(cores=None)``), and so do the pages a test opens in a context of its own.
ONE_CORE_JS = "Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', {get: () => 1, configurable: true});"


def private_context(browser, **options):
    """A browser context of its own (``browser.new_context(**options)``: a visitor with a cold cache
    and empty storage) whose pages make no memory snapshot, which the test would pay for."""
    context = browser.new_context(**options)
    context.add_init_script(NO_SNAPSHOTS_JS)
    return context


def make_shared_snapshots(browser, server_url: str, timeout_ms: float = 180_000) -> None:
    """Let the shared context's first page make the memory snapshots (the page's and the engine's),
    then stop its pages making more. Every later page there restores them instead of starting Python
    from scratch: about 1.4 s to a ready engine instead of 4 (``tests/bench/bench_load.py``), which
    the many page loads of the browser tests would otherwise each pay. :class:`AppContext` keeps
    them when it clears a test's storage. ``browser`` is :func:`chromium_with_profile`'s with
    ``snapshots=True``. If none is made in time the pages start without one (slower, not wrong):
    a warning says so, and tests/test_snapshot_browser.py is the test that fails."""
    import warnings

    from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

    page = browser.contexts[0].new_page()
    # two players: the page makes both snapshots in workers of their own and needs no engine meanwhile
    # (a game against the computer would boot one from scratch: seconds of CPU for nothing)
    page.add_init_script(seed_two_players_js())
    try:
        page.goto(server_url)
        page.wait_for_function("document.documentElement.dataset.snapshot === 'made'", timeout=timeout_ms)
    except PlaywrightTimeoutError:
        warnings.warn("the test browser made no memory snapshot: its pages start Python from scratch", stacklevel=2)
    finally:
        page.close()
    browser.contexts[0].add_init_script(NO_SNAPSHOTS_JS)


@contextlib.contextmanager
def chromium_with_profile(playwright, timeout: float = 30.0, snapshots: bool = False,
                          bench: bool = False) -> Iterator:
    """Debian's Chromium with a profile on disk, driven over the DevTools protocol: its headless
    shell (:data:`HEADLESS_SHELL_PATH`), or the whole browser for a ``bench``.

    Yields a Playwright Browser whose ``contexts[0]`` keeps its HTTP cache between tests, and
    with it the compiled WebAssembly of the runtime: a page boots there about a second and a
    half sooner than in a new context (see :class:`AppContext`). ``new_context()`` still makes
    the private contexts that tests with their own locale, routes or service worker need.
    Its pages make no memory snapshot unless ``snapshots`` (see :data:`NO_SNAPSHOTS_JS`). A
    ``bench`` browser is a visitor's (:data:`CHROMIUM_PATH`), its V8 run as theirs is (without
    :data:`TEST_ONLY_ARGS`).
    """
    import tempfile

    executable = CHROMIUM_PATH if bench else HEADLESS_SHELL_PATH
    if not os.path.exists(executable):
        raise FileNotFoundError(f"{executable} is missing: python tests/run.py installs it "
                                f"(apt-get install {'chromium' if bench else 'chromium-headless-shell'})")

    with tempfile.TemporaryDirectory(prefix="reversi-chromium-", ignore_cleanup_errors=True) as profile:
        process = subprocess.Popen(
            [executable, *CHROMIUM_ARGS, *PROFILE_ARGS, *([] if bench else TEST_ONLY_ARGS),
             f"--user-data-dir={profile}",
             "--remote-debugging-port=0", "about:blank"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
            start_new_session=True,  # a group of its own, ended whole (see stop)
        )
        try:
            assert process.stderr is not None
            match = wait_for_line(process.stderr, DEVTOOLS_LINE, timeout, "Chromium gave no DevTools address", process)
            browser = playwright.chromium.connect_over_cdp(match.group(1))
            browser.contexts[0].add_init_script(NO_SERVICE_WORKER_JS)
            if not snapshots:
                browser.contexts[0].add_init_script(NO_SNAPSHOTS_JS)
            try:
                yield browser
            finally:
                browser.close()
        finally:
            stop(process, group=True)


def watch_foreign_requests(target, base_url: str) -> tuple[list[str], object]:
    """Record the requests of a Page or BrowserContext to another origin than base_url's.

    The test browser resolves no other host name, so such a request fails; unlike a route,
    watching leaves the HTTP cache on. Returns the list and the listener (to remove).
    """
    own_origin = origin_of(base_url)
    foreign: list[str] = []

    def seen(request) -> None:
        url = request.url
        if not url.startswith(("data:", "blob:")) and origin_of(url) != own_origin:
            foreign.append(url)

    target.on("request", seen)
    return foreign, seen


def block_urls(page, *patterns: str) -> None:
    """Make the page's requests whose URL matches a pattern (``*`` wildcards) fail.

    Through the DevTools protocol rather than a route: a route turns the HTTP cache off.
    """
    client = page.context.new_cdp_session(page)
    client.send("Network.enable")
    client.send("Network.setBlockedURLs", {"urls": list(patterns)})


#: The shared context's page that clears its storage (about:blank, kept open): a page of a context is
#: what the DevTools protocol clears an origin's storage through, and making one a test cost a
#: fifth of a CPU-second (a renderer started and stopped).
_CLEARERS: dict = {}  # id(context) -> (its page, a DevTools session on it)


def clear_storage(context, server_url: str, storage_types: str) -> None:
    """Clear ``storage_types`` of the server's origin in ``context`` (the shared one)."""
    kept = _CLEARERS.get(id(context))
    if kept is None or kept[0].is_closed():
        page = context.new_page()
        kept = (page, context.new_cdp_session(page))
        _CLEARERS[id(context)] = kept
    kept[1].send("Storage.clearDataForOrigin",
                 {"origin": origin_of(server_url), "storageTypes": storage_types})


class AppContext:
    """One test's pages in the browser's shared context, with the storage of a first visit.

    Each test gets the app's origin as a new visitor would find it (no localStorage, no
    saved game) but a warm HTTP cache. It has the few parts of a BrowserContext the tests
    use (``new_page``, ``grant_permissions``, ``route``); ``close()`` closes its pages and
    undoes what it set. ``foreign`` lists the requests made to another origin.
    """

    #: What a test's first visit finds cleared: everything but Cache Storage, which in this context
    #: holds only the memory snapshots (its pages register no service worker), as a visitor's
    #: browser does after a first visit (see :func:`make_shared_snapshots`)
    STORAGE = "local_storage,indexeddb,service_workers,file_systems,cookies"

    def __init__(self, browser, server_url: str, viewport: dict, reduced_motion: str = "no-preference",
                 two_players: bool = False, private: bool = False, cores: int | None = 1) -> None:
        self.private = private  # a context of its own: a second visitor beside the first
        self.cores = cores  # what the pages say navigator.hardwareConcurrency is (None: the browser's)
        self._context = (
            private_context(browser, service_workers="block") if private else browser.contexts[0]
        )
        self.server_url, self.viewport, self.reduced_motion = server_url, viewport, reduced_motion
        self.two_players = two_players
        self.pages: list = []
        self._routes: list[tuple] = []
        self._blocked: list[str] = []
        self.foreign, self._listener = watch_foreign_requests(self._context, server_url)
        if not private:
            clear_storage(self._context, server_url, self.STORAGE)

    def new_page(self):
        page = self._context.new_page()
        page.set_viewport_size(self.viewport)
        page.emulate_media(reduced_motion=self.reduced_motion)
        if self.cores == 1:
            page.add_init_script(ONE_CORE_JS)
        if self.two_players:
            page.add_init_script(seed_two_players_js())
        if self._blocked:
            block_urls(page, *self._blocked)
        self.pages.append(page)
        return page

    def block(self, *patterns: str) -> None:
        """Make requests matching the patterns fail, in this test's pages (see :func:`block_urls`)."""
        self._blocked.extend(patterns)
        for page in self.pages:
            block_urls(page, *self._blocked)

    def grant_permissions(self, permissions: list[str], origin: str | None = None) -> None:
        self._context.grant_permissions(permissions, origin=origin)

    def route(self, url, handler) -> None:
        """A route for this test only (it turns the HTTP cache off while it lasts)."""
        self._context.route(url, handler)
        self._routes.append((url, handler))

    def close(self) -> None:
        if self.private:
            self._context.close()
            return
        for page in self.pages:
            if not page.is_closed():
                page.close()
        for url, handler in self._routes:
            self._context.unroute(url, handler)
        self._context.clear_permissions()
        self._context.remove_listener("request", self._listener)


def app_context(browser, server_url: str, viewport: dict, cores: int | None = 1) -> Iterator[AppContext]:
    """A module's :class:`AppContext` (for a ``scope="module"`` fixture: ``yield from``); on closing,
    that no request went to another origin."""
    context = AppContext(browser, server_url, viewport, cores=cores)
    yield context
    context.close()
    assert not context.foreign, context.foreign


def page_without_errors(context) -> Iterator:
    """A test's page of ``context`` (for a fixture: ``yield from``); on closing, that no script error
    was thrown in it."""
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    yield page
    page.close()
    assert not errors, errors


def two_players_state() -> str:
    """A saved state (autosave) of a new standard game between two people.

    The page's default is a game against the computer; tests that play both sides
    by clicking start from this saved choice instead (see :func:`seed_two_players`).
    The setting "Value each move as the game is played" is off in it: the
    engine's background valuing of every move played cost these tests about a seventh of their
    CPU, which the other test processes on this machine's two cores wait for; the tests of the
    graph, the review and the analysis start with it on (the page's default, and every page
    against the computer keeps it).
    """
    from reversi.core.game import Game
    from reversi.ui.controller import Controller
    from reversi.ui.forms import FORM_DEFAULTS
    from reversi.ui.players import Players
    from reversi.ui.store.saved_state import SavedState, dump_state

    c = Controller(players=Players())
    c.form_fields = {**FORM_DEFAULTS, "players": "two"}
    c.graph = False
    return dump_state(SavedState(Game(), c.settings(), None))


def seed_two_players_js() -> str:
    """A script that saves "two players" before the page's own scripts run, unless a state is saved."""
    import json

    from reversi.ui.store.saved_state import STORAGE_KEY

    return (
        f"if (!localStorage.getItem({json.dumps(STORAGE_KEY)})) "
        f"localStorage.setItem({json.dumps(STORAGE_KEY)}, {json.dumps(two_players_state())});"
    )


def seed_two_players(context) -> None:
    """Before any page of ``context`` loads, save "two players" unless a state is saved."""
    context.add_init_script(seed_two_players_js())


def open_app(browser, server_url: str, viewport: dict, reduced_motion: str = "no-preference",
             two_players: bool = False, private: bool = False, script: str = ""):
    """A page on the app, in the shared context with a first visit's storage (:class:`AppContext`).

    Returns ``(context, page, foreign, requests, errors)``: the AppContext (close it), the
    requests made to other origins, every request made, and the page's errors (uncaught and
    console). With ``two_players`` a first visit opens as two players instead of against the
    computer. A page that stays open while other tests run (a module's) is ``private``: in the
    shared context, the next test's first visit would clear its storage. ``script`` runs in the
    page before its own scripts.
    """
    context = AppContext(browser, server_url, viewport, reduced_motion, two_players, private)
    page = context.new_page()
    if script:
        page.add_init_script(script)
    requests: list[str] = []
    errors: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(server_url)
    return context, page, context.foreign, requests, errors


def click_start(page) -> None:
    """Start in the new-game dialog; when it asks before ending a game in progress, confirm."""
    page.click("#btn-start")
    if page.is_visible("#btn-start-confirm"):
        page.click("#btn-start-confirm")


# -- playing through the page --------------------------------------------------------------

#: Each square of the board shown: its name, its state and whether it is a legal move.
STATES_JS = "els => els.map(e => [e.dataset.square, e.dataset.state, e.classList.contains('legal')])"


def wait_ready(page, name: str = "ready", timeout_ms: float = 60_000) -> None:
    """Wait until <html> carries the class ``name``: ``ready`` (the board takes moves) or
    ``engine-ready`` (the computer's worker has warmed up). ``page`` may be a frame."""
    page.wait_for_function("name => document.documentElement.classList.contains(name)", arg=name, timeout=timeout_ms)


def dom_states(page) -> dict[str, tuple[str, bool]]:
    return {name: (state, legal) for name, state, legal in page.eval_on_selector_all("#board [data-square]", STATES_JS)}


def expected_states(controller: Controller) -> dict[str, tuple[str, bool]]:
    from reversi.drawing.render import BLOCKED, CUT

    view = controller.board_view()
    out = {}
    for row in range(view.height):
        for col in range(view.width):
            state = view.cell(col, row)
            if state not in (BLOCKED, CUT):
                name = view.name(col, row)
                out[name] = (state, name in view.legal)
    return out


def start_game(
    page,
    variant: str = "othello",
    size: int = 8,
    anti: bool = False,
    free_opening: bool = False,
    blocked: str = "none",
    blocked_count: int = 4,
    blocked_seed: str = "",
    blocked_list: str = "",
    handicap: int = 0,
    handicap_color: str = "black",
    expect_error: bool = False,
) -> None:
    """Fill in the new-game dialog and press Start."""
    form = "#new-game-form"
    page.click("#btn-new")
    page.wait_for_selector("#new-game-dialog[open]")
    page.check(f'{form} input[name="variant"][value="{variant}"]')
    # what the rule set does not take is disabled (Octagon: size and handicap; Classic: free opening)
    if page.is_enabled(f'{form} select[name="size"]'):
        page.select_option(f'{form} select[name="size"]', str(size))
    page.set_checked(f'{form} input[name="anti"]', anti)
    if page.is_enabled(f'{form} input[name="free_opening"]'):
        page.set_checked(f'{form} input[name="free_opening"]', free_opening)
    page.check(f'{form} input[name="blocked_mode"][value="{blocked}"]')
    if blocked == "random":
        page.fill(f'{form} input[name="blocked_count"]', str(blocked_count))
        page.fill(f'{form} input[name="blocked_seed"]', blocked_seed)
    elif blocked == "list":
        page.fill(f'{form} input[name="blocked_list"]', blocked_list)
    if page.is_enabled(f'{form} select[name="handicap"]'):
        page.select_option(f'{form} select[name="handicap"]', str(handicap))
        page.select_option(f'{form} select[name="handicap_color"]', handicap_color)
    click_start(page)
    if not expect_error:
        page.wait_for_selector("#new-game-dialog", state="hidden")


def new_game(page, players: str = "two", you: str = "black", level: int = 1, level2: int = 1, size: int = 8,
             shot: str | None = None, think: str = "") -> None:
    """Start a game through the new-game dialog, choosing the players."""
    page.click("#btn-new")
    page.wait_for_selector("#new-game-dialog[open]")
    form = "#new-game-form"
    page.check(f'{form} input[name="variant"][value="othello"]')
    page.select_option(f'{form} select[name="size"]', str(size))
    page.check(f'{form} input[name="players"][value="{players}"]')
    if players == "computer":
        page.select_option(f'{form} select[name="you"]', you)
    if players != "two":
        page.select_option(f'{form} select[name="level"]', str(level))
    if players == "computers":
        page.select_option(f'{form} select[name="level2"]', str(level2))
    expert = level == 7 or (players == "computers" and level2 == 7)
    assert page.is_visible(f'{form} select[name="think"]') == (players != "two" and expert)  # only for Expert
    if players != "two" and expert:
        page.select_option(f'{form} select[name="think"]', think)
    # the buttons stay in the window however tall the form is (the dialog scrolls under them)
    box = page.locator("#btn-start").bounding_box()
    assert box is not None and box["y"] + box["height"] <= page.viewport_size["height"], box
    if shot:
        page.screenshot(path=str(ARTIFACTS / shot))
    click_start(page)
    page.wait_for_selector("#new-game-dialog", state="hidden")


def moves_played(page) -> int:
    return int(page.get_attribute("#board", "data-moves"))


def click_square(page, name: str) -> None:
    before = moves_played(page)
    page.click(f'[data-square="{name}"]')
    page.wait_for_function(f"document.querySelector('#board').dataset.moves === '{before + 1}'")


# -- the game features' pages (tests/test_game_features.py, test_storage_browser.py) --------------

LIST_TEXT_JS = "() => Array.from(document.querySelectorAll('#move-list > span')).map(e => e.textContent).join(' ')"


class Fresh:
    """A page on the app as a first visit finds it; closes itself and checks nothing left the machine.

    ``private``: in a browser context of its own (its own localStorage), beside the others;
    ``script``: run in its pages before the page's own scripts; ``clipboard``: the page may read
    and write the clipboard.
    """

    def __init__(self, browser, server_url: str, viewport: dict | None = None, path: str = "",
                 private: bool = False, script: str = "", clipboard: bool = False) -> None:
        from browser_support import AppContext

        self.server_url = server_url
        self.context = AppContext(browser, server_url, viewport or {"width": 1280, "height": 800},
                                  reduced_motion="reduce", two_players=True, private=private)
        if clipboard:
            self.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server_url.rstrip("/"))
        self.script = script
        self.foreign = self.context.foreign
        self.errors: list[str] = []
        self.page = self.new_page(path)

    def new_page(self, path: str = ""):
        """Another tab of the same browser context (same localStorage)."""
        page = self.context.new_page()
        if self.script:
            page.add_init_script(self.script)
        page.on("pageerror", lambda e: self.errors.append(str(e)))
        page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        page.goto(self.server_url + path)
        wait_ready(page)
        return page

    def close(self) -> None:
        self.context.close()
        assert not self.foreign, self.foreign
        # a request cut short (a blocked URL, the next address) is no error of the page's
        cut_short = ("Failed to load resource", "Failed to fetch")
        assert not [e for e in self.errors if not e.startswith(cut_short)], self.errors


def list_text(page) -> str:
    return page.evaluate(LIST_TEXT_JS)


def play(page, moves: str) -> None:
    for k in range(0, len(moves), 2):
        click_square(page, moves[k : k + 2])


def open_records(page) -> None:
    if page.get_attribute("#records", "open") is None:
        page.click("#records summary")


def load_box(page, text: str, end_the_game: bool = True) -> None:
    """Load ``text`` from the Game menu's box; where the page asks first (a game in progress would
    end), answer ``end_the_game``."""
    open_records(page)
    page.fill("#records-input", text)
    page.click('button[data-record="load"]')
    if page.is_visible("#records .records-confirm"):  # asked at once: the box is read in the click
        page.click(f'button[data-record="{"load-confirm" if end_the_game else "load-cancel"}"]')


def records_message(page) -> str:
    """What Load or Open said, beside the box."""
    page.wait_for_selector("#records .records-message:not([hidden])")
    return page.inner_text("#records .records-message")


def alert(page) -> str:
    page.wait_for_selector("#alert:not([hidden])")
    return page.inner_text("#alert-text")


def hostile_state(**changes) -> str:
    """A saved state of f5d6 between two people, with fields changed (a raw text may follow)."""
    data = json.loads(two_players_state())
    data.update({"moves": "f5d6", "live": 2, "shown": [0, 0]})
    data.update(changes)
    return json.dumps(data)


def storage(page, key: str | None = None):
    from reversi.ui.store.saved_state import STORAGE_KEY

    key = key or STORAGE_KEY
    return page.evaluate("key => localStorage.getItem(key)", key)


def notice_of(page, key: str):
    return page.locator(f'#notices [data-notice="{key}"]')


def game_of(text: str, rules=None):
    from reversi import Rules
    from reversi.core.position import Position
    from reversi.formats.notation import play_transcript

    return play_transcript(Position.start(rules or Rules()), text)


def current_ply(page) -> int:
    return int(page.get_attribute("#move-list", "data-ply"))


def controller_for(game):
    from reversi.ui.controller import Controller
    from reversi.ui.players import Players

    c = Controller(game.rules, players=Players())
    c.load_game(game)
    return c


def assert_shows(page, game) -> None:
    """The board, the move list and the cursor of the page are those of ``game``."""
    from reversi.ui.move_list import as_text

    expected = expected_states(controller_for(game))
    for _ in range(20):  # drawn in the task that loaded it; a moment more on a loaded machine
        shown = dom_states(page)
        if shown == expected:
            break
        page.wait_for_timeout(250)
    differ = {name: (shown.get(name), expected[name]) for name in expected if shown.get(name) != expected[name]}
    assert shown == expected, differ
    assert list_text(page) == as_text(game)
    assert current_ply(page) == game.ply


def wait_ply(page, ply: int) -> None:
    page.wait_for_function(f"document.querySelector('#move-list').dataset.ply === '{ply}'")


def resign(page) -> None:
    """Resign as a person does: one click asks (beside the button), a second gives the game up."""
    page.click("#btn-resign")
    page.wait_for_selector("#btn-resign.confirming")
    page.click("#btn-resign")
