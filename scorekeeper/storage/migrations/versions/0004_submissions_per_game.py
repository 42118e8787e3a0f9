"""Submission ids kept per game: the key is (game, id), and an index on the time for pruning.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None

COLUMNS = "game_id, id, version, location, at"


def _table(name: str, *key: str) -> None:
    op.create_table(
        name,
        sa.Column("game_id", sa.Integer, sa.ForeignKey("games.id", ondelete="CASCADE"), nullable=False),
        sa.Column("id", sa.String(64), nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("location", sa.String(300), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint(*key, name=f"pk_{name}"),
    )


def upgrade() -> None:
    _table("submissions_by_game", "game_id", "id")
    op.execute(f"INSERT INTO submissions_by_game ({COLUMNS}) SELECT {COLUMNS} FROM submissions")
    op.drop_table("submissions")
    op.rename_table("submissions_by_game", "submissions")
    op.create_index("ix_submissions_at", "submissions", ["at"])


def downgrade() -> None:
    op.drop_index("ix_submissions_at", "submissions")
    _table("submissions_one_key", "id")
    # An id used on two games keeps its first use.
    op.execute(
        f"INSERT INTO submissions_one_key ({COLUMNS}) SELECT {COLUMNS} FROM submissions s "
        "WHERE s.game_id = (SELECT MIN(t.game_id) FROM submissions t WHERE t.id = s.id)"
    )
    op.drop_table("submissions")
    op.rename_table("submissions_one_key", "submissions")
