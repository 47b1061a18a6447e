"""The game server under load: figures, not tests (``python -m benchmarks.server_bench``).

Starts ``taverna serve`` in its own process on a free port of loopback (a new SQLite file,
or ``--store URL``) and prints:

* wake-up: N long-polls wait on one game; one action is played; the time from sending the
  action to each waiter's answer (median, slowest), for each N of ``--waiters``;
* tail: ``--clients`` clients each play a game of two seats through the API (view, then
  action), for ``--actions`` actions each; the latency of the actions (median, 99th
  percentile, slowest) and the server's CPU time per action;
* shutdown: ``--streams`` streams open, then SIGTERM; the time until the process exits.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx2 as httpx

_SEATS = {"game": "taverna", "seats": [{"name": "Ann"}, {"name": "Bob"}]}


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@contextmanager
def _server(store: str) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    port = _free_port()
    taverna = Path(sys.executable).parent / "taverna"
    command = [str(taverna), "serve", "--store", store, "--port", str(port), "--creations-per-minute", "0"]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while True:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                break
        except OSError:
            if time.monotonic() > deadline or process.poll() is not None:
                raise RuntimeError("taverna serve did not start") from None
            time.sleep(0.1)
    try:
        yield f"http://127.0.0.1:{port}", process
    finally:
        if process.poll() is None:
            process.terminate()
            process.wait(30)


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _limits(count: int) -> httpx.Limits:
    return httpx.Limits(max_connections=count + 20, max_keepalive_connections=count + 20)


async def _decider(http: httpx.AsyncClient, game_id: str, tokens: list[str]) -> tuple[str, dict[str, Any]]:
    view = (await http.get(f"/api/games/{game_id}/view", headers=_auth(tokens[0]))).json()
    token = tokens[view["waiting_for"][0]]
    return token, (await http.get(f"/api/games/{game_id}/view", headers=_auth(token))).json()


async def _raw_get(base: str, path: str) -> bytes:
    """GET ``path`` on its own connection, with the least client work (a pool of a
    thousand connections in an HTTP library costs more than the server's answer)."""
    host, port = base.removeprefix("http://").split(":")
    reader, writer = await asyncio.open_connection(host, int(port))
    writer.write(f"GET {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n".encode())
    await writer.drain()
    data = await reader.read()
    writer.close()
    return data


async def wake_up(base: str, waiters: int) -> tuple[float, float]:
    """(median, slowest) seconds from an action to the answers of ``waiters`` long-polls."""
    async with httpx.AsyncClient(base_url=base, timeout=60, limits=_limits(waiters)) as http:
        created = (await http.post("/api/games", json=_SEATS)).json()
        game_id, tokens = created["id"], [s["token"] for s in created["seats"]]
        token, view = await _decider(http, game_id, tokens)
        url = f"/api/games/{game_id}/events?since={view['version']}&wait=25"
        done: list[float] = []

        async def wait() -> None:
            await _raw_get(base, url)
            done.append(time.perf_counter())

        tasks = [asyncio.create_task(wait()) for _ in range(waiters)]
        await asyncio.sleep(2 + waiters / 500)  # every request is waiting on the server
        sent = time.perf_counter()
        await http.post(
            f"/api/games/{game_id}/actions",
            headers=_auth(token),
            json={"action": view["decision"]["actions"][0], "version": view["version"]},
        )
        await asyncio.gather(*tasks)
    times = sorted(t - sent for t in done)
    return statistics.median(times), times[-1]


async def tail(base: str, pid: int, clients: int, actions: int) -> tuple[float, float, float, float]:
    """(median, 99th percentile, slowest) seconds of an action with ``clients`` playing at
    once, and the server's CPU seconds per action."""
    async with httpx.AsyncClient(base_url=base, timeout=60, limits=_limits(clients)) as http:
        latencies: list[float] = []

        async def play(index: int) -> None:
            rng = random.Random(index)
            created = (await http.post("/api/games", json=_SEATS)).json()
            game_id, tokens = created["id"], [s["token"] for s in created["seats"]]
            for _ in range(actions):
                token, view = await _decider(http, game_id, tokens)
                if view["over"]:
                    created = (await http.post("/api/games", json=_SEATS)).json()
                    game_id, tokens = created["id"], [s["token"] for s in created["seats"]]
                    continue
                started = time.perf_counter()
                await http.post(
                    f"/api/games/{game_id}/actions",
                    headers=_auth(token),
                    json={"action": rng.choice(view["decision"]["actions"]), "version": view["version"]},
                )
                latencies.append(time.perf_counter() - started)
                await http.get(f"/api/games/{game_id}/events?since={max(0, view['version'] - 5)}")

        cpu = _cpu_seconds(pid)
        await asyncio.gather(*(play(i) for i in range(clients)))
        cpu = _cpu_seconds(pid) - cpu
    latencies.sort()
    p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))]
    return statistics.median(latencies), p99, latencies[-1], cpu / len(latencies)


async def shutdown(base: str, process: subprocess.Popen[bytes], streams: int) -> float:
    """Seconds from SIGTERM to the exit of a server with ``streams`` streams open."""
    async with httpx.AsyncClient(base_url=base, timeout=120, limits=_limits(streams)) as http:
        created = (await http.post("/api/games", json=_SEATS)).json()
        opened = asyncio.Event()
        count = 0

        async def listen() -> None:
            nonlocal count
            async with http.stream("GET", f"/api/games/{created['id']}/stream") as stream:
                lines = stream.aiter_lines()
                await anext(lines)
                count += 1
                if count == streams:
                    opened.set()
                async for _ in lines:
                    pass

        tasks = [asyncio.create_task(listen()) for _ in range(streams)]
        await asyncio.wait_for(opened.wait(), 120)
        sent = time.perf_counter()
        process.send_signal(signal.SIGTERM)
        while process.poll() is None:
            await asyncio.sleep(0.01)
        took = time.perf_counter() - sent
        await asyncio.gather(*tasks, return_exceptions=True)
    return took


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.server_bench", description=__doc__)
    parser.add_argument("--store", help="a store URL (default: a new SQLite file)")
    parser.add_argument("--waiters", default="100,500,1000", help="long-poll counts (default: 100,500,1000)")
    parser.add_argument("--clients", type=int, default=32, help="clients playing at once (default: 32)")
    parser.add_argument("--actions", type=int, default=40, help="actions per client (default: 40)")
    parser.add_argument("--streams", type=int, default=1000, help="streams open at SIGTERM (default: 1000)")
    args = parser.parse_args(argv)
    folder = Path(tempfile.mkdtemp(prefix="taverna-server-bench-"))
    store = args.store or str(folder / "games.db")
    with _server(store) as (base, process):
        for count in (int(n) for n in args.waiters.split(",") if n):
            median, slowest = asyncio.run(wake_up(base, count))
            print(f"wake-up, {count:5d} long-polls: median {median:.3f} s, slowest {slowest:.3f} s")
        if args.clients:
            median, p99, slowest, cpu = asyncio.run(tail(base, process.pid, args.clients, args.actions))
            print(
                f"actions, {args.clients} clients: median {median * 1000:.0f} ms, "
                f"99% {p99 * 1000:.0f} ms, slowest {slowest * 1000:.0f} ms; "
                f"server CPU {cpu * 1000:.1f} ms an action"
            )
        if args.streams:
            took = asyncio.run(shutdown(base, process, args.streams))
            print(f"shutdown, {args.streams} streams open: the process exits {took:.2f} s after SIGTERM")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
