"""The game server's ASGI app (Starlette): the JSON API, server-sent events, the page.

Every response about a game is a seat's view: a request names its seat by the seat's
secret token, in ``Authorization: Bearer TOKEN`` only (a token in the address would end
up in logs and histories); without one it gets the spectator's view. A stream, which a
browser opens without headers, takes a short-lived ticket instead
(``POST /api/games/ID/tickets``, then ``/stream?ticket=T``). Errors are JSON
``{"error": {"status", "code", "message"}}`` with the matching HTTP status, and a
refused request changes nothing. Every response carries the page's security headers.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any

import attrs
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from taverna_rules.core.game_modules import game_module
from taverna_rules.core.serialize import read_json
from taverna_rules.errors import (
    ConflictError,
    GameBrokenError,
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
from taverna_rules.server.live import CreationLimits, Live
from taverna_rules.server.openapi import openapi_document
from taverna_rules.store import EventStore
from taverna_rules.wire_schemas import rendered_wire_schemas

__all__ = [
    "ROUTES",
    "SECURITY_HEADERS",
    "AppState",
    "CreationLimits",
    "RouteSpec",
    "ServerError",
    "close_streams",
    "create_app",
]

#: The largest request body read (an action is well under a kilobyte).
MAX_BODY = 64 * 1024
#: The longest a long-poll waits for a change, in seconds.
MAX_WAIT = 25.0
#: The headers of every response: the page loads only its own scripts, styles and
#: data, is never framed, and its addresses are never sent elsewhere.
SECURITY_HEADERS = (
    (
        b"content-security-policy",
        b"default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        b"connect-src 'self'; font-src 'self'; manifest-src 'self'; base-uri 'none'; "
        b"form-action 'self'; frame-ancestors 'none'",
    ),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
)


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
    (GameBrokenError, 503, "game_broken"),
    (StoreError, 409, "game_closed"),
)


def _error(status: int, code: str, message: str) -> JSONResponse:
    return JSONResponse({"error": {"status": status, "code": code, "message": message}}, status_code=status)


Handler = Callable[[Request], Awaitable[Response]]


def _guarded(handler: Handler) -> Handler:
    """``handler`` with the library's errors answered by their status, and a seat's token
    in the address refused (it would be kept in logs and histories)."""

    async def guarded(request: Request) -> Response:
        try:
            if "token" in request.query_params:
                raise ServerError(
                    400,
                    "token_in_query",
                    "a seat's token goes in the Authorization header (Bearer TOKEN), never in the "
                    "address; a stream takes a ticket from POST /api/games/ID/tickets",
                )
            return await handler(request)
        except ServerError as exc:
            return _error(exc.status, exc.code, exc.message)
        except Exception as exc:
            for kind, status, code in _STATUSES:
                if isinstance(exc, kind):
                    return _error(status, code, str(exc))
            raise

    return guarded


def _token(request: Request) -> str | None:
    header = request.headers.get("authorization", "")
    if header:
        scheme, _, token = header.partition(" ")
        if scheme.lower() != "bearer" or not token.strip():
            raise ServerError(401, "no_token", "the Authorization header is 'Bearer TOKEN'")
        return token.strip()
    return None


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


@attrs.frozen
class AppState:
    """What every route of one app shares, handed to each handler: the games
    (:class:`~taverna_rules.server.hosting.GameHost`), the running parts of the process
    (:class:`~taverna_rules.server.live.Live`: waiters, bot drivers, creation limits), the
    boards already made by rules fingerprint and the page's folder."""

    host: GameHost
    live: Live
    #: The page's board facts by rules fingerprint (``None``: that game has no board).
    boards: dict[str, Any] = attrs.field(factory=dict)
    static: Traversable = attrs.field(factory=lambda: resources.files("taverna_rules.server") / "static")


#: A route's handler: the app's shared state and the request in, the response out.
RouteHandler = Callable[[AppState, Request], Awaitable[Response]]


# ---------------------------------------------------------------------------- helpers
def _wake_bots(app: AppState, game_id: str, found: dict[str, Any]) -> None:
    # Whichever process is asked drives a bot left to move (its process may be gone).
    if not found["over"] and app.host.waits_on_bot(game_id, found.get("waiting_for", ())):
        app.live.drive(game_id)


async def _seat(app: AppState, request: Request, game_id: str) -> int | None:
    """The seat whose token the request carries (``None``: a spectator)."""
    token = _token(request)
    known = app.host.known_seat(game_id, token)  # a game seen: no thread, no store
    if known != -1:
        return known
    return await run_in_threadpool(app.host.seat_of, game_id, token)


async def _token_seat(app: AppState, request: Request, game_id: str, needs: str) -> int:
    """The seat whose token the request carries; 401 saying what ``needs`` the token
    when it carries none (an unknown game is a 404 first)."""
    if _token(request) is None:
        await run_in_threadpool(app.host.summary, game_id)
        raise ServerError(401, "no_token", needs)
    who = await _seat(app, request, game_id)
    assert who is not None  # a token that names no seat was refused by _seat()
    return who


# ---------------------------------------------------------------------------- routes
async def _page(app: AppState, request: Request) -> Response:
    name = "play.html" if request.url.path.startswith("/play/") else "index.html"
    return FileResponse(str(app.static / name), headers={"Cache-Control": "no-cache"})


async def _drawing(app: AppState, request: Request) -> Response:
    """A game's drawing for the page (:attr:`GameModule.drawing
    <taverna_rules.GameModule.drawing>`), a JavaScript module; 404 for a game this server
    does not offer or one that brings none (the page then shows its text board)."""
    game = request.path_params["game"]
    drawing = game_module(game).drawing if game in app.host.store.registry.games else None
    if drawing is None:
        return Response(f"no drawing of {game[:40]!r} here\n", status_code=404, media_type="text/plain")
    text = await run_in_threadpool(drawing.read_text, encoding="utf-8")
    return Response(text, media_type="text/javascript", headers={"Cache-Control": "no-cache"})


async def _openapi(app: AppState, request: Request) -> Response:
    return JSONResponse(openapi_document(app.host.store.registry.games))


async def _rules(app: AppState, request: Request) -> Response:
    return JSONResponse({"games": await run_in_threadpool(app.host.rules_info), "bots": list(app.host.bots)})


async def _schema(app: AppState, request: Request) -> Response:
    game, kind = request.path_params["game"], request.path_params["kind"]
    if game not in app.host.store.registry.games:
        raise ServerError(404, "unknown_schema", f"no game {game[:40]!r} here")
    texts = rendered_wire_schemas(game)
    name = f"{kind}.schema.json"
    if name not in texts:
        raise ServerError(404, "unknown_schema", f"no schema {kind[:40]!r}; kinds: {sorted(texts)}")
    return Response(texts[name], media_type="application/schema+json")


async def _board(app: AppState, request: Request) -> Response:
    fingerprint = request.path_params["fingerprint"]
    registry = app.host.store.registry
    if fingerprint not in registry:
        raise ServerError(404, "unknown_rules", f"no rules of fingerprint {fingerprint[:64]!r} here")
    if fingerprint not in app.boards:
        app.boards[fingerprint] = await run_in_threadpool(board_facts, registry.get(fingerprint))
    if app.boards[fingerprint] is None:
        raise ServerError(404, "unknown_rules", "the page has no board for this game")
    return JSONResponse(app.boards[fingerprint], headers={"Cache-Control": "public, max-age=86400"})


async def _list_games(app: AppState, request: Request) -> Response:
    return JSONResponse({"games": await run_in_threadpool(app.host.games)})


async def _create(app: AppState, request: Request) -> Response:
    body = await _body(request)
    if not isinstance(body, dict):
        raise ServerError(422, "invalid_request", "the body is a JSON object")
    game, seats, options, seed = _creation(body)
    await _check_limits(app.live.limits, app.host)
    created = await run_in_threadpool(lambda: app.host.create(game, seats, options=options, seed=seed))
    record = created.record
    out = []
    for info in created.seats:
        entry = info.public()
        token = created.tokens.get(info.seat)
        if token is not None:
            entry["token"] = token
            entry["link"] = f"/play/{record.id}?seat={info.seat}#token={token}"
        out.append(entry)
    app.live.drive(record.id)
    return JSONResponse({"id": record.id, "game": record.game, "version": record.version, "seats": out}, 201)


async def _summary(app: AppState, request: Request) -> Response:
    game_id = request.path_params["game_id"]
    found = await run_in_threadpool(app.host.summary, game_id)
    _wake_bots(app, game_id, found)
    return JSONResponse(found)


async def _view(app: AppState, request: Request) -> Response:
    game_id = request.path_params["game_id"]
    who = await _seat(app, request, game_id)
    found = await run_in_threadpool(app.host.view, game_id, who)
    _wake_bots(app, game_id, found)
    return JSONResponse(found)


async def _events(app: AppState, request: Request) -> Response:
    game_id = request.path_params["game_id"]
    who = await _seat(app, request, game_id)
    since = _int_param(request, "since", 0)
    wait = _int_param(request, "wait", 0)
    at_least = None
    if wait:
        known, _ = await app.live.wait_change(game_id, since, min(float(wait), MAX_WAIT))
        at_least = known if known > since else None
    # Woken waiters of one change share one answer, made once: most skip the threads.
    told = app.host.told(game_id, who, since, at_least) if at_least is not None else None
    if told is None:
        told = await run_in_threadpool(app.host.events_json, game_id, who, since, at_least)
    return Response(told, media_type="application/json")


async def _act(app: AppState, request: Request) -> Response:
    game_id = request.path_params["game_id"]
    who = await _token_seat(
        app, request, game_id, "playing a seat needs its token: Authorization: Bearer TOKEN"
    )
    body = await _body(request)
    if not isinstance(body, dict) or set(body) != {"action", "version"}:
        raise ServerError(422, "invalid_request", 'the body is {"action": {...}, "version": N}')
    version = body["version"]
    if isinstance(version, bool) or not isinstance(version, int) or version < 0:
        raise ServerError(422, "invalid_request", "version is the whole number of the view played on")
    done = await run_in_threadpool(app.host.play, game_id, who, body["action"], version)
    if app.host.has_bots(game_id):
        app.live.drive(game_id)
    return JSONResponse(done)


async def _ticket(app: AppState, request: Request) -> Response:
    game_id = request.path_params["game_id"]
    who = await _token_seat(
        app, request, game_id, "a stream ticket is given for a seat's token: Authorization"
    )
    text, seconds = await run_in_threadpool(app.host.ticket, game_id, who)
    return JSONResponse({"ticket": text, "expires_in": seconds}, 201, headers={"Cache-Control": "no-store"})


async def _stream(app: AppState, request: Request) -> Response:
    game_id = request.path_params["game_id"]
    given = request.query_params.get("ticket")
    if given is not None:  # a wrong ticket is refused before the stream opens
        await run_in_threadpool(app.host.seat_of_ticket, game_id, given)
    else:
        await _seat(app, request, game_id)
    since = _int_param(request, "since", 0)
    return StreamingResponse(
        _changes(app.live, request, game_id, since),
        media_type="text/event-stream",
        headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},
    )


async def _changes(live: Live, request: Request, game_id: str, since: int) -> AsyncIterator[str]:
    """The server-sent events of a stream: each new version of the game, and a comment
    now and then so that proxies keep the connection open."""
    version = since
    yield ": connected\n\n"
    while not live.closing.is_set() and not await request.is_disconnected():
        current, over = await live.wait_change(game_id, version, 15.0)
        if current > version:
            version = current
            yield f"event: version\ndata: {json.dumps({'version': version, 'over': over})}\n\n"
        elif not live.closing.is_set():
            yield ": still here\n\n"


@attrs.frozen
class RouteSpec:
    """One route of the app: its path, its HTTP method, its handler, and whether it is
    an API route (answered through :func:`_guarded`: the library's errors by status, a
    token in the address refused)."""

    path: str
    method: str
    handler: RouteHandler
    api: bool = True


#: Every route of the app, in matching order (the static files are mounted after them).
ROUTES: tuple[RouteSpec, ...] = (
    RouteSpec("/", "GET", _page, api=False),
    RouteSpec("/play/{game_id}", "GET", _page, api=False),
    RouteSpec("/openapi.json", "GET", _openapi, api=False),
    RouteSpec("/games/{game}/board.js", "GET", _drawing, api=False),
    RouteSpec("/api/rules", "GET", _rules),
    RouteSpec("/api/schemas/{game}/{kind}", "GET", _schema),
    RouteSpec("/api/boards/{fingerprint}", "GET", _board),
    RouteSpec("/api/games", "GET", _list_games),
    RouteSpec("/api/games", "POST", _create),
    RouteSpec("/api/games/{game_id}", "GET", _summary),
    RouteSpec("/api/games/{game_id}/view", "GET", _view),
    RouteSpec("/api/games/{game_id}/events", "GET", _events),
    RouteSpec("/api/games/{game_id}/actions", "POST", _act),
    RouteSpec("/api/games/{game_id}/tickets", "POST", _ticket),
    RouteSpec("/api/games/{game_id}/stream", "GET", _stream),
)


def _endpoint(spec: RouteSpec, app: AppState) -> Handler:
    """The Starlette endpoint of ``spec``: its handler given ``app``."""

    async def endpoint(request: Request) -> Response:
        return await spec.handler(app, request)

    return _guarded(endpoint) if spec.api else endpoint


def create_app(
    store: EventStore,
    *,
    bots: tuple[str, ...] = DEFAULT_BOTS,
    bot_delay: float = 0.0,
    limits: CreationLimits | None = None,
) -> Starlette:
    """The server over ``store``: the API under ``/api``, the OpenAPI document at
    ``/openapi.json``, the page at ``/``. ``bots`` are the bots a game may seat;
    ``bot_delay`` seconds pass between two bot moves (0: they move at once), so people
    can follow them; ``limits`` bound the creation of games (default:
    :class:`CreationLimits`'s). The app answers at once when it starts: games are loaded
    when first asked for, and those with a bot to move are resumed in the background.
    :func:`close_streams` ends its waiting requests and streams (at shutdown)."""
    host = GameHost(store, bots=tuple(bots))
    live = Live(host, bot_delay, limits if limits is not None else CreationLimits())
    host.on_change = live.changed
    shared = AppState(host, live)
    routes: list[BaseRoute] = [
        Route(spec.path, _endpoint(spec, shared), methods=[spec.method]) for spec in ROUTES
    ]
    routes.append(Mount("/static", StaticFiles(directory=str(shared.static)), name="static"))

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        live.loop = asyncio.get_running_loop()
        live.resume()  # in the background: the server answers at once
        yield
        await live.stop()

    app = Starlette(routes=routes, lifespan=lifespan, middleware=[Middleware(_SecurityHeaders)])
    app.state.taverna = live
    return app


def close_streams(app: Starlette) -> None:
    """End the waiting requests and the streams of ``app`` (made by :func:`create_app`),
    and refuse to wait from then on: called on the event loop when the server shuts down,
    so that open streams do not hold the shutdown (an ASGI server waits for them)."""
    live = getattr(app.state, "taverna", None)
    if isinstance(live, Live):
        live.close()


async def _check_limits(limits: CreationLimits, host: GameHost) -> None:
    wait = limits.take()
    if wait:
        raise ServerError(
            429,
            "too_many_creations",
            f"games are created at most {limits.per_minute} a minute here: try again in {wait:.0f} s",
        )
    if limits.open and await run_in_threadpool(host.open_games) >= limits.open:
        raise ServerError(
            429,
            "too_many_games",
            f"this server holds {limits.open} unfinished games, its most: finish or archive some first",
        )


class _SecurityHeaders:
    """ASGI middleware: :data:`SECURITY_HEADERS` on every HTTP response."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                names = {name.lower() for name, _ in message.get("headers", [])}
                extra = [(name, value) for name, value in SECURITY_HEADERS if name not in names]
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)

        await self.app(scope, receive, with_headers)


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
