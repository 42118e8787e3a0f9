"""A club server as deploy/ describes it, on this machine: nginx from Debian doing HTTPS in front of
two app servers, each started as `make run` starts it (scripts/serve.sh) with an instance folder of
its own, on one PostgreSQL database; the nginx site is deploy/nginx-site.conf as
deploy/render-site.sh renders it. Used by the deployment tier (tests/deploy) and by bench/ (the
two-server runs of the polling and club-night benchmarks).
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from sqlalchemy import create_engine, text

from tests.server.server import ROOT, Phone, Server, free_port, self_signed, serve, stop, wait_until_answering

NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
RENDER = str(ROOT / "deploy" / "render-site.sh")


def render_env(folder: Path) -> dict[str, str]:
    """deploy/render-site.sh's settings here: nginx listens on this machine only, and keeps the
    live answers it caches in its own folder."""
    return {**os.environ, "ADDRESS": "127.0.0.1", "ADDRESS6": "[::1]", "CACHE": str(folder / "live-cache")}


# Each line of nginx's log: status, method, path, the server that answered and what it said.
LOG_FORMAT = "'$status $request_method \"$request_uri\" $upstream_addr $upstream_status'"


class Missing(RuntimeError):
    """Something the tier needs (nginx, PostgreSQL) is not there."""


def database(name: str) -> str:
    """A fresh database called `name` on the throwaway PostgreSQL of scripts/with-postgres.sh."""
    url = os.environ.get("TEST_DATABASE_URL")
    if not url:
        raise Missing("TEST_DATABASE_URL is not set: run under scripts/with-postgres.sh (make deploy)")
    admin = create_engine(url.replace("postgresql://", "postgresql+psycopg://"), isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        connection.execute(text(f'CREATE DATABASE "{name}"'))
    admin.dispose()
    return url.rsplit("/", 1)[0] + f"/{name}"


@dataclass
class Nginx:
    process: subprocess.Popen[bytes]
    folder: Path
    base: str
    site: list[str]
    """deploy/render-site.sh's arguments for this site."""

    def render(self, down: list[Server]) -> None:
        """The site rendered again, `down` left alone, and nginx reloaded (gracefully)."""
        env = {**render_env(self.folder), "DOWN": " ".join(f"127.0.0.1:{s.port}" for s in down)}
        rendered = subprocess.run([RENDER, *self.site], env=env, check=True, capture_output=True, text=True)
        (self.folder / "site.conf").write_text(rendered.stdout)
        conf = str(self.folder / "nginx.conf")
        subprocess.run([NGINX, "-c", conf, "-s", "reload"], check=True, capture_output=True)
        time.sleep(0.5)  # the new nginx workers take over; the old ones finish what they hold

    @property
    def log(self) -> Path:
        return self.folder / "access.log"

    def lines(self, start: int = 0) -> list[str]:
        """nginx's log lines from line `start` on."""
        return self.log.read_text(errors="replace").splitlines()[start:]


@dataclass
class Cluster:
    """nginx at `base` (HTTPS) in front of `servers`, all on database `url`."""

    nginx: Nginx
    servers: list[Server]
    url: str
    folder: Path
    env: dict[str, str] = field(default_factory=dict)

    @property
    def base(self) -> str:
        return self.nginx.base

    def statuses(self, start: int = 0) -> Counter[int]:
        return Counter(int(line.split()[0]) for line in self.nginx.lines(start))

    def upstreams(self, start: int = 0) -> list[str]:
        """The server that answered each request sent on to one, in order."""
        found = []
        for line in self.nginx.lines(start):
            address = line.rsplit(" ", 2)[-2]
            if address != "-":
                found.append(address.split(",")[-1].strip())
        return found

    def upgrade(self, server: Server) -> None:
        """What deploy/upgrade.sh does to each server in turn: nginx leaves it alone (the site
        rendered again with it down, nginx reloaded), it is reloaded (what `systemctl reload`
        sends: gunicorn's HUP, new workers on the code as it is now), and once its old workers
        have finished and a new one answers, nginx takes it back."""
        old = subprocess.run(["pgrep", "-P", str(server.process.pid)], capture_output=True, text=True)
        self.nginx.render(down=[server])
        server.process.send_signal(signal.SIGHUP)
        deadline = time.monotonic() + 60
        for pid in map(int, old.stdout.split()):
            while _running(pid):
                assert time.monotonic() < deadline, "the old workers did not stop"
                time.sleep(0.1)
        assert Phone().request(server.base + "/offline", timeout=30).status == 200
        self.nginx.render(down=[])


def _running(pid: int) -> bool:
    """Whether process `pid` still runs (a zombie waiting for its parent does not)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().split()[2] != "Z"
    except OSError:
        return False


def _nginx_conf(folder: Path, site: str) -> Path:
    """A main nginx.conf of our own around the site (Debian's includes it from sites-enabled/)."""
    for temp in ("body", "proxy", "fastcgi", "uwsgi", "scgi"):
        (folder / temp).mkdir(parents=True, exist_ok=True)
    conf = folder / "nginx.conf"
    # As root, nginx's workers would run as nobody, who may not read a folder of /tmp made for root.
    user = "user root;\n" if os.geteuid() == 0 else ""
    conf.write_text(
        f"""{user}worker_processes 1;
pid {folder}/nginx.pid;
error_log {folder}/error.log warn;
daemon off;
events {{ worker_connections 4096; }}
http {{
    include /etc/nginx/mime.types;
    log_format tier {LOG_FORMAT};
    access_log {folder}/access.log tier;
    client_body_temp_path {folder}/body;
    proxy_temp_path {folder}/proxy;
    fastcgi_temp_path {folder}/fastcgi;
    uwsgi_temp_path {folder}/uwsgi;
    scgi_temp_path {folder}/scgi;
    include {site};
}}
"""
    )
    return conf


@contextmanager
def nginx(folder: Path, servers: list[Server]) -> Iterator[Nginx]:
    """deploy/nginx-site.conf, rendered by deploy/render-site.sh, served by Debian's nginx."""
    if not Path(NGINX).exists():
        raise Missing(f"{NGINX} is missing; `make test` installs it (scripts/apt-install.sh nginx)")
    folder.mkdir(parents=True, exist_ok=True)
    cert, key = self_signed(folder)
    https, http = free_port(), free_port()
    upstreams = [f"127.0.0.1:{s.port}" for s in servers]
    arguments = ["127.0.0.1", str(http), str(https), str(cert), str(key), *upstreams]
    site = folder / "site.conf"
    rendered = subprocess.run(
        [RENDER, *arguments], env=render_env(folder), check=True, capture_output=True, text=True
    )
    site.write_text(rendered.stdout)
    conf = _nginx_conf(folder, str(site))
    checked = subprocess.run([NGINX, "-t", "-c", str(conf)], capture_output=True, text=True)
    if checked.returncode != 0:
        raise RuntimeError(f"nginx refuses the site:\n{checked.stderr}")
    with (folder / "nginx.out").open("wb") as out:
        process = subprocess.Popen([NGINX, "-c", str(conf)], stderr=out)
    running = Nginx(process, folder, f"https://127.0.0.1:{https}", arguments)
    try:
        error_log = running.folder / "error.log"
        wait_until_answering(
            process, running.base + "/offline", lambda: error_log.read_text(errors="replace")
        )
        yield running
    finally:
        stop(process, signal.SIGQUIT, 10)  # graceful: finish the requests, then stop


@contextmanager
def cluster(name: str, servers: int = 2, **settings: str) -> Iterator[Cluster]:
    """nginx and `servers` app servers on a fresh database `name`; `settings` go to every server."""
    url = database(name)
    with ExitStack() as stack:
        folder = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix=f"deploy-{name}-")))
        env = {"DATABASE_URL": url, "SCOREKEEPER_TRUSTED_PROXIES": "1", **settings}
        running = []
        for n in range(servers):
            (folder / f"server-{n + 1}").mkdir()
            running.append(stack.enter_context(serve(folder / f"server-{n + 1}", **env)))
        proxy = stack.enter_context(nginx(folder / "nginx", running))
        yield Cluster(proxy, running, url, folder, env)


def save_on(server_base: str, token: str, hand: dict[str, object]) -> int:
    """A deal of no tricks (`hand`'s contract and tricks) saved on one server directly, through its
    form, as a phone of that server would; the answer's status."""
    phone = Phone()
    entry = f"{server_base}/g/{token}/deal"
    form = phone.form(f"{entry}?contract={hand['contract']}")
    result = hand["result"]
    assert isinstance(result, dict)
    fields = {f"tricks_{seat}": str(n) for seat, n in enumerate(result["tricks"].values())}
    sent = {**form, "contract": str(hand["contract"]), **fields}
    return phone.request(entry, sent, headers={"Referer": entry}).status


def access_statuses(server: Server) -> Counter[int]:
    """The statuses a server's access log (gunicorn's, in its output) shows."""
    return Counter(int(m) for m in re.findall(r'" (\d{3}) ', server.output()))
