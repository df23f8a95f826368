"""webhook signing secrets sealed at rest: the columns widened, and every secret stored in
plain text sealed (AES-256-GCM) under a key derived from REELSMITH_SECRET_KEY — the settings
of the `reelsmith migrate` that runs this, which are the services' own

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-26 10:00:00

"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from app.config import Settings
from app.sealing import Box
from app.webhooks.service import secret_box

revision: str = "0011"
down_revision: str | Sequence[str] | None = "0010"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

ENDPOINTS = sa.table(
    "webhook_endpoints",
    sa.column("id", sa.String),
    sa.column("secret", sa.String),
    sa.column("previous_secret", sa.String),
)


def _box() -> Box:
    return secret_box(Settings())


def upgrade() -> None:
    with op.batch_alter_table("webhook_endpoints") as batch:
        batch.alter_column("secret", type_=sa.String(255), existing_nullable=False)
        batch.alter_column("previous_secret", type_=sa.String(255), existing_nullable=True)
    bind = op.get_bind()
    rows = bind.execute(
        sa.select(ENDPOINTS.c.id, ENDPOINTS.c.secret, ENDPOINTS.c.previous_secret)
    ).all()
    if not rows:
        return
    box = _box()
    for endpoint_id, secret, previous in rows:
        values = {}
        for name, stored in (("secret", secret), ("previous_secret", previous)):
            if stored is not None and not stored.startswith("s1."):
                values[name] = box.seal(stored)
        if values:
            bind.execute(sa.update(ENDPOINTS).where(ENDPOINTS.c.id == endpoint_id).values(**values))


def downgrade() -> None:
    bind = op.get_bind()
    rows = bind.execute(
        sa.select(ENDPOINTS.c.id, ENDPOINTS.c.secret, ENDPOINTS.c.previous_secret)
    ).all()
    box = _box() if rows else None
    for endpoint_id, secret, previous in rows:
        values = {
            name: box.open(stored)  # type: ignore[union-attr]
            for name, stored in (("secret", secret), ("previous_secret", previous))
            if stored is not None
        }
        bind.execute(sa.update(ENDPOINTS).where(ENDPOINTS.c.id == endpoint_id).values(**values))
    with op.batch_alter_table("webhook_endpoints") as batch:
        batch.alter_column("secret", type_=sa.String(100), existing_nullable=False)
        batch.alter_column("previous_secret", type_=sa.String(100), existing_nullable=True)
