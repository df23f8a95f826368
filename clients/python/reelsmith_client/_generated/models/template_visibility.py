from enum import StrEnum


class TemplateVisibility(StrEnum):
    BUILT_IN = "built-in"
    PRIVATE = "private"
    PUBLIC = "public"
    UNLISTED = "unlisted"

    def __str__(self) -> str:
        return str(self.value)
