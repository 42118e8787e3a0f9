"""How `make run` serves the app: gunicorn with gevent workers, timeouts on every connection.

Why this and not gthread: a gthread worker gives each connection a thread, and a phone that sends
half a request holds its thread until it finishes, which may be never; a few dozen such
connections and every thread waits. Under gevent a connection is a greenlet, a few kilobytes:
slow or idle clients cost buffers, not workers. Gunicorn still forks several workers (both cores
are used) and serves HTTPS itself when given a certificate. Waitress buffers whole requests too
but has one process and no TLS; uvicorn would put an ASGI adapter in front of a WSGI app.

Timeouts (seconds, `REQUEST_TIMEOUT`):
- the request line and headers must arrive within it (gunicorn's keep-alive timer wraps each
  read of a request under gevent, so it also closes idle keep-alive connections);
- the body must arrive within it: `buffered` reads it whole before the app runs, so the app
  never waits on a slow client, and a late body gets 408;
- every socket read or write times out after it too (the worker sets it on each connection),
  which covers a TLS handshake that never ends and a client that stops reading the answer.

The app's database drivers cooperate: psycopg 3 waits on gevent's hub (from 3.1.14), and a
SQLite statement is short; PDF rendering, the one long CPU task, runs in a render process
beside each worker (see `printing.renderer`), at most `PDF_RENDERS` at once on the machine.
"""

from __future__ import annotations

import io
import os
from collections.abc import Callable, Iterable
from typing import Any

from gunicorn.workers.base_async import AsyncWorker
from gunicorn.workers.ggevent import GeventWorker

REQUEST_TIMEOUT = float(os.environ.get("REQUEST_TIMEOUT", "10"))

WSGIApp = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]


class Worker(GeventWorker):  # type: ignore[misc]
    """Gunicorn's gevent worker with a timeout on every read and write of a connection."""

    def handle(self, listener: Any, client: Any, addr: Any) -> None:
        client.setblocking(1)
        client.settimeout(REQUEST_TIMEOUT)
        AsyncWorker.handle(self, listener, client, addr)


def _refuse(start_response: Callable[..., Any], status: str, text: str) -> list[bytes]:
    body = f"{text}\n".encode()
    headers = [("Content-Type", "text/plain; charset=utf-8"), ("Content-Length", str(len(body)))]
    start_response(status, [*headers, ("Connection", "close")])
    return [body]


def buffered(app: WSGIApp, limit: int, timeout: float = REQUEST_TIMEOUT) -> WSGIApp:
    """`app` called only once the whole request body has arrived, within `timeout` seconds.

    A body over `limit` bytes is left to the app, which refuses it (413) without reading it.
    """
    import gevent

    def wrapped(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        length = environ.get("CONTENT_LENGTH") or ""
        chunked = "chunked" in environ.get("HTTP_TRANSFER_ENCODING", "").lower()
        if not chunked and (not length.isdigit() or int(length) == 0 or int(length) > limit):
            return app(environ, start_response)
        stream = environ["wsgi.input"]
        try:
            with gevent.Timeout(timeout):
                data = stream.read(int(length)) if not chunked else stream.read(limit + 1)
        except (gevent.Timeout, OSError):
            return _refuse(start_response, "408 Request Timeout", "The request took too long to arrive.")
        if len(data) > limit:
            return _refuse(start_response, "413 Content Too Large", "The request is too large.")
        environ["wsgi.input"] = io.BytesIO(data)
        environ["CONTENT_LENGTH"] = str(len(data))
        environ.pop("HTTP_TRANSFER_ENCODING", None)
        environ["wsgi.input_terminated"] = True
        return app(environ, start_response)

    return wrapped


def application() -> WSGIApp:
    """The app as gunicorn serves it: `gunicorn 'scorekeeper.serving:application()'`."""
    from . import create_app, secret

    app = create_app()
    # At start, not at the first request: a server whose secret key disagrees with the other
    # servers of its database refuses to start, and says why (see `secret`).
    with app.app_context():
        secret.ensure(app)
    limit = int(app.config.get("MAX_CONTENT_LENGTH") or 256 * 1024)
    return buffered(app, limit)
