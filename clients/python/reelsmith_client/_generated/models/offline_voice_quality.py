from enum import StrEnum


class OfflineVoiceQuality(StrEnum):
    BASIC = "basic"
    NEURAL = "neural"

    def __str__(self) -> str:
        return str(self.value)
