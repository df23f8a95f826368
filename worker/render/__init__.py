"""The render engine, one module per stage, driven by `pipeline.render_video`:

sources.py     external data, bound into the scenes
audio.py       voices (`prepare_voiceovers`), their lengths setting the scene durations
timeline.py    which scenes play, when, with which transitions
compose.py     the one composition page (assets.py fetches the logo)
server.py      serve: the page on a loopback HTTP server
segments.py    where the video is cut: scene cuts, one-second GOPs, each capture page's work
capture.py     capture: warm browsers (browser.py), capture pages (page.py), frames into runs
scenecache.py  beside capture, only when on: segments shared between videos, copied
encode.py      a run's frames into one H.264 file (ffmpeg)
audio.py       the soundtrack (`mix_audio`)
mux.py         runs joined without re-encoding, plus the AAC track
store.py       the file into media storage (the worker task's step)
"""
