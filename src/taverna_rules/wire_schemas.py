"""JSON Schemas (Draft 2020-12) of the objects a frontend or a server exchanges: actions,
events, decisions, views (a state as one player sees it) and position documents.

They are generated from the classes themselves, so they say exactly what the strict
readers of :mod:`taverna_rules.core.serialize` accept: a client can check a payload
before sending it, and other languages can generate their types. They are shipped in
``schemas/taverna/wire/`` and written by ``taverna schema`` (``--print action`` prints one).
"""

from __future__ import annotations

import json
import types
import typing
from typing import Any

import attrs

from taverna_rules._resources import GAME
from taverna_rules.core.engine import Decision
from taverna_rules.games.taverna.actions import ACTION_TYPES, Action
from taverna_rules.games.taverna.events import EVENT_TYPES
from taverna_rules.games.taverna.setup import INT_BOUND, MAX_NAME
from taverna_rules.games.taverna.state import GameState, PlayerState, TavernState, TurnState

__all__ = ["WIRE_KINDS", "rendered_wire_schemas", "wire_schema"]

JSON = dict[str, Any]
#: The wire objects that have a schema, by the name of their file.
WIRE_KINDS = ("action", "event", "decision", "view", "position")
_DRAFT = "https://json-schema.org/draft/2020-12/schema"
_INTEGER: JSON = {"type": "integer", "minimum": -INT_BOUND + 1, "maximum": INT_BOUND - 1}
#: A rule option's value.
_SCALAR: JSON = {"type": ["boolean", "integer", "string", "null"]}


class _Builder:
    """Schemas of attrs classes, each defined once under ``$defs`` and referenced."""

    def __init__(self) -> None:
        self.defs: dict[str, JSON] = {}

    def of(self, tp: Any) -> JSON:
        """The schema of a field's type."""
        origin, args = typing.get_origin(tp), typing.get_args(tp)
        if tp is str:
            return {"type": "string"}
        if tp is bool:
            return {"type": "boolean"}
        if tp is int:
            return dict(_INTEGER)
        if tp is type(None):
            return {"type": "null"}
        if tp is Any:
            return dict(_SCALAR)
        if tp is Action:
            return {"$ref": "#/$defs/Action"}
        if origin in (typing.Union, types.UnionType):
            return {"anyOf": [self.of(arg) for arg in args]}
        if origin is tuple:
            if args[-1:] == (Ellipsis,):
                return {"type": "array", "items": self.of(args[0])}
            return {
                "type": "array",
                "prefixItems": [self.of(arg) for arg in args],
                "items": False,
                "minItems": len(args),
            }
        if attrs.has(tp):
            return self.record(tp)
        raise TypeError(f"no schema for {tp!r}")  # a new field type: teach the builder

    def record(self, cls: type, tag: JSON | None = None) -> JSON:
        """A reference to the schema of an attrs class (``tag``: extra properties such as
        the wire ``type``), defined on first use."""
        name = cls.__name__
        if name not in self.defs:
            self.defs[name] = {}  # a placeholder: a class may refer to itself
            hints = typing.get_type_hints(cls)
            fields = attrs.fields(cls)
            properties = {**(tag or {}), **{f.name: self.of(hints[f.name]) for f in fields}}
            required = [
                *(k for k in (tag or {}) if k == "type"),
                *(f.name for f in fields if f.default is attrs.NOTHING),
            ]
            schema: JSON = {"type": "object", "properties": properties, "additionalProperties": False}
            if cls.__doc__:
                schema["description"] = " ".join(cls.__doc__.split("\n\n")[0].split())
            if required:
                schema["required"] = required
            self.defs[name] = schema
        return {"$ref": f"#/$defs/{name}"}

    def actions(self) -> JSON:
        self.defs["Action"] = {
            "description": "An action: its type name and fields.",
            "oneOf": [
                self.record(cls, {"type": _type_name(name)}) for name, cls in sorted(ACTION_TYPES.items())
            ],
        }
        return {"$ref": "#/$defs/Action"}

    def events(self) -> JSON:
        return {
            "oneOf": [
                self.record(
                    cls,
                    {
                        "type": _type_name(name),
                        "v": {"type": "integer", "minimum": 1, "maximum": cls.VERSION, "default": 1},
                    },
                )
                for name, cls in sorted(EVENT_TYPES.items())
            ]
        }


def _type_name(name: str) -> JSON:
    """A record's ``type``: its name, or its name qualified by the game."""
    return {"enum": [name, f"{GAME}.{name}"]}


def _document(title: str, description: str, root: JSON, builder: _Builder) -> JSON:
    return {
        "$schema": _DRAFT,
        "$id": f"https://taverna-rules.example/schemas/wire/{title}.schema.json",
        "title": title,
        "description": description,
        **root,
        "$defs": dict(sorted(builder.defs.items())),
    }


def wire_schema(kind: str) -> JSON:
    """The JSON Schema of one wire object: ``action``, ``event``, ``decision``, ``view``
    or ``position``."""
    builder = _Builder()
    if kind == "action":
        builder.actions()
        return _document(
            kind, "An action a player sends (action_from_json).", {"$ref": "#/$defs/Action"}, builder
        )
    if kind == "event":
        return _document(kind, "One event of a log (event_from_json).", builder.events(), builder)
    if kind == "decision":
        builder.actions()
        return _document(
            kind, "The pending decision (decision_from_json).", builder.record(Decision), builder
        )
    if kind == "view":
        root = builder.record(GameState)
        return _document(
            kind,
            "A game state (state_from_json), such as a player's view: hidden cards are '?'.",
            root,
            builder,
        )
    if kind == "position":
        return _document(
            kind, "A position document (load_position), in its JSON form.", _position(builder), builder
        )
    raise ValueError(f"no wire schema {kind!r}; kinds: {', '.join(WIRE_KINDS)}")


def _position(builder: _Builder) -> JSON:
    """The document ``dump_position`` writes; ``load_position`` also reads YAML, leaves
    out fields (a fresh game's values), and pairs written as lists."""
    hints = typing.get_type_hints(GameState)
    name: JSON = {"type": "string", "minLength": 1, "maxLength": MAX_NAME}
    counts: JSON = {"type": "object", "additionalProperties": dict(_INTEGER)}
    player_hints = typing.get_type_hints(PlayerState)
    player = {f.name: builder.of(player_hints[f.name]) for f in attrs.fields(PlayerState)}
    player.update(name=name, tracks=counts, vp=counts)
    tavern_hints = typing.get_type_hints(TavernState)
    tavern = {f.name: builder.of(tavern_hints[f.name]) for f in attrs.fields(TavernState) if f.name != "id"}
    tavern["deeds"] = {"type": "array", "items": {"anyOf": [name, {"type": "null"}]}}
    turn_hints = typing.get_type_hints(TurnState)
    turn = {f.name: builder.of(turn_hints[f.name]) for f in attrs.fields(TurnState)}
    turn["player"] = name
    step = {
        "type": "object",
        "properties": {
            "kind": {"type": "string"},
            "player": name,
            "ref": {"type": "string"},
            "path": {"type": "array", "items": dict(_INTEGER)},
            "args": {"type": "array", "items": dict(_SCALAR)},
        },
        "required": ["kind"],
        "additionalProperties": False,
    }
    friendly: JSON = {
        "players": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": player,
                "required": ["name"],
                "additionalProperties": False,
            },
        },
        "taverns": {
            "type": "object",
            "additionalProperties": {"type": "object", "properties": tavern, "additionalProperties": False},
        },
        "tiles": counts,
        "tiles_removed": counts,
        "guild_supply": counts,
        "options": {"type": "object", "additionalProperties": dict(_SCALAR)},
        "royal_used": {
            "type": "array",
            "items": {
                "type": "array",
                "prefixItems": [{"type": "string"}, name],
                "items": False,
                "minItems": 2,
            },
        },
        "stack": {
            "description": "the steps to come, the next one first",
            "type": "array",
            "items": {"anyOf": [{"type": "string"}, step]},
        },
        "turn": {
            "anyOf": [{"type": "null"}, {"type": "object", "properties": turn, "additionalProperties": False}]
        },
    }
    properties: JSON = {"format": {"const": "taverna-position/1"}}
    for field in attrs.fields(GameState):
        properties[field.name] = friendly.get(field.name) or builder.of(hints[field.name])
    return {
        "type": "object",
        "properties": properties,
        "required": ["format", "players"],
        "additionalProperties": False,
    }


def rendered_wire_schemas() -> dict[str, str]:
    """File name -> JSON text of every wire schema, as shipped in ``schemas/taverna/wire/``."""
    return {
        f"{kind}.schema.json": json.dumps(wire_schema(kind), indent=2, ensure_ascii=False) + "\n"
        for kind in WIRE_KINDS
    }
