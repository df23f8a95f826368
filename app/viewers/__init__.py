"""Viewers: the player page of a video, its tracking beacons and the per-session engagement they
add up to (read by app/analytics)."""
