"""Epochs drawn with every version of a game and every merge of a group, and the settings every
server of the database shares (the secret key).

Existing games and groups get an epoch each, at random: no state they had before is named by
(version, epoch) in any cache.

Revision ID: 0011
Revises: 0010
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None

# 40 random bits, as store.new_epoch draws them (kept here: a migration does not import the app).
RANDOM_EPOCH = {
    "sqlite": "(abs(random()) % 1099511627775) + 1",
    "postgresql": "floor(random() * 1099511627775)::bigint + 1",
}


def upgrade() -> None:
    dialect = op.get_bind().dialect.name
    for table in ("games", "groups"):
        # A plain ADD COLUMN, not a batch copy: on SQLite, with foreign keys on, dropping the old
        # `games` table would delete every deal by cascade (see 0010).
        op.add_column(table, sa.Column("epoch", sa.BigInteger, nullable=False, server_default="0"))
        op.execute(f"UPDATE {table} SET epoch = {RANDOM_EPOCH[dialect]}")
    op.create_table(
        "settings",
        sa.Column("name", sa.String(40), primary_key=True),
        sa.Column("value", sa.Text, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("settings")
    for table in ("groups", "games"):
        op.execute(f"ALTER TABLE {table} DROP COLUMN epoch")
