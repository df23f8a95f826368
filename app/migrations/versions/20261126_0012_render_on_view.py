"""render on view: render_jobs.render_on (`now` | `on_view`); the `awaiting_view` status needs
no change (status is a plain string column)

Revision ID: 0012
Revises: 0011
Create Date: 2026-11-26 22:30:00

"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0012"
down_revision: str | Sequence[str] | None = "0011"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column(
        "render_jobs",
        sa.Column("render_on", sa.String(length=16), nullable=False, server_default="now"),
    )


def downgrade() -> None:
    op.drop_column("render_jobs", "render_on")
