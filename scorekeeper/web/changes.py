"""The one way a page changes a game: a deal entered or corrected, a deal undone or put back.

Every change names the state it was made on (the form's version, the game's stamp) and carries a
one-time id. A form sent on a state the game has left is a repeat (a double tap, a retry, a
resend after going offline) if its id was acted on, and is answered as its first sending was;
otherwise the game changed on another phone. A change made on the current state is counted
against the rate limit, stored with its id in one transaction (`store.save`, which refuses it
with `Conflict` if another phone saved first), and then has what derives from the game follow:
the filled sheet is rendered once the burst of saves is over.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from scorekeeper.scoring import Game
from scorekeeper.storage import limits, store
from scorekeeper.storage.store import StoredGame
from scorekeeper.web.printing.prerender import prerender_sheet


@dataclass(frozen=True)
class Change:
    """A change a form asks for: what it makes of the game, and how the history records it."""

    made: Callable[[], Game]
    """The game after the change; may raise the engine's GameError (nothing is stored then)."""
    kind: str
    """"add", "edit", "undo" or "redo"."""
    position: int
    """The deal concerned."""
    detail: dict[str, Any] | None = None
    """What the form showed beyond the result (who took which queen)."""


def write(
    stored: StoredGame, shown: str | None, submission: str | None, location: str, change: Change
) -> str | None:
    """Store `change`, made on the state `shown`, under the one-time id `submission`; where to send
    the player (303): `location` once stored, or where a repeat's first sending went. None: the
    game changed on another phone meanwhile, and nothing was stored."""
    if shown != stored.stamp:
        return store.answered(stored, submission)
    try:
        game = change.made()
        limits.check("change")  # every change keeps a row of history
        version = store.save(
            stored,
            stored.version,
            game,
            change.kind,
            change.position,
            (submission or "", location),
            change.detail,
        )
    except store.Conflict:
        return store.answered(stored, submission)
    prerender_sheet(stored, version)
    return location
