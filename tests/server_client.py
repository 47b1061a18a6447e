"""Helpers for the server's tests: an app over a fresh SQLite store, a real uvicorn server
in a thread, and a client that plays a seat through the HTTP API."""

from __future__ import annotations

import contextlib
import random
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from starlette.applications import Starlette

from taverna_rules.server import create_app, uvicorn_server
from taverna_rules.store import SQLiteStore

__all__ = ["free_port", "live_server", "new_app"]


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
