"""Static files: compressed answers, and file names that change with their content.

Every link to a static file carries a short hash of the file (`?v=...`), so a
browser may keep it for a year and never ask again; a new version of the file
is a new address. Responses are compressed by Flask-Compress (brotli, gzip).
"""

from __future__ import annotations

import gzip
import hashlib
import os
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import brotli
from flask import Flask, Response, abort, current_app, request, send_from_directory
from flask_compress import Compress
from werkzeug.security import safe_join

from scorekeeper.util.memo import Memo

from .minify import minified

YEAR = 60 * 60 * 24 * 365
compress = Compress()


# Compressed bodies of responses that many clients fetch alike (a live fragment followed by fifty
# phones), under the key of what was rendered: compressed once instead of once per phone.
ENCODED: Memo[tuple[object, ...], bytes] = Memo(512)


def compressed_once(
    body: str | Callable[[], str], key: tuple[object, ...], level: int | None = None
) -> Response:
    """An HTML response of `body`, compressed as the client accepts, once per `key` and encoding;
    `body` may be the function that makes it, called only when no encoding of it is kept; `level`:
    brotli's, else the app's.

    Flask-Compress leaves a response that already has a Content-Encoding alone (adding Vary)."""
    algorithms = current_app.config["COMPRESS_ALGORITHM"]
    encoding = next((e for e in ("br", "gzip") if e in algorithms and request.accept_encodings[e]), None)
    if encoding is None:
        return Response(body if isinstance(body, str) else body(), mimetype="text/html")
    data = ENCODED.get((*key, encoding))
    if data is None:
        raw = (body if isinstance(body, str) else body()).encode()
        if encoding == "br":
            data = brotli.compress(raw, quality=level or current_app.config["COMPRESS_BR_LEVEL"])
        else:
            data = gzip.compress(raw, compresslevel=current_app.config.get("COMPRESS_LEVEL", 6))
        ENCODED.put((*key, encoding), data)
    response = Response(data, mimetype="text/html")
    response.headers["Content-Encoding"] = encoding
    return response


def _one_encoding(response: Response) -> Response:
    # Flask-Compress says every answer varies with Accept-Encoding; a static file it never
    # compresses (too small, or not text: the icon) is the same answer to every browser, and
    # `Vary` would only cost its bytes.
    if request.endpoint != "static" or "Content-Encoding" in response.headers:
        return response
    small = (
        response.content_length is not None
        and response.content_length < current_app.config["COMPRESS_MIN_SIZE"]
    )
    if small or response.mimetype not in current_app.config["COMPRESS_MIMETYPES"]:
        vary = [v for v in response.vary if v.lower() != "accept-encoding"]
        if vary:
            response.vary = vary
        else:
            del response.headers["Vary"]
    return response


@cache
def packed(path: str, encoding: str) -> bytes:
    """A static file's bytes as sent (`lean`) compressed as tightly as `encoding` goes (brotli's
    quality 11, gzip's 9): once per file and process, so the cost of the tightest setting is paid
    once, and a phone downloads about a tenth less of each file than at the level used for pages."""
    raw = lean(path)
    return brotli.compress(raw, quality=11) if encoding == "br" else gzip.compress(raw, compresslevel=9)


@cache
def lean(path: str) -> bytes:
    """A static file's bytes as sent: a script or stylesheet without the comments and indentation
    that explain it to us (`minify`), anything else as it is. Once per file and process."""
    return minified(path, Path(path).read_bytes())


@cache
def fingerprint(path: str) -> str:
    """A short hash of a static file's bytes (read once per process; files change only on deploy)."""
    try:
        return hashlib.sha256(Path(path).read_bytes()).hexdigest()[:10]
    except OSError:
        return "0"


def init_app(app: Flask) -> None:
    app.config.setdefault("COMPRESS_ALGORITHM", ["br", "gzip"])
    app.config.setdefault("COMPRESS_BR_LEVEL", 5)
    app.config.setdefault(
        "COMPRESS_MIMETYPES",
        [
            "text/html",
            "text/css",
            "text/javascript",
            "application/javascript",
            "application/json",
            "image/svg+xml",
            "text/csv",
        ],
    )
    # Registered before Flask-Compress's hook, so it runs after it (hooks run last-registered first).
    app.after_request(_one_encoding)
    compress.init_app(app)
    static = Path(app.static_folder or "static")

    @app.url_defaults
    def versioned(endpoint: str, values: dict[str, Any]) -> None:
        if endpoint == "static" and "filename" in values and "v" not in values:
            values["v"] = fingerprint(str(static / values["filename"]))

    def max_age(filename: str | None) -> int | None:
        # A versioned address never changes its bytes; anything else is asked again each time.
        return YEAR if request.args.get("v") else None

    app.get_send_file_max_age = max_age  # type: ignore[method-assign]

    def send_static_file(filename: str) -> Response:
        # The file's own short hash as its ETag, 12 bytes where Werkzeug's (its time, size and a
        # checksum of its name) takes 37; hashed only once the file is found, so that no address
        # asked for fills the cache of hashes.
        path = safe_join(str(static), filename)
        if path is None or not os.path.isfile(path):
            abort(404)
        return send_from_directory(static, filename, max_age=max_age(filename), etag=fingerprint(path))

    app.send_static_file = send_static_file  # type: ignore[method-assign]

    @app.after_request
    def immutable(response: Response) -> Response:
        # Only a file sent is a file to read again: Flask answers OPTIONS by itself, for any
        # name (a null byte's too), without looking for the file.
        if request.endpoint != "static" or request.method not in ("GET", "HEAD"):
            return response
        if request.args.get("v") and response.status_code == 200:
            response.cache_control.immutable = True
        # Read the (small) file whole and close it, so that it is compressed as one piece: the
        # streamed path leaves the file to be closed by whoever finishes the response.
        response.direct_passthrough = False
        response.make_sequence()
        filename = (request.view_args or {}).get("filename")
        if response.status_code == 200 and filename and filename.endswith((".css", ".js")):
            response.set_data(lean(str(static / filename)))  # the same bytes in every encoding
        # Headers a versioned, immutable file does without: Cache-Control's max-age overrides
        # Expires, and "inline" is what a browser does anyway; its ETag is the one validator a
        # browser needs (Last-Modified is a second), and the compressed whole is what it is sent,
        # not ranges of it.
        response.headers.pop("Content-Disposition", None)
        # "public" lets a shared cache keep an answer to a request with credentials (Authorization):
        # none is ever sent here, and max-age alone lets every cache keep it.
        if response.cache_control.immutable:
            for name in ("Expires", "Last-Modified", "Accept-Ranges"):
                response.headers.pop(name, None)
            response.cache_control.public = False
        _pack(response)
        return response

    def _pack(response: Response) -> None:
        # A versioned file whole, compressible and worth it: answered with its tightest encoding
        # (Flask-Compress leaves an encoded response alone and adds Vary).
        if response.status_code != 200 or not response.cache_control.immutable:
            return
        if response.mimetype not in app.config["COMPRESS_MIMETYPES"]:
            return
        if response.content_length is None or response.content_length < app.config["COMPRESS_MIN_SIZE"]:
            return
        algorithms = app.config["COMPRESS_ALGORITHM"]
        encoding = next((e for e in ("br", "gzip") if e in algorithms and request.accept_encodings[e]), None)
        filename = (request.view_args or {}).get("filename")
        if encoding is None or not filename:
            return
        response.set_data(packed(str(static / filename), encoding))
        response.headers["Content-Encoding"] = encoding
        etag, weak = response.get_etag()
        if etag and not weak:  # each encoding its own validator, as Flask-Compress names them
            response.set_etag(f"{etag}:{encoding}")
