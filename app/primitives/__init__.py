"""The primitive catalog: read from primitives_html/<id>/manifest.json and nothing else."""
