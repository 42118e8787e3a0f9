"""Slow and idle clients cost the server buffers, not workers: with 200 half-sent requests held open,
players are still answered, and the half-sent requests are closed once their time is up.

Timings here are liveness bounds only (an answer within 5 s); bench/slow_clients.py measures."""

from __future__ import annotations

import socket
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests.builders import worked_example

from .server import Phone, Server, serve, still_open

HALF_SENT = 200
LIVELY = 10.0  # seconds: a generous bound that only a stalled server misses, even on a busy machine


@contextmanager
def half_sent(server: Server, count: int) -> Iterator[list[socket.socket]]:
    """`count` connections, each stopped in the middle of a request: half the headers, or the
    headers and a tenth of a form."""
    held = []
    try:
        for n in range(count):
            conn = socket.create_connection(("127.0.0.1", server.port), timeout=10)
            if n % 2:
                conn.sendall(b"GET /new HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: slow")
            else:
                conn.sendall(
                    b"POST /import HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5000\r\n"
                    b"Content-Type: application/x-www-form-urlencoded\r\n\r\nfile=abc"
                )
            held.append(conn)
        yield held
    finally:
        for conn in held:
            conn.close()


@pytest.fixture
def patient(tmp_path: Path) -> Iterator[Server]:
    """The server with a long request timeout, so that the half-sent requests are still held when
    the players' requests are done, however busy the machine."""
    with serve(tmp_path, REQUEST_TIMEOUT="60") as running:
        yield running


def test_players_are_answered_while_200_half_sent_requests_are_held(patient: Server) -> None:
    server = patient
    links = server.import_game(worked_example())
    phone = Phone()
    view = server.base + links["view_url"]
    with half_sent(server, HALF_SENT) as held:
        answers = []
        for path in (view, view + "/live", server.base + "/", server.base + "/new", view + "/deal/1"):
            for _ in range(4):
                answers.append(phone.request(path, timeout=LIVELY))
        assert [a.status for a in answers] == [200] * len(answers)
        assert max(a.seconds for a in answers) < LIVELY
        # A player's change goes through too.
        entry = server.base + links["edit_url"] + "/deal?contract=barbu"
        saved = phone.request(
            entry, data={**phone.form(entry), "contract": "barbu", "king": "2"}, timeout=LIVELY
        )
        assert saved.status == 303, saved.text
        assert all(still_open(conn) for conn in held)  # held, not refused: they cost buffers only


def test_half_sent_requests_are_closed_when_their_time_is_up(quick: Server) -> None:
    server = quick
    with half_sent(server, 20) as held:
        time.sleep(2.5)  # the server's request timeout is 2 s
        answers = []
        for conn in held:
            conn.settimeout(5)
            answers.append(conn.recv(200))
    # Half-sent headers: the connection is closed; a half-sent body: 408, then closed.
    assert all(a == b"" or a.startswith(b"HTTP/1.1 408") for a in answers), answers
    assert any(a.startswith(b"HTTP/1.1 408") for a in answers)
    assert "Traceback" not in server.output()


def test_idle_keep_alive_connections_are_closed(quick: Server) -> None:
    server = quick
    conn = socket.create_connection(("127.0.0.1", server.port), timeout=10)
    conn.sendall(b"GET /offline HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    first = conn.recv(65536)
    assert first.startswith(b"HTTP/1.1 200")
    start = time.monotonic()
    while conn.recv(65536):  # the rest of the answer, then the close
        pass
    assert time.monotonic() - start < 10
    conn.close()
