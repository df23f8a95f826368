from enum import StrEnum


class JobStage(StrEnum):
    DONE = "done"
    ENCODING = "encoding"
    FAILED = "failed"
    FETCHING_DATA = "fetching_data"
    QUEUED = "queued"
    RENDERING = "rendering"
    UPLOADING = "uploading"
    VOICEOVER = "voiceover"

    def __str__(self) -> str:
        return str(self.value)
