"""The real server, started the way `make run` starts it (scripts/serve.sh, gunicorn with gevent
workers), on a free port of 127.0.0.1, with an instance folder of its own; and a small HTTP client
that keeps cookies and reads CSRF tokens, as a phone would."""

from __future__ import annotations

import http.cookiejar
import json
import os
import re
import signal
import socket
import ssl
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
SCOREKEEPER = Path(sys.executable).with_name("scorekeeper")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@dataclass
class Server:
    base: str
    env: dict[str, str]
    process: subprocess.Popen[str]
    log: Path

    @property
    def port(self) -> int:
        return int(self.base.rsplit(":", 1)[1])

    def cli(self, *args: str) -> str:
        """Run the scorekeeper command on the server's database."""
        done = subprocess.run(
            [str(SCOREKEEPER), *args], env=self.env, capture_output=True, text=True, check=True
        )
        return done.stdout

    def import_game(self, doc: dict[str, Any]) -> dict[str, str]:
        with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as file:
            json.dump(doc, file)
        try:
            links: dict[str, str] = json.loads(self.cli("import", file.name))
        finally:
            os.unlink(file.name)
        return links

    def output(self) -> str:
        return self.log.read_text(errors="replace")


@contextmanager
def serve(tmp: Path, https: tuple[Path, Path] | None = None, **settings: str) -> Iterator[Server]:
    """scripts/serve.sh on a free port; `settings` are added to its environment."""
    port = free_port()
    env = {
        **os.environ,
        "HOST": "127.0.0.1",
        "PORT": str(port),
        "WORKERS": "2",
        "SCOREKEEPER_INSTANCE": str(tmp / "instance"),
        **settings,
    }
    if os.environ.get("TEST_DATABASE_URL") and "DATABASE_URL" not in settings:
        env["DATABASE_URL"] = os.environ["TEST_DATABASE_URL"]
    if https:
        env["CERT"], env["KEY"] = str(https[0]), str(https[1])
    subprocess.run([str(SCOREKEEPER), "db", "upgrade"], env=env, check=True, capture_output=True)
    log = tmp / "server.log"
    scheme = "https" if https else "http"
    with log.open("w") as out:
        process = subprocess.Popen(
            [str(ROOT / "scripts" / "serve.sh")], env=env, stdout=out, stderr=subprocess.STDOUT, text=True
        )
    server = Server(f"{scheme}://127.0.0.1:{port}", env, process, log)
    try:
        _wait_until_up(server)
        yield server
    finally:
        stop(process, signal.SIGTERM, 20)  # the gunicorn master: it stops its own workers


def stop(process: subprocess.Popen[Any], how: signal.Signals, seconds: float) -> None:
    """Ask `process` to stop with signal `how`; kill it if it has not within `seconds`."""
    process.send_signal(how)
    try:
        process.wait(timeout=seconds)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def _wait_until_up(server: Server, seconds: float = 30) -> None:
    wait_until_answering(server.process, server.base + "/offline", server.output, seconds)


def wait_until_answering(
    process: subprocess.Popen[Any], url: str, said: Callable[[], str], seconds: float = 30
) -> None:
    """Wait until `url` answers, while `process` (which serves it) runs; `said` is its output."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"it stopped:\n{said()}")
        try:
            get(url, timeout=2)
            return
        except (OSError, urllib.error.URLError):
            time.sleep(0.2)
    raise RuntimeError(f"{url} did not answer within {seconds} s:\n{said()}")


UNVERIFIED = ssl.create_default_context()
UNVERIFIED.check_hostname = False
UNVERIFIED.verify_mode = ssl.CERT_NONE


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


@dataclass
class Answer:
    status: int
    headers: dict[str, str]
    body: bytes
    seconds: float

    @property
    def text(self) -> str:
        return self.body.decode("utf-8", "replace")


class Phone:
    """An HTTP client with its own cookies that does not follow redirects."""

    def __init__(self) -> None:
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(self.jar),
            urllib.request.HTTPSHandler(context=UNVERIFIED),
            NoRedirect,
        )

    def request(
        self,
        url: str,
        data: dict[str, str] | None = None,
        headers: dict[str, str] | None = None,
        timeout: float = 30,
        body: bytes | None = None,
    ) -> Answer:
        """GET `url`, or POST `data` as a form (or `body` as it is)."""
        if data is not None:
            body = urllib.parse.urlencode(data).encode()
        req = urllib.request.Request(url, data=body, headers=headers or {})
        start = time.perf_counter()
        try:
            with self.opener.open(req, timeout=timeout) as response:
                content = response.read()
                status, found = response.status, dict(response.headers)
        except urllib.error.HTTPError as error:
            content, status, found = error.read(), error.code, dict(error.headers)
        return Answer(status, found, content, time.perf_counter() - start)

    def upload(self, url: str, name: str, content: bytes, timeout: float = 60) -> Answer:
        """POST a file to `url`'s form (with its CSRF token), as a browser's upload does."""
        boundary = "serverboundary5f3a"
        fields = [
            f'--{boundary}\r\nContent-Disposition: form-data; name="{k}"\r\n\r\n{v}\r\n'.encode()
            for k, v in self.form(url).items()
        ]
        head = f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="{name}"\r\n\r\n'
        body = b"".join(fields) + head.encode() + content + f"\r\n--{boundary}--\r\n".encode()
        kind = {"Content-Type": f"multipart/form-data; boundary={boundary}"}
        return self.request(url, headers=kind, timeout=timeout, body=body)

    def form(self, url: str) -> dict[str, str]:
        """The hidden fields (CSRF token, version, one-time id) of the first form on the page."""
        page = self.request(url).text
        return dict(
            re.findall(r'<input[^>]*name="(csrf_token|version|submission)"[^>]*value="([^"]*)"', page)
        )


def get(url: str, timeout: float = 30) -> Answer:
    return Phone().request(url, timeout=timeout)


def self_signed(folder: Path) -> tuple[Path, Path]:
    """A throwaway certificate for 127.0.0.1 made with Debian's openssl."""
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(
        [
            "openssl",
            "req",
            "-x509",
            "-newkey",
            "rsa:2048",
            "-nodes",
            "-days",
            "2",
            "-subj",
            "/CN=127.0.0.1",
            "-keyout",
            str(key),
            "-out",
            str(cert),
        ],
        check=True,
        capture_output=True,
    )
    return cert, key


def still_open(conn: socket.socket) -> bool:
    """True while the server has neither answered nor closed the connection."""
    conn.setblocking(False)
    try:
        conn.recv(1, socket.MSG_PEEK)  # data (an answer) or b"" (closed): not held any more
        return False
    except BlockingIOError:
        return True
    except OSError:
        return False
    finally:
        conn.setblocking(True)
