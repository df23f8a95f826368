"""A/B variants of a batch: the split rules and the deterministic assignment of rows (pure).

Assignment (docs/api/ab-campaigns.md): each row gets a recipient key (its email, else its
person_name, else its first cell, else the whole row), hashed (SHA-256) together with a seed
made of the variants' ids and splits. Rows are ordered by that hash (ties by row order) and
cut into consecutive runs whose lengths are the split's exact counts (largest remainder). The
batch id is deliberately NOT in the seed: the same CSV with the same variants gives the same
split in every batch, and a recipient keeps their variant when rows are added or removed
around them unless they sit at a cut. Change a variant id to draw a new split.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from typing import Any, Literal, get_args

MIN_VARIANTS = 2
MAX_VARIANTS = 10

PrimaryMetric = Literal["completionRate", "ctaClickRate", "avgWatchPercent", "shareRate"]
PRIMARY_METRICS: tuple[str, ...] = get_args(PrimaryMetric)
DEFAULT_PRIMARY_METRIC: PrimaryMetric = "completionRate"


def check_split(ids: Sequence[str], splits: Sequence[int]) -> None:
    """ValueError naming what is wrong: 2..MAX_VARIANTS variants, unique ids, integer split
    percents of at least 1 summing to 100."""
    if not MIN_VARIANTS <= len(ids) <= MAX_VARIANTS:
        raise ValueError(
            f"has {len(ids)} variant(s); an A/B batch has {MIN_VARIANTS} to {MAX_VARIANTS}"
        )
    seen: set[str] = set()
    for index, variant_id in enumerate(ids):
        if variant_id in seen:
            raise ValueError(f"[{index}].id '{variant_id}' is used twice; variant ids are unique")
        seen.add(variant_id)
    total = sum(splits)
    if total != 100:
        shown = " + ".join(str(s) for s in splits)
        raise ValueError(f"splitPercent values sum to {total} ({shown}); they must sum to 100")


def exact_counts(total: int, splits: Sequence[int]) -> list[int]:
    """How many of `total` rows each variant gets: floor of its share, then the remaining rows
    one each to the largest remainders (ties: the earlier variant)."""
    raw = [total * s for s in splits]  # in hundredths of a row
    counts = [r // 100 for r in raw]
    left = total - sum(counts)
    order = sorted(range(len(splits)), key=lambda i: (-(raw[i] % 100), i))
    for i in order[:left]:
        counts[i] += 1
    return counts


def recipient_key(
    data: Mapping[str, Any], row: Sequence[Any], email_keys: Sequence[str] = ()
) -> str:
    """The stable key of a row's recipient: the first non-empty email slot value (lowercased),
    else person_name, else the first cell, else the whole row."""
    for key in (*email_keys, "person_name"):
        value = data.get(key)
        if isinstance(value, str) and value.strip():
            text = value.strip()
            return f"{key}:{text.lower() if key in email_keys else text}"
    if row and row[0] is not None and str(row[0]).strip():
        return f"cell:{str(row[0]).strip()}"
    return "row:" + json.dumps(list(row), default=str, sort_keys=True)


def split_seed(variants: Sequence[tuple[str, int]]) -> str:
    """The seed of an assignment: the variant ids and splits in order."""
    return json.dumps([[variant_id, split] for variant_id, split in variants])


def assign(keys: Sequence[str], variants: Sequence[tuple[str, int]]) -> list[str]:
    """The variant id of each row (in row order), for rows with recipient `keys` and
    `variants` as (id, splitPercent): exact counts per variant, deterministic."""
    seed = split_seed(variants)
    ranked = sorted(
        range(len(keys)),
        key=lambda i: (hashlib.sha256(f"{seed}\x00{keys[i]}".encode()).digest(), i),
    )
    counts = exact_counts(len(keys), [split for _, split in variants])
    out = [""] * len(keys)
    position = 0
    for (variant_id, _), count in zip(variants, counts, strict=True):
        for row in ranked[position : position + count]:
            out[row] = variant_id
        position += count
    return out
