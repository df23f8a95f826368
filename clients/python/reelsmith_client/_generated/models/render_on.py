from enum import StrEnum


class RenderOn(StrEnum):
    NOW = "now"
    ON_VIEW = "on_view"

    def __str__(self) -> str:
        return str(self.value)
