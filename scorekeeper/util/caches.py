"""Every cache this process keeps in memory: the rules each keeps, so that it can never hand out a
stale value, and the entry that says so (`Cache`); the list itself is `cache_list.CACHES`, in one
place, and a test checks that it and the code agree.

The app runs as several workers on several machines, on one database, through restores and
deploys. A value kept in one worker's memory is right only if nothing any other worker, machine,
restore or deploy does can make it wrong. The rules every cache here keeps:

- Key by values that never repeat. A game's state is named by its stamp (its version and the
  random epoch drawn with it, see `store`), never by the bare version, which a restore gives
  back, nor by a row id, which a restore hands out again to another game. A group's state is a
  hash of its games' stamps and epochs (`groups.state`). Links (tokens) are 192 random bits, and
  caches name a link by its SHA-256 hash, as the database does (see `links`).
- What a key names never changes, so a value found under it is right on every worker, whichever
  worker made it. A restored state is a state that existed, under the stamp it had.
- Keep no ORM object past its request (they belong to one request's session): group pages keep
  `groups.GameInfo` copies of the rows.
- A new code revision starts new processes (gunicorn starts new workers), which start with empty
  caches; what is kept outside the process (rendered PDFs in the database) is keyed by
  `revision.REVISION` instead.
- Everything is bounded: a `Memo` by its size, the functools caches by their key space or size.
- The two short-lived caches (`stamps.STAMPS`, `group_state.STATES`) keep what the database said for
  half a second, not what it will say: a change or a restore on another machine shows one poll
  later; the stamp they hold still names the state it was read for.

Dropped: the group page's cache of folded games and names by group state (`web.groups.figures.GAMES`),
which kept ORM rows. It spared one `groups.games` (1.5 to 6 ms for 30 tables, bench/caches.py)
only when the page's figures and its live part were made for the same new state in the same
worker; the phones that follow a night make only the live part, once per state (NIGHTS). What
every other cache here saves, made again against found: bench/caches.py.
"""

from __future__ import annotations

from dataclasses import dataclass

STAMP = "a game's stamp (version and epoch): one state for good, also across a restore"
GROUP = "the group's edit link hash and state (a hash of its games' versions and epochs, its merges)"
CODE = "values of the code itself (game kinds, contracts, forms): a new revision is a new process"


@dataclass(frozen=True)
class Cache:
    """One cache in process memory."""

    name: str
    """Where it lives: module.NAME, or module.function for a functools cache."""
    key: str
    holds: str
    safe: str
    """Why it cannot be stale across workers, machines, restores and deploys."""
    bound: str
