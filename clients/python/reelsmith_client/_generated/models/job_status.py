from enum import StrEnum


class JobStatus(StrEnum):
    AWAITING_VIEW = "awaiting_view"
    COMPLETE = "complete"
    EXPIRED = "expired"
    FAILED = "failed"
    PENDING = "pending"
    PROCESSING = "processing"

    def __str__(self) -> str:
        return str(self.value)
