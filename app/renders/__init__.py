"""Render jobs and batches: the API side (validation, credits, queueing, status)."""
