"""The JSON Schemas of content files, as Python data, for any game.

A game's :class:`~taverna_rules.content.spec.ContentSpec` gives the body of each of its
file kinds; this module adds what every content file shares (``format``, ``kind``,
``provenance``, ``merge``), the pipeline's own kinds (``pack`` manifests and ``changes``
files), the effect definitions, and the descriptions editors show.
``schemas/<game>/*.schema.json`` are generated from here (``taverna schema --game <game>
--out schemas/<game>``); a test proves Taverna's shipped files are current. Each schema
is self-contained (the effect definitions are embedded) so an editor's YAML language
server can use it alone.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from taverna_rules.content.spec import ContentSpec, KindBody
from taverna_rules.dsl.text import TEXT_LANGUAGES

__all__ = [
    "COUNT",
    "EFFECT",
    "ID",
    "PER_PLAYERS",
    "PROVENANCES",
    "by_id",
    "content_schema",
    "kinds",
    "list_of",
    "mergeable",
    "names_schema",
    "obj",
    "options_kind",
    "rendered_schemas",
    "write_schemas",
]

JSON = dict[str, Any]
BASE_ID = "https://taverna-rules.invalid/schemas/"

ID: JSON = {
    "type": "string",
    "pattern": "^[a-z][a-z0-9_]*$",
    "description": "a stable identifier: lowercase letters, digits and underscores",
}
COUNT: JSON = {"type": "integer", "minimum": 0}
PER_PLAYERS: JSON = {
    "type": "object",
    "description": "a number for each player count",
    "propertyNames": {"pattern": "^[1-9]$"},
    "additionalProperties": COUNT,
    "minProperties": 1,
}
EFFECT: JSON = {"$ref": "#/$defs/effect"}
PROVENANCES = ["rulebook", "printed", "reconstructed"]
#: How the schemas' descriptions name the languages a game may write its names in.
LANGUAGE_NAMES = {"en": "English", "fr": "French", "nl": "Dutch", "de": "German", "es": "Spanish"}
#: The pipeline's own kinds, after the game's: pack manifests and ``changes`` files.
PIPELINE_KINDS = ("pack", "changes")


def obj(properties: JSON, required: list[str], description: str = "") -> JSON:
    """A closed object schema: these properties, these required."""
    out: JSON = {
        "type": "object",
        "properties": properties,
        "required": required,
        "additionalProperties": False,
    }
    if description:
        out["description"] = description
    return out


def list_of(item: JSON, description: str) -> JSON:
    """An array schema of ``item``."""
    return {"type": "array", "items": item, "description": description}


def by_id(item: JSON) -> JSON:
    """A mapping from ids to ``item``."""
    return {"type": "object", "propertyNames": ID, "additionalProperties": item}


def names_schema(languages: tuple[str, ...], example: dict[str, str] | None = None) -> JSON:
    """A name written in each of ``languages`` (every one required)."""
    unknown = [lang for lang in languages if lang not in TEXT_LANGUAGES]
    if unknown or not languages or languages[0] != "en":
        raise ValueError(
            f"names are written in English first, then in any of {TEXT_LANGUAGES}: {languages!r}"
        )
    words = [LANGUAGE_NAMES[lang] for lang in languages]
    spoken = words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]
    schema: JSON = {
        "type": "object",
        "description": f"the name in {spoken}",
        "properties": {lang: {"type": "string", "minLength": 1} for lang in languages},
        "required": list(languages),
        "additionalProperties": False,
    }
    if example is not None:
        schema["examples"] = [example]
    return schema


def options_kind(names: JSON) -> KindBody:
    """The ``options`` file kind: rule options with defaults and reasons (names in ``names``)."""
    return (
        {
            "options": list_of(
                obj(
                    {
                        "id": ID,
                        "type": {"enum": ["bool", "choice", "int"]},
                        "default": {"type": ["boolean", "integer", "string"]},
                        "reason": {"type": "string", "minLength": 1},
                        "choices": {"type": "array", "items": {"type": "string"}},
                        "name": names,
                    },
                    ["id", "type", "default", "reason"],
                ),
                "the rule options",
            )
        },
        ["options"],
        "Rule options, each with its default and the reason it exists.",
    )


def _pack_kind(spec: ContentSpec) -> KindBody:
    return (
        {
            "id": {**ID, "examples": ["fey_court"]},
            "name": names_schema(spec.languages),
            "version": {
                "type": "string",
                "pattern": "^[0-9]+\\.[0-9]+(\\.[0-9]+)?$",
                "description": "the pack's own version: MAJOR.MINOR or MAJOR.MINOR.PATCH",
                "examples": ["1.0.0"],
            },
            "extends": {
                **list_of(ID, "the ids of the packs this pack builds on ('base' for the base game)"),
                "uniqueItems": True,
                "examples": [["base"]],
            },
            "description": {"type": "string", "description": "what the pack adds or changes"},
            "game": {
                "const": spec.game,
                "description": "the game the pack is for: validating the pack without naming "
                "a game uses this one",
            },
            "players": {
                **list_of({"type": "integer", "minimum": 1}, "the player counts the pack supports"),
                "uniqueItems": True,
                "minItems": 1,
            },
        },
        ["id", "name", "version", "extends"],
        "A pack's manifest (pack.yaml): its id, names, version and the packs it extends.",
    )


def _changes_kind(spec: ContentSpec) -> KindBody:
    examples = spec.changes_examples
    properties: JSON = {
        "remove": {
            "type": "object",
            "description": "ids of the items to remove, by kind",
            "propertyNames": {"enum": list(spec.item_kinds)},
            "additionalProperties": {**list_of(ID, "item ids"), "minItems": 1, "uniqueItems": True},
        },
    }
    if spec.constants_kind:
        properties["constants"] = {
            "type": "object",
            "description": "new values for some of the game's constants",
            "properties": spec.kinds[spec.constants_kind][0]["constants"]["properties"],
            "additionalProperties": False,
        }
    properties["options"] = {
        "type": "object",
        "description": "new defaults for rule options, by option id",
        "propertyNames": ID,
        "additionalProperties": {"type": ["boolean", "integer", "string"]},
    }
    for key, example in examples.items():
        if key in properties:
            properties[key]["examples"] = [example]
    return (
        properties,
        [],
        "Changes a pack makes to the packs it extends: removals, constants, option defaults.",
    )


def kinds(spec: ContentSpec) -> dict[str, KindBody]:
    """Every content kind of the game: its own, then ``pack`` and ``changes``."""
    return {**spec.kinds, "pack": _pack_kind(spec), "changes": _changes_kind(spec)}


def mergeable(spec: ContentSpec) -> tuple[str, ...]:
    """The kinds whose files may say ``merge: replace``: the game's own."""
    return tuple(spec.kinds)


def _describe(node: Any, docs: Mapping[str, str], examples: Mapping[str, JSON], key: str = "") -> None:
    """Add the shared descriptions, and titles and examples to list items, in place."""
    if isinstance(node, dict):
        if key in docs and "description" not in node and "$ref" not in node:
            node["description"] = docs[key]
        for name, child in node.get("properties", {}).items():
            _describe(child, docs, examples, name)
            if (
                isinstance(child, dict)
                and child.get("type") == "array"
                and isinstance(child.get("items"), dict)
            ):
                items = child["items"]
                if items.get("type") == "object":
                    items.setdefault("title", name)
                    if name in examples:
                        items.setdefault("examples", [examples[name]])
                _describe(items, docs, examples)
        for name in ("additionalProperties", "items"):
            if isinstance(node.get(name), dict):
                _describe(node[name], docs, examples)


def content_schema(spec: ContentSpec, kind: str) -> JSON:
    """The JSON Schema of a content file of ``kind`` of the game ``spec`` describes."""
    properties, required, description = kinds(spec)[kind]
    header: JSON = {
        "format": {"const": 1, "description": "the content format version this file targets"},
        "kind": {"const": kind, "description": "what the file declares"},
        "provenance": {
            "enum": PROVENANCES,
            "description": "'rulebook': facts from a rulebook; 'printed': copied from the printed "
            "components; 'reconstructed': designed by us",
        },
        "note": {"type": "string", "description": "where the content comes from, or why it is so"},
    }
    if kind in spec.kinds:
        header["merge"] = {
            "enum": ["add", "replace"],
            "default": "add",
            "description": "'add': every id is new; 'replace': each item replaces the item of the "
            "same id from the packs this pack extends",
        }
    schema: JSON = json.loads(
        json.dumps(
            {
                "$schema": "https://json-schema.org/draft/2020-12/schema",
                "$id": f"{BASE_ID}{spec.game}/{kind}.schema.json",
                "title": f"taverna_rules {spec.game} {kind} file",
                "description": description,
                **obj({**header, **properties}, ["format", "kind", *required]),
                **({"$defs": spec.effects} if spec.effects else {}),
            }
        )
    )  # a deep copy: the shared parts are described in place
    docs = {**{lang: LANGUAGE_NAMES[lang] for lang in spec.languages}, **spec.property_docs}
    _describe(schema, docs, spec.item_examples)
    return schema


def rendered_schemas(spec: ContentSpec) -> dict[str, str]:
    """File name -> JSON text of every schema of a game, as shipped in ``schemas/<game>/``."""
    files = {f"{kind}.schema.json": content_schema(spec, kind) for kind in kinds(spec)}
    if spec.effects:
        files["effect.schema.json"] = {
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "$id": f"{BASE_ID}{spec.game}/effect.schema.json",
            "title": f"taverna_rules {spec.game} effect",
            "$ref": "#/$defs/effect",
            "$defs": spec.effects,
        }
    return {name: json.dumps(schema, indent=2, ensure_ascii=False) + "\n" for name, schema in files.items()}


def write_schemas(spec: ContentSpec, folder: Path) -> list[Path]:
    """Write every schema of a game into ``folder``; return the paths written."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, text in rendered_schemas(spec).items():
        path = folder / name
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written
