from enum import StrEnum


class LanguageSupportQualityType0(StrEnum):
    BASIC = "basic"
    NEURAL = "neural"

    def __str__(self) -> str:
        return str(self.value)
