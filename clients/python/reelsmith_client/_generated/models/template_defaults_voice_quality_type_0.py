from enum import StrEnum


class TemplateDefaultsVoiceQualityType0(StrEnum):
    BASIC = "basic"
    FAST = "fast"
    NEURAL = "neural"

    def __str__(self) -> str:
        return str(self.value)
