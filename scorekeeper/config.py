"""Configuration: instance folder, settings from the environment, database URL.

The secret key is not here: it is kept in the database, for every server of it (see `secret`).
"""

from __future__ import annotations

import os
from pathlib import Path

from flask import Flask


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
    """Fill `app.config`: defaults, then the environment, then `test_config`, then the database URL."""
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
    app.config["DATABASE_URL"] = database_url(app)
