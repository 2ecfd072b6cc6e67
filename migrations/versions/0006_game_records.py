"""game records

Each result keeps what its game replays from: the seed it was dealt from and the versions its actions
span (`first_version` is the table's version at the deal, `last_version` the version of the move that
ended it), so every game of an evening can be reviewed after the table has played again. A result
written before this keeps them only if it is its table's latest game; older ones cannot be replayed.

Revision ID: 0006
Revises: 0005
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("results", schema=None) as batch_op:
        batch_op.add_column(sa.Column("seed", sa.BigInteger(), nullable=True))
        batch_op.add_column(sa.Column("first_version", sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column("last_version", sa.Integer(), nullable=True))
    # The room still holds its latest game's seed and first version, and its last action ended that game.
    op.execute(
        "UPDATE results SET "
        "seed = (SELECT seed FROM rooms WHERE rooms.id = results.room_id), "
        "first_version = (SELECT first_version FROM rooms WHERE rooms.id = results.room_id), "
        "last_version = (SELECT MAX(version) FROM actions WHERE actions.room_id = results.room_id) "
        "WHERE game_no = (SELECT game_no FROM rooms WHERE rooms.id = results.room_id)"
    )


def downgrade() -> None:
    with op.batch_alter_table("results", schema=None) as batch_op:
        batch_op.drop_column("last_version")
        batch_op.drop_column("first_version")
        batch_op.drop_column("seed")
