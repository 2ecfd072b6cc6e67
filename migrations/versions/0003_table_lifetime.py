"""table lifetime

A table remembers when a seated player was last around (`active_at`, Unix seconds): a table never
started, with nobody seated around for long, expires (status 'expired'), and start-up rebuilds only
the tables that were in use. Existing tables count as active from their creation.

Revision ID: 0003
Revises: 0002
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("rooms", schema=None) as batch_op:
        batch_op.add_column(sa.Column("active_at", sa.BigInteger(), server_default="0", nullable=False))
    if op.get_bind().dialect.name == "sqlite":
        op.execute("UPDATE rooms SET active_at = CAST(strftime('%s', created_at) AS INTEGER)")
    else:
        op.execute("UPDATE rooms SET active_at = CAST(EXTRACT(EPOCH FROM created_at) AS BIGINT)")
    op.create_index("ix_rooms_status_active_at", "rooms", ["status", "active_at"])


def downgrade() -> None:
    op.drop_index("ix_rooms_status_active_at", table_name="rooms")
    with op.batch_alter_table("rooms", schema=None) as batch_op:
        batch_op.drop_column("active_at")
