from enum import StrEnum


class BatchStatus(StrEnum):
    COMPLETE = "complete"
    FAILED = "failed"
    PARTIAL = "partial"
    PENDING = "pending"
    PROCESSING = "processing"

    def __str__(self) -> str:
        return str(self.value)
