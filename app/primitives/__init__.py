"""The primitive catalog: read from primitives_html/<id>/manifest.json, nothing else lists primitives."""
