"""What a deal's form showed beyond its result, so that a correction shows it as entered.

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("deals") as batch:
        batch.add_column(sa.Column("entry", sa.JSON))


def downgrade() -> None:
    with op.batch_alter_table("deals") as batch:
        batch.drop_column("entry")
