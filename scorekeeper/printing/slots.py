"""At most N PDF renders at once on this machine, whichever worker or thread asks.

WeasyPrint is CPU-bound and holds the GIL for the whole render (0.1 to 0.3 s). Unbounded, a burst
of print requests takes every core and a player's two-second poll waits seconds. A render must
first hold one of N lock files in the instance folder (`flock`, so every process on the machine
sees the same locks, and a lock dies with its process); a request that finds none free within
`wait` seconds is told to come back (503). Under gevent the render itself runs in a real thread
of the hub's pool, so the worker's other connections go on being served while it renders.
"""

from __future__ import annotations

import fcntl
import os
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TypeVar

from werkzeug.exceptions import ServiceUnavailable

T = TypeVar("T")
POLL = 0.05


def _try_lock(path: Path) -> int | None:
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(fd)
        return None
    return fd


@contextmanager
def slot(folder: Path, slots: int, wait: float) -> Iterator[None]:
    """Hold one of `slots` render slots; ServiceUnavailable after `wait` seconds without one."""
    deadline = time.monotonic() + wait
    fd = None
    while fd is None:
        for n in range(max(slots, 1)):
            fd = _try_lock(folder / f"pdf-render-{n}.lock")
            if fd is not None:
                break
        else:
            if time.monotonic() >= deadline:
                raise ServiceUnavailable(retry_after=5)
            time.sleep(POLL)  # gevent makes this cooperative: other requests run meanwhile
    try:
        yield
    finally:
        fcntl.flock(fd, fcntl.LOCK_UN)
        os.close(fd)


def off_the_loop(work: Callable[[], T]) -> T:
    """Run `work` in a real thread when serving under gevent, so the event loop keeps running;
    directly otherwise (threads or the test client already have their own thread)."""
    try:
        from gevent import monkey
    except ImportError:  # pragma: no cover - gevent is a dependency
        return work()
    if not monkey.is_module_patched("socket"):
        return work()
    import gevent

    result: T = gevent.get_hub().threadpool.apply(work)
    return result
