"""Taverns & Dragons' balance measures (the ``balance`` report of its game module): for each
reconstructed hero, recipe, dragon and location, how often it came into a game, how often
it was used (a hero recruited and its ability or bonus used, a recipe cooked, a dragon
slain, a location visited), and how often the players who used it won against
the table's share; and the first player's advantage (the winner's seat in the order of the
first round).

The figures measure the reconstructed content; they are evidence for tuning it, not proof
of balance. ``python -m taverna_rules.tools.balance --game taverns_and_dragons`` plays the
games and prints them.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from typing import Any

from taverna_rules.core.balance import CardFigures, card_table, mean_gap, win_gaps, winners
from taverna_rules.core.records import Decision, Event
from taverna_rules.games.taverns_and_dragons import events as ev
from taverna_rules.games.taverns_and_dragons.ruleset import RuleSet

__all__ = ["CardBalance", "CardFigures"]


class CardBalance:
    """Measures each hero, recipe, dragon and location over the games it watches."""

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        self.reached: Counter[tuple[str, str]] = Counter()
        self.used: Counter[tuple[str, str]] = Counter()
        self.gaps: defaultdict[tuple[str, str], list[float]] = defaultdict(list)

    def decision(self, state: Any, decision: Decision) -> None:
        """Nothing to count: the cards are measured from the log."""

    def finished(self, state: Any, events: Sequence[Event], totals: Mapping[int, int]) -> None:
        """Count each card's arrivals and uses in the log, and whether its users won."""
        users: defaultdict[tuple[str, str], set[int]] = defaultdict(set)
        seen: set[tuple[str, str]] = set()
        order: tuple[int, ...] = ()
        for event in events:
            self._count(event, users, seen)
            if isinstance(event, ev.FirstPlayerTaken) and not order:
                count = len(state.players)
                order = tuple((event.player + i) % count for i in range(count))
        for key in seen:
            self.reached[key] += 1
        first = winners(state)
        for place, seat in enumerate(order, 1):
            key = ("seat", f"{len(order)} players, place {place}")
            self.reached[key] += 1
            self.used[key] += seat in first
            users[key].add(seat)
        for key, gaps in win_gaps(state, users).items():
            self.gaps[key].extend(gaps)

    def _count(
        self, event: Event, users: defaultdict[tuple[str, str], set[int]], seen: set[tuple[str, str]]
    ) -> None:
        if isinstance(event, ev.HeroRevealed):
            seen.add(("hero", event.hero))
        elif isinstance(event, ev.RecipeRevealed):
            seen.add(("recipe", event.recipe))
        elif isinstance(event, ev.DragonAwoke):
            seen.add(("dragon", event.dragon))
        elif isinstance(event, ev.LocationsLaid):
            seen.update(("location", loc) for loc in event.locations)
        used = _use(event)
        if used is not None:
            self.used[used[0]] += 1
            users[used[0]].add(used[1])

    def figures(self) -> list[CardFigures]:
        """One record per card, by kind in content order, then the places of the order."""
        keys = [("hero", h.id) for h in self.rules.heroes]
        keys += [("recipe", r.id) for r in self.rules.recipes]
        keys += [("dragon", d.id) for d in self.rules.dragons]
        keys += [("location", loc.id) for loc in self.rules.locations]
        keys += sorted(k for k in self.reached if k[0] == "seat")
        return [self._figures(key) for key in keys]

    def _figures(self, key: tuple[str, str]) -> CardFigures:
        return CardFigures(key[0], key[1], self.reached[key], self.used[key], mean_gap(self.gaps[key]))

    def table(self) -> str:
        """The figures, one section per kind (each opened by a blank line)."""
        return card_table(self.figures(), reached="games", width=28)


def _use(event: Event) -> tuple[tuple[str, str], int] | None:
    """The card ``event`` uses and who uses it, or ``None``."""
    if isinstance(event, ev.HeroRecruited | ev.AbilityUsed | ev.BonusUsed):
        return ("hero", event.hero), event.player
    if isinstance(event, ev.RecipeCooked):
        return ("recipe", event.recipe), event.player
    if isinstance(event, ev.DragonSlain):
        return ("dragon", event.dragon), event.player
    if isinstance(event, ev.LocationVisited):
        return ("location", event.location), event.player
    return None
