"""A lean HTTP/1.1 client for the load driver: keep-alive connections over asyncio streams, the
request written in one piece, the answer read by Content-Length (or chunks). It does only what
the benchmarks send (JSON bodies, one header set per client) and costs the driver a fraction
of a general client's CPU per request, so the load figures measure the API, not the driver.

    async with LeanClient("http://127.0.0.1:8000", {"X-API-Key": key}, "127.0.1.2") as http:
        resp = await http.request("GET", "/api/templates")
        resp.status_code, resp.json()
"""

from __future__ import annotations

import asyncio
import json
import time
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

IDLE_S = 4.0  # a connection idle longer is not reused (Hypercorn closes them after 5 s)


class LeanError(Exception):
    """No answer: the connection failed, closed early, or the answer did not parse."""


@dataclass
class LeanResponse:
    status_code: int
    content: bytes

    @property
    def text(self) -> str:
        return self.content.decode("utf-8", "replace")

    def json(self) -> Any:
        return json.loads(self.content)


@dataclass
class _Connection:
    reader: asyncio.StreamReader
    writer: asyncio.StreamWriter
    used_at: float

    def close(self) -> None:
        self.writer.close()


class LeanClient:
    def __init__(
        self, base_url: str, headers: dict[str, str], local_address: str, timeout: float = 30
    ) -> None:
        parts = urlsplit(base_url)
        self.host, self.port = parts.hostname or "127.0.0.1", parts.port or 80
        self.local_address = local_address
        self.timeout = timeout
        fixed = [f"Host: {self.host}:{self.port}", *(f"{k}: {v}" for k, v in headers.items())]
        self.fixed = "\r\n".join(fixed)
        self.idle: list[_Connection] = []

    async def __aenter__(self) -> LeanClient:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        for conn in self.idle:
            conn.close()
        self.idle.clear()

    async def _connection(self) -> tuple[_Connection, bool]:
        now = time.monotonic()
        while self.idle:
            conn = self.idle.pop()
            if now - conn.used_at < IDLE_S and not conn.reader.at_eof():
                return conn, True
            conn.close()
        reader, writer = await asyncio.open_connection(
            self.host, self.port, local_addr=(self.local_address, 0)
        )
        return _Connection(reader, writer, now), False

    async def request(self, method: str, path: str, json_body: Any = None) -> LeanResponse:
        """One request; a reused connection the server closed meanwhile is retried once on a
        new one (nothing was answered on it)."""
        body = b"" if json_body is None else json.dumps(json_body).encode()
        head = f"{method} {path} HTTP/1.1\r\n{self.fixed}\r\n"
        if json_body is not None:
            head += f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n"
        data = head.encode() + b"\r\n" + body
        for attempt in range(2):
            conn, reused = await self._connection()
            try:
                return await asyncio.wait_for(self._exchange(conn, data), self.timeout)
            except (OSError, asyncio.IncompleteReadError, LeanError, TimeoutError) as exc:
                conn.close()
                if not (reused and attempt == 0 and not isinstance(exc, TimeoutError)):
                    raise LeanError(str(exc) or type(exc).__name__) from exc
        raise LeanError("unreachable")

    async def _exchange(self, conn: _Connection, data: bytes) -> LeanResponse:
        conn.writer.write(data)
        head = await conn.reader.readuntil(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        try:
            status = int(lines[0].split(" ", 2)[1])
        except (IndexError, ValueError) as exc:
            raise LeanError(f"bad status line {lines[0]!r}") from exc
        length, chunked, close = None, False, False
        for line in lines[1:]:
            name, _, value = line.partition(":")
            name = name.strip().lower()
            if name == "content-length":
                length = int(value)
            elif name == "transfer-encoding" and "chunked" in value.lower():
                chunked = True
            elif name == "connection" and "close" in value.lower():
                close = True
        if chunked:
            content = await self._chunks(conn.reader)
        elif length is not None:
            content = await conn.reader.readexactly(length)
        else:
            content, close = await conn.reader.read(), True
        if close:
            conn.close()
        else:
            conn.used_at = time.monotonic()
            self.idle.append(conn)
        return LeanResponse(status, content)

    @staticmethod
    async def _chunks(reader: asyncio.StreamReader) -> bytes:
        parts = []
        while True:
            size = int((await reader.readuntil(b"\r\n")).split(b";")[0], 16)
            if size == 0:
                await reader.readuntil(b"\r\n")
                return b"".join(parts)
            parts.append(await reader.readexactly(size))
            await reader.readexactly(2)
