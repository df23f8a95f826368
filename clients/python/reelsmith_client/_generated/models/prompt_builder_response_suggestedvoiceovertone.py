from enum import StrEnum


class PromptBuilderResponseSuggestedvoiceovertone(StrEnum):
    CASUAL = "casual"
    CELEBRATORY = "celebratory"
    INSPIRATIONAL = "inspirational"
    PROFESSIONAL = "professional"

    def __str__(self) -> str:
        return str(self.value)
