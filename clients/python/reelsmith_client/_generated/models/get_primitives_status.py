from enum import StrEnum


class GetPrimitivesStatus(StrEnum):
    ALL = "all"
    BETA = "beta"
    DRAFT = "draft"
    PRODUCTION = "production"

    def __str__(self) -> str:
        return str(self.value)
