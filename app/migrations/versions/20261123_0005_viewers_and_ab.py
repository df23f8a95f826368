"""viewers: view_sessions (per video and viewing session) and view_events (raw beacons);
render_jobs: scene_starts_ms, poster_key, preview_gif_key, variant_id; render_batches: variants,
primary_metric (A/B campaigns)

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-23 19:50:00

"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | Sequence[str] | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

TZ = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "view_sessions",
        sa.Column("job_id", sa.String(length=36), nullable=False),
        sa.Column("session_id", sa.String(length=64), nullable=False),
        sa.Column("account_id", sa.String(length=64), nullable=False),
        sa.Column("batch_id", sa.String(length=64), nullable=True),
        sa.Column("campaign_id", sa.String(length=64), nullable=True),
        sa.Column("variant_id", sa.String(length=64), nullable=True),
        sa.Column("first_seen_at", TZ, nullable=False),
        sa.Column("last_seen_at", TZ, nullable=False),
        sa.Column("page_viewed", sa.Boolean(), nullable=False),
        sa.Column("email_opened", sa.Boolean(), nullable=False),
        sa.Column("started", sa.Boolean(), nullable=False),
        sa.Column("furthest_percent", sa.Integer(), nullable=False),
        sa.Column("scenes_entered", sa.BigInteger(), nullable=False),
        sa.Column("completed", sa.Boolean(), nullable=False),
        sa.Column("cta_clicked", sa.Boolean(), nullable=False),
        sa.Column("shared", sa.Boolean(), nullable=False),
        sa.Column("downloaded", sa.Boolean(), nullable=False),
        sa.Column("replays", sa.Integer(), nullable=False),
        sa.Column("remixes", sa.Integer(), nullable=False),
        sa.Column("events_counted", sa.Integer(), nullable=False),
        sa.Column("viewed_notified", sa.Boolean(), nullable=False),
        sa.Column("id", sa.String(length=36), nullable=False),
        sa.ForeignKeyConstraint(
            ["job_id"],
            ["render_jobs.id"],
            name=op.f("fk_view_sessions_job_id_render_jobs"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_view_sessions")),
        sa.UniqueConstraint("job_id", "session_id", name="uq_view_sessions_job_session"),
    )
    op.create_index(op.f("ix_view_sessions_job_id"), "view_sessions", ["job_id"])
    op.create_index(op.f("ix_view_sessions_account_id"), "view_sessions", ["account_id"])
    op.create_index(op.f("ix_view_sessions_campaign_id"), "view_sessions", ["campaign_id"])
    op.create_index("ix_view_sessions_batch_variant", "view_sessions", ["batch_id", "variant_id"])
    op.create_table(
        "view_events",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("job_id", sa.String(length=36), nullable=False),
        sa.Column("session_id", sa.String(length=64), nullable=False),
        sa.Column("event", sa.String(length=32), nullable=False),
        sa.Column("scene_index", sa.Integer(), nullable=True),
        sa.Column("dedupe_key", sa.String(length=64), nullable=False),
        sa.Column("event_metadata", sa.JSON(), nullable=False),
        sa.Column("client_hash", sa.String(length=64), nullable=True),
        sa.Column("created_at", TZ, nullable=False),
        sa.ForeignKeyConstraint(
            ["job_id"],
            ["render_jobs.id"],
            name=op.f("fk_view_events_job_id_render_jobs"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_view_events")),
        sa.UniqueConstraint("dedupe_key", name=op.f("uq_view_events_dedupe_key")),
    )
    op.create_index(op.f("ix_view_events_job_id"), "view_events", ["job_id"])
    op.create_index(op.f("ix_view_events_created_at"), "view_events", ["created_at"])
    with op.batch_alter_table("render_jobs") as batch:
        batch.add_column(
            sa.Column("scene_starts_ms", sa.JSON(), nullable=False, server_default="{}")
        )
        batch.add_column(sa.Column("poster_key", sa.String(length=300), nullable=True))
        batch.add_column(sa.Column("preview_gif_key", sa.String(length=300), nullable=True))
        batch.add_column(sa.Column("variant_id", sa.String(length=64), nullable=True))
    with op.batch_alter_table("render_batches") as batch:
        batch.add_column(sa.Column("variants", sa.JSON(), nullable=False, server_default="[]"))
        batch.add_column(sa.Column("primary_metric", sa.String(length=32), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("render_batches") as batch:
        batch.drop_column("primary_metric")
        batch.drop_column("variants")
    with op.batch_alter_table("render_jobs") as batch:
        batch.drop_column("variant_id")
        batch.drop_column("preview_gif_key")
        batch.drop_column("poster_key")
        batch.drop_column("scene_starts_ms")
    op.drop_index(op.f("ix_view_events_created_at"), table_name="view_events")
    op.drop_index(op.f("ix_view_events_job_id"), table_name="view_events")
    op.drop_table("view_events")
    op.drop_index("ix_view_sessions_batch_variant", table_name="view_sessions")
    op.drop_index(op.f("ix_view_sessions_campaign_id"), table_name="view_sessions")
    op.drop_index(op.f("ix_view_sessions_account_id"), table_name="view_sessions")
    op.drop_index(op.f("ix_view_sessions_job_id"), table_name="view_sessions")
    op.drop_table("view_sessions")
