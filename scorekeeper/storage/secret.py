"""The secret key that every server of a database shares, kept in the database itself.

Sessions (the phone's list of its games and groups) and CSRF tokens are signed with it, so every
worker of every machine serving one database must hold the same key: a form rendered by one
server and posted to another is checked with the key that signed it. The key lives in the
`settings` table. The first server to need it writes it with an INSERT that only one writer can
win; every other server, now or later, reads the one that won. No hand step, and no file to copy
between machines.

The key comes, in order, from:
- `SECRET_KEY` set by hand (`SCOREKEEPER_SECRET_KEY`): it is stored if the database has none yet,
  and a server whose key differs from the database's refuses to start (rather than have every
  form its peers rendered refused);
- the instance folder's `secret_key` file of an install from before, so that the sessions and
  forms it handed out stay valid: the first server to start seeds the database with it;
- else a new random key.
"""

from __future__ import annotations

import secrets
from pathlib import Path

from flask import Flask
from sqlalchemy import Engine, insert, select
from sqlalchemy.exc import IntegrityError, OperationalError, ProgrammingError

from .models import SettingRow

NAME = "secret_key"
FILE = "secret_key"
# Set in the config once the key is the database's (or agreed with it), so a worker asks once.
AGREED = "SECRET_KEY_AGREED"


class Disagreement(RuntimeError):
    """This server's SECRET_KEY is not the one the other servers of the database use."""


def instance_key(instance: Path) -> str | None:
    """The key an install from before kept in its instance folder, if any."""
    try:
        return (instance / FILE).read_text().strip() or None
    except OSError:
        return None


def stored_key(engine: Engine) -> str | None:
    """The key kept in the database, if any."""
    with engine.connect() as connection:
        found: str | None = connection.execute(
            select(SettingRow.value).where(SettingRow.name == NAME)
        ).scalar()
    return found


def shared_key(engine: Engine, candidate: str) -> str:
    """The database's key: the one stored, else `candidate`, stored by whichever server wins."""
    found = stored_key(engine)
    if found:
        return found
    try:
        with engine.begin() as connection:
            connection.execute(insert(SettingRow).values(name=NAME, value=candidate))
    except IntegrityError:  # another server stored its key first: that one is everyone's
        found = stored_key(engine)
        assert found, "a secret key was stored and is gone"
        return found
    return candidate


def ensure(app: Flask) -> None:
    """Give `app` the key every server of its database uses; once per process.

    Raises Disagreement when a key set by hand is not the database's.
    """
    if app.config.get(AGREED):
        return
    given = app.config.get("SECRET_KEY") or None
    candidate = given or instance_key(Path(app.instance_path)) or secrets.token_hex(32)
    try:
        key = shared_key(app.extensions["db_engine"], str(candidate))
    except (OperationalError, ProgrammingError) as error:
        if given:  # no settings table yet (the database is not upgraded): nothing to agree with
            app.logger.warning("no settings table to keep the secret key in; run `scorekeeper db upgrade`")
            return  # asked again with the next request
        raise RuntimeError("the database has no settings table: run `scorekeeper db upgrade`") from error
    if given and key != given:
        raise Disagreement(
            "SECRET_KEY differs from the key the other servers of this database use: set the same "
            "SCOREKEEPER_SECRET_KEY on every server, or unset it to use the database's."
        )
    old = instance_key(Path(app.instance_path))
    if old is not None and old != key:
        app.logger.warning("%s/%s is not the database's secret key and is not used", app.instance_path, FILE)
    app.config["SECRET_KEY"] = key
    app.config[AGREED] = True
