"""What a game gives its content reports, declared in the core so that a game imports only
the core: a :class:`BalanceMeter`, made by one of its module's ``reports`` (``balance``,
the report run by default; Taverna also has ``economy``).

The report itself (:mod:`taverna_rules.tools.balance`) plays simulated games with bots
for every player count and feeds the meter: each decision before it is made, each game
once it ends. The meter knows what the game's content is and what is worth measuring
(Taverna's spells, Cavern Tavern's orders and cards); the tool knows how to play.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from taverna_rules.core.records import Decision, Event

__all__ = ["BalanceMeter"]


class BalanceMeter(Protocol):
    """Measures one game's content over simulated games, for the balance report."""

    def decision(self, state: Any, decision: Decision) -> None:
        """Watch ``decision``, pending in the live ``state``, before a bot makes it."""

    def finished(self, state: Any, events: Sequence[Event], totals: Mapping[int, int]) -> None:
        """Watch a game that ended: its final state, its log and each seat's final score."""

    def figures(self) -> Sequence[Any]:
        """The figures of the games watched: one record per thing measured."""

    def table(self) -> str:
        """:meth:`figures` as a fixed-width table, the lines under the report's heading."""
