from enum import StrEnum


class PromptBuilderRequestMode(StrEnum):
    CREATE = "create"
    EDIT = "edit"

    def __str__(self) -> str:
        return str(self.value)
