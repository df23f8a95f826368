"""Request and response shapes of the templates API (SPEC 2.1, 2.2, 2.4, 2.5, 4.1).

Field names are the SPEC's camelCase names (the app does not convert casing). Shape rules
(types, enumerations) are checked here; rules that need the primitive catalog or the whole
document (primitive ids, animation options, dataRequired vs dataSlots) live in validation.py.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, field_validator

from app.composition.variables import KEY
from app.spec import LANGUAGES, TRANSITIONS, VOICES, SkipOp, SlotType, Visibility

Name = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=200)]
SlotKey = Annotated[str, StringConstraints(pattern=KEY.pattern, max_length=64)]
ProjectId = Annotated[str, StringConstraints(min_length=1, max_length=64)]
HexColor = Annotated[str, StringConstraints(pattern=r"^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$")]


class SkipCondition(BaseModel):
    """Skip the scene when `data[field] <op> value` is `skipWhen` (default true)."""

    model_config = ConfigDict(extra="forbid")

    field: str = Field(min_length=1)
    op: SkipOp
    value: Any = None
    skipWhen: bool = True


class WordTimestamp(BaseModel):
    model_config = ConfigDict(extra="forbid")

    word: str
    startMs: float = Field(ge=0)
    endMs: float = Field(ge=0)


class SceneConfig(BaseModel):
    """One scene: a primitive, its animation option, data and timing (SPEC 2.2)."""

    model_config = ConfigDict(extra="forbid")

    primitiveId: str = Field(min_length=1)
    label: str | None = None
    enabled: bool = True
    defaultDuration: float | None = Field(default=None, gt=0, le=120)
    voScript: str | None = None
    skipCondition: SkipCondition | None = None
    animationOption: str | None = None
    dataRequired: list[str] = Field(default_factory=list)
    durationOverride: float | None = Field(default=None, gt=0, le=120)
    sceneData: dict[str, Any] = Field(default_factory=dict)
    transition: str | None = None
    animationBindings: dict[str, float] = Field(default_factory=dict)
    wordTimestamps: list[WordTimestamp] = Field(default_factory=list)

    @field_validator("transition")
    @classmethod
    def _known_transition(cls, value: str | None) -> str | None:
        if value is not None and value not in TRANSITIONS:
            raise ValueError(f"{value!r} is not a transition; allowed: {', '.join(TRANSITIONS)}")
        return value


class DataSlot(BaseModel):
    """One data field a template expects per recipient (SPEC 2.4)."""

    model_config = ConfigDict(extra="forbid")

    key: SlotKey
    label: str | None = None
    type: SlotType
    required: bool = False
    aliases: list[str] = Field(default_factory=list)
    description: str | None = None
    defaultValue: Any = None


class TemplateDefaults(BaseModel):
    """Render defaults of a template (SPEC 2.5)."""

    model_config = ConfigDict(extra="forbid")

    voiceId: str = "en-US-JennyNeural"
    voiceQuality: Literal["neural", "fast", "basic"] | None = Field(
        default=None,
        description="Offline voices for this template's renders: neural (default), fast (a "
        "distilled voice for bulk work) or basic; unset: the deployment's setting (addition)",
    )
    accentColor: HexColor = "#6C5CE7"
    secondaryColor: str = "#00CEC9"
    logoUrl: str | None = None
    resolution: Literal["720p", "1080p", "4k"] = "1080p"
    fps: Literal[30, 60] = 30
    includeVoiceover: bool = True
    language: str = Field(
        default="en",
        description="Language the voiceover scripts are written in, a SPEC language code; a "
        "render in another output.language translates them (addition)",
    )

    @field_validator("language")
    @classmethod
    def _known_language(cls, value: str) -> str:
        if value not in LANGUAGES:
            raise ValueError(f"{value!r} is not a language code; allowed: {', '.join(LANGUAGES)}")
        return value

    @field_validator("voiceId")
    @classmethod
    def _known_voice(cls, value: str) -> str:
        if value not in VOICES:
            raise ValueError(f"{value!r} is not a voice; allowed: {', '.join(VOICES)}")
        return value


class PosterAt(BaseModel):
    """The poster frame an author chose (addition): `offsetMs` into the scene at template index
    `scene`. It wins over the rule (where the first personalized scene has settled)."""

    model_config = ConfigDict(extra="forbid")

    scene: int = Field(ge=0, le=10_000, description="Template scene index (0-based)")
    offsetMs: float = Field(
        default=0, ge=0, le=3_600_000, description="Milliseconds after the scene starts"
    )


POSTER_AT_DOC = (
    "The poster frame (addition): {scene, offsetMs}; wins over the rule (where the first "
    "scene that shows recipient data has settled) when that scene plays; null: the rule"
)


class Template(BaseModel):
    """A template as the API shows it (SPEC 2.1)."""

    id: str
    name: str
    slug: str | None = None
    description: str | None = None
    visibility: Literal["private", "unlisted", "public", "built-in"]
    scenes: list[SceneConfig]
    tags: list[str]
    usageCount: int
    isBuiltIn: bool
    baseTemplateId: str | None = None
    projectId: str | None = Field(default=None, description="The caller's project it belongs to")
    dataSlots: list[DataSlot]
    defaults: TemplateDefaults
    version: int
    posterAt: PosterAt | None = Field(default=None, description=POSTER_AT_DOC)


class TemplateView(Template):
    """A template plus what the service knows beyond the API shape (not serialized)."""

    ownerId: str | None = Field(default=None, exclude=True)
    # The built-in at the root of the fork chain (a built-in's own id): its data source applies.
    rootBuiltin: str | None = Field(default=None, exclude=True)


class CreateTemplate(BaseModel):
    """POST /api/templates body. With `forkFrom`, omitted content comes from the base."""

    model_config = ConfigDict(extra="forbid")

    name: Name
    description: str | None = None
    visibility: Visibility = "private"
    forkFrom: str | None = None
    scenes: list[SceneConfig] | None = None
    dataSlots: list[DataSlot] | None = None
    defaults: TemplateDefaults | None = None
    tags: list[str] | None = None
    projectId: ProjectId | None = None
    posterAt: PosterAt | None = Field(default=None, description=POSTER_AT_DOC)


class UpdateTemplate(BaseModel):
    """PATCH (given fields change) and PUT body (SPEC's fields name, description, visibility,
    scenes are replaced, omitted ones reset; the others change only when given)."""

    model_config = ConfigDict(extra="forbid")

    name: Name | None = None
    description: str | None = None
    visibility: Visibility | None = None
    scenes: list[SceneConfig] | None = None
    dataSlots: list[DataSlot] | None = None
    defaults: TemplateDefaults | None = None
    tags: list[str] | None = None
    projectId: ProjectId | None = None
    posterAt: PosterAt | None = Field(default=None, description=POSTER_AT_DOC)


class TemplatesQuery(BaseModel):
    builtIn: Literal["true", "false"] = "true"


class TemplateListResponse(BaseModel):
    success: bool = True
    # a list, not a Sequence: pydantic serializes a Sequence item by item in Python (131 µs for
    # the built-ins' listing), a list in its core (60 µs); the JSON and its schema are the same
    templates: list[Template]
    total: int


class TemplateResponse(BaseModel):
    success: bool = True
    template: Template


class TemplateCreatedResponse(BaseModel):
    success: bool = True
    template: Template
    message: str


class MessageResponse(BaseModel):
    success: bool = True
    message: str
