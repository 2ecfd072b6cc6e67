"""table chat and turn timers

Each table keeps its chat lines (text or a quick reaction, numbered per table) and the creator's
chat setting: who may write (`chat_mode`: open, reactions while playing, off) and whether spectators
may (`spectator_chat`). A table may have a turn timer (`turn_seconds` per decision); its clock is
kept as it stood after the last change (`clock`), and an action the bot made because a seat's time
ran out is marked (`by_clock`).

Revision ID: 0005
Revises: 0004
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "chat_lines",
        sa.Column("room_id", sa.String(length=16), nullable=False),
        sa.Column("n", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=True),
        sa.Column("name", sa.String(length=64), nullable=False),
        sa.Column("text", sa.String(length=800), nullable=False),
        sa.Column("reaction", sa.String(length=16), nullable=True),
        sa.Column("at", sa.BigInteger(), nullable=False),
        sa.ForeignKeyConstraint(["room_id"], ["rooms.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("room_id", "n"),
    )
    with op.batch_alter_table("rooms", schema=None) as batch_op:
        batch_op.add_column(sa.Column("chat_mode", sa.String(length=16), server_default="open", nullable=False))
        batch_op.add_column(sa.Column("spectator_chat", sa.Boolean(), server_default=sa.false(), nullable=False))
        batch_op.add_column(sa.Column("turn_seconds", sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column("clock", sa.JSON(), nullable=True))
    with op.batch_alter_table("actions", schema=None) as batch_op:
        batch_op.add_column(sa.Column("by_clock", sa.Boolean(), server_default=sa.false(), nullable=False))


def downgrade() -> None:
    with op.batch_alter_table("actions", schema=None) as batch_op:
        batch_op.drop_column("by_clock")
    with op.batch_alter_table("rooms", schema=None) as batch_op:
        batch_op.drop_column("clock")
        batch_op.drop_column("turn_seconds")
        batch_op.drop_column("spectator_chat")
        batch_op.drop_column("chat_mode")
    op.drop_table("chat_lines")
