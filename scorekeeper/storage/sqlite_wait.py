"""SQLite's write lock waited for without holding a gevent worker.

SQLite lets one writer in at a time; the others wait in the driver's busy handler, which sleeps in
C, so under gevent every other request of the waiting worker waits too (while a group import was
written, polls on the worker of a deal being saved stood still for most of a second). Served by
gevent, connections get no busy timeout of their own: a statement that finds the database locked
is tried again after a cooperative sleep, for as long as the driver would have waited.
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable
from typing import Any, TypeVar

WAIT = 5.0  # seconds, the sqlite3 driver's own default
T = TypeVar("T")


def _patched() -> bool:
    try:
        from gevent import monkey
    except ImportError:  # pragma: no cover - gevent is a dependency
        return False
    return bool(monkey.is_module_patched("socket"))


def _waiting(call: Callable[[], T]) -> T:
    """`call()`, tried again while the database is locked, yielding between tries."""
    from gevent import sleep

    deadline, pause = time.monotonic() + WAIT, 0.001
    while True:
        try:
            return call()
        except sqlite3.OperationalError as error:
            if "locked" not in str(error) or time.monotonic() > deadline:
                raise
            sleep(pause)
            pause = min(pause * 2, 0.02)


class Cursor(sqlite3.Cursor):
    def execute(self, sql: str, parameters: Any = (), /) -> Cursor:
        return _waiting(lambda: sqlite3.Cursor.execute(self, sql, parameters))

    def executemany(self, sql: str, seq_of_parameters: Any, /) -> Cursor:
        rows = list(seq_of_parameters)  # a lock is found before the first row is written, or never
        return _waiting(lambda: sqlite3.Cursor.executemany(self, sql, rows))


class Connection(sqlite3.Connection):
    def cursor(self, factory: Any = Cursor) -> Any:
        return super().cursor(factory)

    def commit(self) -> None:
        _waiting(lambda: sqlite3.Connection.commit(self))


def connect_args() -> dict[str, Any]:
    """What the SQLite driver is given: cooperative waits under gevent, its own elsewhere."""
    return {"factory": Connection, "timeout": 0} if _patched() else {}
