"""Cavern Tavern's content spec: its file kinds and their schemas, and the builder from
the merged content to a :class:`~taverna_rules.games.cavern_tavern.ruleset.RuleSet` with
its semantic checks (the generic pipeline, :mod:`taverna_rules.content.loader`, does the
rest). Its names are in English, the language of its rulebook."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from taverna_rules._resources import bundled
from taverna_rules.content.loader import CONVERTER
from taverna_rules.content.model import FORMAT_VERSION, Names
from taverna_rules.content.problems import Problem
from taverna_rules.content.schema_source import (
    COUNT,
    EFFECT,
    ID,
    JSON,
    PER_PLAYERS,
    PROVENANCES,
    list_of,
    names_schema,
    obj,
    options_kind,
)
from taverna_rules.content.spec import Built, ContentSpec, KindBody
from taverna_rules.dsl.parse import parse_effect
from taverna_rules.games.cavern_tavern.ruleset import (
    AREAS,
    ENGINE_OPTIONS,
    GAME,
    Constants,
    Ingredient,
    Item,
    NastyCard,
    Order,
    Place,
    RuleSet,
    SecretTask,
    Track,
)
from taverna_rules.games.cavern_tavern.vocabulary import LANGUAGES, effect_schema

__all__ = ["BODIES", "CONTENT", "build"]

NAMES = names_schema(LANGUAGES, {"en": "Thunder Smoke"})
_PROVENANCE: JSON = {"enum": PROVENANCES}
_NOTE: JSON = {"type": "string", "description": "what the card is modelled on, or where it comes from"}
_POSITIVE: JSON = {"type": "integer", "minimum": 1}
_LEVELS: JSON = {**list_of({"type": "integer", "minimum": 0}, "track levels, ascending"), "maxItems": 9}


def _card(properties: JSON, required: list[str], what: str) -> JSON:
    fields = {"id": ID, "name": NAMES, **properties, "provenance": _PROVENANCE, "note": _NOTE}
    return list_of(obj(fields, ["id", "name", *required]), what)


BODIES: dict[str, KindBody] = {
    "game": (
        {
            "constants": obj(
                {
                    "rounds": _POSITIVE,
                    "players": {**list_of({"type": "integer", "minimum": 1, "maximum": 9}, "player counts")},
                    "dice_per_player": _POSITIVE,
                    "tables": _POSITIVE,
                    "ingredient_copies": COUNT,
                    "potion_copies": COUNT,
                    "item_offer": _POSITIVE,
                    "unfinished_nasty": COUNT,
                    "ingredient_vp": COUNT,
                },
                [
                    "rounds",
                    "players",
                    "dice_per_player",
                    "tables",
                    "ingredient_copies",
                    "potion_copies",
                    "item_offer",
                    "unfinished_nasty",
                    "ingredient_vp",
                ],
            ),
            "ingredients": list_of(
                obj({"id": ID, "name": NAMES}, ["id", "name"]), "the Cellar's ingredients"
            ),
            "potion": obj({"id": ID, "name": NAMES}, ["id", "name"], "the Magic Potion"),
        },
        ["constants", "ingredients", "potion"],
        "The game's numbers, its twelve ingredients and the Magic Potion.",
    ),
    "places": (
        {
            "places": _card(
                {
                    "area": {"enum": list(AREAS)},
                    "dice": obj(
                        {
                            "sum": {"type": "integer", "minimum": 1, "maximum": 30},
                            "count": {**_POSITIVE, "maximum": 5},
                        },
                        [],
                        "the dice it takes: an exact sum, or any dice of a count",
                    ),
                    "slots": {"if": {"type": "integer"}, "then": _POSITIVE, "else": PER_PLAYERS},
                    "effect": EFFECT,
                },
                ["area", "dice", "slots", "effect"],
                "the places of the Tavern",
            )
        },
        ["places"],
        "The places where dice go, what they take and what they give.",
    ),
    "tracks": (
        {
            "tracks": _card(
                {
                    "top": _POSITIVE,
                    "levels": _LEVELS,
                    "extra_points": list_of(COUNT, "extra points of a task from each level"),
                    "die_change": list_of(COUNT, "how far one die may be turned from each level"),
                    "penalty": list_of(COUNT, "VP lost at the end at each position"),
                },
                ["top", "levels"],
                "the tracks of the player boards",
            )
        },
        ["tracks"],
        "The Kitchen, Chores and Nasty tracks.",
    ),
    "orders": (
        {
            "orders": _card(
                {
                    "ingredients": {
                        "type": "object",
                        "propertyNames": ID,
                        "additionalProperties": _POSITIVE,
                        "minProperties": 1,
                        "description": "the ingredients to deliver, by kind",
                    },
                    "points": {
                        **list_of({"type": "integer"}, "points by rounds late, from 0"),
                        "minItems": 1,
                    },
                    "leave": obj(
                        {"after": _POSITIVE, "lose": COUNT},
                        ["after", "lose"],
                        "the red field: customers leave after this many rounds, costing these points",
                    ),
                    "track": {"enum": ["kitchen", "chores"], "description": "the K or C icon"},
                    "item": {"type": "boolean", "description": "the item icon"},
                },
                ["ingredients", "points", "leave"],
                "the order cards",
            )
        },
        ["orders"],
        "Order cards.",
    ),
    "items": (
        {
            "items": _card(
                {"copies": _POSITIVE, "effect": EFFECT}, ["copies", "effect"], "the kinds of item card"
            )
        },
        ["items"],
        "Item cards.",
    ),
    "nasty_says": (
        {"cards": _card({"demand": EFFECT}, ["demand"], "the Nasty the Dwarf Says cards")},
        ["cards"],
        "Nasty the Dwarf Says cards: what a summoned player must pay.",
    ),
    "secret_tasks": (
        {"tasks": _card({"effect": EFFECT}, ["effect"], "the secret tasks")},
        ["tasks"],
        "Nasty's secret tasks: what each scores at the end.",
    ),
    "options": options_kind(NAMES),
}


def _slots(value: Any, counts: Iterable[int]) -> tuple[tuple[int, int], ...]:
    if isinstance(value, int):
        return tuple((n, value) for n in counts)
    return tuple(sorted((int(k), int(v)) for k, v in value.items()))


def _names(data: dict[str, Any]) -> Names:
    return CONVERTER.structure(data, Names)


def build(built: Built) -> RuleSet | None:
    """Cavern Tavern's rule set from the merged content, with its semantic checks'
    problems added (None when a file kind it needs is missing, or on any error)."""
    merged, problems = built.merged, built.problems
    game = merged.singles.get("game")
    if game is None:
        problems.append(
            Problem("missing-kind", "no 'game' file in the content", hint="the base game has one")
        )
        return None
    data = game.data
    c = data["constants"]
    counts = tuple(sorted(c["players"]))

    rules = RuleSet(
        format_version=FORMAT_VERSION,
        fingerprint=built.fingerprint,
        sources=tuple(d.source.file for d in built.docs),
        constants=Constants(
            rounds=c["rounds"],
            player_counts=counts,
            dice_per_player=c["dice_per_player"],
            tables=c["tables"],
            ingredient_copies=c["ingredient_copies"],
            potion_copies=c["potion_copies"],
            item_offer=c["item_offer"],
            unfinished_nasty=c["unfinished_nasty"],
            ingredient_vp=c["ingredient_vp"],
        ),
        ingredients=tuple(Ingredient(i["id"], _names(i["name"])) for i in data["ingredients"]),
        potion=Ingredient(data["potion"]["id"], _names(data["potion"]["name"])),
        places=tuple(
            Place(
                p["id"],
                p["area"],
                _names(p["name"]),
                parse_effect(p["effect"]),
                p["dice"].get("sum", 0),
                p["dice"].get("count", 0),
                _slots(p["slots"], counts),
            )
            for p in built.items("places")
        ),
        tracks=tuple(
            Track(
                t["id"],
                _names(t["name"]),
                t["top"],
                tuple(t["levels"]),
                tuple(t.get("extra_points", ())),
                tuple(t.get("die_change", ())),
                tuple(t.get("penalty", ())),
                t.get("provenance", "rulebook"),
            )
            for t in built.items("tracks")
        ),
        orders=tuple(
            Order(
                o["id"],
                _names(o["name"]),
                tuple(sorted(o["ingredients"].items())),
                tuple(o["points"]),
                o["leave"]["after"],
                o["leave"]["lose"],
                o.get("track"),
                bool(o.get("item", False)),
                o.get("provenance", "reconstructed"),
            )
            for o in built.items("orders")
        ),
        items=tuple(
            Item(i["id"], _names(i["name"]), i["copies"], parse_effect(i["effect"]), i.get("provenance", ""))
            for i in built.items("items")
        ),
        nasty_says=tuple(
            NastyCard(n["id"], _names(n["name"]), parse_effect(n["demand"]), n.get("provenance", ""))
            for n in built.items("nasty_says")
        ),
        secret_tasks=tuple(
            SecretTask(s["id"], _names(s["name"]), parse_effect(s["effect"]), s.get("provenance", ""))
            for s in built.items("secret_tasks")
        ),
        options=built.options(),
        provenance=built.provenance(),
        packs=built.packs,
        declared=built.where.declarations(),
    )
    from taverna_rules.games.cavern_tavern.content_checks import check

    finished: RuleSet | None = built.finish(rules, check(rules, built.where, complete=not merged.incomplete))
    return finished


CONTENT = ContentSpec(
    game=GAME,
    kinds=BODIES,
    item_lists={
        "places": (("places", "places", "id"),),
        "tracks": (("tracks", "tracks", "id"),),
        "orders": (("orders", "orders", "id"),),
        "items": (("items", "items", "id"),),
        "nasty_says": (("cards", "nasty_says", "id"),),
        "secret_tasks": (("tasks", "secret_tasks", "id"),),
        "options": (("options", "options", "id"),),
    },
    build=build,
    cards=bundled("cards", GAME),
    schemas=bundled("schemas", GAME),
    singletons=("game",),
    constants_kind="game",
    names={
        "places": "place",
        "tracks": "track",
        "orders": "order",
        "items": "item",
        "nasty_says": "Nasty the Dwarf Says card",
        "secret_tasks": "secret task",
        "options": "option",
    },
    languages=LANGUAGES,
    effects=effect_schema()["$defs"],
    engine_options=ENGINE_OPTIONS,
    items_with_provenance=("places", "tracks", "orders", "items", "nasty_says", "secret_tasks"),
    changes_examples={
        "remove": {"items": ["tip_jar"], "orders": ["thunder_smoke"]},
        "constants": {"rounds": 8},
        "options": {"blind_order_in_first_round": True},
    },
)
