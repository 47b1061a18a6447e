"""Cavern Tavern's balance report: ``python -m taverna_rules.tools.balance --game
cavern_tavern``.

Plays simulated games (all random bots, or all greedy bots) for every player count and,
for each reconstructed card (orders, items, Nasty the Dwarf Says cards, secret tasks),
reports how often it reached a player, how often it was used (an order served, an item
played, a Nasty card obeyed, a secret task scoring), the VP it brought when used, and how
its holders' final score compares with the table's average. The numbers measure the
reconstructed cards; they are evidence for tuning them, not proof of balance.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Sequence

import attrs

from taverna_rules.bots import Bot, GreedyBot, RandomBot, play_out
from taverna_rules.game import new_game
from taverna_rules.games.cavern_tavern import events as ev
from taverna_rules.games.cavern_tavern.ruleset import RuleSet

__all__ = ["CardFigures", "cavern_balance", "format_cavern_balance"]


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


def _play(rules: RuleSet, bot: str, players: int, seed: int) -> tuple[list[ev.Event], dict[int, int]]:
    game = new_game(rules, [f"P{i}" for i in range(players)], seed=seed)
    bots: list[Bot] = [
        GreedyBot(seed + i) if bot == "greedy" else RandomBot(seed + i) for i in range(players)
    ]
    play_out(game, bots)
    assert game.result is not None
    return list(game.events), {s.player: s.total for s in game.result.standings}


def cavern_balance(rules: RuleSet, bot: str, games: int, seed: int = 0) -> list[CardFigures]:
    """Play ``games`` games per player count with ``bot`` ("random" or "greedy") at every
    seat and measure each card."""
    reached: Counter[tuple[str, str]] = Counter()
    used: Counter[tuple[str, str]] = Counter()
    vp: defaultdict[tuple[str, str], list[int]] = defaultdict(list)
    gaps: defaultdict[tuple[str, str], list[float]] = defaultdict(list)
    for players in rules.supported_players():
        for g in range(games):
            events, totals = _play(rules, bot, players, seed + g)
            mean = sum(totals.values()) / players
            holders: defaultdict[tuple[str, str], set[int]] = defaultdict(set)
            secret: dict[int, str] = {}
            for event in events:
                if isinstance(event, ev.OrderTaken | ev.OrderDrawn):
                    reached["order", event.order] += 1
                    holders["order", event.order].add(event.player)
                elif isinstance(event, ev.OrderServed):
                    used["order", event.order] += 1
                    vp["order", event.order].append(event.points)
                elif isinstance(event, ev.ItemKept | ev.ItemsGained):
                    kept = (event.card,) if isinstance(event, ev.ItemKept) else event.cards
                    for card in kept:
                        reached["item", card.split("#", 1)[0]] += 1
                        holders["item", card.split("#", 1)[0]].add(event.player)
                elif isinstance(event, ev.ItemPlayed):
                    used["item", event.card.split("#", 1)[0]] += 1
                elif isinstance(event, ev.NastySummoned):
                    reached["nasty_says", event.card] += 1
                    holders["nasty_says", event.card].add(event.player)
                elif isinstance(event, ev.NastyObeyed):
                    used["nasty_says", event.card] += 1
                elif isinstance(event, ev.SecretDealt):
                    reached["secret_task", event.card] += 1
                    holders["secret_task", event.card].add(event.player)
                    secret[event.player] = event.card
                elif isinstance(event, ev.VPScored) and event.category == "secret_task" and event.amount:
                    task = ("secret_task", secret.get(event.player, ""))
                    used[task] += 1
                    vp[task].append(event.amount)
            for key, seats in holders.items():
                gaps[key].extend(totals[seat] - mean for seat in seats)
    cards = [
        *(("order", o.id) for o in rules.orders),
        *(("item", i.id) for i in rules.items),
        *(("nasty_says", n.id) for n in rules.nasty_says),
        *(("secret_task", s.id) for s in rules.secret_tasks),
    ]
    return [
        CardFigures(
            kind,
            card,
            reached[kind, card],
            used[kind, card],
            round(sum(vp[kind, card]) / len(vp[kind, card]), 2) if vp[kind, card] else None,
            round(sum(gaps[kind, card]) / len(gaps[kind, card]), 2) if gaps[kind, card] else None,
        )
        for kind, card in cards
    ]


def format_cavern_balance(figures: Sequence[CardFigures], bot: str, games: int) -> str:
    """The report as a fixed-width table, one section per kind of card."""
    lines = [f"{bot} bots, {games} games for each player count"]
    kind = ""
    for f in figures:
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
