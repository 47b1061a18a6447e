"""Cavern Tavern's board facts for the page (:attr:`GameModule.board_facts
<taverna_rules.GameModule.board_facts>`): what a view does not repeat because it never
changes during a game (the places, orders and tracks), with
the names and card texts, taken from the rule set (a pack's content draws as the base
game's). Everything here is public."""

from __future__ import annotations

from typing import Any

from taverna_rules.core.words import names_by_id
from taverna_rules.games.cavern_tavern.rules_text import RULES_TEXT
from taverna_rules.games.cavern_tavern.ruleset import RuleSet

__all__ = ["board_facts"]


def board_facts(rules: RuleSet) -> dict[str, Any]:
    """The facts the page draws Cavern Tavern's board from."""
    names = names_by_id(
        rules.places,
        rules.orders,
        rules.items,
        rules.secret_tasks,
        rules.nasty_says,
        rules.tracks,
        rules.ingredients,
    )
    names[rules.potion.id] = rules.potion.name.get("en")
    return {
        "game": "cavern_tavern",
        "names": names,
        "texts": {t.id: t.text for t in RULES_TEXT.texts(rules, "en") if t.kind != "track"},
        "places": [
            {"id": p.id, "area": p.area, "sum": p.dice_sum, "count": p.dice_count, "slots": dict(p.slots)}
            for p in rules.places
        ],
        "orders": {
            o.id: {
                "ingredients": dict(o.ingredients),
                "points": list(o.points),
                "leave_after": o.leave_after,
                "leave_lose": o.leave_lose,
            }
            for o in rules.orders
        },
        "tracks": {
            t.id: {"top": t.top, "levels": list(t.levels), "penalty": list(t.penalty)} for t in rules.tracks
        },
        "rounds": rules.constants.rounds,
        "ingredients": [i.id for i in rules.ingredients],
    }
