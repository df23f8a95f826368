from enum import IntEnum


class OutputOptionsFpsType0(IntEnum):
    VALUE_30 = 30
    VALUE_60 = 60

    def __str__(self) -> str:
        return str(self.value)
