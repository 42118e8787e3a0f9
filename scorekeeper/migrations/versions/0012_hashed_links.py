"""Links kept as SHA-256 hashes; the links a page shows again kept sealed (see scorekeeper.links).

Every link handed out before keeps working: each token is replaced by its hash, and the links
that pages show beside the one they are opened with (a game's read-only link on its edit page,
a group's games on its pages, a game's group) are sealed from the tokens still in clear here, as
is the address a repeated form is sent back to (it holds an edit link). There is no way back:
the tokens themselves are gone (restore a backup taken before).

Revision ID: 0012
Revises: 0010
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from alembic import op

from scorekeeper.links import digest, seal

revision = "0012"
down_revision = "0010"
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


def _update(table: sa.TableClause, rows: list[dict[str, Any]], **columns: str) -> None:
    """Set `columns` (column: key in each row) of every row of `table` whose id is the row's "key"."""
    if rows:
        values: dict[str, Any] = {column: sa.bindparam(key) for column, key in columns.items()}
        statement = sa.update(table).where(table.c.id == sa.bindparam("key")).values(**values)
        op.get_bind().execute(statement, rows)


def downgrade() -> None:
    raise NotImplementedError("links are kept as hashes since 0012: restore a backup taken before it")
