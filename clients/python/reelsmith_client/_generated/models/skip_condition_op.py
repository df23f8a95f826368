from enum import StrEnum


class SkipConditionOp(StrEnum):
    EXISTS = "exists"
    NOT_EXISTS = "not_exists"
    VALUE_0 = ">="
    VALUE_1 = "<="
    VALUE_2 = ">"
    VALUE_3 = "<"
    VALUE_4 = "=="
    VALUE_5 = "!="

    def __str__(self) -> str:
        return str(self.value)
