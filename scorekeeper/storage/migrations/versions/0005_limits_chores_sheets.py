"""Rate-limit counters, the chores table that schedules pruning, and cached blank sheets.

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "rate_limits",
        sa.Column("key", sa.String(120), primary_key=True),
        sa.Column("started", sa.Integer, nullable=False),
        sa.Column("hits", sa.Integer, nullable=False),
        sa.Column("reset_at", sa.Integer, nullable=False),
    )
    op.create_index("ix_rate_limits_reset_at", "rate_limits", ["reset_at"])
    op.create_table(
        "chores",
        sa.Column("name", sa.String(40), primary_key=True),
        sa.Column("last_run", sa.Integer, nullable=False),
    )
    op.create_table(
        "sheet_cache",
        sa.Column("key", sa.String(64), primary_key=True),
        sa.Column("pdf", sa.LargeBinary, nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_sheet_cache_at", "sheet_cache", ["at"])
    op.create_index("ix_pdf_cache_at", "pdf_cache", ["at"])


def downgrade() -> None:
    op.drop_index("ix_pdf_cache_at", "pdf_cache")
    op.drop_table("sheet_cache")
    op.drop_table("chores")
    op.drop_table("rate_limits")
