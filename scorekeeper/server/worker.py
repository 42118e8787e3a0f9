"""How `make run` serves the app: gunicorn with gevent workers, timeouts on every connection.

Why this and not gthread: a gthread worker gives each connection a thread, and a phone that sends
half a request holds its thread until it finishes, which may be never; a few dozen such
connections and every thread waits. Under gevent a connection is a greenlet, a few kilobytes:
slow or idle clients cost buffers, not workers. Gunicorn still forks several workers (both cores
are used) and serves HTTPS itself when given a certificate. Waitress buffers whole requests too
but has one process and no TLS; uvicorn would put an ASGI adapter in front of a WSGI app.

Timeouts (seconds, `REQUEST_TIMEOUT`):
- with HTTPS, the TLS handshake must be over within it. gevent's server would shake hands before
  the worker sees the connection, with no timeout at all (a socket that never sends its
  ClientHello stayed open for good): the worker's SSL context defers the handshake, and the
  worker does it under a deadline;
- the request line and headers must arrive within it (gunicorn's keep-alive timer wraps each
  read of a request under gevent, so it also closes idle keep-alive connections);
- the body must arrive within it: `buffered` reads it whole before the app runs, so the app
  never waits on a slow client, and a late body gets 408;
- every socket read or write times out after it too (the worker sets it on each connection),
  which covers a client that stops reading the answer.

A body that is refused (too large, or too slow) is never read to its end: gunicorn would drain it
before reading the next request, a kilobyte at a time and without yielding, so a 1 GB upload held
its worker for half a minute. The connection is closed instead, as nginx closes it: the answer is
sent, the sending side shut, and what the client still sends is read and dropped for a moment
(LINGER seconds, LINGER_BYTES at most, yielding between reads) so that its TCP stack takes the
answer before the close.

The app's database drivers cooperate: psycopg 3 waits on gevent's hub (from 3.1.14), and a
SQLite statement that finds the write lock taken waits for it cooperatively (`sqlite_wait`). PDF
rendering, the one long CPU task, runs in a render process beside each worker (see
`printing.renderer`), at most `PDF_RENDERS` at once on the machine.
"""

from __future__ import annotations

import gc
import io
import os
import socket
import ssl
import time
from collections.abc import Callable, Iterable
from typing import Any

from gunicorn import util
from gunicorn.http import wsgi
from gunicorn.http.body import ChunkedReader, EOFReader, LengthReader
from gunicorn.workers.base_async import AsyncWorker
from gunicorn.workers.ggevent import GeventWorker

REQUEST_TIMEOUT = float(os.environ.get("REQUEST_TIMEOUT", "10"))
LINGER = 2.0
LINGER_BYTES = 1024 * 1024

WSGIApp = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]


class HandshakeLater:
    """An SSL context whose sockets shake hands only when the worker says (see Worker.handle)."""

    def __init__(self, context: ssl.SSLContext) -> None:
        self.context = context

    def wrap_socket(self, sock: Any, **kwargs: Any) -> Any:
        return self.context.wrap_socket(sock, **{**kwargs, "do_handshake_on_connect": False})

    def __getattr__(self, name: str) -> Any:
        return getattr(self.context, name)


def _later(conf: Any, default_ssl_context_factory: Callable[[], ssl.SSLContext]) -> Any:
    return HandshakeLater(default_ssl_context_factory())


class Response(wsgi.Response):  # type: ignore[misc]
    """Gunicorn's answer without the two header lines that tell a browser nothing, about 40 bytes of
    every answer: `Server: gunicorn`, and `Connection: keep-alive` to an HTTP/1.1 client (for which
    keeping the connection is the default; `close`, and any answer to HTTP/1.0, still say so)."""

    def default_headers(self) -> list[str]:
        headers: list[str] = super().default_headers()
        idle = "Connection: keep-alive\r\n" if tuple(self.req.version) >= (1, 1) else None
        return [h for h in headers if not h.startswith("Server:") and h != idle]


class Worker(GeventWorker):  # type: ignore[misc]
    """Gunicorn's gevent worker with deadlines on the TLS handshake and every read and write of a
    connection, which closes a connection whose request body it refused rather than drain it."""

    def run(self) -> None:
        if self.cfg.is_ssl:  # in the worker's own process, before its servers are made
            self.cfg.set("ssl_context", _later)
        wsgi.Response = Response  # what `wsgi.create` answers with, in this worker's process
        super().run()

    def handle(self, listener: Any, client: Any, addr: Any) -> None:
        import gevent

        client.setblocking(1)
        client.settimeout(REQUEST_TIMEOUT)
        if isinstance(client, ssl.SSLSocket):
            try:
                with gevent.Timeout(REQUEST_TIMEOUT):
                    client.do_handshake()
            except (gevent.Timeout, OSError):  # a TLS error is an OSError too
                util.close(client)
                return
        AsyncWorker.handle(self, listener, client, addr)

    def handle_request(self, listener_name: Any, req: Any, sock: Any, addr: Any) -> bool:
        try:
            kept: bool = super().handle_request(listener_name, req, sock, addr)
        except StopIteration:
            if not body_read(req):
                linger(sock)
            raise
        if not body_read(req):
            linger(sock)
            raise StopIteration("the request's body was refused: closed, not drained")
        return kept


def body_read(req: Any) -> bool:
    """Whether the request's body was read to its end (`buffered` reads every body it accepts)."""
    reader = getattr(getattr(req, "body", None), "reader", None)
    if isinstance(reader, LengthReader):
        return bool(reader.length == 0)
    if isinstance(reader, ChunkedReader):
        return reader.parser is None
    if isinstance(reader, EOFReader):
        return bool(reader.finished)
    return True


def linger(sock: Any) -> None:
    """Close after an answer as nginx's lingering close does: shut the sending side, then read and
    drop what the client still sends for up to LINGER seconds and LINGER_BYTES, yielding between
    reads (a reset sent at once could destroy the answer before the client reads it)."""
    import gevent

    deadline, dropped = time.monotonic() + LINGER, 0
    try:
        sock.shutdown(socket.SHUT_WR)
        while dropped < LINGER_BYTES and (left := deadline - time.monotonic()) > 0:
            sock.settimeout(left)
            data = sock.recv(64 * 1024)
            if not data:
                break
            dropped += len(data)
            gevent.sleep(0)  # a client that keeps sending never holds the worker
    except OSError:
        pass


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
    """The app as gunicorn serves it: `gunicorn 'scorekeeper.server.worker:application()'`."""
    from scorekeeper.app import create_app
    from scorekeeper.storage import secret

    app = create_app()
    # At start, not at the first request: a server whose secret key disagrees with the other
    # servers of its database refuses to start, and says why (see `secret`).
    with app.app_context():
        secret.ensure(app)
    served = buffered(app, int(app.config.get("MAX_CONTENT_LENGTH") or 256 * 1024))
    settle_collector()
    return served


def settle_collector() -> None:
    """Leave what the worker built to start (modules, the app, the database's tables: some 150,000
    objects, none of them ever garbage) out of the cycle collector's full passes. Each full pass
    walked them all: 60 to 120 ms with every connection of the worker waiting, a few times a
    minute under a room of phones, whose slowest polls were those pauses (bench/targets.md). Done
    before the first request, so that nothing a request made is kept from the collector."""
    gc.collect()
    gc.freeze()
