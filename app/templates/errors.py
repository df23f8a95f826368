"""What the templates services refuse, as domain exceptions; app/templates/routes.py maps them
to HTTP (status, message, details). No HTTP here."""

from __future__ import annotations

from typing import Any


class TemplateError(Exception):
    """Base of every templates domain error."""


class TemplateNotFound(TemplateError):
    """The template does not exist or the caller may not read it (private: never 403)."""

    def __init__(self, template_id: str, role: str = "") -> None:
        super().__init__(f"Template {template_id!r}{role} not found")
        self.template_id = template_id
        # What the id was for, e.g. " to fork from" (part of the message).
        self.role = role


class BuiltinLocked(TemplateError):
    """Built-in templates are data: they cannot be changed or deleted, only forked."""

    def __init__(self, template_id: str) -> None:
        super().__init__(f"Built-in template {template_id!r} cannot be changed or deleted")
        self.template_id = template_id


class NotOwner(TemplateError):
    """The caller can read the template (public/unlisted) but it is another account's."""

    def __init__(self, template_id: str) -> None:
        super().__init__(f"Template {template_id!r} belongs to another account")
        self.template_id = template_id


class InvalidTemplate(TemplateError):
    """The document breaks rules that need the catalog or the whole document (or a field is
    null where a value is required). `problems`: {"loc": [...], "msg": str, "type": str}."""

    def __init__(self, problems: list[dict[str, Any]]) -> None:
        super().__init__("; ".join(f"{'.'.join(p['loc'])}: {p['msg']}" for p in problems[:5]))
        self.problems = problems


class NullField(TemplateError):
    """An update body sets a field that must hold a value to null."""

    def __init__(self, field: str) -> None:
        super().__init__(f"{field}: may not be null")
        self.field = field


class NameRequired(TemplateError):
    """A full update (PUT) without `name`."""

    def __init__(self) -> None:
        super().__init__("name: required for a full update (PUT)")
