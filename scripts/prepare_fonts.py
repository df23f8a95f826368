"""Cut the bundled Noto faces out of the Debian font packages into static/fonts/noto/.

Run by `make fonts` (part of `make run` and `make test`) after the packages listed in
app/composition/fonts.py (NOTO_FAMILIES) are installed. Writes one web font per face, or,
for the large ones, per slice, so a page loads only the slices its text uses:

- CJK: runs of PER_SPAN consecutive code points (~90 KB each instead of 11 MB);
- emoji: every sequence (ZWJ, skin tone, flag, keycap, tag) stays in one slice with all its
  parts; joiners, variation selectors, skin tones and tags go into every slice;
- every other family: its whole face.

and `faces.json`: each file's family, weight, format and the code points it draws. Does
nothing when faces.json was written from the same table (`--force` redoes it).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from fontTools import subset
from fontTools.ttLib import TTFont

from app.composition.fonts import (
    DEBIAN_FONTS,
    FACES_FILE,
    NOTO_DIR,
    NOTO_FAMILIES,
    NotoFamily,
)

VERSION = 1  # bump when the way faces are cut changes
PER_SPAN = 500  # CJK code points per slice
PER_CLUSTER_SLICE = 160  # emoji base code points per slice (a larger sequence family stays whole)
# Parts of emoji sequences that go into every emoji slice.
EMOJI_SHARED = (
    {0x200D, 0x20E3, 0xFE0E, 0xFE0F}
    | set(range(0x1F3FB, 0x1F400))  # skin tones
    | set(range(0xE0020, 0xE0080))  # tags (subdivision flags)
)


@dataclass(frozen=True)
class Job:
    family: str
    weight: str
    source: str
    index: int
    out: str
    unicodes: tuple[int, ...] | None  # None: the whole face


def stamp() -> str:
    # What decides the files (not the fallback order, which faces.json readers apply).
    table = repr(sorted(NOTO_FAMILIES, key=lambda f: f.family))
    table += f"{VERSION}/{PER_SPAN}/{PER_CLUSTER_SLICE}"
    return hashlib.sha256(table.encode()).hexdigest()[:16]


def _open(source: str, index: int, lazy: bool = False) -> TTFont:
    # Bounds kept from the source (recomputing them runs every CJK outline: half the time)
    # and its timestamp: the same files on every machine.
    return TTFont(
        DEBIAN_FONTS / source,
        fontNumber=index,
        lazy=lazy,
        recalcBBoxes=False,
        recalcTimestamp=False,
    )


def _stem(family: NotoFamily, weight: str) -> str:
    label = "all" if " " in weight else weight
    return f"{family.family.removeprefix('rs-')}-{label}"


def _emoji_groups(font: TTFont) -> list[list[int]]:
    """Base code points of the emoji font grouped so that every ligature's parts share a
    group (the shared parts left out), groups ordered by their first code point."""
    cmap = font.getBestCmap()
    by_glyph: dict[str, list[int]] = {}
    for cp, glyph in cmap.items():
        by_glyph.setdefault(glyph, []).append(cp)
    parent = {cp: cp for cp in cmap if cp not in EMOJI_SHARED}

    def find(cp: int) -> int:
        while parent[cp] != cp:
            parent[cp] = parent[parent[cp]]
            cp = parent[cp]
        return cp

    for lookup in font["GSUB"].table.LookupList.Lookup:
        for table in lookup.SubTable:
            table = getattr(table, "ExtSubTable", table)
            for first, ligatures in getattr(table, "ligatures", {}).items():
                for ligature in ligatures:
                    glyphs = [first, *ligature.Component]
                    parts = [cp for g in glyphs for cp in by_glyph.get(g, []) if cp in parent]
                    for cp in parts[1:]:
                        parent[find(cp)] = find(parts[0])
    groups: dict[int, list[int]] = {}
    for cp in sorted(parent):
        groups.setdefault(find(cp), []).append(cp)
    return sorted(groups.values(), key=lambda g: g[0])


def jobs_for(family: NotoFamily) -> list[Job]:
    jobs = []
    for weight, source, index in family.sources:
        path = DEBIAN_FONTS / source
        if not path.is_file():
            raise SystemExit(
                f"missing {path}: install the Debian package {family.package} (make system)"
            )
        stem = _stem(family, weight)
        ext = "ttf" if family.slices == "clusters" else "woff2"
        if family.slices is None:
            jobs.append(Job(family.family, weight, source, index, f"{stem}.{ext}", None))
            continue
        font = _open(source, index, lazy=True)
        if family.slices == "spans":
            points = sorted(font.getBestCmap())
            chunks = [points[i : i + PER_SPAN] for i in range(0, len(points), PER_SPAN)]
        else:
            chunks = []
            for group in _emoji_groups(font):
                if chunks and len(chunks[-1]) + len(group) <= PER_CLUSTER_SLICE:
                    chunks[-1].extend(group)
                else:
                    chunks.append(list(group))
            chunks = [sorted(set(c) | EMOJI_SHARED) for c in chunks]
        for n, chunk in enumerate(chunks):
            out = f"{stem}-{n:03d}.{ext}"
            jobs.append(Job(family.family, weight, source, index, out, tuple(chunk)))
    return jobs


def run(job: Job, folder: Path) -> dict[str, object]:
    font = _open(job.source, job.index)
    if job.unicodes is not None:
        options = subset.Options()
        options.layout_features = ["*"]
        options.name_IDs = ["*"]
        options.name_languages = ["*"]
        options.notdef_outline = True
        options.glyph_names = False
        subsetter = subset.Subsetter(options)
        subsetter.populate(unicodes=job.unicodes)
        subsetter.subset(font)
    fmt = "truetype" if job.out.endswith(".ttf") else "woff2"
    if fmt == "woff2":
        font.flavor = "woff2"
    path = folder / job.out
    font.save(path)
    cmap = sorted(font.getBestCmap())
    ranges: list[list[int]] = []
    for cp in cmap:
        if ranges and cp == ranges[-1][1] + 1:
            ranges[-1][1] = cp
        else:
            ranges.append([cp, cp])
    return {
        "family": job.family,
        "weight": job.weight,
        "file": job.out,
        "format": fmt,
        "size": path.stat().st_size,
        "ranges": ranges,
    }


def current() -> bool:
    try:
        return json.loads(FACES_FILE.read_text(encoding="utf-8")).get("stamp") == stamp()
    except (OSError, ValueError):
        return False


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--force", action="store_true", help="cut the faces again")
    parser.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1))
    args = parser.parse_args()
    if current() and not args.force:
        print(f"bundled fonts: up to date ({NOTO_DIR})")
        return 0
    started = time.monotonic()
    jobs = [job for family in NOTO_FAMILIES for job in jobs_for(family)]
    staging = NOTO_DIR.with_name(NOTO_DIR.name + ".new")
    shutil.rmtree(staging, ignore_errors=True)
    staging.mkdir(parents=True)
    print(f"bundled fonts: cutting {len(jobs)} faces from the Debian Noto packages...")
    with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        faces = list(pool.map(run, jobs, [staging] * len(jobs)))
    document = {"stamp": stamp(), "faces": faces}
    (staging / FACES_FILE.name).write_text(json.dumps(document, separators=(",", ":")))
    shutil.rmtree(NOTO_DIR, ignore_errors=True)
    staging.rename(NOTO_DIR)
    total = sum(int(str(f["size"])) for f in faces)
    print(
        f"bundled fonts: {len(faces)} files, {total / 1e6:.1f} MB in {NOTO_DIR} "
        f"({time.monotonic() - started:.0f} s)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
