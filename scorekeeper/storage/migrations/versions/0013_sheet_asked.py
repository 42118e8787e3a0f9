"""The filled sheet last asked for each game (paper, orientation, language, digits), so that the
pre-render after a burst of saves renders that one sheet, whichever server the asking went to.

Revision ID: 0013
Revises: 0012
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("sheet_asked", sa.JSON))


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_column("sheet_asked")
