from enum import StrEnum


class BatchRequestPrimaryMetricType0(StrEnum):
    AVGWATCHPERCENT = "avgWatchPercent"
    COMPLETIONRATE = "completionRate"
    CTACLICKRATE = "ctaClickRate"
    SHARERATE = "shareRate"

    def __str__(self) -> str:
        return str(self.value)
