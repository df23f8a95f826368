from enum import StrEnum


class RulePatchChannelType0(StrEnum):
    EMAIL = "email"
    SMS = "sms"
    WEBHOOK = "webhook"

    def __str__(self) -> str:
        return str(self.value)
