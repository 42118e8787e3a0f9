"""`make run` as players meet it: the addresses printed, HTTPS with CERT and KEY, and PostgreSQL
through psycopg 3 under gevent workers."""

from __future__ import annotations

import re
import socket
import threading
from pathlib import Path

import pytest

from tests.builders import worked_example

from .server import Phone, Server, self_signed, serve


def test_the_addresses_are_printed_and_plain_http_is_explained(server: Server) -> None:
    out = server.output()
    assert f"http://localhost:{server.port}" in out
    assert "Plain HTTP: anyone on this network can read the edit links" in out
    assert "Using worker: scorekeeper.server.worker.Worker" in out


def test_with_cert_and_key_it_serves_https(tmp_path: Path) -> None:
    with serve(tmp_path, https=self_signed(tmp_path)) as server:
        assert server.base.startswith("https://")
        assert f"https://localhost:{server.port}" in server.output()
        links = server.import_game(worked_example())
        phone = Phone()
        answer = phone.request(server.base + links["edit_url"])
        assert answer.status == 200
        assert answer.headers["Strict-Transport-Security"].startswith("max-age=")
        assert answer.headers["Cache-Control"] == "no-store"
        assert "Secure" in answer.headers["Set-Cookie"]


def test_forwarded_headers_are_ignored_unless_configured(server: Server) -> None:
    answer = Phone().request(server.base + "/", headers={"X-Forwarded-Proto": "https"})
    assert "Strict-Transport-Security" not in answer.headers


@pytest.mark.postgres
def test_two_phones_at_once_store_one_deal(server: Server) -> None:
    """Runs on PostgreSQL in `make postgres`: psycopg 3 under gevent workers."""
    links = server.import_game(worked_example())
    entry = server.base + links["edit_url"] + "/deal?contract=barbu"
    phones = [Phone(), Phone()]
    forms = [phone.form(entry) for phone in phones]
    start = threading.Barrier(2)
    statuses: list[int] = []

    def send(n: int) -> None:
        start.wait()
        answer = phones[n].request(entry, data={**forms[n], "contract": "barbu", "king": str(n + 1)})
        statuses.append(answer.status)

    threads = [threading.Thread(target=send, args=(n,)) for n in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert sorted(statuses) == [303, 409]
    export = Phone().request(server.base + links["view_url"] + "/export.json").text
    assert export.count('"contract"') == 3


def _ask(sock: socket.socket, request: bytes) -> str:
    """Send `request` and read its answer's head and (small, Content-Length) body."""
    sock.sendall(request)
    data = b""
    while b"\r\n\r\n" not in data:
        data += sock.recv(65536)
    head, _, body = data.partition(b"\r\n\r\n")
    length = int(re.search(rb"(?i)content-length: *(\d+)", head).group(1))  # type: ignore[union-attr]
    while len(body) < length:
        body += sock.recv(65536)
    return head.decode()


def test_answers_leave_out_server_and_a_default_keep_alive(server: Server) -> None:
    """No `Server` line, and no `Connection: keep-alive` to HTTP/1.1 (its default): the connection
    still serves a second request; an HTTP/1.0 client that asks to keep it is still told yes."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as sock:
        for _ in range(2):
            head = _ask(sock, b"GET /offline HTTP/1.1\r\nHost: localhost\r\n\r\n")
            assert head.startswith("HTTP/1.1 200"), head
            assert "\r\nserver:" not in head.lower() and "connection:" not in head.lower(), head
        head = _ask(sock, b"GET /offline HTTP/1.0\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n")
        assert "\r\nConnection: keep-alive" in head, head
        head = _ask(sock, b"GET /offline HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
        assert "\r\nConnection: close" in head, head
