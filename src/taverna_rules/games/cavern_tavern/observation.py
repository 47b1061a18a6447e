"""Cavern Tavern's observation vector and the bound on a game's length.

Everything is read from the state as the observing seat sees it (the others' items and
secret tasks are hidden marks, the decks only sizes). Seats are listed from the observer
on (:func:`~taverna_rules.core.observation.seats_from`).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from taverna_rules.core.observation import ObservationWriter, seats_from
from taverna_rules.games.cavern_tavern.flow import DECISIONS
from taverna_rules.games.cavern_tavern.ruleset import RuleSet
from taverna_rules.games.cavern_tavern.state import GameState, vp_total

__all__ = ["max_chance_outcomes", "max_decisions", "observe"]

#: The most item cards one draw takes (the ``draw_items`` op's schema allows 5).
_MOST_ITEMS = 5

#: A round's decisions per player: a placement per die (the white die too), each with
#: the free actions around it (an order taken or served, items played, their choices).
#: The longest of 1,000 random games took 507 decisions (5 players, about 10 a player a
#: round, the end of a turn asked of everyone who hides something); 40 a player a round
#: leaves a wide margin.
_PER_PLAYER_ROUND = 40


def max_chance_outcomes(rules: RuleSet, players: int) -> int:
    """The most outcomes a chance decision can have (explicit chance mode): a roll of a
    player's dice with the white die, a few items drawn at once, or one card of a deck."""
    c = rules.constants
    dice = c.dice_per_player + 1
    items = sum(item.copies for item in rules.items)
    most = min(max(c.item_offer, _MOST_ITEMS), items // 2)
    return max(
        math.comb(dice + 5, 5),
        math.comb(items, most),
        len(rules.orders),
        len(rules.nasty_says),
        len(rules.secret_tasks),
    )


def max_decisions(rules: RuleSet, players: int, options: Mapping[str, Any] | None = None) -> int:
    """A bound on the decisions of a game of ``players`` players: rounds times players
    times a wide budget a round (whatever the rule ``options``)."""
    return rules.constants.rounds * players * _PER_PLAYER_ROUND


def _kind(item: str) -> str:
    return item.split("#", 1)[0]


def observe(rules: RuleSet, view: GameState, decision: Any, seat: int, w: ObservationWriter) -> None:
    """Write what ``seat`` sees of ``view`` (see the module's documentation)."""
    order = seats_from(seat, len(view.players))
    goods = (*rules.ingredient_ids, "magic_potion")
    items = tuple(item.id for item in rules.items)
    places = tuple(place.id for place in rules.places)
    tables = range(rules.constants.tables)
    w.one_hot("decision.kind", decision.kind if decision is not None else None, sorted(DECISIONS))
    w.one_hot("decision.seat", decision.player if decision is not None else None, order)
    w.flag("over", view.result is not None)
    w.number("round", view.round)
    w.one_hot("first", view.first, order)
    for place, other in enumerate(order):
        player = view.players[other]
        prefix = "me" if place == 0 else f"next{place}"
        w.counts(f"{prefix}.dice", player.dice, range(1, 7))
        w.flag(f"{prefix}.white", player.white)
        w.counts(f"{prefix}.ingredients", player.ingredients, goods)
        w.number(f"{prefix}.items", len(player.items))
        w.one_hot(f"{prefix}.table", player.table, tables)
        w.number(f"{prefix}.order_taken", player.taken)
        w.number(f"{prefix}.served", player.orders_served)
        w.block(f"{prefix}.tracks", (player.kitchen, player.chores, player.nasty))
        w.number(f"{prefix}.summons", len(player.summons))
        w.number(f"{prefix}.demands", len(player.demands))
        w.number(f"{prefix}.vp", vp_total(player.vp))
        w.block(
            f"{prefix}.flags", (player.acted, player.owes_order, player.passed, player.placed, player.key)
        )
    me = view.players[seat]
    w.counts("me.item_kinds", map(_kind, me.items), items)
    w.counts("me.offer", map(_kind, me.offer), items)
    w.one_hot("me.secret", me.secret, tuple(task.id for task in rules.secret_tasks))
    for table in tables:
        card = rules.order(view.tables[table]) if table < len(view.tables) and view.tables[table] else None
        needs = card.ingredients if card is not None else ()
        w.counts(f"table{table}.needs", (good for good, many in needs for _ in range(many)), goods)
        w.number(f"table{table}.points", card.points[0] if card is not None else 0)
        w.number(f"table{table}.leave_after", card.leave_after if card is not None else 0)
    w.counts("placements", (place for place, _, _ in view.placements), places)
    w.counts("supply", view.supply, goods)
    w.block("decks", (len(view.order_deck), len(view.item_deck), len(view.nasty_deck), len(view.secret_box)))
