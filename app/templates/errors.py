"""What the templates services refuse, as domain errors (app/errors.py answers them with the
status of their kind, the message and the field paths). No HTTP here."""

from __future__ import annotations

from typing import Any

from app.errors import DomainError, Kind

# An answer lists at most this many problems in `details` (the message counts them all), so a
# huge document's answer stays small.
MAX_DETAILS = 100


def _detail(field: str, msg: str, kind: str) -> dict[str, Any]:
    return {"loc": [field], "msg": msg, "type": kind}


class TemplateError(DomainError):
    """Base of every templates domain error."""


class TemplateNotFound(TemplateError):
    """The template does not exist or the caller may not read it (private: never 403)."""

    kind = Kind.NOT_FOUND

    def __init__(self, template_id: str, role: str = "") -> None:
        super().__init__(f"Template {template_id!r}{role} not found")
        self.template_id = template_id
        # What the id was for, e.g. " to fork from" (part of the message).
        self.role = role


class BuiltinLocked(TemplateError):
    """Built-in templates are data: they cannot be changed or deleted, only forked."""

    kind = Kind.FORBIDDEN

    def __init__(self, template_id: str) -> None:
        super().__init__(
            f"Built-in template {template_id!r} cannot be changed or deleted; fork it "
            f'instead: POST /api/templates {{"name": "...", "forkFrom": "{template_id}"}}'
        )
        self.template_id = template_id


class NotOwner(TemplateError):
    """The caller can read the template (public/unlisted) but it is another account's."""

    kind = Kind.FORBIDDEN

    def __init__(self, template_id: str) -> None:
        super().__init__(f"Template {template_id!r} belongs to another account; fork it to edit")
        self.template_id = template_id


class InvalidTemplate(TemplateError):
    """The document breaks rules that need the catalog or the whole document (or a field is
    null where a value is required). `problems`: {"loc": [...], "msg": str, "type": str}; the
    message names the first five, `details` up to MAX_DETAILS."""

    kind = Kind.INVALID

    def __init__(self, problems: list[dict[str, Any]]) -> None:
        where = "; ".join(f"{'.'.join(p['loc'])}: {p['msg']}" for p in problems[:5]) + (
            f" (+{len(problems) - 5} more)" if len(problems) > 5 else ""
        )
        super().__init__(f"Invalid template: {where}", details=problems[:MAX_DETAILS])
        self.problems = problems


class NullField(TemplateError):
    """An update body sets a field that must hold a value to null."""

    kind = Kind.INVALID

    def __init__(self, field: str) -> None:
        message = f"{field}: may not be null"
        super().__init__(message, details=[_detail(field, "may not be null", "null")])
        self.field = field


class NameRequired(TemplateError):
    """A full update (PUT) without `name`."""

    kind = Kind.INVALID

    def __init__(self) -> None:
        super().__init__(
            "name: required for a full update (PUT); use PATCH to change some fields only",
            details=[_detail("name", "required for PUT", "missing")],
        )
