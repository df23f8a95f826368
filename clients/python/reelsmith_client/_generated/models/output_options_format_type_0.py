from enum import StrEnum


class OutputOptionsFormatType0(StrEnum):
    GIF = "gif"
    MP4 = "mp4"
    PNG = "png"
    WEBM = "webm"

    def __str__(self) -> str:
        return str(self.value)
