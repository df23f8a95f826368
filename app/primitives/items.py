"""What the items of a primitive's list inputs hold: the `items.json` beside its manifest.

```json
{"stats": {"label": "Stat", "min": 1, "max": 4, "scalar": "text", "fields": [
  {"key": "label", "label": "Label", "type": "text"},
  {"key": "value", "label": "Value", "type": "text", "required": true}
]}}
```

Per list prop (a `name[]` data input): what one item is called (`label`), how many items it
needs (`min`) and shows at most (`max`, more are left out), the item's fields with a slot type
each (`text`, `number`, `url`, `country_code`, ...; a required field must be present, an
`aliases` name counts as the field), and `scalar`: the slot type of a bare item the primitive
also takes (`"US"` for a country) when it may be something other than an object. A template's
list slot gets its item schema from the primitives it feeds (app/templates/lists.py): the API
checks list data against it and the dashboard builds its list editor from it.
"""

from __future__ import annotations

import json
from functools import lru_cache

from pydantic import BaseModel, ConfigDict, Field

from app.primitives.catalog import PRIMITIVES_DIR

ITEMS_FILE = "items.json"
ItemType = str  # a data slot type other than array/object (app/spec.py SLOT_TYPES)


class ItemField(BaseModel):
    """One field of a list item."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    key: str = Field(min_length=1)
    label: str = Field(min_length=1)
    type: ItemType = "text"
    required: bool = False
    aliases: tuple[str, ...] = ()

    def value_in(self, item: dict[str, object]) -> object:
        """The item's value of this field (its key, else the first alias given)."""
        for name in (self.key, *self.aliases):
            if name in item:
                return item[name]
        return None


class ListSchema(BaseModel):
    """The items of one list input."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    label: str = "Item"
    min: int = Field(default=1, ge=0)
    max: int | None = Field(default=None, ge=1)
    scalar: ItemType | None = None
    fields: tuple[ItemField, ...]


@lru_cache(maxsize=64)
def list_schemas(primitive_id: str) -> dict[str, ListSchema]:
    """The primitive's list inputs by prop name (none when it has no items.json)."""
    path = PRIMITIVES_DIR / primitive_id / ITEMS_FILE
    if not path.is_file():
        return {}
    raw = json.loads(path.read_text(encoding="utf-8"))
    return {name: ListSchema.model_validate(value) for name, value in raw.items()}
