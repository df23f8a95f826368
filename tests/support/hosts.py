"""Separate network namespaces as "hosts" on one machine, for the many-hosts tests.

`Network` makes a Linux bridge in the test's own namespace (the "services host": it holds the
bridge address) and one namespace per host, joined to the bridge by a veth pair, each with its
own address and its own loopback. A process started with `Host.popen` runs inside its host's
namespace: it reaches other hosts and the services only through the bridge, exactly as over a
LAN, and 127.0.0.1 inside it is its own loopback.

PostgreSQL and Redis on this machine listen on 127.0.0.1 only, which no namespace can reach, so
`Relay` forwards a port of the bridge address to them (a plain TCP relay in a thread, what a
proxy or a second listen address would do in a real network). `Network.close` kills every
process left in the namespaces, deletes them and the bridge; it runs however the test ends.
Everything here needs root and `ip netns` (iproute2): `unavailable()` says why not."""

from __future__ import annotations

import contextlib
import ipaddress
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

import httpx

ROOT = Path(__file__).resolve().parents[2]


def _ip(*args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["ip", *args], check=check, capture_output=True, text=True, timeout=30)


def unavailable() -> str | None:
    """Why namespaces cannot be made here (None when they can): not root, no `ip`, or the
    kernel/container refuses `ip netns add`."""
    if os.geteuid() != 0:
        return "needs root to create network namespaces"
    if shutil.which("ip") is None:
        return "iproute2 (`ip`) is not installed"
    probe = f"rsprobe{secrets.token_hex(3)}"
    made = _ip("netns", "add", probe, check=False)
    if made.returncode != 0:
        return f"`ip netns add` is refused here: {made.stderr.strip()}"
    _ip("netns", "del", probe, check=False)
    return None


def free_subnet() -> ipaddress.IPv4Network:
    """A /24 in 10.213.0.0/16 that no interface of this machine uses."""
    used = _ip("-4", "-o", "addr").stdout + _ip("-4", "route").stdout
    for _ in range(200):
        net = ipaddress.IPv4Network(f"10.213.{secrets.randbelow(250) + 2}.0/24")
        if str(net.network_address)[:-2] not in used:
            return net
    raise RuntimeError("no free 10.213.x.0/24 subnet")


@dataclass
class Host:
    """One namespace: `name` (the netns), `ip` (its address on the bridge)."""

    name: str
    ip: str
    procs: list[subprocess.Popen[bytes]] = field(default_factory=list)

    def run(self, *cmd: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            ["ip", "netns", "exec", self.name, *cmd],
            check=True,
            capture_output=True,
            text=True,
            timeout=120,
            cwd=ROOT,
            env=env,
        )

    def reaches(self, address: str, port: int) -> bool:
        """Whether a TCP connection from inside this host to address:port succeeds."""
        probe = (
            "import socket, sys\n"
            "try:\n"
            f"    socket.create_connection(({address!r}, {port}), timeout=3).close()\n"
            "except OSError:\n"
            "    sys.exit(1)\n"
        )
        done = subprocess.run(
            ["ip", "netns", "exec", self.name, sys.executable, "-c", probe],
            capture_output=True,
            timeout=30,
        )
        return done.returncode == 0

    def popen(self, cmd: list[str], env: dict[str, str], log: IO[bytes]) -> subprocess.Popen[bytes]:
        """Start `cmd` inside this host (`ip netns exec` execs it: the pid is the process)."""
        proc = subprocess.Popen(
            ["ip", "netns", "exec", self.name, *cmd],
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        self.procs.append(proc)
        return proc

    def pids(self) -> list[int]:
        """Every process in this namespace (the host's processes, children included)."""
        out = _ip("netns", "pids", self.name, check=False).stdout
        return [int(p) for p in out.split()]

    def kill_all(self) -> int:
        """SIGKILL every process of the host, as when the machine dies; returns how many."""
        pids = self.pids()
        for pid in pids:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        for proc in self.procs:
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(10)
        deadline = time.monotonic() + 10
        while self.pids() and time.monotonic() < deadline:
            time.sleep(0.1)
        return len(pids)

    def stop_all(self, grace_s: float = 20) -> None:
        """SIGTERM the processes started here, then SIGKILL whatever is left in the host."""
        for proc in self.procs:
            if proc.poll() is None:
                proc.send_signal(signal.SIGTERM)
        deadline = time.monotonic() + grace_s
        for proc in self.procs:
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(max(0.1, deadline - time.monotonic()))
        self.kill_all()


class Network:
    """A bridge (the services host's address .1) and namespaces .11, .12, ... on it."""

    def __init__(self) -> None:
        self.token = secrets.token_hex(3)
        self.subnet = free_subnet()
        self.bridge = f"rsb{self.token}"
        self.gateway = str(self.subnet.network_address + 1)
        self.hosts: list[Host] = []
        _ip("link", "add", self.bridge, "type", "bridge")
        _ip("addr", "add", f"{self.gateway}/24", "dev", self.bridge)
        _ip("link", "set", self.bridge, "up")

    def add_host(self, role: str) -> Host:
        index = len(self.hosts) + 1
        host = Host(f"rs{self.token}-{role}", str(self.subnet.network_address + 10 + index))
        outer, inner = f"rsv{self.token}{index}", f"rsp{self.token}{index}"
        _ip("netns", "add", host.name)
        self.hosts.append(host)  # from here on, close() removes it
        _ip("link", "add", outer, "type", "veth", "peer", "name", inner, "netns", host.name)
        _ip("link", "set", outer, "master", self.bridge)
        _ip("link", "set", outer, "up")
        host.run("ip", "link", "set", "lo", "up")
        host.run("ip", "addr", "add", f"{host.ip}/24", "dev", inner)
        host.run("ip", "link", "set", inner, "up")
        host.run("ip", "route", "add", "default", "via", self.gateway)
        return host

    def close(self) -> None:
        """Kill every process in the hosts, delete the namespaces and the bridge."""
        for host in self.hosts:
            with contextlib.suppress(Exception):
                host.stop_all(grace_s=5)
            with contextlib.suppress(Exception):
                host.kill_all()
            _ip("netns", "del", host.name, check=False)
        _ip("link", "del", self.bridge, check=False)

    def leftovers(self) -> list[str]:
        """Namespaces or the bridge of this network still present (empty after close)."""
        names = _ip("netns", "list").stdout
        left = [h.name for h in self.hosts if h.name in names]
        if _ip("link", "show", self.bridge, check=False).returncode == 0:
            left.append(self.bridge)
        return left


@contextlib.contextmanager
def network() -> Iterator[Network]:
    net = Network()
    try:
        yield net
    finally:
        net.close()


class Relay:
    """Forward TCP connections to `listen` (host, port) to `target`; a thread per direction.
    Port 0 picks a free port: `relay.port`."""

    def __init__(self, listen: tuple[str, int], target: tuple[str, int]) -> None:
        self.target = target
        self.sock = socket.create_server(listen, reuse_port=False)
        self.port: int = self.sock.getsockname()[1]
        self.closed = False
        self.conns: list[socket.socket] = []
        self.thread = threading.Thread(target=self._accept, daemon=True)
        self.thread.start()

    def _accept(self) -> None:
        while not self.closed:
            try:
                client, _ = self.sock.accept()
            except OSError:
                return
            try:
                upstream = socket.create_connection(self.target, timeout=10)
            except OSError:
                client.close()
                continue
            upstream.settimeout(None)
            self.conns += [client, upstream]
            for a, b in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pump, args=(a, b), daemon=True).start()

    @staticmethod
    def _pump(src: socket.socket, dst: socket.socket) -> None:
        try:
            while data := src.recv(65536):
                dst.sendall(data)
        except OSError:
            pass
        finally:
            with contextlib.suppress(OSError):
                dst.shutdown(socket.SHUT_WR)

    def close(self) -> None:
        self.closed = True
        self.sock.close()
        for conn in self.conns:
            with contextlib.suppress(OSError):
                conn.close()


def wait_http(url: str, timeout: float, proc: subprocess.Popen[bytes] | None = None) -> None:
    """Until GET url answers 200 (the process, when given, must stay alive meanwhile)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc is not None and proc.poll() is not None:
            raise RuntimeError(f"{url}: the process exited with {proc.returncode}")
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(url, timeout=2).status_code == 200:
                return
        time.sleep(0.2)
    raise RuntimeError(f"{url} did not answer within {timeout:.0f} s")
