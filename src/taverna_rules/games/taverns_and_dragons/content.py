"""Taverns & Dragons' content spec: its file kinds and their schemas, and the builder
from the merged content to a :class:`~taverna_rules.games.taverns_and_dragons.ruleset.RuleSet`
with its semantic checks (:mod:`taverna_rules.games.taverns_and_dragons.content_checks`;
the generic pipeline, :mod:`taverna_rules.content.loader`, does the rest). Its names are in
English and French, the language of its rulebook."""

from __future__ import annotations

from typing import Any

from taverna_rules._resources import bundled
from taverna_rules.content.loader import CONVERTER
from taverna_rules.content.model import FORMAT_VERSION, Names
from taverna_rules.content.problems import Problem
from taverna_rules.content.schema_source import (
    EFFECT,
    ID,
    JSON,
    PROVENANCES,
    list_of,
    names_schema,
    obj,
    options_kind,
)
from taverna_rules.content.spec import Built, ContentSpec, KindBody
from taverna_rules.core.board_map import BoardMap
from taverna_rules.dsl.parse import parse_cond, parse_effect
from taverna_rules.dsl.schema import COND
from taverna_rules.games.taverns_and_dragons.content_checks import checks, first_game_doc
from taverna_rules.games.taverns_and_dragons.ruleset import (
    ABILITY_WHEN,
    DAY_ICONS,
    ENGINE_OPTIONS,
    GAME,
    INGREDIENTS,
    ROLES,
    BankSpace,
    Constants,
    Cost,
    Day,
    Dragon,
    DungeonToken,
    EventCard,
    ForgeToken,
    GridRow,
    Hero,
    Ingredient,
    Location,
    Mission,
    Recipe,
    Region,
    RuleSet,
    Sbire,
    Symbol,
    Tavern,
    Trophy,
)
from taverna_rules.games.taverns_and_dragons.vocabulary import ATTACKS, FACE, SYMBOLS, VOCABULARY

__all__ = ["BODIES", "CONTENT", "LANGUAGES", "build"]

#: The rulebook is French; names are written in English first (the library's fallback)
#: and French.
LANGUAGES: tuple[str, ...] = ("en", "fr")
NAMES = names_schema(LANGUAGES, {"en": "Dragon Egg Omelette", "fr": "Omelette d'œuf de dragon"})
_PROVENANCE: JSON = {"enum": PROVENANCES}
_NOTE: JSON = {"type": "string", "description": "what the entry is modelled on, or where it comes from"}
_COUNT: JSON = {"type": "integer", "minimum": 0, "maximum": 99}
_POSITIVE: JSON = {"type": "integer", "minimum": 1, "maximum": 99}
_INGREDIENT: JSON = {"enum": list(INGREDIENTS)}
_BY_INGREDIENT: JSON = {
    "type": "object",
    "propertyNames": _INGREDIENT,
    "additionalProperties": {"type": "integer", "minimum": 1, "maximum": 20},
    "minProperties": 1,
}
_LETTER: JSON = {"type": "string", "pattern": "^[A-Z]$", "description": "a location space's letter"}
_SOURCED: JSON = {"provenance": _PROVENANCE, "note": _NOTE}
_CONSTANTS = (
    "rounds",
    "dice",
    "start_gold",
    "start_energy",
    "catch_up_total",
    "catch_up_gold",
    "gems",
    "gold",
    "runes",
    "wounds",
    "market",
    "recipes_shown",
    "dragons",
    "locations",
    "places",
    "two_player_places",
    "hunting_dice",
    "damage_markers",
    "fire_tokens",
    "frost_tokens",
    "full_rows_from",
    "missions_dealt",
    "slots",
)
_COST: JSON = obj(
    {
        "gold": _POSITIVE,
        "energy": _POSITIVE,
        "prestige": _POSITIVE,
        "carried": {**_BY_INGREDIENT, "description": "ingredients the visiting sbire carries, paid"},
    },
    [],
    "what a visit pays (l.285)",
)

BODIES: dict[str, KindBody] = {
    "game": (
        {
            "constants": obj(
                {
                    "players": list_of({"type": "integer", "minimum": 1, "maximum": 8}, "player counts"),
                    **dict.fromkeys(_CONSTANTS, _COUNT),
                },
                ["players", *_CONSTANTS],
            ),
            "ingredients": list_of(
                obj({"id": _INGREDIENT, "name": NAMES, "count": _POSITIVE}, ["id", "name", "count"]),
                "the five ingredients and their tokens (l.97)",
            ),
            "bag": {
                **_BY_INGREDIENT,
                "description": "the bag at the start and at each refresh (l.162, l.411)",
            },
            "sbires": list_of(
                obj(
                    {
                        "id": ID,
                        "name": NAMES,
                        "moves": {"type": "integer", "minimum": 0, "maximum": 3},
                        "slots": {"type": "integer", "minimum": 0, "maximum": 3},
                        "ignores": {"enum": list(SYMBOLS)},
                    },
                    ["id", "name"],
                ),
                "a player's sbires, one of each (l.69)",
            ),
            "symbols": list_of(
                obj(
                    {"id": {"enum": list(SYMBOLS)}, "role": {"enum": list(ROLES)}, "name": NAMES},
                    ["id", "role", "name"],
                ),
                "the hunting dice's symbols and what each does",
            ),
            "action_die": obj(
                {
                    "faces": {
                        **list_of({"type": "integer", "minimum": 1, "maximum": 9}, "its faces"),
                        "minItems": 2,
                        "maxItems": 12,
                    },
                    **_SOURCED,
                },
                ["faces"],
                "the action die's faces (values 1 to 4 are known, B1)",
            ),
            "hunting_die": obj(
                {"faces": {**list_of(FACE, "its faces"), "minItems": 2, "maxItems": 12}, **_SOURCED},
                ["faces"],
                "a hunting die's faces, each the symbols it shows",
            ),
            "bank": obj(
                {
                    "spaces": {
                        **list_of(
                            obj(
                                {"die": {"type": "integer", "minimum": 1, "maximum": 9}, "gold": _POSITIVE},
                                ["gold"],
                            ),
                            "the bank's spaces, left to right; one with no die takes any (the last, l.212)",
                        ),
                        "minItems": 1,
                    },
                    **_SOURCED,
                },
                ["spaces"],
                "the royal bank (l.204-212)",
            ),
            "recipe_row": obj(
                {
                    "bonuses": {
                        **list_of({"type": "integer", "minimum": 0, "maximum": 5}, "from the newest place"),
                        "minItems": 1,
                        "maxItems": 9,
                    },
                    **_SOURCED,
                },
                ["bonuses"],
                "the recipe row: the bonus under each place (l.345, l.390)",
            ),
            "days": obj(
                {
                    "rounds": list_of(
                        obj(
                            {
                                "round": _POSITIVE,
                                "icons": {
                                    **list_of({"enum": list(DAY_ICONS)}, "top to bottom"),
                                    "uniqueItems": True,
                                },
                                "event": {
                                    "enum": ["a", "b"],
                                    "description": "the effect of the event that applies",
                                },
                            },
                            ["round", "icons"],
                        ),
                        "what the King crosses at the end of each round (l.391-419)",
                    ),
                    **_SOURCED,
                },
                ["rounds"],
                "the days track",
            ),
        },
        [
            "constants",
            "ingredients",
            "bag",
            "sbires",
            "symbols",
            "action_die",
            "hunting_die",
            "bank",
            "recipe_row",
            "days",
        ],
        "The game's numbers, ingredients, sbires, dice, bank, recipe row and days track.",
    ),
    "map": (
        {
            "spaces": {
                **list_of(_LETTER, "the location spaces, in the first game's order"),
                "minItems": 1,
                "uniqueItems": True,
            },
            "gates": {**ID, "description": "the region where sbires start and drop their goods"},
            "runes": {**ID, "description": "the region a passing sbire takes a rune in"},
            "regions": {
                **list_of(
                    obj(
                        {
                            "id": ID,
                            "name": NAMES,
                            "next": {
                                **list_of(
                                    ID, "the regions a move may enter next: the path first, then forks"
                                ),
                                "minItems": 1,
                                "maxItems": 4,
                            },
                            "letters": {
                                **list_of(_LETTER, "the location spaces it is adjacent to"),
                                "uniqueItems": True,
                            },
                            "token": {
                                "type": "boolean",
                                "description": "whether it has an ingredient token space",
                            },
                            "ingredient": _INGREDIENT,
                        },
                        ["id", "name", "next", "letters"],
                    ),
                    "the regions, in path order",
                ),
                "minItems": 2,
                "maxItems": 64,
            },
            **_SOURCED,
        },
        ["spaces", "gates", "runes", "regions"],
        "The map (l.242-291): regions, the path and its forks, letters, ingredients.",
    ),
    "locations": (
        {
            "locations": list_of(
                obj(
                    {
                        "id": ID,
                        "tile": {"type": "integer", "minimum": 1, "maximum": 20},
                        "name": NAMES,
                        "cost": _COST,
                        "places": {
                            **list_of(_COST, "each place's cost, in order"),
                            "minItems": 1,
                            "maxItems": 4,
                        },
                        "effect": EFFECT,
                        **_SOURCED,
                    },
                    ["id", "tile", "name", "effect"],
                ),
                "the locations, faces of the tiles",
            ),
            "first_game": list_of(ID, "the first game's locations, one per space in order (l.157)"),
        },
        ["locations"],
        "Location tiles (l.531-587): two faces a tile.",
    ),
    "taverns": (
        {
            "taverns": list_of(
                obj(
                    {
                        "id": ID,
                        "name": NAMES,
                        "colour": {"type": "string", "minLength": 1},
                        "power": {
                            **list_of(EFFECT, "the spaces after the start"),
                            "minItems": 1,
                            "maxItems": 8,
                        },
                        **_SOURCED,
                    },
                    ["id", "name", "colour", "power"],
                ),
                "the tavern boards",
            )
        },
        ["taverns"],
        "Tavern boards (l.25) and their power tracks (l.486-493).",
    ),
    "heroes": (
        {
            "heroes": list_of(
                obj(
                    {
                        "id": ID,
                        "name": NAMES,
                        "cost": {"type": "integer", "minimum": 0, "maximum": 20},
                        "prestige": {"type": "integer", "minimum": 0, "maximum": 20},
                        "ability": obj(
                            {"effect": EFFECT, "when": {"enum": list(ABILITY_WHEN)}},
                            ["effect"],
                            "used at a moment of its owner's turn, then exhausted (l.361-367)",
                        ),
                        "bonus": EFFECT,
                        **_SOURCED,
                    },
                    ["id", "name", "cost", "prestige", "ability", "bonus"],
                ),
                "the hero cards",
            )
        },
        ["heroes"],
        "Hero cards (l.353-380): cost, prestige, ability and once-a-game bonus.",
    ),
    "recipes": (
        {
            "recipes": list_of(
                obj(
                    {
                        "id": ID,
                        "name": NAMES,
                        "prestige": {"type": "integer", "minimum": 0, "maximum": 30},
                        "ingredients": _BY_INGREDIENT,
                        **_SOURCED,
                    },
                    ["id", "name", "prestige", "ingredients"],
                ),
                "the recipe cards",
            )
        },
        ["recipes"],
        "Recipe cards (l.335-349): prestige and ingredients.",
    ),
    "dragons": (
        {
            "dragons": list_of(
                obj(
                    {
                        "id": ID,
                        "name": NAMES,
                        "location": _LETTER,
                        "grid": {
                            **list_of(
                                obj(
                                    {
                                        "symbols": {
                                            **list_of({"enum": list(ATTACKS)}, "attack symbols"),
                                            "minItems": 1,
                                            "maxItems": 6,
                                        },
                                        "reward": EFFECT,
                                        "players": {"type": "integer", "minimum": 2, "maximum": 8},
                                    },
                                    ["symbols", "reward"],
                                ),
                                "the damage grid's rows",
                            ),
                            "minItems": 1,
                            "maxItems": 8,
                        },
                        "appearance": EFFECT,
                        "special": EFFECT,
                        **_SOURCED,
                    },
                    ["id", "name", "location", "grid", "appearance", "special"],
                ),
                "the dragon boards",
            )
        },
        ["dragons"],
        "Dragon boards (l.295-331, l.401-405): where it lands, its grid, its attacks.",
    ),
    "missions": (
        {
            "missions": list_of(
                obj(
                    {
                        "id": ID,
                        "name": NAMES,
                        "condition": COND,
                        "prestige": {"type": "integer", "minimum": 1, "maximum": 30},
                        **_SOURCED,
                    },
                    ["id", "name", "condition", "prestige"],
                ),
                "the mission cards",
            )
        },
        ["missions"],
        "Mission cards (the module of l.468-472).",
    ),
    "events": (
        {
            "events": list_of(
                obj(
                    {"id": ID, "name": NAMES, "a": EFFECT, "b": EFFECT, **_SOURCED}, ["id", "name", "a", "b"]
                ),
                "the event cards",
            )
        },
        ["events"],
        "Event cards (the module of l.476-480): two effects each.",
    ),
    "tokens": (
        {
            "trophies": list_of(
                obj({"id": ID, "name": NAMES, "prestige": _POSITIVE}, ["id", "name", "prestige"]),
                "the trophies (l.109)",
            ),
            "dungeon": list_of(
                obj(
                    {"id": ID, "kind": {"enum": ["gold", "prestige", "wound"]}, "amount": _POSITIVE},
                    ["id", "kind", "amount"],
                ),
                "the Dungeon tokens (l.117, l.545-549)",
            ),
            "forge": list_of(
                obj({"id": ID, "symbol": {"enum": list(ATTACKS)}}, ["id", "symbol"]),
                "the Forge tokens (l.113, l.552-554)",
            ),
        },
        [],
        "Trophies, Dungeon and Forge tokens.",
    ),
    "options": options_kind(NAMES),
}


def _names(data: dict[str, Any]) -> Names:
    return CONVERTER.structure(data, Names)


def _cost(data: dict[str, Any]) -> Cost:
    carried = tuple(sorted(data.get("carried", {}).items()))
    return Cost(data.get("gold", 0), data.get("energy", 0), data.get("prestige", 0), carried)


def _location(item: dict[str, Any], places: int) -> Location:
    costs = (
        tuple(_cost(c) for c in item["places"])
        if "places" in item
        else (_cost(item.get("cost", {})),) * places
    )
    return Location(
        item["id"],
        item["tile"],
        _names(item["name"]),
        costs,
        parse_effect(item["effect"]),
        item.get("provenance", "rulebook"),
        item.get("note", ""),
    )


def _hero(item: dict[str, Any]) -> Hero:
    ability = item["ability"]
    return Hero(
        item["id"],
        _names(item["name"]),
        item["cost"],
        item["prestige"],
        parse_effect(ability["effect"]),
        ability.get("when", "turn"),
        parse_effect(item["bonus"]),
        item.get("provenance", "reconstructed"),
        item.get("note", ""),
    )


def _dragon(item: dict[str, Any]) -> Dragon:
    return Dragon(
        item["id"],
        _names(item["name"]),
        item["location"],
        tuple(
            GridRow(tuple(row["symbols"]), parse_effect(row["reward"]), row.get("players", 0))
            for row in item["grid"]
        ),
        parse_effect(item["appearance"]),
        parse_effect(item["special"]),
        item.get("provenance", "reconstructed"),
        item.get("note", ""),
    )


def _board(regions: list[dict[str, Any]]) -> BoardMap:
    return BoardMap.of({r["id"]: tuple(r["next"]) for r in regions})


def _sourced(item: dict[str, Any]) -> tuple[str, str]:
    return item.get("provenance", "reconstructed"), item.get("note", "")


def build(built: Built) -> RuleSet | None:
    """Taverns & Dragons' rule set from the merged content, with its semantic checks'
    problems added (None when a file kind it needs is missing, or on any error)."""
    merged, problems = built.merged, built.problems
    missing = [kind for kind in ("game", "map") if kind not in merged.singles]
    if missing:
        problems.extend(
            Problem("missing-kind", f"no {kind!r} file in the content", hint="the base game has one")
            for kind in missing
        )
        return None
    game, board = merged.singles["game"].data, merged.singles["map"].data
    c = game["constants"]
    constants = Constants(player_counts=tuple(sorted(c["players"])), **{k: c[k] for k in _CONSTANTS})
    locations_doc = first_game_doc(built)
    rules = RuleSet(
        format_version=FORMAT_VERSION,
        fingerprint=built.fingerprint,
        sources=tuple(d.source.file for d in built.docs),
        constants=constants,
        ingredients=tuple(Ingredient(i["id"], _names(i["name"]), i["count"]) for i in game["ingredients"]),
        bag=tuple((kind, game["bag"][kind]) for kind in INGREDIENTS if kind in game["bag"]),
        sbires=tuple(
            Sbire(s["id"], _names(s["name"]), s.get("moves", 0), s.get("slots", 0), s.get("ignores", ""))
            for s in game["sbires"]
        ),
        symbols=tuple(Symbol(s["id"], s["role"], _names(s["name"])) for s in game["symbols"]),
        action_die=tuple(game["action_die"]["faces"]),
        hunting_die=tuple(tuple(face) for face in game["hunting_die"]["faces"]),
        bank=tuple(BankSpace(s.get("die", 0), s["gold"]) for s in game["bank"]["spaces"]),
        recipe_bonuses=tuple(game["recipe_row"]["bonuses"]),
        days=tuple(Day(d["round"], tuple(d["icons"]), d.get("event", "")) for d in game["days"]["rounds"]),
        regions=tuple(
            Region(
                r["id"],
                _names(r["name"]),
                tuple(r["letters"]),
                r.get("token", False),
                r.get("ingredient", ""),
            )
            for r in board["regions"]
        ),
        board=_board(board["regions"]),
        spaces=tuple(board["spaces"]),
        gates=board["gates"],
        runes=board["runes"],
        locations=tuple(_location(item, c["places"]) for item in built.items("locations")),
        first_game=tuple(locations_doc.data["first_game"]) if locations_doc else (),
        taverns=tuple(
            Tavern(t["id"], _names(t["name"]), t["colour"], tuple(parse_effect(e) for e in t["power"]))
            for t in built.items("taverns")
        ),
        heroes=tuple(_hero(item) for item in built.items("heroes")),
        recipes=tuple(
            Recipe(
                r["id"],
                _names(r["name"]),
                r["prestige"],
                tuple((k, r["ingredients"][k]) for k in INGREDIENTS if k in r["ingredients"]),
                *_sourced(r),
            )
            for r in built.items("recipes")
        ),
        dragons=tuple(_dragon(item) for item in built.items("dragons")),
        missions=tuple(
            Mission(m["id"], _names(m["name"]), parse_cond(m["condition"]), m["prestige"], *_sourced(m))
            for m in built.items("missions")
        ),
        events=tuple(
            EventCard(e["id"], _names(e["name"]), parse_effect(e["a"]), parse_effect(e["b"]), *_sourced(e))
            for e in built.items("events")
        ),
        trophies=tuple(Trophy(t["id"], _names(t["name"]), t["prestige"]) for t in built.items("trophies")),
        dungeon=tuple(DungeonToken(t["id"], t["kind"], t["amount"]) for t in built.items("dungeon")),
        forge=tuple(ForgeToken(t["id"], t["symbol"]) for t in built.items("forge")),
        options=built.options(),
        provenance=built.provenance(),
        packs=built.packs,
        declared=built.where.declarations(),
    )
    finished: RuleSet | None = built.finish(rules, checks(rules, built, complete=not merged.incomplete))
    return finished


CONTENT = ContentSpec(
    game=GAME,
    kinds=BODIES,
    item_lists={
        "locations": (("locations", "locations", "id"),),
        "taverns": (("taverns", "taverns", "id"),),
        "heroes": (("heroes", "heroes", "id"),),
        "recipes": (("recipes", "recipes", "id"),),
        "dragons": (("dragons", "dragons", "id"),),
        "missions": (("missions", "missions", "id"),),
        "events": (("events", "events", "id"),),
        "tokens": (("trophies", "trophies", "id"), ("dungeon", "dungeon", "id"), ("forge", "forge", "id")),
        "options": (("options", "options", "id"),),
    },
    build=build,
    cards=bundled("cards", GAME),
    schemas=bundled("schemas", GAME),
    singletons=("game", "map"),
    constants_kind="game",
    names={
        "locations": "location",
        "taverns": "tavern",
        "heroes": "hero",
        "recipes": "recipe",
        "dragons": "dragon",
        "missions": "mission",
        "events": "event",
        "trophies": "trophy",
        "dungeon": "Dungeon token",
        "forge": "Forge token",
        "options": "option",
    },
    effects=VOCABULARY.effect_schema()["$defs"],
    languages=LANGUAGES,
    engine_options=ENGINE_OPTIONS,
    items_with_provenance=("locations", "taverns", "heroes", "recipes", "dragons", "missions", "events"),
    changes_examples={
        "remove": {"heroes": ["gardienne"]},
        "constants": {"slots": 3},
        "options": {"events": True},
    },
)
