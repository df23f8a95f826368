"""The translation cache: one row per template, scene, language pair and source text (by its
hash), so editing a script misses the cache and is translated again."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from app.db import Base, IdMixin, utcnow

NO_TEMPLATE = ""  # template_id of texts translated without a templateId
NO_SCENE = -1  # scene_index of texts translated without sceneIndexes


class Translation(IdMixin, Base):
    __tablename__ = "translations"
    __table_args__ = (
        UniqueConstraint(
            "template_id",
            "scene_index",
            "source_language",
            "target_language",
            "source_hash",
            name="uq_translations_key",
        ),
    )

    template_id: Mapped[str] = mapped_column(String(64))
    scene_index: Mapped[int] = mapped_column(Integer)
    source_language: Mapped[str] = mapped_column(String(16))
    target_language: Mapped[str] = mapped_column(String(16))
    source_hash: Mapped[str] = mapped_column(String(64))  # sha256 hex of the source text
    translated: Mapped[str] = mapped_column(Text)
    engine: Mapped[str] = mapped_column(String(32))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
