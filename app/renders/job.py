"""The render job: one typed object (`RenderJobSpec`) from the request to the worker.

`build_job_spec` resolves a request ONCE, at request time: scenes after the request's
overrides, data after slot defaults, the data-source lookup rule (which source, by which
data key; the fetch itself is the worker's), brand after tier rules, audio and output after
the template's defaults. The spec is stored as the job row's `request` JSON and read back by
`load_job_spec` (the worker, which re-validates it). The preview page and `reelsmith render`
build theirs with the same function.

Output defaults, decided here and nowhere else: the request's `output.resolution`/`fps`/
`aspectRatio` win, then the template's `defaults.resolution`/`defaults.fps`, then 1080p 16:9
at 30 fps.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from app.ai.errors import UnsupportedPair
from app.ai.translate import can_translate
from app.config import Settings
from app.primitives.catalog import get_primitive
from app.renders.errors import InvalidRenderRequest
from app.renders.schemas import BrandOptions, OutputRange, RenderOptions, SceneOverride
from app.spec import DEFAULT_ASPECT_RATIO, DEFAULT_FORMAT, AspectRatio, OutputFormat, Resolution
from app.templates.binding import prepare_data, prepare_render
from app.templates.builtins import builtin_data_source
from app.templates.lists import data_problems as template_data_problems
from app.templates.schemas import PosterAt, TemplateView
from app.voices.script import unknown_variables
from app.voices.service import check_audio_request

SCHEMA_VERSION = 1
DEFAULT_RESOLUTION: Resolution = "1080p"
DEFAULT_FPS: Literal[30, 60] = 30
DEFAULT_VOICE = "en-US-JennyNeural"
DEFAULT_MUSIC_VOLUME = 0.3
DEFAULT_LANGUAGE = "en"
DEFAULT_LOGO_POSITION = "top-right"


class JobBrand(BaseModel):
    """The brand as rendered (tier rules applied: the watermark is forced on for free)."""

    model_config = ConfigDict(extra="forbid")

    accentColor: str | None = None
    secondaryColor: str | None = None
    logoUrl: str | None = None
    logoPosition: str = DEFAULT_LOGO_POSITION
    showWatermark: bool = False


class JobAudio(BaseModel):
    model_config = ConfigDict(extra="forbid")

    includeVoiceover: bool = False
    voiceId: str = DEFAULT_VOICE
    voiceQuality: Literal["neural", "fast", "basic"] | None = None  # None: the setting
    musicTrack: str | None = None
    musicVolume: float = Field(default=DEFAULT_MUSIC_VOLUME, ge=0.0, le=1.0)


class JobOutput(BaseModel):
    model_config = ConfigDict(extra="forbid")

    resolution: Resolution = DEFAULT_RESOLUTION
    fps: Literal[30, 60] = DEFAULT_FPS
    captions: bool = False
    language: str = DEFAULT_LANGUAGE
    # The shape: the resolution names its short side (720p 9:16 = 720x1280).
    aspectRatio: AspectRatio = DEFAULT_ASPECT_RATIO
    # The delivered file (mp4 is rendered first; the others are made from it).
    format: OutputFormat = DEFAULT_FORMAT
    frameAtMs: float | None = None  # png: the frame's time; None: the poster frame
    range: OutputRange | None = None  # only this part of the video (ms)


class JobDataSource(BaseModel):
    """The outside source the worker fetches: `kind` looked up by the value of data `key`;
    `overrides` maps a fetched key to the data key that wins over it when given."""

    model_config = ConfigDict(extra="ignore")

    kind: str = Field(min_length=1)
    key: str
    overrides: dict[str, str] = Field(default_factory=dict)


class RenderJobSpec(BaseModel):
    """A fully resolved render job. `tier` None: not an account's render (a preview)."""

    model_config = ConfigDict(extra="forbid")

    schemaVersion: int = SCHEMA_VERSION
    jobId: str | None = None
    templateId: str | None = None
    templateName: str | None = None
    isBuiltIn: bool = False
    tier: str | None = None
    authorName: str = ""
    scenes: list[dict[str, Any]] = Field(default_factory=list)
    dataSlots: list[dict[str, Any]] = Field(default_factory=list)
    data: dict[str, Any] = Field(default_factory=dict)
    dataSource: JobDataSource | None = None
    brand: JobBrand = Field(default_factory=JobBrand)
    audio: JobAudio = Field(default_factory=JobAudio)
    output: JobOutput = Field(default_factory=JobOutput)
    # The language the template's voScripts are written in (its `defaults.language`); rows
    # stored before it existed read as English, the language of every template then.
    templateLanguage: str = DEFAULT_LANGUAGE
    # The template's chosen poster frame; None (and rows stored before it): the poster rule.
    posterAt: PosterAt | None = None

    @field_validator("schemaVersion")
    @classmethod
    def _current(cls, value: int) -> int:
        if value != SCHEMA_VERSION:
            raise ValueError(f"schemaVersion {value} is not {SCHEMA_VERSION}")
        return value


class ResolvedOptions(BaseModel):
    """A request's options after the template's defaults (shared by every job of a batch)."""

    scenes: list[dict[str, Any]]
    brand: JobBrand
    audio: JobAudio
    output: JobOutput


class JobSpecInvalid(ValueError):
    """A stored job cannot be read as a RenderJobSpec (the job fails, never half-read)."""


# ---- resolving a request ----


def template_document(view: TemplateView) -> dict[str, Any]:
    """A template as a job is built from (SPEC names) with its `dataSource` rule: a fork of a
    built-in keeps the built-in's outside data source (e.g. OpenAlex by authorId)."""
    document = view.model_dump(mode="json")
    source = builtin_data_source(view.rootBuiltin) if view.rootBuiltin else None
    document["dataSource"] = source.model_dump() if source else None
    return document


def display_name(data: Mapping[str, Any]) -> str:
    """The job's authorName: person_name, else company_name, else empty."""
    for key in ("person_name", "company_name"):
        value = data.get(key)
        if isinstance(value, str) and value.strip():
            return value.strip()
    return ""


def brand_for_tier(brand: JobBrand, tier: str | None) -> JobBrand:
    """The watermark is forced on for free-tier accounts."""
    return brand.model_copy(update={"showWatermark": True}) if tier == "free" else brand


def apply_overrides(
    scenes: Sequence[Mapping[str, Any]], overrides: Sequence[SceneOverride]
) -> list[dict[str, Any]]:
    """Template scenes with per-index overrides applied (primitiveId, enabled, voScript,
    animationOption); InvalidRenderRequest naming the index for what the catalog refuses."""
    if len(overrides) > len(scenes):
        raise InvalidRenderRequest(
            f"scenes has {len(overrides)} overrides but the template has {len(scenes)} scenes; "
            "overrides are matched to template scenes by index"
        )
    out = [dict(s) for s in scenes]
    for index, override in enumerate(overrides):
        changes = override.model_dump(exclude_none=True)
        scene = out[index]
        scene.update(changes)
        info = get_primitive(scene["primitiveId"])
        if info is None:
            raise InvalidRenderRequest(
                f"scenes[{index}].primitiveId: unknown primitive '{scene['primitiveId']}'"
            )
        option = scene.get("animationOption")
        if "primitiveId" in changes and "animationOption" not in changes:
            option = scene["animationOption"] = info.animationOptions[0]
        if option is not None and option not in info.animationOptions:
            raise InvalidRenderRequest(
                f"scenes[{index}].animationOption: '{option}' is not an option of "
                f"{info.id}; allowed: {', '.join(info.animationOptions)}"
            )
    return out


def resolve_options(
    template: Mapping[str, Any],
    options: RenderOptions,
    tier: str | None,
    settings: Settings | None = None,
) -> ResolvedOptions:
    """The request's scenes, brand, audio and output after the template's defaults. With
    `settings`, the audio request is checked (voice, track, a language this server speaks)."""
    defaults = template.get("defaults") or {}
    body_brand: BrandOptions = options.brand
    brand = JobBrand(
        accentColor=body_brand.accentColor or defaults.get("accentColor"),
        secondaryColor=defaults.get("secondaryColor"),
        logoUrl=body_brand.logoUrl if body_brand.logoUrl is not None else defaults.get("logoUrl"),
        logoPosition=body_brand.logoPosition or DEFAULT_LOGO_POSITION,
        showWatermark=bool(body_brand.showWatermark),
    )
    asked = options.audio
    audio = JobAudio(
        includeVoiceover=asked.includeVoiceover
        if asked.includeVoiceover is not None
        else bool(defaults.get("includeVoiceover", False)),
        voiceId=asked.voiceId or defaults.get("voiceId") or DEFAULT_VOICE,
        voiceQuality=asked.voiceQuality or defaults.get("voiceQuality"),
        musicTrack=asked.musicTrack,
        musicVolume=asked.musicVolume if asked.musicVolume is not None else DEFAULT_MUSIC_VOLUME,
    )
    scenes = apply_overrides(template.get("scenes") or [], options.scenes)
    language = options.output.language or DEFAULT_LANGUAGE
    if settings is not None:
        # 400 unknown voice/track or a language no engine here speaks; 403 vendor tier
        check_audio_request(audio.model_dump(), tier or "free", settings, language)
        if audio.includeVoiceover:
            check_translation(settings, template_language(template), language)
    output = JobOutput(
        resolution=options.output.resolution or defaults.get("resolution") or DEFAULT_RESOLUTION,
        fps=options.output.fps or defaults.get("fps") or DEFAULT_FPS,
        captions=bool(options.output.captions),
        language=language,
        aspectRatio=options.output.aspectRatio or DEFAULT_ASPECT_RATIO,
        format=options.output.format or DEFAULT_FORMAT,
        frameAtMs=options.output.frameAtMs,
        range=options.output.range,
    )
    return ResolvedOptions(
        scenes=scenes, brand=brand_for_tier(brand, tier), audio=audio, output=output
    )


def template_language(template: Mapping[str, Any]) -> str:
    """The language the template's voScripts are written in (`defaults.language`, else en)."""
    return str((template.get("defaults") or {}).get("language") or DEFAULT_LANGUAGE)


def check_translation(settings: Settings, source: str, target: str) -> None:
    """InvalidRenderRequest when a voiced render in `target` needs the template's scripts
    (in `source`) translated and no configured engine covers that pair (the same check as
    POST /api/translate: en and en-GB need no translation)."""
    if can_translate(settings, source, target):
        return
    reason = str(UnsupportedPair(source, target))
    message = (
        f"output.language: '{target}' needs the template's voiceover scripts translated from "
        f"'{source}' (its defaults.language). {reason}"
    )
    raise InvalidRenderRequest(message, details=[{"loc": ["output", "language"], "msg": reason}])


def data_problems(problems: list[dict[str, Any]]) -> InvalidRenderRequest:
    """The 400 for data that breaks the template's slot rules: `data.<field> <problem>` for
    the first, each one in details."""
    first = problems[0]
    return InvalidRenderRequest(
        f"data.{first['field']} {first['problem']}"
        + (f" (+{len(problems) - 1} more)" if len(problems) > 1 else ""),
        details=[{"loc": ["data", p["field"]], "msg": p["problem"]} for p in problems],
    )


def check_references(
    scenes: list[dict[str, Any]], slots: list[dict[str, Any]], data: Mapping[str, Any]
) -> None:
    """InvalidRenderRequest naming each `[variable]` in a voScript that is neither a data
    slot nor a data key."""
    unknown = unknown_variables(scenes, slots, data)
    if unknown:
        names = ", ".join(f"[{name}]" for name in unknown)
        raise InvalidRenderRequest(
            f"scenes voScript uses unknown variable(s) {names}; use data slot keys "
            f"({', '.join(s['key'] for s in slots) or 'none'}) or keys present in data "
            "(a variable is [key] or [key.path]; a key is letters, digits and _)",
            details=[
                {"loc": ["scenes", "voScript"], "msg": f"unknown variable [{n}]"} for n in unknown
            ],
        )


def build_job_spec(
    template: Mapping[str, Any],
    data: Mapping[str, Any],
    tier: str | None,
    *,
    options: RenderOptions | ResolvedOptions | None = None,
    settings: Settings | None = None,
    job_id: str | None = None,
    strict: bool = True,
) -> RenderJobSpec:
    """The resolved job for a template (SPEC names, with its `dataSource` rule) and data.
    `strict`: data that breaks a slot rule, or a voScript `[variable]` nothing fills, is an
    InvalidRenderRequest (the API); otherwise only slot defaults are filled (a preview)."""
    if not isinstance(options, ResolvedOptions):
        options = resolve_options(template, options or RenderOptions(), tier, settings)
    slots = [dict(s) for s in template.get("dataSlots") or []]
    clean = prepare_data(slots, data)  # slot defaults, country codes (no source: fetched later)
    if strict:
        problems = template_data_problems(template, data, options.scenes)
        if problems:
            raise data_problems(problems)
        check_references(options.scenes, slots, clean)
    source = template.get("dataSource")
    return RenderJobSpec(
        jobId=job_id,
        templateId=template.get("id"),
        templateName=template.get("name"),
        isBuiltIn=bool(template.get("isBuiltIn")),
        tier=tier,
        authorName=display_name(clean),
        scenes=options.scenes,
        dataSlots=slots,
        data=clean,
        dataSource=JobDataSource.model_validate(source) if source else None,
        brand=options.brand,
        audio=options.audio,
        output=options.output,
        templateLanguage=template_language(template),
        posterAt=PosterAt.model_validate(template["posterAt"])
        if template.get("posterAt")
        else None,
    )


def bind_scenes(
    spec: RenderJobSpec, data: Mapping[str, Any]
) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """The job's scenes and data (fetched data merged in, for a render) bound together: slot
    defaults, the data source's overrides and `$each` lists applied. The render and the
    preview page both bind this way, so a render shows what the preview showed."""
    source = spec.dataSource.model_dump() if spec.dataSource else None
    return prepare_render(spec.scenes, spec.dataSlots, data, source)


# ---- reading a stored job ----


def upgrade_unversioned(raw: Mapping[str, Any]) -> dict[str, Any]:
    """A job row written before RenderJobSpec (no schemaVersion: the old dict shape) as a
    version-1 spec: the old worker's reading of it, made explicit (its data source
    re-resolved from a built-in id, the free-tier watermark, the voiceover language)."""
    template_id = raw.get("templateId")
    source = raw.get("dataSource")
    if not (isinstance(source, Mapping) and source.get("kind")):
        found = builtin_data_source(str(template_id)) if template_id else None
        source = found.model_dump() if found is not None else None
    tier = raw.get("tier") or raw.get("accountTier")
    brand = dict(raw.get("brand") or {})
    audio = dict(raw.get("audio") or {})
    output = dict(raw.get("output") or {})
    data = dict(raw.get("data") or {})
    job_brand = JobBrand(
        accentColor=brand.get("accentColor"),
        secondaryColor=brand.get("secondaryColor"),
        logoUrl=brand.get("logoUrl"),
        logoPosition=brand.get("logoPosition") or DEFAULT_LOGO_POSITION,
        showWatermark=bool(brand.get("showWatermark")),
    )
    volume = audio.get("musicVolume")
    return {
        "schemaVersion": SCHEMA_VERSION,
        "templateLanguage": DEFAULT_LANGUAGE,
        "jobId": raw.get("jobId"),
        "templateId": template_id,
        "templateName": raw.get("templateName"),
        "isBuiltIn": bool(raw.get("isBuiltIn")),
        "tier": tier,
        "authorName": display_name(data),
        "scenes": list(raw.get("scenes") or []),
        "dataSlots": list(raw.get("dataSlots") or []),
        "data": data,
        "dataSource": source,
        "brand": brand_for_tier(job_brand, tier).model_dump(),
        "audio": {
            "includeVoiceover": bool(audio.get("includeVoiceover")),
            "voiceId": audio.get("voiceId") or DEFAULT_VOICE,
            "musicTrack": audio.get("musicTrack"),
            "musicVolume": DEFAULT_MUSIC_VOLUME if volume is None else volume,
        },
        "output": {
            "resolution": output.get("resolution") or DEFAULT_RESOLUTION,
            "fps": output.get("fps") or DEFAULT_FPS,
            "captions": bool(output.get("captions")),
            "language": output.get("language") or audio.get("language") or DEFAULT_LANGUAGE,
        },
    }


def load_job_spec(raw: Any) -> RenderJobSpec:
    """A stored job (`RenderJob.request`) as a RenderJobSpec, re-validated: an unversioned
    row is upgraded by `upgrade_unversioned`; anything else that does not validate is
    JobSpecInvalid naming each bad field."""
    if not isinstance(raw, Mapping):
        raise JobSpecInvalid(f"The stored render job is not an object ({type(raw).__name__})")
    version = raw.get("schemaVersion")
    if version is None:
        raw = upgrade_unversioned(raw)
    elif version != SCHEMA_VERSION:
        raise JobSpecInvalid(
            f"The stored render job has schemaVersion {version!r}; this version reads "
            f"{SCHEMA_VERSION} (and unversioned jobs)"
        )
    try:
        return RenderJobSpec.model_validate(raw)
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in e['loc']) or 'job'}: {e['msg']}" for e in exc.errors()
        )
        raise JobSpecInvalid(f"The stored render job is not valid: {problems}") from exc
