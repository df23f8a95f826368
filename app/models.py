"""Every domain's tables, so Base.metadata is complete: Alembic and `create_all` import this
module (app/db.py does not: the domains' models import it)."""

from __future__ import annotations

from app import idempotency
from app.accounts import models as accounts_models
from app.ai import models as ai_models
from app.db import Base, Database
from app.keys import models as keys_models
from app.projects import models as projects_models
from app.renders import models as renders_models
from app.templates import models as templates_models
from app.triggers import models as triggers_models
from app.viewers import models as viewers_models
from app.webhooks import models as webhooks_models

DOMAIN_MODELS = (
    accounts_models,
    keys_models,
    projects_models,
    renders_models,
    templates_models,
    webhooks_models,
    viewers_models,
    triggers_models,
    ai_models,
    idempotency,
)


async def create_all(db: Database) -> None:
    """Create every table that does not exist yet (tests and benchmarks; deployments migrate)."""
    async with db.engine.begin() as conn:
        await conn.run_sync(Base.metadata.create_all)
