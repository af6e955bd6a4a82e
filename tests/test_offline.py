"""Offline after one visit, installable, a new version picked up, the footer's version, the page from disk.

CPython tests check the generated lists (the precache list is what the build says, every file
in it exists) and the stamping; one browser test serves the site exactly as the Pages workflow
assembles it, from a plain static server under a sub-path (``/REPO/``), and:

1. visits it once: every file the page fetches is in the precache list; the service worker
   makes it ready for offline use; the manifest passes Chromium's installability check;
2. goes offline and reloads: the page plays a game against the computer;
3. back online, a new version is deployed: the page says so, keeps the game, and "Use it now"
   brings the new version (the footer says which), even when its worker is slow to take over;
   a second tab of the site, open and not used yet, loads again with the new version whole;
4. a third version: a reload while another page of the site is open keeps the old version; once
   it is closed, a reload brings the new one whole (its index.html and its scripts, never a mix).

A last test opens ``index.html`` from disk (``file://``): it says plainly that it must be served.
"""

from __future__ import annotations

import io
import json
import re
import shutil
import zipfile
from pathlib import Path

import pytest
from browser_support import private_context, wait_ready
from support import static_host

from reversi import __version__
from reversi.tools.build import ENGINE_ARCHIVE, PAGE_ARCHIVE, PRECACHE, PRECACHE_PREFIX, ROOT, precache_files
from reversi.tools.site import Site, assemble, stamp_index


def test_the_precache_list_names_every_file_of_the_site_and_each_is_there() -> None:
    site = Site(ROOT, "1a2b3c4d" * 5)
    files = precache_files()
    text = site.generated(PRECACHE)
    assert text is not None
    data = json.loads(text.decode().split(PRECACHE_PREFIX, 1)[1].rstrip().rstrip(";"))
    assert data == {"version": site.version(), "files": files}
    produced = site.producers()
    missing = [f for f in files if f not in produced and not (ROOT / f).is_file()]
    assert not missing, missing
    assert "sw.js" in files and "index.html" in files and "reversi/engine/worker.py" in files
    assert {"assets/package/page.zip", "assets/package/engine.zip"} <= set(files)
    assert not [f for f in files if f.endswith(".whl") or (f.endswith(".py") and f not in (
        "reversi/engine/worker.py", "reversi/ui/dom/main.py"))]  # no wheel; the package is in its archives


def test_the_manifests_say_what_chromium_needs() -> None:
    site = Site(ROOT)
    for code in ("", "cs.", "da.", "pl.", "ja."):
        body = site.generated(f"assets/manifest.{code}webmanifest")
        assert body is not None
        data = json.loads(body)
        sizes = {icon["sizes"] for icon in data["icons"]}
        assert data["display"] == "standalone" and {"192x192", "512x512"} <= sizes
        for icon in data["icons"]:
            name = f"assets/{icon['src']}"
            assert (ROOT / name).is_file() or name in site.producers(), name
    cs = json.loads(site.generated("assets/manifest.cs.webmanifest") or b"")
    assert cs["lang"] == "cs" and cs["description"] != json.loads(
        site.generated("assets/manifest.webmanifest") or b"")["description"]
    ja = json.loads(site.generated("assets/manifest.ja.webmanifest") or b"")  # the app named in Japanese
    assert ja["lang"] == "ja" and ja["name"] == "リバーシ・オセロ" and ja["short_name"] == "リバーシ"
    assert not re.search(r"[A-Za-z]{3,}", ja["description"]) and cs["short_name"] == "Reversi"


def test_a_generated_file_follows_an_edit_of_its_source_with_no_step(tmp_path: Path) -> None:
    """serve.py serves what the generator makes from the tree as it is now: edit, reload, seen."""
    for name in ("index.html", "pyscript.toml", "sw.js"):
        (tmp_path / name).write_bytes((ROOT / name).read_bytes())
    shutil.copytree(ROOT / "assets", tmp_path / "assets", ignore=shutil.ignore_patterns("runtime", "runtime.*"))
    shutil.copytree(ROOT / "reversi", tmp_path / "reversi", ignore=shutil.ignore_patterns("__pycache__"))
    (tmp_path / "assets" / "runtime-pins.json").write_bytes((ROOT / "assets" / "runtime-pins.json").read_bytes())
    site = Site(tmp_path)
    before, version = site.generated(PAGE_ARCHIVE), site.version()
    solver = tmp_path / "reversi" / "engine" / "solver.py"
    solver.write_text(solver.read_text(encoding="utf-8") + "# a comment\n", encoding="utf-8")
    assert site.version() != version
    assert site.generated(PAGE_ARCHIVE) == before  # the solver is not the page's
    with zipfile.ZipFile(io.BytesIO(site.generated(ENGINE_ARCHIVE) or b"")) as archive:
        assert archive.read("reversi/engine/solver.py").endswith(b"# a comment\n")
    index = tmp_path / "index.html"
    index.write_text(index.read_text(encoding="utf-8").replace("</head>", "<!-- edited --></head>"), encoding="utf-8")
    assert b"<!-- edited --></head>" in (site.generated("index.html") or b"")
    assert site.generated("reversi/engine/worker.py") is None  # a source file, served as it is


def test_stamping_the_version() -> None:
    source = (ROOT / "index.html").read_text(encoding="utf-8")
    site = Site(ROOT, "1a2b3c4d" * 5, "https://example.org/me/reversi")
    version = site.version()
    assert version.startswith(f"{__version__}+1a2b3c4.")
    stamped = (site.generated("index.html") or b"").decode()
    assert f"v{__version__}" in stamped and 'href="https://example.org/me/reversi/commit/1a2b3c4d' in stamped
    assert f'data-build="{version}"' in stamped
    assert f'>v{__version__}</span> · <span id="build-commit">local</span>' in source  # the source's own
    assert "local" in stamp_index(source, Site(ROOT).version())


#: How long a wait for something that must happen may last: far beyond what it takes on a quiet
#: machine (a few seconds), so that a loaded one (a CI box, other tests beside) only makes it slower.
PATIENCE_MS = 240_000


def deploy(site: Path, tag: str) -> str:
    """Publish a version at ``site`` whose commit is ``tag`` repeated and whose scripts say ``tag``
    (``window.reversiTestBuild``), so that a page of one version's index.html with another's scripts
    shows."""
    version = assemble(site, commit=tag * 40)
    script = site / "assets" / "offline.js"
    script.write_text(f"window.reversiTestBuild = {tag!r};\n" + script.read_text(encoding="utf-8"), encoding="utf-8")
    return version


def reload_once_alone(page, commit: str, tries: int = 20) -> None:
    """Reload ``page``, the site's only page now, until the waiting version takes over (the page
    then opens with ``commit``). The browser drops a page just closed from the worker's clients a
    moment after ``close()`` returns, later on a loaded machine: a reload before that finds the
    other page still open, and the version stays (``data-update="ready"``, as it should while
    another page is open). Each reload is asked the worker's answer; a version that never takes
    over still fails."""
    for _ in range(tries):
        page.reload()
        page.wait_for_function(
            "commit => document.documentElement.dataset.update === 'ready'"
            " || (document.querySelector('#site-footer') || {textContent: ''}).textContent.includes(commit)",
            arg=commit, timeout=PATIENCE_MS,
        )
        if commit in (page.text_content("#site-footer") or ""):
            return
        page.wait_for_timeout(250)
    raise AssertionError(f"the waiting version never took over in {tries} reloads")


#: What the browser does at a navigation: look for a new version of the service worker.
CHECK_FOR_UPDATE_JS = "navigator.serviceWorker.getRegistration().then((r) => r.update())"


def shown_version(page) -> tuple[str, str]:
    """The commit the page's index.html says (the footer's end) and the version its scripts say."""
    return page.text_content("#site-footer").strip()[-7:], page.evaluate("window.reversiTestBuild")


def wait_for_version(page, commit: str) -> None:
    page.wait_for_function(
        "commit => (document.querySelector('#site-footer') || {textContent: ''}).textContent.includes(commit)",
        arg=commit, timeout=PATIENCE_MS,
    )
    wait_ready(page, timeout_ms=PATIENCE_MS)


@pytest.mark.browser
@pytest.mark.long
def test_the_published_site_plays_offline_and_picks_up_a_new_version(browser, tmp_path: Path) -> None:
    from browser_support import block_foreign_requests

    site = tmp_path / "REPO"
    first = deploy(site, "a")
    with static_host(tmp_path) as host:
        base = host + "REPO/"
        context = private_context(browser, viewport={"width": 1000, "height": 800})
        foreign = block_foreign_requests(context, host)
        fetched: list[str] = []
        context.on("request", lambda r: fetched.append(r.url))
        page = context.new_page()
        page.goto(base + "?pl=hc1")
        wait_ready(page, timeout_ms=PATIENCE_MS)
        page.wait_for_function("document.documentElement.dataset.offline === 'ready'", timeout=PATIENCE_MS)
        wait_ready(page, "engine-ready", PATIENCE_MS)
        listed = {base + f for f in precache_files()} | {base + "assets/precache.js"}
        own = {u.split("?")[0] for u in fetched if u.startswith(base)}
        assert own - listed - {base} == set()  # the page fetched nothing the precache list lacks
        client = context.new_cdp_session(page)
        manifest = client.send("Page.getAppManifest")
        assert manifest["errors"] == [] and '"short_name": "Reversi"' in manifest["data"], manifest["errors"]
        errors = client.send("Page.getInstallabilityErrors")["installabilityErrors"]
        # a test browser's context is private ("in-incognito"), which no page can change
        assert [e["errorId"] for e in errors if e["errorId"] != "in-incognito"] == [], errors
        assert page.text_content("#site-footer").strip() == f"v{__version__} · aaaaaaa"
        assert page.evaluate("window.reversiTestBuild") == "a"
        # offline: a reload plays against the computer at full strength
        context.set_offline(True)
        page.reload()
        wait_ready(page, timeout_ms=PATIENCE_MS)
        wait_ready(page, "engine-ready", PATIENCE_MS)
        # served by the service worker, the page is cross-origin isolated: the stop flag is shared
        assert page.evaluate("crossOriginIsolated") is True
        assert page.get_attribute("#board", "data-stop") == "shared"
        page.click('[data-square="f5"]')
        page.wait_for_function("document.querySelectorAll('#move-list > .ply[data-ply]').length >= 2",
                               timeout=PATIENCE_MS)
        played = page.evaluate("location.search")
        # online again, a new version is published: the page says so and keeps the game
        context.set_offline(False)
        second = deploy(site, "b")
        assert second != first
        # the new version's worker takes two seconds to take over, as it may on a slow phone: the
        # page must wait for it, not reload into the old version
        worker = site / "sw.js"
        taking_over = 'if (event.data === "skip-waiting") self.skipWaiting();'
        slow = ('if (event.data === "skip-waiting") '
                "event.waitUntil(new Promise((r) => setTimeout(r, 2000)).then(() => self.skipWaiting()));")
        assert taking_over in worker.read_text(encoding="utf-8")
        worker.write_text(worker.read_text(encoding="utf-8").replace(taking_over, slow), encoding="utf-8")
        page.evaluate(CHECK_FOR_UPDATE_JS)  # as the browser does at a navigation, without one
        page.wait_for_selector('#notices [data-notice="update"]', timeout=PATIENCE_MS)
        assert shown_version(page) == ("aaaaaaa", "a")  # not mid-game
        # a second tab, opened meanwhile and not used yet: the version waits (a page is in use)
        second = context.new_page()
        second.goto(base)
        wait_ready(second, timeout_ms=PATIENCE_MS)
        second.wait_for_selector('#notices [data-notice="update"]', timeout=PATIENCE_MS)
        assert shown_version(second) == ("aaaaaaa", "a")
        page.click('#notices button[data-notice-action="use-update"]')
        wait_for_version(page, "bbbbbbb")
        assert shown_version(page) == ("bbbbbbb", "b")
        # the tab not used yet loads again with the new version whole (it would have fetched the new
        # version's files under the old one's page from now on)
        wait_for_version(second, "bbbbbbb")
        assert shown_version(second) == ("bbbbbbb", "b")
        second.close()
        assert page.evaluate("location.search") == played
        assert page.locator("#move-list > .ply[data-ply]").count() >= 2
        # a third version: a reload takes it whole, once no other page of the site is open
        deploy(site, "c")
        page.evaluate(CHECK_FOR_UPDATE_JS)
        page.wait_for_selector('#notices [data-notice="update"]', timeout=PATIENCE_MS)
        other = context.new_page()
        other.goto(base + "assets/rules/rules.en.html")
        page.reload()
        wait_ready(page, timeout_ms=PATIENCE_MS)
        # the notice, once the waiting version has said it stays: another page is open
        page.wait_for_selector('#notices [data-notice="update"]', timeout=PATIENCE_MS)
        assert shown_version(page) == ("bbbbbbb", "b")
        other.close()
        reload_once_alone(page, "ccccccc")
        wait_for_version(page, "ccccccc")
        assert shown_version(page) == ("ccccccc", "c")  # the new index.html and the new scripts, not a mix
        assert page.evaluate("location.search") == played
        assert page.locator("#move-list > .ply[data-ply]").count() >= 2
        context.close()
        assert not foreign, foreign


@pytest.mark.browser
def test_the_page_opened_from_disk_says_it_must_be_served(browser) -> None:
    context = private_context(browser)
    page = context.new_page()
    page.goto((ROOT / "index.html").as_uri())
    page.wait_for_selector("#file-notice:not([hidden])")
    assert "python serve.py" in page.text_content("#file-notice")
    # no spinner for ever: the loading note says the engine will not load, and nothing waits
    assert not page.is_visible(".loading-note") and not page.is_visible(".load-bar")
    assert page.inner_text(".load-stopped") == "The engine will not load from a file."
    # what Python runs is disabled, and looks it; the theme's switch, which needs no Python, works
    for control in ('[data-study="analysis"]', '[data-study="mark"]', '[data-record="copy-link"]', "#comment",
                    "#lang-select", "#btn-new", 'input[name="sound"]'):
        assert page.is_disabled(control), control
    opacity = "e => +getComputedStyle(e).opacity"
    assert page.locator('[data-study="analysis"]').evaluate(opacity) < 0.6
    assert page.locator("#lang-select").evaluate(opacity) < 0.6
    assert page.is_enabled("#theme-select")
    page.select_option("#theme-select", "light")
    assert page.get_attribute("html", "data-theme") == "light"
    context.close()

