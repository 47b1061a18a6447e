"""Cavern Tavern's part of the conformance kit (:mod:`taverna_rules.tools.conformance`):
the names that are public and the coverage of its content. What must be conserved (every
card, ingredient and die) is checked by its integrity after every action, so its ledger
adds nothing."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from taverna_rules.core.coverage import (
    Coverage,
    CoverageTable,
    OpTally,
    Options,
    PlayedGame,
    Unmet,
    counted,
    never_happened,
)
from taverna_rules.core.records import Event
from taverna_rules.games.cavern_tavern import events as ev
from taverna_rules.games.cavern_tavern.ruleset import RuleSet

__all__ = ["KIT", "CavernKit", "Tally"]

_TABLES = (
    ("places", "places used (dice groups)"),
    ("orders", "orders served"),
    ("items", "items played"),
    ("nasty_says", "Nasty the Dwarf Says cards drawn"),
    ("secret_tasks", "secret tasks scored"),
)


class _Ledger:
    """Nothing beyond the integrity check: an empty opening, no problems."""

    opening: tuple[str, ...] = ()

    @staticmethod
    def check(state: Any, new: Sequence[Event]) -> list[str]:
        """Nothing more to check."""
        return []


class Tally:
    """Counts what games exercised."""

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        self.counts: dict[str, Counter[str]] = {key: Counter() for key, _ in _TABLES}
        self.ops = OpTally(rules)
        #: Orders taken or drawn, and Nasty demands met: what "happened" means for the orders
        #: served and the cards drawn (:meth:`unmet`).
        self.taken: Counter[str] = Counter()
        self.obeyed: Counter[str] = Counter()

    def add(self, events: Sequence[Event], trace: Sequence[tuple[str, tuple[int, ...]]]) -> None:
        """Count the items of one game's log and the ops of its trace."""
        counts = self.counts
        secrets: tuple[str, ...] = ()
        for event in events:
            if isinstance(event, ev.DicePlaced):
                counts["places"][event.place] += 1
            elif isinstance(event, ev.OrderServed):
                counts["orders"][event.order] += 1
            elif isinstance(event, ev.ItemPlayed):
                counts["items"][event.card.split("#", 1)[0]] += 1
            elif isinstance(event, ev.NastySummoned):
                counts["nasty_says"][event.card] += 1
            elif isinstance(event, ev.NastyObeyed):
                self.obeyed[event.card] += 1
            elif isinstance(event, ev.OrderTaken | ev.OrderDrawn):
                self.taken[event.order] += 1
            elif isinstance(event, ev.SecretsRevealed):
                secrets = event.cards
        counts["secret_tasks"].update(card for card in secrets if card)
        self.ops.add(trace)

    def coverage(self, player_counts: Sequence[int], options: Options = ()) -> Coverage:
        """The tables, every item of the content listed."""
        rules = self.rules
        known = {
            "places": [p.id for p in rules.places],
            "orders": [o.id for o in rules.orders],
            "items": [i.id for i in rules.items],
            "nasty_says": [n.id for n in rules.nasty_says],
            "secret_tasks": [s.id for s in rules.secret_tasks],
        }
        items = tuple(
            CoverageTable(key, title, counted(known[key], self.counts[key])) for key, title in _TABLES
        )
        effects = [
            *(p.effect for p in rules.places),
            *(i.effect for i in rules.items),
            *(n.demand for n in rules.nasty_says),
            *(s.effect for s in rules.secret_tasks),
        ]
        return Coverage(items, self.ops.table(effects), self.unmet())

    def unmet(self) -> tuple[Unmet, ...]:
        """Orders taken or drawn that were never served, and Nasty cards drawn whose demand was
        never met (each unmet card costs its player points at the end)."""
        return (
            *never_happened(
                "orders", self.taken, self.counts["orders"], "taken or drawn", "never served", "never-served"
            ),
            *never_happened(
                "nasty_says",
                self.counts["nasty_says"],
                self.obeyed,
                "drawn",
                "its demand never met",
                "never-met",
            ),
        )


class CavernKit:
    """Cavern Tavern's hooks for the conformance kit."""

    @staticmethod
    def public(rules: RuleSet, names: Sequence[str]) -> set[str]:
        """Names that are public although a card id may read the same."""
        return {
            *(p.id for p in rules.places),
            *(i.id for i in (*rules.ingredients, rules.potion)),
            *(t.id for t in rules.tracks),
            *(o.id for o in rules.options),
            *names,
        }

    @staticmethod
    def ledger(rules: RuleSet, game: PlayedGame) -> _Ledger:
        """The ledger of a new game."""
        return _Ledger()

    @staticmethod
    def tally(rules: RuleSet) -> Tally:
        """An empty coverage tally."""
        return Tally(rules)


KIT: Any = CavernKit()
