"""The one way a page changes a game: a deal entered or corrected, a deal undone or put back, the
stake set or its change undone, a player replaced, and "play again" (which starts the next game
from this one).

Every change names the state it was made on (the form's version, the game's stamp) and carries a
one-time id. A form sent on a state the game has left is a repeat (a double tap, a retry, a
resend after going offline) if its id was acted on, and is answered as its first sending was;
otherwise the game changed on another phone, and the view says so and keeps what was entered. A
change made on the current state is counted against the rate limit, stored with its id and a row
of history in one transaction (which refuses it with `Conflict` if another phone saved first), and
then has what derives from the game follow: the new stamp names new ETags and cache keys, and the
filled sheet is rendered once the burst of saves is over.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from scorekeeper.scoring import Game
from scorekeeper.storage import organiser, stake, store, substitutes
from scorekeeper.storage.store import StoredGame
from scorekeeper.web.common.organiser import as_organiser
from scorekeeper.web.printing.prerender import prerender_sheet


@dataclass(frozen=True)
class Saved:
    """Where a stored change sends the player, and the game's new version (None: the game itself
    did not change, as when the next game was started from it)."""

    location: str
    version: int | None


class Writing(Protocol):
    """One kind of change: `save` stores it made on `stored`'s state with the one-time id, after
    the rate limit; may raise the engine's GameError (nothing stored) or `store.Conflict`."""

    def save(self, stored: StoredGame, submission: str) -> Saved: ...


@dataclass(frozen=True)
class Change:
    """A change to the game's deals: what it makes of the game, and how the history records it."""

    made: Callable[[], Game]
    """The game after the change; may raise the engine's GameError (nothing is stored then)."""
    kind: str
    """"add", "edit", "undo" or "redo"."""
    position: int
    """The deal concerned."""
    location: str
    """The page to send the player to once stored."""
    detail: dict[str, Any] | None = None
    """What the form showed beyond the result (who took which queen)."""

    def save(self, stored: StoredGame, submission: str) -> Saved:
        game = self.made()
        once = (submission, self.location)
        # Every change keeps a row of history: counted in the save's own transaction.
        version = store.save(
            stored, stored.version, game, self.kind, self.position, once, self.detail, limit="change"
        )
        return Saved(self.location, version)


@dataclass(frozen=True)
class StakeChange:
    """The stake and currency the game is settled at (None: none), or the one before put back."""

    stake: stake.Stake | None
    location: str

    def save(self, stored: StoredGame, submission: str) -> Saved:
        once = (submission, self.location)
        version = stake.save(stored, stored.version, self.stake, once, limit="change")
        return Saved(self.location, version)


@dataclass(frozen=True)
class SubstituteChange:
    """A player replaced at their seat from the next deal on; or, with `undo`, the latest
    replacement taken back (`seat` and `name` unused)."""

    seat: int
    name: str
    location: str
    undo: bool = False

    def save(self, stored: StoredGame, submission: str) -> Saved:
        # A new one may raise GameError: nothing stored.
        game = stored.game.unsubstitute() if self.undo else stored.game.substitute(self.seat, self.name)
        once = (submission, self.location)
        version = substitutes.save(stored, stored.version, game, once, limit="change")
        return Saved(self.location, version)


@dataclass(frozen=True)
class NextGame:
    """The next game with the same players, rules and group; the next player declares first. The
    game played stays as it is; it keeps the one-time id, so that a repeat finds the new game."""

    location: Callable[[str], str]
    """The page of the new game, from its edit token."""

    def save(self, stored: StoredGame, submission: str) -> Saved:
        # Counted by endpoint as a new game ("create", see limits.ENDPOINTS), before the view.
        old = stored.game
        created = store.create(
            # Those at the table now: a player who took a seat mid-game plays on in it.
            Game(old.seated(len(old.deals)), (old.first_declarer + 1) % len(old.players), old.rules),
            kind="again",
            once=store.Once(stored, submission, self.location),
            group=store.membership(stored),  # the next game of a club's table stays in the club
        )
        return Saved(self.location(created.edit_token), None)


def write(stored: StoredGame, shown: str | None, submission: str | None, change: Writing) -> str | None:
    """Store `change`, made on the state `shown`, under the one-time id `submission`; where to send
    the player (303): where the change leads once stored, or where a repeat's first sending went.
    None: the game changed on another phone meanwhile, and nothing was stored. `organiser.Locked`:
    the table is locked and this phone is not its organiser's, and nothing was stored."""
    if shown != stored.stamp:
        return store.answered(stored, submission)
    stored = as_organiser(stored)
    try:
        saved = change.save(stored, submission or "")
    except store.Conflict:
        answered = store.answered(stored, submission)
        if answered is None and not stored.organiser and organiser.locked(stored.row):
            raise organiser.Locked from None
        return answered
    if saved.version is not None:
        prerender_sheet(stored, saved.version)
    return saved.location
