from enum import StrEnum


class PrimitiveInfoStatus(StrEnum):
    BETA = "beta"
    DRAFT = "draft"
    PRODUCTION = "production"

    def __str__(self) -> str:
        return str(self.value)
