"""The render engine, one module per stage, driven by `pipeline.render_video`:

sources -> voices -> timeline -> compose -> serve -> capture + encode -> audio mix -> mux
-> store (sources.py, audio.py, timeline.py, compose.py, server.py, stitch.py with capture.py
and encode.py, audio.py, mux.py, store.py).
"""
