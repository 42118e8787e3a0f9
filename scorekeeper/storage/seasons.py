"""A group's seasons: named periods whose leaderboard, ladders and winners the group page shows;
and its setting of how long a rating stays provisional."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from sqlalchemy import delete, select, update

from scorekeeper.scoring.rating import PROVISIONAL

from . import db
from .group_names import fold, touch
from .models import GroupRow, SeasonRow

NAME_LIMIT = 40


@dataclass(frozen=True)
class Season:
    """A season as the page shows it, copied out of its row (figures are kept, rows never)."""

    id: int
    name: str
    first_day: date
    last_day: date


def seasons(group: GroupRow) -> list[Season]:
    """The group's seasons, the earliest first."""
    query = select(SeasonRow).where(SeasonRow.group_id == group.id)
    query = query.order_by(SeasonRow.first_day, SeasonRow.id)
    return [Season(r.id, r.name, r.first_day, r.last_day) for r in db.session().scalars(query)]


def add(group: GroupRow, name: str, first_day: date, last_day: date) -> bool:
    """Name a season of the group; False when one has this name already (whatever its case)."""
    if any(fold(s.name) == fold(name) for s in seasons(group)):
        return False
    s = db.session()
    s.add(SeasonRow(group_id=group.id, name=name, first_day=first_day, last_day=last_day))
    touch(group)
    s.commit()
    return True


def remove(group: GroupRow, season_id: int) -> None:
    """Forget a season of the group (its games stay as they are)."""
    s = db.session()
    s.execute(delete(SeasonRow).where(SeasonRow.group_id == group.id, SeasonRow.id == season_id))
    touch(group)
    s.commit()


def provisional_games(group: GroupRow) -> int:
    """The group's number of games a rating stays provisional, read now (not from `group`, which
    may have been read before a change: figures are kept under the state read after this)."""
    found = db.session().scalar(select(GroupRow.provisional_games).where(GroupRow.id == group.id))
    return PROVISIONAL if found is None else int(found)


def set_provisional_games(group: GroupRow, games: int) -> None:
    """Set how many games of a kind a player's rating stays provisional in the group."""
    s = db.session()
    s.execute(update(GroupRow).where(GroupRow.id == group.id).values(provisional_games=games))
    touch(group)
    s.commit()
