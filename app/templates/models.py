"""Custom templates and render usage counts (built-ins are data in app/templates/builtins)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import ForeignKey, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from app.db import Base, IdMixin, TimestampMixin


class Template(IdMixin, TimestampMixin, Base):
    """A custom template owned by one account."""

    __tablename__ = "templates"

    account_id: Mapped[str] = mapped_column(
        ForeignKey("accounts.id", ondelete="CASCADE"), index=True
    )
    # Plain string: projects live in another domain; no FK so either can ship first.
    project_id: Mapped[str | None] = mapped_column(String(64), default=None, index=True)
    name: Mapped[str] = mapped_column(String(200))
    slug: Mapped[str | None] = mapped_column(String(200), default=None)
    description: Mapped[str | None] = mapped_column(Text, default=None)
    visibility: Mapped[str] = mapped_column(String(16), default="private")
    scenes: Mapped[list[Any]] = mapped_column(default=list)
    data_slots: Mapped[list[Any]] = mapped_column(default=list)
    defaults: Mapped[dict[str, Any]] = mapped_column(default=dict)
    tags: Mapped[list[Any]] = mapped_column(default=list)
    usage_count: Mapped[int] = mapped_column(Integer, default=0)
    base_template_id: Mapped[str | None] = mapped_column(String(64), default=None)
    # The built-in at the root of the fork chain (its data source, e.g. OpenAlex), copied from
    # the parent at fork time so deleting a template in the middle of a chain changes nothing.
    root_builtin: Mapped[str | None] = mapped_column(String(64), default=None)
    version: Mapped[int] = mapped_column(Integer, default=1)
    # The poster frame the author chose ({scene, offsetMs}), None: the poster rule decides.
    poster_at: Mapped[dict[str, Any] | None] = mapped_column(default=None)


class BuiltinUsage(Base):
    """Render counts of built-in templates (which are not rows of `templates`)."""

    __tablename__ = "template_usage"

    template_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    usage_count: Mapped[int] = mapped_column(Integer, default=0)
    updated_at: Mapped[datetime | None] = mapped_column(default=None)
