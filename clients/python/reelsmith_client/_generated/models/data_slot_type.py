from enum import StrEnum


class DataSlotType(StrEnum):
    ARRAY = "array"
    COUNTRY_CODE = "country_code"
    DATE = "date"
    EMAIL = "email"
    NUMBER = "number"
    OBJECT = "object"
    TEXT = "text"
    URL = "url"

    def __str__(self) -> str:
        return str(self.value)
