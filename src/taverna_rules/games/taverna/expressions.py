"""The values of the DSL's expressions and conditions for a player in a state: pure,
bounded (a table is a lookup, a count a field), used to resolve and to judge effects."""

from __future__ import annotations

from collections.abc import Callable

from taverna_rules.dsl.nodes import Cond, Count, Expr, Node, OptionIs, Table
from taverna_rules.games.taverna.state import GameState

__all__ = ["COUNTERS", "bounded", "evaluate", "holds", "option_holds"]

#: How each ``{count: ...}`` is computed for a player.
COUNTERS: dict[str, Callable[[GameState, int], int]] = {
    "coins": lambda s, p: s.players[p].coins,
    "favours_owned": lambda s, p: len(s.players[p].favours) + len(s.players[p].favours_used),
    "deeds_owned": lambda s, p: s.deeds_owned(p),
    "spells_cast": lambda s, p: len(s.players[p].cast),
    "spells_in_hand": lambda s, p: len(s.players[p].hand),
    "privileges": lambda s, p: s.players[p].privileges,
    "track_levels": lambda s, p: sum(s.players[p].tracks),
    "customers_played": lambda s, p: len(s.players[p].cards),
    "vp": lambda s, p: s.players[p].total_vp,
    "opponents": lambda s, p: len(s.players) - 1,
}


def evaluate(expr: Expr, state: GameState, player: int) -> int:
    """The value of an expression for ``player``."""
    if isinstance(expr, int):
        return expr
    if isinstance(expr, Count):
        return COUNTERS[expr.what](state, player)
    value = evaluate(expr.of, state, player)
    points = 0
    for threshold, score in zip(expr.at_least, expr.points, strict=True):
        if value >= threshold:
            points = score
    return points


def bounded(node: Node, name: str, state: GameState, player: int, most: int) -> int:
    """The value of the op argument ``name`` (a number or an expression, 1 when left out)
    for ``player``, kept between 0 and ``most``: what the schema allows a number, an
    expression gets too, so a count can never ask the engine for unbounded work."""
    value = node.arg(name, 1)
    assert isinstance(value, int | Count | Table), f"{node.op}.{name} is not an expression"
    return max(0, min(most, evaluate(value, state, player)))


def option_holds(cond: OptionIs, state: GameState) -> bool:
    """Whether the game's rule option ``cond.option`` is set to ``cond.value``."""
    return bool(dict(state.options).get(cond.option) == cond.value)


def holds(cond: Cond, state: GameState, player: int) -> bool:
    """Whether a condition is true for ``player`` in ``state``."""
    if isinstance(cond, OptionIs):
        return option_holds(cond, state)
    return evaluate(cond.left, state, player) >= evaluate(cond.right, state, player)
