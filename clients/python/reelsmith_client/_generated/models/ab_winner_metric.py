from enum import StrEnum


class AbWinnerMetric(StrEnum):
    AVGWATCHPERCENT = "avgWatchPercent"
    COMPLETIONRATE = "completionRate"
    CTACLICKRATE = "ctaClickRate"
    SHARERATE = "shareRate"

    def __str__(self) -> str:
        return str(self.value)
