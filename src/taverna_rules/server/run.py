"""Running the server: :func:`serve`, what ``taverna serve`` and ``make serve`` call."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, TextIO

from taverna_rules.server.app import close_streams, create_app
from taverna_rules.server.hosting import DEFAULT_BOTS
from taverna_rules.server.live import CreationLimits
from taverna_rules.store import open_store

if TYPE_CHECKING:
    import socket

    import uvicorn
    from starlette.applications import Starlette

__all__ = ["serve", "uvicorn_server"]

#: The longest a shutdown waits for requests still running, in seconds (streams and
#: long-polls end at once; this bounds the rest).
SHUTDOWN_SECONDS = 5


def uvicorn_server(app: Starlette, *, host: str, port: int, log_level: str = "warning") -> uvicorn.Server:
    """A uvicorn server of ``app`` (made by :func:`create_app`) that ends the app's streams
    and long-polls when it shuts down, instead of waiting for them."""
    import uvicorn

    class Server(uvicorn.Server):
        async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
            close_streams(app)
            await super().shutdown(sockets)

    config = uvicorn.Config(
        app, host=host, port=port, log_level=log_level, timeout_graceful_shutdown=SHUTDOWN_SECONDS
    )
    return Server(config)


def serve(
    store: str = "taverna-games.db",
    *,
    host: str = "127.0.0.1",
    port: int = 8000,
    bots: tuple[str, ...] = DEFAULT_BOTS,
    bot_delay: float = 0.4,
    limits: CreationLimits | None = None,
    out: TextIO | None = None,
) -> None:
    """Serve the games of ``store`` (a SQLite path or a ``postgresql://`` URL) at
    ``http://host:port/`` until interrupted (SIGINT or SIGTERM); the URL is printed first.
    ``limits`` bound the creation of games (:class:`CreationLimits`)."""
    stream = out if out is not None else sys.stdout
    games = open_store(store)
    app = create_app(games, bots=bots, bot_delay=bot_delay, limits=limits)
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0") else host
    stream.write(f"taverna serve: games in {store}\n")
    stream.write(f"Open http://{shown}:{port}/ to play (Ctrl+C stops the server).\n")
    stream.flush()
    try:
        uvicorn_server(app, host=host, port=port).run()
    finally:
        games.close()
