"""The values of the DSL's expressions and conditions, for any game: pure and bounded.

A number is itself; ``{count: what}`` asks the game's counter ``what`` (a function of the
state and the player); a ``{table: ...}`` is a lookup of thresholds; ``{at_least: ...}``
compares two values; ``{option: ...}`` reads the game's rule options (``state.options``,
pairs of id and value). A game gives its counters to an :class:`Evaluator`.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Mapping
from typing import Any

import attrs

from taverna_rules.dsl.nodes import Cond, Count, Expr, Node, OptionIs, Table
from taverna_rules.errors import GameModuleError

__all__ = ["Counter", "Evaluator", "RulesCounter", "compare"]

_EXPRESSIONS = (int, Count, Table)
_COMPARISONS: dict[str, Callable[[int, int], bool]] = {
    "at_least": operator.ge,
    "at_most": operator.le,
    "exactly": operator.eq,
}


def compare(relation: str, left: int, right: int) -> bool:
    """Whether ``left`` is ``at_least``, ``at_most`` or ``exactly`` ``right`` (a
    :class:`~taverna_rules.dsl.nodes.Compare`'s relation)."""
    return _COMPARISONS[relation](left, right)


#: How a game counts one ``{count: ...}`` for a player: ``counter(state, player)``.
Counter = Callable[[Any, int], int]
#: A count that also reads the rules (a number the content prints, such as the Prestige a
#: number of pints gives): ``counter(rules, state, player)``.
RulesCounter = Callable[[Any, Any, int], int]


@attrs.frozen
class Evaluator:
    """A game's reading of expressions and conditions: its counters by name, and those
    that read the rule set too (``rules_counters``; the caller then passes ``rules``, as
    the core's effects do)."""

    counters: Mapping[str, Counter]
    rules_counters: Mapping[str, RulesCounter] = attrs.field(factory=dict)

    def evaluate(self, expr: Expr, state: Any, player: int, rules: Any = None) -> int:
        """The value of an expression for ``player``."""
        if isinstance(expr, int):
            return expr
        if isinstance(expr, Count):
            counter = self.counters.get(expr.what)
            if counter is not None:
                return counter(state, player)
            if rules is None:
                raise GameModuleError(f"the count {expr.what!r} reads the rules: evaluate it with rules=")
            return self.rules_counters[expr.what](rules, state, player)
        value = self.evaluate(expr.of, state, player, rules)
        points = 0
        for threshold, score in zip(expr.at_least, expr.points, strict=True):
            if value >= threshold:
                points = score
        return points

    def bounded(self, node: Node, name: str, state: Any, player: int, most: int, rules: Any = None) -> int:
        """The value of the op argument ``name`` (a number or an expression, 1 when left
        out) for ``player``, kept between 0 and ``most``: what the schema allows a number,
        an expression gets too, so a count can never ask the engine for unbounded work."""
        value = node.arg(name, 1)
        assert isinstance(value, _EXPRESSIONS), f"{node.op}.{name} is not an expression"
        return max(0, min(most, self.evaluate(value, state, player, rules)))

    @staticmethod
    def option_holds(cond: OptionIs, state: Any) -> bool:
        """Whether the game's rule option ``cond.option`` is set to ``cond.value``."""
        return bool(dict(state.options).get(cond.option) == cond.value)

    def holds(self, cond: Cond, state: Any, player: int, rules: Any = None) -> bool:
        """Whether a condition is true for ``player`` in ``state``."""
        if isinstance(cond, OptionIs):
            return self.option_holds(cond, state)
        left = self.evaluate(cond.left, state, player, rules)
        return compare(cond.relation, left, self.evaluate(cond.right, state, player, rules))
