from enum import StrEnum


class RuleBodyEventtype(StrEnum):
    DATE = "date"
    MILESTONE = "milestone"
    SEGMENT = "segment"
    THRESHOLD = "threshold"

    def __str__(self) -> str:
        return str(self.value)
