"""A player's name across a group's games: the key names are matched by (case and spaces
ignored), what may be stored, and the spellings a group merged into one."""

from __future__ import annotations

import unicodedata

from sqlalchemy import delete, select, update
from sqlalchemy.exc import IntegrityError

from scorekeeper.scoring.bidi import has_direction_controls

from . import db
from .links import well_formed
from .models import GroupRow, NameChangeRow, NameMergeRow, now
from .rows import Conflict, new_epoch


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


def names_version(group: GroupRow) -> str:
    """The state of the group's merges a form is made on: its epoch, drawn anew by every merge or
    merge undone (see `_touch`)."""
    return f"{group.epoch:x}"


def answered(group: GroupRow, submission: str | None) -> bool:
    """Whether a merge or unmerge form with this one-time id was already acted on in the group."""
    if not well_formed(submission):
        return False
    found = db.session().scalar(
        select(NameChangeRow.id).where(
            NameChangeRow.group_id == group.id, NameChangeRow.submission == submission
        )
    )
    return found is not None


def merge(
    group: GroupRow, alias: str, name: str, made_on: str | None = None, submission: str | None = None
) -> bool:
    """Count spelling `alias` as `name` in this group from now on; False if they are already one.
    Made on the merges as they were at `made_on` (`names_version`; None: as they are): Conflict if
    they changed since. Kept in the group's name changes with the one-time id `submission`.

    Kept flat: spellings merged into `alias` before now count as `name` too, and if `name` was
    itself merged into a third spelling, `alias` goes there, so a name never needs two hops.
    """
    known = merges(group)
    target = known.get(fold(name), name)
    key = fold(alias)
    if fold(target) in (key, fold(known.get(key, ""))):
        return False
    s = db.session()
    try:
        _touch(group, made_on)
        pointing = [a for a, n in known.items() if fold(n) == key]
        if pointing:
            s.execute(
                update(NameMergeRow)
                .where(NameMergeRow.group_id == group.id, NameMergeRow.alias.in_(pointing))
                .values(name=target)
            )
        s.execute(delete(NameMergeRow).where(NameMergeRow.group_id == group.id, NameMergeRow.alias == key))
        s.add(NameMergeRow(group_id=group.id, alias=key, name=target))
        _log(group, "merge", alias, target, submission)
        s.commit()
    except (Conflict, IntegrityError):
        s.rollback()
        raise Conflict from None
    return True


def unmerge(group: GroupRow, alias: str, made_on: str | None = None, submission: str | None = None) -> bool:
    """Count spelling `alias` as a player of its own again; False if it was not merged. Conflict
    if the merges changed since `made_on`, as for `merge`."""
    if not storable(alias):
        return False  # no such merge was ever stored
    name = merges(group).get(fold(alias))
    if name is None:
        return False
    s = db.session()
    try:
        _touch(group, made_on)
        s.execute(
            delete(NameMergeRow).where(NameMergeRow.group_id == group.id, NameMergeRow.alias == fold(alias))
        )
        _log(group, "unmerge", alias, name, submission)
        s.commit()
    except (Conflict, IntegrityError):
        s.rollback()
        raise Conflict from None
    return True


def _log(group: GroupRow, kind: str, alias: str, name: str, submission: str | None) -> None:
    once = submission if well_formed(submission) else None
    row = NameChangeRow(group_id=group.id, kind=kind, alias=alias, name=name, submission=once, at=now())
    db.session().add(row)
    db.session().flush()


def _touch(group: GroupRow, made_on: str | None) -> None:
    """A new epoch for the group's merges, from the one `made_on` names; Conflict if it moved."""
    where = [GroupRow.id == group.id]
    if made_on is not None:
        try:
            where.append(GroupRow.epoch == int(made_on[:16], 16))
        except ValueError:  # no state of the group's merges was ever written so
            raise Conflict from None
    moved = db.session().execute(update(GroupRow).where(*where).values(updated_at=now(), epoch=new_epoch()))
    if moved.rowcount != 1:  # type: ignore[attr-defined]
        raise Conflict


def name_changes(group_id: int, spellings: list[str]) -> list[NameChangeRow]:
    """The group's merges made or undone that concern one of `spellings` (a game's players)."""
    keys = {fold(n) for n in spellings}
    rows = db.session().scalars(
        select(NameChangeRow).where(NameChangeRow.group_id == group_id).order_by(NameChangeRow.id.desc())
    )
    return [r for r in rows if fold(r.alias) in keys or fold(r.name) in keys]


def touch(group: GroupRow) -> None:
    """Give the group a new state: what its pages show has changed (storage/group_state)."""
    db.session().execute(
        update(GroupRow).where(GroupRow.id == group.id).values(updated_at=now(), epoch=new_epoch())
    )
