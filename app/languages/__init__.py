"""GET /api/languages: the SPEC languages and what this deployment can do with each."""
