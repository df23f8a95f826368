from enum import StrEnum


class OutputOptionsAspectRatioType0(StrEnum):
    VALUE_0 = "16:9"
    VALUE_1 = "9:16"
    VALUE_2 = "1:1"
    VALUE_3 = "4:5"

    def __str__(self) -> str:
        return str(self.value)
