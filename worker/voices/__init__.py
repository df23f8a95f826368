"""Speech synthesis for voiceovers (used only by the render worker): the engines (Piper,
espeak-ng, Edge, a vendor endpoint), text normalization, word timing and the voice cache.
The voice catalog and request checks stay in app.voices."""
