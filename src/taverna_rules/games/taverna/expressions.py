"""The values of the DSL's expressions and conditions in Taverna: its counters, read by
the core's :class:`~taverna_rules.dsl.evaluate.Evaluator` (pure, bounded: a table is a
lookup, a count a field), used to resolve and to judge effects."""

from __future__ import annotations

from collections.abc import Callable

from taverna_rules.dsl.evaluate import Evaluator
from taverna_rules.games.taverna.state import GameState

__all__ = ["COUNTERS", "EVALUATOR", "bounded", "evaluate", "holds", "option_holds"]

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

EVALUATOR = Evaluator(COUNTERS)
evaluate = EVALUATOR.evaluate
bounded = EVALUATOR.bounded
holds = EVALUATOR.holds
option_holds = EVALUATOR.option_holds
