"""Games, their deals, and the history of changes.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "games",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("edit_token", sa.String(64), nullable=False, unique=True),
        sa.Column("view_token", sa.String(64), nullable=False, unique=True),
        sa.Column("players", sa.JSON, nullable=False),
        sa.Column("first_declarer", sa.Integer, nullable=False),
        sa.Column("rules", sa.JSON, nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "deals",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("game_id", sa.Integer, sa.ForeignKey("games.id", ondelete="CASCADE"), nullable=False),
        sa.Column("position", sa.Integer, nullable=False),
        sa.Column("contract", sa.String(20), nullable=False),
        sa.Column("trump", sa.String(10)),
        sa.Column("rank", sa.String(2)),
        sa.Column("doubles", sa.JSON, nullable=False),
        sa.Column("result", sa.JSON),
        sa.UniqueConstraint("game_id", "position"),
    )
    op.create_index("ix_deals_game_id", "deals", ["game_id"])
    op.create_table(
        "changes",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("game_id", sa.Integer, sa.ForeignKey("games.id", ondelete="CASCADE"), nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("kind", sa.String(10), nullable=False),
        sa.Column("position", sa.Integer),
        sa.Column("before", sa.JSON),
        sa.Column("after", sa.JSON),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("game_id", "version"),
    )
    op.create_index("ix_changes_game_id", "changes", ["game_id"])


def downgrade() -> None:
    op.drop_table("changes")
    op.drop_table("deals")
    op.drop_table("games")
