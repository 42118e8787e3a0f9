"""Every merge of a group's spellings and every merge undone, kept: when, which spelling, as whom,
and the one-time id of the form that asked for it (a repeat is answered as the first sending).
Each game of the group whose players bear one of the spellings shows it in its history.

Revision ID: 0014
Revises: 0013
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "name_changes",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("group_id", sa.Integer, sa.ForeignKey("groups.id", ondelete="CASCADE"), nullable=False),
        sa.Column("kind", sa.String(10), nullable=False),
        sa.Column("alias", sa.String(40), nullable=False),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("submission", sa.String(64)),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("group_id", "submission"),
    )
    op.create_index("ix_name_changes_group_id", "name_changes", ["group_id"])


def downgrade() -> None:
    op.drop_index("ix_name_changes_group_id", table_name="name_changes")
    op.drop_table("name_changes")
