"""Media storage (rendered videos, thumbnails) and the /media route serving it."""
