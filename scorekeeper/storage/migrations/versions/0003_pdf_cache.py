"""Rendered sheets, cached per game version, paper and language.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "pdf_cache",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("game_id", sa.Integer, sa.ForeignKey("games.id", ondelete="CASCADE"), nullable=False),
        sa.Column("key", sa.String(80), nullable=False),
        sa.Column("pdf", sa.LargeBinary, nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("game_id", "key"),
    )
    op.create_index("ix_pdf_cache_game_id", "pdf_cache", ["game_id"])


def downgrade() -> None:
    op.drop_table("pdf_cache")
