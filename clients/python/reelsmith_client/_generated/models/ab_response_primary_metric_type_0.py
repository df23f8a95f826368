from enum import StrEnum


class AbResponsePrimaryMetricType0(StrEnum):
    AVGWATCHPERCENT = "avgWatchPercent"
    COMPLETIONRATE = "completionRate"
    CTACLICKRATE = "ctaClickRate"
    SHARERATE = "shareRate"

    def __str__(self) -> str:
        return str(self.value)
