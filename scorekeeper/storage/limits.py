"""Rate limits per client address for what costs the server most: new games, imports, changes,
printed sheets, each weighted by what it stores: a group's zip counts its games, and every change
to a game (a deal, a correction, an undo, a put-back, the stake) or to a group's names (a merge,
an undone merge) counts one, since each keeps a row of history.

The counters live in the database every worker and machine already shares: a fixed-length window's counter
per (action, client), bumped with one atomic upsert (`INSERT ... ON CONFLICT DO UPDATE ... RETURNING`,
which SQLite 3.35+ and PostgreSQL both have), so several workers never under-count. A window
starts at a client's first hit and again at the first hit after it has ended; old rows are
pruned (see `maintenance`).

The client is `request.remote_addr`: the peer's address, or the one `X-Forwarded-For` names only
when the app is told to trust that many proxies (`TRUSTED_PROXIES`, see `security`). IPv6 clients
are counted by /64, the block one device or home network is handed.
"""

from __future__ import annotations

import ipaddress
import time
from functools import cache
from typing import Any

from flask import Flask, current_app, request
from sqlalchemy import Integer, String, bindparam, case
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session
from werkzeug.exceptions import TooManyRequests

from .models import RateLimitRow

# POSTs counted against a limit, by endpoint; rendering a sheet is counted where it happens.
ENDPOINTS = {
    "new_game.new": "create",
    "games.again": "create",
    "transfer.import_game": "import",
    "groups.new": "create",
    "group_transfer.import_group": "import",
}
DEFAULTS = {
    # (how many, per how many seconds): far above what a club's busiest evening needs, even with
    # every table behind the club's one address, and far below what fills a disk.
    "LIMIT_CREATE": (60, 600),
    # Games stored by imports: one per game file, one per game of a group's zip (at most 500, a
    # club's year). An attempt counts one before the file is read, so refusals are counted too.
    "LIMIT_IMPORT": (500, 3600),
    # Changes to games and groups: a brisk club of 30 tables saves about 150 deals in 10 minutes.
    "LIMIT_CHANGE": (600, 600),
    "LIMIT_PDF": (120, 600),
}


def client() -> str:
    """The client's address as counted: IPv4 as is, IPv6 by its /64."""
    address = request.remote_addr or "unknown"
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address[:64]
    if ip.version == 6:
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


def _insert(dialect: str) -> Any:
    return (postgresql if dialect == "postgresql" else sqlite).insert(RateLimitRow)


def _upsert(dialect: str, key: str, per: int, now: int, cost: int) -> tuple[Any, dict[str, Any]]:
    """The atomic upsert that counts `cost` more for `key` and returns (hits, reset_at), with its
    parameters: the statement is built once per dialect (building it cost more than running it)."""
    values = {"limit_key": key, "limit_now": now, "limit_cost": cost, "limit_until": now + per}
    return _upsert_statement(dialect), values


@cache
def _upsert_statement(dialect: str) -> Any:
    key = bindparam("limit_key", type_=String())
    now, cost, until = (bindparam(n, type_=Integer()) for n in ("limit_now", "limit_cost", "limit_until"))
    running = RateLimitRow.reset_at > now
    return (
        _insert(dialect)
        .values(key=key, started=now, hits=cost, reset_at=until)
        .on_conflict_do_update(
            index_elements=[RateLimitRow.key],
            # Every right-hand side reads the row as it was, on SQLite and PostgreSQL alike.
            set_={
                "hits": case((running, RateLimitRow.hits + cost), else_=cost),
                "started": case((running, RateLimitRow.started), else_=now),
                "reset_at": case((running, RateLimitRow.reset_at), else_=until),
            },
        )
        .returning(RateLimitRow.hits, RateLimitRow.reset_at)
    )


def hit(key: str, per: int, now: int | None = None, cost: int = 1) -> tuple[int, int]:
    """Count `cost` more for `key` in its current window of `per` seconds: (hits so far, seconds left).

    A window starts at the first hit after the last one ended, not at a multiple of `per`: an aligned
    window would let a burst that straddles its edge count twice the limit, and reset a count halfway
    through one evening's burst."""
    now = int(time.time()) if now is None else now
    engine = current_app.extensions["db_engine"]
    # Its own short transaction: the count holds whatever the request does next.
    with engine.begin() as connection:
        hits, reset_at = connection.execute(*_upsert(engine.dialect.name, key, per, now, cost)).one()
    return int(hits), int(reset_at) - now


def _limit(action: str) -> tuple[int, int] | None:
    limit = current_app.config.get(f"LIMIT_{action.upper()}")
    return (int(limit[0]), int(limit[1])) if limit else None


def counted(s: Session, action: str) -> None:
    """Count one for `action` inside `s`'s transaction, as its first write: the caller commits the
    count with what it stores, in one commit instead of two. When over the limit, the count alone
    is committed (refusals are counted too) and 429 raised, before anything is stored. A caller
    whose transaction is rolled back instead counts again with `recount`."""
    limit = _limit(action)
    if limit is None:
        return
    most, per = limit
    now = int(time.time())
    statement = _upsert(s.get_bind().dialect.name, f"{action}:{client()}", per, now, 1)
    # On the transaction's connection, not through the ORM's bulk path (which cost more than the upsert).
    hits, reset_at = s.connection().execute(*statement).one()
    if int(hits) > most:
        s.commit()
        raise TooManyRequests(retry_after=max(int(reset_at) - now, 1))


def recount(action: str) -> None:
    """Count again, in its own transaction, an attempt `counted` counted in a transaction that was
    then rolled back (another phone saved first): it was within the limit when counted."""
    limit = _limit(action)
    if limit is not None:
        hit(f"{action}:{client()}", limit[1])


def check(action: str, cost: int = 1) -> None:
    """Count `cost` (what this request stores) against the client's limit for `action`; 429 with
    Retry-After when over, before anything is stored."""
    limit = _limit(action)
    if limit is None or cost <= 0:
        return
    most, per = limit
    hits, left = hit(f"{action}:{client()}", per, cost=cost)
    if hits > most:
        raise TooManyRequests(retry_after=max(left, 1))


def init_app(app: Flask) -> None:
    for key, value in DEFAULTS.items():
        app.config.setdefault(key, value)

    @app.before_request
    def limit_posts() -> None:
        action = ENDPOINTS.get(request.endpoint or "")
        if action is None or request.method != "POST":
            return
        # Balancing custom points on the new-game form creates nothing.
        if request.endpoint == "new_game.new" and request.form.get("action", "create") != "create":
            return
        check(action)
