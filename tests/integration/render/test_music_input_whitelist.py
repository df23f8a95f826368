"""A downloaded music file is read as plain audio only: a playlist or concat list saved as the
music file cannot make ffmpeg read another file or fetch a URL (real ffmpeg)."""

from __future__ import annotations

import subprocess
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from app.media.ffmpeg import run_ffmpeg
from worker.render.audio import premix_args
from worker.render.errors import RenderError


def tone(path: Path, seconds: float = 1.0) -> Path:
    subprocess.run(
        ["ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i", f"sine=f=440:d={seconds}", str(path)],
        check=True,
    )
    return path


@pytest.fixture
def requests_seen() -> Iterator[tuple[str, list[str]]]:
    """A loopback HTTP server that records every path asked for (it should see none)."""
    seen: list[str] = []

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            seen.append(self.path)
            self.send_response(200)
            self.send_header("Content-Type", "audio/aac")
            self.end_headers()

        def log_message(self, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}", seen
    finally:
        server.shutdown()
        server.server_close()


async def mix_music(music: Path, tmp_path: Path) -> None:
    out = tmp_path / "premix.wav"
    await run_ffmpeg(premix_args(None, music, 0.5, 1.0, out), 30, "audio mix", failed=RenderError)


async def test_real_audio_files_still_mix(tmp_path: Path) -> None:
    for name in ("music.mp3", "music.wav", "music.ogg", "music.m4a", "music.flac"):
        await mix_music(tone(tmp_path / name), tmp_path)
    assert (tmp_path / "premix.wav").stat().st_size > 0


async def test_a_concat_list_pointing_at_another_file_is_refused(tmp_path: Path) -> None:
    secret = tone(tmp_path / "private.wav")
    crafted = tmp_path / "music.mp3"
    crafted.write_text(f"ffconcat version 1.0\nfile '{secret.name}'\n")
    # Without the whitelist ffmpeg would follow the list and read the other file:
    plain = subprocess.run(
        ["ffmpeg", "-v", "error", "-i", str(crafted), "-f", "null", "-"], capture_output=True
    )
    assert plain.returncode == 0, plain.stderr
    with pytest.raises(RenderError, match="Format not on whitelist|Invalid argument"):
        await mix_music(crafted, tmp_path)


async def test_an_hls_playlist_pointing_at_a_url_is_refused_without_a_request(
    tmp_path: Path, requests_seen: tuple[str, list[str]]
) -> None:
    base, seen = requests_seen
    crafted = tmp_path / "music.mp3"
    crafted.write_text(
        "#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:1,\n"
        f"{base}/internal/segment.aac\n#EXT-X-ENDLIST\n"
    )
    with pytest.raises(RenderError, match="Format not on whitelist|Invalid argument"):
        await mix_music(crafted, tmp_path)
    assert seen == []


def test_engine_audio_from_outside_is_decoded_only_as_plain_audio(tmp_path: Path) -> None:
    from worker.voices.engines import VoiceError, decode_audio

    for name in ("speech.mp3", "speech.wav", "speech.ogg"):
        samples = decode_audio(tone(tmp_path / name).read_bytes(), 24000)
        assert 20000 < len(samples) < 28000
    secret = tone(tmp_path / "private.wav")
    playlist = f"#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:1,\nfile:{secret}\n#EXT-X-ENDLIST\n"
    with pytest.raises(VoiceError, match="could not decode"):
        decode_audio(playlist.encode(), 24000)
