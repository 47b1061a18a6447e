"""Taverna's economy measures (the ``economy`` report of its game module): for each
player count, the coins left after the deed draft and at the end, the VP by category,
how often each track position with a bonus is reached, and which finite supplies run
out.

Reconstructed prices and bonuses must fit the game's economy (15 starting coins, 2 or 3
coins of income per seating): these figures measure it rather than guess it.
``python -m taverna_rules.tools.balance --report economy`` plays the games and prints
them.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence

import attrs

from taverna_rules.core.records import Decision, Event
from taverna_rules.core.words import counted_noun
from taverna_rules.games.taverna import events as ev
from taverna_rules.games.taverna.ruleset import RuleSet
from taverna_rules.games.taverna.state import GameState

__all__ = ["EconomyFigures", "EconomyMeter"]


@attrs.frozen
class EconomyFigures:
    """Averages over the games of one player count."""

    players: int
    games: int
    #: Each player's coins once the deeds are drafted: the mean and the least.
    coins_after_draft: float
    min_coins_after_draft: int
    #: The mean of each player's coins at the end (after unused spells are exchanged).
    coins_at_end: float
    #: The mean VP per player in each category.
    vp_by_category: tuple[tuple[str, float], ...]
    #: Times each track position with a bonus was reached (``people:position``).
    bonus_reached: tuple[tuple[str, int], ...]
    #: Games in which each finite supply ran out.
    exhausted: tuple[tuple[str, int], ...]


@attrs.define
class _Tally:
    games: int = 0
    after_draft: list[int] = attrs.Factory(list)
    at_end: list[int] = attrs.Factory(list)
    vp: Counter[str] = attrs.Factory(Counter)
    bonuses: Counter[str] = attrs.Factory(Counter)
    exhausted: Counter[str] = attrs.Factory(Counter)


class EconomyMeter:
    """Measures the economy of the games it watches, by player count."""

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        self.tallies: defaultdict[int, _Tally] = defaultdict(_Tally)

    def decision(self, state: GameState, decision: Decision) -> None:
        """The economy is read from whole games: a decision adds nothing."""

    def finished(self, state: GameState, events: Sequence[Event], totals: Mapping[int, int]) -> None:
        """Add a game: the coins after the draft (from its log), the coins, VP and
        supplies at its end, and the track bonuses reached."""
        tally = self.tallies[len(state.players)]
        tally.games += 1
        tally.after_draft.extend(self._after_draft(events, len(state.players)))
        for event in events:
            if isinstance(event, ev.TrackAdvanced):
                track = self.rules.track(event.people)
                for position in range(event.start + 1, event.end + 1):
                    if track.bonus(position) is not None:
                        tally.bonuses[f"{event.people}:{position}"] += 1
        for player in state.players:
            tally.at_end.append(player.coins)
            for category, amount in player.vp:
                tally.vp[category] += amount
        for supply, left in self._supplies(state):
            tally.exhausted[supply] += left == 0

    def _after_draft(self, events: Sequence[Event], players: int) -> list[int]:
        coins = [self.rules.constants.starting_coins] * players
        for event in events:
            if isinstance(event, ev.DeedBought):
                coins[event.player] -= event.price
            elif isinstance(event, ev.TurnStarted):
                break  # the first turn starts once every deed is drafted
        return coins

    @staticmethod
    def _supplies(state: GameState) -> list[tuple[str, int]]:
        tiles = [(f"{people} tiles", left) for people, left in state.tiles]
        return [("spell deck", len(state.spell_deck)), ("privilege tokens", state.privilege_supply), *tiles]

    def figures(self) -> list[EconomyFigures]:
        """One record per player count watched, fewest players first."""
        return [self._figures(players, tally) for players, tally in sorted(self.tallies.items())]

    @staticmethod
    def _figures(players: int, tally: _Tally) -> EconomyFigures:
        count = tally.games * players
        return EconomyFigures(
            players,
            tally.games,
            round(sum(tally.after_draft) / len(tally.after_draft), 2),
            min(tally.after_draft),
            round(sum(tally.at_end) / count, 2),
            tuple(sorted((k, round(v / count, 2)) for k, v in tally.vp.items())),
            tuple(sorted(tally.bonuses.items())),
            tuple(sorted((k, v) for k, v in tally.exhausted.items() if v)),
        )

    def table(self) -> str:
        """A block of lines per player count."""
        return "\n".join(_block(f) for f in self.figures())


def _block(f: EconomyFigures) -> str:
    lines = [
        f"{f.players} players, {counted_noun(f.games, 'game')}",
        f"  coins after the deed draft: mean {f.coins_after_draft}, min {f.min_coins_after_draft}",
        f"  coins at the end (after spell exchange): mean {f.coins_at_end}",
        "  VP per player by category: " + ", ".join(f"{k} {v:+}" for k, v in f.vp_by_category),
        "  track bonus positions reached (times): " + ", ".join(f"{k} {v}" for k, v in f.bonus_reached),
        "  supplies exhausted (games): " + (", ".join(f"{k} {v}" for k, v in f.exhausted) or "none"),
    ]
    return "\n".join(lines)
