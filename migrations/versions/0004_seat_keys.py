"""seat keys

A seat may be opened by several secrets, each kept only as its hash: a browser's seat token, or a
seat link not yet used (`expires_at` set); a browser's token that was revoked stays, marked with why,
so that browser can be told. The one token a seat row held becomes its first key, and
the seat row keeps only whether a person took it (`human`).

Revision ID: 0004
Revises: 0003
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "seat_keys",
        sa.Column("room_id", sa.String(length=16), nullable=False),
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("expires_at", sa.BigInteger(), nullable=True),
        sa.Column("signs_out", sa.String(length=64), nullable=True),
        sa.Column("revoked", sa.String(length=16), nullable=True),
        sa.ForeignKeyConstraint(["room_id"], ["rooms.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("room_id", "token_hash"),
    )
    op.execute(
        "INSERT INTO seat_keys (room_id, token_hash, seat) SELECT room_id, token_hash, seat FROM seats "
        "WHERE token_hash IS NOT NULL"
    )
    with op.batch_alter_table("seats", schema=None) as batch_op:
        batch_op.add_column(sa.Column("human", sa.Boolean(), server_default=sa.false(), nullable=False))
    op.execute("UPDATE seats SET human = (token_hash IS NOT NULL)")
    with op.batch_alter_table("seats", schema=None) as batch_op:
        batch_op.drop_column("token_hash")


def downgrade() -> None:
    with op.batch_alter_table("seats", schema=None) as batch_op:
        batch_op.add_column(sa.Column("token_hash", sa.String(length=64), nullable=True))
    # A seat goes back to one token: any one of its browser keys (the others and any links are dropped).
    op.execute(
        "UPDATE seats SET token_hash = (SELECT MIN(k.token_hash) FROM seat_keys k WHERE k.room_id = seats.room_id "
        "AND k.seat = seats.seat AND k.expires_at IS NULL AND k.revoked IS NULL)"
    )
    with op.batch_alter_table("seats", schema=None) as batch_op:
        batch_op.drop_column("human")
    op.drop_table("seat_keys")
