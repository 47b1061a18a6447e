"""The opening of a Taverna log, recomputed from its first event for verified replay."""

from __future__ import annotations

from taverna_rules.core.resume import reopen
from taverna_rules.games.taverna import events as ev
from taverna_rules.games.taverna.ruleset import RuleSet
from taverna_rules.games.taverna.setup import start_events

__all__ = ["OPENINGS", "opening"]

#: The events a Taverna log starts with: a new game, or a game resumed from a position.
OPENINGS = (ev.GameStarted, ev.PositionLoaded)


def _restart(rules: RuleSet, first: ev.GameStarted) -> list[ev.Event]:
    return start_events(
        rules,
        first.players,
        first.seed,
        dict(first.options),
        first.first_player,
        first.birthdays or None,
        first.played_on,
        first.chance,
    )


def opening(rules: RuleSet, first: ev.Event) -> list[ev.Event]:
    """The events that ``first`` opens a game with: the setup recomputed from a
    :class:`GameStarted`'s seed and arguments, or a checked position and the steps it runs.
    :class:`ReplayError` when ``first`` cannot start a game of these rules."""
    return reopen(rules, first, ev.GameStarted, ev.PositionLoaded, lambda e: _restart(rules, e))
