__version__ = "1.0.0"  # the API 1.0 (its /openapi.json info.version), library patch 0
