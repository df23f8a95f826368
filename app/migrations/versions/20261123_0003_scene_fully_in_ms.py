"""render_jobs.scene_starts_ms -> scene_fully_in_ms: the column holds when each scene is fully
on screen (its start plus its entry transition), not when it starts

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-23 19:00:00

"""

from collections.abc import Sequence

from alembic import op

revision: str = "0003"
down_revision: str | Sequence[str] | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("render_jobs") as batch:
        batch.alter_column("scene_starts_ms", new_column_name="scene_fully_in_ms")


def downgrade() -> None:
    with op.batch_alter_table("render_jobs") as batch:
        batch.alter_column("scene_fully_in_ms", new_column_name="scene_starts_ms")
