"""Running the server: :func:`serve`, what ``taverna serve`` and ``make serve`` call."""

from __future__ import annotations

import sys
from typing import TextIO

from taverna_rules.server.app import create_app
from taverna_rules.server.hosting import DEFAULT_BOTS
from taverna_rules.store import open_store

__all__ = ["serve"]


def serve(
    store: str = "taverna-games.db",
    *,
    host: str = "127.0.0.1",
    port: int = 8000,
    bots: tuple[str, ...] = DEFAULT_BOTS,
    bot_delay: float = 0.4,
    out: TextIO | None = None,
) -> None:
    """Serve the games of ``store`` (a SQLite path or a ``postgresql://`` URL) at
    ``http://host:port/`` until interrupted; the URL is printed first."""
    import uvicorn

    stream = out if out is not None else sys.stdout
    games = open_store(store)
    app = create_app(games, bots=bots, bot_delay=bot_delay)
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0") else host
    stream.write(f"taverna serve: games in {store}\n")
    stream.write(f"Open http://{shown}:{port}/ to play (Ctrl+C stops the server).\n")
    stream.flush()
    try:
        uvicorn.run(app, host=host, port=port, log_level="warning")
    finally:
        games.close()
