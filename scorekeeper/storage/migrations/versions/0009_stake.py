"""The stake per point and currency a game is settled at, kept with the game.

Revision ID: 0009
Revises: 0008
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("settle", sa.JSON))


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_column("settle")
