from enum import StrEnum


class RuleChannel(StrEnum):
    EMAIL = "email"
    SMS = "sms"
    WEBHOOK = "webhook"

    def __str__(self) -> str:
        return str(self.value)
