"""JSON Schemas (Draft 2020-12) of the objects a frontend or a server exchanges: actions,
events, decisions, views (a state as one player sees it) and position documents.

They are generated from each game's classes, so they say exactly what the strict
readers of :mod:`taverna_rules.core.serialize` accept: a client can check a payload
before sending it, and other languages can generate their types. They are shipped in
``schemas/<game>/wire/`` and written by ``taverna schema --game <game>`` (``--print
action`` prints one).
"""

from __future__ import annotations

import json
import types
import typing
from typing import Any

from taverna_rules._records import NO_DEFAULT, is_record, record_fields
from taverna_rules._shown import shown
from taverna_rules.core.engine import Decision
from taverna_rules.core.game_modules import DEFAULT_GAME, GameModule, game_module
from taverna_rules.core.position_data import INTEGER_SCHEMA, SCALAR_SCHEMA
from taverna_rules.core.records import Action
from taverna_rules.errors import OptionError

__all__ = ["WIRE_KINDS", "rendered_wire_schemas", "wire_kinds", "wire_schema"]

JSON = dict[str, Any]
#: The wire objects that have a schema, by the name of their file.
WIRE_KINDS = ("action", "event", "decision", "view", "position")
_DRAFT = "https://json-schema.org/draft/2020-12/schema"


class _Builder:
    """Schemas of attrs classes, each defined once under ``$defs`` and referenced."""

    def __init__(self, module: GameModule) -> None:
        self.module = module
        self.defs: dict[str, JSON] = {}

    def of(self, tp: Any) -> JSON:
        """The schema of a field's type."""
        origin, args = typing.get_origin(tp), typing.get_args(tp)
        if tp is str:
            return {"type": "string"}
        if tp is bool:
            return {"type": "boolean"}
        if tp is int:
            return dict(INTEGER_SCHEMA)
        if tp is type(None):
            return {"type": "null"}
        if tp is Any:
            return dict(SCALAR_SCHEMA)
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
        if origin is frozenset:
            return {"type": "array", "items": self.of(args[0]), "uniqueItems": True}
        if is_record(tp):
            return self.record(tp)
        raise TypeError(f"no schema for {tp!r}")  # a new field type: teach the builder

    def record(self, cls: type, tag: JSON | None = None) -> JSON:
        """A reference to the schema of an attrs class (``tag``: extra properties such as
        the wire ``type``), defined on first use."""
        name = cls.__name__
        if name not in self.defs:
            self.defs[name] = {}  # a placeholder: a class may refer to itself
            fields = record_fields(cls)
            properties = {**(tag or {}), **{f.name: self.of(f.type) for f in fields}}
            required = [
                *(k for k in (tag or {}) if k == "type"),
                *(f.name for f in fields if f.default is NO_DEFAULT),
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
                self.record(cls, {"type": self.type_name(name)})
                for name, cls in sorted(self.module.actions.items())
            ],
        }
        return {"$ref": "#/$defs/Action"}

    def events(self) -> JSON:
        return {
            "oneOf": [
                self.record(
                    cls,
                    {
                        "type": self.type_name(name),
                        "v": {"type": "integer", "minimum": 1, "maximum": cls.VERSION, "default": 1},
                    },
                )
                for name, cls in sorted(self.module.events.items())
            ]
        }

    def type_name(self, name: str) -> JSON:
        """A record's ``type``: its name, or its name qualified by the game."""
        return {"enum": [name, f"{self.module.id}.{name}"]}


def _document(title: str, description: str, root: JSON, builder: _Builder) -> JSON:
    game = builder.module.id
    folder = "" if game == DEFAULT_GAME else f"{game}/"
    return {
        "$schema": _DRAFT,
        "$id": f"https://taverna-rules.example/schemas/{folder}wire/{title}.schema.json",
        "title": title,
        "description": description,
        **root,
        "$defs": dict(sorted(builder.defs.items())),
    }


def wire_schema(kind: str, game: str = DEFAULT_GAME) -> JSON:
    """The JSON Schema of one wire object of ``game`` (Taverna unless named): ``action``,
    ``event``, ``decision``, ``view`` or ``position``."""
    module = game_module(game)
    if not isinstance(kind, str) or kind not in WIRE_KINDS:
        raise OptionError(f"no wire schema {shown(kind)}; kinds: {', '.join(WIRE_KINDS)}")
    builder = _Builder(module)
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
        root = builder.record(module.state_type)
        return _document(
            kind,
            "A game state (state_from_json), such as a player's view: hidden cards are '?'.",
            root,
            builder,
        )
    if kind == "position" and module.positions is not None and module.positions.schema is not None:
        return _document(
            kind,
            "A position document (load_position), in its JSON form.",
            module.positions.schema(builder.of),
            builder,
        )
    raise OptionError(f"game {module.id!r} has no {kind} documents (it declares no position format)")


def wire_kinds(game: str = DEFAULT_GAME) -> tuple[str, ...]:
    """The wire objects ``game`` has: every one of :data:`WIRE_KINDS`, but ``position``
    only for a game that declares a position format."""
    positions = game_module(game).positions
    has_positions = positions is not None and positions.schema is not None
    return tuple(kind for kind in WIRE_KINDS if kind != "position" or has_positions)


def rendered_wire_schemas(game: str = DEFAULT_GAME) -> dict[str, str]:
    """File name -> JSON text of every wire schema of ``game`` (:func:`wire_kinds`), as
    shipped in ``schemas/<game>/wire/``."""
    return {
        f"{kind}.schema.json": json.dumps(wire_schema(kind, game), indent=2, ensure_ascii=False) + "\n"
        for kind in wire_kinds(game)
    }
