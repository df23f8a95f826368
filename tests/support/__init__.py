"""Helpers shared by tests, imported as package modules: `from tests.support.x import ...`."""
