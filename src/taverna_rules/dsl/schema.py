"""The JSON Schema of an effect: the references an op's argument schema uses
(:data:`EFFECT`, :data:`EXPR`, :data:`COND`), the helpers that write one
(:func:`args_schema`, :func:`or_expression`), and the whole schema of an effect, made
from a game's ops and counts (:func:`effect_schema`)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from taverna_rules.dsl.nodes import RELATIONS

__all__ = ["COND", "EFFECT", "EXPR", "args_schema", "effect_schema", "or_expression"]

JSON = dict[str, Any]
#: An effect, in an op's argument schema (a reference into the effect schema's ``$defs``).
EFFECT: JSON = {"$ref": "#/$defs/effect"}
#: An expression (a number, ``{count: ...}`` or ``{table: ...}``), likewise.
EXPR: JSON = {"$ref": "#/$defs/expr"}
#: A condition (``{at_least: [a, b]}``, ``{at_most: ...}``, ``{exactly: ...}`` or
#: ``{option: id}``), likewise.
COND: JSON = {"$ref": "#/$defs/cond"}


def _one_comparison(relations: tuple[str, ...]) -> JSON:
    """A condition holds one comparison alone, or else names a rule option: an ``if`` for
    each relation in turn, so a mistake is reported against the form it looks like."""
    if not relations:
        return {"required": ["option"]}
    first, *rest = relations
    return {"if": {"required": [first]}, "then": {"maxProperties": 1}, "else": _one_comparison(tuple(rest))}


def args_schema(properties: JSON, required: tuple[str, ...]) -> JSON:
    """The schema of an op's arguments: a closed mapping."""
    return {
        "type": "object",
        "properties": properties,
        "required": list(required),
        "additionalProperties": False,
    }


def or_expression(number: JSON) -> JSON:
    """A bounded number, or an expression (``{count: ...}``, ``{table: ...}``) whose value
    the engine bounds the same way when the effect resolves."""
    return {"if": {"type": "integer"}, "then": number, "else": EXPR}


def effect_schema(op_schemas: Mapping[str, JSON], counts: Iterable[str]) -> JSON:
    """The JSON Schema (Draft 2020-12) of an effect whose ops take the arguments
    ``op_schemas`` gives by op name, and whose ``{count: ...}`` counts one of ``counts``."""
    names = sorted(op_schemas)
    effect: JSON = {
        "title": "effect",
        "description": "An effect: a mapping with exactly one key, the op name.",
        "type": "object",
        "minProperties": 1,
        "maxProperties": 1,
        "propertyNames": {"enum": names},
        "allOf": [
            {"if": {"required": [name]}, "then": {"properties": {name: op_schemas[name]}}} for name in names
        ],
    }
    table: JSON = args_schema(
        {
            "of": EXPR,
            "at_least": {"type": "array", "items": {"type": "integer"}, "minItems": 1},
            "points": {"type": "array", "items": {"type": "integer"}, "minItems": 1},
        },
        ("of", "at_least", "points"),
    )
    expr: JSON = {
        "title": "expression",
        "description": "An integer, {count: what}, or {table: {of, at_least, points}}.",
        "if": {"type": "integer"},
        "then": {"minimum": -100, "maximum": 100},
        "else": {
            "type": "object",
            "minProperties": 1,
            "maxProperties": 1,
            "propertyNames": {"enum": ["count", "table"]},
            "allOf": [
                {
                    "if": {"required": ["count"]},
                    "then": {"properties": {"count": {"enum": sorted(counts)}}},
                },
                {"if": {"required": ["table"]}, "then": {"properties": {"table": table}}},
            ],
        },
    }
    cond: JSON = {
        "title": "condition",
        "description": "{at_least: [a, b]} (a >= b), {at_most: [a, b]} (a <= b), {exactly: [a, b]} "
        "(a == b), or {option: id} / {option: id, equals: value} (a rule option of the game)",
        "type": "object",
        "properties": {
            **{
                relation: {"type": "array", "items": EXPR, "minItems": 2, "maxItems": 2}
                for relation in RELATIONS
            },
            "option": {"type": "string", "description": "a rule option id"},
            "equals": {
                "type": ["boolean", "integer", "string"],
                "description": "the option's value that makes the condition true (default: true)",
            },
        },
        "minProperties": 1,
        "additionalProperties": False,
        **_one_comparison(RELATIONS),
    }
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://taverna-rules.invalid/schemas/effect.schema.json",
        "title": "taverna_rules effect",
        "$ref": "#/$defs/effect",
        "$defs": {"effect": effect, "expr": expr, "cond": cond},
    }
