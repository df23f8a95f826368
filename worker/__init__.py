"""The reelsmith worker: arq tasks and the render engine."""
