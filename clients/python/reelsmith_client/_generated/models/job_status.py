from enum import StrEnum


class JobStatus(StrEnum):
    AWAITING_VIEW = "awaiting_view"
    COMPLETE = "complete"
    FAILED = "failed"
    PENDING = "pending"
    PROCESSING = "processing"

    def __str__(self) -> str:
        return str(self.value)
