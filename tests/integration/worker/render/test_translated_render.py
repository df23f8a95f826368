"""A render in another language than its template's: the voiceover scripts are translated
through POST /api/translate's cache (keyed by template and scene) before the data is bound,
and the voice speaks the translation (the captions' word timings follow it)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from app.ai.translate import FastTranslateEngine
from app.composition.variables import variables_in
from app.config import Settings
from app.db import Database
from app.renders.job import RenderJobSpec, build_job_spec, template_document
from app.renders.schemas import AudioOptions, OutputOptions, RenderOptions
from app.templates.builtins import builtins
from tests.support.templates import builtin_view
from worker.render.browser import BrowserManager
from worker.render.pipeline import render_video
from worker.render.sources import scripts_to_translate, translate_scripts


def rewind_job(settings: Settings, language: str, voiced: bool = True) -> RenderJobSpec:
    options = RenderOptions(
        audio=AudioOptions(includeVoiceover=voiced),
        output=OutputOptions(resolution="720p", language=language),
    )
    return build_job_spec(
        template_document(builtin_view("rewind")),
        builtins()["rewind"].sampleData,
        "studio",
        options=options,
        settings=settings,
    )


def scripts(spec: RenderJobSpec) -> list[str]:
    return [str(scene.get("voScript") or "") for scene in spec.scenes]


async def test_scripts_are_translated_once_then_served_from_the_cache(
    db: Database, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    spec = rewind_job(settings, "pt")
    assert spec.templateLanguage == "en" and scripts_to_translate(spec) == [0, 1, 2, 3, 4]
    translated, done = await translate_scripts(spec, settings, db)
    assert done is not None and (done.cached, done.generated) == (0, 5)
    for english, portuguese in zip(scripts(spec), scripts(translated), strict=True):
        assert english != portuguese
        assert sorted(variables_in(english)) == sorted(variables_in(portuguese))
    assert "[person_name]" in scripts(translated)[0] and "ano" in scripts(translated)[0]

    async def no_engine(*args: Any) -> list[str]:
        raise AssertionError("the engine ran although every script was cached")

    monkeypatch.setattr(FastTranslateEngine, "translate", no_engine)
    again, done = await translate_scripts(rewind_job(settings, "pt"), settings, db)
    assert done is not None and (done.cached, done.generated) == (5, 0)
    assert scripts(again) == scripts(translated)


async def test_nothing_is_translated_in_the_templates_language_or_without_voiceover(
    db: Database, settings: Settings
) -> None:
    for spec in (
        rewind_job(settings, "en-GB"),
        rewind_job(settings, "en"),
        rewind_job(settings, "pt", voiced=False),
    ):
        assert scripts_to_translate(spec) == []
        same, done = await translate_scripts(spec, settings, db)
        assert done is None and same == spec


@pytest.mark.slow
async def test_a_portuguese_render_of_rewind_speaks_portuguese(
    db: Database, settings: Settings, tmp_path: Path
) -> None:
    spec = rewind_job(settings, "pt")
    manager = BrowserManager(settings)
    try:
        result = await render_video(spec, settings, None, tmp_path / "out.mp4", manager=manager,
                                    db=db)  # fmt: skip
    finally:
        await manager.close()
    assert result.path.stat().st_size > 0
    assert result.voiceovers and {v["engine"] for v in result.voiceovers} == {"espeak-ng"}
    assert all(v["voice"].startswith("pt") for v in result.voiceovers), result.voiceovers
    first = [w["word"] for w in result.timeline.scenes[0].config["wordTimestamps"]]
    spoken = " ".join(first).lower()
    assert first[0].startswith("Jordan") and "year" not in spoken and "ano" in spoken, first
    # the scripts spoken are the cached translations (a second render would not translate)
    _, done = await translate_scripts(spec, settings, db)
    assert done is not None and done.generated == 0
