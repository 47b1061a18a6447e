"""What ``{count: ...}`` counts in Cavern Tavern, for a player, read by the core's
:class:`~taverna_rules.dsl.evaluate.Evaluator`; and the points of a ``score``."""

from __future__ import annotations

from collections.abc import Callable

from taverna_rules.dsl.evaluate import Evaluator
from taverna_rules.dsl.nodes import Count, Node, Table
from taverna_rules.games.cavern_tavern.state import GameState
from taverna_rules.games.cavern_tavern.vocabulary import INGREDIENT_IDS

__all__ = ["COUNTERS", "EVALUATOR", "points"]


def served_with(ingredient: str) -> Callable[[GameState, int], int]:
    """The counter of the orders a player served that hold ``ingredient`` (those face up:
    the final scoring turns every one up before the secret tasks count)."""
    return lambda state, player: state.players[player].recipes.count(ingredient)


COUNTERS: dict[str, Callable[[GameState, int], int]] = {
    "orders_served": lambda s, p: s.players[p].orders_served,
    "kitchen_level": lambda s, p: s.players[p].kitchen,
    "chores_level": lambda s, p: s.players[p].chores,
    "nasty_position": lambda s, p: s.players[p].nasty,
    "items_held": lambda s, p: len(s.players[p].items),
    "ingredients_held": lambda s, p: len(s.players[p].ingredients),
    "vp": lambda s, p: s.players[p].score,
    "opponents": lambda s, p: len(s.players) - 1,
    # A count of the orders served holding each ingredient: "for every order with Wine".
    **{f"served_with_{i}": served_with(i) for i in INGREDIENT_IDS},
}

EVALUATOR = Evaluator(COUNTERS)


def points(node: Node, state: GameState, player: int) -> int:
    """The points of a ``score`` node for ``player``: ``points``, times ``per`` when given."""
    amount = node.arg("points", 0)
    assert isinstance(amount, int | Count | Table)
    value = EVALUATOR.evaluate(amount, state, player)
    per = node.arg("per")
    if isinstance(per, int | Count | Table):
        value *= max(0, EVALUATOR.evaluate(per, state, player))
    return value
