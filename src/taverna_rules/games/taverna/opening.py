"""The opening of a Taverna log, recomputed from its first event for verified replay."""

from __future__ import annotations

from taverna_rules.core.engine import run_flow
from taverna_rules.errors import ReplayError, TavernaError
from taverna_rules.games.taverna import events as ev
from taverna_rules.games.taverna.evolve import evolve
from taverna_rules.games.taverna.integrity import state_problems
from taverna_rules.games.taverna.ruleset import RuleSet
from taverna_rules.games.taverna.setup import start_events

__all__ = ["OPENINGS", "opening"]

#: The events a Taverna log starts with: a new game, or a game resumed from a position.
OPENINGS = (ev.GameStarted, ev.PositionLoaded)


def opening(rules: RuleSet, first: ev.Event) -> list[ev.Event]:
    """The events that ``first`` opens a game with: the setup recomputed from a
    :class:`GameStarted`'s seed and arguments, or a checked position and the steps it runs.
    :class:`ReplayError` when ``first`` cannot start a game of these rules."""
    if isinstance(first, ev.GameStarted):
        if first.rules != rules.fingerprint:
            raise ReplayError(
                f"the log was played with rules {first.rules[:12]}..., these are {rules.fingerprint[:12]}..."
            )
        try:
            return start_events(
                rules,
                first.players,
                first.seed,
                dict(first.options),
                first.first_player,
                first.birthdays or None,
                first.played_on,
            )
        except TavernaError as exc:
            raise ReplayError(f"event 0 (GameStarted) cannot start a game: {exc}") from None
    if isinstance(first, ev.PositionLoaded):
        if first.state.rules != rules.fingerprint:
            raise ReplayError("the position was saved with other rules")
        problems = state_problems(rules, first.state)
        if problems:
            raise ReplayError("event 0 (PositionLoaded) holds a bad position: " + "; ".join(problems))
        return run_flow(rules, evolve(None, first), [first])
    raise ReplayError(f"a log starts with GameStarted or PositionLoaded, not {first.TYPE}")
