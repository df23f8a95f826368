from enum import StrEnum


class AbResponseStatusType0(StrEnum):
    COLLECTING = "collecting"
    NO_DIFFERENCE = "no_difference"
    SAMPLE_RATIO_MISMATCH = "sample_ratio_mismatch"
    SIGNIFICANT = "significant"

    def __str__(self) -> str:
        return str(self.value)
