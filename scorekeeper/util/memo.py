"""Small in-process caches of derived values, keyed by what never repeats (a game's stamp).

The database stays the only state: every request still reads the game's current stamp (version
and epoch) from it, and a cached value is found only under that exact stamp, so another worker's
or machine's change, or a restore, is never missed. What is cached here (a folded game, a
rendered sheet) can be dropped at any time and made again; each worker simply avoids making it
again for every request. Every cache is listed, with why it is safe, in `caches`.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class Memo(Generic[K, V]):
    """A bounded least-recently-used map, safe to share between threads and greenlets."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._items: OrderedDict[K, V] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: K) -> V | None:
        with self._lock:
            value = self._items.get(key)
            if value is not None:
                self._items.move_to_end(key)
            return value

    def put(self, key: K, value: V) -> V:
        with self._lock:
            self._items[key] = value
            self._items.move_to_end(key)
            while len(self._items) > self.size:
                self._items.popitem(last=False)
        return value

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
