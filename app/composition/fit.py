"""How each primitive's text fits its box: the `fit.json` beside its manifest.

```json
{"text": [
  {"selector": ".ti-name", "prop": "person_name", "min": 52, "wrap": 2},
  {"selector": ".br-label", "prop": "bars[].label", "min": 16, "ellipsis": true}
]}
```

The runtime (static/runtime.js, fitElement) applies every rule to every element the selector
matches in the scene: the largest whole px size from `max` (default: the CSS size) down to
`min` at which the text fits its box; then `wrap: N` lets it break words anywhere over up to
N lines, `ellipsis: true` keeps one line; what is still too long is cut and ends in "…".
`width` is the box in px, or a selector of the ancestor whose content box bounds the element
(default: the element's own box; its parent's for inline-level elements). `prop` names the
props field shown (`[]` for any index), for the fit report.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any, Self

from pydantic import BaseModel, ConfigDict, Field, model_validator

from app.primitives.catalog import PRIMITIVES_DIR

FIT_FILE = "fit.json"
# A text element shown below this share of its designed size (or cut with "…") is worth a
# warning: the quality report's text_fit check and the dry-run estimate use the same figure.
FIT_WARN_SCALE = 0.8


class FitRule(BaseModel):
    """One text element of a primitive and how it fits."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    selector: str = Field(min_length=1)
    min: float = Field(gt=0, description="smallest font size, CSS px")
    max: float | None = Field(default=None, gt=0, description="largest font size (CSS size)")
    wrap: int | None = Field(default=None, ge=1, le=12, description="lines it may take")
    ellipsis: bool = False
    width: float | str | None = None
    prop: str | None = None

    @model_validator(mode="after")
    def _one_overflow(self) -> Self:
        if (self.wrap is None) == (not self.ellipsis):
            raise ValueError(f"{self.selector}: give exactly one of wrap (lines) or ellipsis")
        if self.max is not None and self.max < self.min:
            raise ValueError(f"{self.selector}: max {self.max} is below min {self.min}")
        return self


class FitFile(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    text: list[FitRule]


@lru_cache(maxsize=64)
def fit_rules(primitive_id: str) -> tuple[FitRule, ...]:
    """The primitive's declared text elements (none when it has no fit.json)."""
    path = PRIMITIVES_DIR / primitive_id / FIT_FILE
    if not path.is_file():
        return ()
    return tuple(FitFile.model_validate(json.loads(path.read_text(encoding="utf-8"))).text)


def rules_for_page(primitive_id: str) -> list[dict[str, Any]]:
    """The rules as the runtime reads them (unset fields left out)."""
    rules = fit_rules(primitive_id)
    return [rule.model_dump(exclude_none=True, exclude_defaults=True) for rule in rules]
