"""The scenes' ambient background, drawn once per page instead of on every frame.

Every scene paints the same full-frame background (composition.css: two soft radial
gradients over a linear one, in the brand's colours). Software rasterization shades those
gradients again for every tile it redraws, and nearly every tile is redrawn while a scene
moves: in the frame profile (bench/frame_profile_bench.py) the background was most of the
raster work of a frame. `bake_background` draws it once when the page is ready: a probe
element with the scenes' own background is shown alone on top, captured losslessly (PNG, at
the page's device pixels), and the image becomes the background of every scene whose
computed background is the probe's; raster then copies pixels instead of shading gradients.
The image is the browser's own drawing of the same CSS at the same pixels, so a still scene
looks the same; a scene sliding or zooming in a transition moves the image instead of
re-evaluating the gradient (a difference of a level or so in a smooth gradient). Every page
bakes the same image, so frames stay a function of time alone (parallel pages, cached and
chunked renders decode to the same frames).

A worker process keeps the images it drew (`BAKED`, the last BAKED_KEEP), keyed by what the
probe computes to (the gradients with the brand's colours, sizes, positions) and the page's
pixel size: the next page with the same background (every row of a batch, every render of a
template and brand) uses the image without drawing it again. Backgrounds that name a URL are
not kept (the file behind a URL can change; gradients cannot).
"""

from __future__ import annotations

import base64
import logging
from collections import OrderedDict
from typing import Any

from worker.render.errors import RenderError

log = logging.getLogger(__name__)

BAKE_BACKGROUND = True  # bench/frame_profile_bench.py --no-bake measures without it
BAKED_KEEP = 8  # images kept per worker process (a 720p one is ~100-300 KB of PNG)
BAKED: OrderedDict[str, bytes] = OrderedDict()

# The probe: a scene's box with nothing but the scenes' background, on top of everything;
# the stage behind it painted `color` (an opaque probe looks the same over black and white).
SHOW_PROBE_JS = """(color) => {
  const stage = document.getElementById("rs-stage");
  if (!stage) return false;
  let probe = stage.querySelector(":scope > .rs-bg-probe");
  if (!probe) {
    probe = document.createElement("div");
    probe.className = "rs-scene rs-bg-probe";
    probe.style.visibility = "visible";
    probe.style.zIndex = "2147483647";
    stage.appendChild(probe);
    stage.dataset.rsBackground = stage.style.background;
  }
  if (getComputedStyle(probe).backgroundImage === "none") return false;
  stage.style.background = color;
  return true;
}"""

# An element's computed background as one string: a scene uses the image only when its own
# is the probe's, and a kept image is found by the probe's.
LOOK_JS = """(el) => {
    const s = getComputedStyle(el);
    return ["backgroundImage", "backgroundSize", "backgroundPosition", "backgroundRepeat",
      "backgroundColor", "backgroundOrigin", "backgroundClip", "backgroundAttachment"]
      .map((k) => s[k]).join("|");
  }"""

# What the probe's background computes to, at what pixel size: the key of a kept image ("" when
# the background names a URL).
PROBE_KEY_JS = """() => {
  const probe = document.querySelector("#rs-stage > .rs-bg-probe");
  const look = (__LOOK__)(probe);
  if (look.includes("url(")) return "";
  const r = probe.getBoundingClientRect();
  return `${r.width}x${r.height}@${window.devicePixelRatio}|${look}`;
}""".replace("__LOOK__", LOOK_JS)

DROP_PROBE_JS = """() => {
  const stage = document.getElementById("rs-stage");
  const probe = stage && stage.querySelector(":scope > .rs-bg-probe");
  if (probe) {
    probe.remove();
    stage.style.background = stage.dataset.rsBackground || "";
    delete stage.dataset.rsBackground;
  }
}"""

# Scenes keep their own background unless it computes to exactly the probe's.
USE_IMAGE_JS = """async (png) => {
  const probe = document.querySelector("#rs-stage > .rs-bg-probe");
  const look = __LOOK__;
  const want = look(probe);
  const stage = document.getElementById("rs-stage");
  probe.remove();
  stage.style.background = stage.dataset.rsBackground || "";
  delete stage.dataset.rsBackground;
  const bytes = Uint8Array.from(atob(png), (c) => c.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: "image/png" }));
  const img = new Image();
  img.src = url;
  await img.decode();
  window.__rsBakedBackground = img;
  let baked = 0;
  document.querySelectorAll("#rs-stage > .rs-scene").forEach((el) => {
    if (look(el) !== want) return;
    el.style.background = `url("${url}") 0 0 / 100% 100% no-repeat`;
    baked += 1;
  });
  return baked;
}""".replace("__LOOK__", LOOK_JS)


async def bake_background(cap: Any) -> int:
    """Draw the scenes' background once and use the image in its place (see the module's
    notes); returns how many scenes use it. `cap` is a ready CapturePage. Nothing is baked
    on a page without the stage or a scene background, or when the background lets what is
    behind it show through."""
    if not BAKE_BACKGROUND:
        return 0
    if not await cap.evaluate(SHOW_PROBE_JS, "#000", what="background probe"):
        await cap.evaluate(DROP_PROBE_JS, what="background probe")
        return 0
    key = str(await cap.evaluate(PROBE_KEY_JS, what="background probe"))
    png = BAKED.get(key) if key else None
    if png is not None:
        BAKED.move_to_end(key)
    else:
        png = await cap.capture_png()
        await cap.evaluate(SHOW_PROBE_JS, "#fff", what="background probe")
        if await cap.capture_png() != png:  # not opaque: the scenes keep their gradients
            await cap.evaluate(DROP_PROBE_JS, what="background probe")
            log.info("the scenes' background is not opaque; drawn on every frame")
            await cap.pump()
            return 0
        if key:
            BAKED[key] = png
            while len(BAKED) > BAKED_KEEP:
                BAKED.popitem(last=False)
    baked = int(
        await cap.evaluate(USE_IMAGE_JS, base64.b64encode(png).decode(), what="background image")
    )
    await cap.pump()  # the first frame with the image drawn
    return baked


def check_png(data: bytes | None) -> bytes:
    """The PNG Chromium returned, or RenderError."""
    if not data or not data.startswith(b"\x89PNG"):
        raise RenderError("Chromium produced no background image")
    return data
