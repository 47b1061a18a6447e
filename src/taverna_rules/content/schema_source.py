"""The JSON Schemas of the content files, as Python data.

``schemas/taverna/*.schema.json`` are generated from here (``python -m
taverna_rules.content.schema_source``); a test proves the shipped files are current.
Each schema is self-contained (the effect definitions are embedded) so an editor's YAML
language server can use it alone.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from taverna_rules.content.model import TRIGGER_EVENTS, TRIGGER_PLAYERS
from taverna_rules.dsl.ops import effect_schema

__all__ = ["KINDS", "MERGEABLE", "content_schema", "write_schemas"]

JSON = dict[str, Any]
BASE_ID = "https://taverna-rules.invalid/schemas/"

ID: JSON = {
    "type": "string",
    "pattern": "^[a-z][a-z0-9_]*$",
    "description": "a stable identifier: lowercase letters, digits and underscores",
}
NAMES: JSON = {
    "type": "object",
    "description": "the name in English, French and Dutch",
    "properties": {lang: {"type": "string", "minLength": 1} for lang in ("en", "fr", "nl")},
    "required": ["en", "fr", "nl"],
    "additionalProperties": False,
    "examples": [{"en": "Orcs", "fr": "Orcs", "nl": "Orks"}],
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


def _obj(properties: JSON, required: list[str], description: str = "") -> JSON:
    out: JSON = {
        "type": "object",
        "properties": properties,
        "required": required,
        "additionalProperties": False,
    }
    if description:
        out["description"] = description
    return out


#: A spell's ongoing effect: ``when`` an event happens (whose, and which people or
#: tavern), ``effect`` is pushed for the spell's caster.
TRIGGER: JSON = _obj(
    {
        "when": _obj(
            {
                "event": {
                    "enum": list(TRIGGER_EVENTS),
                    "description": "the event that sets the trigger off",
                },
                "player": {
                    "enum": list(TRIGGER_PLAYERS),
                    "description": "whose event: you (the caster, the default), an opponent, any player",
                },
                "people": {**ID, "description": "only for this people (customer_seated, track_advanced)"},
                "tavern": {**ID, "description": "only in this tavern (customer_seated, deed_bought)"},
            },
            ["event"],
            "what sets the trigger off",
        ),
        "effect": EFFECT,
    },
    ["when", "effect"],
    "once the spell is cast, whenever the event happens, the effect resolves for the caster "
    "(at most 10 triggered effects an action)",
)


def _list(item: JSON, description: str) -> JSON:
    return {"type": "array", "items": item, "description": description}


def _by_id(item: JSON) -> JSON:
    return {"type": "object", "propertyNames": ID, "additionalProperties": item}


DEED = _obj({"price": COUNT, "vp": COUNT}, ["price", "vp"], "a deed space: price and VP")
LAYOUT = _obj(
    {
        "symbol": {"type": "string", "description": "the tavern's printed guild symbol"},
        "tables": _list({"type": "string"}, "the people (colour) of each table"),
        "deeds": {**_list(DEED, "the deed spaces"), "minItems": 1, "maxItems": 4},
    },
    ["symbol", "tables", "deeds"],
)

BODIES: dict[str, tuple[JSON, list[str], str]] = {
    "game": (
        {
            "constants": _obj(
                {
                    "starting_coins": COUNT,
                    "deeds_per_player": COUNT,
                    "row_size": COUNT,
                    "spell_hand": COUNT,
                    "castle_size": COUNT,
                    "turns": PER_PLAYERS,
                    "income": PER_PLAYERS,
                    "track_vp": {
                        **_list({"type": "integer"}, "VP of each position"),
                        "minItems": 2,
                    },
                    "royal_scorings_per_player": PER_PLAYERS,
                },
                [
                    "starting_coins",
                    "deeds_per_player",
                    "row_size",
                    "spell_hand",
                    "castle_size",
                    "turns",
                    "income",
                    "track_vp",
                    "royal_scorings_per_player",
                ],
            ),
            "peoples": _list(_obj({"id": ID, "name": NAMES}, ["id", "name"]), "track order"),
            "symbols": _list(
                _obj({"id": ID, "name": NAMES, "guild": NAMES}, ["id", "name", "guild"]),
                "the guild symbols",
            ),
        },
        ["constants", "peoples", "symbols"],
        "The game's constants, its peoples (in track order) and its guild symbols.",
    ),
    "components": (
        {
            "customer_tiles": _by_id(COUNT),
            "guild_tokens": _by_id(COUNT),
            "privilege_tokens": COUNT,
        },
        ["customer_tiles", "guild_tokens", "privilege_tokens"],
        "How many of each finite component the box holds.",
    ),
    "board": (
        {
            "taverns": _list(
                _obj(
                    {"id": ID, "size": {"enum": ["small", "large"]}, "name": NAMES},
                    ["id", "size", "name"],
                ),
                "the taverns of the city",
            ),
            "sides": _list(
                _obj(
                    {
                        "id": ID,
                        "players": _list({"type": "integer", "minimum": 1}, "player counts"),
                        "name": NAMES,
                        "taverns": _by_id(LAYOUT),
                    },
                    ["id", "players", "name", "taverns"],
                ),
                "the board sides",
            ),
            "layouts": {
                "type": "object",
                "description": "taverns added to existing board sides: side id -> tavern id -> "
                "layout (how a pack adds a tavern without replacing the sides)",
                "propertyNames": ID,
                "additionalProperties": _by_id(LAYOUT),
                "examples": [
                    {
                        "small": {
                            "crypt": {
                                "symbol": "lyre",
                                "tables": ["orc", "elf", "dwarf"],
                                "deeds": [{"price": 2, "vp": 1}, {"price": 4, "vp": 2}],
                            }
                        }
                    }
                ],
            },
        },
        ["taverns"],
        "The taverns and the layout of each on both sides of the board; a pack adds a "
        "tavern with its layouts on the existing sides.",
    ),
    "customers": (
        {
            "cards": _list(
                _obj(
                    {
                        "id": ID,
                        "peoples": {
                            "type": "array",
                            "items": {"type": "string"},
                            "minItems": 1,
                            "maxItems": 2,
                        },
                        "symbols": {
                            "type": "array",
                            "items": {"type": "string"},
                            "minItems": 1,
                            "maxItems": 2,
                        },
                        "players": {
                            "type": "integer",
                            "minimum": 1,
                            "description": "the 2+/4+/5 mark",
                        },
                    },
                    ["id", "peoples", "symbols", "players"],
                ),
                "the customer cards",
            )
        },
        ["cards"],
        "Customer cards.",
    ),
    "tracks": (
        {
            "tracks": _list(
                _obj(
                    {
                        "people": ID,
                        "bonuses": {
                            "type": "object",
                            "propertyNames": {"pattern": "^[0-9]+$"},
                            "additionalProperties": EFFECT,
                        },
                    },
                    ["people", "bonuses"],
                ),
                "one track per people",
            )
        },
        ["tracks"],
        "The bonus effect on each position of the people tracks.",
    ),
    "royal_scoring": (
        {
            "scorings": _list(
                _obj({"id": ID, "name": NAMES, "effect": EFFECT}, ["id", "name", "effect"]),
                "the royal scoring opportunities",
            )
        },
        ["scorings"],
        "Royal scoring opportunities.",
    ),
    "dignitaries": (
        {
            "dignitaries": _list(
                _obj(
                    {
                        "id": ID,
                        "name": NAMES,
                        "acts_in": {
                            "enum": ["anywhere", "arrival"],
                            "description": "'arrival': the effect acts in the tavern the figure is sent to",
                        },
                        "provenance": {"enum": PROVENANCES},
                        "note": {"type": "string"},
                        "levels": {
                            "type": "array",
                            "minItems": 1,
                            "maxItems": 4,
                            "description": "what the player may pay for, each with its cost and effect",
                            "items": _obj({"cost": COUNT, "effect": EFFECT}, ["cost", "effect"]),
                        },
                    },
                    ["id", "name", "levels"],
                ),
                "the dignitaries",
            )
        },
        ["dignitaries"],
        "Dignitaries.",
    ),
    "favours": (
        {
            "favours": _list(
                _obj(
                    {
                        "id": ID,
                        "name": NAMES,
                        "copies": {"type": "integer", "minimum": 1},
                        "effect": EFFECT,
                        "provenance": {"enum": PROVENANCES},
                        "note": {"type": "string"},
                    },
                    ["id", "name", "copies"],
                ),
                "the kinds of royal favour",
            )
        },
        ["favours"],
        "Royal favour tiles.",
    ),
    "spells": (
        {
            "spells": _list(
                _obj(
                    {
                        "id": ID,
                        "name": NAMES,
                        "copies": {"type": "integer", "minimum": 1},
                        "cost": COUNT,
                        "timing": {"enum": ["own_turn", "any_turn"]},
                        "curse": {"type": "boolean"},
                        "effect": EFFECT,
                        "trigger": TRIGGER,
                        "provenance": {"enum": PROVENANCES},
                        "note": {"type": "string", "description": "what the card is modelled on"},
                    },
                    ["id", "name", "copies"],
                ),
                "the kinds of spell card",
            )
        },
        ["spells"],
        "Spell cards, the Curse among them.",
    ),
    "options": (
        {
            "options": _list(
                _obj(
                    {
                        "id": ID,
                        "type": {"enum": ["bool", "choice", "int"]},
                        "default": {"type": ["boolean", "integer", "string"]},
                        "reason": {"type": "string", "minLength": 1},
                        "choices": {"type": "array", "items": {"type": "string"}},
                        "name": NAMES,
                    },
                    ["id", "type", "default", "reason"],
                ),
                "the rule options",
            )
        },
        ["options"],
        "Rule options, each with its default and the reason it exists.",
    ),
}

_CONSTANTS = BODIES["game"][0]["constants"]["properties"]
_ITEM_KINDS = [
    "customers",
    "tracks",
    "royal_scoring",
    "dignitaries",
    "favours",
    "spells",
    "options",
    "taverns",
    "sides",
]
BODIES["pack"] = (
    {
        "id": {**ID, "examples": ["fey_court"]},
        "name": NAMES,
        "version": {
            "type": "string",
            "pattern": "^[0-9]+\\.[0-9]+(\\.[0-9]+)?$",
            "description": "the pack's own version: MAJOR.MINOR or MAJOR.MINOR.PATCH",
            "examples": ["1.0.0"],
        },
        "extends": {
            **_list(ID, "the ids of the packs this pack builds on ('base' for the base game)"),
            "uniqueItems": True,
            "examples": [["base"]],
        },
        "description": {"type": "string", "description": "what the pack adds or changes"},
        "players": {
            **_list({"type": "integer", "minimum": 1}, "the player counts the pack supports"),
            "uniqueItems": True,
            "minItems": 1,
        },
    },
    ["id", "name", "version", "extends"],
    "A pack's manifest (pack.yaml): its id, names, version and the packs it extends.",
)
BODIES["changes"] = (
    {
        "remove": {
            "type": "object",
            "description": "ids of the items to remove, by kind",
            "propertyNames": {"enum": _ITEM_KINDS},
            "additionalProperties": {**_list(ID, "item ids"), "minItems": 1, "uniqueItems": True},
            "examples": [{"spells": ["eviction"], "favours": ["add_mask"]}],
        },
        "constants": {
            "type": "object",
            "description": "new values for some of the game's constants",
            "properties": _CONSTANTS,
            "additionalProperties": False,
            "examples": [{"starting_coins": 12}],
        },
        "options": {
            "type": "object",
            "description": "new defaults for rule options, by option id",
            "propertyNames": ID,
            "additionalProperties": {"type": ["boolean", "integer", "string"]},
            "examples": [{"use_curse": False}],
        },
    },
    [],
    "Changes a pack makes to the packs it extends: removals, constants, option defaults.",
)

KINDS: tuple[str, ...] = tuple(BODIES)
#: Kinds whose files may say ``merge: replace``.
MERGEABLE: tuple[str, ...] = tuple(k for k in KINDS if k not in ("pack", "changes"))


#: Descriptions of the properties that mean the same wherever they appear, added to
#: every schema so an editor's hover text explains each key.
PROPERTY_DOCS: dict[str, str] = {
    "constants": "the numbers the rules are built on",
    "starting_coins": "coins each player starts with",
    "deeds_per_player": "property deeds each player has",
    "row_size": "customer cards face up in the row",
    "spell_hand": "spell cards dealt to each player",
    "castle_size": "royal favours face up in the castle",
    "en": "English",
    "fr": "French",
    "nl": "Dutch",
    "size": "'small' taverns hold the dignitaries at setup",
    "taverns": "each tavern's layout on this side, by tavern id",
    "price": "coins paid for the deed",
    "vp": "victory points the deed scores at the end",
    "peoples": "people ids (the tile colours) the card shows",
    "symbols": "guild symbol ids the card shows",
    "bonuses": "the bonus effect of a position, by position number (1 to the top)",
    "cost": "coins paid to play it",
    "copies": "how many copies are in the game",
    "provenance": "'rulebook': from a rulebook; 'printed': copied from the printed components; "
    "'reconstructed': designed by us (the default of an item is its file's provenance)",
    "note": "where it comes from, or why it is so",
    "curse": "true for the Curse: applied when drawn, then replaced",
    "timing": "'own_turn', or 'any_turn' for a spell also cast on other players' turns",
    "type": "the option's type: bool, int or choice",
    "default": "the value used when a game does not set the option",
    "reason": "why the option exists (the ruling it settles)",
    "choices": "the values a choice option takes",
    "customer_tiles": "customer tiles of each people",
    "guild_tokens": "guild tokens of each symbol",
    "privilege_tokens": "privilege tokens in the box",
    "effect": "what it does, in the effect DSL (see the DSL reference)",
}
#: An example item for each list, shown by editors when completing a new entry.
ITEM_EXAMPLES: dict[str, JSON] = {
    "spells": {
        "id": "ale_blessing",
        "copies": 3,
        "cost": 1,
        "timing": "own_turn",
        "name": {"en": "Ale Blessing", "fr": "Bénédiction de la Cervoise", "nl": "Biezegen"},
        "effect": {"gain_coins": {"amount": 3}},
    },
    "favours": {
        "id": "gain_level",
        "copies": 2,
        "name": {"en": "Climb", "fr": "Ascension", "nl": "Klim"},
        "effect": {"advance_track": {"people": "choice"}},
    },
    "cards": {"id": "c99", "peoples": ["orc"], "symbols": ["beer"], "players": 2},
    "dignitaries": {
        "id": "princess",
        "name": {"en": "Princess", "fr": "Princesse", "nl": "Prinses"},
        "levels": [{"cost": 3, "effect": {"take_favours": {"count": 1}}}],
    },
    "options": {"id": "my_variant", "type": "bool", "default": False, "reason": "a house rule"},
}


def _describe(node: Any, key: str = "") -> None:
    """Add the shared descriptions, and titles and examples to list items, in place."""
    if isinstance(node, dict):
        if key in PROPERTY_DOCS and "description" not in node and "$ref" not in node:
            node["description"] = PROPERTY_DOCS[key]
        for name, child in node.get("properties", {}).items():
            _describe(child, name)
            if (
                isinstance(child, dict)
                and child.get("type") == "array"
                and isinstance(child.get("items"), dict)
            ):
                items = child["items"]
                if items.get("type") == "object":
                    items.setdefault("title", name)
                    if name in ITEM_EXAMPLES:
                        items.setdefault("examples", [ITEM_EXAMPLES[name]])
                _describe(items)
        for name in ("additionalProperties", "items"):
            if isinstance(node.get(name), dict):
                _describe(node[name])


def content_schema(kind: str) -> JSON:
    """The JSON Schema of a content file of ``kind``."""
    properties, required, description = BODIES[kind]
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
    if kind in MERGEABLE:
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
                "$id": f"{BASE_ID}{kind}.schema.json",
                "title": f"taverna_rules {kind} file",
                "description": description,
                **_obj({**header, **properties}, ["format", "kind", *required]),
                "$defs": effect_schema()["$defs"],
            }
        )
    )  # a deep copy: the shared parts are described in place
    _describe(schema)
    return schema


def rendered_schemas() -> dict[str, str]:
    """File name -> JSON text of every schema, as shipped in ``schemas/taverna/``."""
    files = {f"{kind}.schema.json": content_schema(kind) for kind in KINDS}
    files["effect.schema.json"] = effect_schema()
    return {name: json.dumps(schema, indent=2, ensure_ascii=False) + "\n" for name, schema in files.items()}


def write_schemas(folder: Path) -> list[Path]:
    """Write every schema into ``folder``; return the paths written."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, text in rendered_schemas().items():
        path = folder / name
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written


if __name__ == "__main__":  # pragma: no cover - a maintenance command
    for path in write_schemas(Path(sys.argv[1] if len(sys.argv) > 1 else "schemas/taverna")):
        print(path)
