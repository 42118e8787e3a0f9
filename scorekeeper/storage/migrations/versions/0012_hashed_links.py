"""Links kept as SHA-256 hashes; the links a page shows again kept sealed (see scorekeeper.links);
no name holds a direction control any more (see scorekeeper.scoring.bidi).

Every link handed out before keeps working: each token is replaced by its hash, and the links
that pages show beside the one they are opened with (a game's read-only link on its edit page,
a group's games on its pages, a game's group) are sealed from the tokens still in clear here, as
is the address a repeated form is sent back to (it holds an edit link). There is no way back:
the tokens themselves are gone (restore a backup taken before).

Names stored before direction controls were refused (players, groups, merged spellings, paper
checks) have each control replaced by U+FFFD, everywhere the name is written (a game's deals and
history name players): the engine now refuses such names, so a game holding one would no longer
load. Two players of one game whose names differed only by a control are told apart by a suffix.

Revision ID: 0012
Revises: 0011
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa
from alembic import op

from scorekeeper.scoring.bidi import has_direction_controls, without_direction_controls
from scorekeeper.storage.links import digest, seal

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None

GAMES = sa.table(
    "games",
    sa.column("id", sa.Integer),
    sa.column("edit_hash", sa.String),
    sa.column("view_hash", sa.String),
    sa.column("group_id", sa.Integer),
    sa.column("seals", sa.JSON),
)
GROUPS = sa.table(
    "groups",
    sa.column("id", sa.Integer),
    sa.column("edit_hash", sa.String),
    sa.column("view_hash", sa.String),
    sa.column("seals", sa.JSON),
)
CHECKS = sa.table("paper_checks", sa.column("id", sa.Integer), sa.column("token_hash", sa.String))
SUBMISSIONS = sa.table(
    "submissions",
    sa.column("game_id", sa.Integer),
    sa.column("id", sa.String),
    sa.column("location", sa.String),
)


def _rename(table: str, old: str, new: str) -> None:
    # Both SQLite (3.25+) and PostgreSQL rename in place, keeping the column's unique index; a
    # batch copy of `games` would delete every deal by cascade (see 0010).
    op.execute(f"ALTER TABLE {table} RENAME COLUMN {old} TO {new}")


def upgrade() -> None:
    for table in ("games", "groups"):
        _rename(table, "edit_token", "edit_hash")
        _rename(table, "view_token", "view_hash")
        op.add_column(table, sa.Column("seals", sa.JSON, nullable=True))
    _rename("paper_checks", "token", "token_hash")

    bind = op.get_bind()
    # Still the tokens themselves, until the updates below.
    groups = {r.id: (r.edit_hash, r.view_hash) for r in bind.execute(sa.select(GROUPS))}
    games, edits = [], {}
    for row in bind.execute(sa.select(GAMES.c.id, GAMES.c.edit_hash, GAMES.c.view_hash, GAMES.c.group_id)):
        edit, view = row.edit_hash, row.view_hash
        edits[row.id] = edit
        sealed: dict[str, Any] = {"view": seal(view, edit, "game-view")}
        if row.group_id in groups:
            group_edit, group_view = groups[row.group_id]
            sealed |= {
                "group": seal(group_view, view, "game-group"),
                "view_in_group": seal(view, group_view, "member-view"),
                "edit_in_group": seal(edit, group_edit, "member-edit"),
                "edit_by": None,
            }
        games.append({"key": row.id, "edit": digest(edit), "view": digest(view), "sealed": sealed})
    _update(GAMES, games, edit_hash="edit", view_hash="view", seals="sealed")
    sealed_groups = [
        {"key": key, "edit": digest(e), "view": digest(v), "sealed": {"view": seal(v, e, "group-view")}}
        for key, (e, v) in groups.items()
    ]
    _update(GROUPS, sealed_groups, edit_hash="edit", view_hash="view", seals="sealed")
    checks = [{"key": r.id, "hashed": digest(r.token_hash)} for r in bind.execute(sa.select(CHECKS))]
    _update(CHECKS, checks, token_hash="hashed")
    # Where a repeated form is sent holds an edit link: sealed under the one it was posted to.
    answers = [
        {"game": r.game_id, "key": r.id, "sealed": seal(r.location, edits[r.game_id], "submission")}
        for r in bind.execute(sa.select(SUBMISSIONS))
        if r.game_id in edits
    ]
    if answers:
        where = (SUBMISSIONS.c.game_id == sa.bindparam("game"), SUBMISSIONS.c.id == sa.bindparam("key"))
        bind.execute(sa.update(SUBMISSIONS).where(*where).values(location=sa.bindparam("sealed")), answers)
    _clean_names()


def _update(table: sa.TableClause, rows: list[dict[str, Any]], **columns: str) -> None:
    """Set `columns` (column: key in each row) of every row of `table` whose id is the row's "key"."""
    if rows:
        values: dict[str, Any] = {column: sa.bindparam(key) for column, key in columns.items()}
        statement = sa.update(table).where(table.c.id == sa.bindparam("key")).values(**values)
        op.get_bind().execute(statement, rows)


def _clean_names() -> None:
    bind = op.get_bind()
    for row in bind.execute(sa.text("SELECT id, players FROM games")).all():
        players = row.players if isinstance(row.players, list) else json.loads(row.players)
        if not any(isinstance(p, str) and has_direction_controls(p) for p in players):
            continue
        names = _renamed(players)
        _rewrite("games", row.id, {"players": _named(players, names)})
        for table, columns in (("deals", ("doubles", "result", "entry")), ("changes", ("before", "after"))):
            for child in bind.execute(
                sa.text(f"SELECT id, {', '.join(columns)} FROM {table} WHERE game_id = :g"), {"g": row.id}
            ).all():
                values = {c: _named(_json(getattr(child, c)), names) for c in columns}
                _rewrite(table, child.id, values)
    for row in bind.execute(sa.text("SELECT id, name FROM groups")).all():
        if has_direction_controls(row.name):
            bind.execute(
                sa.text("UPDATE groups SET name = :n WHERE id = :i"),
                {"n": without_direction_controls(row.name), "i": row.id},
            )
    merges = bind.execute(sa.text("SELECT group_id, alias, name FROM name_merges")).all()
    taken = {(m.group_id, m.alias) for m in merges}
    for m in merges:
        if has_direction_controls(m.alias + m.name):
            alias = without_direction_controls(m.alias)
            where = {"g": m.group_id, "a": m.alias}
            bind.execute(sa.text("DELETE FROM name_merges WHERE group_id = :g AND alias = :a"), where)
            if (m.group_id, alias) not in taken:
                taken.add((m.group_id, alias))
                merged = {"a": alias, "n": without_direction_controls(m.name), "t": datetime.now(UTC)}
                bind.execute(
                    sa.text("INSERT INTO name_merges (group_id, alias, name, at) VALUES (:g, :a, :n, :t)"),
                    {"g": m.group_id, **merged},
                )
    for row in bind.execute(sa.text("SELECT id, sheet FROM paper_checks")).all():
        sheet = _json(row.sheet)
        typed = sheet.get("players") if isinstance(sheet, dict) else None
        if isinstance(typed, list) and any(isinstance(n, str) and has_direction_controls(n) for n in typed):
            sheet["players"] = [without_direction_controls(n) if isinstance(n, str) else n for n in typed]
            _rewrite("paper_checks", row.id, {"sheet": sheet})


def _json(value: Any) -> Any:
    return json.loads(value) if isinstance(value, str) else value


def _renamed(players: list[Any]) -> dict[str, str]:
    """Old name → new name, for the names of one game that hold a direction control."""
    taken = {p.casefold() for p in players if isinstance(p, str) and not has_direction_controls(p)}
    renamed = {}
    for seat, name in enumerate(players):
        if not isinstance(name, str) or not has_direction_controls(name):
            continue
        new = without_direction_controls(name)
        if new.casefold() in taken:
            new = f"{new[:36]} ({seat + 1})"
        taken.add(new.casefold())
        renamed[name] = new
    return renamed


def _named(value: Any, names: dict[str, str]) -> Any:
    """`value` (a hand, a result, a list of players...) with every name in `names` renamed."""
    if isinstance(value, str):
        return names.get(value, value)
    if isinstance(value, list):
        return [_named(v, names) for v in value]
    if isinstance(value, dict):
        return {names.get(k, k): _named(v, names) for k, v in value.items()}
    return value


def _rewrite(table: str, ident: int, values: dict[str, Any]) -> None:
    """Set the JSON columns `values` of the row of `table` whose id is `ident`."""
    target = sa.table(table, sa.column("id", sa.Integer), *(sa.column(c, sa.JSON) for c in values))
    op.get_bind().execute(sa.update(target).where(target.c.id == ident).values(**values))


def downgrade() -> None:
    raise NotImplementedError("links are kept as hashes since 0012: restore a backup taken before it")
