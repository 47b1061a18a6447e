"""Every action Cavern Tavern's rules can offer, for the action codec
(:func:`taverna_rules.action_space`).

Built from the content alone: the Main Area's tables, items, "Nasty the Dwarf Says"
cards, ingredients, seats, the die faces, each place with every group of dice that can
pay it (the largest die change a track gives counted in), and each order with every
choice of ingredients replaced by Magic Potions.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations, combinations_with_replacement

from taverna_rules.core.action_space import widest_choice
from taverna_rules.core.effects import ChooseOption
from taverna_rules.core.records import Action
from taverna_rules.games.cavern_tavern.actions import (
    ChangeDie,
    ChooseIngredient,
    ChoosePlayer,
    CompleteOrder,
    DiscardOrder,
    DrawOrder,
    EndTurn,
    GiveItem,
    KeepItem,
    ObeyNasty,
    Pass,
    PlaceDice,
    PlayItem,
    TakeFrom,
    TakeOrder,
)
from taverna_rules.games.cavern_tavern.dice import dice_text, fits
from taverna_rules.games.cavern_tavern.ruleset import RuleSet

__all__ = ["actions_of"]

FACES = range(1, 7)


def _potions(units: tuple[str, ...]) -> Iterator[str]:
    """Each choice of an order's ingredients replaced by Magic Potions, as the action
    writes it (none, one, ... all of them)."""
    for size in range(len(units) + 1):
        for replaced in combinations(units, size):
            yield "+".join(replaced)


def actions_of(rules: RuleSet) -> Iterator[Action]:
    """Every action these rules can offer, in a stable order."""
    c = rules.constants
    ingredients = [*rules.ingredient_ids, rules.potion.id]
    seats = range(max(rules.supported_players()))
    # The white die is one more than a player's own.
    hand = c.dice_per_player + 1
    change = max((step for track in rules.tracks for step in track.die_change), default=0)
    yield Pass()
    yield EndTurn()
    yield DrawOrder()
    for table in range(c.tables):
        yield TakeOrder(table)
        yield DiscardOrder(table)
    for place in rules.places:
        for size in range(1, hand + 1):
            for group in combinations_with_replacement(FACES, size):
                if fits(group, place.dice_sum, place.dice_count, change):
                    yield PlaceDice(place.id, dice_text(group))
    for order in rules.orders:
        units = tuple(sorted(kind for kind, n in order.ingredients for _ in range(n)))
        for potions in _potions(units):
            yield CompleteOrder(potions)
    for item in rules.items:
        yield PlayItem(item.id)
        yield KeepItem(item.id)
        yield GiveItem(item.id)
    for card in rules.nasty_says:
        yield ObeyNasty(card.id)
    for ingredient in ingredients:
        yield ChooseIngredient(ingredient)
    for seat in seats:
        yield ChoosePlayer(seat)
        for ingredient in ingredients:
            yield TakeFrom(seat, ingredient)
    for die in FACES:
        for to in FACES:
            if to != die:
                yield ChangeDie(die, to)
    for option in range(widest_choice(rules)):
        yield ChooseOption(option)
