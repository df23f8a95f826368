from enum import StrEnum


class PrimitiveInfoCategory(StrEnum):
    BRANDING = "Branding"
    COMPARISON = "Comparison"
    DATA_VIZ = "Data Viz"
    ENGAGEMENT = "Engagement"
    GAMIFICATION = "Gamification"
    MEDIA = "Media"
    NARRATIVE = "Narrative"
    PEOPLE = "People"
    TEXT = "Text"

    def __str__(self) -> str:
        return str(self.value)
