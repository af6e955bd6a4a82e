"""Serve this repository as static files for local development and tests.

    python serve.py [--port 8000] [--host 127.0.0.1] [--no-fetch] [--verbose]

On start it makes sure the self-hosted browser runtime (PyScript + Pyodide under
``assets/runtime/``) is installed, fetching it with ``assets/fetch_runtime.py``
unless ``--no-fetch`` is given.  It then serves the repository directory with
the MIME types the browser needs (``.wasm`` must be ``application/wasm``, or
Pyodide hangs without an error) and ``Cache-Control: no-cache`` on every
response, and prints ``Serving on http://HOST:PORT/`` (flushed; ``--port 0``
picks a free port, and the printed line tells which).

Nothing but static files: no logic of the app lives here.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import signal
import sys
from pathlib import Path
from typing import ClassVar

ROOT = Path(__file__).resolve().parent

MIME_TYPES = {
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


class StaticHandler(http.server.SimpleHTTPRequestHandler):
    """SimpleHTTPRequestHandler with fixed MIME types, no-cache and quiet logs."""

    protocol_version = "HTTP/1.1"  # keep-alive: the runtime is many files
    extensions_map: ClassVar[dict[str, str]] = dict(http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES)
    verbose = False

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        if self.verbose:
            super().log_message(format, *args)


def make_server(host: str, port: int, verbose: bool = False) -> http.server.ThreadingHTTPServer:
    handler = type("Handler", (StaticHandler,), {"verbose": verbose})
    server = http.server.ThreadingHTTPServer(
        (host, port), functools.partial(handler, directory=str(ROOT))
    )
    server.daemon_threads = True
    return server


def ensure_runtime_or_exit() -> None:
    sys.path.insert(0, str(ROOT / "assets"))
    try:
        from fetch_runtime import FetchError, ensure_runtime
    finally:
        sys.path.pop(0)
    try:
        ensure_runtime(quiet=False)
    except FetchError as exc:
        print(f"serve.py: could not install the browser runtime: {exc}", file=sys.stderr)
        sys.exit(1)


def _stop_on_sigterm(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Serve the repository as static files.")
    parser.add_argument("--port", type=int, default=8000, help="port (0 picks a free one)")
    parser.add_argument("--host", default="127.0.0.1", help="address to bind (default 127.0.0.1)")
    parser.add_argument("--no-fetch", action="store_true", help="do not fetch the runtime if it is missing")
    parser.add_argument("--verbose", action="store_true", help="log every request")
    args = parser.parse_args(argv)

    if not args.no_fetch:
        ensure_runtime_or_exit()

    server = make_server(args.host, args.port, verbose=args.verbose)
    host, port = server.server_address[:2]
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
