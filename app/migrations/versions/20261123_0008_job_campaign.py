"""job campaign: render_jobs.campaign_id, the trigger rule's campaign (analytics scope)

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-23 20:30:00

"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0008"
down_revision: str | Sequence[str] | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # batch_alter_table: SQLite rebuilds the table, PostgreSQL runs plain ALTER TABLE.
    with op.batch_alter_table("render_jobs") as batch:
        batch.add_column(sa.Column("campaign_id", sa.String(length=64), nullable=True))
        batch.create_index(batch.f("ix_render_jobs_campaign_id"), ["campaign_id"])


def downgrade() -> None:
    with op.batch_alter_table("render_jobs") as batch:
        batch.drop_index(batch.f("ix_render_jobs_campaign_id"))
        batch.drop_column("campaign_id")
