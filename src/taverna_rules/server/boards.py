"""The board facts the page draws from, for each game: what a view does not repeat
because it never changes during a game (Taverna's table colours, deed prices, customer
cards and track bonuses; Cavern Tavern's places, orders and tracks), with the names and
card texts. Taken from the rule set itself, so a pack's content draws as well as the
base game's; served at ``/api/boards/{fingerprint}``. Everything here is public: it is
the content, the same for every seat.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from taverna_rules.rules_text import card_texts

__all__ = ["board_facts"]


def _names(*collections: Any) -> dict[str, str]:
    return {x.id: x.name.get("en") for collection in collections for x in collection if x.name is not None}


def _taverna(rules: Any) -> dict[str, Any]:
    texts: dict[str, str] = {}
    for text in card_texts(rules):
        key = text.id if text.kind != "track" else f"track:{text.id}:{text.position}"
        # A dignitary has a text per level: one line of them all.
        texts[key] = f"{texts[key]} {text.text}" if text.kind == "dignitary" and key in texts else text.text
    return {
        "game": "taverna",
        "names": _names(
            rules.taverns,
            rules.peoples,
            rules.symbols,
            rules.dignitaries,
            rules.favours,
            rules.spells,
            rules.royal_scorings,
        ),
        "guilds": {s.id: s.guild.get("en") for s in rules.symbols},
        "texts": texts,
        "sides": {
            side.id: {
                "players": list(side.players),
                "taverns": {
                    tavern: {
                        "symbol": layout.symbol,
                        "tables": list(layout.tables),
                        "deeds": [[deed.price, deed.vp] for deed in layout.deeds],
                    }
                    for tavern, layout in side.layouts
                },
            }
            for side in rules.sides
        },
        "customers": {
            c.id: {"peoples": list(c.peoples), "symbols": list(c.symbols)} for c in rules.customers
        },
        "track_vp": list(rules.constants.track_vp),
        "track_bonus": {t.people: [position for position, _ in t.bonuses] for t in rules.tracks},
        "turns": dict(rules.constants.turns),
    }


def _cavern_tavern(rules: Any) -> dict[str, Any]:
    names = _names(
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
        "texts": {t.id: t.text for t in card_texts(rules) if t.kind != "track"},
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


_BOARDS: dict[str, Callable[[Any], dict[str, Any]]] = {"taverna": _taverna, "cavern_tavern": _cavern_tavern}


def board_facts(rules: Any) -> dict[str, Any] | None:
    """The board facts of ``rules``, or ``None`` for a game the page has no board for."""
    build = _BOARDS.get(rules.game)
    return build(rules) if build is not None else None
