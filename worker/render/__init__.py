"""The render engine, read top to bottom as the pipeline.

timeline -> compose -> capture -> encode -> audio -> mux, driven by `pipeline.render_video`.
"""
