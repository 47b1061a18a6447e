"""Helpers for the server's tests: an app over a fresh SQLite store, a real uvicorn server
in a thread or ``taverna serve`` in its own process, and a client that plays a seat
through the HTTP API."""

from __future__ import annotations

import contextlib
import random
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from starlette.applications import Starlette

from taverna_rules.server import create_app, uvicorn_server
from taverna_rules.store import SQLiteStore

__all__ = ["free_port", "live_server", "new_app", "random_action", "serve_process"]


def new_app(path: Path, *, bot_delay: float = 0.0) -> tuple[Starlette, SQLiteStore]:
    store = SQLiteStore(path)
    return create_app(store, bot_delay=bot_delay), store


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@contextlib.contextmanager
def live_server(app: Starlette) -> Iterator[str]:
    """``app`` served by uvicorn on a free port of loopback, in a thread; its base URL."""
    port = free_port()
    server = uvicorn_server(app, host="127.0.0.1", port=port)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the server did not start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(20)


def random_action(view: dict[str, Any], rng: random.Random) -> dict[str, Any] | None:
    """A random one of the view's actions (``None`` when the seat does not decide)."""
    decision = view.get("decision")
    if view["seat"] not in view["waiting_for"] or decision is None or not decision["actions"]:
        return None
    action: dict[str, Any] = rng.choice(decision["actions"])
    return action


@contextlib.contextmanager
def serve_process(store: str, *args: str) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """``taverna serve`` on ``store`` in its own process, on a free port of loopback: its
    base URL and the process (stopped at the end if still running)."""
    port = free_port()
    taverna = Path(sys.executable).parent / "taverna"
    command = [str(taverna), "serve", "--store", store, "--host", "127.0.0.1", "--port", str(port), *args]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            if process.poll() is not None:
                raise RuntimeError(f"taverna serve ended: {process.stderr.read().decode()[-2000:]}")  # type: ignore[union-attr]
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1):
                    break
            except OSError:
                if time.monotonic() > deadline:
                    raise RuntimeError("taverna serve did not start") from None
                time.sleep(0.1)
        yield base, process
    finally:
        if process.poll() is None:
            process.kill()
            process.wait(20)


def create_game(
    client: Any, seats: list[tuple[str, str]], game: str = "taverna", **extra: Any
) -> dict[str, Any]:
    """POST /api/games with ``seats`` as (name, player) pairs; the answer (201 asserted)."""
    body = {"game": game, "seats": [{"name": n, "player": p} for n, p in seats], **extra}
    response = client.post("/api/games", json=body)
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


def auth(token: str) -> dict[str, str]:
    """The header that carries a seat's token."""
    return {"Authorization": f"Bearer {token}"}
