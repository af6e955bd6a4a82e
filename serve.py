"""Serve this repository as static files for local development and tests.

    python serve.py [--port 8000] [--host 127.0.0.1] [--no-fetch] [--verbose]

On start it makes sure the self-hosted browser runtime (PyScript + Pyodide under
``assets/runtime/``) is installed, fetching it with ``assets/fetch_runtime.py``, and
that Python-Markdown (the rules pages are made with it) can be imported, installing
it with pip into ``.tools/python/`` if not, unless ``--no-fetch`` is given. It then
serves the repository directory with the MIME types the browser needs (``.wasm`` must be ``application/wasm``, or
Pyodide hangs without an error) and ``Cache-Control: no-cache`` on every
response, and prints ``Serving on http://HOST:PORT/`` (flushed; ``--port 0``
picks a free port, and the printed line tells which).

What the site's generator makes (:mod:`reversi.tools.site`: the page with its start
board and its version, the package's archives, the service worker's precache list, the
first paint's strings, the manifests, the rules pages) is made when it is asked for,
from the tree as it is then, and kept until a source file changes: an edit is served
on the next request with no build step, and is a new version, which an open page
picks up on its next load. Nothing generated is written into the repository.

Only the site is served: ``index.html``, ``pyscript.toml``, ``sw.js`` and the files under
``reversi/`` and ``assets/``; never a dot-file or dot-folder (``.git``), a
``__pycache__``, the tests or anything else in the repository (404). Every
response carries the security headers of :data:`SECURITY_HEADERS`; the
Content-Security-Policy is the one ``index.html`` carries as a ``<meta>`` tag
(for static hosts that send no headers), read from the page, so the two cannot
drift apart. What the policy allows, and why:

* ``default-src 'self'``: nothing from another origin, ever;
* ``script-src 'unsafe-eval' 'wasm-unsafe-eval'``: Pyodide compiles
  WebAssembly and its Python-JavaScript bridge evaluates generated code;
* ``worker-src blob:``: PyScript starts its workers (the engine's) from blob URLs;
* ``img-src data: blob:``: SVG data URLs and downloads made in the page;
* no ``frame-ancestors`` and no ``X-Frame-Options``: teachers embed the page in
  their own sites.

Nothing but static files: no logic of the app lives here.
"""

from __future__ import annotations

import argparse
import email.utils
import functools
import gzip
import hashlib
import http.server
import io
import re
import signal
import sys
import threading
from pathlib import Path
from typing import Literal
from urllib.parse import unquote, urlsplit

ROOT = Path(__file__).resolve().parent
TOOLS = ROOT / ".tools" / "python"  # Python-Markdown, when the environment lacks it (ensure_markdown)
sys.path.append(str(TOOLS))

from reversi.tools.site import Site, git_commit  # noqa: E402  # the site's generator: the standard library only

MIME_TYPES = {
    ".mo": "application/octet-stream",
    ".bin": "application/octet-stream",
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".toml": "application/toml",
    ".py": "text/x-python",
    ".zip": "application/zip",
    ".whl": "application/zip",
    ".svg": "image/svg+xml",
    ".css": "text/css",
    ".html": "text/html",
    ".webmanifest": "application/manifest+json",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".txt": "text/plain",
    ".md": "text/markdown",
}
#: Sent gzip-compressed to a browser that takes it (not images nor zip files, compressed already).
COMPRESSIBLE_TYPES = frozenset({
    "application/wasm", "text/javascript", "application/json", "application/toml", "text/x-python",
    "text/css", "text/html", "image/svg+xml", "application/manifest+json", "application/octet-stream",
    "text/plain",
})
#: Compressed files by (path, modification time, size): each file is compressed once per version.
_GZIPPED: dict[tuple[str, int, int], bytes] = {}
#: A lock per file being compressed: on a cold cache, parallel requests of the 10 MB WebAssembly
#: would each compress it again (and time out); the first compresses, the others take its result.
_COMPRESSING: dict[tuple[str, int, int], threading.Lock] = {}
#: What is served: these files at the top, and everything below these folders.
SITE_FILES = frozenset({"index.html", "pyscript.toml", "sw.js"})
SITE_FOLDERS = ("reversi/", "assets/")
#: Pages that are not the app and carry a policy of their own (a teacher's page, as an example).
OWN_POLICY = ("assets/examples/",)
#: Sent with every response (the Content-Security-Policy is added from index.html, but for OWN_POLICY).
SECURITY_HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    # cross-origin isolation (the page may share memory with its engine's worker: a search can be
    # stopped in place); everything the page loads is its own, so nothing needs more
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Embedder-Policy": "require-corp",
    # a teacher's page on another site loads the boards' script, the runtime and the package from
    # here (assets/embed.js), as GitHub Pages allows: every file is public
    "Access-Control-Allow-Origin": "*",
    "Cross-Origin-Resource-Policy": "cross-origin",
}
_CSP_META = re.compile(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">')


def page_policy(root: Path) -> str:
    """The Content-Security-Policy of ``index.html``'s ``<meta>`` tag."""
    match = _CSP_META.search((root / "index.html").read_text(encoding="utf-8"))
    if match is None:
        raise SystemExit("serve.py: index.html has no Content-Security-Policy <meta> tag")
    return match.group(1)


def is_site_path(url_path: str) -> bool:
    """Is ``url_path`` (the path of a request) part of the site?"""
    path = unquote(urlsplit(url_path).path).lstrip("/")
    if any(ord(c) < 32 or c == "\x7f" for c in path):  # a NUL byte, a tab, a newline: never a file of ours
        return False
    if path in ("", *SITE_FILES):
        return True
    parts = path.split("/")
    if any(p.startswith(".") or p == "__pycache__" or p == "" for p in parts[:-1]) or parts[-1].startswith("."):
        return False
    return path.startswith(SITE_FOLDERS)


#: Python's MIME types by file extension, ours taking precedence.
EXTENSIONS_MAP: dict[str, str] = dict(http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES)


class StaticHandler(http.server.SimpleHTTPRequestHandler):
    """SimpleHTTPRequestHandler for the site's files only, with fixed MIME types,
    no-cache, the security headers and quiet logs."""

    protocol_version = "HTTP/1.1"  # keep-alive: the runtime is many files
    extensions_map = EXTENSIONS_MAP
    verbose = False
    policy = ""
    site: Site

    #: Errors found before the request's version is read are answered as HTTP/1.0, with a status line
    #: and headers (the base class's HTTP/0.9 sends a bare body: no status, no policy).
    default_request_version = "HTTP/1.0"
    #: Seconds a connection may stay idle (or a request take to arrive) before it is closed: a client
    #: that opens connections and sends nothing does not hold a thread each for ever.
    timeout = 30
    #: Blank lines skipped before a request line (RFC 9112 asks a server to ignore at least one).
    MAX_BLANK_LINES = 4
    #: The most bytes of a GET's or HEAD's body read and thrown away (a bigger one closes the connection).
    MAX_IGNORED_BODY = 65_536

    def parse_request(self) -> bool:
        """The base class's, after any blank lines before the request line (skipped, not a reason to
        close without a word), and no HTTP/0.9 (``GET /`` alone): refused with a status at once
        (before the base class would wait for headers an HTTP/0.9 client never sends). A GET or
        HEAD that carries a body has it read and dropped, never read as a request of its own."""
        blank = 0
        while getattr(self, "raw_requestline", b"") in (b"\r\n", b"\n") and blank < self.MAX_BLANK_LINES:
            blank += 1
            self.raw_requestline = self.rfile.readline(65537)
        if self._http09() or not super().parse_request():
            return False
        self.drop_body()
        return True

    def drop_body(self) -> None:
        """Read and drop a body a GET or HEAD came with (``Content-Length``), so that its bytes are not
        taken for the next request on the connection; one with a body too big or sent in chunks
        closes the connection after the answer instead."""
        if self.command not in ("GET", "HEAD"):
            return
        if self.headers.get("Transfer-Encoding"):
            self.close_connection = True
            return
        length = (self.headers.get("Content-Length") or "").strip()
        if not length:
            return
        if not length.isascii() or not length.isdigit() or int(length) > self.MAX_IGNORED_BODY:
            self.close_connection = True
            return
        left = int(length)
        while left > 0:
            chunk = self.rfile.read(min(left, 16_384))
            if not chunk:
                self.close_connection = True
                return
            left -= len(chunk)

    def _http09(self) -> bool:
        """Is the request line HTTP/0.9's (``GET /`` alone)? Then it is answered 400 here."""
        line = str(getattr(self, "raw_requestline", b""), "iso-8859-1").rstrip("\r\n")
        if len(line.split()) != 2:
            return False
        self.command, self.request_version, self.close_connection = "", self.default_request_version, True
        self.requestline = line
        self.send_error(400, "HTTP/0.9 is not served")
        return True

    def send_head(self):  # type: ignore[no-untyped-def]  # the base class's signature
        if not is_site_path(self.path):
            self.send_error(404, "Not part of the site")
            return None
        made = self.generated()
        if made is None and not self.inside_site():
            self.send_error(404, "Not part of the site")  # a link out of the site, a folder, nothing there
            return None
        if made is not None:
            body, kind, status = made
            if status != 200:
                return self.send_body(body, kind, status=status)
            etag = '"' + hashlib.sha256(body).hexdigest()[:20] + '"'
            if self.headers.get("If-None-Match") == etag:
                self.send_response(304)
                self.send_header("ETag", etag)
                self.end_headers()
                return None
            return self.send_body(body, kind, etag=etag)
        compressed = self.compressed()
        if compressed is not False:
            return compressed  # sent: a compressed body, or None after "304 Not Modified"
        return super().send_head()

    def inside_site(self) -> bool:
        """Is the request's file a regular file inside the site once links are resolved?"""
        try:
            path = Path(self.translate_path(self.path)).resolve(strict=True)
        except (OSError, ValueError, RuntimeError):  # nothing there, a NUL byte, a loop of links
            return False
        return path.is_file() and path.is_relative_to(Path(self.directory).resolve())

    def accepts_gzip(self) -> bool:
        """Does the client take gzip: ``gzip`` (or ``x-gzip``, or ``*`` without a ``gzip`` of its own)
        with a quality above 0 in ``Accept-Encoding`` (``gzip;q=0`` refuses it)?"""
        qualities: dict[str, float] = {}
        for part in self.headers.get("Accept-Encoding", "").split(","):
            name, *params = [p.strip() for p in part.split(";")]
            q = 1.0
            for param in params:
                key, _eq, value = param.partition("=")
                if key.strip().lower() == "q":
                    try:
                        q = float(value)
                    except ValueError:
                        q = 0.0
            if name:
                qualities[name.lower()] = q
        for name in ("gzip", "x-gzip"):
            if name in qualities:
                return qualities[name] > 0
        return qualities.get("*", 0.0) > 0

    def send_body(self, body: bytes, kind: str, etag: str | None = None, status: int = 200) -> io.BytesIO:
        """Send ``body`` (gzip-compressed when the browser takes it and it is worth it)."""
        encoded = body
        if self.accepts_gzip() and kind.split(";")[0] in COMPRESSIBLE_TYPES and len(body) > 1024:
            key = (etag or "", 0, len(body))
            kept = _GZIPPED.get(key) if etag else None
            encoded = kept if kept is not None else gzip.compress(body, compresslevel=6, mtime=0)
            if etag and kept is None:
                if len(_GZIPPED) > 500:  # old versions of generated files
                    _GZIPPED.clear()
                _GZIPPED[key] = encoded
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Vary", "Accept-Encoding")
        if encoded is not body:
            self.send_header("Content-Encoding", "gzip")
        if etag:
            self.send_header("ETag", etag)
        self.send_header("Content-Length", str(len(encoded)))
        self.end_headers()
        return io.BytesIO(encoded)

    def compressed(self) -> io.BytesIO | Literal[False] | None:
        """Send a site file gzip-compressed (the runtime's WebAssembly, scripts, Python) when the
        browser takes it: its body, or None after "304 Not Modified" (a revalidation of an unchanged
        file); False when it is not for this (the base class sends it as it is). Each file is
        compressed once per version and kept in memory."""
        if not self.accepts_gzip():
            return False
        path = Path(self.translate_path(self.path))
        kind = self.guess_type(str(path))
        if kind.split(";")[0] not in COMPRESSIBLE_TYPES or not path.is_file():
            return False
        stat = path.stat()
        last_modified = self.date_time_string(int(stat.st_mtime))
        since = self.headers.get("If-Modified-Since")
        if since:
            try:
                if email.utils.parsedate_to_datetime(since).timestamp() >= int(stat.st_mtime):
                    self.send_response(304)
                    self.send_header("Last-Modified", last_modified)
                    self.end_headers()
                    return None
            except (TypeError, ValueError, OverflowError):
                pass
        key = (str(path), stat.st_mtime_ns, stat.st_size)
        with _COMPRESSING.setdefault(key, threading.Lock()):  # one thread compresses, the others wait for it
            body = _GZIPPED.get(key)
            if body is None:
                body = gzip.compress(path.read_bytes(), compresslevel=6, mtime=0)
                _GZIPPED[key] = body
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Last-Modified", last_modified)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)

    def generated(self) -> tuple[bytes, str, int] | None:
        """A file the site's generator makes (the page with its board and version, the package's
        archives, the precache list, the rules pages...), made from the tree as it is now; None
        for a source file (sent as it is)."""
        path = unquote(urlsplit(self.path).path).lstrip("/") or "index.html"
        try:
            body = self.site.generated(path)
        except Exception as exc:  # a broken source file: say what, keep serving the rest
            message = f"serve.py: could not make {path}: {type(exc).__name__}: {exc}"
            print(message, file=sys.stderr, flush=True)
            return message.encode(), "text/plain; charset=utf-8", 500
        if body is None:
            return None
        kind = self.guess_type(path)
        if kind.startswith("text/") or kind in ("application/manifest+json", "application/json"):
            kind += "; charset=utf-8"
        return body, kind, 200

    def list_directory(self, path):  # type: ignore[no-untyped-def]  # the base class's signature
        self.send_error(404, "No directory listings")
        return None

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        for name, value in SECURITY_HEADERS.items():
            self.send_header(name, value)
        path = getattr(self, "path", "")  # unset when the request line itself could not be read
        if self.policy and not unquote(urlsplit(path).path).lstrip("/").startswith(OWN_POLICY):
            self.send_header("Content-Security-Policy", self.policy)
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        if self.verbose:
            super().log_message(format, *args)


def make_server(host: str, port: int, verbose: bool = False) -> http.server.ThreadingHTTPServer:
    site = Site(ROOT, git_commit(ROOT))
    handler = type("Handler", (StaticHandler,), {"verbose": verbose, "policy": page_policy(ROOT), "site": site})
    server = http.server.ThreadingHTTPServer(
        (host, port), functools.partial(handler, directory=str(ROOT))
    )
    server.daemon_threads = True
    return server


def ensure_runtime_or_exit() -> None:
    sys.path.insert(0, str(ROOT / "assets"))
    try:
        # assets/ is on the path only here: mypy checks the package and this file, not assets/
        from fetch_runtime import FetchError, ensure_runtime  # type: ignore[import-not-found]
    finally:
        sys.path.pop(0)
    try:
        ensure_runtime(quiet=False)
    except FetchError as exc:
        print(f"serve.py: could not install the browser runtime: {exc}", file=sys.stderr)
        sys.exit(1)


#: Python-Markdown, which the rules pages are made with, pinned (a development tool: the pages are HTML).
MARKDOWN = "markdown==3.11.3"


def ensure_markdown_or_exit() -> None:
    """Install Python-Markdown into ``.tools/python`` with pip when this Python lacks it."""
    import importlib.util
    import subprocess

    if importlib.util.find_spec("markdown") is not None:
        return
    print(f"serve.py: installing {MARKDOWN} (the rules pages) into {TOOLS.relative_to(ROOT)}", flush=True)
    done = subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                           "--target", str(TOOLS), MARKDOWN])
    importlib.invalidate_caches()
    if done.returncode != 0 or importlib.util.find_spec("markdown") is None:
        print(f"serve.py: could not install {MARKDOWN} with pip (the rules pages need it)", file=sys.stderr)
        sys.exit(1)


def _stop_on_sigterm(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Serve the repository as static files.")
    parser.add_argument("--port", type=int, default=8000, help="port (0 picks a free one)")
    parser.add_argument("--host", default="127.0.0.1", help="address to bind (default 127.0.0.1)")
    parser.add_argument("--no-fetch", action="store_true",
                        help="do not fetch the runtime (nor Python-Markdown) if it is missing")
    parser.add_argument("--verbose", action="store_true", help="log every request")
    args = parser.parse_args(argv)

    if not args.no_fetch:
        ensure_runtime_or_exit()
        ensure_markdown_or_exit()

    server = make_server(args.host, args.port, verbose=args.verbose)
    address = server.server_address
    host = address[0] if isinstance(address[0], str) else bytes(address[0]).decode()
    port = address[1]
    shown = f"[{host}]" if ":" in host else host
    print(f"Serving on http://{shown}:{port}/", flush=True)
    signal.signal(signal.SIGTERM, _stop_on_sigterm)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("\nStopped.", flush=True)
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
