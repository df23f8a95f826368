"""trigger rules render on view: trigger_rules.render_on (`now` | `on_view`), the render each
matched event's job is created with

Revision ID: 0013
Revises: 0012
Create Date: 2026-11-27 11:20:00

"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0013"
down_revision: str | Sequence[str] | None = "0012"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column(
        "trigger_rules",
        sa.Column("render_on", sa.String(length=16), nullable=False, server_default="now"),
    )


def downgrade() -> None:
    op.drop_column("trigger_rules", "render_on")
