"""trigger rules, throttles, executions (with their delivery) and unsubscribes

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-23 20:00:00

"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0006"
down_revision: str | Sequence[str] | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

TZ = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "trigger_rules",
        sa.Column("account_id", sa.String(length=36), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("event_type", sa.String(length=20), nullable=False),
        sa.Column("condition", sa.JSON(), nullable=False),
        sa.Column("template_id", sa.String(length=64), nullable=False),
        sa.Column("channel", sa.String(length=10), nullable=False),
        sa.Column("channel_settings", sa.JSON(), nullable=False),
        sa.Column("data_mapping", sa.JSON(), nullable=False),
        sa.Column("throttle_days", sa.Integer(), nullable=False),
        sa.Column("campaign_id", sa.String(length=64), nullable=True),
        sa.Column("enabled", sa.Boolean(), nullable=False),
        sa.Column("id", sa.String(length=36), nullable=False),
        sa.Column("created_at", TZ, nullable=False),
        sa.Column("updated_at", TZ, nullable=False),
        sa.ForeignKeyConstraint(
            ["account_id"],
            ["accounts.id"],
            name=op.f("fk_trigger_rules_account_id_accounts"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_trigger_rules")),
    )
    with op.batch_alter_table("trigger_rules") as batch:
        batch.create_index(batch.f("ix_trigger_rules_account_id"), ["account_id"])

    op.create_table(
        "trigger_throttles",
        sa.Column("rule_id", sa.String(length=36), nullable=False),
        sa.Column("recipient_id", sa.String(length=255), nullable=False),
        sa.Column("until", TZ, nullable=False),
        sa.ForeignKeyConstraint(
            ["rule_id"],
            ["trigger_rules.id"],
            name=op.f("fk_trigger_throttles_rule_id_trigger_rules"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("rule_id", "recipient_id", name=op.f("pk_trigger_throttles")),
    )

    op.create_table(
        "trigger_executions",
        sa.Column("rule_id", sa.String(length=36), nullable=False),
        sa.Column("account_id", sa.String(length=36), nullable=False),
        sa.Column("event_id", sa.String(length=255), nullable=True),
        sa.Column("recipient_id", sa.String(length=255), nullable=False),
        sa.Column("recipient_email", sa.String(length=320), nullable=True),
        sa.Column("recipient_phone", sa.String(length=32), nullable=True),
        sa.Column("recipient_name", sa.String(length=200), nullable=True),
        sa.Column("status", sa.String(length=20), nullable=False),
        sa.Column("job_id", sa.String(length=36), nullable=True),
        sa.Column("reason", sa.Text(), nullable=True),
        sa.Column("delivery_attempts", sa.Integer(), nullable=False),
        sa.Column("next_attempt_at", TZ, nullable=True),
        sa.Column("locked_until", TZ, nullable=True),
        sa.Column("rendered_at", TZ, nullable=True),
        sa.Column("delivered_at", TZ, nullable=True),
        sa.Column("id", sa.String(length=36), nullable=False),
        sa.Column("created_at", TZ, nullable=False),
        sa.Column("updated_at", TZ, nullable=False),
        sa.ForeignKeyConstraint(
            ["rule_id"],
            ["trigger_rules.id"],
            name=op.f("fk_trigger_executions_rule_id_trigger_rules"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_trigger_executions")),
        sa.UniqueConstraint("rule_id", "event_id", name="uq_trigger_execution_event"),
    )
    with op.batch_alter_table("trigger_executions") as batch:
        for column in ("account_id", "job_id", "next_attempt_at", "rule_id", "status"):
            batch.create_index(batch.f(f"ix_trigger_executions_{column}"), [column])

    op.create_table(
        "trigger_unsubscribes",
        sa.Column("account_id", sa.String(length=36), nullable=False),
        sa.Column("recipient_id", sa.String(length=255), nullable=False),
        sa.Column("created_at", TZ, nullable=False),
        sa.ForeignKeyConstraint(
            ["account_id"],
            ["accounts.id"],
            name=op.f("fk_trigger_unsubscribes_account_id_accounts"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("account_id", "recipient_id", name=op.f("pk_trigger_unsubscribes")),
    )


def downgrade() -> None:
    op.drop_table("trigger_unsubscribes")
    op.drop_table("trigger_executions")
    op.drop_table("trigger_throttles")
    op.drop_table("trigger_rules")
