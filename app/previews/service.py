"""Preview logic: which template a viewer may preview, its sample data, the composition page.

Previewing stores nothing: data comes from the request (or the template's samples) and the
composition page is built in memory, by the same code the renderer uses.
"""

from __future__ import annotations

from typing import Any

from itsdangerous import BadSignature, URLSafeTimedSerializer
from jinja2 import TemplateNotFound
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy.ext.asyncio import AsyncSession

from app.composition.page import render_composition
from app.composition.timeline import UnknownPrimitive, build_timeline
from app.config import Settings
from app.errors import DomainError, Kind
from app.renders.job import bind_scenes, build_job_spec, template_document
from app.renders.schemas import OutputOptions, RenderOptions
from app.spec import ASPECT_RATIOS, DEFAULT_ASPECT_RATIO, DEVICE_SCALE, AspectRatio, layout_size
from app.templates.binding import sample_data
from app.templates.schemas import (
    DataSlot,
    Name,
    PosterAt,
    SceneConfig,
    TemplateDefaults,
    TemplateView,
)
from app.templates.service import get_template
from app.templates.validation import validate_document

TOKEN_MAX_AGE_S = 4 * 3600


class PrimitiveMissing(DomainError):
    """A saved template names a primitive that is not installed (any more): 422."""

    kind = Kind.UNPROCESSABLE

    def __init__(self, reason: str) -> None:
        super().__init__(f"This template uses a primitive that is not installed: {reason}")


class DraftTemplate(BaseModel):
    """An unsaved template document sent for preview (the create/PUT body's content)."""

    model_config = ConfigDict(extra="ignore")

    name: Name = "Draft template"  # given: the same rule as a save (trimmed, 1-200 chars)
    description: str | None = None
    scenes: list[SceneConfig] = Field(default_factory=list)
    dataSlots: list[DataSlot] = Field(default_factory=list)
    defaults: TemplateDefaults = Field(default_factory=TemplateDefaults)
    tags: list[str] = Field(default_factory=list)
    posterAt: PosterAt | None = None


class PreviewBody(BaseModel):
    """POST /preview/render: a saved template (id, + token for private ones) or a draft."""

    model_config = ConfigDict(extra="forbid")

    templateId: str | None = None
    token: str | None = None
    template: DraftTemplate | None = None
    data: dict[str, Any] | None = None
    aspectRatio: AspectRatio | None = None  # the shape to lay the page out in (16:9 default)


def draft_view(draft: DraftTemplate) -> TemplateView:
    """A draft as a template view, after the same validation a save would run."""
    validate_document(draft.scenes, draft.dataSlots, draft.posterAt)
    return TemplateView(
        id="draft",
        name=draft.name,
        description=draft.description,
        visibility="private",
        scenes=draft.scenes,
        tags=draft.tags,
        usageCount=0,
        isBuiltIn=False,
        dataSlots=draft.dataSlots,
        defaults=draft.defaults,
        version=1,
        posterAt=draft.posterAt,
    )


def _serializer(settings: Settings) -> URLSafeTimedSerializer:
    return URLSafeTimedSerializer(settings.session_secret, salt="reelsmith-preview")


def preview_token(settings: Settings, template_id: str, account_id: str | None) -> str:
    """A signed, short-lived grant to re-render this template's preview as this account."""
    return _serializer(settings).dumps({"t": template_id, "a": account_id})


def token_account(settings: Settings, token: str | None, template_id: str) -> str | None:
    """The account a preview token was issued to, when it is valid for this template."""
    if not token:
        return None
    try:
        grant = _serializer(settings).loads(token, max_age=TOKEN_MAX_AGE_S)
    except BadSignature:
        return None
    if not isinstance(grant, dict) or grant.get("t") != template_id:
        return None
    account = grant.get("a")
    return str(account) if account else None


async def preview_template(
    session: AsyncSession, template_id: str, account_id: str | None
) -> tuple[TemplateView, dict[str, Any]] | None:
    """The template the viewer may see and its sample data, or None (missing or private)."""
    view = await get_template(session, template_id, account_id)
    if view is None:
        return None
    return view, sample_data(view, view.rootBuiltin)


def composition_html(
    view: TemplateView,
    data: dict[str, Any],
    asset_base: str | None = "/static",
    aspect_ratio: str | None = None,
) -> str:
    """The composition page for a template and data: the page the renderer captures, from
    the same resolved job a render gets (no account: no tier rules, data not checked), in the
    shape `aspect_ratio` (16:9 when None)."""
    options = RenderOptions(output=OutputOptions.model_validate({"aspectRatio": aspect_ratio}))
    spec = build_job_spec(template_document(view), data, None, strict=False, options=options)
    scenes, filled = bind_scenes(spec, spec.data)
    try:
        timeline = build_timeline(scenes, filled)
        return render_composition(
            timeline,
            spec.brand.model_dump(),
            spec.output.model_dump(),
            asset_base,
            data=filled,
            poster_at=spec.posterAt.model_dump() if spec.posterAt else None,
        )
    except (UnknownPrimitive, TemplateNotFound) as exc:  # a primitive removed since saving
        raise PrimitiveMissing(str(exc)) from exc


def page_config(
    view: TemplateView, data: dict[str, Any], token: str | None, draft: bool
) -> dict[str, Any]:
    """What the preview page's script needs: template, slots for the form, sample data."""
    return {
        "templateId": None if draft else view.id,
        "token": token,
        "draft": view.model_dump(mode="json") if draft else None,
        "name": view.name,
        "slots": [slot.model_dump(mode="json") for slot in view.dataSlots],
        "scenes": [
            {"label": s.label or s.primitiveId, "primitiveId": s.primitiveId} for s in view.scenes
        ],
        "data": data,
        "resolution": view.defaults.resolution,
        "resolutions": DEVICE_SCALE,
        "aspectRatio": DEFAULT_ASPECT_RATIO,
        "aspectRatios": {shape: layout_size(shape) for shape in ASPECT_RATIOS},
    }
