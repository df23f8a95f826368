"""Request and response shapes of the AI endpoints (SPEC 4.3, 4.5)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from app.templates.schemas import DataSlot, SceneConfig, TemplateDefaults

Tone = Literal["professional", "celebratory", "casual", "inspirational"]
TONES: tuple[Tone, ...] = ("professional", "celebratory", "casual", "inspirational")
MAX_PROMPT_CHARS = 500


class TemplateState(BaseModel):
    """The template a prompt starts from (SPEC 2.1); for `create`, an empty shape. Only the
    fields the composer reads are checked; the others are accepted and ignored."""

    model_config = ConfigDict(extra="ignore")

    id: str | None = None
    name: str | None = None
    description: str | None = None
    scenes: list[SceneConfig] = Field(default_factory=list)
    dataSlots: list[DataSlot] = Field(default_factory=list)
    defaults: TemplateDefaults | None = None
    tags: list[str] = Field(default_factory=list)


class PromptBuilderRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    prompt: str = Field(min_length=1, max_length=MAX_PROMPT_CHARS)
    mode: Literal["create", "edit"]
    currentState: TemplateState = Field(default_factory=TemplateState)


class PromptBuilderResponse(BaseModel):
    scenes: list[SceneConfig]
    explanation: str
    suggestedVoiceoverTone: Tone
    estimatedDuration: int = Field(description="Seconds, from the scenes' durations and scripts")
    dataSlots: list[DataSlot] = Field(
        description="Addition to the SPEC: the template's data slots plus any the new scenes "
        "need; save them with the scenes (every `[variable]` and dataRequired names one)"
    )


class Composition(BaseModel):
    """What a provider proposes before repair (also the JSON schema asked of an LLM)."""

    scenes: list[SceneConfig]
    explanation: str = ""
    suggestedVoiceoverTone: Tone = "professional"
    dataSlots: list[DataSlot] = Field(default_factory=list)


class ScriptRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    scenes: list[SceneConfig] = Field(min_length=1)
    inputData: dict[str, Any] = Field(default_factory=dict)
    templateName: str | None = None
    templateSlug: str | None = None
    tone: Tone = "professional"
    sceneIndex: int | None = None


class SceneScript(BaseModel):
    sceneId: str
    voScript: str


class ScriptResponse(BaseModel):
    scripts: list[SceneScript]


class TranslateRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    texts: list[str] = Field(min_length=1, max_length=100)
    sourceLanguage: str
    targetLanguage: str
    templateId: str | None = None
    sceneIndexes: list[int] | None = None


class TranslateResponse(BaseModel):
    translations: list[str]
    cached: int
    generated: int
