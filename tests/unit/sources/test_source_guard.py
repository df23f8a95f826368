"""Data sources go through the outbound guard like every other URL."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from app.config import Settings
from app.sources import fetch_source_data
from app.sources.errors import SourceUnavailable


async def test_a_source_on_a_private_address_is_refused_by_default(
    fake_api: Any, tmp_path: Path
) -> None:
    fake_api.routes["/authors/"] = lambda seen: (200, {"id": "https://openalex.org/A1"})
    settings = Settings(openalex_base_url=fake_api.url, media_dir=tmp_path, data_dir=tmp_path)
    with pytest.raises(SourceUnavailable, match="address that is not public") as caught:
        await fetch_source_data("openalex", "A5023888391", settings)
    assert fake_api.url in str(caught.value) and "loopback" in str(caught.value)
    assert fake_api.seen == []
