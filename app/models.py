"""Imports every domain's tables so Base.metadata is complete (Alembic, create_all)."""

from app.accounts import models as accounts_models
from app.ai import models as ai_models
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
)
