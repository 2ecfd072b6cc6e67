"""table revision

Every change to a table that is not a move (a seat, the start, the chat setting, the clock's pause)
now numbers the table's revision, so a second process holding a stale copy is refused as a second
writer of a move is.

Revision ID: 0008
Revises: 0007
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0008"
down_revision: str | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("rooms") as batch:
        batch.add_column(sa.Column("revision", sa.Integer(), server_default="0", nullable=False))


def downgrade() -> None:
    with op.batch_alter_table("rooms") as batch:
        batch.drop_column("revision")
