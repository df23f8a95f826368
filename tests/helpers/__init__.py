"""Helpers shared by tests (imported as `helpers.<module>`: tests/ is on sys.path via conftest)."""
