"""serve.py and assets/fetch_runtime.py, without a browser."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from browser_support import REPO_ROOT, serve_repo

FETCH_RUNTIME = REPO_ROOT / "assets" / "fetch_runtime.py"
RUNTIME = REPO_ROOT / "assets" / "runtime"


@pytest.fixture(scope="module")
def runtime() -> Path:
    from fetch_runtime import ensure_runtime

    ensure_runtime(quiet=True)
    return RUNTIME


@pytest.fixture(scope="module")
def base_url(runtime):
    with serve_repo() as url:
        yield url


def get(url: str):
    with urllib.request.urlopen(url, timeout=10) as response:
        return response.status, response.headers, response.read()


def run_fetch_runtime(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, str(FETCH_RUNTIME), *args],
        capture_output=True, text=True, timeout=600,
    )


def test_serves_wasm_as_application_wasm(base_url):
    status, headers, body = get(base_url + "assets/runtime/pyodide/pyodide.asm.wasm")
    assert status == 200
    assert headers["Content-Type"] == "application/wasm"
    assert body[:4] == b"\0asm"


def test_serves_python_source_and_javascript(base_url):
    status, headers, body = get(base_url + "reversi/core/rules.py")
    assert status == 200
    assert headers["Content-Type"] == "text/x-python"
    assert body == (REPO_ROOT / "reversi" / "core" / "rules.py").read_bytes()
    _, headers, _ = get(base_url + "assets/runtime/pyodide/pyodide.mjs")
    assert headers["Content-Type"] == "text/javascript"


def test_sends_no_cache(base_url):
    _, headers, _ = get(base_url + "index.html")
    assert headers["Cache-Control"] == "no-cache"


@pytest.mark.parametrize(
    "path",
    [".git/config", ".gitignore", "serve.py", "tests/test_serve.py", "pyproject.toml", "README.md", ".ci/run",
     "reversi/__pycache__/x.pyc", "reversi/.hidden", "assets/../serve.py", "%2egit/config", "reversi/", "assets/"],
)
def test_serves_only_the_site(base_url, path):
    with pytest.raises(urllib.error.HTTPError) as excinfo:
        get(base_url + path)
    assert excinfo.value.code == 404
    assert excinfo.value.headers["X-Content-Type-Options"] == "nosniff"


@pytest.mark.parametrize("path", ["", "index.html", "pyscript.toml", "reversi/engine/data/patterns_8x8.bin",
                                  "assets/app.css", "reversi/docs/RULES.md"])
def test_serves_the_site_with_security_headers(base_url, path):
    status, headers, _ = get(base_url + path)
    assert status == 200
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["Referrer-Policy"] == "no-referrer"
    assert "X-Frame-Options" not in headers  # teachers embed the page
    policy = headers["Content-Security-Policy"]
    assert "default-src 'self'" in policy and "frame-ancestors" not in policy
    html = (REPO_ROOT / "index.html").read_text(encoding="utf-8")
    assert f'<meta http-equiv="Content-Security-Policy" content="{policy}">' in html  # one policy, two places


@pytest.mark.parametrize("path", ["assets/embed.js", "assets/boards.css", "assets/package/page.zip",
                                  "assets/runtime/pyodide/pyodide.mjs"])
def test_a_teachers_page_on_another_site_may_load_the_boards_files(base_url, path):
    """assets/embed.js loads these from another origin (as GitHub Pages allows it, with CORS)."""
    status, headers, _ = get(base_url + path)
    assert status == 200
    assert headers["Access-Control-Allow-Origin"] == "*"
    assert headers["Cross-Origin-Resource-Policy"] == "cross-origin"


def test_missing_path_is_404(base_url):
    with pytest.raises(urllib.error.HTTPError) as excinfo:
        get(base_url + "no/such/file.txt")
    assert excinfo.value.code == 404


def test_check_passes_on_installed_runtime(runtime):
    result = run_fetch_runtime("--check")
    assert result.returncode == 0, result.stderr


def test_second_install_does_nothing(runtime):
    result = run_fetch_runtime()
    assert result.returncode == 0, result.stderr
    assert "already installed and verified" in result.stdout
    assert "fetching" not in result.stdout


def test_check_detects_corrupt_and_missing_files(runtime, tmp_path):
    copy = tmp_path / "runtime"
    shutil.copytree(runtime, copy)
    core_js = copy / "pyscript" / "core.js"
    core_js.write_bytes(core_js.read_bytes() + b"\n")
    wasm = copy / "pyodide" / "pyodide.asm.wasm"
    data = bytearray(wasm.read_bytes())
    data[1000] ^= 0xFF
    wasm.write_bytes(bytes(data))
    (copy / "pyodide" / "python_stdlib.zip").unlink()

    result = run_fetch_runtime("--check", "--dest", str(copy))

    assert result.returncode != 0
    assert "checksum mismatch: pyscript/core.js" in result.stderr
    assert "checksum mismatch: pyodide/pyodide.asm.wasm" in result.stderr
    assert "missing: pyodide/python_stdlib.zip" in result.stderr
    assert run_fetch_runtime("--check").returncode == 0  # the real one is untouched


def test_choosing_versions_is_refused_without_write_pins(tmp_path):
    """--pyscript-core/--pyodide move the pins to a new pair: alone they would install a runtime
    the pins do not describe, so they are refused (nothing fetched, nothing written)."""
    pins = (REPO_ROOT / "assets" / "runtime-pins.json").read_bytes()
    result = run_fetch_runtime("--pyodide", "0.29.5", "--dest", str(tmp_path / "runtime"))
    assert result.returncode == 2
    assert "--write-pins" in result.stderr
    assert not (tmp_path / "runtime").exists()
    assert (REPO_ROOT / "assets" / "runtime-pins.json").read_bytes() == pins


def test_the_pins_are_the_pair_chosen_by_measurement():
    """assets/RUNTIME-NOTES.md names the pinned pair (its figures are the reasons): the two agree."""
    pins = json.loads((REPO_ROOT / "assets" / "runtime-pins.json").read_text(encoding="utf-8"))
    versions = pins["versions"]
    notes = (REPO_ROOT / "assets" / "RUNTIME-NOTES.md").read_text(encoding="utf-8")
    assert f"`@pyscript/core` {versions['pyscript_core']} with Pyodide {versions['pyodide']}" in notes
    emscripten = [name for name in pins["files"] if name.startswith("pyodide/pyodide.asm.") and name.endswith("js")]
    assert emscripten == ["pyodide/pyodide.asm.js"]  # 314's pyodide.asm.mjs needs the page changed first


def test_check_fails_on_missing_runtime(tmp_path):
    result = run_fetch_runtime("--check", "--dest", str(tmp_path / "nothing"))
    assert result.returncode != 0
    assert "missing: pyscript/core.js" in result.stderr


def get_with(url: str, headers: dict[str, str]):
    request = urllib.request.Request(url, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as e:
        return e.code, e.headers, b""


def test_compresses_what_the_browser_takes_compressed(base_url):
    import gzip

    wasm = REPO_ROOT / "assets" / "runtime" / "pyodide" / "pyodide.asm.wasm"
    status, headers, body = get_with(base_url + "assets/runtime/pyodide/pyodide.asm.wasm", {"Accept-Encoding": "gzip"})
    assert status == 200 and headers["Content-Encoding"] == "gzip" and headers["Content-Type"] == "application/wasm"
    assert gzip.decompress(body) == wasm.read_bytes() and len(body) < 0.6 * wasm.stat().st_size
    # a revalidation of the unchanged file is "304 Not Modified", with no body
    status, _, body = get_with(
        base_url + "assets/runtime/pyodide/pyodide.asm.wasm",
        {"Accept-Encoding": "gzip", "If-Modified-Since": headers["Last-Modified"]},
    )
    assert status == 304 and body == b""
    # without Accept-Encoding, the file as it is
    _, plain, body = get(base_url + "reversi/core/rules.py")
    assert "Content-Encoding" not in plain and body == (REPO_ROOT / "reversi" / "core" / "rules.py").read_bytes()


def test_stamps_the_page_and_the_precache_list_with_the_version(base_url):
    import json

    from reversi import __version__

    _, _, html = get(base_url)
    assert f'<span id="build-version" data-build="{__version__}+'.encode() in html
    _, _, script = get(base_url + "assets/precache.js")
    data = json.loads(script.decode().split(" = ", 1)[1].rstrip().rstrip(";"))
    assert data["version"].startswith(__version__ + "+") and "sw.js" in data["files"]
    status, headers, _ = get(base_url + "sw.js")
    assert status == 200 and headers["Content-Type"].startswith("text/javascript")
    # a generated file carries an ETag: a revalidation of an unchanged one is "304 Not Modified"
    status, headers, archive = get(base_url + "assets/package/page.zip")
    assert status == 200 and headers["Content-Type"] == "application/zip" and archive.startswith(b"PK")
    status, _, body = get_with(base_url + "assets/package/page.zip", {"If-None-Match": headers["ETag"]})
    assert status == 304 and body == b""


# -- hostile requests (issue 37): every request answered with a status, nothing outside the site ------


def raw(base_url: str, request: bytes) -> bytes:
    """Send ``request`` as it is and return the first line of the answer (b'' if none came)."""
    import socket
    from urllib.parse import urlsplit

    address = urlsplit(base_url)
    with socket.create_connection((address.hostname, address.port), timeout=10) as conn:
        conn.sendall(request)
        data = b""
        while b"\r\n" not in data:
            chunk = conn.recv(4096)
            if not chunk:
                break
            data += chunk
    return data.split(b"\r\n")[0]


@pytest.mark.parametrize("request_line", [
    b"GET / HTTP/9.9", b"GET / HTTP/1.1 extra", b"GET /a b HTTP/1.1", b"GET /a\tb HTTP/1.1",
    b"GET /" + b"a" * 70_000 + b" HTTP/1.1", b"GET /%00 HTTP/1.1", b"GET /assets/%00x.js HTTP/1.1", b"GET /",
    b"BREW /index.html HTTP/1.1",
])
def test_every_request_gets_a_status(base_url, request_line: bytes) -> None:
    first = raw(base_url, request_line + b"\r\nHost: x\r\n\r\n" if b"HTTP/" in request_line else request_line + b"\r\n")
    assert first.startswith(b"HTTP/1.") and first.split()[1] in (b"400", b"404", b"414", b"501", b"505"), first


def test_links_out_of_the_site_are_not_followed(tmp_path: Path) -> None:
    import functools
    import http.server
    import threading

    sys.path.insert(0, str(REPO_ROOT))
    try:
        import serve
    finally:
        sys.path.pop(0)
    site = tmp_path / "site"
    (site / "assets").mkdir(parents=True)
    for name in ("index.html", "pyscript.toml", "sw.js"):
        shutil.copy(REPO_ROOT / name, site / name)
    shutil.copy(REPO_ROOT / "assets" / "runtime-pins.json", site / "assets" / "runtime-pins.json")
    (site / "assets" / "app.css").write_text("body {}", encoding="utf-8")
    (tmp_path / "secret.txt").write_text("secret", encoding="utf-8")
    (site / "assets" / "etc").symlink_to("/etc")
    (site / "assets" / "secret.css").symlink_to(tmp_path / "secret.txt")
    handler = type("H", (serve.StaticHandler,), {"policy": "default-src 'self'", "site": serve.Site(site)})
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(handler, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    try:
        assert get(base + "assets/app.css")[0] == 200
        for path in ("assets/etc/passwd", "assets/secret.css", "assets/etc/", "assets/"):
            with pytest.raises(urllib.error.HTTPError) as caught:
                get(base + path)
            assert caught.value.code == 404, path
    finally:
        server.shutdown()
        server.server_close()


def answers(base_url: str, request: bytes, wait: float = 1.5) -> list[bytes]:
    """Send ``request`` as it is; the status lines of every answer that came within ``wait`` seconds."""
    import socket
    from urllib.parse import urlsplit

    address = urlsplit(base_url)
    data = b""
    with socket.create_connection((address.hostname, address.port), timeout=wait) as conn:
        conn.sendall(request)
        try:
            while chunk := conn.recv(65536):
                data += chunk
        except TimeoutError:
            pass
    import re

    return re.findall(rb"HTTP/1\.[01] [0-9]{3} [^\r\n]*", data)  # a status line may follow a body directly


def test_gzip_refused_with_a_quality_of_zero_is_not_sent(base_url) -> None:
    page = "assets/runtime/pyodide/pyodide.asm.js"
    for header, gzipped in (("gzip;q=0", False), ("gzip; q=0.0, identity", False), ("*;q=0", False),
                            ("br, gzip;q=0.5", True), ("*", True), ("x-gzip", True), ("identity", False)):
        status, headers, _body = get_with(base_url + page, {"Accept-Encoding": header})
        assert status == 200 and (headers.get("Content-Encoding") == "gzip") == gzipped, header


def test_a_gets_body_is_never_read_as_a_request_and_a_blank_line_first_is_skipped(base_url) -> None:
    smuggled = b"GET /tests/conftest.py HTTP/1.1\r\nHost: x\r\n\r\n"
    request = (b"GET /assets/app.css HTTP/1.1\r\nHost: x\r\nContent-Length: " + str(len(smuggled)).encode()
               + b"\r\n\r\n" + smuggled)
    assert answers(base_url, request) == [b"HTTP/1.1 200 OK"]  # one request, one answer
    chunked = b"GET /assets/app.css HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n" + smuggled
    assert answers(base_url, chunked) == [b"HTTP/1.1 200 OK"]  # answered, then the connection closes
    assert answers(base_url, b"\r\nGET /assets/app.css HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n") == [
        b"HTTP/1.1 200 OK"]


def test_an_idle_connection_is_closed(tmp_path: Path) -> None:
    import socket
    import threading

    sys.path.insert(0, str(REPO_ROOT))
    try:
        import serve
    finally:
        sys.path.pop(0)
    server = serve.make_server("127.0.0.1", 0)
    server.RequestHandlerClass.func.timeout = 0.5  # type: ignore[attr-defined]  # this server's own class
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        # the client waits 10 s, far beyond this server's 0.5 s and short of the default 30 s: a
        # connection the server closes at 0.5 s ends the read, one left to the default fails it
        with socket.create_connection(("127.0.0.1", server.server_address[1]), timeout=10) as conn:
            assert conn.recv(1) == b""  # closed by the server, nothing sent
    finally:
        server.shutdown()
        server.server_close()
