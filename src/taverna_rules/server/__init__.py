"""The game server: ``taverna serve`` (``pip install 'taverna-rules[server]'``).

An ASGI app (:func:`create_app`, on Starlette) over an event store: people create games,
share seat links, and play in the browser page it serves at ``/`` or through its JSON
API (described at ``/openapi.json``); bots play their seats on the server. Games live in
the store, so a restarted server loses nothing. :func:`serve` runs it with uvicorn.
"""

from __future__ import annotations

try:
    import starlette  # noqa: F401 - checked here so the message names the extra
except ImportError as exc:  # pragma: no cover - shown by tests/test_extras.py
    raise ImportError(
        "the game server needs Starlette and uvicorn: pip install 'taverna-rules[server]'"
    ) from exc

from taverna_rules.errors import GameBrokenError
from taverna_rules.server.app import ServerError, close_streams, create_app
from taverna_rules.server.hosting import DEFAULT_BOTS, Created, GameHost
from taverna_rules.server.live import CreationLimits
from taverna_rules.server.payloads import action_label, view_payload
from taverna_rules.server.run import serve, uvicorn_server
from taverna_rules.server.seats import SeatInfo

__all__ = [
    "DEFAULT_BOTS",
    "Created",
    "CreationLimits",
    "GameBrokenError",
    "GameHost",
    "SeatInfo",
    "ServerError",
    "action_label",
    "close_streams",
    "create_app",
    "serve",
    "uvicorn_server",
    "view_payload",
]
