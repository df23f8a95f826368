from enum import StrEnum


class RulePatchEventTypeType0(StrEnum):
    DATE = "date"
    MILESTONE = "milestone"
    SEGMENT = "segment"
    THRESHOLD = "threshold"

    def __str__(self) -> str:
        return str(self.value)
