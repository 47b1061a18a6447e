"""Taverna's content kinds: the schema of each file kind, and the descriptions and
examples the published schemas carry for editors (``schemas/taverna/`` is generated from
here with ``taverna schema --out schemas/taverna``; a test proves the shipped files are
current)."""

from __future__ import annotations

from taverna_rules.content.schema_source import (
    COUNT,
    EFFECT,
    ID,
    JSON,
    PER_PLAYERS,
    PROVENANCES,
    names_schema,
    options_kind,
)
from taverna_rules.content.schema_source import (
    by_id as _by_id,
)
from taverna_rules.content.schema_source import (
    list_of as _list,
)
from taverna_rules.content.schema_source import (
    obj as _obj,
)
from taverna_rules.content.spec import KindBody
from taverna_rules.games.taverna.ruleset import TRIGGER_EVENTS, TRIGGER_PLAYERS
from taverna_rules.games.taverna.vocabulary import LANGUAGES

__all__ = ["BODIES", "ITEM_EXAMPLES", "LANGUAGES", "PROPERTY_DOCS"]

NAMES = names_schema(LANGUAGES, {"en": "Orcs", "fr": "Orcs", "nl": "Orks"})

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


DEED = _obj({"price": COUNT, "vp": COUNT}, ["price", "vp"], "a deed space: price and VP")
LAYOUT = _obj(
    {
        "symbol": {"type": "string", "description": "the tavern's printed guild symbol"},
        "tables": _list({"type": "string"}, "the people (colour) of each table"),
        "deeds": {**_list(DEED, "the deed spaces"), "minItems": 1, "maxItems": 4},
    },
    ["symbol", "tables", "deeds"],
)

BODIES: dict[str, KindBody] = {
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
    "options": options_kind(NAMES),
}


#: Descriptions of the properties that mean the same wherever they appear, added to
#: every schema so an editor's hover text explains each key.
PROPERTY_DOCS: dict[str, str] = {
    "constants": "the numbers the rules are built on",
    "starting_coins": "coins each player starts with",
    "deeds_per_player": "property deeds each player has",
    "row_size": "customer cards face up in the row",
    "spell_hand": "spell cards dealt to each player",
    "castle_size": "royal favours face up in the castle",
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
