"""Simulated games for checking the economy of content: ``python -m taverna_rules.tools.simulate``.

Plays random-bot games for each player count and reports averages a designer looks at:
coins left after the deed draft and at the end, VP by category, how often each track
bonus position is reached, and which finite supplies run out.
"""

from __future__ import annotations

import argparse
from collections import Counter
from collections.abc import Sequence

import attrs

from taverna_rules.bots import RandomBot, play_out
from taverna_rules.game import new_game
from taverna_rules.games.taverna import events as ev
from taverna_rules.games.taverna.ruleset import RuleSet
from taverna_rules.rules import load_rules

__all__ = ["EconomyReport", "main", "simulate"]


@attrs.frozen
class EconomyReport:
    """Averages over ``games`` random games of ``players`` players."""

    players: int
    games: int
    coins_after_draft: float
    coins_at_end: float
    min_coins_after_draft: int
    vp_by_category: tuple[tuple[str, float], ...]
    bonus_reached: tuple[tuple[str, int], ...]
    exhausted: tuple[tuple[str, int], ...]


def simulate(rules: RuleSet, players: int, games: int, seed: int = 0) -> EconomyReport:
    """Play ``games`` random games and measure the economy."""
    after_draft: list[int] = []
    at_end: list[int] = []
    vp: Counter[str] = Counter()
    bonuses: Counter[str] = Counter()
    exhausted: Counter[str] = Counter()
    for g in range(games):
        game = new_game(rules, [f"P{i}" for i in range(players)], seed=seed + g)
        play_out(game, RandomBot(seed + g))
        coins = [rules.constants.starting_coins] * players
        drafted = False
        for event in game.events:
            if isinstance(event, ev.DeedBought):
                coins[event.player] -= event.price
            elif isinstance(event, ev.TurnStarted) and not drafted:
                after_draft.extend(coins)
                drafted = True
            elif isinstance(event, ev.TrackAdvanced):
                for position in range(event.start + 1, event.end + 1):
                    if rules.track(event.people).bonus(position) is not None:
                        bonuses[f"{event.people}:{position}"] += 1
        state = game.state
        at_end.extend(p.coins for p in state.players)
        for p in state.players:
            for category, amount in p.vp:
                vp[category] += amount
        if not state.spell_deck:
            exhausted["spell deck"] += 1
        if state.privilege_supply == 0:
            exhausted["privilege tokens"] += 1
        for people, left in state.tiles:
            if left == 0:
                exhausted[f"{people} tiles"] += 1
    count = games * players
    return EconomyReport(
        players,
        games,
        round(sum(after_draft) / len(after_draft), 2),
        round(sum(at_end) / count, 2),
        min(after_draft),
        tuple(sorted((k, round(v / count, 2)) for k, v in vp.items())),
        tuple(sorted(bonuses.items())),
        tuple(sorted(exhausted.items())),
    )


def format_report(report: EconomyReport) -> str:
    """A readable block of one report."""
    lines = [
        f"{report.players} players, {report.games} random games",
        f"  coins after the deed draft: mean {report.coins_after_draft}, min {report.min_coins_after_draft}",
        f"  coins at the end (after spell exchange): mean {report.coins_at_end}",
        "  VP per player by category: " + ", ".join(f"{k} {v:+}" for k, v in report.vp_by_category),
        "  track bonus positions reached (times): " + ", ".join(f"{k} {v}" for k, v in report.bonus_reached),
        "  supplies exhausted (games): " + (", ".join(f"{k} {v}" for k, v in report.exhausted) or "none"),
    ]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Print the economy report for 2 to 5 players."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    rules = load_rules()
    for players in rules.constants.player_counts:
        print(format_report(simulate(rules, players, args.games, args.seed)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
