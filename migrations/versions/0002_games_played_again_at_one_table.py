"""games played again at one table

A finished table can play again with the same seats: the table keeps its code and counts its
games, and each game has its own result. Rematches at a new table are gone.

Revision ID: 0002
Revises: 0001
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("rooms", schema=None) as batch_op:
        batch_op.add_column(sa.Column("game_no", sa.Integer(), server_default="1", nullable=False))
        batch_op.add_column(sa.Column("first_version", sa.Integer(), server_default="0", nullable=False))
        batch_op.drop_column("rematch_of")
    _rebuild_results(game_no=True)


def downgrade() -> None:
    _rebuild_results(game_no=False)
    with op.batch_alter_table("rooms", schema=None) as batch_op:
        batch_op.add_column(sa.Column("rematch_of", sa.String(length=16), nullable=True))
        batch_op.drop_column("first_version")
        batch_op.drop_column("game_no")


def _rebuild_results(game_no: bool) -> None:
    """Copies results into a table keyed by (room, game) or, going back, by room and first game only."""
    key = ["room_id", "game_no"] if game_no else ["room_id"]
    op.create_table(
        "results_new",
        sa.Column("room_id", sa.String(length=16), nullable=False),
        *([sa.Column("game_no", sa.Integer(), server_default="1", nullable=False)] if game_no else []),
        sa.Column("outcome", sa.JSON(), nullable=False),
        sa.Column("finished_at", sa.DateTime(timezone=True), server_default=sa.func.now(), nullable=False),
        sa.ForeignKeyConstraint(["room_id"], ["rooms.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint(*key),
    )
    if game_no:
        op.execute(
            "INSERT INTO results_new (room_id, game_no, outcome, finished_at) "
            "SELECT room_id, 1, outcome, finished_at FROM results"
        )
    else:
        op.execute(
            "INSERT INTO results_new (room_id, outcome, finished_at) "
            "SELECT room_id, outcome, finished_at FROM results WHERE game_no = 1"
        )
    op.drop_table("results")
    op.rename_table("results_new", "results")
