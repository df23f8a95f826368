"""Comparing frames: a browser's screenshot against a video's frame (SSIM over blocks, grey
levels), and one frame cut from a video by its number."""

from __future__ import annotations

import io
import subprocess
from pathlib import Path

import numpy as np
from PIL import Image


def ssim(a: np.ndarray, b: np.ndarray, window: int = 8) -> float:
    """Mean SSIM of two grey images over non-overlapping window x window blocks."""
    h, w = (a.shape[0] // window) * window, (a.shape[1] // window) * window

    def blocks(x: np.ndarray) -> np.ndarray:
        x = x[:h, :w].astype(np.float64)
        return x.reshape(h // window, window, w // window, window).swapaxes(1, 2)

    x, y = blocks(a), blocks(b)
    mx, my = x.mean(axis=(2, 3)), y.mean(axis=(2, 3))
    vx, vy = x.var(axis=(2, 3)), y.var(axis=(2, 3))
    cov = ((x - mx[..., None, None]) * (y - my[..., None, None])).mean(axis=(2, 3))
    c1, c2 = (0.01 * 255) ** 2, (0.03 * 255) ** 2
    score = ((2 * mx * my + c1) * (2 * cov + c2)) / ((mx**2 + my**2 + c1) * (vx + vy + c2))
    return float(score.mean())


def grey(png: bytes, size: tuple[int, int] = (1280, 720)) -> np.ndarray:
    with Image.open(io.BytesIO(png)) as image:
        return np.asarray(image.convert("L").resize(size, Image.Resampling.LANCZOS))


def mp4_frame(path: Path, index: int) -> bytes:
    out = subprocess.run(
        ["ffmpeg", "-v", "error", "-i", str(path), "-vf", f"select=eq(n\\,{index})",
         "-frames:v", "1", "-f", "image2", "-c:v", "png", "-"],
        check=True, capture_output=True,
    )  # fmt: skip
    return out.stdout
