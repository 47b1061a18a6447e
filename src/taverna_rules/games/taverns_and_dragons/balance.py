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

import attrs

from taverna_rules.core.records import Decision, Event
from taverna_rules.games.taverns_and_dragons import events as ev
from taverna_rules.games.taverns_and_dragons.ruleset import RuleSet

__all__ = ["CardBalance", "CardFigures"]


@attrs.frozen
class CardFigures:
    """How one card fared over a set of games."""

    #: ``hero``, ``recipe``, ``dragon``, ``location`` or ``seat`` (the first player's
    #: advantage: ``card`` is a place in the first round's order).
    kind: str
    card: str
    #: Games it came into (a hero or recipe turned up, a dragon woken, a location laid; a
    #: place in the order: every game).
    reached: int
    #: Times it was used: a hero recruited, an ability or a bonus used; a recipe cooked; a
    #: dragon slain; a location visited; a seat that won.
    used: int
    #: Its users' share of wins less the table's (``None`` when nobody used it).
    win_gap: float | None

    @property
    def use_rate(self) -> float:
        """``used / reached`` (0 when it never came into a game)."""
        return round(self.used / self.reached, 2) if self.reached else 0.0


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
        result = state.result
        winners = {s.player for s in result.standings if s.rank == 1} if result is not None else set()
        share = len(winners) / len(state.players)
        for key, seats in users.items():
            self.gaps[key].extend((1.0 if seat in winners else 0.0) - share for seat in seats)
        for place, seat in enumerate(order, 1):
            key = ("seat", f"{len(order)} players, place {place}")
            self.reached[key] += 1
            self.used[key] += seat in winners
            self.gaps[key].append((1.0 if seat in winners else 0.0) - share)

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
        gaps = self.gaps[key]
        gap = round(sum(gaps) / len(gaps), 2) if gaps else None
        return CardFigures(key[0], key[1], self.reached[key], self.used[key], gap)

    def table(self) -> str:
        """The figures, one section per kind (each opened by a blank line)."""
        lines: list[str] = []
        kind = ""
        for f in self.figures():
            if f.kind != kind:
                kind = f.kind
                lines += ["", f"{kind:<28}{'games':>8}{'used':>6}{'rate':>6}{'wins vs table':>15}"]
            gap = "n/a" if f.win_gap is None else f"{f.win_gap:+.2f}"
            lines.append(f"{f.card:<28}{f.reached:>8}{f.used:>6}{f.use_rate:>6.2f}{gap:>15}")
        return "\n".join(lines)


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
