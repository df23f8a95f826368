"""templates.root_builtin (fork chains keep their data source); render_jobs.voiceovers

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-23 05:00:00

"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | Sequence[str] | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# The built-in template ids as of this revision (a migration must not import app code).
BUILTINS = {"emeritus", "laureate", "rewind", "pulse", "handshake"}


def upgrade() -> None:
    with op.batch_alter_table("templates") as batch:
        batch.add_column(sa.Column("root_builtin", sa.String(length=64), nullable=True))
    with op.batch_alter_table("render_jobs") as batch:
        batch.add_column(sa.Column("voiceovers", sa.JSON(), nullable=False, server_default="[]"))
    # Backfill: follow each template's fork chain up to a built-in, where it still exists.
    conn = op.get_bind()
    rows = conn.execute(sa.text("SELECT id, base_template_id FROM templates")).all()
    parent = {row[0]: row[1] for row in rows}
    for template_id in parent:
        seen, current = set(), parent[template_id]
        while current in parent and current not in seen:
            seen.add(current)
            current = parent[current]
        if current in BUILTINS:
            conn.execute(
                sa.text("UPDATE templates SET root_builtin = :root WHERE id = :id"),
                {"root": current, "id": template_id},
            )


def downgrade() -> None:
    with op.batch_alter_table("render_jobs") as batch:
        batch.drop_column("voiceovers")
    with op.batch_alter_table("templates") as batch:
        batch.drop_column("root_builtin")
