"""At most N PDF renders at once on this machine, whichever worker or thread asks.

WeasyPrint is CPU-bound and holds the GIL for the whole render (most of a second here). Unbounded, a burst
of print requests takes every core and a player's two-second poll waits seconds. A render must
first hold one of N lock files in the instance folder (`flock`, so every process on the machine
sees the same locks, and a lock dies with its process); a request that finds none free within
`wait` seconds is told to come back (503). Under gevent the render itself runs in the worker's
render process (see `renderer`), so the worker's other connections go on being served.
"""

from __future__ import annotations

import fcntl
import os
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from werkzeug.exceptions import ServiceUnavailable

POLL = 0.05


def _try_lock(path: Path) -> int | None:
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(fd)
        return None
    return fd


# Within a process, requests queue on a semaphore first (gevent makes it cooperative), so that at
# most `slots` of them poll the lock files: a burst of print requests then costs no CPU.
_local: dict[int, threading.BoundedSemaphore] = {}
_local_guard = threading.Lock()


def _semaphore(slots: int) -> threading.BoundedSemaphore:
    with _local_guard:
        return _local.setdefault(slots, threading.BoundedSemaphore(slots))


@contextmanager
def slot(folder: Path, slots: int, wait: float) -> Iterator[None]:
    """Hold one of `slots` render slots; ServiceUnavailable after `wait` seconds without one."""
    slots = max(slots, 1)
    deadline = time.monotonic() + wait
    local = _semaphore(slots)
    if not local.acquire(timeout=max(wait, 0)):
        raise ServiceUnavailable(retry_after=5)
    try:
        fd = None
        while fd is None:
            for n in range(slots):
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
    finally:
        local.release()
