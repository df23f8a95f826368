"""the poster frame and the quality report: render_jobs.poster_at_ms and render_jobs.quality
(written at completion), templates.poster_at (the author's chosen poster frame)

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-24 10:00:00

"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0010"
down_revision: str | Sequence[str] | None = "0009"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("render_jobs") as batch:
        batch.add_column(sa.Column("poster_at_ms", sa.Float(), nullable=True))
        batch.add_column(sa.Column("quality", sa.JSON(), nullable=True))
    with op.batch_alter_table("templates") as batch:
        batch.add_column(sa.Column("poster_at", sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("templates") as batch:
        batch.drop_column("poster_at")
    with op.batch_alter_table("render_jobs") as batch:
        batch.drop_column("quality")
        batch.drop_column("poster_at_ms")
