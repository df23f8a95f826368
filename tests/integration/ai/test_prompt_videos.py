"""The built-in composer judged on its videos (tests/support/prompt_videos.py says how): every
tuned create prompt (tests/support/ai_prompts.py) and the forty-five sets of ten held-out
prompts (tests/support/ai_prompts_held_out*.py) are composed, saved, given
sample data, spoken by the offline voices and read at each scene's settled frame of the 720p
composition; a representative two are rendered to MP4 end to end. The pass rate per check is
printed (pytest -s, or the captured output of a failure)."""

from __future__ import annotations

import json
import subprocess
from collections.abc import AsyncIterator, Sequence
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio
from playwright.async_api import Browser, async_playwright

from app.ai.samples import sample_data
from app.config import Settings
from app.renders.job import build_job_spec
from app.renders.schemas import AudioOptions, OutputOptions, RenderOptions
from tests.support.ai_prompts import CREATE
from tests.support.ai_prompts_held_out import HELD_OUT
from tests.support.ai_prompts_held_out_2 import HELD_OUT_2
from tests.support.ai_prompts_held_out_3 import HELD_OUT_3
from tests.support.ai_prompts_held_out_4 import HELD_OUT_4
from tests.support.ai_prompts_held_out_5 import HELD_OUT_5
from tests.support.ai_prompts_held_out_6 import HELD_OUT_6
from tests.support.ai_prompts_held_out_7 import HELD_OUT_7
from tests.support.ai_prompts_held_out_8 import HELD_OUT_8
from tests.support.ai_prompts_held_out_9 import HELD_OUT_9
from tests.support.ai_prompts_held_out_10 import HELD_OUT_10
from tests.support.ai_prompts_held_out_11 import HELD_OUT_11
from tests.support.ai_prompts_held_out_12 import HELD_OUT_12
from tests.support.ai_prompts_held_out_13 import HELD_OUT_13
from tests.support.ai_prompts_held_out_14 import HELD_OUT_14
from tests.support.ai_prompts_held_out_15 import HELD_OUT_15
from tests.support.ai_prompts_held_out_16 import HELD_OUT_16
from tests.support.ai_prompts_held_out_17 import HELD_OUT_17
from tests.support.ai_prompts_held_out_18 import HELD_OUT_18
from tests.support.ai_prompts_held_out_19 import HELD_OUT_19
from tests.support.ai_prompts_held_out_20 import HELD_OUT_20
from tests.support.ai_prompts_held_out_21 import HELD_OUT_21
from tests.support.ai_prompts_held_out_22 import HELD_OUT_22
from tests.support.ai_prompts_held_out_23 import HELD_OUT_23
from tests.support.ai_prompts_held_out_24 import HELD_OUT_24
from tests.support.ai_prompts_held_out_25 import HELD_OUT_25
from tests.support.ai_prompts_held_out_26 import HELD_OUT_26
from tests.support.ai_prompts_held_out_27 import HELD_OUT_27
from tests.support.ai_prompts_held_out_28 import HELD_OUT_28
from tests.support.ai_prompts_held_out_29 import HELD_OUT_29
from tests.support.ai_prompts_held_out_30 import HELD_OUT_30
from tests.support.ai_prompts_held_out_31 import HELD_OUT_31
from tests.support.ai_prompts_held_out_32 import HELD_OUT_32
from tests.support.ai_prompts_held_out_33 import HELD_OUT_33
from tests.support.ai_prompts_held_out_34 import HELD_OUT_34
from tests.support.ai_prompts_held_out_35 import HELD_OUT_35
from tests.support.ai_prompts_held_out_36 import HELD_OUT_36
from tests.support.ai_prompts_held_out_37 import HELD_OUT_37
from tests.support.ai_prompts_held_out_38 import HELD_OUT_38
from tests.support.ai_prompts_held_out_39 import HELD_OUT_39
from tests.support.ai_prompts_held_out_40 import HELD_OUT_40
from tests.support.ai_prompts_held_out_41 import HELD_OUT_41
from tests.support.ai_prompts_held_out_42 import HELD_OUT_42
from tests.support.ai_prompts_held_out_43 import HELD_OUT_43
from tests.support.ai_prompts_held_out_44 import HELD_OUT_44
from tests.support.ai_prompts_held_out_45 import HELD_OUT_45
from tests.support.prompt_videos import (
    TOLERANCE,
    Verdict,
    judge,
    photo_server,
    rates,
    table,
)
from worker.render.browser import BASE_ARGS, close_browser_managers, find_chromium
from worker.render.pipeline import render_video

pytestmark = pytest.mark.slow

# Rendered to MP4 end to end (prompt index, voice): the donors video (money, map,
# quote, CTA) spoken by Piper, and the one with quoted copy by espeak-ng (the default voice).
FULL_RENDERS = ((32, "en-US-GuyNeural"), (33, None))


@pytest_asyncio.fixture
async def browser(settings: Settings) -> AsyncIterator[Browser]:
    async with async_playwright() as pw:
        instance = await pw.chromium.launch(
            executable_path=find_chromium(settings), args=list(BASE_ARGS)
        )
        try:
            yield instance
        finally:
            await instance.close()


async def run_suite(
    client: Any, user: Any, settings: Settings, browser: Browser,
    cases: Sequence[tuple[str, Sequence[str]]], tmp_path: Path,
) -> list[Verdict]:  # fmt: skip
    """Each prompt judged in turn, read in one page (a new document each)."""
    verdicts = []
    context = await browser.new_context(viewport={"width": 1280, "height": 720})
    try:
        page = await context.new_page()
        with photo_server() as photos:
            for i, (prompt, needs) in enumerate(cases):
                verdict, _ = await judge(
                    client, user.headers, settings, page, prompt, needs, tmp_path / f"p{i}",
                    photos.url,
                )  # fmt: skip
                verdicts.append(verdict)
    finally:
        await context.close()
    return verdicts


async def test_tuned_prompts_make_videos_that_pass_every_check(
    client: Any, make_user: Any, settings: Settings, browser: Browser, tmp_path: Path
) -> None:
    user = await make_user(tier="enterprise")
    cases = [(c.prompt, c.needs) for c in CREATE]
    verdicts = await run_suite(client, user, settings, browser, cases, tmp_path)
    print("\n" + table("tuned create prompts", verdicts))
    assert rates(verdicts) == dict.fromkeys(rates(verdicts), 1.0), table("tuned", verdicts)


# The held-out sets, each written before the composer changes that followed the set before it
# (tests/support/ai_prompts_held_out*.py).
HELD_OUT_SETS = {"held-out create prompts": HELD_OUT,
                 "second held-out create prompts": HELD_OUT_2,
                 "third held-out create prompts": HELD_OUT_3,
                 "fourth held-out create prompts": HELD_OUT_4,
                 "fifth held-out create prompts": HELD_OUT_5,
                 "sixth held-out create prompts": HELD_OUT_6,
                 "seventh held-out create prompts": HELD_OUT_7,
                 "eighth held-out create prompts": HELD_OUT_8,
                 "ninth held-out create prompts": HELD_OUT_9,
                 "tenth held-out create prompts": HELD_OUT_10,
                 "eleventh held-out create prompts": HELD_OUT_11,
                 "twelfth held-out create prompts": HELD_OUT_12,
                 "thirteenth held-out create prompts": HELD_OUT_13,
                 "fourteenth held-out create prompts": HELD_OUT_14,
                 "fifteenth held-out create prompts": HELD_OUT_15,
                 "sixteenth held-out create prompts": HELD_OUT_16,
                 "seventeenth held-out create prompts": HELD_OUT_17,
                 "eighteenth held-out create prompts": HELD_OUT_18,
                 "nineteenth held-out create prompts": HELD_OUT_19,
                 "twentieth held-out create prompts": HELD_OUT_20,
                 "twenty-first held-out create prompts": HELD_OUT_21,
                 "twenty-second held-out create prompts": HELD_OUT_22,
                 "twenty-third held-out create prompts": HELD_OUT_23,
                 "twenty-fourth held-out create prompts": HELD_OUT_24,
                 "twenty-fifth held-out create prompts": HELD_OUT_25,
                 "twenty-sixth held-out create prompts": HELD_OUT_26,
                 "twenty-seventh held-out create prompts": HELD_OUT_27,
                 "twenty-eighth held-out create prompts": HELD_OUT_28,
                 "twenty-ninth held-out create prompts": HELD_OUT_29,
                 "thirtieth held-out create prompts": HELD_OUT_30,
                 "thirty-first held-out create prompts": HELD_OUT_31,
                 "thirty-second held-out create prompts": HELD_OUT_32,
                 "thirty-third held-out create prompts": HELD_OUT_33,
                 "thirty-fourth held-out create prompts": HELD_OUT_34,
                 "thirty-fifth held-out create prompts": HELD_OUT_35,
                 "thirty-sixth held-out create prompts": HELD_OUT_36,
                 "thirty-seventh held-out create prompts": HELD_OUT_37,
                 "forty-first held-out create prompts": HELD_OUT_41,
                 "forty-second held-out create prompts": HELD_OUT_42}  # fmt: skip


@pytest.mark.parametrize("title", list(HELD_OUT_SETS))
async def test_held_out_prompts_make_videos_that_pass_every_check(
    client: Any, make_user: Any, settings: Settings, browser: Browser, tmp_path: Path, title: str
) -> None:
    user = await make_user(tier="enterprise")
    verdicts = await run_suite(client, user, settings, browser, HELD_OUT_SETS[title], tmp_path)
    print("\n" + table(title, verdicts))
    assert rates(verdicts) == dict.fromkeys(rates(verdicts), 1.0), table(title, verdicts)


# The thirty-eighth set after its fixes (docs/api/ai.md names them; not blind: they were checked
# against its failures): needs 90 %, the other checks 100 %. Its one failure left is in its
# label, not the composer: the gig rowing club's "club fees in Bermudian dollars" are shown in
# "BM$", the sign CLDR's Swedish locales give (CLDR writes a bare "$" in Bermuda), and the set,
# written blind, asks for "BD$" (the sign Bermudians write, in no CLDR locale) or "BMD"; the
# label stays as written, so that need stays failed. At its first run it was at 80 % on needs
# (mean length error 3.2 %, max 7.1 %).
THIRTY_EIGHTH_AFTER_FIXES = {"no_echo": 1.0, "needs": 0.9, "length": 1.0, "scripts": 1.0}


# The thirty-ninth set after its fixes (docs/api/ai.md names them; not blind: they were checked
# against its failures): needs 90 %, the other checks 100 %. Its one failure left is the
# credit union's "loan payments made", still shown as an amount in "Cg." and no count: a
# payment made reads as money as readily as a number of payments. At its first run it was at
# 50 % on needs (failing also the taekwondo club's "their belt colour" and the steel band's "the
# pan they play", no text slot; the literacy classes' "weeks in the programme", no duration; and
# the gorilla project's "camera-trap photos they tagged", no count); length error at the first
# run: mean 2.7 %, max 4.1 %.
THIRTY_NINTH_AFTER_FIXES = {"no_echo": 1.0, "needs": 0.9, "length": 1.0, "scripts": 1.0}


# The fortieth set after its fix (docs/api/ai.md names it; not blind: it was checked against
# its failures): needs 90 %, the other checks 100 %. Its one failure left is in its label, not
# the composer: the vanilla cooperative's prompt names two counts (kilos of green vanilla
# delivered, training sessions attended) and its label, written blind, asks for three; it
# stays as written, so that need stays failed. At its first run it was at 80 % on needs (failing
# also the Longyearbyen café's "a free-cake code", no text slot beside "their usual order");
# length error at the first run: mean 2.4 %, max 4.9 %.
FORTIETH_AFTER_FIXES = {"no_echo": 1.0, "needs": 0.9, "length": 1.0, "scripts": 1.0}


# The forty-first set passes every check after its fixes (docs/api/ai.md names them; not blind:
# they were checked against its failures) and joins the sets held to 100 % above. At its first
# run it was at 60 % on needs (failing, each a thing said about the recipient in words with no
# text slot: the alarm company's "our technician's name" and "the list of devices we'll
# install"; the pet food delivery's "a promo code for 15% off"; the wedding expo's "the vendor
# they booked on the day"; the nature camp's "their packing list"); length error at the first
# run: mean 4.9 %, max 7.9 %.


# The forty-second set passes every check after its fixes (docs/api/ai.md names them; not
# blind: they were checked against its failures) and joins the sets held to 100 % above. At its
# first run it was at 40 % on needs (failing, each a thing said about the recipient in words
# with no text slot: the cooking class's "the name of the chef teaching them"; the support
# centre's "the team they're on"; the climbers' "the gear they still need to rent from us",
# read as an amount in "$"; the kindergarten's "their child's favourite corner of the
# classroom" and "what their family signed up to bring"; the audiobook app's "their
# most-replayed narrator"; the youth orchestra's "their section"); length error at the first
# run: mean 3.8 %, max 13.7 %.


# The forty-third set after its fixes (docs/api/ai.md names them; not blind: they were checked
# against its failures): needs 80 %, the other checks 100 %. Its two failures left are in its
# labels, not the composer: Morocco's dirhams are shown in "DH", the sign Moroccans write,
# where the label, written blind, asks for CLDR's "د.م." or "MAD", and Kenya's shillings in
# "KSh" where it asks for CLDR's "Ksh" or "KES"; the labels stay as written, so those needs stay
# failed. At its first run it was at 10 % on needs (failing also the garage's "the make and
# model of their car", "the name of the mechanic who looked after their car last time" and
# "miles driven since their last service"; the payslip's "their shift pattern"; the meal kit's
# "the recipe they rated highest"; the board game campaign's "the add-ons they chose"; the vet
# clinic's "which vaccines are due"; the software trial's "days left in their free trial"; the
# food wholesaler's "the credit they have left on their account"); length error at the first
# run: mean 2.4 %, max 8.6 %.
FORTY_THIRD_AFTER_FIXES = {"no_echo": 1.0, "needs": 0.8, "length": 1.0, "scripts": 1.0}


# The forty-fourth set after its fixes (docs/api/ai.md names them; not blind: they were checked
# against its failures): 100 % on every check, length error mean 3.2 %, max 10.9 %. At its
# first run it was at 30 % on needs (failing the self-storage facility's "the size of their
# unit (like 10x10)"; the pest control company's "which pests we treated for", "the technician
# who came out" and "the date of the next visit"; the phone repair shop's "what we fixed"; the
# bridal boutique's "the designer of the gown they chose"; the roofing company's "the
# surveyor's name"; the carpooling app's "the colleague they carpooled with most"; the letting
# agency's "the address of the flat"); length error at the first run: mean 3.7 %, max 8.2 %.
FORTY_FOURTH_AFTER_FIXES = {"no_echo": 1.0, "needs": 1.0, "length": 1.0, "scripts": 1.0}


# The forty-fifth set's rates at its first run, after the forty-fourth set's fixes and before
# any change after them (docs/api/ai.md names them): needs 10 %, the other checks 100 %
# (failing, mostly things said about the recipient in words with no text slot: the family
# history service's "the county their family came from" and "the name of the oldest ancestor
# we found"; the wine cellar's "the most valuable wine in their collection (its name)"; the
# kayaking outfit's "which bay they stopped in for lunch"; the locksmith's "the name of the
# locksmith who helped them", and its "the total", no third amount, its call-out charge
# labelled "Ninety five"; the tailor's "the garment we stitched or altered for them"; the
# upholsterer's "the name of the fabric they picked", and its Danish kroner shown in "kr "
# where the label asks for CLDR's "kr." or "DKK"; the falconry centre's "the name of the bird
# they flew"; the harbour's "their berth number", and its "nights they spent on the berth",
# read as a duration; the chess club's "their rating now", no count, and "their best win (who
# it was against)", no text slot). Length error at the first run: mean 3.8 %, max 7.6 %. It
# stays guarded at these rates: changes made after its first run may be checked against it, so
# it is no longer blind once they are (after this cycle's fixes, not blind: needs 80 %, the
# other checks 100 %, length error mean 3.3 %, max 8.5 %; the two needs left failed are its
# labels, written blind and kept as written: the Danish kroner's "kr ", the sign the composer
# shows for the Scandinavian crowns alike, where the label asks for "kr." or "DKK", and nights
# on a berth, a duration as earlier sets' labels read nights, where the label asks for a count).
FORTY_FIFTH_MEASURED = {"no_echo": 1.0, "needs": 0.1, "length": 1.0, "scripts": 1.0}


# Sets held to rates under 100 %: each title (what it is now), its prompts and its rates.
GUARDED_SETS = {
    "thirty-eighth held-out create prompts (tuned on)": (HELD_OUT_38, THIRTY_EIGHTH_AFTER_FIXES),
    "thirty-ninth held-out create prompts (tuned on)": (HELD_OUT_39, THIRTY_NINTH_AFTER_FIXES),
    "fortieth held-out create prompts (tuned on)": (HELD_OUT_40, FORTIETH_AFTER_FIXES),
    "forty-third held-out create prompts (tuned on)": (HELD_OUT_43, FORTY_THIRD_AFTER_FIXES),
    "forty-fourth held-out create prompts (tuned on)": (HELD_OUT_44, FORTY_FOURTH_AFTER_FIXES),
    "forty-fifth held-out create prompts (at its first run's rates)": (
        HELD_OUT_45,
        FORTY_FIFTH_MEASURED,
    ),
}


@pytest.mark.parametrize("title", list(GUARDED_SETS))
async def test_guarded_held_out_prompts_keep_their_rates(
    client: Any, make_user: Any, settings: Settings, browser: Browser, tmp_path: Path, title: str
) -> None:
    """A set tuned on keeps its rates after its fixes; the last set, written before any change
    that followed the set before it, keeps the rates of its first run, its blind measure."""
    cases, guard = GUARDED_SETS[title]
    user = await make_user(tier="enterprise")
    verdicts = await run_suite(client, user, settings, browser, cases, tmp_path)
    print("\n" + table(title, verdicts))
    got = rates(verdicts)
    assert all(got[c] >= guard[c] for c in got), table(title, verdicts)


def probe_seconds(path: Path) -> float:
    out = subprocess.run(
        ["ffprobe", "-v", "error", "-show_entries", "format=duration", "-of", "json", str(path)],
        capture_output=True, check=True, timeout=60, text=True,
    )  # fmt: skip
    return float(json.loads(out.stdout)["format"]["duration"])


@pytest.mark.parametrize("index, voice", FULL_RENDERS)
async def test_a_composed_video_renders_to_its_estimated_length(
    client: Any, make_user: Any, settings: Settings, index: int, voice: str | None,
    tmp_path: Path,
) -> None:  # fmt: skip
    user = await make_user(tier="enterprise")
    prompt = CREATE[index].prompt
    answer = await (
        await client.post("/api/prompt-builder", json={"prompt": prompt, "mode": "create"},
                          headers=user.headers)
    ).get_json()  # fmt: skip
    template = {"name": "From a prompt", "scenes": answer["scenes"],
                "dataSlots": answer["dataSlots"]}  # fmt: skip
    options = RenderOptions(
        audio=AudioOptions(includeVoiceover=True, voiceId=voice),
        output=OutputOptions(resolution="720p"),
    )
    spec = build_job_spec(template, sample_data(answer["dataSlots"]), "enterprise",
                          options=options)  # fmt: skip
    try:
        result = await render_video(spec, settings, None, tmp_path / "video.mp4")
    finally:
        await close_browser_managers()
    seconds = probe_seconds(result.path)
    print(f"\nMP4 {seconds:.1f} s ({voice or 'default voice'}), estimated "
          f"{answer['estimatedDuration']} s: {prompt[:50]!r}")  # fmt: skip
    assert abs(seconds - result.duration_ms / 1000) < 0.2  # the file is the timeline
    assert abs(seconds / answer["estimatedDuration"] - 1) <= TOLERANCE, (
        seconds, answer["estimatedDuration"]
    )  # fmt: skip
