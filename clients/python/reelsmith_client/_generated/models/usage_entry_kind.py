from enum import StrEnum


class UsageEntryKind(StrEnum):
    CHARGE = "charge"
    GRANT = "grant"
    REFUND = "refund"

    def __str__(self) -> str:
        return str(self.value)
