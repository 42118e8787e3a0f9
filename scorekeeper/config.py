"""Configuration: instance folder, secret key kept on disk, database URL."""

from __future__ import annotations

import os
import secrets
from pathlib import Path

from flask import Flask

SECRET_FILE = "secret_key"


def read_or_create_secret(instance: Path) -> str:
    """The secret key kept in the instance folder, written once by whichever process comes first.

    Every worker and every restart must sign sessions with the same key, so it
    is never generated per process.
    """
    path = instance / SECRET_FILE
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        pass
    else:
        with os.fdopen(fd, "w") as file:
            file.write(secrets.token_hex(32))
    for _ in range(50):  # another process may be between creating and writing the file
        key = path.read_text().strip()
        if key:
            return key
    raise RuntimeError(f"{path} is empty")


def database_url(app: Flask) -> str:
    """`DATABASE_URL` from the environment, else SQLite in the instance folder; psycopg 3 for PostgreSQL."""
    url = app.config.get("DATABASE_URL") or os.environ.get("DATABASE_URL")
    if not url:
        return f"sqlite:///{Path(app.instance_path) / 'scorekeeper.sqlite'}"
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return str(url)


def configure(app: Flask, test_config: dict[str, object] | None) -> None:
    """Fill `app.config`: defaults, then `test_config`, then the secret key and database URL."""
    instance = Path(app.instance_path)
    instance.mkdir(parents=True, exist_ok=True)
    app.config.from_mapping(
        # A game of Barbu lasts hours; a form opened at the start must still post at the end.
        WTF_CSRF_TIME_LIMIT=None,
        MAX_CONTENT_LENGTH=256 * 1024,
        SESSION_COOKIE_SAMESITE="Lax",
        # The cookie lists the edit links opened on the device: it travels when it changes only.
        SESSION_REFRESH_EACH_REQUEST=False,
        PERMANENT_SESSION_LIFETIME=60 * 60 * 24 * 365,
        BABEL_DEFAULT_LOCALE="en",
        # Behind a reverse proxy: how many proxies to believe in X-Forwarded-For/-Proto/-Host.
        # 0 (the default) believes none, so no client can pick the address it is counted under.
        TRUSTED_PROXIES=0,
        # At most this many PDFs render at once on this machine, across every worker; a request
        # that waits longer than PDF_WAIT seconds for its turn is told to try again (503).
        PDF_RENDERS=1,
        PDF_WAIT=20,
        # A game's sheet is rendered this many seconds after the last save of a burst, so that
        # asking for the PDF later costs no wait (0 turns it off; the tests leave it off).
        PRERENDER_DELAY=4,
        # Pruning runs at most once per PRUNE_INTERVAL seconds, in whichever worker comes first.
        PRUNE_INTERVAL=600,
        SUBMISSION_DAYS=30,
        PDF_CACHE_DAYS=14,
        # A kept paper check nobody corrected for this long is deleted.
        PAPER_CHECK_DAYS=90,
    )
    # SCOREKEEPER_TRUSTED_PROXIES=1, SCOREKEEPER_LIMIT_CREATE="[60, 600]" and so on (values in JSON).
    app.config.from_prefixed_env("SCOREKEEPER")
    if test_config:
        app.config.update(test_config)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = read_or_create_secret(instance)
    app.config["DATABASE_URL"] = database_url(app)
