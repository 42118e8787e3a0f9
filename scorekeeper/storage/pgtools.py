"""PostgreSQL's own tools (pg_dump, pg_restore, psql), run on the app's database.

The newest installed version is used (Debian keeps each under /usr/lib/postgresql/N/bin): a
pg_dump older than the server refuses to dump it. The password, if the URL has one, goes to the
tools in their environment, never on a command line that `ps` shows.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

from sqlalchemy import Engine


class ToolMissing(RuntimeError):
    """A PostgreSQL client program is not installed."""


def tool(name: str) -> str:
    """The path of PostgreSQL client program `name`, newest version first."""
    versions = sorted(Path("/usr/lib/postgresql").glob(f"*/bin/{name}"), key=lambda p: int(p.parts[-3]))
    found = str(versions[-1]) if versions else shutil.which(name)
    if not found:
        raise ToolMissing(f"{name} is not installed (Debian: apt-get install postgresql-client)")
    return found


def target(engine: Engine) -> tuple[str, dict[str, str]]:
    """The libpq URL of the engine's database without its password, and the environment with it."""
    url = engine.url
    env = dict(os.environ)
    if url.password:
        env["PGPASSWORD"] = str(url.password)
    plain = url.set(drivername="postgresql", password=None).render_as_string(hide_password=False)
    return plain, env


def run(engine: Engine, args: list[str], stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """Run a tool's command line (the URL is added where "{url}" stands); its output is kept."""
    url, env = target(engine)
    line = [url if a == "{url}" else a for a in args]
    return subprocess.run(line, input=stdin, env=env, capture_output=True, text=True, check=False)
