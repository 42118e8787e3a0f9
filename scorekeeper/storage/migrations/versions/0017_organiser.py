"""The organiser's word on a club evening: a finished table locked (a column of its game, read in
the save's own UPDATE), who made a change (the organiser, or the game's own link), adjustments
beside the tables' scores and approvals of the standings (see models.evenings).

Revision ID: 0017
Revises: 0016
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0017"
down_revision = "0016"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("locked_at", sa.DateTime(timezone=True)))
    with op.batch_alter_table("changes") as batch:
        batch.add_column(sa.Column("made_by", sa.String(10)))
    op.create_table(
        "adjustments",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column(
            "evening_id", sa.Integer(), sa.ForeignKey("evenings.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("game_id", sa.Integer(), sa.ForeignKey("games.id", ondelete="CASCADE"), nullable=False),
        sa.Column("player", sa.String(40), nullable=False),
        sa.Column("points", sa.Integer(), nullable=False),
        sa.Column("reason", sa.String(200), nullable=False),
        sa.Column("submission", sa.String(64)),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("evening_id", "submission"),
    )
    op.create_index("ix_adjustments_evening_id", "adjustments", ["evening_id"])
    op.create_table(
        "evening_approvals",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column(
            "evening_id", sa.Integer(), sa.ForeignKey("evenings.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("fingerprint", sa.String(64), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_evening_approvals_evening_id", "evening_approvals", ["evening_id"])


def downgrade() -> None:
    op.drop_index("ix_evening_approvals_evening_id", table_name="evening_approvals")
    op.drop_table("evening_approvals")
    op.drop_index("ix_adjustments_evening_id", table_name="adjustments")
    op.drop_table("adjustments")
    with op.batch_alter_table("changes") as batch:
        batch.drop_column("made_by")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("locked_at")
