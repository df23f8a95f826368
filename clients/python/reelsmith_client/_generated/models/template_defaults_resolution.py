from enum import StrEnum


class TemplateDefaultsResolution(StrEnum):
    VALUE_0 = "720p"
    VALUE_1 = "1080p"
    VALUE_2 = "4k"

    def __str__(self) -> str:
        return str(self.value)
