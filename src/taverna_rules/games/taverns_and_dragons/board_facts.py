"""Taverns & Dragons' board facts for the page (:attr:`GameModule.board_facts
<taverna_rules.GameModule.board_facts>`): what a view does not repeat because it never
changes during a game, read from the rule set (a pack's map draws as its own): the names
by id in English, the map (its regions in clockwise order with their paths, forks,
letters, printed ingredients and token spaces; the location spaces, the city gates, the
runes region), the locations' costs and effects, the royal bank's spaces, the recipe row's
bonuses, the days track, the heroes, recipes, dragons (their grids and the space each lands
on), events, trophies and taverns. Everything here is public content."""

from __future__ import annotations

from typing import Any

from taverna_rules.core.words import names_by_id
from taverna_rules.dsl.nodes import Node
from taverna_rules.games.taverns_and_dragons.ruleset import Cost, RuleSet
from taverna_rules.games.taverns_and_dragons.vocabulary import VOCABULARY

__all__ = ["board_facts"]


def board_facts(rules: RuleSet) -> dict[str, Any]:
    """The facts the page draws Taverns & Dragons' board from."""
    c = rules.constants
    names = names_by_id(
        rules.ingredients,
        rules.sbires,
        rules.symbols,
        rules.taverns,
        rules.regions,
        rules.locations,
        rules.heroes,
        rules.recipes,
        rules.dragons,
        rules.missions,
        rules.events,
        rules.trophies,
    )
    return {
        "game": "taverns_and_dragons",
        "names": names,
        "rounds": c.rounds,
        "places": c.places,
        "two_player_places": c.two_player_places,
        "full_rows_from": c.full_rows_from,
        "gems": c.gems,
        "ingredients": [i.id for i in rules.ingredients],
        "sbires": [
            {"id": s.id, "slots": rules.slots(s.id), "moves": s.moves, "ignores": s.ignores}
            for s in rules.sbires
        ],
        "symbols": {s.id: s.role for s in rules.symbols},
        "regions": [
            {
                "id": r.id,
                "next": list(rules.board.next(r.id)),
                "letters": list(r.letters),
                "ingredient": r.ingredient,
                "token": r.token,
            }
            for r in rules.regions
        ],
        "spaces": list(rules.spaces),
        "gates": rules.gates,
        "runes": rules.runes,
        "locations": {
            loc.id: {"places": [_cost(rules, cost) for cost in loc.places], "effect": _say(loc.effect)}
            for loc in rules.locations
        },
        "bank": [{"die": space.die, "gold": space.gold} for space in rules.bank],
        "recipe_bonuses": list(rules.recipe_bonuses),
        "days": [{"round": d.round, "icons": list(d.icons), "event": d.event} for d in rules.days],
        "heroes": {
            h.id: {
                "cost": h.cost,
                "prestige": h.prestige,
                "when": h.when,
                "ability": _say(h.ability),
                "bonus": _say(h.bonus),
            }
            for h in rules.heroes
        },
        "recipes": {
            r.id: {"prestige": r.prestige, "ingredients": dict(r.ingredients)} for r in rules.recipes
        },
        "dragons": {
            d.id: {
                "location": d.location,
                "grid": [
                    {"symbols": list(row.symbols), "players": row.players, "reward": _say(row.reward)}
                    for row in d.grid
                ],
                "appearance": _say(d.appearance),
                "special": _say(d.special),
            }
            for d in rules.dragons
        },
        "events": {e.id: {"a": _say(e.a), "b": _say(e.b)} for e in rules.events},
        "missions": {m.id: {"prestige": m.prestige} for m in rules.missions},
        "trophies": {t.id: t.prestige for t in rules.trophies},
        "forge": {t.id: t.symbol for t in rules.forge},
        "taverns": {t.id: t.colour for t in rules.taverns},
    }


def _cost(rules: RuleSet, cost: Cost) -> str:
    """What a place of a location costs, in words: ``1 gold, 2 prestige``."""
    parts = [
        f"{n} {what}"
        for n, what in ((cost.gold, "gold"), (cost.energy, "energy"), (cost.prestige, "prestige"))
        if n
    ]
    parts += [f"{n} {rules.name_of(kind)} carried" for kind, n in cost.carried]
    return ", ".join(parts) or "free"


def _say(node: Node) -> str:
    """The rules text of an effect in English (the vocabulary names the ingredients and
    symbols); an effect the words cannot say reads as nothing (the page shows less)."""
    try:
        return VOCABULARY.render(node, "en")
    except (KeyError, ValueError, TypeError, AttributeError):
        return ""
