"""A player's name across a group's games: the key names are matched by (case and spaces
ignored), what may be stored, and the spellings a group merged into one."""

from __future__ import annotations

import unicodedata

from sqlalchemy import delete, select, update

from scorekeeper.scoring.bidi import has_direction_controls

from . import db
from .models import GroupRow, NameMergeRow, now
from .rows import new_epoch


def storable(text: str) -> bool:
    """Whether a text can go into a text column and be written anywhere: PostgreSQL refuses NUL,
    and no name needs any other control character, nor a direction control (see scoring.bidi)."""
    return not any(unicodedata.category(ch) == "Cc" for ch in text) and not has_direction_controls(text)


def fold(name: str) -> str:
    """The key a name is matched by: case and runs of spaces ignored."""
    return " ".join(name.split()).casefold()


SPELLING_LIMIT = 40  # as a player's name, and the columns of merged spellings


def mergeable(spelling: str) -> bool:
    """Whether a spelling can be kept as a merge: its length is checked after folding too, since
    folding may lengthen it (40 "ß" fold to 80 "s"), and the folded spelling is what is kept."""
    longest = max(len(spelling), len(fold(spelling)))
    return len(spelling) > 0 and longest <= SPELLING_LIMIT and storable(spelling)


def merges(group: GroupRow) -> dict[str, str]:
    """The group's merged spellings: folded alias → the name it counts as."""
    rows = db.session().scalars(select(NameMergeRow).where(NameMergeRow.group_id == group.id))
    return {r.alias: r.name for r in rows}


def merge(group: GroupRow, alias: str, name: str) -> bool:
    """Count spelling `alias` as `name` in this group from now on; False if they are already one.

    Kept flat: spellings merged into `alias` before now count as `name` too, and if `name` was
    itself merged into a third spelling, `alias` goes there, so a name never needs two hops.
    """
    known = merges(group)
    target = known.get(fold(name), name)
    key = fold(alias)
    if fold(target) in (key, fold(known.get(key, ""))):
        return False
    s = db.session()
    pointing = [a for a, n in known.items() if fold(n) == key]
    if pointing:
        s.execute(
            update(NameMergeRow)
            .where(NameMergeRow.group_id == group.id, NameMergeRow.alias.in_(pointing))
            .values(name=target)
        )
    s.execute(delete(NameMergeRow).where(NameMergeRow.group_id == group.id, NameMergeRow.alias == key))
    s.add(NameMergeRow(group_id=group.id, alias=key, name=target))
    touch(group)
    s.commit()
    return True


def unmerge(group: GroupRow, alias: str) -> None:
    """Count spelling `alias` as a player of its own again."""
    if not storable(alias):
        return  # no such merge was ever stored
    s = db.session()
    s.execute(
        delete(NameMergeRow).where(NameMergeRow.group_id == group.id, NameMergeRow.alias == fold(alias))
    )
    touch(group)
    s.commit()


def touch(group: GroupRow) -> None:
    """Give the group a new state: what its pages show has changed (storage/group_state)."""
    db.session().execute(
        update(GroupRow).where(GroupRow.id == group.id).values(updated_at=now(), epoch=new_epoch())
    )
