"""The balance report of the reconstructed cards: ``python -m taverna_rules.tools.balance``
(Taverna's spells; ``--game cavern_tavern`` for Cavern Tavern's cards, see
:mod:`taverna_rules.tools.cavern_balance`).

Plays simulated games (all random bots, or all greedy bots) for every player count and,
for each kind of spell, reports how often a player holding it could cast it, how often
it was cast, and how the casters' final score compares with the table's average. A spell
that no one can cast is dead; one whose casters always win by far dominates. The numbers
measure the reconstructed deck; they are evidence for tuning it, not proof of balance.
"""

from __future__ import annotations

import argparse
from collections import Counter, defaultdict
from collections.abc import Sequence

import attrs

from taverna_rules.bots import Bot, GreedyBot, RandomBot
from taverna_rules.game import new_game
from taverna_rules.games.taverna import events as ev
from taverna_rules.games.taverna.actions import CastSpell
from taverna_rules.games.taverna.ruleset import RuleSet
from taverna_rules.rules import load_rules

__all__ = ["SpellFigures", "balance", "format_balance", "main"]


@attrs.frozen
class SpellFigures:
    """How one kind of spell fared over a set of games."""

    spell: str
    held: int
    castable: float
    cast: int
    score_gap: float | None


def balance(rules: RuleSet, bot: str, games: int, seed: int = 0) -> list[SpellFigures]:
    """Play ``games`` games per player count with ``bot`` ("random" or "greedy") at every
    seat and measure each spell."""
    held: Counter[str] = Counter()
    windows: Counter[str] = Counter()
    castable: Counter[str] = Counter()
    cast: Counter[str] = Counter()
    gaps: defaultdict[str, list[float]] = defaultdict(list)
    for players in rules.constants.player_counts:
        for g in range(games):
            game = new_game(rules, [f"P{i}" for i in range(players)], seed=seed + g)
            bots: list[Bot] = [
                GreedyBot(seed + g + i) if bot == "greedy" else RandomBot(seed + g + i)
                for i in range(players)
            ]
            while not game.over:
                decision = game.decision
                assert decision is not None
                if decision.kind in ("place_customer", "turn_actions"):
                    hand = {rules.spell(c).id for c in game.state.players[decision.player].hand}
                    offered = {rules.spell(a.spell).id for a in decision.actions if isinstance(a, CastSpell)}
                    for kind in hand:
                        windows[kind] += 1
                        castable[kind] += kind in offered
                game.apply(bots[decision.player].choose(game.seat(decision.player)))
            assert game.result is not None
            totals = {s.player: s.total for s in game.result.standings}
            mean = sum(totals.values()) / players
            casters: defaultdict[str, set[int]] = defaultdict(set)
            holders: defaultdict[str, set[int]] = defaultdict(set)
            for event in game.events:
                if isinstance(event, ev.SpellDrawn):
                    holders[rules.spell(event.spell).id].add(event.player)
                elif isinstance(event, ev.SpellCast):
                    kind = rules.spell(event.spell).id
                    cast[kind] += 1
                    casters[kind].add(event.player)
            for kind, seats in holders.items():
                held[kind] += len(seats)
            for kind, seats in casters.items():
                gaps[kind].extend(totals[p] - mean for p in seats)
    return [
        SpellFigures(
            spell.id,
            held[spell.id],
            round(castable[spell.id] / windows[spell.id], 2) if windows[spell.id] else 0.0,
            cast[spell.id],
            round(sum(gaps[spell.id]) / len(gaps[spell.id]), 2) if gaps[spell.id] else None,
        )
        for spell in rules.spells
        if not spell.curse
    ]


def format_balance(figures: Sequence[SpellFigures], bot: str, games: int) -> str:
    """The report as a fixed-width table."""
    lines = [
        f"{bot} bots, {games} games for each player count",
        f"{'spell':<16}{'held':>6}{'castable':>10}{'cast':>6}{'caster vs table (VP)':>22}",
    ]
    for f in figures:
        gap = "n/a" if f.score_gap is None else f"{f.score_gap:+.2f}"
        lines.append(f"{f.spell:<16}{f.held:>6}{f.castable:>10.2f}{f.cast:>6}{gap:>22}")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Print the balance report for random and greedy bots."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=40, help="games for each player count")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--game", default="taverna", choices=("taverna", "cavern_tavern"))
    args = parser.parse_args(argv)
    for bot in ("random", "greedy"):
        if args.game == "cavern_tavern":
            from taverna_rules.tools.cavern_balance import cavern_balance, format_cavern_balance

            figures = cavern_balance(load_rules("cavern_tavern"), bot, args.games, args.seed)
            print(format_cavern_balance(figures, bot, args.games))
        else:
            print(format_balance(balance(load_rules(), bot, args.games, args.seed), bot, args.games))
        print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
