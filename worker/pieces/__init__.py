"""One long video across workers, in pieces.

The worker that claims a job longer than REELSMITH_CHUNK_THRESHOLD_S prepares it once
(sources, voices, timeline, compose), mixes its soundtrack once, stores the composed page (with
its assets) and the soundtrack in the media Storage (local folder or S3, so a worker on another
machine can read them), writes the plan and enqueues one task per capture piece (plan.py). Any
worker captures any piece into runs on the video's GOP grid (the engine's own encoder: runs
join without re-encoding) and stores them; the worker that finishes the last piece assembles:
concat + mux with the soundtrack, poster, and the job's completion, written exactly as a
single-piece render's (task.py). The piece rows' state changes are rows.py; the sweep that
keeps pieces moving is sweep.py.
"""
