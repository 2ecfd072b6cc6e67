"""bounded chat

A table now keeps only its latest chat lines, trimming the store as it writes; chat kept before
that is cut to the latest 100 lines a table (what was ever loaded), and the chat of expired tables
is deleted. Nothing comes back on downgrade.

Revision ID: 0007
Revises: 0006
"""

from collections.abc import Sequence

from alembic import op

revision: str = "0007"
down_revision: str | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.execute(
        "DELETE FROM chat_lines WHERE n <= "
        "(SELECT max(newest.n) FROM chat_lines AS newest WHERE newest.room_id = chat_lines.room_id) - 100"
    )
    op.execute("DELETE FROM chat_lines WHERE room_id IN (SELECT id FROM rooms WHERE status = 'expired')")


def downgrade() -> None:
    pass  # lines deleted stay deleted; the schema is unchanged
