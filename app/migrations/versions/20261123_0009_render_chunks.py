"""render chunks: a long render planned into frame ranges captured by any worker

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-23 22:30:00

"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0009"
down_revision: str | Sequence[str] | None = "0008"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "render_chunks",
        sa.Column("job_id", sa.String(length=36), nullable=False),
        sa.Column("plan_attempt", sa.Integer(), nullable=False),
        sa.Column("index", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("frame_start", sa.Integer(), nullable=False),
        sa.Column("frame_stop", sa.Integer(), nullable=True),
        sa.Column("frames_done", sa.Integer(), nullable=False),
        sa.Column("segment_keys", sa.JSON(), nullable=False),
        sa.Column("meta", sa.JSON(), nullable=False),
        sa.Column("worker_id", sa.String(length=120), nullable=True),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("id", sa.String(length=36), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["job_id"],
            ["render_jobs.id"],
            name=op.f("fk_render_chunks_job_id_render_jobs"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_render_chunks")),
        sa.UniqueConstraint("job_id", "plan_attempt", "index", name="uq_render_chunks_piece"),
    )
    with op.batch_alter_table("render_chunks") as batch:
        batch.create_index(batch.f("ix_render_chunks_job_id"), ["job_id"], unique=False)
        batch.create_index(batch.f("ix_render_chunks_status"), ["status"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("render_chunks") as batch:
        batch.drop_index(batch.f("ix_render_chunks_status"))
        batch.drop_index(batch.f("ix_render_chunks_job_id"))
    op.drop_table("render_chunks")
