"""Where a bench's phones send their requests: one server as `make run` starts it, or (`--pair`) the
club server of deploy/: nginx doing HTTPS in front of two such servers on one PostgreSQL
(tests/deploy/cluster.py, as the deployment tier runs it; under scripts/with-postgres.sh)."""

from __future__ import annotations

import asyncio
import ssl
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from tests.server.server import Server, serve

UNVERIFIED = ssl.create_default_context()
UNVERIFIED.check_hostname = False
UNVERIFIED.verify_mode = ssl.CERT_NONE


@dataclass(frozen=True)
class Target:
    """The address phones use, and the app servers behind it (one, when there is no nginx)."""

    base: str
    servers: list[Server]

    @property
    def tls(self) -> bool:
        return self.base.startswith("https:")

    @property
    def port(self) -> int:
        return int(self.base.rsplit(":", 1)[1])

    @property
    def label(self) -> str:
        return "nginx + 2 servers" if len(self.servers) > 1 else "1 server"

    async def connect(self) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
        """A phone's connection: plain to a server, TLS to nginx (a handshake once per phone)."""
        return await asyncio.open_connection("127.0.0.1", self.port, ssl=UNVERIFIED if self.tls else None)


def pair_asked(argv: list[str]) -> tuple[bool, list[str]]:
    """Whether `--pair` is among the arguments, and the others."""
    return "--pair" in argv, [a for a in argv if a != "--pair"]


@contextmanager
def target(pair: bool, tmp: Path, **settings: str) -> Iterator[Target]:
    """One server on SQLite (or TEST_DATABASE_URL), or the pair behind nginx on PostgreSQL."""
    if not pair:
        with serve(tmp, **settings) as server:
            yield Target(server.base, [server])
        return
    from tests.deploy.cluster import Missing, cluster

    try:
        with cluster("bench", **settings) as running:
            yield Target(running.base, running.servers)
    except Missing as missing:
        sys.exit(f"--pair: {missing}")
