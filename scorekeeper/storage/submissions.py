"""One-time ids of submissions: a form sent twice (a double tap, a retry after a lost answer)
acts once, and the repeat is sent where the first went."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from . import db, links
from .links import well_formed
from .models import SubmissionRow
from .rows import StoredGame


@dataclass(frozen=True)
class Once:
    """A one-time submission made on game `made_on` that creates another game ("play again").

    `location` gives the page to answer a repeat with, from the new game's edit token.
    """

    made_on: StoredGame
    submission: str
    location: Callable[[str], str]


def sealed_location(stored: StoredGame, location: str) -> str:
    """Where a submission sent the player, kept sealed under the edit link it was posted to: the
    address holds an edit link (the game's, or a new game's), and the database keeps none."""
    return links.seal(location, stored.token, "submission")


def answered(stored: StoredGame, submission: str | None) -> str | None:
    """Where a submission already acted on for this game sent the player, or None if it is new.

    Ids are kept per game: the same id posted to another game is a new submission there.
    """
    if not well_formed(submission):
        return None
    row = db.session().get(SubmissionRow, (stored.row.id, submission))
    if row is None:
        return None
    location = links.opened(row.location, stored.token, "submission")
    # A repeat is sent back where the first sending went; anything else is no such page.
    return (
        location
        if location is not None and location.startswith("/") and not location.startswith("//")
        else "/"
    )
