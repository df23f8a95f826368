from enum import StrEnum


class AudioOptionsVoiceQualityType0(StrEnum):
    BASIC = "basic"
    FAST = "fast"
    NEURAL = "neural"

    def __str__(self) -> str:
        return str(self.value)
