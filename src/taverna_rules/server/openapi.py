"""The server's OpenAPI document (3.1, whose schemas are JSON Schema 2020-12).

Written here by hand from the same facts the app checks, and tested against the app:
schemathesis sends requests generated from it, and every answer must be one it lists.
The payloads of the games themselves (actions, decisions, events, views) are described
by each game's wire schemas, served at ``/api/schemas/{game}/{kind}``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from taverna_rules._version import VERSION

__all__ = ["openapi_document"]

_OBJECT: dict[str, Any] = {"type": "object"}
_ERROR = {"$ref": "#/components/schemas/Error"}


def _json(schema: dict[str, Any], description: str) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


def _errors(*statuses: int) -> dict[str, Any]:
    words = {
        400: "bad JSON, a bad query parameter, or a seat's token in the address (token_in_query)",
        401: "no token, or a malformed Authorization header",
        403: "a token of no seat of this game",
        404: "no such game",
        409: "a stale version (another action came first), or a closed game",
        413: "a body over 64 KiB",
        422: "a request of the wrong shape, or an action that is not legal now",
        429: "too many games created (this minute, or unfinished in the store)",
        503: "the stored game does not load (game_broken): the rest of the server works",
    }
    return {str(status): _json(_ERROR, words[status]) for status in statuses}


def _game_id() -> dict[str, Any]:
    return {"name": "game_id", "in": "path", "required": True, "schema": {"type": "string"}}


def _ticket_param() -> dict[str, Any]:
    return {
        "name": "ticket",
        "in": "query",
        "required": False,
        "description": "a seat's stream ticket (POST /api/games/{game_id}/tickets); "
        "none: the spectator's stream. A seat's token is never accepted in the address.",
        "schema": {"type": "string"},
    }


def _count(name: str, description: str) -> dict[str, Any]:
    return {
        "name": name,
        "in": "query",
        "required": False,
        "description": description,
        "schema": {"type": "integer", "minimum": 0},
    }


def openapi_document(games: Sequence[str]) -> dict[str, Any]:
    """The OpenAPI document of a server offering ``games``."""
    seat_security: list[dict[str, list[str]]] = [{"seat": []}, {}]
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "taverna_rules game server",
            "version": VERSION,
            "description": "Host games of the tavern games: create a game, read a seat's view, "
            "play a seat's actions. Every game payload is the asking seat's view.",
        },
        "components": {
            "securitySchemes": {
                "seat": {"type": "http", "scheme": "bearer", "description": "a seat's token"}
            },
            "schemas": {
                "Error": {
                    "type": "object",
                    "required": ["error"],
                    "properties": {
                        "error": {
                            "type": "object",
                            "required": ["status", "code", "message"],
                            "properties": {
                                "status": {"type": "integer"},
                                "code": {"type": "string"},
                                "message": {"type": "string"},
                            },
                        }
                    },
                },
                "Seat": {
                    "type": "object",
                    "required": ["seat", "name", "player"],
                    "properties": {
                        "seat": {"type": "integer"},
                        "name": {"type": "string"},
                        "player": {"type": "string", "description": "'human' or a bot's name"},
                        "token": {"type": "string", "description": "given once, to the creator"},
                        "link": {"type": "string"},
                    },
                },
                "Summary": {
                    "type": "object",
                    "required": ["id", "game", "version", "over", "seats"],
                    "properties": {
                        "id": {"type": "string"},
                        "game": {"type": "string"},
                        "version": {"type": "integer"},
                        "over": {"type": "boolean"},
                        "created": {"type": "string"},
                        "seats": {"type": "array", "items": {"$ref": "#/components/schemas/Seat"}},
                        "waiting_for": {"type": "array", "items": {"type": "integer"}},
                        "broken": {
                            "type": "string",
                            "description": "present when the stored game does not load: why",
                        },
                    },
                },
                "Creation": {
                    "type": "object",
                    "required": ["game", "seats"],
                    "additionalProperties": False,
                    "properties": {
                        "game": {"type": "string", "enum": list(games)},
                        "seats": {
                            "type": "array",
                            "minItems": 1,
                            "maxItems": 16,
                            "items": {
                                "type": "object",
                                "required": ["name"],
                                "additionalProperties": False,
                                "properties": {"name": {"type": "string"}, "player": {"type": "string"}},
                            },
                        },
                        "options": {"type": "object"},
                        "seed": {"type": "integer"},
                    },
                },
                "Play": {
                    "type": "object",
                    "required": ["action", "version"],
                    "additionalProperties": False,
                    "properties": {
                        "action": {
                            "type": "object",
                            "description": "one of the view's decision actions, as given "
                            "(schema: /api/schemas/{game}/action)",
                        },
                        "version": {"type": "integer", "minimum": 0},
                    },
                },
            },
        },
        "paths": {
            "/api/rules": {
                "get": {
                    "summary": "The games offered: player counts, rule options, bots",
                    "responses": {"200": _json(_OBJECT, "the games and bots")},
                }
            },
            "/api/schemas/{game}/{kind}": {
                "get": {
                    "summary": "A game's wire schema (action, decision, event, view, position)",
                    "parameters": [
                        {"name": "game", "in": "path", "required": True, "schema": {"type": "string"}},
                        {"name": "kind", "in": "path", "required": True, "schema": {"type": "string"}},
                    ],
                    "responses": {
                        "200": {
                            "description": "the JSON Schema",
                            "content": {"application/schema+json": {"schema": _OBJECT}},
                        },
                        **_errors(404),
                    },
                }
            },
            "/api/boards/{fingerprint}": {
                "get": {
                    "summary": "The board facts of a rule set, for drawing it: layouts, cards, places, names",
                    "parameters": [
                        {"name": "fingerprint", "in": "path", "required": True, "schema": {"type": "string"}}
                    ],
                    "responses": {"200": _json(_OBJECT, "the board facts"), **_errors(404)},
                }
            },
            "/api/games": {
                "get": {
                    "summary": "Every game hosted, newest first",
                    "responses": {"200": _json(_OBJECT, "the games' summaries")},
                },
                "post": {
                    "summary": "Create a game; each human seat gets its secret token (only here)",
                    "requestBody": {
                        "required": True,
                        "content": {
                            "application/json": {"schema": {"$ref": "#/components/schemas/Creation"}}
                        },
                    },
                    "responses": {
                        "201": _json(_OBJECT, "the game's id, version and seats"),
                        **_errors(400, 413, 422, 429),
                    },
                },
            },
            "/api/games/{game_id}": {
                "get": {
                    "summary": "What anyone may know of a game",
                    "parameters": [_game_id()],
                    "responses": {
                        "200": _json({"$ref": "#/components/schemas/Summary"}, "the summary"),
                        **_errors(404, 503),
                    },
                }
            },
            "/api/games/{game_id}/view": {
                "get": {
                    "summary": "The game as the seat (or a spectator) sees it, with its decision",
                    "parameters": [_game_id()],
                    "security": seat_security,
                    "responses": {
                        "200": _json(_OBJECT, "the seat's view"),
                        **_errors(400, 401, 403, 404, 503),
                    },
                }
            },
            "/api/games/{game_id}/events": {
                "get": {
                    "summary": "The events from version `since` on, as the seat sees them, in words too",
                    "parameters": [
                        _game_id(),
                        _count("since", "the first event wanted (default 0)"),
                        _count("wait", "wait up to this many seconds (at most 25) for an event past `since`"),
                    ],
                    "security": seat_security,
                    "responses": {
                        "200": _json(_OBJECT, "the events and lines"),
                        **_errors(400, 401, 403, 404, 503),
                    },
                }
            },
            "/api/games/{game_id}/actions": {
                "post": {
                    "summary": "Play an action for the token's seat, on the version it read",
                    "parameters": [_game_id()],
                    "security": [{"seat": []}],
                    "requestBody": {
                        "required": True,
                        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Play"}}},
                    },
                    "responses": {
                        "200": _json(_OBJECT, "the new version and the seat's view of the events"),
                        **_errors(400, 401, 403, 404, 409, 413, 422, 503),
                    },
                }
            },
            "/api/games/{game_id}/tickets": {
                "post": {
                    "summary": "A stream ticket for the token's seat: short-lived, good for this "
                    "game's stream only (a browser's EventSource cannot send a header)",
                    "parameters": [_game_id()],
                    "security": [{"seat": []}],
                    "responses": {
                        "201": _json(
                            {
                                "type": "object",
                                "required": ["ticket", "expires_in"],
                                "properties": {
                                    "ticket": {"type": "string"},
                                    "expires_in": {"type": "integer", "description": "seconds"},
                                },
                            },
                            "the ticket, for /stream?ticket=...",
                        ),
                        **_errors(400, 401, 403, 404, 503),
                    },
                }
            },
            "/api/games/{game_id}/stream": {
                "get": {
                    "summary": "Server-sent events: `version` whenever the game changes",
                    "parameters": [
                        _game_id(),
                        _ticket_param(),
                        _count("since", "the version the client holds"),
                    ],
                    "security": seat_security,
                    "responses": {
                        "200": {
                            "description": "an event stream",
                            "content": {"text/event-stream": {"schema": {"type": "string"}}},
                        },
                        **_errors(400, 401, 403, 404, 503),
                    },
                }
            },
        },
    }
