"""Static files: compressed answers, and file names that change with their content.

Every link to a static file carries a short hash of the file (`?v=...`), so a
browser may keep it for a year and never ask again; a new version of the file
is a new address. Responses are compressed by Flask-Compress (brotli, gzip).
"""

from __future__ import annotations

import hashlib
from functools import cache
from pathlib import Path
from typing import Any

from flask import Flask, request
from flask_compress import Compress
from werkzeug.wrappers import Response

YEAR = 60 * 60 * 24 * 365
compress = Compress()


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

    @app.after_request
    def immutable(response: Response) -> Response:
        if request.endpoint != "static":
            return response
        if request.args.get("v") and response.status_code == 200:
            response.cache_control.immutable = True
        # Read the (small) file whole and close it, so that it is compressed as one piece: the
        # streamed path leaves the file to be closed by whoever finishes the response.
        response.direct_passthrough = False
        response.make_sequence()
        return response
