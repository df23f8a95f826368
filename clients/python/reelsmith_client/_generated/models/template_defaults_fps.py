from enum import IntEnum


class TemplateDefaultsFps(IntEnum):
    VALUE_30 = 30
    VALUE_60 = 60

    def __str__(self) -> str:
        return str(self.value)
