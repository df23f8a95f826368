"""translations: the translation cache (template, scene, languages, source text hash)

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-23 20:10:00

"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0007"
down_revision: str | Sequence[str] | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "translations",
        sa.Column("id", sa.String(length=36), nullable=False),
        sa.Column("template_id", sa.String(length=64), nullable=False),
        sa.Column("scene_index", sa.Integer(), nullable=False),
        sa.Column("source_language", sa.String(length=16), nullable=False),
        sa.Column("target_language", sa.String(length=16), nullable=False),
        sa.Column("source_hash", sa.String(length=64), nullable=False),
        sa.Column("translated", sa.Text(), nullable=False),
        sa.Column("engine", sa.String(length=32), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint(
            "template_id",
            "scene_index",
            "source_language",
            "target_language",
            "source_hash",
            name="uq_translations_key",
        ),
    )


def downgrade() -> None:
    op.drop_table("translations")
