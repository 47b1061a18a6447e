"""Taverne's balance measures (the ``balance`` report of its game module): for each
reconstructed Specialty and Character, how often it reached a player (a Specialty drawn,
a Character kept), how often it was used (an Atout put into play, a Crasse served, a Sort
cast, a power that acted), and how often its holders won against the table's share.

The figures measure the reconstructed content; they are evidence for tuning it, not proof
of balance. ``python -m taverna_rules.tools.balance --game taverne`` plays the games and
prints them.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from typing import Any

from taverna_rules.core.balance import CardFigures, card_table, mean_gap, win_gaps
from taverna_rules.core.records import Decision, Event
from taverna_rules.games.taverne import events as ev
from taverna_rules.games.taverne.ruleset import RuleSet

__all__ = ["CardBalance", "CardFigures"]


class CardBalance:
    """Measures each Specialty and Character over the games it watches."""

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        self.reached: Counter[str] = Counter()
        self.used: Counter[str] = Counter()
        self.gaps: defaultdict[str, list[float]] = defaultdict(list)

    def decision(self, state: Any, decision: Decision) -> None:
        """Nothing to count: the cards are measured from the log."""

    def finished(self, state: Any, events: Sequence[Event], totals: Mapping[int, int]) -> None:
        """Count each card's arrivals and uses in the log, and whether its holders won."""
        holders: defaultdict[str, set[int]] = defaultdict(set)
        for event in events:
            if isinstance(event, ev.SpecialtyDrawn):
                self.reached[event.card] += 1
                holders[event.card].add(event.player)
            elif isinstance(event, ev.CharacterChosen):
                self.reached[event.character] += 1
                holders[event.character].add(event.player)
            elif isinstance(event, ev.AtoutPlayed | ev.SpellCast | ev.CrasseServed):
                self.used[event.card] += 1
            elif isinstance(event, ev.PowerUsed) and event.source in holders:
                self.used[event.source] += 1
        for card, gaps in win_gaps(state, holders).items():
            self.gaps[card].extend(gaps)

    def figures(self) -> list[CardFigures]:
        """One record per card: the Characters, then the Specialties by kind, in content order."""
        cards = [("character", c.id) for c in self.rules.characters]
        for kind in ("atout", "crasse", "sort"):
            cards += [(kind, s.id) for s in self.rules.specialties if s.kind == kind]
        return [self._figures(kind, card) for kind, card in cards]

    def _figures(self, kind: str, card: str) -> CardFigures:
        return CardFigures(kind, card, self.reached[card], self.used[card], mean_gap(self.gaps[card]))

    def table(self) -> str:
        """The figures, one section per kind of card (each opened by a blank line)."""
        return card_table(self.figures())
