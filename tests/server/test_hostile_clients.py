"""What a stranger's connections cost the real server (as `make run` starts it): a TLS handshake
that never comes, headers that trickle in over HTTPS, a body far over the limit that keeps coming.
Each is cut off within the request timeout, and players' polls are answered meanwhile.

Timings here are liveness bounds only; bench/attacks.py measures."""

from __future__ import annotations

import contextlib
import socket
import ssl
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.builders import worked_example

from .server import UNVERIFIED, Answer, Phone, Server, self_signed, serve

LIVELY = 10.0  # seconds: a generous bound that only a stalled server misses
TIMEOUT = 2  # the servers' request timeout here


@pytest.fixture
def https(tmp_path: Path) -> Iterator[Server]:
    with serve(tmp_path, https=self_signed(tmp_path), REQUEST_TIMEOUT=str(TIMEOUT)) as running:
        yield running


def _closed_within(conn: socket.socket, seconds: float) -> bool:
    """Whether the server closes `conn` (or resets it) within `seconds`, dropping what it sends."""
    conn.settimeout(0.2)
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if not conn.recv(65536):
                return True
        except TimeoutError:
            continue
        except OSError:
            return True
    return False


def test_a_tls_handshake_that_never_comes_is_closed(https: Server) -> None:
    idle = [socket.create_connection(("127.0.0.1", https.port), timeout=10) for _ in range(50)]
    try:
        # Players are answered meanwhile, over HTTPS.
        links = https.import_game(worked_example())
        assert Phone().request(https.base + links["view_url"], timeout=LIVELY).status == 200
        assert all(_closed_within(conn, TIMEOUT + 4) for conn in idle)
    finally:
        for conn in idle:
            conn.close()
    assert "Traceback" not in https.output()


def test_a_handshake_sent_a_byte_at_a_time_is_closed(https: Server) -> None:
    """A deadline, not a timeout per read: a client that sends a byte every half second would
    take minutes over its ClientHello."""
    conn = socket.create_connection(("127.0.0.1", https.port), timeout=10)
    try:
        assert _trickled(conn, _client_hello(), TIMEOUT + 5)
    finally:
        conn.close()


def _trickled(conn: socket.socket, data: bytes, seconds: float) -> bool:
    """Send `data` a byte at a time, half a second apart: whether the server closes the connection
    within `seconds`."""
    deadline = time.monotonic() + seconds
    for byte in data:
        if time.monotonic() > deadline:
            return False
        try:
            conn.sendall(bytes([byte]))
        except OSError:
            return True
        if _closed_within(conn, 0.5):
            return True
    return False


def _client_hello() -> bytes:
    """The first bytes a TLS client sends, as Python's ssl makes them."""
    incoming, outgoing = ssl.MemoryBIO(), ssl.MemoryBIO()
    client = UNVERIFIED.wrap_bio(incoming, outgoing, server_hostname="127.0.0.1")
    with contextlib.suppress(ssl.SSLWantReadError):
        client.do_handshake()
    return outgoing.read()


def test_headers_that_trickle_in_over_https_are_cut_off(https: Server) -> None:
    raw = socket.create_connection(("127.0.0.1", https.port), timeout=10)
    conn = UNVERIFIED.wrap_socket(raw, server_hostname="127.0.0.1")
    try:
        request = b"GET /offline HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + b"a" * 40
        assert _trickled(conn, request, TIMEOUT + 5)
    finally:
        conn.close()


def _flood(server: Server, sent: list[int], done: threading.Event) -> None:
    """A POST that says 1 GB and sends it as fast as it can, until the server closes it."""
    conn = socket.create_connection(("127.0.0.1", server.port), timeout=10)
    head = (
        b"POST /import HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1000000000\r\n"
        b"Content-Type: multipart/form-data; boundary=x\r\n\r\n"
    )
    chunk = b"x" * 65536
    try:
        conn.sendall(head)
        while not done.is_set():
            conn.sendall(chunk)
            sent[0] += len(chunk)
    except OSError:
        pass
    finally:
        conn.close()


def test_a_body_far_over_the_limit_is_refused_and_not_drained(server: Server) -> None:
    links = server.import_game(worked_example())
    live = server.base + links["view_url"] + "/live"
    done = threading.Event()
    floods = [[0] for _ in range(4)]  # more than one per worker
    senders = [threading.Thread(target=_flood, args=(server, sent, done)) for sent in floods]
    polls: list[Answer] = []
    started = time.monotonic()
    for sender in senders:
        sender.start()
    try:
        phone = Phone()
        while time.monotonic() - started < 4:
            polls.append(phone.request(live, timeout=LIVELY))
            time.sleep(0.1)
        for sender in senders:
            sender.join(timeout=LIVELY)
        still_sending = [s.is_alive() for s in senders]
    finally:
        done.set()
        for sender in senders:
            sender.join()
    assert not any(still_sending), "the server read on instead of closing the connection"
    assert polls and {p.status for p in polls} == {200}
    assert max(p.seconds for p in polls) < LIVELY
    # Each sender was cut off long before its gigabyte.
    assert max(sent[0] for sent in floods) < 200 * 1024 * 1024


def test_a_body_over_the_limit_gets_its_answer(server: Server) -> None:
    """A phone's too-large upload still reads the server's 413 page before the close."""
    conn = socket.create_connection(("127.0.0.1", server.port), timeout=10)
    body = b"x" * (400 * 1024)
    head = (
        f"POST /import HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: {len(body)}\r\n"
        "Content-Type: application/x-www-form-urlencoded\r\n\r\n"
    ).encode()
    try:
        conn.sendall(head + body)
        answer = b""
        while chunk := conn.recv(65536):
            answer += chunk
    finally:
        conn.close()
    assert answer.startswith(b"HTTP/1.1 413")
