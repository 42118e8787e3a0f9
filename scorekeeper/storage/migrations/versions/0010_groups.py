"""Groups of players who meet regularly, their games, and the spellings of a name merged.

Revision ID: 0010
Revises: 0009
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "groups",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("edit_token", sa.String(64), nullable=False, unique=True),
        sa.Column("view_token", sa.String(64), nullable=False, unique=True),
        sa.Column("name", sa.String(60), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "name_merges",
        sa.Column("group_id", sa.Integer, sa.ForeignKey("groups.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("alias", sa.String(40), primary_key=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )
    if op.get_bind().dialect.name == "sqlite":
        # Not a batch copy of `games`: with foreign keys on, dropping the old table would delete
        # every game's deals by cascade. SQLite adds a nullable column with its reference in place.
        op.execute("ALTER TABLE games ADD COLUMN group_id INTEGER REFERENCES groups (id) ON DELETE SET NULL")
    else:
        op.add_column("games", sa.Column("group_id", sa.Integer, nullable=True))
        op.create_foreign_key(
            "fk_games_group_id", "games", "groups", ["group_id"], ["id"], ondelete="SET NULL"
        )
    op.create_index("ix_games_group_id", "games", ["group_id"])


def downgrade() -> None:
    op.drop_index("ix_games_group_id", "games")
    if op.get_bind().dialect.name == "sqlite":
        op.execute("ALTER TABLE games DROP COLUMN group_id")
    else:
        op.drop_constraint("fk_games_group_id", "games", type_="foreignkey")
        op.drop_column("games", "group_id")
    op.drop_table("name_merges")
    op.drop_table("groups")
