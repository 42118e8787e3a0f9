"""Long work that lets the other requests of its worker run.

`make run` serves with gevent workers: one greenlet runs at a time, and a request that works for
seconds without waiting on a socket holds every other connection of its worker meanwhile (a
group's zip of 500 games takes a couple of seconds to check and store). Such work calls `pause()`
between its steps; outside gevent (tests, the CLI) it does nothing.
"""

from __future__ import annotations


def pause() -> None:
    """Let the worker's other greenlets run, if this process is served by gevent."""
    try:
        from gevent import monkey, sleep
    except ImportError:  # pragma: no cover - gevent is a dependency
        return
    if monkey.is_module_patched("socket"):
        sleep(0)
