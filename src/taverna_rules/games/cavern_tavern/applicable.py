"""Whether an effect would do something for a player now: an item is offered only when
playing it changes something, a ``choose`` offers only the options that do, and a "Nasty
the Dwarf Says" demand can be paid only whole. The control ops apply as in every game
(:func:`taverna_rules.core.effects.control_applies`): a ``seq`` needs each of its effects,
``each_possible`` one."""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

from taverna_rules.core.effects import APPLICABILITY_OF_CONTROLS, control_applies
from taverna_rules.dsl.nodes import Node
from taverna_rules.dsl.ops import MAX_REPEAT
from taverna_rules.games.cavern_tavern.expressions import EVALUATOR, points
from taverna_rules.games.cavern_tavern.ruleset import RuleSet
from taverna_rules.games.cavern_tavern.state import GameState

__all__ = ["applicable", "can_pay", "cellar_choices", "opponents_with"]


def cellar_choices(rules: RuleSet, state: GameState) -> tuple[str, ...]:
    """The Cellar's ingredient kinds still in the supply (never the Magic Potion)."""
    return tuple(i for i in rules.ingredient_ids if i in state.supply)


def opponents_with(rules: RuleSet, state: GameState, player: int) -> tuple[int, ...]:
    """The opponents holding an ingredient other than a Magic Potion."""
    potion = rules.potion.id
    return tuple(
        seat
        for seat, other in enumerate(state.players)
        if seat != player and any(i != potion for i in other.ingredients)
    )


def _int(node: Node, name: str, default: int = 1) -> int:
    value = node.arg(name, default)
    assert isinstance(value, int), f"{node.op}.{name} is not a number"
    return value


def applicable(rules: RuleSet, state: GameState, player: int, node: Node) -> bool:
    """Whether resolving ``node`` for ``player`` would change anything now."""
    me = state.players[player]
    op = node.op
    if op in APPLICABILITY_OF_CONTROLS:
        return control_applies(
            node,
            lambda child: applicable(rules, state, player, child),
            lambda cond: EVALUATOR.holds(cond, state, player),
            lambda repeat: EVALUATOR.bounded(repeat, "times", state, player, MAX_REPEAT),
        )
    if op == "gain_ingredient":
        return node.arg("ingredient") in state.supply
    if op == "gain_any_ingredient":
        return bool(cellar_choices(rules, state))
    if op == "score":
        return points(node, state, player) != 0
    if op in ("draw_items", "pick_item"):
        return bool(state.item_deck or state.item_discard)
    if op == "take_first_player":
        return state.first != player
    if op == "cellar_trade":
        return len(me.ingredients) >= _int(node, "give") and bool(cellar_choices(rules, state))
    if op == "steal_ingredient":
        return bool(opponents_with(rules, state, player))
    if op == "forced_trade":
        potion = rules.potion.id
        return bool(opponents_with(rules, state, player)) and any(i != potion for i in me.ingredients)
    if op == "nasty":
        steps = _int(node, "steps")
        return 0 <= me.nasty + steps <= rules.track("nasty").top and steps != 0
    if op == "badmouth":
        return len(state.players) > 1
    if op == "advance_track":
        track = str(node.arg("track"))
        return me.track(track) < rules.track(track).top
    if op in ("adjust_die", "reroll_dice"):
        return bool(me.dice)
    if op == "open_taken_place":
        return not me.key
    if op == "reset_order_time":
        return me.order is not None and me.taken != state.round
    if op in ("return_ingredients", "return_any_ingredients", "give_items"):
        return can_pay(rules, state, player, node)
    return True


@lru_cache(maxsize=1 << 10)
def _demand(node: Node) -> tuple[tuple[tuple[str, int], ...], int, int]:
    """What paying ``node`` takes: the ingredients named with their counts, how many
    ingredients in all and how many items (worked out once per demand)."""
    wanted: Counter[str] = Counter()
    ingredients = items = 0
    for part in node.walk():
        if part.op == "return_ingredients":
            wanted[str(part.arg("ingredient"))] += _int(part, "count")
            ingredients += _int(part, "count")
        elif part.op == "return_any_ingredients":
            ingredients += _int(part, "count")
        elif part.op == "give_items":
            items += _int(part, "count")
    return tuple(wanted.items()), ingredients, items


def can_pay(rules: RuleSet, state: GameState, player: int, node: Node) -> bool:
    """Whether ``player`` can pay every part of a demand at once (the ingredients named,
    as many ingredients of any kind besides, the items)."""
    me = state.players[player]
    wanted, ingredients, items = _demand(node)
    held = me.ingredients
    if len(held) < ingredients or len(me.items) < items:
        return False
    return all(held.count(ingredient) >= n for ingredient, n in wanted)
