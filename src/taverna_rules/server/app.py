"""The game server's ASGI app (Starlette): the JSON API, server-sent events, the page.

Every response about a game is a seat's view: a request names its seat by the seat's
secret token (``Authorization: Bearer TOKEN``, or ``?token=TOKEN`` where a header cannot
be set, as for ``EventSource``); without one it gets the spectator's view. Errors are
JSON ``{"error": {"status", "code", "message"}}`` with the matching HTTP status, and a
refused request changes nothing.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager, suppress
from importlib import resources
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from taverna_rules.core.serialize import read_json
from taverna_rules.errors import (
    ConflictError,
    IllegalActionError,
    OptionError,
    ReplayError,
    RulesMismatchError,
    SeatTokenError,
    StoreError,
    UnknownGameError,
    UnknownPlayerError,
)
from taverna_rules.server.boards import board_facts
from taverna_rules.server.hosting import DEFAULT_BOTS, GameHost
from taverna_rules.server.openapi import openapi_document
from taverna_rules.store import EventStore
from taverna_rules.wire_schemas import rendered_wire_schemas

__all__ = ["ServerError", "create_app"]

#: The largest request body read (an action is well under a kilobyte).
MAX_BODY = 64 * 1024
#: The longest a long-poll waits for a change, in seconds.
MAX_WAIT = 25.0
#: How often a waiting request looks at the store, for changes made by other processes.
_POLL = 1.0


class ServerError(Exception):
    """A refused request: its HTTP status, a stable code and a message for the client."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status, self.code, self.message = status, code, message


#: Each library error a request may cause, as (status, code).
_STATUSES: tuple[tuple[type[Exception], int, str], ...] = (
    (UnknownGameError, 404, "unknown_game"),
    (SeatTokenError, 403, "wrong_token"),
    (ConflictError, 409, "stale_version"),
    (IllegalActionError, 422, "illegal_action"),
    (UnknownPlayerError, 422, "illegal_action"),
    (RulesMismatchError, 500, "rules_unavailable"),
    (ReplayError, 422, "invalid_action"),
    (OptionError, 422, "invalid_request"),
    (StoreError, 409, "game_closed"),
)


def _error(status: int, code: str, message: str) -> JSONResponse:
    return JSONResponse({"error": {"status": status, "code": code, "message": message}}, status_code=status)


Handler = Callable[[Request], Awaitable[Response]]


def _guarded(handler: Handler) -> Handler:
    """``handler`` with the library's errors answered by their status."""

    async def guarded(request: Request) -> Response:
        try:
            return await handler(request)
        except ServerError as exc:
            return _error(exc.status, exc.code, exc.message)
        except Exception as exc:
            for kind, status, code in _STATUSES:
                if isinstance(exc, kind):
                    return _error(status, code, str(exc))
            raise

    return guarded


class _Server:
    """The app's state: the host, the seats waiting for changes, the bots' drivers."""

    def __init__(self, store: EventStore, bots: tuple[str, ...], bot_delay: float) -> None:
        self.host = GameHost(store, bots=bots, on_change=self._changed)
        self.bot_delay = bot_delay
        self.loop: asyncio.AbstractEventLoop | None = None
        self._wakers: dict[str, asyncio.Event] = {}
        self._drivers: dict[str, asyncio.Task[None]] = {}

    # ---------------------------------------------------------------- changes
    def _changed(self, game_id: str, version: int) -> None:
        """Called by the host after a change, from any thread: wake the waiting seats."""
        if self.loop is not None:
            self.loop.call_soon_threadsafe(self._wake, game_id)

    def _wake(self, game_id: str) -> None:
        waker = self._wakers.pop(game_id, None)
        if waker is not None:
            waker.set()

    async def wait_change(self, game_id: str, version: int, timeout: float) -> int:
        """Wait until the game is past ``version`` (or ``timeout`` seconds); its version."""
        deadline = asyncio.get_running_loop().time() + timeout
        while True:
            current = await run_in_threadpool(self.host.version, game_id)
            left = deadline - asyncio.get_running_loop().time()
            if current > version or left <= 0:
                return current
            waker = self._wakers.setdefault(game_id, asyncio.Event())
            with suppress(TimeoutError):
                await asyncio.wait_for(waker.wait(), min(left, _POLL))

    # ---------------------------------------------------------------- bots
    def drive(self, game_id: str) -> None:
        """Let the bots of ``game_id`` play, in the background, until a person decides."""
        running = self._drivers.get(game_id)
        if running is not None and not running.done():
            return
        self._drivers[game_id] = asyncio.get_running_loop().create_task(self._drive(game_id))

    async def _drive(self, game_id: str) -> None:
        limit = 1 if self.bot_delay > 0 else 50
        while await run_in_threadpool(self.host.bot_turn, game_id, limit):
            await asyncio.sleep(self.bot_delay)

    async def stop(self) -> None:
        for task in self._drivers.values():
            task.cancel()
        await asyncio.gather(*self._drivers.values(), return_exceptions=True)


def _token(request: Request) -> str | None:
    header = request.headers.get("authorization", "")
    if header:
        scheme, _, token = header.partition(" ")
        if scheme.lower() != "bearer" or not token.strip():
            raise ServerError(401, "no_token", "the Authorization header is 'Bearer TOKEN'")
        return token.strip()
    return request.query_params.get("token") or None


async def _body(request: Request) -> Any:
    size = 0
    chunks = []
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY:
            raise ServerError(413, "too_large", f"the request body is over {MAX_BODY} bytes")
        chunks.append(chunk)
    try:
        text = b"".join(chunks).decode("utf-8")
        return read_json(text)
    except UnicodeDecodeError:
        raise ServerError(400, "bad_json", "the request body is not UTF-8 text") from None
    except ReplayError as exc:
        raise ServerError(400, "bad_json", f"the request body is not JSON: {exc}") from None


def _int_param(request: Request, name: str, default: int, low: int = 0) -> int:
    raw = request.query_params.get(name)
    if raw is None:
        return default
    try:
        value = int(raw)
    except ValueError:
        raise ServerError(400, "bad_parameter", f"{name} is a whole number, not {raw[:40]!r}") from None
    if value < low or value > 2**31:
        raise ServerError(400, "bad_parameter", f"{name} is out of range: {value}")
    return value


def create_app(
    store: EventStore, *, bots: tuple[str, ...] = DEFAULT_BOTS, bot_delay: float = 0.0
) -> Starlette:
    """The server over ``store``: the API under ``/api``, the OpenAPI document at
    ``/openapi.json``, the page at ``/``. ``bots`` are the bots a game may seat;
    ``bot_delay`` seconds pass between two bot moves (0: they move at once), so people
    can follow them. Games with a bot to move when the app starts are resumed."""
    server = _Server(store, tuple(bots), bot_delay)
    host = server.host

    async def seat(request: Request, game_id: str) -> int | None:
        return await run_in_threadpool(host.seat_of, game_id, _token(request))

    async def rules(request: Request) -> Response:
        return JSONResponse({"games": await run_in_threadpool(host.rules_info), "bots": list(host.bots)})

    async def list_games(request: Request) -> Response:
        return JSONResponse({"games": await run_in_threadpool(host.games)})

    async def create(request: Request) -> Response:
        body = await _body(request)
        if not isinstance(body, dict):
            raise ServerError(422, "invalid_request", "the body is a JSON object")
        game, seats, options, seed = _creation(body)
        created = await run_in_threadpool(lambda: host.create(game, seats, options=options, seed=seed))
        record = created.record
        out = []
        for info in created.seats:
            entry = info.public()
            token = created.tokens.get(info.seat)
            if token is not None:
                entry["token"] = token
                entry["link"] = f"/play/{record.id}?seat={info.seat}#token={token}"
            out.append(entry)
        server.drive(record.id)
        return JSONResponse(
            {"id": record.id, "game": record.game, "version": record.version, "seats": out}, 201
        )

    async def summary(request: Request) -> Response:
        game_id = request.path_params["game_id"]
        return JSONResponse(await run_in_threadpool(host.summary, game_id))

    async def view(request: Request) -> Response:
        game_id = request.path_params["game_id"]
        who = await seat(request, game_id)
        return JSONResponse(await run_in_threadpool(host.view, game_id, who))

    async def events(request: Request) -> Response:
        game_id = request.path_params["game_id"]
        who = await seat(request, game_id)
        since = _int_param(request, "since", 0)
        wait = _int_param(request, "wait", 0)
        if wait:
            await server.wait_change(game_id, since, min(float(wait), MAX_WAIT))
        return JSONResponse(await run_in_threadpool(host.events, game_id, who, since))

    async def act(request: Request) -> Response:
        game_id = request.path_params["game_id"]
        if _token(request) is None:
            await run_in_threadpool(host.summary, game_id)  # an unknown game is a 404 first
            raise ServerError(401, "no_token", "playing a seat needs its token: Authorization: Bearer TOKEN")
        who = await seat(request, game_id)
        assert who is not None
        body = await _body(request)
        if not isinstance(body, dict) or set(body) != {"action", "version"}:
            raise ServerError(422, "invalid_request", 'the body is {"action": {...}, "version": N}')
        version = body["version"]
        if isinstance(version, bool) or not isinstance(version, int) or version < 0:
            raise ServerError(422, "invalid_request", "version is the whole number of the view played on")
        done = await run_in_threadpool(host.play, game_id, who, body["action"], version)
        server.drive(game_id)
        return JSONResponse(done)

    async def stream(request: Request) -> Response:
        game_id = request.path_params["game_id"]
        await seat(request, game_id)  # a wrong token is refused before the stream opens
        since = _int_param(request, "since", 0)

        async def changes() -> AsyncIterator[str]:
            version = since
            yield ": connected\n\n"
            while not await request.is_disconnected():
                current = await server.wait_change(game_id, version, 15.0)
                if current > version:
                    version = current
                    over = (await run_in_threadpool(host.summary, game_id))["over"]
                    yield f"event: version\ndata: {json.dumps({'version': version, 'over': over})}\n\n"
                else:
                    yield ": still here\n\n"

        return StreamingResponse(
            changes(),
            media_type="text/event-stream",
            headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},
        )

    async def schema(request: Request) -> Response:
        game, kind = request.path_params["game"], request.path_params["kind"]
        if game not in host.store.registry.games:
            raise ServerError(404, "unknown_schema", f"no game {game[:40]!r} here")
        texts = rendered_wire_schemas(game)
        name = f"{kind}.schema.json"
        if name not in texts:
            raise ServerError(404, "unknown_schema", f"no schema {kind[:40]!r}; kinds: {sorted(texts)}")
        return Response(texts[name], media_type="application/schema+json")

    facts: dict[str, Any] = {}

    async def board(request: Request) -> Response:
        fingerprint = request.path_params["fingerprint"]
        if fingerprint not in host.store.registry:
            raise ServerError(404, "unknown_rules", f"no rules of fingerprint {fingerprint[:64]!r} here")
        if fingerprint not in facts:
            facts[fingerprint] = await run_in_threadpool(board_facts, host.store.registry.get(fingerprint))
        if facts[fingerprint] is None:
            raise ServerError(404, "unknown_rules", "the page has no board for this game")
        return JSONResponse(facts[fingerprint], headers={"Cache-Control": "public, max-age=86400"})

    async def openapi(request: Request) -> Response:
        return JSONResponse(openapi_document(host.store.registry.games))

    static = resources.files("taverna_rules.server") / "static"

    async def page(request: Request) -> Response:
        name = "play.html" if request.url.path.startswith("/play/") else "index.html"
        return FileResponse(str(static / name), headers={"Cache-Control": "no-cache"})

    routes = [
        Route("/", page),
        Route("/play/{game_id}", page),
        Route("/openapi.json", openapi),
        Route("/api/rules", _guarded(rules)),
        Route("/api/schemas/{game}/{kind}", _guarded(schema)),
        Route("/api/boards/{fingerprint}", _guarded(board)),
        Route("/api/games", _guarded(list_games), methods=["GET"]),
        Route("/api/games", _guarded(create), methods=["POST"]),
        Route("/api/games/{game_id}", _guarded(summary)),
        Route("/api/games/{game_id}/view", _guarded(view)),
        Route("/api/games/{game_id}/events", _guarded(events)),
        Route("/api/games/{game_id}/actions", _guarded(act), methods=["POST"]),
        Route("/api/games/{game_id}/stream", _guarded(stream)),
        Mount("/static", StaticFiles(directory=str(static)), name="static"),
    ]

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        server.loop = asyncio.get_running_loop()
        for game_id in await run_in_threadpool(host.waiting_on_bots):
            server.drive(game_id)  # a restarted server goes on where its bots stopped
        yield
        await server.stop()

    return Starlette(routes=routes, lifespan=lifespan)


def _creation(body: dict[str, Any]) -> tuple[str, list[tuple[str, str]], dict[str, Any], int | None]:
    """The game, seats, options and seed of a creation request, checked for shape."""
    unknown = set(body) - {"game", "seats", "options", "seed"}
    if unknown:
        raise ServerError(422, "invalid_request", f"unknown field(s) {sorted(unknown)[:5]}")
    game = body.get("game")
    if not isinstance(game, str):
        raise ServerError(422, "invalid_request", "game is the id of a game, e.g. 'taverna'")
    seats = body.get("seats")
    if not isinstance(seats, list) or not seats or len(seats) > 16:
        raise ServerError(422, "invalid_request", "seats is a list of {name, player}")
    pairs = []
    for entry in seats:
        if not isinstance(entry, dict) or not isinstance(entry.get("name"), str):
            raise ServerError(422, "invalid_request", 'each seat is {"name": ..., "player": ...}')
        player = entry.get("player", "human")
        if not isinstance(player, str) or set(entry) - {"name", "player"}:
            raise ServerError(422, "invalid_request", 'each seat is {"name": ..., "player": ...}')
        pairs.append((entry["name"], player))
    options = body.get("options", {})
    if not isinstance(options, dict):
        raise ServerError(422, "invalid_request", "options is an object of rule options")
    seed = body.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise ServerError(422, "invalid_request", "seed is a whole number")
    return game, pairs, options, seed
