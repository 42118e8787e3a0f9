"""Seasons: named periods of a group (a month, a season the club names), their first and last days;
and the group's setting of how many games a player's rating stays provisional (10 until set).

Revision ID: 0015
Revises: 0014
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0015"
down_revision = "0014"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "seasons",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("group_id", sa.Integer, sa.ForeignKey("groups.id", ondelete="CASCADE"), nullable=False),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("first_day", sa.Date, nullable=False),
        sa.Column("last_day", sa.Date, nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("group_id", "name"),
    )
    op.create_index("ix_seasons_group_id", "seasons", ["group_id"])
    op.add_column("groups", sa.Column("provisional_games", sa.Integer, nullable=False, server_default="10"))


def downgrade() -> None:
    # Not a batch copy of `groups`: with foreign keys on, dropping the old table would unlink every
    # game from its group (ON DELETE SET NULL). Both databases drop a column in place (as 0011 does).
    op.execute("ALTER TABLE groups DROP COLUMN provisional_games")
    op.drop_index("ix_seasons_group_id", "seasons")
    op.drop_table("seasons")
