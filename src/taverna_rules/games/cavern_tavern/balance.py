"""Cavern Tavern's balance measures (the ``balance`` report of its game module): for each
reconstructed card (orders, items, Nasty the Dwarf Says cards, secret tasks), how often it
reached a player, how often it was used (an order served, an item played, a Nasty card
obeyed, a secret task scoring), the VP it brought when used, and how its holders' final
score compares with the table's average.

The figures measure the reconstructed cards; they are evidence for tuning them, not proof
of balance. ``python -m taverna_rules.tools.balance --game cavern_tavern`` plays the games
and prints them.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from taverna_rules.core.records import Decision, Event
from taverna_rules.games.cavern_tavern import events as ev
from taverna_rules.games.cavern_tavern.ruleset import RuleSet

__all__ = ["CardBalance", "CardFigures"]

#: A card measured: its kind (``order``, ``item``, ``nasty_says``, ``secret_task``) and id.
Card = tuple[str, str]


@attrs.frozen
class CardFigures:
    """How one card fared over a set of games."""

    #: ``order``, ``item``, ``nasty_says`` or ``secret_task``.
    kind: str
    card: str
    #: Times it reached a player: an order taken or drawn, an item into a hand, a Nasty
    #: card drawn, a secret task dealt.
    reached: int
    #: Times it was used: an order served, an item played, a Nasty card obeyed, a secret
    #: task that scored.
    used: int
    #: The mean VP it brought when used (``None`` when never used, or for items and Nasty
    #: cards, whose worth is not a score line).
    vp: float | None
    #: Its holders' mean final score less the table's mean (``None`` when never held).
    score_gap: float | None

    @property
    def use_rate(self) -> float:
        """``used / reached`` (0 when it never reached anyone)."""
        return round(self.used / self.reached, 2) if self.reached else 0.0


def _item(copy: str) -> str:
    """An item card's id, from the id of one of its copies (``lantern#2``)."""
    return copy.split("#", 1)[0]


class _GameCount:
    """What one game's log says of each card: who held it, and the secret task of each seat."""

    def __init__(self, balance: CardBalance) -> None:
        self.balance = balance
        self.holders: defaultdict[Card, set[int]] = defaultdict(set)
        self.secret: dict[int, str] = {}

    def reach(self, card: Card, seat: int) -> None:
        self.balance.reached[card] += 1
        self.holders[card].add(seat)

    def use(self, card: Card, points: int | None = None) -> None:
        self.balance.used[card] += 1
        if points is not None:
            self.balance.vp[card].append(points)

    def read(self, event: Any) -> None:
        """Count ``event``, when it moves a card measured."""
        if isinstance(event, ev.OrderTaken | ev.OrderDrawn):
            self.reach(("order", event.order), event.player)
        elif isinstance(event, ev.OrderServed):
            self.use(("order", event.order), event.points)
        elif isinstance(event, ev.ItemKept | ev.ItemsGained):
            for copy in (event.card,) if isinstance(event, ev.ItemKept) else event.cards:
                self.reach(("item", _item(copy)), event.player)
        elif isinstance(event, ev.ItemPlayed):
            self.use(("item", _item(event.card)))
        elif isinstance(event, ev.NastySummoned):
            self.reach(("nasty_says", event.card), event.player)
        elif isinstance(event, ev.NastyObeyed):
            self.use(("nasty_says", event.card))
        elif isinstance(event, ev.SecretDealt):
            self.reach(("secret_task", event.card), event.player)
            self.secret[event.player] = event.card
        elif isinstance(event, ev.VPScored) and event.category == "secret_task" and event.amount:
            self.use(("secret_task", self.secret.get(event.player, "")), event.amount)


class CardBalance:
    """Measures each reconstructed card over the games it watches."""

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        self.reached: Counter[Card] = Counter()
        self.used: Counter[Card] = Counter()
        self.vp: defaultdict[Card, list[int]] = defaultdict(list)
        self.gaps: defaultdict[Card, list[float]] = defaultdict(list)

    def decision(self, state: Any, decision: Decision) -> None:
        """Nothing to count: the cards are measured from the log."""

    def finished(self, state: Any, events: Sequence[Event], totals: Mapping[int, int]) -> None:
        """Count each card's arrivals and uses in the log, and its holders' score gap."""
        count = _GameCount(self)
        for event in events:
            count.read(event)
        mean = sum(totals.values()) / len(totals)
        for card, seats in count.holders.items():
            self.gaps[card].extend(totals[seat] - mean for seat in seats)

    def cards(self) -> list[Card]:
        """Every card measured, by kind, in content order."""
        return [
            *(("order", o.id) for o in self.rules.orders),
            *(("item", i.id) for i in self.rules.items),
            *(("nasty_says", n.id) for n in self.rules.nasty_says),
            *(("secret_task", s.id) for s in self.rules.secret_tasks),
        ]

    def figures(self) -> list[CardFigures]:
        """One record per card, by kind, in content order."""
        return [self._figures(card) for card in self.cards()]

    def _figures(self, card: Card) -> CardFigures:
        vp, gaps = self.vp[card], self.gaps[card]
        return CardFigures(
            *card,
            self.reached[card],
            self.used[card],
            round(sum(vp) / len(vp), 2) if vp else None,
            round(sum(gaps) / len(gaps), 2) if gaps else None,
        )

    def table(self) -> str:
        """The figures, one section per kind of card (each opened by a blank line)."""
        lines: list[str] = []
        kind = ""
        for f in self.figures():
            if f.kind != kind:
                kind = f.kind
                lines += [
                    "",
                    f"{kind:<22}{'reached':>8}{'used':>6}{'rate':>6}{'VP used':>9}{'holder vs table':>17}",
                ]
            mean_vp = "n/a" if f.vp is None else f"{f.vp:.1f}"
            gap = "n/a" if f.score_gap is None else f"{f.score_gap:+.2f}"
            lines.append(f"{f.card:<22}{f.reached:>8}{f.used:>6}{f.use_rate:>6.2f}{mean_vp:>9}{gap:>17}")
        return "\n".join(lines)
