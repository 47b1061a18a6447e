"""What a game gives its content reports, declared in the core so that a game imports only
the core: a :class:`BalanceMeter`, made by one of its module's ``reports`` (``balance``,
the report run by default; Taverna also has ``economy``).

The report itself (:mod:`taverna_rules.tools.balance`) plays simulated games with bots
for every player count and feeds the meter: each decision before it is made, each game
once it ends. The meter knows what the game's content is and what is worth measuring
(Taverna's spells, Cavern Tavern's orders and cards); the tool knows how to play.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Protocol, TypeVar

import attrs

from taverna_rules.core.records import Decision, Event

__all__ = ["BalanceMeter", "CardFigures", "card_table", "mean_gap", "win_gaps", "winners"]

K = TypeVar("K")


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


@attrs.frozen
class CardFigures:
    """How one card fared over a set of games (the figures of Taverne's and Taverns &
    Dragons' balance reports)."""

    #: The card's kind as the game's report groups them (``character``, ``hero``...;
    #: ``seat`` for a place in the first round's order).
    kind: str
    card: str
    #: Games or times it came into play (a card drawn or turned up, a place: every game).
    reached: int
    #: Times it was used, as the game counts a use.
    used: int
    #: Its users' share of wins less the table's (``None`` when nobody used it): a player
    #: who used it won this much more often than one player in the table's count does.
    win_gap: float | None

    @property
    def use_rate(self) -> float:
        """``used / reached`` (0 when it never came into play)."""
        return round(self.used / self.reached, 2) if self.reached else 0.0


def winners(state: Any) -> set[int]:
    """The seats ranked first in the finished ``state`` (several on a shared first place)."""
    result = state.result
    return {s.player for s in result.standings if s.rank == 1} if result is not None else set()


def win_gaps(state: Any, users: Mapping[K, Iterable[int]]) -> dict[K, list[float]]:
    """For each card of ``users`` (its users' seats), each user's win (1 or 0, a shared
    first place a win) less the table's share of wins, in the finished ``state``."""
    first = winners(state)
    share = len(first) / len(state.players)
    return {
        card: [(1.0 if seat in first else 0.0) - share for seat in seats] for card, seats in users.items()
    }


def mean_gap(gaps: Sequence[float]) -> float | None:
    """The mean of ``gaps`` to two places, ``None`` for none."""
    return round(sum(gaps) / len(gaps), 2) if gaps else None


def card_table(figures: Iterable[CardFigures], reached: str = "reached", width: int = 26) -> str:
    """``figures`` as a fixed-width table, one section per kind (each opened by a blank
    line and a heading whose second column says ``reached``)."""
    lines: list[str] = []
    kind = ""
    for f in figures:
        if f.kind != kind:
            kind = f.kind
            lines += ["", f"{kind:<{width}}{reached:>8}{'used':>6}{'rate':>6}{'wins vs table':>15}"]
        gap = "n/a" if f.win_gap is None else f"{f.win_gap:+.2f}"
        lines.append(f"{f.card:<{width}}{f.reached:>8}{f.used:>6}{f.use_rate:>6.2f}{gap:>15}")
    return "\n".join(lines)
